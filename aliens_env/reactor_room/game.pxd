# The Reactor Room's figures as extension types when compiled (Cython reads this file beside
# game.py: its classes become C structs): a function that names them in @cython.locals reads their
# attributes from the struct, not by Python's attribute lookup. Every field is a Python object, as
# in the source. The same order as the dataclasses' fields.
cdef class Marine:
    cdef public object name, pos, status, wounded, incapacitated, carried_by, carrying, alien, actions_left, aim, handed_off


cdef class Alien:
    cdef public object in_play, pos, card, attack, stunned
