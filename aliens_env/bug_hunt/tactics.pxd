cimport cython

# The C types of Bug Hunt's game records and figures for this module's typed locals (bug_hunt/state.pxd declares
# them).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# the action layout: the slots encoded and decoded by C calls
from aliens_env.core.actions cimport ActionLayout
# the open decision, read from the game's struct (_command_over)
from aliens_env.core.game cimport Decision
# the rule queries the tactics read, called in C (the game typed): a walking field's steps at a square (_detour,
# _lengthens), the range, the rooms' centres, the layout cache (geometry), the targets (marines)
from aliens_env.bug_hunt.geometry cimport layout_cache, rng, room_centres, steps_on
from aliens_env.bug_hunt.marines cimport targets
# the scripted squad's act choice short of its walk, its walk, hold, step and next figure, the walking figures
# and the test of a squad figure beside a square (policies), called in C
from aliens_env.bug_hunt.policies cimport (near_friend, squad_act, squad_hold, squad_next_figure,
    squad_step, squad_step_along, squad_walk, walkers)
# an action's kind (its slice's name): decode a C call
@cython.locals(layout=ActionLayout)
cpdef object _kind(GameRecords game, object action)
# a live Queen on the map: a loop over the typed Aliens
@cython.locals(a=Alien)
cpdef bint _queen_seen(GameRecords game) except -1
# an Alien among the active figure's targets: a loop over the typed targets
@cython.locals(t=tuple)
cpdef bint _alien_targeted(GameRecords game) except -1
# the squares of a kind of feature, kept per layout version (called in C by the share-out)
@cython.locals(shared=dict, key=tuple, found=list)
cpdef tuple _feature_squares(GameRecords game, str kind)
# an electronic lock laid anywhere: a dict look-up in the layout cache (called in C by _goal_fields)
@cython.locals(shared=dict)
cpdef bint _locks_laid(GameRecords game) except -1
# the pods' squares (called in C by _pod_field and _pods), the walking field round them (called in C by _goal_view)
cpdef tuple _pod_squares(GameRecords game)
cpdef object _pod_field(GameRecords game, object goals, object mover=*, tuple pods=*)
# a goal's walking field (int32) kept as a typed view (_goal_view)
cdef object _kept_steps(const int[:] field)
# one goal's kept walking field, by dict look-ups on C calls (_goal_fields, spread; cpdef: its test reads it)
@cython.locals(shared=dict, views=dict, key=tuple)
cpdef object _goal_view(GameRecords game, object goal, bint equipped, tuple pods)
# the share-out's fields per distinct goal, kept by the goals (called in C by _claim)
@cython.locals(shared=dict, key=tuple, fields=list, seen=set, terminals=tuple)
cdef list _goal_fields(GameRecords game, object goals, tuple pods)
# the share-out: the squad read from the typed Humans, the kept fields and the C loops called in C
@cython.locals(h=Human, figures=list, squares=list, equipment=list, walks=cython.long[::1], goal_fields=list,
               count=cython.Py_ssize_t, j=cython.Py_ssize_t, row=cython.Py_ssize_t, i=cython.Py_ssize_t,
               me=cython.long, mine=cython.bint, any_plain=cython.bint, any_equipped=cython.bint)
cdef object _claim(GameRecords game, object goals, long per_goal, tuple pods)
# _claimed_goal's walks to one goal: its walking field (int32) read as a C array, the walks (C longs) written as one
@cython.locals(k=cython.Py_ssize_t, square=cython.Py_ssize_t, steps=cython.long, unreachable=cython.long)
cdef void _read_walks(long[::1] walks, Py_ssize_t row, const int[:] field, list squares, list equipment, bint plain,
                      bint equipped) except *
# _claimed_goal's share-out: the pairs taken by C loops over the walks
@cython.locals(count=cython.Py_ssize_t, goals=cython.Py_ssize_t, load=list, j=cython.Py_ssize_t,
               k=cython.Py_ssize_t, best_j=cython.Py_ssize_t, best_k=cython.Py_ssize_t, steps=cython.long,
               best_steps=cython.long, goal=cython.long, best_goal=cython.long, none=cython.long)
cdef Py_ssize_t _share_out(long[::1] walks, list figures, list goal_fields, long me, long per_goal) except? -2
# spread's test of one goal: its walking field (int32) read as a C array
@cython.locals(mine=cython.long, k=cython.Py_ssize_t)
cdef bint _nearest_of(const int[:] field, Py_ssize_t square, list others) except -1
# the tactics' play of the scripted squad, called in C by the plays (each handed the tactic, an object: its _goals,
# step_toward, _walk_field and _round_pods read as Python attributes): the walking steps it reads, its walk, the scripted
# choice, a step else another action, the pods it walks round, a step's square (cpdef: TacticMarines' _leads_to)
# and its test against a field, and the share-out's play (fan_out, fire_teams, ambush)
cdef object _walking_steps(object tactic, GameRecords game)
cdef object _walk(object tactic, GameRecords game, object mask)
cdef object _scripted(object tactic, GameRecords game, object mask, object action)
cdef object _walk_or(object tactic, GameRecords game, object mask, object goals, object otherwise)
cdef tuple _pods(object tactic, GameRecords game)
cpdef object _leads_to(GameRecords game, object step)
cdef bint _lengthens(GameRecords game, object step, object field) except -1
@cython.locals(queen=cython.bint, claimed=tuple)
cdef object _fan(object tactic, GameRecords game, object mask, object action, long per_goal)
