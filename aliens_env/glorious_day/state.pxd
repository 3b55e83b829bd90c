# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
cimport cython

from aliens_env.glorious_day.apc cimport VehicleRules
from aliens_env.glorious_day.large_models cimport kept_footprint

# bfs's loop on C ints when compiled (state.py: the same code run as Python)
@cython.locals(d=cython.int, s=cython.int, k=cython.int, m=cython.int, i=Py_ssize_t, lo=Py_ssize_t, tail=Py_ssize_t)
cdef int _breadth_first_layers(int[:] first, int[:] nexts, list dist, bytearray mark, bytearray want, int left,
                               int[:] queue, Py_ssize_t hi, object limit) except -1
# _bfs_reach's and nearest_in_reach's search on C ints (state.py); cpdef: aliens.py imports it too (compiled,
# aliens.pxd cimports it: a C call)
@cython.locals(tail=Py_ssize_t, i=Py_ssize_t, layer=cython.int, s=cython.int, k=cython.int, m=cython.int)
cpdef Py_ssize_t _reach_layers(int[:] first, int[:] nexts, bytearray mark, int[:] queue, Py_ssize_t lo,
                               Py_ssize_t hi, int limit) except -1
# _nearest_steps' loops on C ints (state.py)
@cython.locals(s=Py_ssize_t)
cdef int _lower_steps(int[:] least, int[:] row, Py_ssize_t n) except -1
@cython.locals(s=Py_ssize_t, out=list, far=cython.int)
cdef list _steps_list(int[:] least, Py_ssize_t n)

# move_targets' and vehicle_moves' ends in square order (state.py)
@cython.locals(s=Py_ssize_t, out=list)
cdef list _marked_squares(bytearray marks, int bit, Py_ssize_t n)

# cpdef: a C call from this module's queries; policies.py imports it too
cpdef bint is_jammed(dict ch) except -1

cdef class StateQueries(VehicleRules):
    # cpdef: called in C from the chain's own methods (glorious_day/apc.pxd says how)
    cpdef stats_of(self, c)
    cpdef weapon_of(self, c)
    cpdef synthetic_on_board(self)
    cpdef in_play(self)
    cpdef pilot(self)
    cpdef queen_squares(self)
    cpdef loader_squares(self)
    cpdef occupied(self)
    cpdef int _mark_held(self, bytearray marks, int other, int character) except -1
    cpdef bfs(self, sources, closed, limit=*, until=*)
    cpdef _flat_nbrs(self)
    cpdef reach(self, start, closed, limit, more=*)
    cpdef reach_split(self, start, closed, limit, more=*)
    cpdef _closed_near(self, start, closed, limit, more=*)
    cpdef _dist_row(self, start)
    cpdef _open_reach(self, start, limit)
    cpdef _closed_reach(self, start, near, limit)
    cpdef _bfs_reach(self, start, closed, limit)
    cpdef move_targets(self, c)
    cpdef vehicle_moves(self, c, closed, speed)
    cpdef _occupied_marks(self)
    cpdef attack_targets(self, c)
    cpdef _attack_targets(self, c)
    cpdef can_attack_queen(self, c)
    cpdef barricade_dirs(self, c)
    cpdef _door_steps(self, pos)
    cpdef newt_adjacent(self, c)
    cpdef set_down_dirs(self, c)
    cpdef token_targets(self, c)
    cpdef _character_squares(self)
    cpdef _character_places(self)
    cpdef _merged_character_squares(self)
    cpdef _character_field(self, chars, through_barricades, targets)
    cpdef _nearest_steps(self, sources)
    cpdef _least_row(self, squares, least=*)
    cpdef _square_steps(self, square)
    cpdef _vehicle_steps(self)
    cpdef can_react(self, moment)
