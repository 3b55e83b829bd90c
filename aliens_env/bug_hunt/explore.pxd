cimport cython

# The C type of Bug Hunt's game records for this module's typed locals (bug_hunt/state.pxd declares it).
from aliens_env.bug_hunt.state cimport GameRecords
# the colony's engine (core/grid.pxd): its cpdef queries (has_los) called in C on a typed receiver, and the
# squares a segment passes through (line_steps) in C
from aliens_env.core.grid cimport Grid, line_steps

# called in C by the Marines' moves (marines.after_human_move, the door and APC actions)
@cython.locals(col=Grid, rows=list, cols=list, viewers=list, mouths_now=list, mouths=list, blind=set, reach=cython.int,
               vr=cython.int, vc=cython.int, v=cython.int, m=cython.int, mr=cython.int, mc=cython.int, k=cython.int,
               found=cython.int, piece=dict, cells=cython.schar[:, :])
cpdef reveal(GameRecords game, object viewer=*)

# reveal's sight test of one mouth, in C
@cython.locals(opaque=bytes, width=cython.int, step=cython.int, s=cython.int)
cdef bint _sees(Grid col, signed char[:, :] cells, int v, int m, int sight) except -1

# called in C by reveal at every turn of its loop (and by reopen)
@cython.locals(shared=dict, ports=list, port=dict, state=str, kind=str, k=cython.Py_ssize_t, width=cython.int,
               height=cython.int, r=cython.int, c=cython.int, dr=cython.int, dc=cython.int, s=cython.int, q=list,
               mouths=list)
cpdef tuple layout_ports(GameRecords game)
