cimport cython

# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# the colony's engine (core/grid.pxd): targets' has_los called in C on a typed receiver
from aliens_env.core.grid cimport Grid
# the state queries and changes the figures' actions make, called in C
from aliens_env.bug_hunt.state cimport figure_at, occupied, room_of, spend, taken_beside
# what targets and marine_mask read of the features (kept while the features list is the same and as long)
from aliens_env.bug_hunt.state cimport FeatureIndex, feature_index
# a weapon's range (targets, marine_mask) and the sentries' fire (after_human_move), called in C
from aliens_env.bug_hunt.combat cimport sentries_fire, weapon_range
# the layout laid as the squad sees it (after_human_move, the door and APC actions), called in C
from aliens_env.bug_hunt.explore cimport reveal
# the kept results (per layout version, and across versions), called in C
from aliens_env.bug_hunt.geometry cimport lasting_cache, layout_cache, step_range

# the door cell codes marine_mask and marine_action compare (colony.py's): C constants in the compiled module (Python sees them only
# when the module runs as Python)
cdef long DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED

# the action slots, AP costs and ranges marine_mask and targets read, as C fields (looked up once per rules and action layout);
# final: no class derives from it
@cython.final
cdef class MaskNumbers:
    cdef readonly object rules, slot
    cdef readonly dict fire_cost, fire_range
    cdef readonly long sight_range, grenade_range
    cdef readonly long move_cost, door_cost, weld_cost, unweld_cost, equip_cost, pick_lock_cost, overwatch_cost
    cdef readonly long grenade_cost, step_cost
    cdef readonly Py_ssize_t move, move_diagonal, door, weld, unweld, equip, pick_lock, comms, fire, overwatch, grenade
    cdef readonly Py_ssize_t end, written

# the MaskNumbers marine_numbers handed out last (checked first: two identity checks; it serves every game of
# the same rules and action layout, whose slots are one dict: BugHunt's _shared_slots)
cdef MaskNumbers _last_numbers
cpdef MaskNumbers marine_numbers(GameRecords game)

# called in C by marine_mask (once per figure's decision), or by each other
cpdef list targets(GameRecords game, MaskNumbers numbers=*, FeatureIndex index=*)
# targets and their ranges, kept as one entry of the game's cache (targets' and target_ranges')
cdef tuple _targets_kept(GameRecords game, MaskNumbers numbers=*, FeatureIndex index=*)
cpdef list target_ranges(GameRecords game, MaskNumbers numbers=*, FeatureIndex index=*)
cpdef bint can_grenade(GameRecords game, object i)
cpdef can_use_comms(GameRecords game, object i)
cpdef dict _grenade_targets(GameRecords game, object pos)
cpdef after_human_move(GameRecords game, object i)
@cython.locals(t=tuple, k=cython.Py_ssize_t)
cdef bint _grenade_slots_read(GameRecords game, const signed char *mask, Py_ssize_t size) except -1


# (declared here, not cimported from Cython's cpython.buffer: the package's .pxd files cimport only
# its own modules, tests/test_compiled.py)
cdef extern from "Python.h":
    enum:
        PyBUF_WRITABLE
        PyBUF_FORMAT
        PyBUF_C_CONTIGUOUS
    int PyObject_GetBuffer(object obj, Py_buffer *view, int flags) except -1
    void PyBuffer_Release(Py_buffer *view)


cdef extern from "<string.h>" nogil:
    void *memset(void *s, int c, size_t n)


# marine_mask's mask (int8, MASK_DTYPE: an array of the action layout's size) as a C pointer to its bytes,
# checked once to be one dimension of int8, contiguous and at least `written` long (every slot marine_mask writes
# through the pointer is below MaskNumbers.written): no bounds checked at each write. Its length is written to
# `size` where one is given (marine_mask zeroes a script mask's that many bytes; the game's _mark_bytes,
# bug_hunt/game.pxd, checks its entries against it, `written` 0). A typed
# memoryview cost about 1,200 instructions a mask to set up (its release more), the buffer about 450. The buffer is
# released at once: the pointer stays valid while the caller holds the array (numpy's data does not move; nothing
# resizes it meanwhile).
cdef inline signed char *_mask_bytes(object mask, Py_ssize_t written, Py_ssize_t *size=NULL) except NULL:
    cdef Py_buffer view
    cdef signed char *out
    PyObject_GetBuffer(mask, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    try:
        if (view.ndim != 1 or view.itemsize != 1 or view.format[0] != c'b' or view.format[1] != 0
                or view.shape[0] < written):
            raise ValueError("an action mask is not int8 in one dimension as long as the action layout's slots")
        out = <signed char *>view.buf
        if size != NULL:
            size[0] = view.shape[0]
    finally:
        PyBuffer_Release(&view)
    return out


# the mask (int8, MASK_DTYPE) written through m, a C pointer to its bytes (_mask_bytes), of size entries; the
# AP, costs and slots C integers (the costs and slots read from marine_numbers' C fields)
@cython.locals(h=Human, m=cython.p_schar, size=cython.Py_ssize_t, ap=cython.long, move_cost=cython.long,
               enter=cython.long, cell=cython.int, move=cython.Py_ssize_t, fire=cython.Py_ssize_t, d=cython.Py_ssize_t,
               k=cython.Py_ssize_t, rng_w=cython.long, ranges=list, near=tuple, around=list, taken=cython.long,
               numbers=MaskNumbers, index=FeatureIndex, beside=cython.bint, grenade=cython.Py_ssize_t,
               slot=cython.Py_ssize_t)
cpdef marine_mask(GameRecords game, object mask, bint script=*)
