"""The Alien lairs of the Aliens Expansion (1989) and its scenario Hunt for the Queen.

The Reactor Room's rules hold (they are imported: Alien movement and attacks, firing, Melee, acid,
carrying, the four phases); Operations' Grenade Launcher is shared. This module adds the
Expansion's, on the lairs map (docs/rules/lairs.md):

- Stairwells: Marines never enter them (they fire across them); Aliens climb into the Stairwells
  1-8 and through the underground from one to another (board.py); the large Stairwell 9 is no way;
- the Elevator: two Marines a square, the second on the first's card (carried, Incapacitated for
  the time being) until it steps off on its own turn;
- Room Cards, flipped the first time a Marine enters a Room; Sentry Cards drawn until an Empty and
  the Alien Appearance Table's Waves at the Stairwells, every Aliens Appear phase;
- Facehuggers: adult movement, their own attack table (a permanent Incapacitation counts as
  Dead), +3 to the roll to hit them, acid only in their own square;
- the Queen: three Actions, step by step as the hive decides, Ramming every Marine in a square she
  passes through, putting the Marine of the square where she stops on her card; three attacks
  (Tooth, Tail, Claw) spread over the adjacent Marines, a fourth on the Marine on her card (any
  Grab-family result fatal); the 1-5 damage track and the roll of 0 past it; grenades on her square
  hit her automatically;
- Hunt for the Queen: won when she dies with anyone alive, drawn when she dies with nobody, lost
  when she is alive at the end of the designed last turn.

The front class keeps the Game contract, the set-up and the phase machine (with the Elevator's
riders, the observation and the text); the rules live in the classes it derives from, one chain
over ``ReactorRoom``: ``rooms.py`` (``RoomRules(ReactorRoom)``: the Room and Sentry Cards and the
Aliens' appearance), ``queen.py`` (``QueenRules(RoomRules)``: the Queen and the Facehuggers) and
``observation.py`` (``LairsObservation(QueenRules)``: the kept observation). A chain, not mixins,
so that compiled they are extension types too (their ``.pxd`` files; the lairs' records in
``RoomRules``' struct); the method resolution order is the one the mixins had (HuntForTheQueen,
LairsObservation, QueenRules, RoomRules, ReactorRoom).

Marine Assault (``assault.py``) and the Rescue of Newt (``rescue.py``) are subclasses: each names its
section of the data (``scenario``) and fills the hooks ``scenario_data``, ``_load_characters``,
``_scenario_views`` and ``_reset_scenario``.

Actions: the Reactor Room's, plus ``grenade[k]`` (Marines: a Grenade Launcher at target k's
square), ``queen_step[dir]``, ``queen_stop`` and ``queen_attack[m]`` (the hive).
"""
from __future__ import annotations

import struct
from functools import lru_cache
from typing import Any

import numpy as np

from ..core.actions import ActionLayout, ObsLayout
from ..core.board import DIRECTION_NAMES, NO
from ..core.dice import Dice
from ..core.game import PhasedGame
from ..reactor_room.data_files import OPTION_NAMES as REACTOR_OPTIONS, RULE_OPTION_NAMES as REACTOR_RULE_OPTIONS
from ..reactor_room.game import GLOBAL_FEATURES, OFFSET_INDEX, MARINE_FEATURES, TARGET_FEATURES, Alien, Marine, ReactorRoom
from . import codec, data_files
from .board import board as make_board
from .observation import LairsMarine, LairsObservation
from .queen import QUEEN, STOP
from .rooms import stairwells

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

GRENADE_WEAPONS = ("Pulse Rifle",)  # the weapon with the attached Grenade Launcher
PLANES = ("obstruction", "stairwell", "climbable", "room_unflipped", "elevator", "marine",
          "wounded", "incapacitated", "alien", "stunned", "on_card", "facehugger", "queen", "acting", "candidate")
LAIRS_DECISIONS = ("queen_move", "queen_attack")
ELEVATOR_FEATURES = ("elevator_called", "elevator_wait/max_delay")  # (option elevator_delay)
LAIRS_FEATURES = ("queen_in_play", "queen_dead", "queen_damage/track", "queen_steps_left/actions", "queen_attacks_left/3",
                  "rooms_flipped/rooms", "sentry_left/10", "survivors/marines", "facehugged/marines",
                  "decision=queen_move", "decision=queen_attack", "turns_left/turns")
MOVE_TO_WINDOW = max(dr for dr, _ in OFFSET_INDEX)  # a move_to option lies at most this range away (4)
LAIRS_PACK = struct.Struct(f"{len(LAIRS_FEATURES)}f")  # (obs[at:at + 12] = values, faster)


class HuntForTheQueen(LairsObservation):
    name = "HuntForTheQueen"
    scenario = "hunt"  # the scenario's section of the data (marines, Elevator start, turns)
    marine_decisions = frozenset({"marine", "push"})
    decision_kinds = ReactorRoom.decision_kinds + LAIRS_DECISIONS
    #: the Reactor Room's hive slices and the Queen's (queen_move: queen_step, queen_stop; queen_attack); the
    #: marines' every other (grenade, thrown_grenades' prime and throw; Marine Assault and the Rescue of Newt add
    #: theirs) but fire_pair: the Machine Gun's special ability, the Reactor Room's option machine_gun_special,
    #: which no lairs scenario takes (never legal)
    side_slice_names = {"hive": ReactorRoom.side_slice_names["hive"] + ("queen_step", "queen_stop", "queen_attack"),
                        "marines": ("move", "aim", "fire", "melee", "push", "hand_off", "end", "grenade", "prime", "throw")}

    #: the Closing Notes' variants this scenario takes as options (all off by default; a tuple of str)
    option_names = ("thrown_grenades",)

    def __init__(self, turn_limit: int | None = None, marine_order: list[str] | None = None, **options):
        PhasedGame.__init__(self)
        data = self.scenario_data()
        unknown = sorted(set(options) - set(self.option_names))
        if unknown:
            raise ValueError(f"unknown {self.name} option(s) {unknown}; allowed: "
                             + ", ".join(("turn_limit", "marine_order", *self.option_names)))
        self.options = {k: False for k in REACTOR_OPTIONS + REACTOR_RULE_OPTIONS}  # the Reactor Room's optional rules: off in the lairs
        self.options.update({k: bool(options.get(k, False)) for k in self.option_names})  # but the Closing Notes'
        self.data = {**data, "red_turn_every": 10**6}  # (no red turns: the observation's red_turn stays 0)
        self.hunt = data[self.scenario]
        self.tables = data_files.tables()
        self.characters = self._load_characters()
        if turn_limit is not None and (not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1):
            raise ValueError(f"turn_limit must be None (the scenario's own end) or a whole number of turns >= 1 "
                             f"(an episode cap that truncates), got {turn_limit!r}")
        self.turn_limit = turn_limit
        order = list(marine_order or self.hunt["marines"])
        if sorted(order) != sorted(self.hunt["marines"]):
            raise ValueError(f"marine_order must list each of {self.hunt['marines']} once, got {order}")
        self.marine_order = order
        rows = tuple(data["map"].splitlines())
        self._use_board(make_board(rows, data["underground_steps"]))
        b = self.board
        chars = np.array([list(row) for row in rows])
        self.rooms = {int(r): np.flatnonzero(chars == r).tolist() for r in data_files.ROOMS}
        self.room_of = {sq: r for r, squares in self.rooms.items() for sq in squares}
        self.stairwells = stairwells(chars, b)  # Stairwell number -> its squares (1-8: climbable)
        self.elevator = np.flatnonzero(chars == "L").tolist()
        self.cocooning = [b.index(r, c) for r, c in data["cocooning"]]
        self.pool = data["alien_pool"]
        self.kinds = ["queen"] + ["facehugger"] * data["facehugger_counters"]
        self._special_slots = len(self.kinds)
        self.kinds += ["alien"] * (self.pool - len(self.kinds))
        n = len(order)
        self._init_weapons()  # (of the optional weapon rules only thrown_grenades may be on: W8, A47)
        self.layout = ActionLayout(self._action_slices() + self._weapon_slices())
        self._slot = {name: self.layout.slices[name][0] for name in self.layout.slices}
        self.obs_layout = ObsLayout([
            ("board", (len(PLANES), b.height, b.width), "planes: " + ", ".join(PLANES)),
            ("marines", (n, len(MARINE_FEATURES)), "per Marine, in marine_order: " + ", ".join(MARINE_FEATURES)),
            ("globals", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES) + " (red_turn: always 0 in the lairs)"),
            ("targets", (self.pool, len(TARGET_FEATURES)), "per target k of the acting Marine: " + ", ".join(TARGET_FEATURES)),
            ("lairs", len(LAIRS_FEATURES), ", ".join(LAIRS_FEATURES)),
            *self._scenario_views(),
            *self._notes_views(),
            *self._weapon_views(),
        ])
        board_at = self.obs_layout.offset("board")
        self._plane = {name: board_at + i * b.n for i, name in enumerate(PLANES)}
        self._features_at = self.obs_layout.offset("marines")
        self._lairs_at = self.obs_layout.offset("lairs")
        self._turn_scale, self._red_turn_every = data["turn_scale"], self.data["red_turn_every"]
        bands = self.tables["range_bands"]
        self._band = [next(i for i, upper in enumerate(bands) if r <= upper) for r in range(max(b.height, b.width) + 1)]
        self._obs_template = self.obs_layout.zeros()
        self._room_fields: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        planes = self.obs_layout.view(self._obs_template, "board")
        static = {"obstruction": b.blocked.ravel(), "stairwell": b.stairwell.ravel(),
                  "climbable": b.stairwell_squares(), "elevator": np.isin(np.arange(b.n), self.elevator)}
        for name, values in static.items():
            planes[PLANES.index(name)] = values.reshape(b.height, b.width)
        self._init_observation()
        self._queen_scales = (self.tables["queen_damage_track"], self.tables["queen_actions"])
        self.reset(0)

    @classmethod
    def scenario_data(cls) -> dict:
        """The lairs' data (a scenario of the lairs adds its own section)."""
        return data_files.lairs()

    def _load_characters(self) -> dict:
        return data_files.characters()

    def _scenario_views(self) -> list[tuple]:
        """A lairs scenario's own observation views, after the lairs' (none for the hunt)."""
        return []

    def _notes_views(self) -> list[tuple]:
        """The Closing Notes' options' views, each only when its option is on."""
        if not self.options.get("elevator_delay"):
            return []
        return [("elevator", len(ELEVATOR_FEATURES), ", ".join(ELEVATOR_FEATURES))]

    def _reset_scenario(self) -> None:
        """A lairs scenario's own set-up, before the first phase (nothing more for the hunt)."""

    def _action_slices(self) -> list[tuple[str, int | list[str]]]:
        return super()._action_slices() + [
            ("grenade", self.pool), ("queen_step", DIRECTION_NAMES), ("queen_stop", 1), ("queen_attack", self.marine_order),
        ]

    # ------------------------------------------------------------------------------------------
    # set-up and the contract
    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        b = self.board
        starts = [b.index(r, c) for r, c in self.hunt["elevator_start"]]
        self.marines = [LairsMarine(name, starts[i % len(starts)]) for i, name in enumerate(self.marine_order)]
        self.riders: list[int] = []
        for i in range(len(starts), len(self.marines)):  # the second Marine of a square rides on the first's card
            carrier = i - len(starts)
            self.marines[i].incapacitated, self.marines[i].carried_by = True, carrier
            self.marines[carrier].carrying = i
            self.riders.append(i)
        self.aliens = [Alien() for _ in range(self.pool)]
        self._reset_play()
        # the lairs' own records
        deck = list(self.data["room_deck"])
        self.dice.shuffle(deck)
        self.room_deck = deck  # face down: the card of Room r is room_deck[r - 1] until flipped
        self.flipped: dict[int, str] = {}  # Room -> its flipped card
        self.sentry_deck: list[str] = []  # face down, drawn from the front
        self._reshuffle_sentries()
        self.appear_at: list[int] = []  # the Stairwells of the Aliens still to appear this phase
        self.facehugged: list[int] = []  # Marines permanently Incapacitated by a Facehugger
        self.queen_damage = 0
        self.queen_dead = False
        self.queen_steps = 0  # Actions the Queen has left while she moves (0: she is not moving)
        self.queen_from = NO  # the square she started this move from
        self.queen_attacks: list[str] = []  # her attacks still to make this Aliens Attack phase
        self.queen_hit: list[int] = []  # Marines her attacks have hit this phase
        self.elevator_at = NO  # (elevator_delay) the turn the called Elevator comes; NO: not called
        self._reset_scenario()
        self._start_phase("aliens_move")
        self._run()

    def clone(self) -> "HuntForTheQueen":
        new = super().clone()
        new._obs_state = None  # (its own, made at its first observe)
        for name in ("riders", "room_deck", "sentry_deck", "appear_at", "facehugged", "queen_attacks", "queen_hit"):
            setattr(new, name, list(getattr(self, name)))
        new.flipped = dict(self.flipped)
        return new

    def determinize(self, side: str, rng) -> "HuntForTheQueen":
        """The hidden cards re-dealt: the unflipped Rooms' cards among themselves and the Sentry
        deck's order (neither side sees them)."""
        new = self.clone()
        hidden = [r for r in sorted(self.rooms) if r not in self.flipped]
        cards = [new.room_deck[r - 1] for r in hidden]
        rng.shuffle(cards)
        for r, card in zip(hidden, cards):
            new.room_deck[r - 1] = card
        rng.shuffle(new.sentry_deck)
        return new

    def survivors(self) -> int:
        """Marines alive (on the map or out), a Facehugger's victim counting as Dead."""
        status = [m.status for m in self.marines]
        return len(status) - status.count("dead") - sum(status[j] != "dead" for j in self.facehugged)

    def outcome(self) -> dict[str, Any]:
        """Queen dead and anyone alive: a win; dead with nobody alive: a draw; alive: a loss. A
        game cut by the ``turn_limit`` cap has no result."""
        score = {**self.stats, "turns": self.turn, "queen_damage": self.queen_damage, "queen_dead": int(self.queen_dead),
                 "survivors": self.survivors(), "rooms_flipped": len(self.flipped)}
        cut = self.truncated_by()
        if cut is not None:
            return {"marines": None, "hive": None, "truncated_by": cut, "score": score}
        marines = (1 if self.survivors() else 0) if self.queen_dead else -1
        return {"marines": marines, "hive": -marines, "truncated_by": None, "score": score}

    def shaping_value(self, side: str) -> float:
        w = self.data["shaping"]
        value = (w["queen_hit"] * (self.queen_damage + self.queen_dead) + w["dead"] * (len(self.marines) - self.survivors())
                 + w["room_flipped"] * len(self.flipped) + w["alien_killed"] * self.stats["aliens_killed"])
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    # turns and phases
    # ------------------------------------------------------------------------------------------
    def _settle(self) -> bool:
        # (compiled: the fields read from the struct. At most steps the game goes on and the Queen
        # lives: nothing to settle, without a call of the scenario's _settle_end)
        if not self.queen_dead and self.phase != "over" and self.phase != "truncated":
            return True
        return self._settle_end()

    def _settle_end(self) -> bool:
        """``_settle`` once the game may be over (over, truncated, or the Queen dead): the hunt ends
        when the Queen dies; a scenario whose end is not hers overrides this."""
        if self.queen_dead and self.phase != "over":
            self.phase, self.decision = "over", None
            self.events.append("the Queen is dead: the hunt is over")
        return self.phase not in ("over", "truncated")

    # (The methods the phase machine calls at every step name the next class of the chain,
    # LairsObservation, rather than super(): the same method, the one after HuntForTheQueen in the
    # method resolution order of every subclass (their mixins come before HuntForTheQueen), without
    # a super object and its walk up the chain at each call.)
    def _marines_gone(self) -> bool:
        """No Marine left who can ever act: riders on the Elevator still can."""
        if not LairsObservation._marines_gone(self):
            return False
        for j in self.riders:
            if self.marines[j].status == "on_map":
                return False
        return True

    def _end_turn(self) -> None:
        if not self._marines_gone() and self.turn >= self.hunt["turns"]:
            self.phase = "over"
            self.events.append(f"turn {self.turn} is over and the Queen lives: the hunt has failed")
            return
        LairsObservation._end_turn(self)

    def _start_phase(self, phase: str) -> None:
        LairsObservation._start_phase(self, phase)
        if phase == "aliens_attack":
            q = self.aliens[QUEEN]
            self.queen_hit = []
            self.queen_attacks = list(self.tables["queen_attacks"]) if q.in_play and not q.stunned else []

    # -- Aliens Move: through the underground ---------------------------------------------------
    def _destinations(self, start: int, goal: int, steps: int) -> list[int]:
        """The Reactor Room's (the open squares that get closest); those out through the
        underground lie beyond the move_to window (four squares each way): when every best square
        is, the die picks one (A3)."""
        options = LairsObservation._destinations(self, start, goal, steps)
        ranges = self.board.range_row(start)
        near = [sq for sq in options if ranges[sq] <= MOVE_TO_WINDOW]
        if near or not options:
            return near
        return [options[self.dice.pick(len(options))]]

    # -- injuries: riders on the Elevator, the Queen's card --------------------------------------
    def _wound(self, j: int) -> None:
        m = self.marines[j]
        if j in self.riders and m.incapacitated:  # only for the ride: a Wound counts as on a healthy Marine
            if m.wounded:
                self._incapacitate(j)
            else:
                m.wounded = True
            return
        super()._wound(j)

    def _incapacitate(self, j: int) -> None:
        if j in self.riders:  # its temporary Incapacitation becomes a real one
            self._step_off(j)
            self.riders.remove(j)
        super()._incapacitate(j)

    def _step_off(self, j: int) -> None:
        """Rider j leaves the card it rides on: no longer carried, no longer Incapacitated."""
        m = self.marines[j]
        if m.carried_by != NO:
            self.marines[m.carried_by].carrying = NO
            m.carried_by = NO
        m.incapacitated = False

    def _board_again(self, j: int) -> None:
        """Rider j stays on the Elevator: back on the card of the Marine standing in its square."""
        m = self.marines[j]
        m.incapacitated = True
        for i, o in enumerate(self.marines):
            if i != j and o.status == "on_map" and o.pos == m.pos and not o.incapacitated and o.carried_by == NO and o.carrying == NO:
                o.carrying, m.carried_by = j, i
                return

    def _kill(self, j: int) -> None:
        m = self.marines[j]
        if m.alien == QUEEN:  # the Queen lets the body go
            q = self.aliens[QUEEN]
            q.card, q.attack = NO, ""
            m.alien = NO
        if j in self.riders:
            self.riders.remove(j)
        super()._kill(j)

    # -- the Marines -----------------------------------------------------------------------------
    def _activates(self, i: int) -> bool:
        """A rider gets its activation to step off the card (when a square beside it is free):
        it stands up in the carrier's square and stays listed a rider until it steps away."""
        m = self.marines[i]
        if i in self.riders and m.status == "on_map" and m.incapacitated:
            if not self._may_step_off(i):
                return False
            self._step_off(i)
            return True
        return LairsObservation._activates(self, i)  # (not super(): see _marines_gone)

    def _may_step_off(self, j: int) -> bool:
        m = self.marines[j]
        alien_squares = {al.pos for al in self.aliens if al.in_play}
        standing = self._standing_squares(exclude=j)
        return any(sq not in alien_squares and sq not in standing for _, sq in self.board.neighbours[m.pos])

    @cython.locals(m=Marine, al=Alien, seen=list, targets=list, at=cython.Py_ssize_t, k=cython.Py_ssize_t)
    def _compute_marine_mask(self) -> np.ndarray:
        mask = LairsObservation._compute_marine_mask(self)
        i = self.active
        m = self.marines[i]
        end = self._slot["end"]
        if i in self.riders:
            mask[end] = 1  # stay on the card
            return mask
        if m.actions_left < 1 or not mask[end] or self._in_combat(m):  # (the cheap tests first)
            return mask  # (no "end": passing through a teammate's square, only moving on)
        if self.characters[m.name].weapon in GRENADE_WEAPONS:
            seen = self.board.los_list(m.pos)
            targets = self.targets()
            at = self._slot["grenade"]
            for k in range(len(targets)):
                al = self.aliens[targets[k]]
                if al.pos != m.pos and seen[al.pos]:
                    mask[at + k] = 1
        return mask

    def _marine_action(self, kind: str, index: int) -> None:
        i = self.active
        m = self.marines[i]
        if i in self.riders:
            if kind == "end":
                self._board_again(i)
                self.events.append(f"{m.name} stays on the Elevator card")
                self._next_marine()
                return
            self.riders.remove(i)  # it steps off
        if kind == "grenade":
            m.actions_left -= 1
            square = self.aliens[self.targets()[index]].pos
            self.events.append(f"{m.name} fires a grenade at {self.board.rc(square)}")
            self._blast(square)
            if m.status != "on_map" or m.incapacitated or self._grabbed(m):
                self._next_marine()
            return
        LairsObservation._marine_action(self, kind, index)

    # ------------------------------------------------------------------------------------------
    # decisions
    # ------------------------------------------------------------------------------------------
    def _resolve(self, action: int) -> None:
        d = self.decision
        if d.kind not in LAIRS_DECISIONS:
            LairsObservation._resolve(self, action)  # (not super(): see _marines_gone)
            return
        kind, index = self.layout.decode(action)
        self.decision = None
        self._cache.clear()
        if d.kind == "queen_move":
            self._queen_move(STOP if kind == "queen_stop" else index)
        else:
            self._queen_attacks(index)

    def _compute_mask(self) -> np.ndarray:
        d = self.decision
        if d.kind == "marine":  # (straight there: the Reactor Room's would make an empty mask first)
            return self._compute_marine_mask()
        if d.kind == "queen_move":
            mask = self.layout.empty_mask()
            for option in d.options:
                mask[self._slot["queen_stop"] if option == STOP else self._slot["queen_step"] + option] = 1
            return mask
        if d.kind == "queen_attack":
            mask = self.layout.empty_mask()
            for j in d.options:
                mask[self._slot["queen_attack"] + j] = 1
            return mask
        return LairsObservation._compute_mask(self)  # (not super(): see _marines_gone)

    def _extra_option_bounds(self) -> dict[str, int]:
        return {"queen_move": STOP, "queen_attack": len(self.marines) - 1}

    def _passing_square(self) -> int | None:
        """Also the Queen's in the middle of her move: she passes through Marines, ramming them (printed)."""
        if self.phase == "aliens_move" and self.mover == QUEEN:
            return self.aliens[QUEEN].pos
        return super()._passing_square()

    def _extra_decision_needs(self) -> dict[str, bool]:
        return {"queen_move": self.phase == "aliens_move" and self.mover == QUEEN,
                "queen_attack": self.phase == "aliens_attack" and not self.queue and bool(self.queen_attacks)}

    # ------------------------------------------------------------------------------------------
    # observation, positions, text
    # ------------------------------------------------------------------------------------------
    # (observe: observation.py, kept up to date between steps)
    def _room_plane(self) -> np.ndarray:
        """The board plane of the Rooms not yet entered (read-only, shared: ``room_plane``)."""
        return room_plane(self.board.n, tuple(tuple(squares) for r, squares in self.rooms.items() if r not in self.flipped))

    def rooms_field(self) -> tuple[int, ...] | None:
        """The distance field to the squares of the Rooms not yet entered (the board's, as a tuple:
        read-only, and read square by square faster than an array), None when every Room is
        entered; kept per game by the Rooms flipped (the scripted marines' walk: one dict look-up,
        not the board's cache looked up by all those squares)."""
        key = tuple(sorted(self.flipped))
        out = self._room_fields.get(key, False)
        if out is False:
            squares = [sq for r, squares in self.rooms.items() if r not in self.flipped for sq in squares]
            out = self._room_fields[key] = tuple(self.board.field(squares).tolist()) if squares else None
        return out

    @cython.locals(queen=Alien)
    def _observe_lairs(self, state, survivors: int) -> None:
        """The lairs' features (LAIRS_FEATURES; the Closing Notes' Elevator's when on) into the kept
        observation ``state.buf`` (observation.py's LairsRecord), when what they are made of differs
        from ``state.lairs``, last time's; ``survivors``: survivors()."""
        kind = None if self.decision is None else self.decision.kind  # (compiled: read from the structs)
        queen = self.aliens[QUEEN]
        key = (queen.in_play, self.queen_dead, self.queen_damage, self.queen_steps, len(self.queen_attacks),
               len(self.flipped), len(self.sentry_deck), survivors, len(self.facehugged), kind == "queen_move",
               kind == "queen_attack", self.turn, self.elevator_at)
        if key == state.lairs:
            return
        state.lairs = key
        n, turns, obs = len(self.marines), self.hunt["turns"], state.buf
        track, actions = self._queen_scales
        LAIRS_PACK.pack_into(
            obs, self._lairs_at * 4, queen.in_play, self.queen_dead, self.queen_damage / track,
            self.queen_steps / actions, len(self.queen_attacks) / 3, len(self.flipped) / len(self.rooms),
            len(self.sentry_deck) / 10, survivors / n, len(self.facehugged) / n, kind == "queen_move",
            kind == "queen_attack", (turns - self.turn if self.turn < turns else 0) / turns)
        if self.options.get("elevator_delay"):
            at = self.obs_layout.offset("elevator")
            called = self.elevator_at != NO
            obs[at:at + 2] = (called, max(self.elevator_at - self.turn, 0) / self.tables["elevator_delay_max"] if called else 0.0)

    def to_dict(self) -> dict:
        data = super().to_dict()
        data["config"] = {"turn_limit": self.turn_limit, "marine_order": self.marine_order,
                          **{k: True for k in self.option_names if self.options[k]}}
        data["lairs"] = {
            "riders": list(self.riders), "room_deck": list(self.room_deck),
            "flipped": {str(r): card for r, card in sorted(self.flipped.items())}, "sentry_deck": list(self.sentry_deck),
            "appear_at": list(self.appear_at), "facehugged": list(self.facehugged), "queen_damage": self.queen_damage,
            "queen_dead": self.queen_dead, "queen_steps": self.queen_steps, "queen_from": self.queen_from,
            "queen_attacks": list(self.queen_attacks), "queen_hit": list(self.queen_hit),
        }
        if self.options.get("elevator_delay"):
            data["notes"] = {"elevator_at": self.elevator_at}
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "HuntForTheQueen":
        return codec.load(cls, data)

    def _describe(self, kind: str, index: int, label: str) -> str:
        d = self.decision
        if kind == "grenade" and d.player == "marines" and index < len(self.targets()):
            m = self.marines[self.active]
            a = self.targets()[index]
            square = self.aliens[a].pos
            return f"{m.name}: fire a grenade at Alien {a}'s square {self.board.rc(square)} (range {self.board.range(m.pos, square)})"
        if kind == "queen_step":
            r, c = self.board.rc(self.board.step(self.aliens[QUEEN].pos, index) or 0)
            return f"the Queen steps {DIRECTION_NAMES[index]} to ({r}, {c}) ({self.queen_steps - 1} Actions left)"
        if kind == "queen_stop":
            return f"the Queen stops at {self.board.rc(self.aliens[QUEEN].pos)}"
        if kind == "queen_attack":
            return f"the Queen's {self.queen_attacks[0] if self.queen_attacks else 'attack'} on {self.marine_order[index]}"
        if d.player == "marines" and self.active in self.riders and kind == "end":
            return f"{self.marines[self.active].name}: stay on the Elevator card"
        return super()._describe(kind, index, label)

    def render_text(self, viewer: str | None = None) -> str:
        """The map (unflipped Rooms' cards hidden from everyone), Marines a-p, the Queen Q,
        Facehuggers F, Aliens A (z Stunned, @ on a card), then the Marines' states."""
        b = self.board
        grid = [list(row) for row in b.rows_text]
        for i, m in enumerate(self.marines):
            if m.status == "on_map" and m.carried_by == NO:
                r, c = b.rc(m.pos)
                grid[r][c] = "x" if m.incapacitated else chr(ord("a") + i)
        for a, al in enumerate(self.aliens):
            if al.in_play:
                r, c = b.rc(al.pos)
                grid[r][c] = "@" if al.card != NO else "z" if al.stunned else {"queen": "Q", "facehugger": "F"}.get(self.kinds[a], "A")
        lines = ["    " + "".join(str(c % 10) for c in range(b.width))]
        lines += [f"{r:>3} " + "".join(row) for r, row in enumerate(grid)]
        lines.append("legend: a-p Marines (order), x Incapacitated, Q Queen, F Facehugger, A Alien, z Stunned, @ on a "
                     "card, W wall, # growth, 1-6 Rooms, s Stairwell 1-8, S Stairwell 9, L Elevator, c Cocooning Square")
        for i, m in enumerate(self.marines):
            state = [m.status] + ["wounded"] * m.wounded + ["incapacitated"] * m.incapacitated
            state += ["facehugged"] * (i in self.facehugged) + ["on the Elevator card"] * (i in self.riders)
            if m.alien != NO:
                state.append(f"{self.aliens[m.alien].attack} by {self.kinds[m.alien]} {m.alien}")
            lines.append(f"  {chr(ord('a') + i)} {m.name:<12} {self.characters[m.name].weapon:<12} {', '.join(state)}")
        who = "game over" if self.decision is None else self.decision.player
        if self.decision is not None and who == "marines" and self.active != NO:
            m = self.marines[self.active]
            who = f"marines: {m.name} ({m.actions_left} Actions left, Aim {m.aim})"
        elif self.decision is not None:
            who = f"hive: {self.decision.kind}"
        lines.append(f"turn {self.turn}/{self.hunt['turns']}, phase {self.phase}, to move: {who}")
        lines.append(f"Queen damage {self.queen_damage}/{self.tables['queen_damage_track']}"
                     f"{' (dead)' if self.queen_dead else ''}; Rooms flipped: "
                     + (", ".join(f"{r} {c}" for r, c in sorted(self.flipped.items())) or "none")
                     + f"; dead {self.stats['dead']}, survivors {self.survivors()}, Aliens killed {self.stats['aliens_killed']}")
        if self.events:
            lines.append("last: " + "; ".join(self.events[-8:]))
        return "\n".join(lines)


@lru_cache(maxsize=256)
def room_plane(n: int, rooms: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """A board plane of n squares, 1 on the squares of ``rooms`` (read-only): one per set of Rooms,
    shared by every game (a game's own planes, one per set of Rooms flipped, grew with its episodes)."""
    plane = np.zeros(n, dtype=np.float32)
    plane[[sq for squares in rooms for sq in squares]] = 1.0
    plane.flags.writeable = False
    return plane
