# The C types for this module's typed locals: the Reactor Room's figures (reactor_room/game.pxd)
# and the lairs' games (lairs/rooms.pxd: RoomRules, the base of every lairs scenario's game).
from aliens_env.reactor_room.game cimport Marine
from aliens_env.core.game cimport Decision
from aliens_env.lairs.rooms cimport RoomRules
