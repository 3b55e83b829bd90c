# The mission's end and progress, asked at each step of the game (GloriousDay._check_end, the
# observation): compiled, `game` is typed, so that its records are read from the struct
# (glorious_day/apc.pxd), not looked up.
cimport cython

from aliens_env.glorious_day.apc cimport VehicleRules

# (objective a str: compared by identity, then length, not by a call)
@cython.locals(objective=str)
cpdef check(VehicleRules game)
@cython.locals(objective=str)
cpdef progress(VehicleRules game)
