# The chain's copies of the stage's values, compiled: its observation (chain.py's StageChain.observe)
# and its legal mask (StageChain.legal_mask) copied into the episode's run by run, one memcpy a run.

cdef extern from "<string.h>" nogil:
    void *memcpy(void *dest, const void *src, size_t n)


# (declared here, not cimported from Cython's cpython.buffer: the package's .pxd files cimport only
# its own modules, tests/test_compiled.py)
cdef extern from "Python.h":
    enum:
        PyBUF_SIMPLE
        PyBUF_WRITABLE
    int PyObject_GetBuffer(object obj, Py_buffer *view, int flags) except -1
    void PyBuffer_Release(Py_buffer *view)


cdef inline void _copy_runs_c(size_t to, size_t of, size_t runs, Py_ssize_t count) noexcept:
    # to, of: the addresses of two contiguous float32 buffers; runs: of `count` rows of three
    # Py_ssize_t (start in to, start in of, length), C-contiguous. The plan (StageChain._bind_obs_map)
    # checks them once when bound and holds the three arrays (their memory stays) while it is used
    cdef float *t = <float *>to
    cdef const float *o = <const float *>of
    cdef const Py_ssize_t *r = <const Py_ssize_t *>runs
    cdef Py_ssize_t k
    for k in range(count):
        memcpy(t + r[3 * k], o + r[3 * k + 1], r[3 * k + 2] * sizeof(float))


cdef inline int _copy_mask_runs_c(object to, object of, size_t runs, Py_ssize_t count, Py_ssize_t to_size,
                                  Py_ssize_t of_size) except -1:
    # to, of: the episode's new mask (written), the stage's kept one (read), through their buffers
    # (C-contiguous, or the request fails), checked here to hold to_size and of_size one-byte items
    # (the layouts' sizes: the runs lie inside them); runs: the address of `count` rows of three
    # Py_ssize_t (start in to, start in of, length), C-contiguous, which the action maps
    # (StageChain._make_stage_maps) check once when made and hold while they are used
    cdef Py_buffer t, o
    cdef const Py_ssize_t *r = <const Py_ssize_t *>runs
    cdef Py_ssize_t k
    PyObject_GetBuffer(to, &t, PyBUF_WRITABLE)
    try:
        PyObject_GetBuffer(of, &o, PyBUF_SIMPLE)
        try:
            if t.itemsize != 1 or o.itemsize != 1 or t.len != to_size or o.len != of_size:
                raise ValueError("a legal mask is not one byte for each action of its layout")
            for k in range(count):
                memcpy(<char *>t.buf + r[3 * k], <const char *>o.buf + r[3 * k + 1], r[3 * k + 2])
        finally:
            PyBuffer_Release(&o)
    finally:
        PyBuffer_Release(&t)
    return 0
