# The Reactor Room figures' C types for this module's typed locals (reactor_room/game.pxd declares them).
cimport cython
from aliens_env.reactor_room.game cimport Alien, Marine
from aliens_env.reactor_room.observation cimport ObsRecord
from aliens_env.lairs.queen cimport QueenRules


# The lairs' record of their last observation: pickled as the Reactor Room's (its __reduce__, the
# owner alone), never by Cython's own pickling of the fields.
@cython.auto_pickle(False)
cdef class LairsRecord(ObsRecord):
    cdef public object active, flipped, lairs, scenario
    cdef public Py_ssize_t dead


# The lairs' chain (lairs/game.py): its records are declared in RoomRules' struct (lairs/rooms.pxd).
cdef class LairsObservation(QueenRules):
    # the hooks _observe_record calls at every observe: cpdef, called in C (HuntForTheQueen's
    # _observe_lairs, lairs/game.pxd); a Python scenario (MarineAssault, RescueOfNewt) overrides
    # the scenario's two as a def, found by Cython's check for one
    cpdef _observe_lairs(self, state, survivors)
    cpdef _scenario_key(self)
    cpdef _observe_scenario(self, buf, key)
