# The Reactor Room figures' C types for this module's typed locals (reactor_room/game.pxd declares them).
from aliens_env.reactor_room.game cimport Marine
