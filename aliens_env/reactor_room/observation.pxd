# The Reactor Room's kept observation (observation.py) as an extension type: ReactorRoom's
# _observe_record (game.pxd cimports it) reads its fields from the struct.
cdef class ObsRecord:
    cdef public object owner, template, buf, view, extra
    cdef public list keys, squares, ones
    cdef public dict counts
    cdef public Py_ssize_t tail_end
    cpdef show_ones(self, list ones)
    cpdef tail_ends_at(self, Py_ssize_t end)
