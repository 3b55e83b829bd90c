# The distance search's loop on C ints when compiled (Cython reads this file beside grid.py; run as
# Python, grid.py is the same code on array("i") arrays). Grid stays a Python class.
cimport cython

@cython.locals(head=cython.int, s=cython.int, m=cython.int, d=cython.int)
cdef int _breadth_first(list nbrs, int[:] dist, int[:] queue, int tail, int unreachable) except -1
