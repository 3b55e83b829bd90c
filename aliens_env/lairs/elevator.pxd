# The C types for this module's typed locals: the Reactor Room's Marine (reactor_room/game.pxd) and
# the lairs' games (lairs/rooms.pxd: RoomRules, the base of every lairs scenario's game, which the
# ElevatorRescue mixin is mixed into).
from aliens_env.reactor_room.game cimport Marine
from aliens_env.lairs.rooms cimport RoomRules
# HuntForTheQueen, cimported: ElevatorRescue's _start_phase call its steps by name in C
from aliens_env.lairs.game cimport HuntForTheQueen

# The rescue scenarios' rescue layer of the mask (ElevatorRescue._rescue_mask): a C call from their
# _compute_marine_mask
cpdef rescue_mask(RoomRules game, mask, held)
