# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human

# a weapon's range, called in C by this module's functions and marines'
cpdef weapon_range(GameRecords game, object weapon)

# called in C by marines.after_human_move (at every move of a figure)
cpdef sentries_fire(GameRecords game, object who)

# called in C by this module's functions (over-watch asks them for every figure at every Alien's AP)
cpdef bint could_fire_at(GameRecords game, Human h, object square)
cpdef bint can_overwatch(GameRecords game, object j, object i)
