# The action layout as a C type when compiled (Cython reads this file beside actions.py): a game
# whose struct types its ``layout`` as ActionLayout (reactor_room/game.pxd) calls encode, decode
# and empty_mask in C, and reads the slices without Python's attribute lookup.
cdef class ActionLayout:
    cdef public dict slices
    cdef public list _labels, _owner, _specs
    cdef public object size
    cpdef encode(self, name, index=*)
    cpdef decode(self, action)
    cpdef empty_mask(self)
