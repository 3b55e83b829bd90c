# The C types of Glorious Day's game and action layout for this module's typed locals (the game's
# records: glorious_day/apc.pxd; its queries: state.pxd): compiled, a tactic reads the records from
# the struct and calls the queries and the layout's encode and decode in C.
from aliens_env.core.actions cimport ActionLayout
from aliens_env.glorious_day.game cimport GloriousDay
