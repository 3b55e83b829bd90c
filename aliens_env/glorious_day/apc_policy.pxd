# The C types of Glorious Day's game and action layout for this module's typed locals (the game's
# records: glorious_day/apc.pxd; its queries: state.pxd): compiled, the APC's rules of thumb read the
# records from the struct and call the queries and the layout's encode in C.
cimport cython

from aliens_env.core.actions cimport ActionLayout
from aliens_env.glorious_day.game cimport GloriousDay
from aliens_env.glorious_day.large_policies cimport closed_squares

# the first seat a Character outside boards (apc_policy.py): a C call from _outside; cpdef, so that tests ask it
@cython.locals(best=cython.int, s=cython.int, rank=cython.Py_ssize_t, least=cython.Py_ssize_t)
cpdef int _first_seat(list seats, seat_at) except? -1
