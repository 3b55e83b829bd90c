# The figures' and the game's C types for heuristic.py's typed locals (game.pxd declares them).
from aliens_env.core.actions cimport ActionLayout
from aliens_env.reactor_room.game cimport Alien, Marine, ReactorRoom
