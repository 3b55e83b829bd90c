# Bug Hunt's figures and game records as extension types when compiled (Cython reads this file
# beside state.py: its classes become C structs): a function that names them in @cython.locals
# reads their attributes from the struct, not by Python's attribute lookup (docs/speed.md "Typed
# figures"). Every field is a Python object, as in the source; the figures' in the dataclasses' order; but
# the few typed str below and the colony, a Grid (core/grid.pxd: its cpdef methods, around, field, has_los..., called in C through it).
cimport cython

from aliens_env.core.game cimport PhasedGame
from aliens_env.core.grid cimport Grid

# The fields the rules compare with string literals (a figure's role, weapon, status and kind, the phase) are
# typed str: compiled, those comparisons test identity first (the same interned string: no call), else call
# PyUnicode_Compare (PyUnicode_Equal on Python 3.14+); a field so typed holds an exact str or None alone (a
# subclass of str, numpy's str_ or a StrEnum member, or another value raises a TypeError).
# final: no class derives from a figure (compiled, Python cannot subclass them), so a write through a
# local typed as one goes to the struct of that very class, which has no __setattr__ of its own
# (tests/test_compiled.py::test_typed_locals_only_read allows such writes, and only these)
@cython.final
cdef class Human:
    cdef public object name
    cdef public str role, weapon
    cdef public object leader, can_lead, equipment, pos
    cdef public str status
    cdef public object lp, ap, activated, overwatch, moved
    cdef public object hugger, squad, dreadnaught, out_of_ammo, in_apc


@cython.final
cdef class Alien:
    cdef public str kind
    cdef public object pos, alive, lp, ap, new, attached, attached_turn, anchored


# A Bug Hunt game's records (the base of BugHunt, game.pxd): every attribute a BugHunt sets, with
# the commander's records of core/commander.py (but `_executing`: PhasedGame's, core/game.pxd) and `dice` (no Bug Hunt class makes it a property),
# so the __dict__ stays empty (BugHuntTactics' `observation` aside, set once: the name would hide
# the module of that name in BugHunt's class body) and never changes in play (the cpdef methods of
# game.pxd stay on Cython's cached path). None of these names may be a class attribute or a
# property of a class below (tests/test_compiled.py holds them to it).
cdef class GameRecords(PhasedGame):
    cdef public object rules, mission_name, mission, return_rooms, turn_limit, squad_option, squad_raw, squad_def, n_squads
    cdef public object ripley_leads, ripley_four_lp, bug_master_picks, apc_option, electronic_locks, satellite_comms
    cdef public object free_bug_master, size, max_aliens, layout, _slot, window, obs_layout, dice, layout_seed
    cdef public Grid colony
    cdef public object humans, apc, brood_located, _optional_static, aliens, features, welds, unweld_turn
    cdef public object turn
    cdef public str phase
    cdef public object pools, pools_lost, grenade_pools, fired_squads, xeno_squads, xeno_squad
    cdef public object ow_queue, ow_target, extra, active, mover, queue, placement, rooms_entered, brood_found
    cdef public object queen_killed_in_chamber, result, _shared, tactics, _primitive


# the small queries and changes over the records, called in C by the rule modules that cimport them
# (their typed locals and return types are state.py's)
cpdef set occupied(GameRecords game)
cpdef tuple sentry_squares(list features, Py_ssize_t width)

# what occupied, marines.targets, marines.marine_mask and xeno._open_steps read of the features, kept while the features list is the
# same and as long; final: no class derives from it
@cython.final
cdef class FeatureIndex:
    cdef readonly object features
    cdef readonly Py_ssize_t count
    cdef readonly tuple sentries, fired_at

# the FeatureIndex feature_index handed out last (checked first: an identity and a length)
cdef FeatureIndex _last_feature_index
cpdef FeatureIndex feature_index(GameRecords game)
# how far a kept reading of an append-only list holds (feature_index's, geometry's room pieces' and exploration
# goals' rule), called in C by them
cpdef Py_ssize_t items_read(object kept_list, Py_ssize_t count, list items) except? -2

cpdef long taken_beside(GameRecords game, Py_ssize_t s, tuple sentries) except? -1
# the one listing of the squares figures hold (occupied's and taken_beside's), its adding of a held square to
# occupied's set and a square's bit beside another, in C
cdef long _occupancy(GameRecords game, tuple sentries, Py_ssize_t s, set occ) except? -1
cdef int _hold(set occ, object p) except -1
cdef long _bit(Py_ssize_t p, Py_ssize_t r0, Py_ssize_t c0, Py_ssize_t width) except? -1
cpdef tuple figure_at(GameRecords game, object s)
cpdef room_of(GameRecords game, object s)
cpdef bint exposed(GameRecords game, Human h)
cpdef spend(GameRecords game, object i, object cost)
