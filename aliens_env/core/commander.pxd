# commander.py's methods read the game's open decision and cache from its struct when compiled: a
# commanded side is always a PhasedGame (core/game.pxd), named in their @cython.locals; and the
# layout's decode is a C call.
cimport cython

from aliens_env.core.actions cimport ActionLayout
from aliens_env.core.game cimport Decision, PhasedGame

# the commander's mask, a C call from _compute_mask (and a Python function still)
@cython.locals(masks=dict)
cpdef command_mask(size, tactic_slice)
