# The C types of Bug Hunt's figures and game records for this module's typed locals (bug_hunt/state.pxd
# declares them), and the rule queries the compact observation reads, called in C: the range of a step and the kept
# walking fields (their steps C slices) and the rooms not entered (geometry), the walking figures, the squad's
# goals and its next figure (policies).
cimport cython
from aliens_env.bug_hunt.state cimport Alien, GameRecords, Human
from aliens_env.bug_hunt.geometry cimport room_centres, step_range, walk_kept
from aliens_env.bug_hunt.policies cimport squad_goals, squad_next_figure, walkers

# what the observation reads of the rules and the compact layout, kept for the game: the offsets and the rooms C
# integers, the limits and the grenade pool C doubles
cdef class CompactNumbers:
    cdef object rules, layout
    cdef Py_ssize_t tactical, situation
    cdef double steps, alien_range, aliens_near, goals, rooms, aliens, egg_caches, grenade_pool
    cdef long brood_check_after_rooms
cpdef CompactNumbers compact_numbers(GameRecords game)

# the tactical rows and the situation: the figures and Aliens typed, the ranges, counts and distances C numbers
# (the limits C doubles, read from `numbers`), the walking fields int32 C slices read at the figures' squares, `out`
# a C array
@cython.locals(steps=cython.double, alien_range=cython.double, near=cython.double, tactical=cython.Py_ssize_t,
               situation=cython.Py_ssize_t, able=list, goals=list,
               rooms=tuple, to_goal="const int[:]", to_room="const int[:]", to_queen="const int[:]", rows=list,
               cols=list, alien_rows=list, alien_cols=list, queens=list, a=Alien, h=Human, nxt=cython.long,
               squad_to_queen=cython.double, features=cython.Py_ssize_t, k=cython.Py_ssize_t, i=cython.long,
               pos=cython.long, row=cython.long, col=cython.long, nearest=cython.double, within_2=cython.long,
               within_5=cython.long, j=cython.Py_ssize_t, alien_row=cython.long, alien_col=cython.long, r=cython.long,
               at=cython.Py_ssize_t, eggs=cython.long)
cdef int _write_tactical(GameRecords game, float[::1] out, CompactNumbers numbers) except -1
cdef double _scaled(double value, double limit) except? -1
# (None: no goals; the steps at or above UNREACHABLE where the walk does not reach: `beyond`)
@cython.locals(walked=cython.long, unreachable=cython.long)
cdef double _walked(const int[:] field, long square, double beyond) except? -1
