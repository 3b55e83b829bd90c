# Glorious Day's chain of rule classes (glorious_day/game.py): its records are declared at its root
# (VehicleRules, glorious_day/apc.pxd).
cimport cython

from aliens_env.glorious_day.hivemind cimport HivemindRules
from aliens_env.glorious_day.state cimport _reach_layers

# nearest_in_reach's choice on C ints (aliens.py: the same code run as Python; the search: state.pxd's
# _reach_layers)
@cython.locals(tail=Py_ssize_t, i=Py_ssize_t, s=cython.int, here=cython.int, least=cython.int, best=cython.int,
               level=cython.int, out=list)
cdef list _nearest_free(int[:] first, int[:] nexts, int[:] queue, bytearray mark, bytearray taken, list field,
                        int start, int steps, int far)

cdef class AlienRules(HivemindRules):
    # cpdef: called in C from the chain's own methods (glorious_day/apc.pxd says how)
    cpdef _choose(self, task, kind, options)
    # tables, methods: dicts (compiled: their reads are dict reads, not looked-up .get calls)
    @cython.locals(tables=dict, methods=dict)
    cpdef _work(self)
    cpdef _done(self, task)
    cpdef alien_destinations(self, slot)
    cpdef blip_destinations(self, slot, steps)
    cpdef _free_near(self, squares)
    # (its callers here pass every argument by position: a call with a keyword is a Python call)
    cpdef nearest_in_reach(self, start, steps, through_barricades=*, targets=*, _chars=*, _field=*)
