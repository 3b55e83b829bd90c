# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
cimport cython
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# a walking field's steps at a square, called in C (next_figure)
from aliens_env.bug_hunt.geometry cimport steps_on

# step_toward's look round the figure: the walking field (int32) read as a C array (the action mask read as
# an object, only where a step is closer)
@cython.locals(unreachable=cython.long, here=cython.long, best=cython.long, choice=cython.long, dd=cython.int,
               near=tuple, n=cython.long, cell=cython.int, steps=cython.long)
cdef long _closer_step(const int[:] dist, mask, list around, long pos, long move, long door, long pick_lock,
                       long apc_sq) except? -2
