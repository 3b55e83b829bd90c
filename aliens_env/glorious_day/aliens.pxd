# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
from aliens_env.glorious_day.hivemind cimport HivemindRules

cdef class AlienRules(HivemindRules):
    # cpdef: called in C from the chain's own methods (glorious_day/apc.pxd says how)
    cpdef _choose(self, task, kind, options)
    cpdef _work(self)
    cpdef _done(self, task)
