# Bug Hunt's figures as extension types when compiled (Cython reads this file beside state.py: its
# classes become C structs): a function that names them in @cython.locals reads their attributes
# from the struct, not by Python's attribute lookup (docs/speed.md "Typed figures"). Every field is
# a Python object, as in the source, in the dataclasses' order.
cdef class Human:
    cdef public object name, role, weapon, leader, can_lead, equipment, pos, status, lp, ap, activated, overwatch, moved
    cdef public object hugger, squad, dreadnaught, out_of_ammo, in_apc


cdef class Alien:
    cdef public object kind, pos, alive, lp, ap, new, attached, attached_turn, anchored
