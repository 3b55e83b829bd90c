"""The Reactor Room scenario of Aliens (Leading Edge Games, 1989), all of its rules.

A turn is four phases: Aliens Move, Aliens Appear, Aliens Attack, Marines Move/Fire.
Decisions the rulebook leaves to a player are actions; a decision with one legal option is
taken automatically, so every step offers a real choice.

Marines (one Action per step, for the Marine whose turn it is, in the fixed order):
    move[dir]      one square (1 Action); moving onto an EXIT square leaves the map
    aim            one point of Aim (1 Action, up to the weapon's Aim levels)
    fire[k]        fire at target k with the Aim spent (no Action); Aim is then used up
    fire_pair[k]   Machine Gun special ability: target k and the nearest Alien next to it
    melee[k]       attack target k in reach (1 Action); on a roll <= Melee it is Stunned
    push[dir]      after a successful Melee: where the Stunned Alien is pushed
    hand_off       pass a carried Marine to (or take it from) a teammate in the same square
    end            end this Marine's activation; unused Actions are lost
  Target k is the k-th Alien in play ordered by (range from the acting Marine, counter number).
Hive (Tournament Rules: Aliens still advance their full four toward the nearest Marine):
    order[a]       which of the equally close Aliens moves next
    target[m]      which of the equally near Marines it heads for
    move_to[dr,dc] where it ends among the squares equally far along a shortest path
    place[dir]     where an Alien that lost its attack goes (any open adjacent square)
"""
from __future__ import annotations

import copy
import struct
from bisect import bisect_left
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from ..core.actions import MASK_DTYPE, ActionLayout, ObsLayout
from ..core.board import DIRECTION_NAMES, DIRECTIONS, NO, UNREACHABLE, Board, board_from_rows
from ..core.dice import Dice
from ..core.game import PhasedGame
from ..core.grid import line_steps
from . import codec, data_files
from .data_files import OPTION_NAMES, RULE_OPTION_NAMES, WEAPON_OPTIONS, table_result
from .observation import ObsRecord
from .weapons import WEAPON_KINDS, WeaponRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

OFFSETS = [(dr, dc) for dr in range(-4, 5) for dc in range(-4, 5)]
OFFSET_INDEX = {off: i for i, off in enumerate(OFFSETS)}
MOVE_TO_LABELS = tuple(f"{dr:+d},{dc:+d}" for dr, dc in OFFSETS)  # the move_to slice's labels (shared by every layout)
_frombuffer = np.frombuffer  # (the Marines' mask: its bytearray wrapped as the layout's int8 array)


@dataclass
class Marine:
    name: str
    pos: int  # square, or NO once off the map
    status: str = "on_map"  # on_map | exited | dead
    wounded: bool = False
    incapacitated: bool = False
    carried_by: int = NO
    carrying: int = NO
    alien: int = NO  # Alien counter on this Marine's card
    actions_left: int = 0
    aim: int = 0
    handed_off: bool = False

    def __reduce__(self):
        """Pickled and copied as its class and fields: the same pickle compiled and pure."""
        return type(self), tuple(getattr(self, name) for name in MARINE_FIELDS)


@dataclass
class Alien:
    in_play: bool = False
    pos: int = NO
    card: int = NO  # the Marine whose card it is on
    attack: str = ""  # on a card: attacking | in_combat | grabbing
    stunned: bool = False  # loses its next Aliens Move

    def __reduce__(self):
        """Pickled and copied as its class and fields: the same pickle compiled and pure."""
        return type(self), tuple(getattr(self, name) for name in ALIEN_FIELDS)


MARINE_FIELDS = tuple(field.name for field in fields(Marine))
ALIEN_FIELDS = tuple(field.name for field in fields(Alien))


class ReactorRoom(PhasedGame, WeaponRules):
    name = "ReactorRoom"
    shaping_key = "shaping"  # the weights of shaping_value in reactor_room.yaml
    #: decision kinds: marine | push (the marines'), order | target | move_to | place (the hive's)
    marine_decisions = frozenset({"marine", "push"})
    #: the hive's decisions take these slices (order, target, move_to, place: one each); the marines'
    #: every other (the marine's actions, push; Operations' grenade, torch, ask_burke)
    side_slice_names = {"hive": ("order", "target", "move_to", "place")}
    #: the marines' actions at their k-th target (the ``targets`` view's k-th row; Operations' and
    #: the lairs' grenade, the Rescue's flame)
    row_slice_names = {"targets": ("fire", "fire_pair", "melee", "grenade", "flame")}
    #: every decision kind a position may hold (a subclass adds its own, see _extra_decision_needs)
    decision_kinds = ("marine", "push", "order", "target", "move_to", "place")

    def __init__(self, turn_limit: int | None = None, marine_order: list[str] | None = None, **options):
        super().__init__()
        data = data_files.scenario("reactor_room")
        unknown = set(options) - set(OPTION_NAMES) - set(RULE_OPTION_NAMES)
        if unknown:
            raise ValueError(
                f"unknown Reactor Room option(s) {sorted(unknown)}; allowed: turn_limit, marine_order, "
                + ", ".join(OPTION_NAMES + RULE_OPTION_NAMES)
            )
        self.options = {**data["options"], **{k: bool(v) for k, v in options.items()}}
        self.data = data
        self.tables = data_files.tables()
        self.characters = data_files.characters()
        if turn_limit is None:
            turn_limit = data["turn_limit"]
        if turn_limit is not None and (not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1):
            raise ValueError(
                f"turn_limit must be None (no limit, the rulebook's game) or a whole number of turns >= 1 "
                f"(an episode cap that truncates), got {turn_limit!r}"
            )
        self.turn_limit: int | None = turn_limit  # an episode cap, not a rule: see truncated_by()
        order = list(marine_order or data["marines"])
        if sorted(order) != sorted(data["marines"]):
            raise ValueError(f"marine_order must list each of {data['marines']} once, got {order}")
        self.marine_order = order
        self._use_board(board_from_rows(tuple(data["map"].splitlines())))
        self.pool = data["alien_pool"]
        n_marines = len(order)
        self._init_weapons()
        self.layout = ActionLayout(self._action_slices() + self._weapon_slices())
        self._slot = {name: self.layout.slices[name][0] for name in self.layout.slices}
        self.obs_layout = ObsLayout([
            ("board", (len(PLANES), self.board.height, self.board.width), "planes: " + ", ".join(PLANES)),
            ("marines", (n_marines, len(MARINE_FEATURES)), "per Marine, in marine_order: " + ", ".join(MARINE_FEATURES)),
            ("globals", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES)),
            ("targets", (self.pool, len(TARGET_FEATURES)), "per target k of the acting Marine: " + ", ".join(TARGET_FEATURES)),
            *self._rule_views(),
            *self._weapon_views(),
        ])
        board_at = self.obs_layout.offset("board")
        self._plane = {name: board_at + i * self.board.n for i, name in enumerate(PLANES)}  # flat index of square 0
        self._features_at = self.obs_layout.offset("marines")  # marines, globals, targets follow in turn
        self._turn_scale, self._red_turn_every = data["turn_scale"], data["red_turn_every"]
        bands = self.tables["range_bands"]
        self._band = [next(i for i, upper in enumerate(bands) if r <= upper) for r in range(max(self.board.height, self.board.width) + 1)]
        self._obs_template = self.obs_layout.zeros()
        planes = self.obs_layout.view(self._obs_template, "board")
        planes[PLANES.index("obstruction")] = self.board.blocked
        planes[PLANES.index("stairwell")] = self.board.stairwell
        planes[PLANES.index("exit")] = self.board.exit
        self.reset(0)

    def _action_slices(self) -> list[tuple[str, int | Sequence[str]]]:
        """The named slices of the one action space both sides share (see core.actions)."""
        return [
            ("move", DIRECTION_NAMES),
            ("aim", 1),
            ("fire", self.pool),
            ("fire_pair", self.pool),
            ("melee", self.pool),
            ("push", DIRECTION_NAMES),
            ("hand_off", 1),
            ("end", 1),
            ("order", self.pool),
            ("target", self.marine_order),
            ("move_to", MOVE_TO_LABELS),
            ("place", DIRECTION_NAMES),
        ]

    def _use_board(self, board: Board) -> None:
        """Play on `board` (the one way a game of the family sets its board): with its path
        distances and its range rows kept in the struct (``_ranges``, read in C by the hot queries
        and the scripted marines in place of ``board.range``)."""
        self.board = board
        self._ranges = board.range_rows()
        self.dist = board.distances()

    # ------------------------------------------------------------------------------------------
    # set-up and the contract
    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        b = self.board
        starts = self.data["start_squares"]
        self.marines = [Marine(name, b.index(*starts[i])) for i, name in enumerate(self.marine_order)]
        self.aliens = [Alien() for _ in range(self.pool)]
        self._reset_play()
        self._start_phase("aliens_move")
        self._run()

    def _reset_play(self) -> None:
        """The records every scenario of this family starts a game with, once its Marines and Aliens
        are set out: turn 1 before the Aliens' move, no decision, empty stats, and the optional
        rules' and the weapons' records."""
        self.turn = 1
        self.phase = "aliens_move"
        self.queue: list[int] = []  # Aliens still to move / attack in this phase
        self.mover = NO  # the Alien being moved
        self.mover_target = NO
        self.mover_steps = 0
        self.to_appear = 0
        self.active = NO  # index of the acting Marine
        self.push_alien = NO
        self.decision = None
        self.stats = {"exited": 0, "dead": 0, "aliens_killed": 0, "aliens_appeared": 0}
        self.events: list[str] = []
        self._cache: dict[str, Any] = {}
        self._reset_rule_records()
        self._reset_arms()

    def _resolve(self, action: int) -> None:
        kind, index = self.layout.decode(action)
        decision, self.decision = self.decision, None
        self._cache.clear()
        decision_kind = decision.kind
        if decision_kind == "marine":
            if self.armed_rules:
                self._note_action(kind)
            self._marine_action(kind, index)
        elif decision_kind == "push":
            self._finish_push(dict(decision.options)[index])
        elif decision_kind == "order":
            self.mover = index
            self.queue.remove(index)
        elif decision_kind == "target":
            self.mover_target = index
        elif decision_kind == "move_to":
            dr, dc = OFFSETS[index]
            r, c = self.board.rc(self.aliens[self.mover].pos)
            self._finish_alien_move(self.board.index(r + dr, c + dc))
        elif decision_kind == "place":
            self._place_beaten_alien(self.queue.pop(0), dict(decision.options)[index])

    def outcome(self) -> dict[str, Any]:
        """The result by the victory levels once the rules have ended the game; a game cut by
        the ``turn_limit`` cap has no result (None for both sides, ``truncated_by`` says why)."""
        score = {**self.stats, "turns": self.turn, "victory_points": self.victory_points()}
        if self.options["petty_revenge"]:
            score["nukes"] = self.nukes
        cut = self.truncated_by()
        if cut is not None:
            return {"marines": None, "hive": None, "truncated_by": cut, "score": score}
        if self.options["petty_revenge"]:  # "the players automatically win regardless of the result"
            return {"marines": 1, "hive": -1, "truncated_by": None, "score": score}
        out = self.stats["exited"]
        win, draw = self.data["victory"]["win"], self.data["victory"]["draw"]
        marines = 1 if out >= win else 0 if out >= draw else -1
        return {"marines": marines, "hive": -marines, "truncated_by": None, "score": score}

    def truncated_by(self) -> str | None:
        return "turn_limit" if self.phase == "truncated" else None

    def survivors(self) -> list[str]:
        """The characters that count for the Tournament Victory Points: out through the Exit, in
        any condition (assumption M1, docs/rules/movie.md)."""
        return [m.name for m in self.marines if m.status == "exited"]

    def victory_points(self) -> int:
        """The Tournament Rules' points of the survivors so far (data/tournament.yaml)."""
        return sum(data_files.victory_points(name) for name in self.survivors())

    @property
    def victory_points_max(self) -> int:
        """The points if every character survived: ``reward="victory_points"`` divides by it."""
        return sum(data_files.victory_points(name) for name in self.marine_order)

    def shaping_value(self, side: str) -> float:
        """Marines' potential: Marines out, dead and Aliens killed so far, and once the rules
        have ended the game the Marines left inside (they count as not out, like the dead; a
        game cut by the turn_limit cap leaves them uncounted: they are not lost yet)."""
        w = self.data[self.shaping_key]
        value = w["exited"] * self.stats["exited"] + w["dead"] * self.stats["dead"] + w["alien_killed"] * self.stats["aliens_killed"]
        if self.phase == "over":
            value += w["stranded"] * sum(m.status == "on_map" for m in self.marines)
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    # the phase machine: run until a decision with two or more options, or the end
    # ------------------------------------------------------------------------------------------
    def _start_phase(self, phase: str) -> None:
        self.phase = phase
        if phase == "aliens_move":
            self._resolve_hauls()
            self.queue = []
            for a, alien in enumerate(self.aliens):
                if alien.in_play and alien.card == NO:
                    if alien.stunned:
                        alien.stunned = False  # stands up, but cannot move this turn
                    else:
                        self.queue.append(a)
        elif phase == "aliens_appear":
            self.to_appear = self._aliens_due()
        elif phase == "aliens_attack":
            self.queue = [
                m.alien for m in self.marines if m.alien != NO and self.aliens[m.alien].attack in ("attacking", "in_combat")
            ]
        elif phase == "marines":
            self.active = NO
            if self.armed_rules:
                self._marines_phase_begins()
            self._next_marine()

    def _advance(self) -> bool:
        if self.phase in ("over", "truncated"):
            return False
        if self._marines_gone():
            self.phase = "over"
            return False
        if self.phase == "aliens_move":
            self._step_aliens_move()
        elif self.phase == "aliens_appear":
            self._step_aliens_appear()
        elif self.phase == "aliens_attack":
            self._step_aliens_attack()
        else:
            self._step_marines()
        return True

    @cython.locals(m=Marine)
    def _marines_gone(self) -> bool:
        """The game ends (by the rules: there is "no time limit") when no Marine left on the map
        can ever act again."""
        for m in self.marines:
            if m.status == "on_map" and not m.incapacitated:
                return False
        return True

    def _end_turn(self) -> None:
        if self.options["petty_revenge"] and (self.turn >= self.data["petty_revenge"]["free_turns"] or self._marines_gone()):
            self._orbital_strike()
            return
        if self._marines_gone():
            self.phase = "over"  # the rules end it (the last Marine may have left in this turn)
            return
        if self.turn_limit is not None and self.turn >= self.turn_limit:
            self.phase = "truncated"  # the episode cap, not a rule: the game is cut, with no result
            self.events.append(f"turn limit {self.turn_limit} reached: the game is cut (truncated), no result")
            return
        self.turn += 1
        self._start_phase("aliens_move")

    # -- Aliens Move -------------------------------------------------------------------------
    @cython.locals(m=Marine)
    def _available(self) -> list[int]:
        available = []
        for i, m in enumerate(self.marines):
            if m.status == "on_map" and not m.incapacitated and m.alien == NO:
                available.append(i)
        return available

    @cython.locals(al=Alien, row=list, targets=list, t=cython.Py_ssize_t, d=cython.long, best=cython.long)
    def _step_aliens_move(self) -> None:
        if self.mover == NO:
            available = self._available()
            if not self.queue or not available:
                self.queue = []
                self._start_phase("aliens_appear")
                return
            targets = [self.marines[m].pos for m in available]
            paths, aliens = self._paths(), self.aliens
            best, closest, waiting = UNREACHABLE, [], []  # (the queue's Aliens nearest a Marine, in queue order)
            for a in self.queue:
                al = aliens[a]
                row = paths.distance_list(al.pos)  # (an Alien may cling to a Stairwell)
                d = row[targets[0]]
                for t in targets:  # (its nearest Marine's distance: compiled, a loop on C integers)
                    if row[t] < d:
                        d = row[t]
                if d >= UNREACHABLE:
                    waiting.append(a)  # no Marine can be reached: it waits
                elif d < best:
                    best, closest = d, [a]
                elif d == best:
                    closest.append(a)
            for a in waiting:
                self.queue.remove(a)
            if not closest:
                return
            if len(closest) > 1:
                self._decide("order", closest)
                return
            self.mover = closest[0]
            self.queue.remove(self.mover)
        self.mover_steps = self.tables["alien_actions"]
        self._step_mover()

    @cython.locals(alien=Alien, target=Marine, row=list, d=cython.long, best=cython.long)
    def _step_mover(self) -> None:
        """Target, then destination, of self.mover (which moves self.mover_steps squares)."""
        alien = self.aliens[self.mover]
        row = self._paths().distance_list(alien.pos)  # (the Alien's steps to every square: its target's and the move's)
        if self.mover_target == NO:
            available = self._available()
            if not available:
                self._done_moving()
                return
            best, nearest = UNREACHABLE, []  # (the available Marines nearest the Alien, in order)
            for m in available:
                target = self.marines[m]
                d = row[target.pos]
                if d < best:
                    best, nearest = d, [m]
                elif d == best:
                    nearest.append(m)
            if best >= UNREACHABLE:
                self._done_moving()
                return
            if len(nearest) > 1:
                self._decide("target", nearest)
                return
            self.mover_target = nearest[0]
        target = self.marines[self.mover_target]
        if row[target.pos] <= self.mover_steps:
            self._alien_reaches(self.mover, self.mover_target)
            self._done_moving()
            return
        options = self._destinations(alien.pos, target.pos, self.mover_steps)
        if len(options) > 1:
            self._decide("move_to", options)
            return
        self._finish_alien_move(options[0] if options else alien.pos)

    @cython.locals(occupied=set, within=list, remaining=list, at=cython.Py_ssize_t, d=cython.long, best=cython.long)
    def _destinations(self, start: int, goal: int, steps: int) -> list[int]:
        """Open squares within `steps` moves that get as close to `goal` as possible (passing
        through counters is allowed, ending on one is not), in ascending order. (One pass over the
        squares within reach, the nearest kept as it goes: compiled, on C integers; a square
        farther than the nearest so far is passed over before its counters are looked at.)"""
        occupied = self._occupied()
        occupied.discard(start)  # staying put is allowed when nothing gets closer
        paths = self._paths()
        within = paths.within(start, steps)  # (ascending: the start's place found by bisection)
        at = bisect_left(within, start)
        if at == len(within) or within[at] != start:  # (from a Stairwell, the Alien's own square is not within reach)
            within = within[:at] + [start] + within[at:]
        remaining = paths.distance_list(goal)
        best, nearest = UNREACHABLE + 1, []  # (no distance is past UNREACHABLE: every square may tie there)
        for sq in within:
            d = remaining[sq]
            if d > best or sq in occupied:
                continue
            if d < best:
                best, nearest = d, [sq]
            elif d == best:
                nearest.append(sq)
        return nearest

    def _finish_alien_move(self, square: int) -> None:
        self.aliens[self.mover].pos = square
        self._done_moving()

    def _done_moving(self) -> None:
        self.mover = self.mover_target = NO

    def _alien_reaches(self, a: int, m: int) -> None:
        alien, marine = self.aliens[a], self.marines[m]
        alien.pos, alien.card, alien.attack = marine.pos, m, "attacking"
        marine.alien = a
        marine.aim = self.banked[m] = 0  # (Additional Aim Time: a Marine attacked loses the Aim it held)
        self.events.append(f"Alien {a} reaches {marine.name}")
        if self.armed_rules:
            self._interrupt_task(m)

    def _resolve_hauls(self) -> None:
        for m, marine in enumerate(self.marines):
            if marine.alien != NO and self.aliens[marine.alien].attack == "grabbing":
                self.events.append(f"the Alien hauls {marine.name} away")
                self._remove_alien(marine.alien)
                self._kill(m)

    # -- Aliens Appear ------------------------------------------------------------------------
    def _aliens_due(self) -> int:
        if self.options["petty_revenge"]:
            return 0  # the free turns: no Alien appears before the orbital strike ends the game
        harder = self.data["harder_drops"] if self.options["harder_drops"] else {}
        if self.turn == 1:
            return harder.get("aliens_first_turn", self.data["aliens_first_turn"])
        red = self.turn % self.data["red_turn_every"] == 0
        if red and self.options["beginner"]:
            return 0
        return harder.get("aliens_red_turn", self.data["aliens_per_turn"]) if red else self.data["aliens_per_turn"]

    def _step_aliens_appear(self) -> None:
        if self.mover != NO:
            self._step_mover()
            return
        if self.to_appear <= 0:
            self._start_phase("aliens_attack")
            return
        self.to_appear -= 1
        slot = self._free_counter()
        if slot == NO:
            self.events.append("no Alien counter left in the pool")
            self.to_appear = 0
            return
        square = self._entry_square()
        if self.options["bonus_bug"] and square is None:
            return
        if square in self.fires:
            self._burns_on_appearing(slot, square)
            return
        self._bring_in(slot, square, f"Alien {slot}")

    def _bring_in(self, slot: int, square: int, who: str) -> None:
        """Alien ``slot`` appears at ``square`` (announced as ``who``) and takes its actions."""
        alien = self.aliens[slot]
        alien.in_play, alien.pos, alien.card, alien.attack, alien.stunned = True, square, NO, "", False
        self.stats["aliens_appeared"] += 1
        self.events.append(f"{who} appears at {self.board.rc(square)}")
        self.mover, self.mover_steps = slot, self.tables["alien_actions_on_appearing"]
        self._step_mover()

    def _entry_square(self) -> int:
        rows, cols = self.data["entry_rows"], self.data["entry_columns"]
        occupied = self._occupied()
        while True:
            row_roll = self.dice.d10()
            if row_roll == 0 and (self.options["bonus_bug"] or self.options["double_bonus_bugs"]):
                # Bonus Bug: a 0 brings one more Alien (two, doubled), and the row is rolled again
                self.to_appear += self.data["double_bonus_bug_aliens" if self.options["double_bonus_bugs"] else "bonus_bug_aliens"]
                self.events.append("Bonus Bug!")
                continue
            square = self.board.index(rows[row_roll], cols[self.dice.d10()])
            if self.board.passable.item(square) and square not in occupied:
                return square

    # -- Aliens Attack ------------------------------------------------------------------------
    def _step_aliens_attack(self) -> None:
        if not self.queue:
            self._start_phase("marines")
            return
        a = self.queue[0]  # stays first in the queue while its "place" decision is open
        alien = self.aliens[a]
        if not alien.in_play or alien.card == NO:
            self.queue.pop(0)
            return
        m = alien.card
        marine = self.marines[m]
        melee = self._melee_value(marine)
        roll = self.dice.d10()
        result = table_result(self.tables["alien_attack"], roll + melee)
        self.events.append(f"Alien {a} attacks {marine.name}: {roll}{melee:+d} = {result}")
        if result == "alien_loses":
            alien.card, alien.attack, alien.stunned = NO, "", True
            marine.alien = NO
            options = self._open_adjacent(alien.pos)
            if options:
                self._decide("place", options)
                return
            self._place_beaten_alien(a, None)
        else:
            self._attack_result(m, a, result)
        self.queue.pop(0)

    def _attack_result(self, m: int, a: int, result: str) -> None:
        marine, alien = self.marines[m], self.aliens[a]
        if result == "dead":
            self._remove_alien(a)
            self._kill(m)
            return
        if result == "in_combat":
            alien.attack = "in_combat"
            return
        # the Grab family
        alien.attack = "grabbing"
        if result == "incapacitated_grabbed":
            self._incapacitate(m)
        elif result == "wounded_grabbed":
            self._wound(m)
        self._drop_carried(m)
        if self.options["dietrich_rule"] and marine.status == "on_map" and self.characters[marine.name].weapon == "Flame Unit":
            self._dietrich_rule(m)

    def _place_beaten_alien(self, a: int, square: int | None) -> None:
        alien = self.aliens[a]
        alien.pos = square if square is not None else self._nearest_open(alien.pos)
        self.events.append(f"Alien {a} is beaten off to {self.board.rc(alien.pos)} and Stunned")

    def _open_adjacent(self, square: int) -> list[tuple[int, int]]:
        """(direction, square) of the open squares next to `square` an Alien may be put in
        (Stairwells included: a Stunned Alien clings on there)."""
        occupied = self._occupied().union(self.fires)
        out = []
        beside = self.board.step_row(square)
        for d in range(8):
            n = beside[d]
            if n is not None and not self.board.blocked.item(n) and n not in occupied:
                out.append((d, n))
        return out

    def _nearest_open(self, square: int) -> int:
        """Where an Alien with no open square beside it goes (ASSUMPTION A9): the nearest open
        squares by range, one picked with the die."""
        occupied = self._occupied().union(self.fires)
        for radius in range(2, max(self.board.height, self.board.width)):
            ring = [
                s for s in range(self.board.n)
                if self.board.range(square, s) == radius and not self.board.blocked.item(s) and s not in occupied
            ]
            if ring:
                return ring[self.dice.pick(len(ring))]
        raise RuntimeError("no open square on the board")

    # -- Marines Move/Fire --------------------------------------------------------------------
    def _next_marine(self) -> None:
        if self.active != NO:  # unused Actions and Aim are lost when the activation ends
            self.marines[self.active].actions_left = 0
            self._end_aim(self.active)
        while True:
            self.active += 1
            if self.active >= len(self.marines):
                self.active = NO
                self._end_turn()
                return
            m = self.marines[self.active]
            if self._activates(self.active):
                m.actions_left = self.characters[m.name].actions
                if not self.options["aim_time"]:  # (held Aim is carried over: _end_aim)
                    m.aim = 0
                m.handed_off = False
                return

    @cython.locals(m=Marine)
    def _activates(self, i: int) -> bool:
        """Marine i gets an activation in its place in the order: on the map, able, not Grabbed."""
        m = self.marines[i]
        return m.status == "on_map" and not m.incapacitated and not self._grabbed(m)

    def _step_marines(self) -> None:
        """Open the acting Marine's next decision (a push first, if a Melee just succeeded)."""
        if self.push_alien != NO:
            options = sorted(self._push_options(self.push_alien).items())
            if options:
                self._decide("push", options)
            else:
                self._finish_push(None)
            return
        self._decide("marine")

    def _grabbed(self, m: Marine) -> bool:
        return m.alien != NO and self.aliens[m.alien].attack == "grabbing"

    def _in_combat(self, m: Marine) -> bool:
        return m.alien != NO and self.aliens[m.alien].attack in ("in_combat", "attacking")

    # ------------------------------------------------------------------------------------------
    # masks
    # ------------------------------------------------------------------------------------------
    def _compute_mask(self) -> np.ndarray:
        d = self.decision
        kind = d.kind
        if kind == "marine":
            return self._compute_marine_mask()
        mask = self.layout.empty_mask()
        if kind == "push":
            for direction, _ in d.options:
                mask[self._slot["push"] + direction] = 1
        elif kind == "order":
            for a in d.options:
                mask[self._slot["order"] + a] = 1
        elif kind == "target":
            for m in d.options:
                mask[self._slot["target"] + m] = 1
        elif kind == "move_to":
            width, at = self.board.width, self._slot["move_to"]
            r0, c0 = divmod(self.aliens[self.mover].pos, width)  # (board.rc, without the calls)
            for sq in d.options:
                r, c = divmod(sq, width)
                mask[at + OFFSET_INDEX[r - r0, c - c0]] = 1
        elif kind == "place":
            for direction, _ in d.options:
                mask[self._slot["place"] + direction] = 1
        return mask

    @cython.locals(al=Alien, keyed=list, ranges=list, aliens=list, n=cython.long, a=cython.long, sq=cython.long,
                   key=cython.long)
    def targets(self) -> list[int]:
        """Aliens in play ordered by (range from the acting Marine, counter number): target k.
        Kept in ``_cache`` for the position: anything that moves a counter or changes ``active``
        clears the cache (``_resolve``, ``_run``), as ``_open_steps`` reads the order too (it
        stops at the first target beyond range 1)."""
        cached = self._cache.get("targets")
        if cached is None:
            ranges, aliens = self._ranges[self.marines[self.active].pos], self.aliens
            n = len(aliens)  # (sorted by range * n + counter: the order of (range, counter), as ints)
            keyed = []
            for a in range(n):
                al = aliens[a]
                if al.in_play:
                    sq = al.pos
                    key = ranges[sq]
                    keyed.append(key * n + a)
            if len(keyed) > 1:
                keyed.sort()
            cached = self._cache["targets"] = []
            for key in keyed:
                cached.append(key % n)
        return cached

    @cython.locals(m=Marine, flags=bytearray, at=cython.Py_ssize_t, direction=cython.Py_ssize_t)
    def _compute_marine_mask(self) -> np.ndarray:
        """The acting Marine's mask: its flags written into a bytearray (a C write each, compiled)
        and wrapped once as the layout's int8 array (writable: the weapon rules and the derived
        rulesets add theirs to it)."""
        flags = bytearray(self.layout.size)
        i = self.active
        m = self.marines[i]
        s = self._slot
        in_combat = self._in_combat(m)
        standing = self._standing_squares(exclude=i)
        free = m.actions_left > 0 and not in_combat  # may move and aim
        if free:
            at = s["move"]
            for direction, _ in self._legal_steps(i, standing):
                flags[at + direction] = 1
        if m.pos in standing:
            if self._can_hand_off(i):
                flags[s["hand_off"]] = 1
            return _frombuffer(flags, MASK_DTYPE)  # passing through a teammate: only move on (or hand off)
        char = self.characters[m.name]
        if free and (m.aim < char.max_aim or self._can_bank(i)):
            flags[s["aim"]] = 1
        if m.actions_left > 0 or m.aim > 0:  # (else no Melee and no fire)
            targets = self.targets()
            if targets:
                self._target_mask(flags, m, char, in_combat, targets)
        flags[s["end"]] = 1
        mask = _frombuffer(flags, MASK_DTYPE)
        if self.armed_rules:
            self._weapon_mask(mask, i, in_combat)  # (it clears slices too: on the array)
        return mask

    @cython.locals(seen=list, ranges=list, k=cython.Py_ssize_t, sq=cython.long, rng=cython.long, reach=cython.long,
                   melee_at=cython.Py_ssize_t, fire_at=cython.Py_ssize_t, pair_at=cython.Py_ssize_t)
    def _target_mask(self, flags: bytearray, m: Marine, char, in_combat: bool, targets: list[int]) -> None:
        """The acting Marine m's Melee, fire and paired-fire flags at its targets (in the mask's
        bytearray, ``_compute_marine_mask``'s)."""
        s, i, aliens = self._slot, self.active, self.aliens
        melee_ok = m.actions_left > 0
        firing = m.aim > 0 and not in_combat
        ranges = self._ranges[m.pos]
        reach = max(1, self._weapon_reach(char, m.wounded, m.aim)) if firing else 1
        melee_at, fire_at, pair_at = s["melee"], s["fire"], s["fire_pair"]
        # the Marine's sight (has_los(m.pos, square) is seen[square], kept by the board): a target
        # out of sight has no shot (``_shot`` None), so neither fire action is asked about
        seen = self.board.los_list(m.pos) if firing else None
        for k in range(len(targets)):
            a = targets[k]
            sq = aliens[a].pos
            rng = ranges[sq]
            if rng > reach:
                break  # targets are sorted by range: nothing further can be hit or reached
            if melee_ok and rng <= 1:
                flags[melee_at + k] = 1
            if firing and seen[sq]:
                number = self._fire_number(i, a)
                if number is not None and number >= 0:
                    flags[fire_at + k] = 1
                if self.options["machine_gun_special"] and char.weapon == "Machine Gun":
                    b = self._pair_partner(i, a)
                    pair = None if b == NO else self._pair_number(i, a, b)
                    if pair is not None and pair >= 0:
                        flags[pair_at + k] = 1

    @cython.locals(step=tuple)
    def _legal_steps(self, i: int, standing: set[int]) -> Sequence[tuple[int, int]]:
        """(direction, square) of the steps the rules allow Marine i, the acting Marine (which may
        move: Actions left, not In Combat); ``standing``: the squares of its standing teammates.
        Read only (it may be the board's own row)."""
        m = self.marines[i]
        steps = self._open_steps()
        for step in steps:
            if step[1] in standing:  # may pass through teammates, but must be able to stop on a free square
                left, blocked = m.actions_left - 1, self._blocked_squares()
                return [step for step in steps  # (the board's own (direction, square) tuples: none built)
                        if step[1] not in standing or self._can_come_to_rest(step[1], left, standing, blocked)]
        return steps

    @cython.locals(m=Marine, al=Alien, aliens=list, ranges=list, beside=list, a=cython.long, sq=cython.long,
                   rng=cython.long)
    def _open_steps(self) -> Sequence[tuple[int, int]]:
        """(direction, square) of the steps from the acting Marine's square onto no Alien and no
        Fire (read only: it may be the board's own row). A step's square is at range 1: the Aliens
        in play are its ``targets``, ordered by range from it, so the loop stops at the first one
        farther (no other Marine is asked about, no set built)."""
        m, aliens = self.marines[self.active], self.aliens
        ranges = self._ranges[m.pos]
        beside = []
        for a in self.targets():
            al = aliens[a]
            sq = al.pos
            rng = ranges[sq]
            if rng > 1:
                break
            if rng == 1:
                beside.append(sq)
        for sq in self.fires:  # no one enters a Fire either
            if ranges[sq] == 1:
                beside.append(sq)
        steps = self.board.neighbours[m.pos]
        if not beside:
            return steps  # (the common case: nothing beside; the board's own tuple)
        return [step for step in steps if step[1] not in beside]

    @cython.locals(al=Alien, aliens=list, squares=set)
    def _blocked_squares(self) -> set[int]:
        """The squares the acting Marine moves neither onto nor through: the Aliens' in play (its
        kept ``targets``) and the Fires."""
        aliens, squares = self.aliens, set()
        for a in self.targets():
            al = aliens[a]
            squares.add(al.pos)
        squares.update(self.fires)
        return squares

    def _weapon_reach(self, char, wounded: bool, aim: int) -> int:
        """The longest range at which the weapon has a number at this Aim (blank beyond)."""
        row = (char.wounded_aim if wounded else char.aim)[aim - 1]
        last = -1
        for band, number in enumerate(row):
            if number is not None:
                last = band
        return self.tables["range_bands"][last] if last >= 0 else 0

    @cython.locals(marine=Marine, alien=Alien)
    def _shot(self, m: int, a: int) -> tuple[int, int] | None:
        """(range band, penalty) of Marine m's shot at Alien a (whatever its Aim), None when
        the shot is not allowed: no line of sight, a Flame Unit whose line meets another counter
        first. Kept for this position (``_cache``: the mask's and a scripted player's shots) by
        the weapon it was worked out for (the lairs lend Ripley a Flame Unit for a moment: both
        her shots are kept side by side)."""
        weapon = self.characters[self.marines[m].name].weapon
        key = ("shot", m, a, weapon)
        shot = self._cache.get(key, key)
        if shot is not key:
            return shot
        marine, alien = self.marines[m], self.aliens[a]
        if alien.pos == marine.pos or not self.board.has_los(marine.pos, alien.pos):
            shot = None
        elif weapon == "Flame Unit" and not self._first_in_line(marine.pos, alien.pos):
            shot = None
        else:
            shot = (self._band_at(self._ranges[marine.pos][alien.pos]), self._penalty(m, a))
        self._cache[key] = shot
        return shot

    def _band_at(self, squares: int) -> int:
        """The range band of a target `squares` away."""
        return self._band[min(squares, len(self._band) - 1)]

    @cython.locals(k=cython.long, moves=cython.long, step=tuple)
    def _can_come_to_rest(self, start: int, steps: int, standing: set[int], blocked: set[int]) -> bool:
        """Is a free square (no standing Marine, none of ``blocked``: the Aliens' and the Fires')
        within `steps` moves of `start`?"""
        # (moves: steps as a C long, for a C loop: a cpdef method's arguments are not typed)
        moves, neighbours = steps, self.board.neighbours
        if moves < 1:
            return False
        for step in neighbours[start]:  # the first move read without the search's set and lists: the
            n = step[1]                 # common answer, a free square beside (the same as the search's)
            if n not in blocked and n not in standing:
                return True
        frontier, seen = [start], {start}
        for k in range(moves):
            nxt = []
            for sq in frontier:
                for _, n in neighbours[sq]:
                    if n in seen or n in blocked:
                        continue
                    if n not in standing:
                        return True
                    seen.add(n)
                    nxt.append(n)
            frontier = nxt
        return False

    @cython.locals(marine=Marine)
    def _fire_number(self, m: int, a: int) -> int | None:
        """The highest roll that hits (penalty included), None if the shot is not allowed."""
        shot = self._shot(m, a)
        if shot is None:
            return None
        marine = self.marines[m]
        number = self.characters[marine.name].hit_number(marine.wounded, marine.aim, shot[0])
        return None if number is None else number - shot[1]

    def _pair_number(self, m: int, a: int, b: int) -> int | None:
        """Machine Gun special: one roll at the range of the farther target, with the worse penalty."""
        shot = self._shot(m, a)
        if shot is None:
            return None
        marine = self.marines[m]
        far = max(self.board.range(marine.pos, self.aliens[v].pos) for v in (a, b))
        number = self.characters[marine.name].hit_number(marine.wounded, marine.aim, self._band_at(far))
        return None if number is None else number - max(shot[1], self._penalty(m, b))

    def _penalty(self, m: int, a: int) -> int:
        """Everything added to the roll: the shared-square +5 and, under the optional rules, +3 per
        rank of Marines fired through, less 2 per banked Aim Action."""
        penalty = self._shared_square_penalty(m, a)
        if self.options["firing_through_marines"]:
            penalty += self._through_marines_penalty(m, a)
        if self.options["aim_time"]:
            penalty -= self.tables["aim_time"]["bonus_per_banked"] * self.banked[m]
        return penalty

    def _shared_square_penalty(self, m: int, a: int) -> int:
        """+5 to the roll against an Alien sharing a Marine's square (In Combat too: "Other
        Marines shooting at this Alien also take the +5 penalty"); a Flame Unit is exempt only
        against an Alien that has Grabbed a Marine (the rulebook's one exception)."""
        alien = self.aliens[a]
        if alien.card == NO:
            return 0
        if alien.attack == "grabbing" and self.characters[self.marines[m].name].weapon == "Flame Unit":
            return 0
        return self.tables["shared_square_penalty"]

    @cython.locals(counters=set, s=cython.long, d=cython.long, width=cython.long, sq=cython.long, step=cython.long,
                   r0=cython.long, c0=cython.long, r1=cython.long, c1=cython.long, top=cython.long, bottom=cython.long,
                   left=cython.long, right=cython.long, r=cython.long, c=cython.long)
    def _first_in_line(self, src: int, dst: int) -> bool:
        """Flame Units hit the first thing in their line: no counter may stand between."""
        counters = self._cache.get("counters")
        if counters is None:
            counters = self._cache["counters"] = self._occupied()
        # the line stays inside the rectangle spanned by src and dst: with no counter there (besides
        # src and dst themselves) nothing can stand between, and the line need not be traced
        s, d, width = src, dst, self.board.width
        r0, c0, r1, c1 = s // width, s % width, d // width, d % width
        top, bottom, left, right = min(r0, r1), max(r0, r1), min(c0, c1), max(c0, c1)
        for sq in counters:
            r, c = sq // width, sq % width
            if top <= r <= bottom and left <= c <= right and sq != s and sq != d:
                for step in line_steps(r1 - r0, c1 - c0, width):  # (line_squares(src, dst) read here: no list, no call)
                    if s + step in counters:
                        return False
                return True
        return True

    def _pair_partner(self, m: int, a: int) -> int:
        """Machine Gun special: the visible Alien adjacent to target a nearest the gunner."""
        marine, target = self.marines[m], self.aliens[a]
        best = NO
        for b, other in enumerate(self.aliens):
            if b == a or not other.in_play or self.board.range(other.pos, target.pos) != 1:
                continue
            if other.card == m or not self.board.has_los(marine.pos, other.pos):
                continue
            key = (self.board.range(marine.pos, other.pos), b)
            if best == NO or key < (self.board.range(marine.pos, self.aliens[best].pos), best):
                best = b
        return best

    # ------------------------------------------------------------------------------------------
    # Marine actions
    # ------------------------------------------------------------------------------------------
    def _marine_action(self, kind: str, index: int) -> None:
        m = self.marines[self.active]
        if kind in WEAPON_KINDS:
            self._weapon_action(kind, index)
        elif kind == "move":
            self._move_marine(self.active, index)
        elif kind == "aim":
            m.actions_left -= 1
            if m.aim < self.characters[m.name].max_aim:
                m.aim += 1
                self.events.append(f"{m.name} aims ({m.aim})")
            else:
                self._bank_aim(self.active)
        elif kind in ("fire", "fire_pair"):
            self._fire(self.active, self.targets()[index], pair=kind == "fire_pair")
        elif kind == "melee":
            self._melee(self.active, self.targets()[index])
        elif kind == "hand_off":
            self._hand_off(self.active)
        elif kind == "end":
            self.events.append(f"{m.name} ends")
            self._next_marine()
            return
        if m.status != "on_map" or m.incapacitated:
            self._next_marine()  # out through the Exit, or struck down by acid from its own shot

    @cython.locals(other=Marine)
    def _move_marine(self, i: int, direction: int) -> None:
        m = self.marines[i]  # (not typed: written; ``other``, typed, is only read, in the loop over the Marines)
        m.pos = self.board.step(m.pos, direction)
        m.actions_left -= 1
        if m.carrying != NO:
            self.marines[m.carrying].pos = m.pos
        if self.board.exit.item(m.pos):
            self._exit(i)
            return
        if m.carrying == NO and m.name != "Newt":
            for j, other in enumerate(self.marines):
                if (j != i and other.pos == m.pos and other.status == "on_map" and other.incapacitated
                        and other.carried_by == NO and other.alien == NO):
                    m.carrying, self.marines[j].carried_by = j, i
                    self.events.append(f"{m.name} picks up {other.name}")
                    break

    def _exit(self, i: int) -> None:
        m = self.marines[i]
        for j in (i, m.carrying):
            if j != NO:
                self.marines[j].status, self.marines[j].pos = "exited", NO
                self.stats["exited"] += 1
                self.events.append(f"{self.marines[j].name} is out")
        if m.carrying != NO:
            self.marines[m.carrying].carried_by = NO
            m.carrying = NO

    def _fire(self, i: int, a: int, pair: bool) -> None:
        m = self.marines[i]
        char = self.characters[m.name]
        if pair:
            victims = [a, self._pair_partner(i, a)]
            number = self._pair_number(i, a, victims[1])
        else:
            victims = [a]
            number = self._fire_number(i, a)
        m.aim = self.banked[i] = 0
        if self.armed_rules:
            self._spend_shot(i)
        auto = number >= self.tables["automatic_kill"]
        roll = None if auto else self.dice.d10()
        hit = auto or roll <= number
        what = "automatic kill" if auto else f"roll {roll} vs {number}: {'hit' if hit else 'miss'}"
        self.events.append(f"{m.name} fires {char.weapon} at Alien {'+'.join(map(str, victims))}: {what}")
        if hit:
            for v in victims:
                self._kill_alien(v, flame=char.weapon == "Flame Unit")

    def _kill_alien(self, a: int, flame: bool) -> None:
        alien = self.aliens[a]
        square, card = alien.pos, alien.card
        grabbed = card != NO and alien.attack == "grabbing"
        self._remove_alien(a)
        self.stats["aliens_killed"] += 1
        if flame:
            if grabbed:
                self.events.append(f"the flames kill {self.marines[card].name} too")
                self._kill(card)
            return
        for j, other in enumerate(self.marines):
            if other.status == "on_map" and self.board.range(other.pos, square) <= 1:
                self._acid(j)

    def _injure(self, j: int, result: str) -> None:
        """Marine j takes a table's result: dead, incapacitated, wounded (anything else: unhurt)."""
        if result == "dead":
            self._kill(j)
        elif result == "incapacitated":
            self._incapacitate(j)
        elif result == "wounded":
            self._wound(j)

    def _acid(self, j: int) -> None:
        roll = self.dice.d10()
        result = table_result(self.tables["acid_spray"], roll)
        marine = self.marines[j]
        self.events.append(f"acid on {marine.name}: {roll} = {result}")
        self._injure(j, result)
        if result in ("incapacitated", "wounded"):
            self._frost_rule(j)

    def _melee(self, i: int, a: int) -> None:
        m = self.marines[i]
        m.actions_left -= 1
        roll = self.dice.d10()
        melee = self._melee_value(m)
        alien = self.aliens[a]
        if roll > melee:
            self.events.append(f"{m.name} melee on Alien {a}: {roll} vs {melee}, no effect")
            return
        self.events.append(f"{m.name} melee on Alien {a}: {roll} vs {melee}, Stunned")
        if alien.card != NO:
            self.marines[alien.card].alien = NO
            alien.card, alien.attack = NO, ""
        alien.stunned = True
        self.push_alien = a
        # the push square is chosen by the Marine as its next decision (see _step_marines)

    def _push_options(self, a: int) -> dict[int, int]:
        """direction -> square for pushing a Stunned Alien one square (two when every square
        beside it holds a Marine); Stairwells allowed (it clings on)."""
        origin = self.aliens[a].pos
        occupied = self._occupied(exclude_alien=a).union(self.fires)
        standing = self._standing_squares()
        boxed = all(n in standing for n in self._adjacent(origin))  # every square beside it (on the map) holds a Marine
        distance = 2 if boxed else 1
        out = {}
        for d in range(8):
            sq = self.board.step(origin, d, distance)
            if sq is not None and not self.board.blocked.item(sq) and sq not in occupied:
                out[d] = sq
        return out

    def _finish_push(self, square: int | None) -> None:
        a = self.push_alien
        self.push_alien = NO
        alien = self.aliens[a]
        alien.pos = square if square is not None else self._nearest_open(alien.pos)
        self.events.append(f"Alien {a} pushed to {self.board.rc(alien.pos)}")

    def _hand_off(self, i: int) -> None:
        m = self.marines[i]
        j = next(j for j in self._sharers(i))
        other = self.marines[j]
        giver, taker = (m, other) if m.carrying != NO else (other, m)
        carried = giver.carrying
        giver.carrying, taker.carrying = NO, carried
        self.marines[carried].carried_by = self.marines.index(taker)
        m.handed_off = True
        self.events.append(f"{giver.name} hands {self.marines[carried].name} to {taker.name}")

    def _can_hand_off(self, i: int) -> bool:
        m = self.marines[i]
        if m.handed_off:
            return False
        for j in self._sharers(i):
            other = self.marines[j]
            if (m.carrying == NO) != (other.carrying == NO) and "Newt" not in (m.name, other.name):
                return True
        return False

    # ------------------------------------------------------------------------------------------
    # injuries and removals
    # ------------------------------------------------------------------------------------------
    def _melee_value(self, m: Marine) -> int:
        char = self.characters[m.name]
        return char.wounded_melee if m.wounded else char.melee

    def _wound(self, j: int) -> None:
        m = self.marines[j]
        if m.incapacitated:
            return  # a Wound leaves an Incapacitated Marine Incapacitated
        if m.wounded:
            self._incapacitate(j)
        else:
            m.wounded = True

    def _incapacitate(self, j: int) -> None:
        m = self.marines[j]
        if m.incapacitated:
            self._kill(j)  # a second Incapacitation is fatal
            return
        m.incapacitated = True
        self._drop_carried(j)
        if m.alien != NO and self.aliens[m.alien].attack != "grabbing":
            self.aliens[m.alien].attack = "grabbing"  # ASSUMPTION A8: it can no longer fight back

    def _drop_carried(self, j: int) -> None:
        m = self.marines[j]
        if m.carrying != NO:
            self.marines[m.carrying].carried_by = NO
            self.events.append(f"{m.name} drops {self.marines[m.carrying].name}")
            m.carrying = NO

    def _kill(self, j: int) -> None:
        m = self.marines[j]
        if m.status != "on_map":
            return
        self._drop_carried(j)
        if m.carried_by != NO:
            self.marines[m.carried_by].carrying = NO
            m.carried_by = NO
        if m.alien != NO:
            self._remove_alien(m.alien)  # the Alien goes with the body
        m.status, m.pos, m.incapacitated = "dead", NO, False
        self.stats["dead"] += 1
        self.events.append(f"{m.name} is dead")

    def _remove_alien(self, a: int) -> None:
        alien = self.aliens[a]
        if alien.card != NO:
            self.marines[alien.card].alien = NO
        self.aliens[a] = Alien()
        if self.push_alien == a:
            self.push_alien = NO

    def _frost_rule(self, j: int) -> None:
        m = self.marines[j]
        if not self.options["frost_rule"] or m.status != "on_map" or self._grabbed(m):
            return
        beside = any(self.board.stairwell.item(n) for n in self._adjacent(m.pos))
        if beside:
            roll = self.dice.d10()
            if roll in self.data["frost_rule_falls_on"]:
                self.events.append(f"{m.name} topples into the Stairwell ({roll})")
                self._kill(j)

    def _dietrich_rule(self, j: int) -> None:
        m = self.marines[j]
        roll = self.dice.d10()
        if roll not in self.data["dietrich_rule_torches_on"]:
            return
        near = [i for i, o in enumerate(self.marines) if i != j and o.status == "on_map" and self.board.range(o.pos, m.pos) <= 1]
        if near:
            victim = near[self.dice.pick(len(near))]
            self.events.append(f"{m.name}'s Flame Unit torches {self.marines[victim].name} ({roll})")
            self._kill(victim)

    # ------------------------------------------------------------------------------------------
    # Optional Rules and New Scenarios of issue 12: Firing Through Marines, Additional Aim Time,
    # harder drops and doubled Bonus Bugs (in _aliens_due, _entry_square), Petty Revenge
    # ------------------------------------------------------------------------------------------
    def _rule_views(self) -> list[tuple]:
        """The observation views of the optional rules that are on (none by default)."""
        if self.options["aim_time"]:
            return [("banked", len(self.marine_order), "per Marine, in marine_order: banked Aim Actions / max_banked")]
        return []

    def _reset_rule_records(self) -> None:
        self.banked = [0] * len(self.marine_order)  # Additional Aim Time: Aim Actions banked past the card's maximum
        self.nukes = 0  # Petty Revenge: the orbital strike's nuclear weapons (0 until it is called)

    def _rule_records(self) -> dict:
        """The optional rules' records in a saved position, present only when the rule is on."""
        out = {}
        if self.options["aim_time"]:
            out["banked"] = list(self.banked)
        if self.options["petty_revenge"]:
            out["nukes"] = self.nukes
        return out

    def _observe_banked(self, obs: np.ndarray) -> None:
        at, top = self.obs_layout.offset("banked"), self.tables["aim_time"]["max_banked"]
        obs[at:at + len(self.banked)] = [b / top if m.status == "on_map" else 0.0 for b, m in zip(self.banked, self.marines)]

    def _through_marines_penalty(self, m: int, a: int) -> int:
        """Firing Through Marines (A29): +3 per rank of standing Marines on the straight line
        between the shooter's and the target's centres (the squares ``line_squares`` gives), a
        rank being the Marines at one range from the shooter; the rank at range 1 (immediately
        in front: fired over the shoulder) is free. A Marine laid flat or carried is no counter;
        a Marine on the target's own card is the shared-square +5's, not a rank."""
        src = self.marines[m].pos
        standing = self._standing_squares(exclude=m)
        rule = self.tables["firing_through_marines"]
        ranks = {self.board.range(src, sq) for sq in self.board.line_squares(src, self.aliens[a].pos) if sq in standing}
        ranks.discard(rule["free_rank"])
        return rule["penalty_per_rank"] * len(ranks)

    def _can_bank(self, i: int) -> bool:
        """Additional Aim Time: a Marine at its card's maximum Aim may bank up to two more."""
        return self.options["aim_time"] and self.banked[i] < self.tables["aim_time"]["max_banked"]

    def _bank_aim(self, i: int) -> None:
        self.banked[i] += 1
        self.events.append(f"{self.marines[i].name} banks Aim ({self.marines[i].aim}+{self.banked[i]})")

    def _end_aim(self, i: int) -> None:
        """The activation ends: Aim is lost; under Additional Aim Time a Marine at its card's
        maximum keeps it and its banked Actions for the next turn (A30)."""
        m = self.marines[i]
        if self.options["aim_time"] and m.aim >= self.characters[m.name].max_aim:
            return
        m.aim = self.banked[i] = 0

    def _orbital_strike(self) -> None:
        """Petty Revenge: after the free turns (or once no Marine is left to act) Gorman calls in
        the strike: a d10 of nukes, each 0 adding one and rolled again; the Marines win."""
        nukes, reroll = 0, self.data["petty_revenge"]["nuke_reroll_on"]
        roll = self.dice.d10()
        while roll == reroll:
            nukes += 1
            roll = self.dice.d10()
        self.nukes = nukes + roll
        self.phase = "over"
        self.events.append(f"Gorman calls in the orbital strike: {self.nukes} nuclear weapons hit; the Marines win")

    # ------------------------------------------------------------------------------------------
    # occupancy
    # ------------------------------------------------------------------------------------------
    def _adjacent(self, square: int) -> list[int]:
        return [n for n in self.board.step_row(square) if n is not None]

    @cython.locals(m=Marine, squares=set)
    def _standing_squares(self, exclude: int = NO) -> set[int]:
        """Squares of Marines who count as counters (not laid flat, not carried, on the map)."""
        skip = self.marines[exclude] if exclude != NO else None
        squares = set()
        for m in self.marines:
            if m.status == "on_map" and m is not skip and not m.incapacitated and m.carried_by == NO:
                squares.add(m.pos)
        return squares

    @cython.locals(al=Alien, squares=set)
    def _occupied(self, exclude_alien: int = NO) -> set[int]:
        """Squares where no counter may end a move: standing Marines and Aliens."""
        squares = self._standing_squares()
        skip = self.aliens[exclude_alien] if exclude_alien != NO else None
        for al in self.aliens:
            if al.in_play and al is not skip:
                squares.add(al.pos)
        return squares

    @cython.locals(m=Marine, o=Marine)
    def _sharers(self, i: int) -> list[int]:
        m = self.marines[i]
        sharers = []
        for j, o in enumerate(self.marines):
            if j != i and o.status == "on_map" and o.pos == m.pos and not o.incapacitated and o.carried_by == NO:
                sharers.append(j)
        return sharers

    # ------------------------------------------------------------------------------------------
    # observation
    # ------------------------------------------------------------------------------------------
    _obs_record = None  # (ObsRecord | None) the last observation (reactor_room/observation.py)

    def observe(self, player: str) -> np.ndarray:
        """Flat float32 vector in [0, 1], the views of ``obs_layout`` (the board is open: both
        sides see the same): the board's PLANES, MARINE_FEATURES per Marine, the GLOBAL_FEATURES
        (turn, decision kind, Aliens in play, out, dead, red turn), then TARGET_FEATURES per
        target k of the acting Marine (range/20). Kept from the last observe, rewritten where it
        may have changed (reactor_room/observation.py)."""
        obs = self._observe_record().copy()
        if self.options["aim_time"]:
            self._observe_banked(obs)
        if self.armed_rules:
            self._observe_arms(obs)
        return obs

    def observe_kept(self, player: str) -> np.ndarray | None:
        """The kept observation itself (``_observe_record``), without observe's copy; None under
        the options observe writes on its copy (Additional Aim Time, the armed rules). A subclass
        that observes differently overrides ``_observe_record``, never ``observe`` alone (this
        would then hand out a buffer that observe no longer writes)."""
        if self.options["aim_time"] or self.armed_rules:
            return None
        return self._observe_record()

    @cython.locals(m=Marine, rec=ObsRecord, keys=list, key=tuple)
    def _observe_record(self) -> np.ndarray:
        """The kept observation (``_obs_record.buf``) brought up to date: observe's values but
        for the options it writes on its copy (the lairs keep theirs their own way: they override
        this)."""
        rec = self._obs_record
        if rec is None or rec.owner != id(self) or rec.template is not self._obs_template:
            rec = self._obs_record = ObsRecord(id(self), self._obs_template, len(self.marines))
        buf, plane = rec.buf, self._plane
        marines, aliens, active = self.marines, self.aliens, self.active
        # -- the Marines: rewritten when what their square and row show has changed
        keys = rec.keys
        changed = []
        # (a key's fields compared one by one by identity, no tuple built unless one changed: an
        # unchanged field holds the same object; an equal new object only rewrites the same values.
        # A key: (pos, wounded, incapacitated, carried_by, carrying, actions_left, aim, attack,
        # acting) on the map, (status, wounded, incapacitated) off it)
        for i, m in enumerate(marines):
            key = keys[i]
            if m.status == "on_map":
                attack = aliens[m.alien].attack if m.alien != NO else ""
                acting = i == active
                if (key is not None and len(key) == 9 and key[0] is m.pos and key[1] is m.wounded
                        and key[2] is m.incapacitated and key[3] is m.carried_by and key[4] is m.carrying
                        and key[5] is m.actions_left and key[6] is m.aim and key[7] is attack and key[8] is acting):
                    continue
                keys[i] = (m.pos, m.wounded, m.incapacitated, m.carried_by, m.carrying, m.actions_left, m.aim, attack, acting)
            else:  # (off the map: no square, a row of its status and condition alone)
                if key is not None and len(key) == 3 and key[0] is m.status and key[1] is m.wounded and key[2] is m.incapacitated:
                    continue
                keys[i] = (m.status, m.wounded, m.incapacitated)
            changed.append(i)
        if changed:
            self._write_marine_rows(rec, changed)
        # -- the Aliens, the acting and candidate squares
        ones, live, targeted = self._squares_shown(plane, active)
        rec.show_ones(ones)
        # -- the globals and the targets
        self._write_tail(rec, self._features_at + len(marines) * len(MARINE_FEATURES), live, targeted)
        self._observe_kept(rec)
        return buf

    @cython.locals(k=cython.Py_ssize_t, end=cython.Py_ssize_t, n=cython.Py_ssize_t)
    def _write_tail(self, rec: ObsRecord, at: int, live: int, targeted: list) -> None:
        """Write the values after the Marines' rows from flat index ``at`` on, one by one into
        the record's typed view: the GLOBAL_FEATURES, then the targets' features (``targeted``,
        and ``live`` the Aliens shown, from ``_squares_shown``); each rounded to float32 (bools
        and ints too). What last time's longer tail wrote past the new end is cleared (the
        targets no longer there). The lairs' ``_observe_record`` writes its tail with it too."""
        n = len(self.marines)
        turn, stats = self.turn, self.stats
        k = at
        rec.values[k] = min(turn / self._turn_scale, 1.0)
        k += 1
        # (the decision's kind read through self.decision: compiled, from the Decision's struct)
        kind = None if self.decision is None else self.decision.kind
        for v in DECISION_ONE_HOT.get(kind, DECISION_ONE_HOT[None]):  # (a subclass's own kinds: none)
            rec.values[k] = v
            k += 1
        rec.values[k] = live / self.pool
        rec.values[k + 1] = stats["exited"] / n
        rec.values[k + 2] = stats["dead"] / n
        rec.values[k + 3] = 1.0 if turn % self._red_turn_every == 0 else 0.0
        k += 4
        for v in targeted:
            rec.values[k] = v
            k += 1
        for end in range(k, rec.tail_end):
            rec.values[end] = 0.0
        rec.tail_end = k

    #: the decisions whose options are Marines, shown on the candidate plane (a subclass adds its own)
    _marine_candidate_kinds = ("target",)

    @cython.locals(al=Alien, aliens=list, ranges=list, seen=list, a=cython.long, sq=cython.long, on_card=cython.long,
                   stunned=cython.long, alien=cython.long, ones=list, targeted=list, card=cython.bint)
    def _squares_shown(self, plane: dict, active: int) -> tuple[list[int], int, list]:
        """(the squares set on the Aliens' planes (on a card, Stunned, in play: for an acting
        Marine its targets, worked out for the mask), then on the acting and candidate planes;
        how many of them are Aliens; the targets' features, in order)."""
        marines, aliens = self.marines, self.aliens
        on_card, stunned, alien = plane["on_card"], plane["stunned"], plane["alien"]
        # (the decision's fields read through self.decision: compiled, from the Decision's struct)
        decided = self.decision is not None
        acting_marine = decided and self.decision.player == "marines" and active != NO
        if acting_marine:  # the Aliens in play: the acting Marine's targets (worked out for the mask)
            pos = marines[active].pos
            ranges, seen = self._ranges[pos], self.board.los_list(pos)
            ones, targeted = [], []  # (targeted: the targets' features, in order: TARGET_FEATURES)
            for a in self.targets():
                al = aliens[a]
                sq = al.pos
                card = al.card != NO
                ones.append((on_card if card else stunned if al.stunned else alien) + sq)
                # (appended one by one, no tuple per target; as Python floats, which _write_tail
                # converts to C without a call: the flags as 1.0 and 0.0, the values float() gives them)
                targeted.append(1.0)
                targeted.append(RANGE_FEATURE[ranges[sq]])
                targeted.append(1.0 if seen[sq] else 0.0)
                targeted.append(1.0 if card else 0.0)
                targeted.append(1.0 if al.stunned else 0.0)
        else:
            ones, targeted = [], []
            for al in aliens:
                if al.in_play:
                    sq = al.pos
                    ones.append((on_card if al.card != NO else stunned if al.stunned else alien) + sq)
        live = len(ones)
        if decided:
            kind = self.decision.kind
            acting, candidate = plane["acting"], plane["candidate"]
            if acting_marine:
                ones.append(acting + pos)
            elif self.mover != NO:
                ones.append(acting + aliens[self.mover].pos)
                if self.mover_target != NO:
                    ones.append(candidate + marines[self.mover_target].pos)
            elif kind == "place":
                ones.append(acting + aliens[self.queue[0]].pos)
            if kind in self._marine_candidate_kinds:
                ones += [candidate + marines[m].pos for m in self.decision.options]
            elif kind == "order":
                ones += [candidate + aliens[a].pos for a in self.decision.options]
        return ones, live, targeted

    def _free_counter(self) -> int:
        """The first Alien counter not in play, NO when every one is (a loop: compiled, a generator
        that next() leaves unfinished is closed by a GeneratorExit, which costs a traceback)."""
        for a, alien in enumerate(self.aliens):
            if not alien.in_play:
                return a
        return NO

    def _observe_kept(self, rec: ObsRecord) -> None:
        """A subclass's own views, written into the kept observation ``rec.buf`` (every value
        that may have changed since the last observe, ``rec.extra`` its record of what it wrote)."""

    @cython.locals(record=ObsRecord, m=Marine, squares=list, marines=list, aliens=list, i=cython.Py_ssize_t,
                   row=cython.Py_ssize_t, at=cython.Py_ssize_t, width=cython.Py_ssize_t, active=cython.Py_ssize_t,
                   alien=cython.Py_ssize_t, no=cython.Py_ssize_t, pos=cython.Py_ssize_t, height=cython.Py_ssize_t,
                   board_width=cython.Py_ssize_t, plane=dict, marine_plane=dict, card_features=dict,
                   wounded=cython.bint, incapacitated=cython.bint, carried_by=cython.Py_ssize_t,
                   carrying=cython.Py_ssize_t, grabbed=cython.bint, fighting=cython.bint)
    def _write_marine_rows(self, rec: ObsRecord, changed: list[int]) -> None:
        """Marine i's board square and feature row, for each i of ``changed``: an on-map row
        written value by value into the record's typed view (compiled, in C: no tuple of Python
        floats), an off-map row through ``write_values``."""
        record = rec  # (typed here, not in game.pxd's signature: its methods are C calls)
        squares = record.squares
        marines, aliens, plane = self.marines, self.aliens, self._plane
        active, no = self.active, NO
        at, width = self._features_at, len(MARINE_FEATURES)
        b = self.board
        height, board_width = b.height, b.width
        marine_plane, card_features = MARINE_PLANE, CARD_FEATURES
        for i in changed:
            m = marines[i]
            old = squares[i]
            on_map = m.status == "on_map"
            sq = plane[marine_plane[m.incapacitated, m.wounded]] + m.pos if on_map else None
            if sq != old:  # the board square: moved, or shown on another plane (two may share one)
                record.move_mark(old, sq)
                squares[i] = sq
            row = at + i * width  # (a flat float index)
            if not on_map:
                record.write_values(row, OFF_MAP_FEATURES[m.status, m.wounded, m.incapacitated])
                continue
            alien = m.alien
            grabbed, fighting = card_features[aliens[alien].attack if alien != no else ""]
            # MARINE_FEATURES in order, each rounded to float32 as write_values rounds it; the flags
            # as C truth values: True and False, the only values MARINE_PLANE's keys allow, give 1.0
            # and 0.0 as float() does
            wounded, incapacitated, carried_by, carrying = m.wounded, m.incapacitated, m.carried_by, m.carrying
            record.values[row] = 1.0
            record.values[row + 1] = 0.0
            record.values[row + 2] = 0.0
            record.values[row + 3] = wounded
            record.values[row + 4] = incapacitated
            record.values[row + 5] = carried_by != no
            record.values[row + 6] = carrying != no
            record.values[row + 7] = grabbed
            record.values[row + 8] = fighting
            record.values[row + 9] = m.actions_left / 3
            record.values[row + 10] = m.aim / 3
            record.values[row + 11] = i == active
            pos = m.pos
            record.values[row + 12] = pos // board_width / height  # (row/height)
            record.values[row + 13] = pos % board_width / board_width  # (column/width)

    # ------------------------------------------------------------------------------------------
    # positions, descriptions, rendering
    # ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        data = {
            "game": self.name,
            "config": {"turn_limit": self.turn_limit, "marine_order": self.marine_order,
                       **{k: self.options[k] for k in OPTION_NAMES if self.options[k] or k not in WEAPON_OPTIONS},
                       **{k: True for k in RULE_OPTION_NAMES if self.options[k]}},
            "dice": self.dice.to_dict(),
            "marines": [asdict(m) for m in self.marines],
            "aliens": [asdict(a) for a in self.aliens],
            "turn": self.turn,
            "phase": self.phase,
            "queue": list(self.queue),
            "mover": self.mover,
            "mover_target": self.mover_target,
            "mover_steps": self.mover_steps,
            "to_appear": self.to_appear,
            "active": self.active,
            "push_alien": self.push_alien,
            "decision": None if self.decision is None else {"kind": self.decision.kind, "options": _jsonable(self.decision.options)},
            "stats": dict(self.stats),
            "events": list(self.events),
            **self._rule_records(),
        }
        if self.armed_rules:
            data["arms"] = self._arms_dict()
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "ReactorRoom":
        """The position saved by to_dict, checked field by field (codec.py); the game holds
        copies, never the caller's data."""
        return codec.load(cls, data)

    def clone(self) -> "ReactorRoom":
        new = self._clone_shared()
        new._obs_record = None  # (its own, made at its first observe)
        new.marines = [copy.copy(m) for m in self.marines]
        new.aliens = [copy.copy(a) for a in self.aliens]
        new.queue = list(self.queue)
        new.banked = list(self.banked)
        if self.armed_rules:
            new.arms = [copy.copy(a) for a in self.arms]
        return new

    def _extra_option_bounds(self) -> dict[str, int]:
        """A subclass's own decision kinds whose options are numbers: the highest (the codec)."""
        return {}

    def _extra_decision_needs(self) -> dict[str, bool]:
        """A subclass's own decision kinds: whether each fits the phase now (the codec)."""
        return {}

    def _passing_square(self) -> int | None:
        """The square of a figure in the middle of its move, which may share it with one more
        counter (the codec): the active Marine, passing through a teammate."""
        return self.marines[self.active].pos if self.phase == "marines" and self.active != NO else None

    def _describe(self, kind: str, index: int, label: str) -> str:
        d = self.decision
        if d.player == "marines" and self.active != NO:
            m = self.marines[self.active]
            if kind in WEAPON_KINDS:
                return self._describe_weapon(kind, index)
            if kind in ("fire", "fire_pair", "melee") and index < len(self.targets()):
                a = self.targets()[index]
                al = self.aliens[a]
                rng = self.board.range(m.pos, al.pos)
                extra = ""
                if kind != "melee":
                    number = self._fire_number(self.active, a)
                    extra = "" if number is None else (" (automatic kill)" if number >= self.tables["automatic_kill"] else f" (hits on 0-{number})" if number >= 0 else " (no chance)")
                return f"{m.name}: {kind.replace('_', ' ')} Alien {a} at range {rng}{extra}"
            if kind == "move":
                return f"{m.name}: move {DIRECTION_NAMES[index]}"
            if kind == "aim" and m.aim >= self.characters[m.name].max_aim:
                return f"{m.name}: bank one more Action of Aim (+{self.tables['aim_time']['bonus_per_banked']}, Additional Aim Time)"
            return f"{m.name}: {label.replace('_', ' ')}"
        if kind == "target":
            return f"Alien {self.mover} heads for {self.marine_order[index]}"
        if kind == "order":
            return f"Alien {index} moves next"
        if kind == "move_to" and self.mover != NO:
            dr, dc = OFFSETS[index]
            r, c = self.board.rc(self.aliens[self.mover].pos)
            return f"Alien {self.mover} moves to ({r + dr}, {c + dc})"
        return label

    def render_text(self, viewer: str | None = None) -> str:
        """The board is open to both sides: every viewer sees the same."""
        from ..render.text import render_reactor_room

        return render_reactor_room(self)

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """The board, its labelled counters and the Marines' panel; open to both sides, like the text."""
        from ..render.reactor_room import render

        return render(self)


DECISION_KINDS = ReactorRoom.decision_kinds
#: the observation's decision-kind one-hot, by kind (None: no decision open)
DECISION_ONE_HOT = {kind: tuple(float(k == kind) for k in DECISION_KINDS) for kind in (None, *DECISION_KINDS)}
# the observation's views (ReactorRoom.obs_layout): the names of the board's planes and of the features
PLANES = ("obstruction", "stairwell", "exit", "marine", "wounded", "incapacitated", "alien", "stunned", "on_card",
          "acting", "candidate")
MARINE_FEATURES = ("on_map", "exited", "dead", "wounded", "incapacitated", "carried", "carrying", "grabbed",
                   "in_combat", "actions_left/3", "aim/3", "acting", "row/height", "column/width")
# the features of a Marine off the map (out or dead: no square, no Actions, no Alien, not acting)
#: the board plane of a Marine on the map, by (incapacitated, wounded)
MARINE_PLANE = {(incapacitated, wounded): "incapacitated" if incapacitated else "wounded" if wounded else "marine"
                for incapacitated in (False, True) for wounded in (False, True)}
OFF_MAP_FEATURES = {
    (status, wounded, incapacitated): (0.0, status == "exited", status == "dead", wounded, incapacitated)
    + (0.0,) * (len(MARINE_FEATURES) - 5)
    for status in ("exited", "dead") for wounded in (False, True) for incapacitated in (False, True)
}
#: the Marine features grabbed, in_combat by the attack of the Alien on its card ("": none)
CARD_FEATURES = {"": (False, False), "attacking": (False, True), "in_combat": (False, True), "grabbing": (True, False)}
#: a target's range/20 feature by range (capped at 20)
RANGE_FEATURE = [min(r, 20) / 20 for r in range(1024)]
GLOBAL_FEATURES = ("turn/turn_scale", *(f"decision={kind}" for kind in DECISION_KINDS), "aliens_in_play/pool",
                   "out/marines", "dead/marines", "red_turn")
TARGET_FEATURES = ("present", "range/20", "line_of_sight", "on_card", "stunned")


@lru_cache(maxsize=None)
def float_struct(count: int) -> struct.Struct:
    """The packing of `count` float32 values (the features of ``observe``)."""
    return struct.Struct(f"{count}f")


def _jsonable(options: list) -> list:
    return [list(o) if isinstance(o, tuple) else o for o in options]

