# The movement tables', the distance searches', the sight window's and the neighbour rows' loops on C ints when compiled
# (Cython reads this file beside grid.py; run as Python, grid.py is the same code on lists and on
# array("i"), array("b"), array("Q") and bytes objects). Grid is an extension type: its own methods read
# its fields from the struct and call its cpdef methods in C (a caller that types its receiver,
# @cython.locals(grid=Grid), too); a subclass (Colony, Board: Python classes) keeps its own attributes
# in the __dict__ (pickles and copies carry both: Grid.__reduce__).
cimport cython

#: DIRECTIONS' row and column steps (grid.py): typed views made once, handed to the typed loops with no
#: conversion at each call (compiled, they are C globals, not attributes of the module)
cdef const signed char[::1] _ROW_STEPS, _COLUMN_STEPS

cdef class Grid:
    cdef dict __dict__
    cdef object __weakref__
    cdef public int height, width, n, version
    cdef public bint frozen, shooter_corners
    cdef public object terrains, diagonal, cells, extra, marker, capacity, wall_e, wall_s, rows_cols
    cdef public dict _cache, _last
    cpdef list around(self, i)
    cpdef field(self, sources, mover=*, weighted=*, goal_cost=*, closed=*)
    cpdef los_from(self, src, radius=*)
    cpdef list los_list(self, src, radius=*)
    cpdef bint has_los(self, src, dst, radius=*) except -1
    cpdef bytes step_keys(self, mover=*)

@cython.locals(r=cython.int, c=cython.int, d=cython.int, rr=cython.int, cc=cython.int, n=cython.int, code=cython.int)
cdef list _around(int i, bytes cells, bytes extra, list code_cost, int opened, int height, int width,
                  const signed char[::1] row_steps, const signed char[::1] column_steps)

#: the searches' kept scratch ints, step keys and offsets (typed views of ``_search_pool``, ``_keys_view`` and
#: ``_offsets_view``, with the objects the last two were taken from)
cdef int[::1] _SEARCH_POOL
cdef const unsigned char[::1] _KEYS_VIEW
cdef const int[::1] _OFFSETS_VIEW
cdef object _KEYS_VIEWED, _OFFSETS_VIEWED
cpdef int[::1] _search_pool(int size)
cdef const unsigned char[::1] _keys_view(bytes keys)
cdef const int[::1] _offsets_view(offsets)

@cython.locals(n=cython.int, span=cython.int, room=cython.int, used=cython.int, waiting=cython.int, d0=cython.int, b=cython.int,
               e=cython.int, s=cython.int, step=cython.int, nd=cython.int, key=cython.int, j=cython.int, m=cython.int, k=cython.int,
               heads=cython.int[::1], pool=cython.int[::1])
cdef int _dial(const unsigned char[::1] keys, const int[::1] offsets, const int[::1] cost, int dearest, int[::1] dist,
               list frontier, set sources, int goal_cost) except -1

@cython.locals(n=cython.int, room=cython.int, tail=cython.int, head=cython.int, s=cython.int, m=cython.int, d=cython.int,
               key=cython.int, j=cython.int, queue=cython.int[::1])
cdef int _breadth_first(const unsigned char[::1] keys, const int[::1] offsets, int[::1] dist, list frontier,
                        int unreachable) except -1

@cython.locals(n=cython.int, s=cython.int, i=cython.int, j=cython.int, a=cython.int, tail=cython.int, head=cython.int,
               d=cython.int, k=cython.int, m=cython.int, out=dict)
cdef dict _large_search(int[:] first, int[:] nexts, int[:] dist, int[:] queue, object closed, int width, int size, list starts,
                        bint barred_starts, int limit, int unreachable)

@cython.locals(padded_width=cython.Py_ssize_t, padded_height=cython.Py_ssize_t, r=cython.Py_ssize_t, c=cython.Py_ssize_t,
               at=cython.Py_ssize_t, start=cython.Py_ssize_t, p=cython.Py_ssize_t, near=cython.uchar, rr=cython.Py_ssize_t,
               cc=cython.Py_ssize_t)
cdef int _pad_sight(const unsigned char[::1] blocked, int height, int width, int radius, unsigned char[::1] opaque,
                    unsigned char[::1] edge) except -1

@cython.locals(side=cython.int, words=cython.int, padded_width=cython.int, i=cython.int, j=cython.int, k=cython.int,
               word=cython.int, at=cython.int, to=cython.int)
cdef int _window_sight(const unsigned char[::1] opaque, const unsigned char[::1] edge,
                       const unsigned long long[::1] hidden_by, unsigned long long[::1] hidden, int r, int c, int radius,
                       int height, int width, unsigned char[::1] seen) except -1

@cython.locals(dx=cython.double, dy=cython.double, eps=cython.double, t0=cython.double, t1=cython.double, side=cython.int,
               p=cython.double, q=cython.double)
cpdef double _segment_entry(double ax, double ay, double bx, double by, double x, double y) except? -2.0

@cython.locals(r0=cython.int, c0=cython.int, r1=cython.int, c1=cython.int, ax=cython.double, ay=cython.double,
               bx=cython.double, by=cython.double, src=cython.int, dst=cython.int, r=cython.int, c=cython.int,
               square=cython.int, t=cython.double, entered=list)
cpdef list _line_squares(int width, tuple a, tuple b)

# the movement tables of a version (step keys, open steps, who may enter), kept per version and made from the
# last ones built: their builders and kept copies called in C (grid.py), with no Python-level call between them
cdef tuple _kept_square_bytes(Grid grid)
cdef bytes _kept_open_bits(Grid grid)
cdef bytes _kept_enterable(Grid grid, mover)
cdef bytes _kept_sight_bytes(Grid grid)
# the last tables built and the per-code tables (Grid._last_built, _code_bytes, _code_costs), read in C
@cython.locals(last=dict)
cdef dict _last_tables(Grid grid)
@cython.locals(kept=dict)
cdef bytes _kept_code_bytes(Grid grid, attr)
@cython.locals(kept=dict)
cdef bytes _code_table(Grid grid, attr)
@cython.locals(kept=dict)
cdef object _kept_code_costs(Grid grid, mover)
cpdef bytes _step_key_bytes(Grid grid, mover)
cpdef bytes _step_open_bits(Grid grid)
cpdef bytes _enterable_bytes(Grid grid, mover)
@cython.locals(tables=dict)
cdef tuple _remade(Grid grid, tuple kind, make, tuple args)
cdef bytes _kept_table(Grid grid, tuple kind, tuple now, bytearray out)
@cython.locals(cache=dict, kept=tuple, n=cython.int)
cpdef list _near_changes(Grid grid, before)
@cython.locals(last=tuple, rows=dict, stale=list)
cdef tuple _around_kept(Grid grid)

@cython.locals(n=cython.int, r=cython.int, c=cython.Py_ssize_t, at=cython.Py_ssize_t, differ=cython.uchar, rr=cython.int,
               cc=cython.int, t=cython.int)
cdef int _near_differences(const unsigned char[::1] now, const unsigned char[::1] was, int height, int width,
                           unsigned char[::1] marked, list out) except -1

@cython.locals(sq=cython.int)
cdef int _enter_bytes(list squares, const unsigned char[:] cells, const unsigned char[:] marker, const int[:] code_cost,
                      unsigned char[:] out) except -1

@cython.locals(n=cython.int, codes=cython.int, r=cython.int, c=cython.int, here=cython.int, bits=cython.int, d=cython.int,
               dr=cython.int, dc=cython.int, west=cython.int, north=cython.int, a=cython.int, b=cython.int,
               walled=cython.int)
cdef int _open_bits(list squares, const unsigned char[::1] cells, const unsigned char[::1] wall_e,
                    const unsigned char[::1] wall_s, const unsigned char[::1] side, bint squeeze, int height, int width,
                    const signed char[::1] row_steps, const signed char[::1] column_steps,
                    unsigned char[::1] out) except -1

@cython.locals(n=cython.int, codes=cython.int, sq=cython.int, bits=cython.int, key=cython.int, d=cython.int,
               to=cython.int)
cdef int _step_keys(list squares, const unsigned char[::1] opened, const unsigned char[::1] cells,
                    const unsigned char[::1] enter, const unsigned char[::1] door, bint diagonal,
                    const int[::1] offsets, unsigned char[::1] out) except -1

@cython.locals(n=cython.int, codes=cython.int, sq=cython.int, code=cython.int, step=cython.int, dearest=cython.int)
cdef int _square_costs(const unsigned char[::1] cells, const unsigned char[::1] marker, const signed char[::1] extra,
                       const int[::1] code_cost, int[::1] out) except? -2

@cython.locals(kept=dict, out=tuple)
cpdef tuple line_steps(dr, dc, width)

@cython.locals(dr=cython.int, dc=cython.int, step=cython.int)
cdef bint _line_clear(bytes blocked, int src, int dst, int radius, int width) except -1
