# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
cimport cython
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# the action layout: the slots encoded by C calls (choose, shot)
from aliens_env.core.actions cimport ActionLayout
# the rule queries the squad reads, called in C (the game typed): the range, the kept walking field (its steps
# a C slice), the entry squares and the goals (geometry), the targets and the action slots (marines), a weapon's range
from aliens_env.bug_hunt.geometry cimport WalkKept, entry_squares, exploration_goals, layout_cache, rng, walk_kept
from aliens_env.bug_hunt.marines cimport MaskNumbers, marine_numbers, targets
from aliens_env.bug_hunt.combat cimport weapon_range

# an able squad figure on or beside a square, and the walking figures: loops over the typed figures (C calls from
# the squad's shot and the tactics)
@cython.locals(o=Human)
cpdef bint near_friend(GameRecords game, long square) except -1
@cython.locals(h=Human, i=cython.Py_ssize_t)
cpdef list walkers(GameRecords game)

# the walking steps step_toward and next_figure read: the kept walk's C slice returned as it is (a field given is
# checked as a buffer once)
cdef const int[:] _walk_steps(GameRecords game, goals, field)

# step_toward's look round the figure: the walking field (int32) read as a C array (the action mask read as
# an object, only where a step is closer), the door codes compared as C longs
@cython.locals(unreachable=cython.long, door_closed=cython.long, door_locked=cython.long, here=cython.long,
               best=cython.long, choice=cython.long, dd=cython.int, near=tuple, n=cython.long, cell=cython.int,
               steps=cython.long)
cdef long _closer_step(const int[:] dist, mask, list around, long pos, long move, long door, long pick_lock,
                       long apc_sq) except? -2

# _goals' home once the search is done: the entry squares read back on C longs (called in C by _goals)
cdef list _home_squares(GameRecords game)

# next_figure's pick: the walking field (int32) read as a C array, the figures' squares and steps C longs
@cython.locals(no=cython.long, not_walked=cython.long, unreachable=cython.long, best=cython.long, best_steps=cython.long,
               k=cython.Py_ssize_t, i=cython.long, pos=cython.long,
               steps=cython.long)
cdef long _nearest_figure(GameRecords game, list figures, const int[:] dist) except? -2

# what the squad worked out at the open decision (its goals and next figure), a record kept in the layout cache and
# written in place
@cython.final
cdef class SquadReads:
    cdef public object goals_at, figure_at
    cdef public list goals
    cdef public long figure
cpdef SquadReads squad_reads(GameRecords game)

# the scripted squad's play (ScriptedMarines' static methods shot, next_figure, step_toward and _goals): squad_shot
# a C call from choose, squad_goals from squad_next_figure and TacticMarines._goals, squad_step and
# squad_next_figure C calls from the tactics (tactics.pxd)
@cython.locals(layout=ActionLayout, h=Human, a=Alien, t=tuple, k=cython.Py_ssize_t, crowd=cython.long)
cpdef object squad_shot(GameRecords game, object mask, bint spare_eggs=*)
@cython.locals(reads=SquadReads)
cpdef object squad_next_figure(GameRecords game, object field=*)
# squad_next_figure worked out
@cython.locals(i=cython.long, count=cython.Py_ssize_t, figures=list)
cdef object _next_figure(GameRecords game, object field)
cpdef object squad_step(GameRecords game, object goals, object mask, object field=*)
# squad_step along given walking steps (the field a C slice: the tactics hand a goal's kept view; the slots
# marine_numbers' C fields)
@cython.locals(numbers=MaskNumbers, h=Human)
cpdef object squad_step_along(GameRecords game, const int[:] dist, object mask)
# the goals kept with the open decision (squad_reads), worked out by _goals_worked_out
@cython.locals(reads=SquadReads, goals=list)
cpdef list squad_goals(GameRecords game)
@cython.locals(a=Alien, queens=list, terminals=list, f=dict, mission=dict, objective=str)
cdef list _goals_worked_out(GameRecords game)
# ScriptedMarines.choose's act choice short of its walk (squad_act) and its hold with no step (squad_hold): C calls
# from choose and from the tactics (TacticMarines.act hands squad_act's answer to its tactic)
@cython.locals(layout=ActionLayout, h=Human, t=tuple, in_reach=cython.bint)
cpdef object squad_act(GameRecords game, object mask)
@cython.locals(layout=ActionLayout, h=Human)
cpdef object squad_hold(GameRecords game, object mask)
# the scripted walk: squad_step, else squad_hold (a C call from ScriptedMarines._walk and the tactics)
cpdef object squad_walk(GameRecords game, object goals, object mask, object field=*)
