# The Reactor Room's figures as extension types when compiled (Cython reads this file beside
# game.py: its classes become C structs): a function that names them in @cython.locals reads their
# attributes from the struct, not by Python's attribute lookup. Every field is a Python object, as
# in the source. The same order as the dataclasses' fields.
cdef class Marine:
    cdef public object name, pos, status, wounded, incapacitated, carried_by, carrying, alien, actions_left, aim, handed_off


cdef class Alien:
    cdef public object in_play, pos, card, attack, stunned


# The game itself: the attributes its methods read at every step, in the struct (the rest in its
# __dict__). None of these names may be a class attribute or a property of a subclass: a struct
# field read in these methods would not see it. (Not _obs_record: a class attribute's default.)
from aliens_env.core.game cimport PhasedGame

cdef class ReactorRoom(PhasedGame):
    cdef public object marines, aliens, board, options, active, characters, tables, mover, queue
    cdef public object fires, data, arms, phase, banked, armed_rules, turn, mover_target, marine_order
    cdef public object push_alien, pool, _slot, obs_layout, layout, _capacity, to_appear, mover_steps
    cdef public object armed, _task_actions, _fire_paths, _backups, turn_limit, nukes, _obs_template
    cdef public object _burn_offsets, _rows, _plane, _features_at, _band, dist, _turn_scale
    cdef public object _red_turn_every, _cards
