# The first of the lairs' classes in the chain over the Reactor Room (lairs/game.py): compiled, an
# extension type. It holds the records of every lairs game, whichever class of the chain writes
# them, so that the methods of all of them (RoomRules, QueenRules, LairsObservation,
# HuntForTheQueen) read them from the struct. None of these names may be a class attribute or a
# property of a subclass (MarineAssault, RescueOfNewt, the Complete Movie's stages, the Tactics env).
from aliens_env.reactor_room.game cimport ReactorRoom

cdef class RoomRules(ReactorRoom):
    cdef public object hunt, rooms, room_of, stairwells, elevator, cocooning, kinds, _special_slots
    cdef public object room_deck, sentry_deck, flipped, appear_at, facehugged, riders, elevator_at
    cdef public object queen_damage, queen_dead, queen_hit, queen_steps, queen_from, queen_attacks, _queen_scales
    cdef public object _room_fields, _lairs_at, _obs_state, _tail_at, _kind_plane
    # (games pickled by 4674b8d and older load with _row_at, _row_bytes, _where and _marine_plane_at,
    # struct fields then, in their __dict__: unused since session 39, carried on by clones and pickles)
    cpdef _move_marine(self, i, direction)  # (the Reactor Room's, overridden: reactor_room/game.pxd)
