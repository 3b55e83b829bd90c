# The C types for complete.py's typed locals: the Reactor Room's Marine (reactor_room/game.pxd), the
# characters of the stages the tally reads at every observe (exit_points), and the lairs' games
# (lairs/rooms.pxd: RoomRules), whose queen_dead the campaign view reads at every observe.
from aliens_env.reactor_room.game cimport Marine
from aliens_env.lairs.rooms cimport RoomRules


# the tally of the stage being played, asked at every observe (victory_points): called in C
cpdef exit_points(stage, g)
