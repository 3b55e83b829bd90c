# The C types of Glorious Day's game and action layout for this module's typed locals (the game's
# records: glorious_day/apc.pxd; its queries: state.pxd): compiled, the large models' rules of thumb read the
# records from the struct and call the queries and the layout's encode in C.
cimport cython

from aliens_env.core.actions cimport ActionLayout
from aliens_env.glorious_day.game cimport GloriousDay

# the squares a small model's walk may not enter: a C call from the rules of thumb here and in apc_policy.py
# (apc_policy.pxd), each square added to the set in C
@cython.locals(closed=set)
cpdef set closed_squares(GloriousDay game, bint queen=*)
