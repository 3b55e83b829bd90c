# The C types of Glorious Day's game and action layout for this module's typed locals (the game's
# records: glorious_day/apc.pxd; its queries: state.pxd): compiled, the heuristic marines read the
# records from the struct and call the queries and the layout's encode in C.
from aliens_env.core.actions cimport ActionLayout
from aliens_env.glorious_day.game cimport GloriousDay
cimport cython

# the heuristic marines' nearest target: a C call from act, the ranges compared in C
@cython.locals(least=Py_ssize_t, r=Py_ssize_t)
cpdef nearest_target(list ranges, list aliens, tuple targets)
