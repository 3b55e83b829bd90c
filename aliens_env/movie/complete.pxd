# The Reactor Room's Marine as a C type for complete.py's typed locals (reactor_room/game.pxd declares
# it): the characters of the stages the tally reads at every observe (exit_points).
from aliens_env.reactor_room.game cimport Marine
