# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and the C loops the compiled observation runs in place of numpy's calls (the map
# planes' squares, the board's floats: observation.py runs the numpy forms when not compiled).
cimport cython
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human, items_read
# the results kept across layout versions (the map planes), called in C
from aliens_env.bug_hunt.geometry cimport lasting_cache
# the active figure's targets and their ranges (the target rows), called in C
from aliens_env.bug_hunt.marines cimport target_ranges, targets


# called in C by observe(), _kept_planes by write_board() and map_planes (a Python-level call of a
# compiled function costs more than its or _same_features' work); focus by optional_features (observe()
# calls _focus, below, with the numbers it has read)
cpdef focus(GameRecords game)
cpdef map_planes(GameRecords game)
# (the key's layout version and rooms entered compared as C longs, the pieces counted as a C index, the ports read
# by C indices, the planes' sizes and the marks' rows and columns C indices;
# `inner`: the grid's squares of the planes, a typed view: the marks written as C bytes)
@cython.locals(lasting=dict, cached=tuple, version=cython.long, rooms=cython.long, pieces=cython.Py_ssize_t,
               features_changed=bint, rooms_changed=bint, ports=list, port=dict, first_unread=cython.Py_ssize_t, first_pending=cython.Py_ssize_t,
               k=cython.Py_ssize_t, inner=cython.uchar[:, :, :], plane=cython.Py_ssize_t, n=cython.Py_ssize_t,
               half=cython.Py_ssize_t, side=cython.Py_ssize_t,
               r=cython.Py_ssize_t, c=cython.Py_ssize_t, r0=cython.Py_ssize_t, c0=cython.Py_ssize_t,
               r1=cython.Py_ssize_t, c1=cython.Py_ssize_t)
cpdef tuple _kept_planes(GameRecords game)
cpdef bint _same_features(list marks, list features)
# (called in C by _kept_planes at each rewrite)
cpdef _square_planes(planes, colony, Py_ssize_t half, seen, bint every_row, spans)
cpdef _zero_planes(array, planes)
# (the map planes' row spans: made, cleared with their planes, widened by a mark; each a C loop below)
cpdef _scan_spans(planes, spans, listed)
cpdef _clear_planes(planes, spans, listed)
# (a mark written into map_planes' typed view of the colony's squares: handed over as it is, no Python object)
@cython.locals(n=cython.Py_ssize_t, r=cython.Py_ssize_t, c=cython.Py_ssize_t)
cpdef int _mark(unsigned char[:, :, :] inner, bytearray spans, Py_ssize_t side, Py_ssize_t half, Py_ssize_t plane,
                Py_ssize_t r0, Py_ssize_t c0, Py_ssize_t r1, Py_ssize_t c1, unsigned char value) except -1
cpdef _widen(spans, Py_ssize_t height, Py_ssize_t plane, Py_ssize_t y0, Py_ssize_t y1, Py_ssize_t x0, Py_ssize_t x1)
@cython.locals(w=cython.Py_ssize_t, side=cython.Py_ssize_t, kept=tuple)
cpdef write_board(GameRecords game, out, Py_ssize_t at, Py_ssize_t fr, Py_ssize_t fc)
# a squad figure's row as observe() last wrote it: the figure's fields compared as pointers, the marks
# read as C ints (final: written through typed locals)
@cython.final
cdef class SquadRow:
    cdef object status, pos, hugger, ap, activated, overwatch, leader, lp, squad, role, weapon
    cdef tuple flags
    cdef int role_plane
    cdef bytes values
    cdef int plane, r, c
    cdef bint on_watch
cpdef list squad_rows(GameRecords game)
cpdef read_row(GameRecords game, Human h, SquadRow row)
cpdef tuple squad_entry(GameRecords game, Human h)
# the numbers observe() and _write_features read of a game that stay for it, as C numbers (final: written
# through typed locals)
@cython.final
cdef class ObsNumbers:
    cdef object rules, mission, layout, optional_of
    cdef Py_ssize_t obs_size, board_at, squad_at, globals_at, targets_at, optional_at, target_rows
    cdef double queen_lp, grenade_pool, rooms_goal
    cdef bint explore, kill_queen
    cdef bytes optional
    cdef Py_ssize_t act, step, attack, overwatch_fire, extra_hit, drive
cpdef ObsNumbers obs_numbers(GameRecords game)
# (focus's work, the game's ObsNumbers handed in: observe() reads them once)
cpdef _focus(GameRecords game, ObsNumbers numbers)
# (a TypeError unless an ObsNumbers: _focus and _write_features take None from a Python caller)
cpdef _need_numbers(numbers)
cpdef bytes optional_packed(ObsNumbers numbers, tuple values)
# (`out`: the observation's floats, a typed view: written as C floats; run as Python, the array itself)
cpdef _write_features(GameRecords game, player, float[::1] out, Py_ssize_t focus_sq, Py_ssize_t board_at, int w,
                      ObsNumbers numbers)
# (its runs of floats, written with no check of each index: the span checked once)
@cython.locals(n=Py_ssize_t, k=Py_ssize_t)
cpdef int _put(float[::1] out, Py_ssize_t at, tuple values) except -1
@cython.locals(n=Py_ssize_t)
cpdef int _put_packed(float[::1] out, Py_ssize_t at, bytes packed) except -1
cpdef int _zero(float[::1] out, Py_ssize_t start, Py_ssize_t end) except -1


cdef enum:
    CHUNK = 16  # _window_c's squares a step: 16 bytes, a vector register


cdef extern from "<string.h>" nogil:
    void *memcpy(void *dest, const void *src, size_t n)
    void *memset(void *dest, int c, size_t n)
    int memcmp(const void *a, const void *b, size_t n)


# (declared here, not cimported from Cython's cpython.buffer: the package's .pxd files cimport only
# its own modules, tests/test_compiled.py)
cdef extern from "Python.h":
    enum:
        PyBUF_WRITABLE
        PyBUF_FORMAT
        PyBUF_C_CONTIGUOUS
    int PyObject_GetBuffer(object obj, Py_buffer *view, int flags) except -1
    void PyBuffer_Release(Py_buffer *view)
    bytes PyBytes_FromStringAndSize(const char *v, Py_ssize_t length)
    char *PyBytes_AS_STRING(object o)
    char *PyByteArray_AS_STRING(object o)
    Py_ssize_t PyByteArray_GET_SIZE(object o)


# a squad row packed (read_row's; squad_entry's too), compiled: its SQUAD_FEATURES values (the nine before the role and weapon
# flags, the seven flags, a tuple of floats, then the four after) as float32 in a new bytes object, each
# the C float of its double, as struct packs it (run as Python, _PACK_ROW packs them): the doubles as
# worked out, without a Python float made for each
@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline bytes _pack_row_c(double active, double dead, double captured, double other, double hugged,
                              double ap_left, double activated, double overwatch, double leader, tuple flags,
                              double row, double column, double lp_left, double squad_at):
    cdef Py_ssize_t k
    if len(flags) != 7:
        raise ValueError("a squad row has seven role and weapon flags")
    cdef bytes packed = PyBytes_FromStringAndSize(NULL, 20 * sizeof(float))
    cdef float *to = <float *>PyBytes_AS_STRING(packed)
    to[0], to[1], to[2], to[3], to[4] = active, dead, captured, other, hugged
    to[5], to[6], to[7], to[8] = ap_left, activated, overwatch, leader
    for k in range(7):
        to[9 + k] = flags[k]
    to[16], to[17], to[18], to[19] = row, column, lp_left, squad_at
    return packed


# _zero's run, compiled: out[start:end] = 0 as one memset (the span checked by _zero)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
cdef inline void _zero_c(float[::1] out, Py_ssize_t start, Py_ssize_t end):
    if end > start:
        memset(&out[start], 0, (end - start) * sizeof(float))


# _put_packed's copy, compiled: the bytes of `packed` (float32 values) into out from `at` on, one memcpy
# (the span checked by _put_packed)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
cdef inline void _copy_c(float[::1] out, Py_ssize_t at, bytes packed):
    if len(packed):
        memcpy(&out[at], <const char *>packed, len(packed))


# `length` bytes from `at` set to 0, `piece` bytes a memset (a memset longer than glibc's threshold, 2 KB,
# is one `rep stosb`, which callgrind counts an instruction a byte: 25 KB of figure planes cost 25,000
# counted instructions that way, about 1,300 in 2 KB pieces. `piece` comes from the caller, not a C
# constant: the C compiler, bounding a memset's length, inlines it as `rep stos` itself)
cdef inline void _zero_pieces(char *at, Py_ssize_t length, Py_ssize_t piece) noexcept:
    while length > 0:
        memset(at, 0, piece if length > piece else length)
        at += piece
        length -= piece


# write_board()'s floats, compiled (observe()'s board): the board zeroed, `piece` bytes at a time
# (_zero_pieces), then for each plane p that map_planes marks (marked[p] true), out[at + (p * w + r) *
# w + c] = planes[p, top + r, left + c] / 2 (the padded map planes' half steps) over the columns of
# the window's row r that the row's span holds (`spans`, _scan_spans: where the row may be nonzero),
# in one loop on C pointers, straight from the uint8 planes. Most rows hold none: 59 of the 325
# marked rows of a window hold a nonzero square in BugHuntTactics' random play, 45 in Bug Hunt's.
# (Zeroing the runs between converted rows as it went, each a memset call with the registers
# spilled around it, cost more than zeroing the whole board once.) `out` (contiguous float32) and
# `planes` (contiguous uint8, 3 dimensions) are read through their buffers, the bounds checked once
# (typed memoryviews cost about 4,000 instructions to set up and release); a span is clipped to the
# window, whatever it holds. In a window of CHUNK or more columns, a span goes CHUNK squares at a
# time, the last CHUNK inside the row overlapping the one before (its squares written twice, alike:
# the planes are 0 outside a row's span, so a chunk past the span writes zeros): the compiler makes
# a chunk a few vector instructions (its bytes copied into a local array first: the floats written
# could otherwise be the bytes read next)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
cdef inline int _window_c(object out, Py_ssize_t at, object planes, object spans, Py_ssize_t top, Py_ssize_t left,
                          Py_ssize_t w, bytes marked, Py_ssize_t piece) except -1:
    cdef Py_buffer o, s
    cdef Py_ssize_t p, r, c, k, a, e, depth, height, side, area, right
    cdef float *to
    cdef const unsigned char *of
    cdef const short *span
    cdef const unsigned char *flags = marked
    cdef unsigned char chunk[CHUNK]
    PyObject_GetBuffer(out, &o, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    try:
        PyObject_GetBuffer(planes, &s, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        try:
            if o.itemsize != sizeof(float) or o.format[0] != c'f' or o.format[1] != 0:
                raise ValueError("the observation is not float32")
            _check_spans_c(&s, spans)
            depth, height, side = s.shape[0], s.shape[1], s.shape[2]
            if len(marked) != depth or piece <= 0:
                raise ValueError("a flag for each map plane and zeroed pieces of a byte or more are needed")
            # (compared by subtraction: a sum of large arguments would wrap past the check)
            if w <= 0 or top < 0 or left < 0 or w > height - top or w > side - left:
                raise IndexError("the window lies outside the map planes")
            area = w * w
            if at < 0 or depth * area > o.len // <Py_ssize_t>sizeof(float) - at:
                raise IndexError("the board lies outside the observation")
            _zero_pieces(<char *>(<float *>o.buf + at), depth * area * sizeof(float), piece)
            right = left + w
            for p in range(depth):
                if not flags[p]:
                    continue
                span = <const short *>PyByteArray_AS_STRING(spans) + 2 * (p * height + top)
                r = 0
                while True:
                    while r < w and (span[2 * r + 1] <= left or span[2 * r] >= right):
                        r += 1  # (no column of the row's span in the window: a row of zeros)
                    if r == w:
                        break
                    a, e = max(span[2 * r] - left, 0), min(span[2 * r + 1] - left, w)  # (the span in the window)
                    to = <float *>o.buf + at + (p * w + r) * w
                    of = <const unsigned char *>s.buf + (p * height + top + r) * side + left
                    r += 1
                    if w < CHUNK:
                        for c in range(a, e):
                            to[c] = of[c] * <float>0.5
                    elif a < e:
                        c = min(a, w - CHUNK)
                        while True:
                            memcpy(chunk, of + c, CHUNK)
                            for k in range(CHUNK):
                                to[c + k] = chunk[k] * <float>0.5
                            c += CHUNK
                            if c >= e:
                                break
                            c = min(c, w - CHUNK)
        finally:
            PyBuffer_Release(&s)
    finally:
        PyBuffer_Release(&o)
    return 0


# the map planes' buffer (uint8, 3 dimensions) and their row spans (`spans`: a bytearray of two int16,
# a row's first nonzero column and one past its last, for each plane's rows; _scan_spans) checked to
# fit each other, a ValueError if not
cdef inline int _check_spans_c(Py_buffer *b, object spans) except -1:
    if b.ndim != 3 or b.itemsize != 1 or b.format[0] != c'B' or b.format[1] != 0:
        raise ValueError("the map planes are not uint8 in 3 dimensions")
    if (not isinstance(spans, bytearray)
            or PyByteArray_GET_SIZE(spans) != b.shape[0] * b.shape[1] * 2 * <Py_ssize_t>sizeof(short)):
        raise ValueError("the spans are not a bytearray of two int16 for each row of the map planes")
    if b.shape[2] > 32767:
        raise ValueError("the map planes' rows are too long for int16 spans")
    return 0


# a row's span (_scan_spans): span[0] the first column of `row` (side bytes) holding a nonzero byte,
# span[1] one past the last; (0, 0) for a row of zeros. Eight bytes a step from either end, then byte
# by byte (the rows of the marked planes after the first seven are mostly zeros)
cdef inline void _row_span_c(const unsigned char *row, Py_ssize_t side, short *span) noexcept:
    cdef Py_ssize_t lo = 0, end = side
    cdef unsigned long long word
    while lo + 8 <= side:
        memcpy(&word, row + lo, 8)
        if word:
            break
        lo += 8
    while lo < side and row[lo] == 0:
        lo += 1
    if lo == side:
        span[0] = span[1] = 0
        return
    while end - 8 > lo:  # (row[lo] is nonzero: the loops below stop after it)
        memcpy(&word, row + end - 8, 8)
        if word:
            break
        end -= 8
    while row[end - 1] == 0:
        end -= 1
    span[0], span[1] = <short>lo, <short>end


# _scan_spans' work, compiled: the spans of every row of each listed plane of the map planes, through
# one buffer, each index checked
cdef inline int _scan_spans_c(object planes, object spans, object listed) except -1:
    cdef Py_buffer b
    cdef Py_ssize_t p, y, height, side
    cdef short *to
    PyObject_GetBuffer(planes, &b, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    try:
        _check_spans_c(&b, spans)
        height, side = b.shape[1], b.shape[2]
        to = <short *>PyByteArray_AS_STRING(spans)
        for p in listed:
            if p < 0 or p >= b.shape[0]:
                raise IndexError("a plane listed lies outside the map planes")
            for y in range(height):
                _row_span_c(<const unsigned char *>b.buf + (p * height + y) * side, side, to + 2 * (p * height + y))
    finally:
        PyBuffer_Release(&b)
    return 0


# _clear_planes' work, compiled: each listed plane's rows set to 0 over the columns their spans hold
# (clipped to the row) and the spans to (0, 0), through one buffer, each index checked
cdef inline int _clear_planes_c(object planes, object spans, object listed) except -1:
    cdef Py_buffer b
    cdef Py_ssize_t p, y, lo, end, height, side
    cdef short *span
    PyObject_GetBuffer(planes, &b, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    try:
        _check_spans_c(&b, spans)
        height, side = b.shape[1], b.shape[2]
        for p in listed:
            if p < 0 or p >= b.shape[0]:
                raise IndexError("a plane listed lies outside the map planes")
            span = <short *>PyByteArray_AS_STRING(spans) + 2 * p * height
            for y in range(height):
                lo, end = max(<Py_ssize_t>span[0], 0), min(<Py_ssize_t>span[1], side)
                if end > lo:
                    memset(<char *>b.buf + (p * height + y) * side + lo, 0, end - lo)
                span[0] = span[1] = 0
                span += 2
    finally:
        PyBuffer_Release(&b)
    return 0


# _widen's work, compiled: the spans of rows y0..y1 - 1 of `plane` (`height` rows a plane) widened to
# hold columns x0..x1 - 1, each index checked
cdef inline int _widen_c(object spans, Py_ssize_t height, Py_ssize_t plane, Py_ssize_t y0, Py_ssize_t y1,
                         Py_ssize_t x0, Py_ssize_t x1) except -1:
    cdef Py_ssize_t y
    cdef short *span
    if not isinstance(spans, bytearray):
        raise TypeError("the spans are a bytearray")
    if (plane < 0 or y0 < 0 or y1 < y0 or y1 > height or x0 < 0 or x1 <= x0 or x1 > 32767
            or (plane + 1) * height * 2 * <Py_ssize_t>sizeof(short) > PyByteArray_GET_SIZE(spans)):
        raise IndexError("the rows and columns widened are no span of the planes")
    span = <short *>PyByteArray_AS_STRING(spans) + 2 * (plane * height + y0)
    for y in range(y0, y1):
        if span[1] <= span[0]:
            span[0], span[1] = <short>x0, <short>x1
        else:
            span[0], span[1] = min(span[0], <short>x0), max(span[1], <short>x1)
        span += 2
    return 0


# _zero_planes' bytes, compiled: each plane p that `planes` lists (indices along the first axis of
# `array`, C-contiguous) set to 0 by _zero_pieces, through one buffer, each index checked
cdef inline int _zero_planes_c(object array, object planes, Py_ssize_t piece) except -1:
    cdef Py_buffer b
    cdef Py_ssize_t p, plane
    PyObject_GetBuffer(array, &b, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    try:
        if b.ndim < 1 or b.shape[0] <= 0 or piece <= 0:
            raise ValueError("no planes to zero, or no zeroed pieces")
        plane = b.len // b.shape[0]
        for p in planes:
            if p < 0 or p >= b.shape[0]:
                raise IndexError("a plane to zero lies outside the array")
            _zero_pieces(<char *>b.buf + p * plane, plane, piece)
    finally:
        PyBuffer_Release(&b)
    return 0


# map_planes' first seven planes, compiled: for each of the first len(codes) planes p, over the grid's
# squares (r, c), planes[p, half + r, half + c] = 2 * (v == codes[p, 0] or v == codes[p, 1]) - (v ==
# codes[p, 2]) for v = cells[r, c] (observation._CELL_PLANES: the rule), then the hazard plane 2 where
# hazard > 0 and the entry plane 2 where entry (`entry`: a byte a square, by flat index), one plain loop a plane's row, which the C compiler turns
# into vector instructions, the bounds checked once (run as Python, _square_planes makes them with numpy).
# Only the rows whose cells, hazards or entry squares differ from those `seen` holds (its three planes:
# what was written last) are written, every row if every_row, and `seen` then takes them: a new layout
# version changes a few rows (a room laid, a door opened: 85 squares of 4,096 a version on average in
# BugHuntTactics' random play), and comparing a row is a memcmp where writing it is seven planes' loops.
# The seven planes' spans of each row written (its whole padded row, the margin too) are made again
# (_row_span_c; `spans` as _check_spans_c takes them)
@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
cdef inline int _square_planes_c(unsigned char[:, :, ::1] planes, const signed char[:, ::1] cells,
                                 const signed char[:, ::1] hazard, const unsigned char[::1] entry,
                                 Py_ssize_t half, const signed char[:, ::1] codes, signed char[:, :, ::1] seen,
                                 bint every_row, object spans) except -1:
    cdef Py_ssize_t n = cells.shape[0], p, r, c, k = codes.shape[0]
    cdef Py_ssize_t height = planes.shape[1], side = planes.shape[2]
    cdef short *span
    cdef signed char one, other, back
    cdef unsigned char *to
    cdef const signed char *of
    cdef const unsigned char *flag
    if (cells.shape[1] != n or hazard.shape[0] != n or hazard.shape[1] != n or entry.shape[0] != n * n
            or codes.shape[1] != 3 or half < 0 or planes.shape[0] < k + 2
            or planes.shape[1] < n + half or planes.shape[2] < n + half or seen.shape[0] != 3
            or seen.shape[1] != n or seen.shape[2] != n):
        raise IndexError("the colony's arrays do not fit the map planes or the squares seen")
    if (not isinstance(spans, bytearray) or side > 32767
            or PyByteArray_GET_SIZE(spans) != planes.shape[0] * height * 2 * <Py_ssize_t>sizeof(short)):
        raise ValueError("the spans are not a bytearray of two int16 for each row of the map planes")
    if n == 0:
        return 0
    for r in range(n):
        if (not every_row and memcmp(&cells[r, 0], &seen[0, r, 0], n) == 0
                and memcmp(&hazard[r, 0], &seen[1, r, 0], n) == 0 and memcmp(&entry[r * n], &seen[2, r, 0], n) == 0):
            continue  # (the row as written last)
        of = &cells[r, 0]  # (on C pointers: the rows are contiguous)
        for p in range(k):
            one, other, back = codes[p, 0], codes[p, 1], codes[p, 2]
            to = &planes[p, half + r, half]
            for c in range(n):
                to[c] = 2 * ((of[c] == one) | (of[c] == other)) - (of[c] == back)
        to = &planes[k, half + r, half]
        of = &hazard[r, 0]
        for c in range(n):
            to[c] = 2 * (of[c] > 0)
        to = &planes[k + 1, half + r, half]
        flag = &entry[r * n]
        for c in range(n):
            to[c] = 2 * flag[c]
        memcpy(&seen[0, r, 0], &cells[r, 0], n)
        memcpy(&seen[1, r, 0], &hazard[r, 0], n)
        memcpy(&seen[2, r, 0], &entry[r * n], n)
        for p in range(k + 2):
            span = <short *>PyByteArray_AS_STRING(spans) + 2 * (p * height + half + r)
            _row_span_c(&planes[p, half + r, 0], side, span)
    return 0
