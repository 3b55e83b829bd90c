# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
from aliens_env.glorious_day.marines cimport MarineRules

cdef class HivemindRules(MarineRules):
    # cpdef: called in C from the chain's own methods (glorious_day/apc.pxd says how)
    cpdef card_playable(self, card)
    cpdef _hivemind_mask(self, bytearray mask)
    cpdef _blocked_marks(self)
