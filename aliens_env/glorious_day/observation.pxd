# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
from aliens_env.glorious_day.aliens cimport AlienRules

cdef class Observation(AlienRules):
    # cpdef: called in C once per changed count from _observe_public (`list counts`: compiled, a
    # tuple is refused)
    cpdef _global_value(self, Py_ssize_t i, list counts)
