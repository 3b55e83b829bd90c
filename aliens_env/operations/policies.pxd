# The C types for this module's typed locals: the Reactor Room's figures (reactor_room/game.pxd)
# and the game (operations/game.pxd).
from aliens_env.core.actions cimport ActionLayout
from aliens_env.reactor_room.game cimport Marine
# (the heuristic's helpers called at every activation, in C; not safe_grenades, called only with a
# grenade legal: looked up in the module, where tests/operations replace it to watch its calls)
from aliens_env.reactor_room.heuristic cimport closest_step, grenade_legal, move_actions
from aliens_env.operations.game cimport Operations

# The module's helpers, cpdef: called in C from OperationsMarines' methods (a Python-level call
# each, else), and from Python as before. Their arguments' C types are declared here (a cpdef
# function's arguments take them from its declaration, not from @cython.locals).
cpdef marine_field(Operations game, targets)
cpdef goal_of(Operations game, Marine m, tuple fields)
cpdef goal_fields(Operations game, wait_range)
cpdef ahead_of_newt(Operations game, exits)
