# The front class of the lairs' chain (its records are declared in RoomRules' struct: lairs/rooms.pxd).
from aliens_env.lairs.observation cimport LairsObservation

cdef class HuntForTheQueen(LairsObservation):
    pass
