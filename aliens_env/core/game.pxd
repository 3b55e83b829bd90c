# The games' C types when compiled, and their open Decision's (Cython reads this file beside
# game.py): the attributes a game reads at every step live in the object's struct, read without
# Python's attribute lookup in the methods of these classes and of the extension types derived from
# them (reactor_room/game.pxd, glorious_day/apc.pxd, bug_hunt/state.pxd). A game keeps its other
# attributes in its __dict__. (Not `dice` here: the Movie chains, Games too, make it a property,
# which a struct field would bypass; a ruleset whose games no chain derives from may keep it in its
# own struct.)
cdef class Game:
    cdef dict __dict__
    cdef object __weakref__


# A PhasedGame's open decision, its fields read in C where the game is typed.
cdef class Decision:
    cdef public object player, kind, options


cdef class PhasedGame(Game):
    cdef public Decision decision
    cdef public list events
    cdef public dict stats, _cache
    # True while a commander's tactic plays (core/commander.py), which script_mask reads, False between its
    # commands; None in a game no commander plays
    cdef public object _executing
    # the side a commander commands (core/commander.py sets it: its decisions get the script mask while a
    # tactic plays); None in a game no commander plays
    cdef public object _commanded_side
    # cpdef: called at every step by this class's methods and the typed rulesets' (a C call there);
    # no game overrides them (a Python subclass still could: Cython checks for an override)
    cpdef _current_mask(self)
    cpdef legal_mask_kept(self, player)
    cpdef current_player(self)
    cpdef _decide(self, kind, options=*)
    cpdef script_mask(self, player)
    # the phase loop and its end check, C calls where the game is typed (_apply, a commander's _apply; _run
    # calls _settle): a ruleset's own _settle or _run, an extension type's or a Python class's, overrides them
    # (compiled, an extension type's def of the same name is a C override)
    cpdef _run(self)
    cpdef _settle(self)
    # the rulesets' hooks the loop calls (cpdef: a C call where an extension type implements them, as
    # BugHunt's; a Python class's def, the commander's among them, still overrides them)
    cpdef _compute_mask(self)
    cpdef _compute_script_mask(self)
    cpdef _resolve(self, action)
    cpdef _advance(self)


# (declared here, not cimported from Cython's cpython.buffer: the package's .pxd files cimport only
# its own modules, tests/test_compiled.py)
cdef extern from "Python.h":
    enum:
        PyBUF_SIMPLE
    int PyObject_GetBuffer(object obj, Py_buffer *view, int flags) except -1
    void PyBuffer_Release(Py_buffer *view)


cdef extern from "<string.h>" nogil:
    void *memcpy(void *dest, const void *src, size_t n)


# lone_legal's C loop (compiled): the mask's bytes read through its buffer, 8 at a time while they are
# zero, up to its second legal action
cdef inline Py_ssize_t _lone_legal_c(object mask) except -3:
    cdef Py_buffer view
    cdef const unsigned char *entries
    cdef unsigned long long word
    cdef Py_ssize_t i = 0, end, size, found = -1
    PyObject_GetBuffer(mask, &view, PyBUF_SIMPLE)
    try:
        if view.itemsize != 1:
            raise ValueError("a mask is not one byte an action")
        entries = <const unsigned char *>view.buf
        size = view.len
        while i < size:
            end = size
            if i + 8 <= size:
                memcpy(&word, entries + i, 8)
                if not word:
                    i += 8
                    continue
                end = i + 8
            while i < end:
                if entries[i]:
                    if found >= 0:
                        return -2
                    found = i
                i += 1
        return found
    finally:
        PyBuffer_Release(&view)


# PhasedGame._run's question of every mask it counts, a C call there
cpdef Py_ssize_t lone_legal(object mask) except -3
