# The figures' and the game's C types for heuristic.py's typed locals (game.pxd declares them).
from aliens_env.core.actions cimport ActionLayout
from aliens_env.reactor_room.game cimport Alien, Marine, ReactorRoom


# The module's helpers, cpdef: called in C from the scripted marines' methods here (a Python-level
# call each, else), and as before from Python (the lairs' and Operations' scripted marines import
# them). The game's type is declared here, not in @cython.locals (a cpdef function's arguments
# take their C types from its declaration).
cpdef best_shot(ReactorRoom game, m_index, a)
cpdef legal_set(mask)
cpdef legal_action(ActionLayout lay, legal, kind, k=*)
cpdef move_actions(ReactorRoom game, legal)
cpdef closest_step(ReactorRoom game, pos, goal, moves, barred=*)
cpdef grenade_legal(ReactorRoom game, legal)
cpdef safe_grenades(ReactorRoom game, legal, even_on_card=*)
