"""Ripley vs. the Queen (Aliens, Leading Edge Games 1989): the Powerloader duel.

A turn is three phases: Ripley's Phase, the Queen's Phase, Combat.

Marines (Ripley in the Powerloader):
    move[dir]        Ripley's Phase: one square (not the turn after a retreat)
    open_airlock     Ripley's Phase, only while the Queen is Stunned; it stays open
    sweep, defend    Ripley's Phase: a combat stance (aggressive / cautious)
    accept           Combat: take the Queen's attack
    retreat[dir]     Combat, before the attack is rolled: one square away from both the Queen
                     and the airlock; Ripley may not Move next turn
Hive (the Queen; the dice AI rolls what an agent chooses):
    queen_move[dr,dc]  the Queen's Phase: where she ends, up to three squares, as near Ripley
                       as they take her
    queen_action[k]    Combat: Charge, Attack or Melee

Combat (the Queen next to Ripley and not Stunned): d10 + 3 per Wound on the Powerloader-Queen
Combat Table (stance x Queen's action): none, Stun (the Queen frozen next turn), Grab (with the
airlock open and Ripley at its rim, a d10 of 6 or less drops the Queen: Ripley wins), Claw,
Tooth, Tail (a d10 on the Queen vs. Powerloader table: Wounded, Incapacitated, Dead; the Queen
wins when Ripley is Incapacitated or Dead).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.actions import ActionLayout, ObsLayout
from ..core.board import DIRECTION_NAMES, DIRECTIONS, Board, board_from_rows
from ..core.data import read_yaml
from ..core.dice import Dice
from ..core.game import Decision, PhasedGame

DATA = Path(__file__).parent / "data"
STANCES = ("unready", "sweep", "defend")
QUEEN_ACTIONS = ("charge", "attack", "melee")
COMBAT_RESULTS = ("none", "stun", "grab", "claw", "tooth", "tail")
HARM_RESULTS = ("none", "wounded", "incapacitated", "dead")
QUEEN_REACH = 3  # the queen_move slice covers offsets -3..3 (checked against queen_moves)
OFFSETS = [(dr, dc) for dr in range(-QUEEN_REACH, QUEEN_REACH + 1) for dc in range(-QUEEN_REACH, QUEEN_REACH + 1)]
OFFSET_INDEX = {off: i for i, off in enumerate(OFFSETS)}
#: the decision each phase opens (of the same name), and whose it is
DECISIONS = {"ripley": "marines", "queen": "hive", "combat": "marines", "queen_action": "hive"}
PHASES = (*DECISIONS, "over")
ENDS = ("", "dropped", "incapacitated", "dead", "time_limit")
#: the observation's named views (ObsLayout): planes over the squares, then features
PLANES = ("obstruction", "airlock", "ripley", "queen")
RIPLEY_FEATURES = ("wounds/wounds_to_incapacitate", "may_not_move", "at_airlock_rim", *(f"stance={s}" for s in STANCES))
QUEEN_FEATURES = ("stunned", "next_to_ripley", "path_distance/10")
GLOBAL_FEATURES = ("airlock_open", "turn/turn_limit", *(f"decision={k}" for k in DECISIONS))
DECISION_INDEX = {kind: i for i, kind in enumerate(DECISIONS)}


def table_result(rows: list[dict], total: int) -> str:
    """The result of the first row whose `max` is at least `total` (past the last row: the last)."""
    for row in rows:
        if total <= row["max"]:
            return row["result"]
    return rows[-1]["result"]


@lru_cache(maxsize=None)
def scenario() -> dict:
    """The scenario's YAML, checked: every table covers 0-9 with known results."""
    data = read_yaml(DATA / "ripley_queen.yaml")
    where = DATA / "ripley_queen.yaml"

    def check_rows(name, rows, results):
        if not rows or any(set(r) != {"max", "result"} or r["result"] not in results for r in rows) \
                or [r["max"] for r in rows] != sorted(r["max"] for r in rows) or rows[-1]["max"] < 9:
            raise ValueError(f"{where}: {name} must be rows {{max, result}} rising to 9 or more, results in {list(results)}")

    check_rows("queen_action_roll", data["queen_action_roll"], QUEEN_ACTIONS)
    for stance in STANCES:
        for action in QUEEN_ACTIONS:
            check_rows(f"combat.{stance}.{action}", data["combat"][stance][action], COMBAT_RESULTS)
    for attack in ("claw", "tooth", "tail"):
        check_rows(f"queen_vs_powerloader.{attack}", data["queen_vs_powerloader"][attack], HARM_RESULTS)
    if not 1 <= data["queen_moves"] <= QUEEN_REACH:
        raise ValueError(f"{where}: queen_moves must be 1-{QUEEN_REACH}, got {data['queen_moves']}")
    return data


class RipleyQueen(PhasedGame):
    name = "RipleyQueen"
    marine_decisions = frozenset(k for k, side in DECISIONS.items() if side == "marines")
    #: the hive's decisions' slices (queen: queen_move; queen_action); the marines' every other (ripley, combat)
    side_slice_names = {"hive": ("queen_move", "queen_action")}

    def __init__(self, turn_limit: int | None = None):
        super().__init__()
        data = self.data = scenario()
        if turn_limit is None:
            turn_limit = data["turn_limit"]
        if type(turn_limit) is not int or turn_limit < 1:
            raise ValueError(f"turn_limit must be a whole number of turns >= 1, got {turn_limit!r}")
        self.turn_limit = turn_limit
        rows = data["map"].splitlines()
        # the airlock is a square no one may enter, that blocks no sight: a Stairwell to the Board
        self.board: Board = board_from_rows(tuple(row.replace("A", "S") for row in rows))
        b = self.board
        self.airlock = np.array([[ch == "A" for ch in row] for row in rows])
        airlock_squares = np.flatnonzero(self.airlock)
        self.dist = b.distances().tolist()
        #: range (8-neighbour) from each square to the nearest airlock square
        self.airlock_range = [min(b.range(i, a) for a in airlock_squares) for i in range(b.n)]
        self.passable = b.passable.ravel().tolist()
        self.layout = ActionLayout([
            ("move", DIRECTION_NAMES),
            ("open_airlock", 1),
            ("sweep", 1),
            ("defend", 1),
            ("accept", 1),
            ("retreat", DIRECTION_NAMES),
            ("queen_move", [f"{dr:+d},{dc:+d}" for dr, dc in OFFSETS]),
            ("queen_action", QUEEN_ACTIONS),
        ])
        self._slot = {name: self.layout.slices[name][0] for name in self.layout.slices}
        self.obs_layout = ObsLayout([
            ("board", (len(PLANES), b.height, b.width), "planes: " + ", ".join(PLANES)),
            ("ripley", len(RIPLEY_FEATURES), ", ".join(RIPLEY_FEATURES)),
            ("queen", len(QUEEN_FEATURES), ", ".join(QUEEN_FEATURES)),
            ("globals", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES)),
        ])
        self._obs_template = self.obs_layout.zeros()
        planes = self.obs_layout.view(self._obs_template, "board")
        planes[PLANES.index("obstruction")] = b.blocked
        planes[PLANES.index("airlock")] = self.airlock
        self._ripley_plane = self.obs_layout.offset("board") + PLANES.index("ripley") * b.n
        self._queen_plane = self.obs_layout.offset("board") + PLANES.index("queen") * b.n
        self._features_at = self.obs_layout.offset("ripley")  # ripley, queen, globals follow in turn
        self.reset(0)

    # ------------------------------------------------------------------------------------------
    # set-up and the contract
    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        self.ripley = self.board.index(*self.data["ripley_start"])
        self.queen = self.board.index(*self.data["queen_start"])
        self.turn = 1
        self.phase = "ripley"
        self.wounds = 0
        self.stance = "unready"
        self.no_move_turn = 0  # the turn in which Ripley may not Move (after a retreat)
        self.stun_turn = 0  # the turn in which the Queen is Stunned (frozen)
        self.airlock_open = False
        self.end = ""
        self.decision: Decision | None = None
        self.stats = {"stuns": 0, "grabs": 0, "drop_rolls": 0, "retreats": 0, "combats": 0}
        self.events: list[str] = []
        self._cache: dict[str, Any] = {}
        self._run()

    def outcome(self) -> dict[str, Any]:
        marines = 1 if self.end == "dropped" else -1 if self.end in ("incapacitated", "dead") else 0
        return {
            "marines": marines,
            "hive": -marines,
            "score": {**self.stats, "turns": self.turn, "wounds": self.wounds, "end": self.end},
        }

    def shaping_value(self, side: str) -> float:
        """Marines' potential: the weights of data `shaping` times Ripley's Wounds and the open
        airlock (the hive's is its negative)."""
        w = self.data["shaping"]
        value = w["wound"] * self.wounds + w["airlock_open"] * self.airlock_open
        return value if side == "marines" else -value

    # -- queries the rules and the policies share ----------------------------------------------
    def queen_stunned(self) -> bool:
        return self.stun_turn == self.turn

    def adjacent(self) -> bool:
        return self.board.range(self.ripley, self.queen) == 1

    def at_airlock(self, square: int | None = None) -> bool:
        """Is the square (Ripley's by default) on the airlock's rim, next to an airlock square?"""
        return self.airlock_range[self.ripley if square is None else square] == 1

    def can_drop(self) -> bool:
        """A Grab may become a drop: the airlock is open and Ripley stands at its rim."""
        return self.airlock_open and self.at_airlock()

    def ripley_steps(self) -> list[tuple[int, int]]:
        """(direction, square) Ripley may step to: open floor, not the Queen's square."""
        return [(d, sq) for d, sq in self.board.neighbours[self.ripley] if sq != self.queen]

    def retreat_squares(self) -> list[tuple[int, int]]:
        """Steps that take Ripley farther (by range) from both the Queen and the airlock."""
        b, r = self.board, self.ripley
        q_range, a_range = b.range(r, self.queen), self.airlock_range[r]
        return [(d, sq) for d, sq in self.ripley_steps()
                if b.range(sq, self.queen) > q_range and self.airlock_range[sq] > a_range]

    def queen_destinations(self) -> list[int]:
        """Squares the Queen may end on: she heads straight for Ripley, so she ends as near her
        (by path) as queen_moves steps can take her; which of those squares is hers to choose
        (her path). Counters pass through each other while moving; she never ends on Ripley."""
        dist, q, r = self.dist, self.queen, self.ripley
        reach = self.data["queen_moves"]
        squares = [s for s in range(self.board.n) if dist[q][s] <= reach and s != r]
        nearest = min(dist[s][r] for s in squares)
        return [s for s in squares if dist[s][r] == nearest]

    # ------------------------------------------------------------------------------------------
    # the phase machine
    # ------------------------------------------------------------------------------------------
    def _advance(self) -> bool:
        phase = self.phase
        if phase == "over":
            return False
        if phase == "queen" and self.queen_stunned():
            self.events.append("the Queen is Stunned: she does not move")
            self.phase = "combat"
        elif phase == "combat" and (self.queen_stunned() or not self.adjacent()):
            self._end_turn()
        else:
            self._decide(phase)
        return True

    def _compute_mask(self) -> np.ndarray:
        mask = self.layout.empty_mask()
        kind, slot = self.decision.kind, self._slot
        if kind == "ripley":
            if self.no_move_turn != self.turn:
                for d, _ in self.ripley_steps():
                    mask[slot["move"] + d] = 1
            if self.queen_stunned() and not self.airlock_open:
                mask[slot["open_airlock"]] = 1
            mask[slot["sweep"]] = mask[slot["defend"]] = 1
        elif kind == "combat":
            mask[slot["accept"]] = 1
            for d, _ in self.retreat_squares():
                mask[slot["retreat"] + d] = 1
        elif kind == "queen":
            (qr, qc), width = self.board.rc(self.queen), self.board.width
            for s in self.queen_destinations():
                mask[slot["queen_move"] + OFFSET_INDEX[(s // width - qr, s % width - qc)]] = 1
        else:
            mask[slot["queen_action"]: slot["queen_action"] + len(QUEEN_ACTIONS)] = 1
        return mask

    def _resolve(self, action: int) -> None:
        name, index = self.layout.decode(action)
        self.decision = None
        self._cache.clear()
        if self.phase == "ripley":
            self._ripley_acts(name, index)
            self.phase = "queen"
        elif name == "queen_move":
            dr, dc = OFFSETS[index]
            r, c = self.board.rc(self.queen)
            self.queen = self.board.index(r + dr, c + dc)
            self.events.append(f"the Queen moves to {(r + dr, c + dc)}")
            self.phase = "combat"
        elif name == "accept":
            self.phase = "queen_action"
        elif name == "retreat":
            self.ripley = self.board.step(self.ripley, index)
            self.no_move_turn = self.turn + 1
            self.stats["retreats"] += 1
            self.events.append(f"Ripley retreats {DIRECTION_NAMES[index]}: she may not Move next turn")
            self._end_turn()
        else:
            self._combat(QUEEN_ACTIONS[index])

    def _ripley_acts(self, name: str, index: int) -> None:
        """Ripley's Phase: Move and Open the Airlock leave her without a stance (A5)."""
        if name == "move":
            self.ripley = self.board.step(self.ripley, index)
            self.events.append(f"Ripley moves {DIRECTION_NAMES[index]}")
        elif name == "open_airlock":
            self.airlock_open = True
            self.events.append("Ripley opens the airlock")
        else:
            self.stance = name
            self.events.append(f"Ripley takes the {name.capitalize()} stance")

    def _end_turn(self) -> None:
        if self.end:
            self.phase = "over"
            return
        if self.turn >= self.turn_limit:
            self.end, self.phase = "time_limit", "over"
            self.events.append(f"turn limit {self.turn_limit} reached: a draw")
            return
        self.turn += 1
        self.stance = "unready"
        self.phase = "ripley"

    # -- Combat --------------------------------------------------------------------------------
    def combat_total(self, roll: int) -> int:
        return roll + self.data["wound_penalty"] * self.wounds

    def _combat(self, queen_action: str) -> None:
        roll = self.dice.d10()
        total = self.combat_total(roll)
        result = table_result(self.data["combat"][self.stance][queen_action], total)
        self.stats["combats"] += 1
        self.events.append(f"the Queen's {queen_action} against Ripley's {self.stance}: "
                           f"roll {roll}, total {total}: {result}")
        if result == "stun":
            self.stun_turn = self.turn + 1
            self.stats["stuns"] += 1
        elif result == "grab":
            self.stats["grabs"] += 1
            if self.can_drop():
                self.stats["drop_rolls"] += 1
                drop = self.dice.d10()
                if drop <= self.data["drop_roll_max"]:
                    self.end = "dropped"
                    self.events.append(f"drop roll {drop}: the Queen goes out of the airlock")
                else:
                    self.events.append(f"drop roll {drop}: the Queen breaks free")
        elif result in ("claw", "tooth", "tail"):
            self._harm(result)
        self._end_turn()

    def _harm(self, attack: str) -> None:
        roll = self.dice.d10()
        harm = table_result(self.data["queen_vs_powerloader"][attack], roll)
        self.events.append(f"{attack} roll {roll}: {harm}")
        if harm == "wounded":
            self.wounds += 1
            if self.wounds >= self.data["wounds_to_incapacitate"]:
                self.end = "incapacitated"
        elif harm in ("incapacitated", "dead"):
            self.end = harm

    # ------------------------------------------------------------------------------------------
    # observation
    # ------------------------------------------------------------------------------------------
    def observe(self, player: str) -> np.ndarray:
        """The views of ``obs_layout``, the same for both sides (the board is open): planes
        obstruction, airlock, Ripley, Queen; Ripley's Wounds (/ the limit), may not Move this
        turn, at the airlock's rim, stance (one-hot); the Queen Stunned, next to Ripley, path
        distance (/ 10, capped); the airlock open, turn (/ limit), the open decision (one-hot)."""
        obs = self._cache.get("obs")
        if obs is None:
            obs = self._obs_template.copy()
            obs[self._ripley_plane + self.ripley] = 1.0
            obs[self._queen_plane + self.queen] = 1.0
            f = self._features_at
            obs[f] = self.wounds / self.data["wounds_to_incapacitate"]
            obs[f + 1] = self.no_move_turn == self.turn
            obs[f + 2] = self.at_airlock()
            obs[f + 3 + STANCES.index(self.stance)] = 1.0
            f += len(RIPLEY_FEATURES)
            obs[f] = self.queen_stunned()
            obs[f + 1] = self.adjacent()
            obs[f + 2] = min(self.dist[self.queen][self.ripley], 10) / 10
            f += len(QUEEN_FEATURES)
            obs[f] = self.airlock_open
            obs[f + 1] = min(self.turn / self.turn_limit, 1.0)
            if self.decision is not None:
                obs[f + 2 + DECISION_INDEX[self.decision.kind]] = 1.0
            self._cache["obs"] = obs
        return obs.copy()

    # ------------------------------------------------------------------------------------------
    # positions, descriptions, rendering
    # ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        b = self.board
        return {
            "game": self.name,
            "config": {"turn_limit": self.turn_limit},
            "dice": self.dice.to_dict(),
            "turn": self.turn,
            "phase": self.phase,
            "ripley": list(b.rc(self.ripley)),
            "queen": list(b.rc(self.queen)),
            "wounds": self.wounds,
            "stance": self.stance,
            "no_move_turn": self.no_move_turn,
            "stun_turn": self.stun_turn,
            "airlock_open": self.airlock_open,
            "end": self.end,
            "decision": None if self.decision is None else self.decision.kind,
            "stats": dict(self.stats),
            "events": list(self.events),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "RipleyQueen":
        from .codec import load

        return load(cls, data)

    def clone(self) -> "RipleyQueen":
        return self._clone_shared()

    def _describe(self, name: str, index: int, label: str) -> str:
        b = self.board
        if name in ("move", "retreat"):
            to = b.step(self.ripley, index)
            where = "off the board" if to is None else str(b.rc(to))
            verb = "moves" if name == "move" else "retreats (no Move next turn)"
            return f"Ripley {verb} {DIRECTION_NAMES[index]} to {where}"
        if name == "open_airlock":
            return "Ripley opens the airlock"
        if name in ("sweep", "defend"):
            return f"Ripley takes the {name.capitalize()} stance"
        if name == "accept":
            return f"Ripley takes the Queen's attack ({self.stance})"
        if name == "queen_move":
            dr, dc = OFFSETS[index]
            r, c = b.rc(self.queen)
            return f"the Queen moves to {(r + dr, c + dc)}"
        return f"the Queen's {QUEEN_ACTIONS[index].capitalize()} against Ripley's {self.stance}"

    def render_text(self, viewer: str | None = None) -> str:
        """The board is open to both sides: every viewer sees the same."""
        b = self.board
        grid = [list(row) for row in self.data["map"].splitlines()]
        if self.airlock_open:
            grid = [["O" if ch == "A" else ch for ch in row] for row in grid]
        for square, mark in ((self.ripley, "R"), (self.queen, "z" if self.queen_stunned() else "Q")):
            r, c = b.rc(square)
            grid[r][c] = mark
        lines = ["   " + "".join(str(c % 10) for c in range(b.width))]
        lines += [f"{r:>2} " + "".join(row) for r, row in enumerate(grid)]
        lines.append("legend: R Ripley (Powerloader), Q Queen, z Stunned Queen, A airlock (shut), "
                     "O airlock (open), # obstruction")
        lines.append(f"turn {self.turn}/{self.turn_limit}, phase {self.phase}; Ripley: "
                     f"{self.wounds} Wound(s), stance {self.stance}"
                     + (", may not Move" if self.no_move_turn == self.turn else ""))
        player = self.current_player()
        lines.append("game over: " + self.end if player is None else f"to decide: {player} ({self.decision.kind})")
        lines += [f"  {e}" for e in self.events[-6:]]
        return "\n".join(lines)

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """The board, Ripley, the Queen and the airlock; open to both sides, like the text."""
        from ..render.ripley_queen import render

        return render(self)
