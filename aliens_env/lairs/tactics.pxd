# The lairs' games' C type for this module's typed locals (lairs/rooms.pxd: RoomRules, the base of
# every lairs scenario's game).
from aliens_env.lairs.rooms cimport RoomRules
