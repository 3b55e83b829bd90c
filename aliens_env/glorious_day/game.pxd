# The front of Glorious Day's chain of rule classes (its records are declared at the root: glorious_day/apc.pxd).
from aliens_env.glorious_day.power_loader cimport LoaderRules

cdef class GloriousDay(LoaderRules):
    # cpdef: called in C from the chain's own methods (glorious_day/apc.pxd says how)
    cpdef _advance(self)
    cpdef _check_end(self)
    cpdef _fill_mask(self, bytearray mask, bint targets=*)
