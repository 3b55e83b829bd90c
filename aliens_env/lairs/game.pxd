# The front class of the lairs' chain (its records are declared in RoomRules' struct: lairs/rooms.pxd).
from aliens_env.reactor_room.game cimport Alien, Marine
from aliens_env.lairs.observation cimport LairsObservation

cdef class HuntForTheQueen(LairsObservation):
    # the Reactor Room's overridden steps (reactor_room/game.pxd)
    cpdef _start_phase(self, phase)
    cpdef _destinations(self, start, goal, steps)
    cpdef _compute_marine_mask(self)
    cpdef _marine_action(self, kind, index)
    cpdef _marines_gone(self)
    # LairsObservation's hook (observation.pxd)
    cpdef _observe_lairs(self, state, survivors)
