cimport cython

# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# the colony's engine (core/grid.pxd): targets' has_los called in C on a typed receiver
from aliens_env.core.grid cimport Grid
# the state queries and changes the figures' actions make, called in C
from aliens_env.bug_hunt.state cimport figure_at, occupied, room_of, spend
# a weapon's range (targets, marine_mask) and the sentries' fire (after_human_move), called in C
from aliens_env.bug_hunt.combat cimport sentries_fire, weapon_range
# the layout laid as the squad sees it (after_human_move, the door and APC actions), called in C
from aliens_env.bug_hunt.explore cimport reveal

# the door cell codes marine_mask and marine_action compare (colony.py's): C constants in the compiled module (Python sees them only
# when the module runs as Python)
cdef long DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED

# called in C by marine_mask (once per figure's decision), or by each other
cpdef list targets(GameRecords game)
cpdef list target_ranges(GameRecords game)
cpdef bint can_grenade(GameRecords game, object i)
cpdef can_use_comms(GameRecords game, object i)
cpdef tuple _grenade_targets(GameRecords game, object pos)
cpdef after_human_move(GameRecords game, object i)
@cython.locals(t=tuple, k=cython.Py_ssize_t)
cpdef bint _grenade_slots_read(GameRecords game, signed char[:] mask)

# the mask (int8, MASK_DTYPE) written through m as a C array; the AP, costs and slots C integers
@cython.locals(h=Human, m=cython.schar[:], ap=cython.long, move_cost=cython.long, enter=cython.long,
               cell=cython.int, move=cython.Py_ssize_t, fire=cython.Py_ssize_t, d=cython.Py_ssize_t,
               k=cython.Py_ssize_t, rng_w=cython.long, ranges=list, near=tuple, around=list, occ=set, s=dict,
               cost=dict)
cpdef marine_mask(GameRecords game, object mask, bint script=*)
