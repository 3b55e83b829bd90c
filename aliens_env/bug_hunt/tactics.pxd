cimport cython

# The C types of Bug Hunt's game records and figures for this module's typed locals (bug_hunt/state.pxd declares
# them).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# the action layout: the slots encoded and decoded by C calls
from aliens_env.core.actions cimport ActionLayout
# the rule queries the tactics read, called in C (the game typed): a walking field's steps at a square (_detour,
# _lengthens), the range, the rooms' centres, the layout cache (geometry), the targets (marines)
from aliens_env.bug_hunt.geometry cimport layout_cache, rng, room_centres, steps_on
from aliens_env.bug_hunt.marines cimport targets
# _claimed_goal's pairs of one goal: its walking field (int32) read as a C array
@cython.locals(k=cython.Py_ssize_t, steps=cython.long, figure=cython.long, square=cython.Py_ssize_t)
cdef void _add_pairs(list keys, const int[:] field, list figures, list squares, long goal, long count,
                     long span) except *
# spread's test of one goal: its walking field (int32) read as a C array
@cython.locals(mine=cython.long, k=cython.Py_ssize_t)
cdef bint _nearest_of(const int[:] field, Py_ssize_t square, list others) except -1
