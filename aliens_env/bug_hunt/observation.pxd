# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
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
