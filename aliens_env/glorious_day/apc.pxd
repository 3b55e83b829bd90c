# The root of Glorious Day's chain of rule classes (glorious_day/game.py): compiled, an extension
# type. It holds every record of a Glorious Day game (whichever class of the chain writes it), so
# that the methods of all of them read the records from the struct; the rest (none today) would
# live in the __dict__. None of these names may be a class attribute or a property of a class below
# (tests/test_compiled.py holds them to it). With `dice` (a property in the Movie chains only: core/game.pxd)
# and GloriousDayTactics' commander's records (core/commander.py; `_executing` is PhasedGame's, core/game.pxd), the __dict__ stays empty and never
# changes in play: Cython's check of a cpdef method for a Python override then stays on its cached path.
from aliens_env.core.game cimport PhasedGame

# The APC at one anchor of one map (apc.py): _shape gives it typed, so that its fields are C reads
cdef class Shape:
    cdef readonly tuple squares
    cdef readonly frozenset square_set
    cdef readonly object seat_at, door_step

cdef class VehicleRules(PhasedGame):
    cdef public object data, mission, campaign, apc_chase, hive_player, fireteam_option, stage, rules, end
    cdef public object board, map_id, map_rows, height, width, size, passable, sight, nbrs, doors, airlock
    cdef public object airlock_controls, entries, exits, starts, token_starts, barricades, plan, m
    cdef public object chars, aliens, blips, blip_pool, max_blips, tokens, max_tokens, killed, kills_at_start
    cdef public object newt, newt_char, newt_carrier, newt_start, synthetic_names, has_queen, queen, queen_start
    cdef public object queen_moved, has_large, large, model_slots, loader, loader_start, has_apc, apc, apc_start
    cdef public object apc_rules, bug_hunt, extended, hive_rules, hive_hazards, nature, natures, willpower
    cdef public object hm_deck, hm_hand, hm_discard, cards, card_names, card_index, deck, hand, exhausted, discard
    cdef public object tracker, tracker_discard, tracker_total, mt_kinds, reactions, reaction_round, round
    cdef public object phase, active, work, layout, _slot, obs_layout, global_features, hive_features
    cdef public object _obs_template_array, _obs_kept, _obs_marks, _obs_rows, _obs_chars, _plane_at
    cdef public object _globals_at, _char_rows_at, _alien_rows_at, _anew_spans
    cdef public object dice, tactics, _primitive
    # cpdef: the queries and steps called most from the methods of this class and of the classes
    # derived from it, which call them in C (their self is typed); Python callers (the policies)
    # call them as before, and a Python subclass may still override them (Cython checks, cheaply
    # while the game's __dict__ does not change). A cpdef method takes no closure: no generator
    # expression or lambda in its body.
    cpdef Shape _shape(self, anchor)
    cpdef vehicle_squares(self, anchor=*)
    cpdef vehicle_set(self)
    cpdef door_step(self)
    cpdef anyone_on_board(self)
    cpdef aboard(self, c)
    cpdef seat_of(self, c)
    cpdef _driving(self, c)
    cpdef turret_targets(self, c)
    cpdef _turret_sees(self, c, square)
    cpdef can_scan(self, c)
    cpdef can_repair(self, c)
    cpdef vehicle_step_dirs(self)
