# The Reactor Room figures' C types for this module's typed locals (reactor_room/game.pxd declares them).
from aliens_env.reactor_room.game cimport Alien, Marine
from aliens_env.reactor_room.observation cimport ObsRecord
from aliens_env.lairs.queen cimport QueenRules


# The lairs' chain (lairs/game.py): its records are declared in RoomRules' struct (lairs/rooms.pxd).
cdef class LairsObservation(QueenRules):
    pass
