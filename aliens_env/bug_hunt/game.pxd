cimport cython

# The Bug Hunt game as an extension type when compiled: its records are declared at its base
# (GameRecords, state.pxd), where the rule modules, which this module imports, can name its type.
from aliens_env.core.actions cimport ActionLayout
from aliens_env.core.game cimport Decision
from aliens_env.bug_hunt.state cimport GameRecords, Alien as AlienRecord, Human as HumanRecord
# a figure's mask (_compute_mask, _compute_script_mask: once per figure's decision), called in C
from aliens_env.bug_hunt.marines cimport marine_mask

cdef class BugHunt(GameRecords):
    # cpdef: called in C from this class's own methods (_settle, at every step of the phase machine)
    cpdef _check_end(self)


# (declared here, not cimported from Cython's cpython.buffer: the package's .pxd files cimport only
# its own modules, tests/test_compiled.py)
cdef extern from "Python.h":
    enum:
        PyBUF_WRITABLE
    int PyObject_GetBuffer(object obj, Py_buffer *view, int flags) except -1
    void PyBuffer_Release(Py_buffer *view)


# _mark's C loop (compiled): the mask's bytes written through its buffer, each index checked
@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline int _mark_c(object mask, Py_ssize_t start, object offsets) except -1:
    cdef Py_buffer view
    cdef Py_ssize_t k, at
    PyObject_GetBuffer(mask, &view, PyBUF_WRITABLE)
    try:
        if view.itemsize != 1:
            raise ValueError("a mask is not one byte an action")
        for k in offsets:
            at = start + k
            if at < 0 or at >= view.len:
                raise IndexError(f"action {at} is outside the mask's {view.len}")
            (<signed char *>view.buf)[at] = 1
    finally:
        PyBuffer_Release(&view)
    return 0


# the decisions' masks marked by one C call a list (_compute_mask)
cpdef _mark(object mask, Py_ssize_t start, object offsets)
