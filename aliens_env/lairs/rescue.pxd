# The C types for this module's typed locals: the Reactor Room's Marine (reactor_room/game.pxd) and
# the lairs' games (lairs/rooms.pxd: RoomRules, the base of every lairs scenario's game).
from aliens_env.reactor_room.game cimport Marine
from aliens_env.lairs.rooms cimport RoomRules
# HuntForTheQueen, cimported: RescueOfNewt's _compute_marine_mask and _marine_action call its steps by name in C
from aliens_env.lairs.game cimport HuntForTheQueen
# the rescue layer of the mask (elevator.pxd): a C call from _compute_marine_mask
from aliens_env.lairs.elevator cimport rescue_mask
