"""The compact observation of BugHuntTactics (ASSUMPTION A67): the environments'
``observation="compact"`` (aliens_env/envs/observations.py) through the game's ``compact_layout``
and ``observe_compact``.

A commander picks one tactic per figure activation; it needs the squad's state and how far the
squad is from its goals, the Aliens and the Queen, not the 23 map planes of the window (14,375
of Bug Hunt's 14,701 values). The compact observation keeps Bug Hunt's own squad rows, globals,
target rows and optional block (the values after the planes, unchanged, but the target rows cut
to the first ones, as many as Bug Hunt's own compact observation shows: ASSUMPTION A76,
core/compact.yaml's BugHunt ``rows: {targets: ...}``, 6) and adds a few distances per figure
and for the squad (``tactical`` and ``situation`` below), 338 values in all, so an MLP reads
it (docs/training.md). Every count and distance is read as
min(value, limit) / limit, the limits in rules.yaml: compact_limits. It reads only the open
state, as the scripted squad does.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.actions import ObsLayout
from ..core.compact import SPEC_FILE, compact_specs
from . import observation
from .geometry import room_centres, step_range, walk_kept
from .policies import squad_goals, squad_next_figure, walkers
from .state import MAX_SQUAD, MAX_TARGETS, NO, UNREACHABLE, Alien, GameRecords, Human

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

FIGURE_FEATURES = 7
SITUATION_FEATURES = 10


#: the env whose compact spec (core/compact.yaml) gives the target rows shown (A76)
TARGET_ROWS_OF = "BugHunt"


@lru_cache(maxsize=None)
def target_rows() -> int:
    """The target rows the compact observation shows (ASSUMPTION A76): Bug Hunt's compact spec's
    ``rows: {targets: k}`` (core/compact.yaml), read once."""
    spec = compact_specs().get(TARGET_ROWS_OF)
    rows = spec.get("rows") if spec is not None else None
    k = rows.get("targets") if isinstance(rows, dict) else None
    if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_TARGETS:
        raise ValueError(f"{SPEC_FILE}: the {TARGET_ROWS_OF} spec's rows: {{targets: k}} must be a whole number "
                         f"1..{MAX_TARGETS} (BugHuntTactics' compact target rows, A76), got {k!r}")
    return k


def layout(full: ObsLayout) -> ObsLayout:
    """Bug Hunt's views after the map planes (with their shapes; the targets view its first target_rows()
    rows), then the two added views."""
    kept = [(name, shape, doc) if name != "targets" else
            (name, (target_rows(), *shape[1:]), f"the first {target_rows()} targets (A76), {doc}")
            for name, shape, _, doc in full.rows() if name != "board"]
    return ObsLayout(kept + [
        ("tactical", (MAX_SQUAD, FIGURE_FEATURES), "per figure (squad order): able, the scripted squad's next "
         "figure, walking steps to its goal/steps, to the nearest unentered room/steps, range to the nearest "
         "Alien/alien_range, Aliens within 2 squares/aliens_near, within 5/aliens_near"),
        ("situation", SITUATION_FEATURES, "goals/goals, unentered rooms laid/rooms, the Queen seen, walking steps "
         "from the squad to the Queen/steps, Aliens on the map/aliens, intact egg caches/egg_caches, turns "
         "left/turn limit, Brood Chamber checks open (3 rooms entered), squad figures able/8, grenades left/pool "
         "(the limits: rules.yaml compact_limits)"),
    ])


class CompactNumbers:
    """What observe() and _write_tactical read of a game that stays for it (compact_numbers): the
    tactical and situation views' offsets (the compact layout's), the limits (rules.yaml
    compact_limits), the Brood Chamber checks' rooms and the grenade pool (the rules'), read from the
    very rules and layout objects it holds (C numbers when compiled: no dict look-up at each observation)."""

    def __init__(self, rules: dict, layout: ObsLayout):
        self.rules, self.layout = rules, layout
        self.tactical, self.situation = layout.offsets["tactical"], layout.offsets["situation"]
        limit = rules["compact_limits"]
        self.steps, self.alien_range, self.aliens_near = limit["steps"], limit["alien_range"], limit["aliens_near"]
        self.goals, self.rooms, self.aliens = limit["goals"], limit["rooms"], limit["aliens"]
        self.egg_caches = limit["egg_caches"]
        self.brood_check_after_rooms, self.grenade_pool = rules["brood_check_after_rooms"], rules["grenade_pool"]


@cython.locals(game=GameRecords, shared=dict, numbers=CompactNumbers)
def compact_numbers(game) -> CompactNumbers:
    """The game's CompactNumbers, in the layout caches (game._shared: emptied at each layout version, so
    read again then), made again when the game's rules or compact layout is another object than those
    it was read from."""
    shared = game._shared
    numbers = shared.get("compact_numbers")
    if numbers is None or numbers.rules is not game.rules or numbers.layout is not game.compact_layout:
        numbers = shared["compact_numbers"] = CompactNumbers(game.rules, game.compact_layout)
    return numbers


@cython.locals(numbers=CompactNumbers)
def observe(game, player: str) -> np.ndarray:
    """Bug Hunt's observation without its planes (its first target rows), then the tactical views (of
    game.compact_layout)."""
    numbers = compact_numbers(game)
    obs = observation.observe_without_planes(game, player, numbers.layout)  # (the tactical views zeros)
    _write_tactical(game, obs, numbers)
    return obs


def _write_tactical(game, out, numbers) -> int:
    """The tactical rows of the able figures (the others stay zeros) and the situation into `out` (float32),
    at their offsets (`numbers`: the game's compact_numbers). The walking steps read from the kept walking
    fields (geometry.walk_kept: the goals' is the one the scripted squad's next figure reads), at the
    figures' squares alone. (cdef, tactics_obs.pxd: the figures and Aliens typed, the ranges, counts and
    distances C numbers, `out` a C array: no row, tuple or dict of every walked square made.)"""
    steps, alien_range, near = numbers.steps, numbers.alien_range, numbers.aliens_near
    tactical, situation = numbers.tactical, numbers.situation
    able = walkers(game)
    goals = squad_goals(game)
    rooms = room_centres(game)
    to_goal = to_room = to_queen = None  # (no goals: no field; set by statements, a conditional expression would
    if goals:                            # make a Python object of each C slice)
        to_goal = walk_kept(game, goals).steps
    if rooms:
        to_room = walk_kept(game, rooms).steps
    rows, cols = game.colony.rows_cols  # each square's row and column (the range read as geometry.rng reads it)
    alien_rows, alien_cols, queens = [], [], []  # the live Aliens' rows and columns, the Queens' squares
    for a in game.aliens:
        if a.alive:
            alien_rows.append(rows[a.pos])
            alien_cols.append(cols[a.pos])
            if a.kind == "queen":
                queens.append(a.pos)
    if queens:
        to_queen = walk_kept(game, queens).steps
    d = game.decision
    nxt = squad_next_figure(game) if d is not None and d.kind == "activate" else NO
    squad_to_queen, features = steps, FIGURE_FEATURES  # (features a C index: the rows' places unboxed)
    for k in range(len(able)):
        i = able[k]
        h = game.humans[i]
        pos = h.pos
        row, col = rows[pos], cols[pos]
        nearest, within_2, within_5 = alien_range, 0, 0
        for j in range(len(alien_rows)):
            alien_row, alien_col = alien_rows[j], alien_cols[j]
            r = step_range(row - alien_row, col - alien_col)
            if r < nearest:
                nearest = r
            if r <= 2:
                within_2 += 1
            if r <= 5:
                within_5 += 1
        at = tactical + i * features
        out[at] = 1.0
        out[at + 1] = 1.0 if i == nxt else 0.0
        out[at + 2] = _scaled(_walked(to_goal, pos, steps), steps)
        out[at + 3] = _scaled(_walked(to_room, pos, steps), steps)
        out[at + 4] = _scaled(nearest, alien_range)
        out[at + 5] = _scaled(within_2, near)
        out[at + 6] = _scaled(within_5, near)
        squad_to_queen = min(squad_to_queen, _walked(to_queen, pos, steps))
    eggs = 0
    for f in game.features:
        if f["kind"] == "egg_cache" and f.get("state") == "intact":
            eggs += 1
    squad = game.humans[game.active].squad if game.active != NO else 0
    out[situation] = _scaled(len(goals), numbers.goals)
    out[situation + 1] = _scaled(len(rooms), numbers.rooms)
    out[situation + 2] = 1.0 if queens else 0.0
    out[situation + 3] = _scaled(squad_to_queen, steps)
    out[situation + 4] = _scaled(len(alien_rows), numbers.aliens)
    out[situation + 5] = _scaled(eggs, numbers.egg_caches)
    out[situation + 6] = max(game.turn_limit - game.turn, 0) / game.turn_limit
    out[situation + 7] = 1.0 if game.rooms_entered >= numbers.brood_check_after_rooms else 0.0
    out[situation + 8] = len(able) / MAX_SQUAD
    out[situation + 9] = game.grenade_pools[squad] / numbers.grenade_pool
    return 0


def _scaled(value: float, limit: float) -> float:
    """A count or distance read as min(value, limit) / limit."""
    return min(value, limit) / limit


def _walked(field, square: int, beyond: float) -> float:
    """The walking steps at `square` on a kept walking field, `beyond` where the walk does not reach it or
    there is no field (no goals)."""
    if field is None:
        return beyond
    walked, unreachable = field[square], UNREACHABLE  # (C longs: compared unboxed)
    return walked if walked < unreachable else beyond
