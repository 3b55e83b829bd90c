# The dice as an extension type when compiled (dice.py): the fields live in the struct, and the
# draws' own calls (_roll -> _below, shuffle -> _below) are C calls on C integers. cpdef: the
# replay calls _roll from Python, and a test may call _below.
cimport cython

cdef class Dice:
    cdef public object _rng, _script, rolls, log
    cpdef _roll(self, low, high, name)
    @cython.locals(k=cython.int, r=Py_ssize_t)
    cpdef Py_ssize_t _below(self, Py_ssize_t n) except -1
    @cython.locals(i=Py_ssize_t, j=Py_ssize_t)
    cpdef shuffle(self, items)
