"""Operations and Air Ducts (Aliens, 1989), with Let's Eat Burke and Gorman's Last Stand.

The Reactor Room's rules hold (they are imported: Alien movement, attacks, firing, Melee, acid,
carrying, the four phases); this module adds the scenario's own, on its own map and Turn Chart:

- office furniture costs two Actions to enter and blocks neither sight nor fire;
- the Aliens appear on the colour squares the Turn Chart names each turn (Red skipped by the
  ``beginner`` option), Gold ones in the Let's Eat Burke room;
- Pulse Rifles fire their Grenade Launcher at a visible square (one Action, no roll; the Grenade
  Table by range from the blast);
- Burke is played by the rules: he bolts on turn one, seals the far door behind him, lingers two
  turns in the airlock (a Marine beside the door may ask him, once a turn, to open it: a 0 on the
  die), then leaves (lost; locked in with the Gold Aliens under Let's Eat Burke);
- Cutting Torches open the far door after three turns of work; the Aliens break a sealed door
  fifteen turns after the first of them stood beside it;
- Ripley stays next to Newt; Newt's signal roll in the airlock opens the way into the ducts;
  Compass junctions: Newt leads, her memory roll on leaving one, the others follow what she
  remembered, or guess with the die when she is down;
- the end: every Marine out or taken, 4+ out a win, 1-3 a draw, 0 a loss; Gorman's Last Stand:
  hold the room for the whole Turn Chart (Marines alive in it at the end count).

Actions: the Reactor Room's, plus ``grenade[k]`` (at target k's square: A5), ``torch`` and
``ask_burke`` (Marines).
"""
from __future__ import annotations

import struct
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from ..core.actions import ActionLayout, ObsLayout
from ..core.board import NO, UNREACHABLE
from ..core.dice import Dice
from ..core.game import PhasedGame
from ..reactor_room.game import (
    DECISION_KINDS, GLOBAL_FEATURES, MARINE_FEATURES, TARGET_FEATURES, Alien, Marine, ReactorRoom,
)
from ..reactor_room.data_files import OPTION_NAMES as REACTOR_OPTIONS, RULE_OPTION_NAMES as REACTOR_RULE_OPTIONS
from . import codec, data_files, door_grenade
from .board import board as make_board
from .data_files import OPTION_NAMES, RULE_OPTION_NAMES, SCENARIOS, WEAPON_OPTIONS

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

BURKE_STATES = ("bolting", "lingering", "with_group", "locked_in", "gone")
BURKE_ONE_HOT = {state: [float(state == s) for s in BURKE_STATES] for state in BURKE_STATES}
PLANES = ("obstruction", "furniture", "duct", "junction", "airlock", "exit", "grey", "blue", "red", "gold",
          "door_sealed", "junction_known", "marine", "wounded", "incapacitated", "alien", "stunned", "on_card",
          "acting", "candidate")
SCENARIO_FEATURES = ("far_door_open", "gold_door_open", "torch_turns/needed", "cut_this_turn", "asked_this_turn",
                     *(f"burke={s}" for s in BURKE_STATES), "newt_signal", "newt_able", "far_door_clock/break_turns",
                     "gold_door_clock/break_turns", "chart_grey/3", "chart_blue/3", "chart_red/3", "chart_gold/3",
                     "chart_turns_left/length", "gormans_last_stand", "lets_eat_burke")
SCENARIO_STRUCT = struct.Struct(f"{len(SCENARIO_FEATURES)}f")


# what every game on the same map (or with the same actions) shares, worked out once
@lru_cache(maxsize=None)
def map_squares(rows: tuple[str, ...]) -> tuple[frozenset, frozenset, frozenset, frozenset]:
    """The furniture, Compass junction, duct (junctions included) and airlock squares of a map."""
    chars = np.array([list(row) for row in rows])
    return (frozenset(np.flatnonzero(chars == "d").tolist()), frozenset(np.flatnonzero(chars == "J").tolist()),
            frozenset(np.flatnonzero((chars == ",") | (chars == "J")).tolist()),
            frozenset(np.flatnonzero(chars == "A").tolist()))


#: the scenario's rules a step onto or off a square may meet, as bits of ``square_flags``
FURNITURE, DUCT, AIRLOCK, JUNCTION = 1, 2, 4, 8


@lru_cache(maxsize=None)
def square_flags(rows: tuple[str, ...]) -> list[int]:
    """Per square of a map, FURNITURE, DUCT (the junctions too), AIRLOCK and JUNCTION or'ed
    (``map_squares`` as one list: the step checks read a square's kinds with one index; shared,
    read only)."""
    furniture, junctions, duct, airlock = map_squares(rows)
    flags = [0] * (len(rows) * len(rows[0]))
    for squares, flag in ((furniture, FURNITURE), (duct, DUCT), (airlock, AIRLOCK), (junctions, JUNCTION)):
        for sq in squares:
            flags[sq] |= flag
    return flags


@lru_cache(maxsize=None)
def squares_beside(board, door: int) -> frozenset:
    """The door's square and the squares next to it (range 1) on a (shared, frozen) board."""
    return frozenset(s for s, r in enumerate(board.range_row(door)) if r <= 1)


#: Operations' observation layouts and templates, per class, map, number of Marines and options
#: (Operations._make_views; bounded: the options are on/off switches, the roster at most 13)
_VIEWS: dict[tuple, tuple] = {}


@lru_cache(maxsize=None)
def turn_chart(colours: tuple[str, ...], rows: tuple[tuple[int, ...], ...]) -> list[dict[str, int]]:
    """The Turn Chart, a dict per turn by colour (shared: read only)."""
    return [dict(zip(colours, row)) for row in rows]


@lru_cache(maxsize=None)
def action_layout(slices: tuple) -> ActionLayout:
    """One ActionLayout per list of slices, shared (a layout is not changed once built)."""
    return ActionLayout(list(slices))


@lru_cache(maxsize=None)
def range_bands(bands: tuple[int, ...], longest: int) -> list[int]:
    """The range band of each range 0..longest (the first band whose upper bound it is within)."""
    return [next(i for i, upper in enumerate(bands) if r <= upper) for r in range(longest + 1)]


class Operations(ReactorRoom):
    name = "OperationsAirDucts"
    shaping_key = "shaping"

    def __init__(self, scenario: str = "operations", turn_limit: int | None = None,
                 marine_order: list[str] | None = None, **options):
        PhasedGame.__init__(self)
        data = self._scenario_data()
        if scenario not in SCENARIOS:
            raise ValueError(f"scenario must be one of {list(SCENARIOS)}, got {scenario!r}")
        unknown = set(options) - set(OPTION_NAMES) - set(RULE_OPTION_NAMES)
        if unknown:
            raise ValueError(f"unknown Operations option(s) {sorted(unknown)}; allowed: scenario, turn_limit, "
                             f"marine_order, {', '.join(OPTION_NAMES + RULE_OPTION_NAMES)}")
        for key, value in options.items():
            if not isinstance(value, bool):
                raise ValueError(f"option {key} must be true or false, got {value!r}")
        self.scenario = scenario
        # the Reactor Room's optional rules are not part of this scenario: off
        self.options = {**{k: False for k in REACTOR_OPTIONS + REACTOR_RULE_OPTIONS}, **data["options"], **options}
        self.chart = turn_chart(tuple(data["colours"]), tuple(map(tuple, data["turn_chart"])))
        # turn_scale / red_turn_every: read by the Reactor Room's observe (red_turn is rewritten below)
        self.data = {**data, "turn_scale": len(self.chart), "red_turn_every": 1}
        self.tables = data_files.tables()
        self.characters = self._character_cards()
        if turn_limit is None:
            turn_limit = data["turn_limit"]
        if turn_limit is not None and (not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1):
            raise ValueError(f"turn_limit must be None (no limit) or a whole number of turns >= 1 (an episode "
                             f"cap that truncates), got {turn_limit!r}")
        self.turn_limit = turn_limit
        order = list(marine_order or data["marines"])
        if sorted(order) != sorted(data["marines"]):
            raise ValueError(f"marine_order must list each of {data['marines']} once, got {order}")
        self.marine_order = order
        self._newt = order.index("Newt")
        self._rows = tuple(data["map"].splitlines())
        self.far_door_open = self.gold_door_open = False
        self._set_board()
        b = self.board
        self.furniture, self.junctions, self.duct, self.airlock = map_squares(self._rows)
        self._square_flags = square_flags(self._rows)
        self.appear = {colour: [b.index(r, c) for r, c in data["appear"][colour]] for colour in data["colours"]}
        self.far_door = b.index(*data["far_door"])
        self.gold_door = b.index(*data["gold_door"])
        self.cut_squares = frozenset({b.index(*data["cut_square"])})
        self.burke_room = [b.index(*data["burke_room_square"])] + self.appear["gold"]
        self._beside = {door: squares_beside(b, door) for door in (self.far_door, self.gold_door)}
        self.pool = data["alien_pool"]
        self._door_fronts: dict = {}  # per board (a state of the doors): the squares stranded Aliens make for
        self._init_weapons()
        self.layout = action_layout(tuple((name, spec if isinstance(spec, int) else tuple(spec))
                                          for name, spec in self._action_slices() + self._weapon_slices()))
        self._slot = {name: self.layout.slices[name][0] for name in self.layout.slices}
        # the views and the template depend on the class (its scenario data), the map, the number of
        # Marines and the options alone: built once and shared (a MovieScenario builds an Operations
        # whenever the roster or conditions it carries across change)
        key = (type(self), self._rows, len(order), tuple(sorted(self.options.items())))
        views = _VIEWS.get(key)
        if views is None:
            views = _VIEWS[key] = self._make_views(data)
        (self.obs_layout, self._plane, self._features_at, self._red_at, self._scenario_at, self._chart_views,
         self._obs_template) = views
        self._turn_scale, self._red_turn_every = self.data["turn_scale"], self.data["red_turn_every"]
        self._band = range_bands(tuple(self.tables["range_bands"]), max(b.height, b.width))
        self.reset(0)

    def _make_views(self, data: dict) -> tuple:
        """(obs_layout, the planes' offsets, the features' offset, red_turn's, the scenario view's,
        the chart's views per Turn Chart row, the observation's template: the static planes)."""
        b, n_marines = self.board, len(self.marine_order)
        obs_layout = ObsLayout([
            ("board", (len(PLANES), b.height, b.width), "planes: " + ", ".join(PLANES)),
            ("marines", (n_marines, len(MARINE_FEATURES)), "per Marine, in marine_order: " + ", ".join(MARINE_FEATURES)),
            ("globals", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES) + " (red_turn: this turn's chart row has Red Aliens)"),
            ("targets", (self.pool, len(TARGET_FEATURES)), "per target k of the acting Marine: " + ", ".join(TARGET_FEATURES)),
            ("scenario", len(SCENARIO_FEATURES), ", ".join(SCENARIO_FEATURES)),
            *self._rule_views(),
            *self._weapon_views(),
        ])
        board_at = obs_layout.offset("board")
        plane = {name: board_at + i * b.n for i, name in enumerate(PLANES)}
        red_at = obs_layout.offset("globals") + GLOBAL_FEATURES.index("red_turn")
        # per Turn Chart row: the red_turn feature and the chart features of the scenario view
        chart_views = [(row["red"] > 0 and not self.options["beginner"], [min(row[c] / 3, 1.0) for c in data["colours"]])
                       for row in self.chart]
        template = obs_layout.zeros()
        planes = obs_layout.view(template, "board")
        walls = b.blocked.copy()
        walls.flat[[self.far_door, self.gold_door]] = False
        static = {"obstruction": walls.ravel(), "exit": b.exit.ravel()}
        for name, squares in (("furniture", self.furniture), ("duct", self.duct), ("junction", self.junctions),
                              ("airlock", self.airlock), *((c, self.appear[c]) for c in data["colours"])):
            static[name] = np.zeros(b.n, dtype=bool)
            static[name][list(squares)] = True
        for name, values in static.items():
            planes[PLANES.index(name)] = values.reshape(b.height, b.width)
        template.flags.writeable = False  # (shared: each game's observation is a copy)
        return (obs_layout, plane, obs_layout.offset("marines"), red_at, obs_layout.offset("scenario"), chart_views,
                template)

    def _action_slices(self) -> list[tuple[str, int | Sequence[str]]]:
        out = super()._action_slices() + [("grenade", self.pool), ("torch", 1), ("ask_burke", 1)]
        if self.options.get("door_grenade"):  # the Closing Notes' grenade at Burke's door (A23)
            out.append(("blast_door", 1))
        return out

    # the scenario's data, cards and starting Marines: hooks the Movie Scenario's second stage
    # (aliens_env.movie) overrides for its roster of Reactor Room survivors
    def _scenario_data(self) -> dict:
        return data_files.scenario()

    def _character_cards(self) -> dict:
        return data_files.characters()

    def _starting_marines(self) -> list[Marine]:
        starts = self.data["start_squares"]
        return [Marine(name, self.board.index(*starts[name])) for name in self.marine_order]

    def _set_board(self) -> None:
        """The board of the doors' state (shared, frozen) and its path costs."""
        self._use_board(make_board(self._rows, self.far_door_open, self.gold_door_open))

    # ------------------------------------------------------------------------------------------
    # set-up and the contract
    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        self.far_door_open = self.gold_door_open = False
        self._set_board()
        self.marines = self._starting_marines()
        self.aliens = [Alien() for _ in range(self.pool)]
        self._reset_play()
        # the scenario's own records
        self.burke = "bolting"
        self.sealed_turn = 0  # the turn Burke reached the airlock (0: not yet)
        self.torch_done = 0  # turns of cutting so far
        self.torch_turn = 0  # the last turn someone cut (once a turn)
        self.asked_turn = 0  # the last turn someone asked Burke (once a turn)
        self.far_reached = self.gold_reached = 0  # the turn an Alien first stood beside the door (0: never)
        self.signal = False  # Newt has signalled the flight into the ducts
        self.known: list[int] = []  # Compass junctions Newt has navigated
        self.appear_colours: list[str] = []  # the colours of the Aliens still to appear this phase
        self.lost_turn = False
        self._start_phase("aliens_move")
        self._run()

    def clone(self) -> "Operations":
        new = super().clone()
        new.known = list(self.known)
        new.appear_colours = list(self.appear_colours)
        return new

    def outcome(self) -> dict[str, Any]:
        """Marines out (Gorman's Last Stand: alive in the room when the Turn Chart ends): 4+ a
        win, 1-3 a draw, 0 a loss; a game cut by ``turn_limit`` has no result."""
        held = self.held()
        score = {**self.stats, "turns": self.turn, "held": held, "torch_turns": self.torch_done,
                 "junctions_known": len(self.known), "far_door_open": int(self.far_door_open),
                 "burke_with_group": int(self.burke == "with_group"), "victory_points": self.victory_points()}
        cut = self.truncated_by()
        if cut is not None:
            return {"marines": None, "hive": None, "truncated_by": cut, "score": score}
        count = held if self.scenario == "gormans_last_stand" else self.stats["exited"]
        win, draw = self.data["victory"]["win"], self.data["victory"]["draw"]
        marines = 1 if count >= win else 0 if count >= draw else -1
        return {"marines": marines, "hive": -marines, "truncated_by": None, "score": score}

    def held(self) -> int:
        """Gorman's Last Stand: the Marines alive on the map once the Turn Chart has run out (0
        if the game ended before, with no Marine able to act)."""
        if self.scenario != "gormans_last_stand" or self.phase != "over" or self.turn < len(self.chart):
            return 0
        if self._marines_gone():
            return 0
        return sum(m.status == "on_map" for m in self.marines)

    def survivors(self) -> list[str]:
        """Out through the Exit in any condition; Gorman's Last Stand: alive in the room when the
        Turn Chart ends (the Marines ``held`` counts) (M1)."""
        if self.scenario != "gormans_last_stand":
            return super().survivors()
        return [m.name for m in self.marines if m.status == "on_map"] if self.held() else []

    def shaping_value(self, side: str) -> float:
        value = super().shaping_value("marines") + self.data[self.shaping_key]["door_open"] * self.far_door_open
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    # turns and phases
    # ------------------------------------------------------------------------------------------
    def chart_row(self, turn: int | None = None) -> dict[str, int]:
        """The Turn Chart's counts per colour for a turn (past the chart it starts again)."""
        return self.chart[((self.turn if turn is None else turn) - 1) % len(self.chart)]

    def _start_phase(self, phase: str) -> None:
        self._note_doors_reached()
        if phase == "aliens_move":
            self._doors_break()
        ReactorRoom._start_phase(self, phase)
        if phase == "aliens_move":
            self._stranded_aliens_make_for_doors()

    def _end_turn(self) -> None:
        if self.scenario == "gormans_last_stand" and self.turn >= len(self.chart) and not self._marines_gone():
            self.phase = "over"
            self.events.append("the Turn Chart has run out: the room is held")
            return
        super()._end_turn()

    def _sealed_doors(self) -> list[tuple[str, int]]:
        doors = []
        if not self.far_door_open:
            doors.append(("far", self.far_door))
        if not self.gold_door_open:
            doors.append(("gold", self.gold_door))
        return doors

    @cython.locals(al=Alien)
    def _note_doors_reached(self) -> None:
        """Start a door's clock the first time an Alien stands beside it while it is sealed."""
        far = not (self.far_reached or self.far_door_open)  # (sealed, its clock not started)
        gold = not (self.gold_reached or self.gold_door_open)
        if not (far or gold):
            return  # (both clocks running or both doors open: nothing to note)
        squares = []
        for al in self.aliens:
            if al.in_play:
                squares.append(al.pos)
        if far and not self._beside[self.far_door].isdisjoint(squares):
            self.far_reached = self.turn
            self.events.append("an Alien reaches the far door")
        if gold and not self._beside[self.gold_door].isdisjoint(squares):
            self.gold_reached = self.turn
            self.events.append("an Alien reaches the gold door")

    def _doors_break(self) -> None:
        if not (self.far_reached or self.gold_reached):
            return  # (no door's clock runs)
        wait = self.data["door_break_turns"]
        for which, _ in self._sealed_doors():
            if which == "far" and self.scenario == "gormans_last_stand":
                continue  # the room is held, not left: the Aliens come through the ceiling
            reached = getattr(self, f"{which}_reached")
            if reached and self.turn >= reached + wait:
                self._open_door(which, "the Aliens break it down")

    def _open_door(self, which: str, how: str) -> None:
        setattr(self, f"{which}_door_open", True)
        self._set_board()
        self._cache.clear()
        self.events.append(f"the {which} door opens: {how}")

    @cython.locals(m=Marine, row=list, t=cython.long, reaches=cython.bint, found=cython.bint, d=cython.long,
                   best_d=cython.long)
    def _stranded_aliens_make_for_doors(self) -> None:
        """ASSUMPTION A12: an Alien that can reach no Marine on the map moves its four squares
        towards the nearest square it can reach from which the Aliens attack a sealed door (the
        far door's cutting squares in Operations, the Gold door's squares in the Let's Eat Burke
        room; the first such square by number on a tie), and is taken out of this phase's queue;
        one that can reach none of them waits, as in the Reactor Room."""
        if not self.queue:
            return
        fronts = self._door_fronts.get(self.board)
        if fronts is None:
            fronts = []
            if not self.far_door_open:
                fronts += sorted(self.cut_squares)
            if not self.gold_door_open:
                fronts += [n for n in self._adjacent(self.gold_door) if self.board.passable.flat[n] and n not in self.airlock]
            self._door_fronts[self.board] = fronts
        if not fronts:
            return
        targets = []
        for m in self.marines:
            if m.status == "on_map":
                targets.append(m.pos)
        board = self.board
        for a in list(self.queue):
            alien = self.aliens[a]
            row = board.distance_list(alien.pos)  # (this map has no Stairwell: the rows of self.dist)
            reaches = False
            for t in targets:
                if row[t] < UNREACHABLE:
                    reaches = True  # it can reach a Marine
                    break
            if reaches:
                continue
            goal = [n for n in fronts if row[n] < UNREACHABLE]
            if not goal:
                continue
            self.queue.remove(a)
            field = board.field(sorted(goal), weighted=True)
            occupied = self._occupied(exclude_alien=a)
            # the free square within its Actions nearest the goal, the first by number on a tie
            found, best, best_d = False, NO, 0
            for sq in board.within(alien.pos, self.tables["alien_actions"]):  # (in ascending order)
                if sq not in occupied:
                    d = field[sq]
                    if not found or d < best_d:
                        found, best, best_d = True, sq, d
            if found:
                alien.pos = best

    # -- Aliens Appear: the Turn Chart's colours ------------------------------------------------
    def _aliens_due(self) -> int:
        row = self.chart_row()
        self.appear_colours = [
            colour for colour in self.data["colours"] for _ in range(row[colour])
            if not (colour == "red" and self.options["beginner"])
        ]
        return len(self.appear_colours)

    def _step_aliens_appear(self) -> None:
        if self.mover != NO:
            self._step_mover()
            return
        if not self.appear_colours:
            self.to_appear = 0
            self._start_phase("aliens_attack")
            return
        colour = self.appear_colours.pop(0)
        self.to_appear = len(self.appear_colours)
        slot = self._free_counter()
        if slot == NO:
            self.events.append("no Alien counter left in the pool")
            self.appear_colours, self.to_appear = [], 0
            return
        occupied = self._occupied()
        free = [s for s in self.appear[colour] if s not in occupied]
        if not free:
            self.events.append(f"no open {colour} square: the Alien does not appear")
            return
        square = free[self.dice.pick(len(free))]
        self._bring_in(slot, square, f"a {colour} Alien {slot}")

    # -- Marines Move/Fire: Burke by the rules, Newt's signal ------------------------------------
    @cython.locals(m=Marine)
    def _next_marine(self) -> None:
        ReactorRoom._next_marine(self)
        while self.active != NO:
            m = self.marines[self.active]
            if m.name == "Burke" and self.burke != "with_group":
                self._burke_acts(self.active)
                ReactorRoom._next_marine(self)
                continue
            if m.name == "Newt":
                self._newt_signal(m)
            return

    def _newt_signal(self, newt: Marine) -> None:
        if self.signal or newt.pos not in self.airlock:
            return
        roll = self.dice.d10()
        self.signal = roll <= self.data["newt_signal_max"]
        self.events.append(f"Newt's signal roll {roll}: " + ("flee into the Air Ducts!" if self.signal else "not yet"))

    @cython.locals(newt=Marine)
    def newt_able(self) -> bool:
        """Newt leads (and Ripley is bound to her) while she is on the map and not Incapacitated."""
        newt = self.marines[self._newt]
        return newt.status == "on_map" and not newt.incapacitated

    def _named(self, name: str) -> Marine:
        return self.marines[self.marine_order.index(name)]

    def _burke_acts(self, i: int) -> None:
        """Burke's activation while the rules play him (A8, A10)."""
        m = self.marines[i]
        if self._in_combat(m) or self.burke == "locked_in":
            self._burke_fights(i)
        elif self.burke == "bolting":
            self._burke_bolts(i)
        elif self.burke == "lingering" and self.turn > self.sealed_turn + self.data["burke_linger_turns"]:
            self._burke_leaves(i)

    def _burke_bolts(self, i: int) -> None:
        """Burke makes for the airlock along a shortest path (A8): through teammates but not
        Aliens, ending on a free square; stepping into the far door takes him through it into
        the airlock (one step), sealing it behind him."""
        m = self.marines[i]
        route = make_board(self._rows, True, self.gold_door_open)
        goal = route.field([route.index(*self.data["burke_goal"])])
        alien_squares = {al.pos for al in self.aliens if al.in_play}
        standing = self._standing_squares(exclude=i)
        path, pos, left = [], m.pos, m.actions_left
        while left > 0:
            steps = [(goal[n], n) for _, n in route.neighbours[pos] if goal[n] < goal[pos] and n not in alien_squares]
            if not steps:
                break
            pos = min(steps)[1]
            left -= 2 if pos in self.furniture else 1
            if pos == self.far_door:
                inside = [s for s in self._adjacent(self.far_door)
                          if s in self.airlock and s not in alien_squares and s not in standing]
                if inside:
                    path.append((min(inside), left, True))
                break
            path.append((pos, left, False))
        rest = [step for step in path if step[0] not in standing]
        if not rest:
            return
        m.pos, m.actions_left, through = rest[-1]
        if through:
            self.burke, self.sealed_turn = "lingering", self.turn
            self.events.append("Burke seals himself through the far door")

    def _burke_leaves(self, i: int) -> None:
        m = self.marines[i]
        if self.scenario == "lets_eat_burke":
            occupied = self._occupied()
            free = [s for s in self.burke_room if s not in occupied]
            if free:
                m.pos = free[0]
                self.burke = "locked_in"
                self.events.append("Burke abandons the airlock and locks himself in with the Gold Aliens")
                return
        self.events.append("Burke abandons the airlock and is lost")
        self.burke = "gone"
        self._kill(i)

    def _burke_fights(self, i: int) -> None:
        """Unarmed, Burke only Melees: the Alien on his card, else one beside him."""
        m = self.marines[i]
        while m.actions_left > 0 and m.status == "on_map":
            if m.alien != NO:
                a = m.alien
            else:
                near = [a for a, al in enumerate(self.aliens) if al.in_play and al.card == NO
                        and self.board.range(al.pos, m.pos) <= 1]
                if not near:
                    return
                a = near[0]
            self._melee(i, a)
            if self.push_alien != NO:
                options = sorted(self._push_options(self.push_alien).items())
                self._finish_push(options[0][1] if options else None)

    def _kill(self, j: int) -> None:
        if self.marines[j].name == "Burke" and self.marines[j].status == "on_map":
            self.burke = "gone" if self.burke != "with_group" else self.burke
        super()._kill(j)

    # ------------------------------------------------------------------------------------------
    # the Marines' mask and actions
    # ------------------------------------------------------------------------------------------
    @cython.locals(m=Marine)
    def _compute_marine_mask(self) -> np.ndarray:
        mask = ReactorRoom._compute_marine_mask(self)
        i = self.active
        m = self.marines[i]
        s = self._slot
        if not mask[s["end"]] or m.actions_left < 1 or self._in_combat(m):
            return mask  # (no "end": passing through a teammate's square, only moving on)
        targets = self.targets()  # (kept: the Reactor Room's mask read them); no Alien, no grenade to check
        if targets and self.characters[m.name].weapon in self.data["grenade_launcher"] and self._launcher_loaded(i):
            seen = self.board.los_list(m.pos)
            for k, a in enumerate(targets):
                square = self.aliens[a].pos
                if square != m.pos and seen[square]:
                    mask[s["grenade"] + k] = 1
        if m.pos in self.cut_squares:  # (where both the torch and the asking are done)
            if self.can_torch(i):
                mask[s["torch"]] = 1
            if self.can_ask_burke(i):
                mask[s["ask_burke"]] = 1
        if "blast_door" in s and door_grenade.can_blast_door(self, i):
            mask[s["blast_door"]] = 1
        return mask

    @cython.locals(m=Marine, flags=list, step=tuple, pos=cython.long, left=cython.long, sq=cython.long,
                   kinds=cython.long, newt=cython.long, plain=cython.bint)
    def _legal_steps(self, i: int, standing: set[int]) -> Sequence[tuple[int, int]]:
        """The acting Marine's open steps (``_open_steps``), less those the scenario's limits forbid
        (``_step_allowed``). A step onto a standing teammate is kept only if an allowed step on to a free square
        follows (``_may_stop_beyond``), which implies the Reactor Room's own condition (a free
        square within the Actions left), so that is not checked first. The squares' kinds read from
        ``square_flags`` on C integers; ``n``, a step's square as the Python int the sets hold."""
        m = self.marines[i]
        steps = self._open_steps()
        flags, pos, left = self._square_flags, m.pos, m.actions_left
        kinds = flags[pos]
        plain = not kinds & DUCT and m.name != "Ripley"  # off the ducts, not Ripley: only furniture's cost limits a step
        if plain and not kinds & FURNITURE:
            for step in steps:
                n = step[1]
                sq = n
                kinds = flags[sq]
                if kinds & (FURNITURE | DUCT) or n in standing:
                    break
            else:
                return steps  # on the floor of Operations: the Reactor Room's rules say it all
        newt, blocked = self._leading_newt(), None  # (blocked: _blocked_squares, built when a step meets a teammate)
        out = []
        for step in steps:  # _step_allowed, with what it reads worked out once
            n = step[1]
            sq = n
            kinds = flags[sq]
            if plain and not kinds & DUCT and n not in standing:  # (_step_ok: the cost of the square)
                if not kinds & FURNITURE or left >= 2:  # (left >= 1 here: a Marine with no Action has no step)
                    out.append(step)
                continue
            if not self._step_ok(m, pos, sq, left, newt):
                continue
            if n in standing:
                if blocked is None:
                    blocked = self._blocked_squares()
                if not self._may_stop_beyond(m, sq, standing, blocked, newt):
                    continue
            out.append(step)
        return out

    def step_allowed(self, i: int, direction: int) -> bool:
        """The scenario's limits on a step the Reactor Room's rules allow (A13-A17); a step onto a
        standing teammate must leave an allowed step on to a free square (A14)."""
        return self._step_allowed(self._step_context(i), self.marines[i], direction)

    @cython.locals(al=Alien)
    def _step_context(self, i: int, standing: set[int] | None = None) -> tuple:
        """What every step check of Marine i reads: the squares of standing teammates (given, or
        worked out), of Aliens, and Newt's square while she can lead (else NO)."""
        aliens = set()
        for al in self.aliens:
            if al.in_play:
                aliens.add(al.pos)
        if standing is None:
            standing = self._standing_squares(exclude=i)
        return standing, aliens, self._leading_newt()

    @cython.locals(newt=Marine)
    def _leading_newt(self) -> int:
        """Newt's square while she can lead, else NO."""
        newt = self.marines[self._newt]
        return newt.pos if newt.status == "on_map" and not newt.incapacitated else NO

    @cython.locals(m=Marine, flags=list)
    def _step_allowed(self, context: tuple, m: Marine, direction: int) -> bool:
        standing, aliens, newt = context
        dst = self.board.step(m.pos, direction)
        flags = self._square_flags
        if dst not in standing and not (flags[dst] | flags[m.pos]) & (FURNITURE | DUCT) and m.name != "Ripley":
            return True  # on the floor of Operations: the Reactor Room's rules say it all
        if not self._step_ok(m, m.pos, dst, m.actions_left, newt):
            return False
        return dst not in standing or self._may_stop_beyond(m, dst, standing, aliens, newt)

    @cython.locals(m=Marine, flags=list, step=tuple, left=cython.long, sq=cython.long, kinds=cython.long,
                   plain=cython.bint)
    def _may_stop_beyond(self, m: Marine, dst: int, standing: set[int], blocked: set[int], newt: int) -> bool:
        """A step onto a standing teammate's square leaves an allowed step on to a free one (A14)."""
        flags = self._square_flags
        kinds = flags[dst]
        left = m.actions_left - (2 if kinds & FURNITURE else 1)
        plain = left >= 1 and m.name != "Ripley" and not kinds & DUCT  # then a square off the ducts costs what it costs
        for step in self.board.neighbours[dst]:
            n = step[1]
            if n in standing or n in blocked:
                continue
            sq = n
            kinds = flags[sq]
            if plain and not kinds & DUCT:  # (_step_ok: the cost of the square)
                if not kinds & FURNITURE or left >= 2:
                    return True
            elif self._step_ok(m, dst, sq, left, newt):
                return True
        return False

    @cython.locals(m=Marine, flags=list, ranges=list, width=cython.long, kinds=cython.long, dst_kinds=cython.long)
    def _step_ok(self, m: Marine, src: int, dst: int, actions_left: int, newt: int) -> bool:
        """The scenario's limits on Marine m's step from src to dst with ``actions_left`` (``newt``:
        ``_leading_newt``), the squares' kinds read from ``square_flags`` into C longs (``kinds``,
        ``dst_kinds``: the bit tests stay in C)."""
        flags = self._square_flags
        kinds, dst_kinds = flags[src], flags[dst]
        if actions_left < (2 if dst_kinds & FURNITURE else 1):
            return False  # furniture costs two Actions
        if (kinds | dst_kinds) & DUCT:
            width = self.board.width
            if src // width != dst // width and src % width != dst % width:
                return False  # along the ducts, never diagonally
            if kinds & AIRLOCK and not self.signal and newt != NO:
                return False  # into the ducts only on Newt's signal
            if kinds & JUNCTION and src not in self.known and m.name != "Newt" and newt != NO:
                return False  # Newt leads through a junction she has not navigated
        if newt != NO and m.name == "Ripley":
            ranges = self._ranges[newt]
            if ranges[dst] > max(1, ranges[src]):
                return False  # Ripley stays beside Newt
        return True

    def can_torch(self, i: int) -> bool:
        m = self.marines[i]
        return (self.scenario != "gormans_last_stand" and not self.far_door_open and m.pos in self.cut_squares
                and self.burke != "bolting" and m.name in self.data["cutting_torch"] and self.torch_turn != self.turn and m.actions_left > 0)

    def can_ask_burke(self, i: int) -> bool:
        m = self.marines[i]
        return (self.scenario != "gormans_last_stand" and not self.far_door_open and self.burke == "lingering"
                and m.pos in self.cut_squares and self.asked_turn != self.turn and m.actions_left > 0)

    def _marine_action(self, kind: str, index: int) -> None:
        i = self.active
        m = self.marines[i]
        if kind == "torch":
            self._torch(i)
            self._next_marine()
            return
        if kind == "ask_burke":
            self._ask_burke(i)
            return
        if kind in ("grenade", "blast_door"):
            if kind == "grenade":
                self._grenade(i, self.aliens[self.targets()[index]].pos)
            else:
                door_grenade.blast_door(self, i)
            if m.status != "on_map" or m.incapacitated or self._grabbed(m):
                self._next_marine()
            return
        self.lost_turn = False
        ReactorRoom._marine_action(self, kind, index)
        if self.lost_turn:
            self.lost_turn = False
            self._next_marine()

    def _move_marine(self, i: int, direction: int) -> None:
        m = self.marines[i]
        src = m.pos
        if src in self.junctions and src not in self.known:
            if m.name == "Newt":
                roll = self.dice.d10()
                if roll > self.data["newt_memory_max"]:
                    self.events.append(f"Newt's memory roll {roll}: she loses the turn thinking it over")
                    m.actions_left = 0
                    self.lost_turn = True
                    return
                self.known.append(src)
                self.known.sort()
                self.events.append(f"Newt's memory roll {roll}: she remembers the way at {self.board.rc(src)}")
            elif not self.newt_able():
                mask = self._compute_marine_mask()
                options = [d for d in range(8) if mask[self._slot["move"] + d]]
                direction = options[self.dice.pick(len(options))]
                self.events.append(f"{m.name} guesses the way at {self.board.rc(src)}: {['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'][direction]}")
        dst = self.board.step(src, direction)
        ReactorRoom._move_marine(self, i, direction)
        if dst in self.furniture:
            m.actions_left -= 1  # the second Action of a furniture square

    def _torch(self, i: int) -> None:
        m = self.marines[i]
        m.actions_left = 0
        self.torch_done += 1
        self.torch_turn = self.turn
        self.events.append(f"{m.name} cuts at the far door ({self.torch_done}/{self.data['torch_turns']})")
        if self.torch_done >= self.data["torch_turns"]:
            self._open_door("far", "cut open")

    def _ask_burke(self, i: int) -> None:
        m = self.marines[i]
        m.actions_left -= 1
        self.asked_turn = self.turn
        roll = self.dice.d10()
        if roll in self.data["conscience_opens_on"]:
            self.burke = "with_group"
            self.events.append(f"{m.name} talks Burke round ({roll})")
            self._open_door("far", "Burke unlocks it")
        else:
            self.events.append(f"{m.name} asks Burke to open the door ({roll}): he will not")

    def _launcher_loaded(self, i: int) -> bool:
        """Ammunition Restrictions: a box left in the Grenade Launcher (always, without the rule)."""
        return not self.options["ammunition"] or self.arms[i].launcher > 0

    def _grenade(self, i: int, square: int) -> None:
        """The Grenade Launcher: one Action, lands on the chosen square, no roll; the Grenade
        Table by range from the blast, on everyone the blast square sees (A5: ``_blast``)."""
        m = self.marines[i]
        m.actions_left -= 1
        if self.options["ammunition"]:
            self.arms[i].launcher -= self.tables["ammunition"]["boxes_per_shot"]
        self.events.append(f"{m.name} fires a grenade at {self.board.rc(square)}")
        self._blast(square)

    # ------------------------------------------------------------------------------------------
    # observation, positions, text
    # ------------------------------------------------------------------------------------------
    def _observe_kept(self, rec) -> None:
        """The Reactor Room's views over this map (PLANES), then the scenario's features, written
        into the kept observation (ReactorRoom.observe) when what they show changed (``rec.extra``:
        the state they were written from and the junctions shown known)."""
        view, turn = rec.view, self.turn
        red, chart = self._chart_views[(turn - 1) % len(self.chart)]
        view[self._red_at] = red  # (the Reactor Room's globals, packed at every observe, hold its own)
        newt_able = self.newt_able()
        shown = (turn, self.far_door_open, self.gold_door_open, self.torch_done, self.torch_turn, self.asked_turn,
                 self.burke, self.signal, newt_able, self.far_reached, self.gold_reached)
        before, known_before = (None, []) if rec.extra is None else rec.extra
        known = self.known
        if known == known_before and shown == before:
            return
        if known != known_before:
            plane = self._plane["junction_known"]
            for sq in known_before:
                view[plane + sq] = 0.0
            for sq in known:
                view[plane + sq] = 1.0
        rec.extra = (shown, list(known))
        if shown == before:
            return
        plane = self._plane["door_sealed"]
        view[plane + self.far_door] = 0.0 if self.far_door_open else 1.0
        view[plane + self.gold_door] = 0.0 if self.gold_door_open else 1.0
        length = len(self.chart)
        wait = self.data["door_break_turns"]
        far = 0.0 if self.far_door_open or not self.far_reached else min((turn - self.far_reached) / wait, 1.0)
        gold = 0.0 if self.gold_door_open or not self.gold_reached else min((turn - self.gold_reached) / wait, 1.0)
        # as buf[at:at + len(SCENARIO_FEATURES)] = [...], faster
        SCENARIO_STRUCT.pack_into(
            rec.buf, self._scenario_at * 4, self.far_door_open, self.gold_door_open,
            min(self.torch_done / self.data["torch_turns"], 1.0), self.torch_turn == turn, self.asked_turn == turn,
            *BURKE_ONE_HOT[self.burke], self.signal, newt_able, far, gold,
            *chart, max(length - turn, 0) / length, self.scenario == "gormans_last_stand", self.scenario == "lets_eat_burke")

    def to_dict(self) -> dict:
        data = super().to_dict()
        data["config"] = {"scenario": self.scenario, "turn_limit": self.turn_limit, "marine_order": self.marine_order,
                          **{k: self.options[k] for k in OPTION_NAMES if self.options[k] or k not in WEAPON_OPTIONS},
                          **{k: True for k in RULE_OPTION_NAMES if self.options[k]}}
        data["ops"] = {
            "far_door_open": self.far_door_open, "gold_door_open": self.gold_door_open, "burke": self.burke,
            "sealed_turn": self.sealed_turn, "torch_done": self.torch_done, "torch_turn": self.torch_turn,
            "asked_turn": self.asked_turn, "far_reached": self.far_reached, "gold_reached": self.gold_reached,
            "signal": self.signal, "known": list(self.known), "appear_colours": list(self.appear_colours),
        }
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Operations":
        return codec.load(cls, data)

    def _describe(self, kind: str, index: int, label: str) -> str:
        if self.decision.player == "marines" and self.active != NO:
            m = self.marines[self.active]
            if kind == "grenade" and index < len(self.targets()):
                square = self.aliens[self.targets()[index]].pos
                return f"{m.name}: fire a grenade at Alien {self.targets()[index]}'s square {self.board.rc(square)} (range {self.board.range(m.pos, square)})"
            if kind == "torch":
                return f"{m.name}: cut at the far door with the Cutting Torch ({self.torch_done + 1}/{self.data['torch_turns']})"
            if kind == "ask_burke":
                return f"{m.name}: ask Burke to open the far door (he does on a 0)"
            if kind == "blast_door":
                return (f"{m.name}: fire a grenade down the corridor at Burke's door (forces it on "
                        f"{self.data['door_grenade']['opens_max']} or less; the blast hurts whoever it catches)")
        return super()._describe(kind, index, label)

    def render_text(self, viewer: str | None = None) -> str:
        doors = ", ".join(f"{w} door {'open' if getattr(self, f'{w}_door_open') else 'sealed'}" for w in ("far", "gold"))
        known = ", ".join(str(self.board.rc(s)) for s in self.known) or "none"
        return (super().render_text(viewer)
                + f"\n{self.scenario}: {doors}; torch {self.torch_done}/{self.data['torch_turns']}; Burke {self.burke}; "
                f"Newt's signal {'given' if self.signal else 'not given'}; junctions known: {known}; "
                f"D far door, G gold door, d furniture, , duct, J junction, A airlock")
