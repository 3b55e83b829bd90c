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
# With the Tactics envs' commander records (core/commander.py) here too (but `_executing`: PhasedGame's, core/game.pxd), the __dict__ of the
# Reactor Room, Operations, Hunt for the Queen and their Tactics envs does not change in play (only
# `dice`, at a reset: the Movie chains make it a property, core/game.pxd; `_obs_record`, at the
# first observe), which keeps the cpdef methods below on Cython's fast path (Python 3.11: from 3.12
# Cython no longer reads dict versions, and every call from C looks the name up).
from aliens_env.core.actions cimport ActionLayout
from aliens_env.core.game cimport PhasedGame
from aliens_env.reactor_room.observation cimport ObsRecord

cdef class ReactorRoom(PhasedGame):
    cdef public object marines, aliens, board, options, active, characters, tables, mover, queue
    cdef public object fires, data, arms, phase, banked, armed_rules, turn, mover_target, marine_order
    cdef public ActionLayout layout
    cdef public object push_alien, pool, _slot, obs_layout, _capacity, to_appear, mover_steps
    cdef public object armed, _task_actions, _fire_paths, _backups, turn_limit, nukes, _obs_template
    cdef public object _burn_offsets, _rows, _plane, _features_at, _band, dist, _turn_scale
    cdef public object _red_turn_every, _cards, tactics, _primitive
    cdef public list _ranges  # the board's range_rows(), set with the board (_use_board)
    # cpdef: the methods called most from the methods of this class and of the classes derived
    # from it, and from the scripted marines (their game is typed): called in C (Python callers
    # call them as before, and a Python subclass may still override them: Cython checks, cheaply
    # while the game's __dict__ does not change). None is overridden in the package today; a
    # cpdef method takes no closure (no generator expression or lambda in its body). `object char`:
    # a bare `char` would be C's type.
    cpdef targets(self)
    cpdef _in_combat(self, Marine m)
    cpdef _grabbed(self, Marine m)
    cpdef _standing_squares(self, exclude=*)
    cpdef _occupied(self, exclude_alien=*)
    cpdef _open_steps(self)
    cpdef _target_mask(self, bytearray flags, Marine m, object char, in_combat, list targets)
    cpdef _shot(self, m, a)
    cpdef _first_in_line(self, src, dst)
    cpdef _band_at(self, squares)
    cpdef _fire_number(self, m, a)
    cpdef _weapon_reach(self, object char, wounded, aim)
    cpdef _can_come_to_rest(self, start, steps, standing, blocked)
    cpdef _can_hand_off(self, i)
    cpdef _can_bank(self, i)
    cpdef _melee_value(self, m)
    cpdef _done_moving(self)
    cpdef _finish_alien_move(self, square)
    cpdef _squares_shown(self, plane, active)
    cpdef _write_tail(self, ObsRecord rec, Py_ssize_t at, live, list targeted)
    cpdef _write_marine_rows(self, rec, changed)
    # cpdef and overridden: the steps of the phase machine this class calls on itself. An extension
    # type that overrides one declares it cpdef too (operations/game.pxd, lairs/*.pxd), with the
    # same arguments, and calls the next class's by name (`ReactorRoom._start_phase(self, phase)`, a
    # C call: compiled, a cpdef method has no __class__ cell for super()); a Python subclass
    # (MarineAssault, RescueOfNewt, a mixin) overrides it as a def, found by Cython's check for one
    cpdef _start_phase(self, phase)
    cpdef _next_marine(self)
    cpdef _step_marines(self)
    cpdef _compute_marine_mask(self)
    cpdef _legal_steps(self, i, standing)
    cpdef _marine_action(self, kind, index)
    cpdef _move_marine(self, i, direction)
    cpdef _destinations(self, start, goal, steps)
    cpdef _step_aliens_move(self)
    cpdef _step_mover(self)
    cpdef _marines_gone(self)  # (called from _advance at every move of the phase loop)
    # cpdef, not overridden: the squares the acting Marine's steps avoid (_open_steps' callers, when a
    # step meets a teammate)
    cpdef _blocked_squares(self)
