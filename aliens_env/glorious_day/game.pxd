# The front of Glorious Day's chain of rule classes (its records are declared at the root: glorious_day/apc.pxd).
from aliens_env.glorious_day.power_loader cimport LoaderRules
# the mission's end, asked at each turn of the phase machine (_check_end): a C call
from aliens_env.glorious_day.missions cimport check as mission_end
# a script mask's lone legal action, asked by _run: a C call
from aliens_env.core.game cimport lone_legal

cdef class GloriousDay(LoaderRules):
    # cpdef: called in C from the chain's own methods (glorious_day/apc.pxd says how)
    cpdef _advance(self)
    cpdef _check_end(self)
    cpdef _fill_mask(self, bytearray mask, bint whole=*)
