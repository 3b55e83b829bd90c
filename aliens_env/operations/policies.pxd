# The C types for this module's typed locals: the Reactor Room's figures (reactor_room/game.pxd)
# and the game (operations/game.pxd).
from aliens_env.reactor_room.game cimport Marine
from aliens_env.operations.game cimport Operations
