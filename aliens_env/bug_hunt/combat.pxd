cimport cython

# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them).
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
# the range between two squares (could_fire_at, at every over-watching figure's check), called in C
from aliens_env.bug_hunt.geometry cimport rng

# a weapon's range, called in C by this module's functions and marines'
cpdef weapon_range(GameRecords game, object weapon)

# called in C by marines.after_human_move (at every move of a figure)
cpdef sentries_fire(GameRecords game, object who)

# called in C by this module's functions (over-watch asks them for every figure at every Alien's AP)
cpdef bint could_fire_at(GameRecords game, Human h, object square)
cpdef bint can_overwatch(GameRecords game, object j, object i)

# called in C by xeno.target_field (in_combat, for every human at every hive step) and xeno.rulebook_steps
# (humans_beside, at every Alien's step); their squares' rows and columns C integers
@cython.locals(h=Human, a=Alien, hr=cython.Py_ssize_t, hc=cython.Py_ssize_t, ar=cython.Py_ssize_t,
               ac=cython.Py_ssize_t, s=cython.Py_ssize_t, rows=list, cols=list, aliens=list, i=cython.Py_ssize_t)
cpdef bint in_combat(GameRecords game, Py_ssize_t j, Py_ssize_t exclude=*) except -1
@cython.locals(h=Human, r=cython.Py_ssize_t, c=cython.Py_ssize_t, s=cython.Py_ssize_t, hr=cython.Py_ssize_t,
               hc=cython.Py_ssize_t, rows=list, cols=list, beside=list)
cpdef list humans_beside(GameRecords game, object square)
