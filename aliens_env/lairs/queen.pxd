# The Reactor Room figures' C types for this module's typed locals (reactor_room/game.pxd declares them).
from aliens_env.reactor_room.game cimport Alien, Marine
from aliens_env.lairs.rooms cimport RoomRules


# The lairs' chain (lairs/game.py): its records are declared in RoomRules' struct (lairs/rooms.pxd).
cdef class QueenRules(RoomRules):
    cpdef _step_mover(self)  # (the Reactor Room's, overridden: reactor_room/game.pxd)
