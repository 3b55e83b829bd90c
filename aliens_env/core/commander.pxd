# commander.py's methods read the game's open decision and cache from its struct when compiled: a
# commanded side is always a PhasedGame (core/game.pxd), named in their @cython.locals.
from aliens_env.core.game cimport Decision, PhasedGame
