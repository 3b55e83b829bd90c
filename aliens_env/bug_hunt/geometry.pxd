cimport cython

# The C type of Bug Hunt's game records for this module's typed locals (bug_hunt/state.pxd declares it).
from aliens_env.bug_hunt.state cimport GameRecords
# the rule of a kept reading of an append-only list (the room pieces', the exploration goals' ports), in C
from aliens_env.bug_hunt.state cimport items_read

# called in C by this module's functions (every kept result goes through it)
@cython.locals(shared=dict, kept=cython.long)
cpdef dict layout_cache(GameRecords game)
# called in C by marines and observation (their .pxd cimport it): the results kept across layout versions
@cython.locals(shared=dict, lasting=dict, limit=cython.Py_ssize_t)
cpdef dict lasting_cache(GameRecords game)

# called in C by tactics (its .pxd cimports it): a walking field's steps at a square
# (the square a Python int, as the callers hold it, and the steps one until returned: no boxing)
cpdef long steps_on(field, square) except? -2

# called in C by policies and tactics (their .pxd cimport them): the range between two squares (on C longs, its
# rows and columns read from the colony's lists), the walking field and its kept steps, and the kept tuples of goals
cpdef long step_range(long dr, long dc) noexcept
@cython.locals(rows=list, cols=list)
cpdef long rng(GameRecords game, long a, long b) except? -2
cpdef walk_field(GameRecords game, goals)
# a kept walking field: its steps a C slice (made once, when the field is; a typed reader takes it with no buffer
# check); final: no class derives from it
@cython.final
cdef class WalkKept:
    cdef readonly object field
    cdef const int[:] steps
@cython.locals(shared=dict, fields=dict, key=tuple, kept=WalkKept)
cpdef WalkKept walk_kept(GameRecords game, goals)
@cython.locals(shared=dict)
cpdef tuple entry_squares(GameRecords game)
@cython.locals(shared=dict, kept=tuple, p=dict)
cpdef tuple room_centres(GameRecords game)
# the room pieces, kept across layout versions and read on from the last piece read (room_centres')
@cython.locals(pieces=list, lasting=dict, kept=tuple, p=dict)
cdef tuple _rooms(GameRecords game)
@cython.locals(shared=dict, kept=tuple, lasting=dict, settled=tuple, ports=list, port=dict, first=cython.Py_ssize_t,
               kept_first=cython.Py_ssize_t, first_pending=cython.Py_ssize_t, k=cython.Py_ssize_t)
cpdef tuple exploration_goals(GameRecords game)

# _placement_candidates_uncached's loop over the squares the squad reaches (those squares, the squad's field, the
# cell codes and the union of the figures' views typed views, read unchecked once their lengths and each square
# are checked: one pass on C ints and doubles)
@cython.locals(n=cython.Py_ssize_t, found=tuple, order=list, pairs=list, passable=bytes, codes=cython.Py_ssize_t,
               code=cython.Py_ssize_t, unreachable=cython.long, i=cython.Py_ssize_t, square=cython.Py_ssize_t,
               far=cython.long, dr=cython.double, dc=cython.double, d=cython.long)
cdef dict _quarters(const int[:] reached, const int[:] dist, const signed char[:] cells, bytearray taken,
                    const unsigned char[:] seen, long nearest, long width, double cr, double cc)
