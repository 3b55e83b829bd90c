# The Reactor Room's kept observation (observation.py) as an extension type: ReactorRoom's
# _observe_record (game.pxd cimports it) reads its fields from the struct.
cdef class ObsRecord:
    cdef public object owner, template, buf, view, extra
    cdef public list keys, squares, ones
    cdef public dict counts
    cdef public Py_ssize_t tail_end
    cdef float[::1] values  # buf, typed: the methods below write it in C
    cpdef show_ones(self, list ones)
    cpdef write_values(self, Py_ssize_t at, values)
    cpdef write_tail(self, Py_ssize_t at, list tail)
    cpdef move_mark(self, old, new)
