# The Reactor Room figures' C types for this module's typed locals (reactor_room/game.pxd declares them).
from aliens_env.reactor_room.game cimport Alien, Marine, ReactorRoom

# the bits of square_flags: C constants in the compiled module (game.py sets them; Python sees
# them only when the module runs as Python)
cdef long FURNITURE, DUCT, AIRLOCK, JUNCTION


# Operations itself: its own records in the struct, read without Python's attribute lookup in its
# methods (the Reactor Room's in reactor_room/game.pxd; the rest in the __dict__). None of these
# names may be a class attribute or a property of a subclass (MovieOperations, the Tactics env).
cdef class Operations(ReactorRoom):
    cdef public object scenario, chart, appear, appear_colours, furniture, duct, junctions, airlock, known
    cdef public object cut_squares, far_door, gold_door, burke_room, _newt, _beside, _door_fronts
    cdef public object burke, signal, far_door_open, gold_door_open, far_reached, gold_reached, torch_done
    cdef public object torch_turn, asked_turn, sealed_turn, lost_turn, _chart_views, _red_at, _scenario_at
    cdef public list _square_flags  # square_flags(the map), set at __init__
    # cpdef: called in C from this class's methods and the typed scripted marines (operations/policies.py;
    # reactor_room/game.pxd says how); the step checks take C integers (squares, Actions, Newt's square)
    cpdef newt_able(self)
    cpdef _leading_newt(self)
    cpdef bint _step_ok(self, Marine m, long src, long dst, long actions_left, long newt)
    cpdef bint _may_stop_beyond(self, Marine m, long dst, standing, blocked, long newt)
    cpdef _launcher_loaded(self, i)
    # the Reactor Room's overridden steps (reactor_room/game.pxd)
    cpdef _start_phase(self, phase)
    cpdef _next_marine(self)
    cpdef _compute_marine_mask(self)
    cpdef _legal_steps(self, i, standing)
    cpdef _marine_action(self, kind, index)
    cpdef _move_marine(self, i, direction)
