# The compact observation's kernel as C loops when compiled (compact.py): the plan's index tables
# typed once, when the transform is made, and C integers throughout fill.
cimport cython

cdef class Kernel:
    cdef readonly Py_ssize_t height, width, radius, around_at
    cdef readonly Py_ssize_t[:, ::1] centre, around, groups, kept, ranked
    cdef readonly Py_ssize_t[::1] group_starts, group_kinds
    cpdef fill(self, const float[::1] full, float[::1] out)
