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


# _compute_mask's entries set (compiled): the mask's bytes written through the pointer marines.pxd's _mask_bytes
# hands out after its one check of the buffer (int8, one dimension, contiguous), the entries checked against the
# length read with it
from aliens_env.bug_hunt.marines cimport _mask_bytes


cdef _mark(object mask, Py_ssize_t start, object indices)


cdef inline int _mark_bytes(object mask, Py_ssize_t start, object indices) except -1:
    cdef Py_ssize_t size, at
    cdef signed char *entries = _mask_bytes(mask, 0, &size)
    for i in indices:
        at = start + <Py_ssize_t>i
        if not 0 <= at < size:
            raise IndexError(f"mask entry {at} is out of range 0-{size - 1}")
        entries[at] = 1
    return 0
