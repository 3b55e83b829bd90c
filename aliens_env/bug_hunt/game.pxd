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


# _compute_script_mask's zeroing of its kept mask and _compute_mask's entries set (compiled): the mask's bytes
# written through its buffer (declared here, not cimported from Cython's cpython.buffer: the package's .pxd files cimport
# only its own modules, tests/test_compiled.py)
cdef extern from "Python.h":
    enum:
        PyBUF_WRITABLE
    int PyObject_GetBuffer(object obj, Py_buffer *view, int flags) except -1
    void PyBuffer_Release(Py_buffer *view)


cdef extern from "<string.h>" nogil:
    void *memset(void *s, int c, size_t n)


cdef inline int _zero_mask(object mask) except -1:
    cdef Py_buffer view
    PyObject_GetBuffer(mask, &view, PyBUF_WRITABLE)
    memset(view.buf, 0, view.len)
    PyBuffer_Release(&view)
    return 0


cdef _mark(object mask, Py_ssize_t start, object indices)


cdef inline int _mark_bytes(object mask, Py_ssize_t start, object indices) except -1:
    cdef Py_buffer view
    cdef Py_ssize_t at
    PyObject_GetBuffer(mask, &view, PyBUF_WRITABLE)
    try:
        for i in indices:
            at = start + <Py_ssize_t>i
            if not 0 <= at < view.len:
                raise IndexError(f"mask entry {at} is out of range 0-{view.len - 1}")
            (<char *>view.buf)[at] = 1
    finally:
        PyBuffer_Release(&view)
    return 0
