# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
from aliens_env.glorious_day.state cimport StateQueries

cdef class MarineRules(StateQueries):
    # cpdef: GloriousDay._resolve's steps of a marine decision and the Attack and draw they make,
    # C calls from the chain's methods (glorious_day/apc.pxd says how)
    cpdef _activate(self, c)
    cpdef _marine_action(self, name, index)
    cpdef _attack(self, c, k)
    cpdef _draw_endurance(self, c)
