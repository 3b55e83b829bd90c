# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
from aliens_env.glorious_day.aliens cimport AlienRules
from aliens_env.glorious_day.missions cimport progress as mission_progress

cdef class Observation(AlienRules):
    # cpdef: called in C from observe and _observe_public (each step; glorious_day/apc.pxd says how)
    cpdef _observe_public(self)
    # (`list counts`: compiled, a tuple is refused)
    cpdef _global_value(self, Py_ssize_t i, list counts)
    cpdef _write_anew(self, obs, template, group)
    cpdef _write_view(self, obs, template, view, key)
    cpdef _char_row(self, c, pos)
    cpdef _observe_large(self, obs)
    cpdef _observe_mission(self, obs)
    cpdef _add_hive_knowledge(self, obs)

# the columns of a Character's row that changed (_observe_public's keys: tuples)
cpdef _char_cells(obs, at, tuple was, tuple key, w, h)
