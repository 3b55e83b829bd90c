# The C types for this module's typed locals: the Reactor Room's Marine (reactor_room/game.pxd) and
# the lairs' games (lairs/rooms.pxd: RoomRules, the base of every lairs scenario's game).
from aliens_env.reactor_room.game cimport Marine
from aliens_env.lairs.rooms cimport RoomRules
# HuntForTheQueen: the next class of MarineAssault's steps, called in C on the typed game
from aliens_env.lairs.game cimport HuntForTheQueen

# MarineAssault.rescue_options: a C call from its _compute_marine_mask
cpdef list rescue_options_of(RoomRules game, cocooned, unarmed, Py_ssize_t i)
# the rescue layer of the mask (elevator.pxd): a C call from _compute_marine_mask
from aliens_env.lairs.elevator cimport rescue_mask
