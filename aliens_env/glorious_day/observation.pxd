# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
cimport cython

from aliens_env.glorious_day.aliens cimport AlienRules
from aliens_env.glorious_day.missions cimport progress as mission_progress

cdef class Observation(AlienRules):
    # cpdef: called in C from observe and _observe_public (each step; glorious_day/apc.pxd says how)
    cpdef _observe_public(self)
    cpdef _public(self)
    # values, blank: the kept array's and the template's floats (_Views), written and read in C;
    # shown_aliens: the Aliens' squares and counts as shown (an array of C longs), likewise
    @cython.locals(shown_aliens=long[::1])
    cpdef _write_public(self, obs, float[::1] values, template, float[::1] blank, dict last)
    # (`list counts`: compiled, a tuple is refused)
    cpdef _global_value(self, Py_ssize_t i, list counts)
    # values, blank: _Views' (as _write_public's); _observe_large and _add_hive_knowledge write typed views too
    cpdef _write_anew(self, obs, float[::1] values, float[::1] blank, group)
    cpdef _write_view(self, float[::1] values, float[::1] blank, view, key)
    cpdef _char_row(self, c, pos)
    cpdef _observe_large(self, float[::1] values)
    cpdef _observe_mission(self, obs)
    cpdef _add_hive_knowledge(self, float[::1] obs)

# the columns of a Character's row that changed (_write_public's keys: tuples)
cpdef _char_cells(float[::1] obs, Py_ssize_t at, tuple was, tuple key, w, h)
cpdef _mark(float[::1] obs, float[::1] template, Py_ssize_t plane, old, new)
cpdef _typed(float[::1] buffer)
