# The compact observation's kernel as C loops when compiled (compact.py): typed views of the full
# observation and the plan's index tables, C integers throughout.
cimport cython

@cython.locals(hw=Py_ssize_t, h1=Py_ssize_t, w1=Py_ssize_t, scale=Py_ssize_t, found=int, row=Py_ssize_t,
               col=Py_ssize_t, i=Py_ssize_t, start=Py_ssize_t, best=Py_ssize_t, sq=Py_ssize_t, scaled=double,
               at=Py_ssize_t, k=Py_ssize_t, dr=Py_ssize_t, dc=Py_ssize_t, r=Py_ssize_t, c=Py_ssize_t, g=Py_ssize_t,
               table=Py_ssize_t, count=Py_ssize_t, row_width=Py_ssize_t, first=Py_ssize_t, kinds=Py_ssize_t,
               n=Py_ssize_t, kind=Py_ssize_t, j=Py_ssize_t, distance=Py_ssize_t, place=Py_ssize_t, x=Py_ssize_t)
cpdef _fill(float[::1] full, float[::1] out, Py_ssize_t height, Py_ssize_t width, Py_ssize_t radius,
            Py_ssize_t around_at, Py_ssize_t[:, ::1] centre, Py_ssize_t[:, ::1] around,
            Py_ssize_t[:, ::1] groups, Py_ssize_t[::1] group_starts, Py_ssize_t[::1] group_kinds,
            Py_ssize_t[:, ::1] kept, Py_ssize_t[::1] distances)
