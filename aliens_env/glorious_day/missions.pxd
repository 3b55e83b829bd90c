# The mission's end and progress, asked at each step of the game (GloriousDay._check_end, the
# observation): compiled, `game` is typed, so that its records are read from the struct
# (glorious_day/apc.pxd), not looked up; the objective is a number compared in C.
cimport cython

from aliens_env.glorious_day.apc cimport VehicleRules

# the objectives' numbers: C constants in the compiled module (missions.py sets them; Python sees
# them only when the module runs as Python)
cdef long RESCUE, ESCAPE, SURVIVE, TOKENS, KILLS, DRIVE, AIRLOCK, QUEEN

@cython.locals(ch=dict, inside=frozenset, count=Py_ssize_t)
cpdef aboard(VehicleRules game)
@cython.locals(objective=long)
cpdef check(VehicleRules game)
@cython.locals(objective=long)
cpdef progress(VehicleRules game)
