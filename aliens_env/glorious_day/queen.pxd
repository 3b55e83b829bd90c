# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
from aliens_env.glorious_day.large_models cimport kept_footprint
from aliens_env.glorious_day.text cimport TextViews

cdef class QueenRules(TextViews):
    # cpdef: the queries her searches and steps call most, called in C from this class's methods and
    # from those of the classes derived from it (glorious_day/apc.pxd says how)
    cpdef queen_closed(self)
    cpdef queen_prey(self)
    cpdef queen_targets(self)
    cpdef _attack_anchors(self, closed)
    cpdef _anchors_near(self, squares)
    cpdef queen_room(self, anchor, known=*)
    cpdef _queen_ends(self, reach, q, known=*)
    cpdef _anchors_holding(self, squares)
    cpdef _room_known(self)
    cpdef frenzy_bonus(self)
    # the Hive's mask (GloriousDay._fill_mask's C call) and the Move Queen anchors it asks
    cpdef _queen_hive_mask(self, bytearray mask)
    cpdef queen_moves(self)
    cpdef _move_window(self, q, spaces)
