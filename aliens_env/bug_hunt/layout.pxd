# Laying a section in C when compiled (layout.py): resolve_port calls the laying of an open end or a door
# and the roll of the contents in C, and they call the squares' steps and the turns (colony.pxd) in C.
cimport cython
from aliens_env.bug_hunt.colony cimport add, left, right

@cython.locals(port=dict)
cpdef list resolve_port(col, int index, dice, dict rules, bint brood_exists)

cdef bint _door_ok(col, tuple door, tuple beyond) except -1

cdef int _door_state(dice, dict rules) except? -1

@cython.locals(kind=str, sub=str, d=cython.int, p=cython.int, base=tuple, cells=list, b1=tuple, lp=tuple, rp=tuple,
               ap=tuple, exits=list, keep=list, pid=cython.int, length=cython.int, end=list, doors=list,
               new_ports=list, mid=cython.int, door=tuple, sd=cython.int, dd=cython.int)
cdef list _open_end(col, dict port, dice, dict rules)

@cython.locals(beyond=str, size_name=str, special=str, side=str, d=cython.int, p=cython.int, base=tuple, s=cython.int,
               offset=cython.int, cells=list, door=tuple, sd=cython.int, doors=list, pid=cython.int, length=cython.int,
               start=tuple, end=list)
cdef list _beyond_door(col, dict port, dice, dict rules, bint brood_exists)

@cython.locals(what=str, piece=dict, value=cython.int, r0=cython.int, c0=cython.int, r1=cython.int, c1=cython.int,
               s=cython.int, rs=cython.int, cs=cython.int, rc=cython.int, cc=cython.int, squares=list, special=str,
               pos=list, state=str, other=str)
cdef list roll_contents(col, int pid, dice, dict rules)
