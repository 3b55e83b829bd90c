cimport cython

# The C types of Bug Hunt's game records and figures for this module's typed locals (bug_hunt/state.pxd declares them).
from aliens_env.bug_hunt.state cimport GameRecords, Human
# the rule of a kept reading of an append-only list (layout_ports' settled ports), in C
from aliens_env.bug_hunt.state cimport items_read
# the colony's engine (core/grid.pxd): its cpdef queries (has_los) called in C on a typed receiver, and the
# squares a segment passes through (line_steps) in C
from aliens_env.core.grid cimport Grid, line_steps
# the kept results: per layout version (the mouths) and across versions (the ports settled), called in C
from aliens_env.bug_hunt.geometry cimport lasting_cache, layout_cache

# called in C by the Marines' moves (marines.after_human_move, the door and APC actions)
@cython.locals(col=Grid, kept=tuple, blind=set, viewers=list, found=cython.int, piece=dict, h=Human)
cpdef reveal(GameRecords game, object viewer=*)

# the colony's cell codes a typed view, made once for its array (final: no class derives from it)
@cython.final
cdef class CellCodes:
    cdef readonly object array
    cdef readonly const signed char[:, :] codes

# called in C by _first_seen (the view kept across layout versions)
@cython.locals(lasting=dict, kept=CellCodes)
cpdef CellCodes cell_codes(GameRecords game)

# the rules _first_seen read its sight and reveal ranges from last (checked by identity), and those ranges
cdef object _ranges_rules
cdef int _sight_range, _reveal_reach

# reveal's scan of the mouths, in C
@cython.locals(rows=list, cols=list, reach=cython.int, sight=cython.int, i=cython.Py_ssize_t, j=cython.Py_ssize_t,
               t=cython.Py_ssize_t, entry=tuple, mouths=list, v=cython.int, vr=cython.int, vc=cython.int, m=cython.int,
               mr=cython.int, mc=cython.int, cells=CellCodes)
cdef int _first_seen(GameRecords game, Grid col, list mouths_now, list viewers) except? -2

# reveal's sight test of one mouth, in C
@cython.locals(opaque=bytes, width=cython.int, step=cython.int, s=cython.int)
cdef bint _sees(Grid col, const signed char[:, :] cells, int v, int m, int sight) except -1

# called in C by reveal at every turn of its loop (and by reopen)
@cython.locals(col=Grid, shared=dict, lasting=dict, ports=list, port=dict, state=str, kind=str, settled=tuple, first=cython.Py_ssize_t,
               kept_first=cython.Py_ssize_t, first_pending=cython.Py_ssize_t, k=cython.Py_ssize_t, width=cython.int,
               height=cython.int, r=cython.int, c=cython.int, dr=cython.int, dc=cython.int, s=cython.int, q=list,
               mouths=list)
cpdef tuple layout_ports(GameRecords game)

# the layout's seeded dice (LayoutDice): the Mersenne Twister's constants and init_genrand's state, C globals
cdef Py_ssize_t _N, _M
cdef unsigned int _MATRIX_A, _UPPER_MASK, _LOWER_MASK, _TEMPER_B, _TEMPER_C, _WORD
cdef unsigned int _TWISTER_START[624]

# its state a C array, seeded and drawn in C (final: no class derives from it)
@cython.final
cdef class LayoutDice:
    cdef unsigned int mt[624]
    cdef Py_ssize_t index
    @cython.locals(data=bytes, key=bytes, last=cython.Py_ssize_t, top=cython.Py_ssize_t, n_key=cython.Py_ssize_t, kp=cython.p_uchar,
                   mt=cython.p_uint, start=cython.p_uint, n=cython.Py_ssize_t, word=cython.uint, i=cython.Py_ssize_t,
                   j=cython.Py_ssize_t, k=cython.Py_ssize_t, at=cython.Py_ssize_t, w=cython.uint, prev=cython.uint)
    cpdef seed(self, str seed)
    @cython.locals(mt=cython.p_uint, k=cython.Py_ssize_t, y=cython.uint)
    cdef unsigned int _draw(self)
    @cython.locals(r=cython.uint)
    cpdef int d6(self) except -1

# called in C by lock_roll
@cython.locals(lasting=dict, dice=LayoutDice)
cpdef LayoutDice seeded_dice(GameRecords game, str seed)
