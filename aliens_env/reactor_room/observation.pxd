# The Reactor Room's kept observation (observation.py) as an extension type: ReactorRoom's
# _observe_record (game.pxd cimports it) reads its fields from the struct.
cdef class ObsRecord:
    cdef public object owner, template, buf, view, extra
    cdef public list keys, squares, ones
    cdef public dict counts
    cdef public Py_ssize_t tail_end
    # buf, typed: the methods below and the game's writers (ReactorRoom._write_marine_rows and
    # _write_tail, the lairs' _observe_record) write it in C; public, so that a module run as source
    # beside this compiled record (a stale module) still reaches it
    cdef public float[::1] values
    cpdef show_ones(self, list ones)
    cpdef write_values(self, Py_ssize_t at, values)
    cpdef move_mark(self, old, new)
