# The mission's end and progress, asked at each step of the game (GloriousDay._check_end, the
# observation): compiled, `game` is typed, so that its records are read from the struct
# (glorious_day/apc.pxd), not looked up.
from aliens_env.glorious_day.apc cimport VehicleRules

cpdef check(VehicleRules game)
cpdef progress(VehicleRules game)
