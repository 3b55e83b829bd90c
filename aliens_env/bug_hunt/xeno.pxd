cimport cython

# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and the state's queries this module calls in C.
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human, exposed, figure_at, room_of, taken_beside
# the colony's engine (core/grid.pxd): its cpdef queries (around) called in C on a typed receiver
from aliens_env.core.grid cimport Grid
# what the hive's steps read, called in C: who is in combat and beside the Alien (combat.pxd) and the
# layout cache and the range between squares (geometry.pxd); and what an Alien's step sets off, called in C
# by alien_step: the sentries' fire (combat.pxd) and what a door opened reveals (explore.pxd)
from aliens_env.bug_hunt.combat cimport humans_beside, in_combat, sentries_fire
from aliens_env.bug_hunt.explore cimport reveal
from aliens_env.bug_hunt.geometry cimport layout_cache, rng
# the auto sentries' squares, kept per features list (state.pxd), for the squares beside an Alien figures hold
from aliens_env.bug_hunt.state cimport feature_index

# the hive's step choices at every hive step: called in C by hive_choices and one another, by
# dice_ai.dice_ai_action (dice_ai.pxd cimports them); Python calls from the game and the Bug Master
@cython.locals(a=Alien, around=list, moves=cython.long, door=object, d=cython.Py_ssize_t, near=tuple, out=dict)
cpdef dict alien_steps(GameRecords game, object i)
# their rule, as bits by direction (alien_steps' and rulebook_steps')
@cython.locals(d=cython.Py_ssize_t, near=tuple, cell=cython.long, cost=cython.long, ap=cython.long, closed=cython.long,
               passable=tuple, opens=cython.bint, anchored=cython.bint, taken=cython.long, moves=cython.long)
cdef long _open_steps(GameRecords game, Alien a, list around, long door) except? -1
@cython.locals(h=Human, j=cython.Py_ssize_t, humans=list, targets=list, shared=dict, kept=tuple, key=str, field=object)
cpdef target_field(GameRecords game, bint hugger)
@cython.locals(a=Alien, around=list)
cpdef list rulebook_steps(GameRecords game, object i)
@cython.locals(best=cython.long, here_value=cython.long, v=cython.long, out=list, d=cython.Py_ssize_t,
               square=cython.Py_ssize_t)
cdef list _closing_in(const int[:] field, long moves, list around, Py_ssize_t here)
