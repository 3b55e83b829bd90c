# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and the C loops the compiled observation runs in place of numpy's calls (the stripes'
# floats, the board's copy: observation.py runs the numpy forms when not compiled).
cimport cython
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human


# stripe()'s floats, compiled: out[p, r * w + c] = planes[p, top + r, left + c] / 2 (the padded map
# planes' half steps) for the out.shape[1] // w rows from top and the w columns from left, in one loop on
# C pointers, the bounds checked once (run as Python, stripe() multiplies the slice with numpy)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
cdef inline int _halves_c(float[:, ::1] out, const unsigned char[:, :, ::1] planes, Py_ssize_t top, Py_ssize_t left,
                          Py_ssize_t w) except -1:
    cdef Py_ssize_t p, r, c, rows
    cdef float *to
    cdef const unsigned char *of
    if w <= 0 or out.shape[1] % w or out.shape[0] != planes.shape[0]:
        raise ValueError("a stripe is not whole rows of the window's width for each map plane")
    rows = out.shape[1] // w
    if top < 0 or left < 0 or top + rows > planes.shape[1] or left + w > planes.shape[2]:
        raise IndexError("a stripe lies outside the map planes")
    for p in range(out.shape[0]):
        to = &out[p, 0]
        for r in range(rows):
            of = &planes[p, top + r, left]
            for c in range(w):
                to[c] = of[c] * <float>0.5
            to += w
    return 0


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


# observe()'s board, compiled: each plane's window (the area floats from `start` in its row of the
# stripe, band_stripe's contiguous float32 array of shape (planes, length)) copied into the observation
# (contiguous float32) from `at` on, one memcpy a plane, through their buffers, the bounds checked once
cdef inline int _board_c(object out, Py_ssize_t at, object stripe, Py_ssize_t start, Py_ssize_t area) except -1:
    cdef Py_buffer o, s
    cdef Py_ssize_t p, planes, length, item = sizeof(float)
    planes = len(stripe)
    PyObject_GetBuffer(out, &o, PyBUF_WRITABLE)
    try:
        PyObject_GetBuffer(stripe, &s, PyBUF_SIMPLE)
        try:
            if o.itemsize != item or s.itemsize != item or planes <= 0 or s.len % (planes * item):
                raise ValueError("the stripe or the observation is not rows of 4-byte (float32) items")
            length = s.len // (planes * item)
            if area < 0 or start < 0 or start + area > length or at < 0 or (at + planes * area) * item > o.len:
                raise IndexError("the window lies outside its stripe or the board outside the observation")
            for p in range(planes):
                memcpy(<float *>o.buf + at + p * area, <const float *>s.buf + p * length + start, area * item)
        finally:
            PyBuffer_Release(&s)
    finally:
        PyBuffer_Release(&o)
    return 0
