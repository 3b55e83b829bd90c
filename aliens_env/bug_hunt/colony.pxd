# The colony's section loops in C when compiled (colony.py: Colony.fits and Colony.place call them; run
# as Python they are the same loops on the numpy arrays). The cell codes are int8, the piece ids int16.
cimport cython

@cython.locals(r=cython.int, c=cython.int, unknown=cython.schar)
cdef bint _all_unknown(const signed char[:, :] grid, int r0, int c0, int r1, int c1) except -1

@cython.locals(r=cython.int, c=cython.int, unknown=cython.schar, floor=cython.schar, wall=cython.schar, reopen=list)
cdef _lay(signed char[:, :] grid, short[:, :] owner, int pid, int r0, int c0, int r1, int c1, keep_open, doors)

# a rectangle's bounds, called in C by Colony.fits and Colony.place
cdef tuple _bounds(cells)

# the turns and a square's step, called in C by layout (layout.pxd cimports them)
cpdef int right(int d)
cpdef int left(int d)
@cython.locals(dr=cython.int, dc=cython.int)
cpdef tuple add(p, int d, int k=*)
