"""The M577 APC (expansion "M577 Armored Personnel Carrier"), a rule class of ``GloriousDay``.

- A 3 x 7 model (large_models.yaml ``apc``; the map's ``V`` is its rear-left square), facing
  east for the whole game (A41: it moves forward or backward, diagonals too, never sideways, so
  it never turns). Its squares hold no wall and no large model; Characters aboard stand on them
  and move with it.
- The door is in its rear edge beside the Door Gunner's space (A41); the square behind the door
  outside (the door step) is the only way in and out: a Move from outside reaching the door step
  with a step to spare ends on any free space aboard; a Move aboard ends on another free space
  aboard or outside, from the door step (A42). Entering or leaving in the Marine Phase, or the
  Door Gunner attacking, leaves the door open for the Alien Phase; an Alien on the door step of a
  closed door tries to open it as it would break a Barricade.
- Driver: Interact and a Tech test: up to 5 spaces (3 if failed), one less per Damage token, one
  space at a time (``apc_step``, no action spent; ``apc_stop`` ends the drive). An Alien in a
  space it enters attacks the APC at once, then is Killed (a Swarm whole); Characters under it
  make room (one space each) or it cannot go there; a Barricade it crosses is removed; a Blip,
  Newt or a large model stops it (A43).
- Turrets: exhaust three Endurance cards, roll two Marine dice and keep the lower: 7 or less kills
  the Alien model (a Swarm whole); the front turret cannot fire behind its space (A44), the rear
  turret fires all round. Door Gunner: an Attack with the weapon at Aliens outside. Scanner:
  Interact and a Tech test to look at a Blip. Repair (the other spaces): Interact and a Tech test
  removes a Damage token, two on the star (A45: the 0).
- Aliens and Blips treat the APC as a Character (they move toward it, attack it, Blips in its
  sight are revealed); it defends with Defense 5 and Melee 2 and a failed Defense gives it a
  Damage token. Characters aboard are not attacked, but the Door Gunner by an Alien on the door
  step of the open door (A42).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..core.board import DIRECTIONS, NO
from . import missions as objectives
from .large_models import shove_plan
from ..core.game import PhasedGame

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

APC_TARGET = -2  # the APC as the target of an Alien's attack (a decision option beside Characters)
SEATS = ("driver", "front_turret", "scanner", "rear_turret", "door_gunner")


class Shape:
    """The APC at one anchor of one map (shared by every game on the map: read-only). Compiled, an
    extension type (apc.pxd): its fields are read from the struct, with no attribute lookup."""

    def __init__(self, squares: tuple[int, ...], square_set: frozenset[int], seat_at: Mapping[int, str],
                 door_step: int):
        self.squares = squares  # row by row; () off the board
        self.square_set = square_set
        # {square: its crew position: a seat of SEATS, or "repair" (the other spaces)}; read only for a
        # square of square_set (off the board it may hold others)
        self.seat_at = seat_at
        self.door_step = door_step  # NO off the board


#: map id: {anchor: the APC's Shape there} (VehicleRules._shape; bounded by the maps' squares)
_SHAPES: dict[tuple, dict[int, Shape]] = {}
#: [(map id, its dict of _SHAPES)]: the map asked for last (the map id held here, so that no other
#: map id can be that object: ``is`` finds it without hashing the id; another map replaces the pair)
_LAST_MAP: list = [(None, None)]


def _new_shape(b, rules: dict, anchor: int) -> Shape:
    """The APC of `rules` (large_models.yaml ``apc``) at `anchor` on board `b` (``_shape`` keeps
    it; apart from it, so that its many calls do not make the closure this one needs)."""
    rows, cols = rules["size"]
    r0, c0 = b.rc(anchor)
    squares = () if not (b.inside(r0, c0) and b.inside(r0 + rows - 1, c0 + cols - 1)) \
        else tuple(b.index(r0 + r, c0 + c) for r in range(rows) for c in range(cols))
    at = lambda offset: b.index(r0 + offset[0], c0 + offset[1]) \
        if b.inside(r0 + offset[0], c0 + offset[1]) else NO  # noqa: E731
    seats = {seat: at(offset) for seat, offset in rules["seats"].items()}
    crew = dict.fromkeys(squares, "repair") | {s: seat for seat, s in seats.items()}
    return Shape(squares, frozenset(squares), MappingProxyType(crew), at(rules["door_step"]))


class VehicleRules(PhasedGame):
    # -- set-up ---------------------------------------------------------------------------------
    def _setup_vehicle(self, flat) -> None:
        """The APC's mark on the mission's map (called by _load_mission)."""
        self.apc_rules = self.data["large_models"]["apc"]
        marks = (flat == "V").nonzero()[0].tolist()
        self.apc_start = marks[0] if marks else NO

    def _reset_vehicle(self) -> None:
        self.apc = None if self.apc_start == NO else {
            "pos": self.apc_start, "damage": 0, "moves": 0, "door_open": False, "traffic": False,
            "fired": False, "scanned": []}

    # -- geometry -------------------------------------------------------------------------------
    def vehicle_squares(self, anchor: int | None = None) -> tuple[int, ...]:
        """The APC's 21 squares at `anchor` (its own by default), row by row; () without it or off the board."""
        if self.apc is None:
            return ()
        return self._shape(self.apc["pos"] if anchor is None else anchor).squares

    @cython.locals(shapes=dict)  # (compiled: a dict read without a method lookup)
    def _shape(self, anchor: int) -> Shape:
        """The APC at `anchor`, worked out once per map and anchor (_SHAPES: kept in the module,
        not on the game, so that copies and pickles of a game do not carry it)."""
        map_id = self.map_id
        last_id, shapes = _LAST_MAP[0]
        if map_id is not last_id:
            shapes = _SHAPES.get(map_id)
            if shapes is None:
                shapes = _SHAPES[map_id] = {}
            _LAST_MAP[0] = (map_id, shapes)
        shape = shapes.get(anchor)
        if shape is None:
            shape = shapes[anchor] = _new_shape(self.board, self.apc_rules, anchor)
        return shape

    def vehicle_set(self) -> frozenset:
        """The APC's squares as a set (empty without it)."""
        return frozenset() if self.apc is None else self._shape(self.apc["pos"]).square_set

    def door_step(self) -> int:
        s = self._shape(self.apc["pos"]).door_step
        return s if s != NO and self.passable[s] else NO

    @cython.locals(ch=dict)  # (compiled: dict reads without lookups)
    def anyone_on_board(self) -> bool:
        """Any Character on the board (not Killed, escaped or carried): ``bool(on_board())`` without
        the list. Here at the chain's root, not among StateQueries' queries, so that missions.check,
        which types its game as this class (a cimport of state would be a cycle), calls it in C."""
        for ch in self.chars:
            if ch["pos"] != NO:
                return True
        return False

    def aboard(self, c: int) -> bool:
        return self.apc is not None and self.chars[c]["pos"] in self._shape(self.apc["pos"]).square_set

    @cython.locals(shape=Shape)  # (compiled: its fields read from the struct)
    def seat_of(self, c: int) -> str:
        """The crew position of a Character aboard: a seat of SEATS or "repair" (the other spaces); "" outside."""
        if self.apc is None:
            return ""
        shape, pos = self._shape(self.apc["pos"]), self.chars[c]["pos"]
        return shape.seat_at[pos] if pos in shape.square_set else ""

    def _driving(self, c: int) -> bool:
        """The Driver has spaces of a drive left (the drive goes on after the action that began it)."""
        return self.apc is not None and self.apc["moves"] > 0 and self.seat_of(c) == "driver"

    def vehicle_sees(self, square: int) -> bool:
        return any(self.sight[s][square] for s in self.vehicle_squares())

    # -- moving Characters in and out (A42; where a Move ends: StateQueries.vehicle_moves) ---------
    def _vehicle_move(self, c: int, square: int) -> None:
        """A Move into, inside or out of the APC: entering or leaving opens the door for the Alien Phase."""
        inside = self.vehicle_set()
        if (self.chars[c]["pos"] in inside) != (square in inside):
            self.apc["traffic"] = True
            self._obs_marks.add("apc")

    def _crew_action(self, c: int, name: str, index: int) -> None:
        """The crew's actions (game.py's _marine_action): a step or the stop of a drive spends no action."""
        if name == "drive":
            self._drive(c)
        elif name == "apc_step":
            self.chars[c]["actions"] += 1
            self._obs_chars.add(c)
            self._vehicle_step(index)  # (it reveals what the step brings into sight)
        elif name == "apc_stop":
            self.chars[c]["actions"] += 1
            self._obs_chars.add(c)
            self.apc["moves"] = 0
            self._obs_marks.add("apc")
        elif name == "turret":
            self._turret(c, index)
        elif name == "scan":
            self._scan(c, index)
        else:
            self._repair(c)

    # -- the Driver -----------------------------------------------------------------------------
    def _drive(self, c: int) -> None:
        roll = self.dice.d10()
        passed = roll < self.stats_of(c)["tech"]
        rules = self.apc_rules
        spaces = max(0, (rules["drive_pass"] if passed else rules["drive_fail"]) - self.apc["damage"])
        self.apc["moves"] = spaces
        self._obs_marks.add("apc")
        self.events.append(f"{self.chars[c]['name']} drives the APC: Tech test {roll}, "
                           f"{'passed' if passed else 'failed'}: {spaces} spaces")

    def vehicle_step_dirs(self) -> list[int]:
        """The legal steps of the APC now: forward or backward, diagonals too (A41)."""
        if self.apc is None or self.apc["moves"] <= 0:
            return []
        return [d for d, (dr, dc) in enumerate(DIRECTIONS) if dc != 0 and self._step_plan(d) is not None]

    def _step_plan(self, d: int) -> dict | None:
        """What a step of the APC in direction d does, or None when it cannot go: the new anchor,
        the Aliens it runs over, the Characters' room, the Barricades it removes."""
        b = self.board
        r, c = b.rc(self.apc["pos"])
        dr, dc = DIRECTIONS[d]
        if not b.inside(r + dr, c + dc):
            return None
        anchor = b.index(r + dr, c + dc)
        new = self.vehicle_squares(anchor)
        if not new or not all([self.passable[s] for s in new]):  # (lists: no closure at each call)
            return None
        new_set, old = self._shape(anchor).square_set, self.vehicle_set()
        blocked = set(self.queen_squares()) | set(self.loader_squares())
        blocked |= {bl["pos"] for bl in self.blips if bl is not None}
        if self.newt_carrier == NO and self.newt != NO:
            blocked.add(self.newt)
        if new_set & blocked:
            return None
        entered = new_set - old  # (no NO among them: squares of the board)
        under = sorted([ch["pos"] for ch in self.chars if ch["pos"] in entered])
        room = {}
        if under:
            banned = (self.occupied() - old) | new_set | self.barricades
            room = shove_plan(self.nbrs, under, banned)
            if room is None:
                return None
        run_over = [k for k, a in enumerate(self.aliens) if a is not None and a["pos"] in new_set]
        return {"anchor": anchor, "room": room, "run_over": run_over,
                "barricades": sorted(new_set & self.barricades), "shift": anchor - self.apc["pos"]}

    def _vehicle_step(self, d: int) -> None:
        plan = self._step_plan(d)
        self.apc["moves"] -= 1
        self._obs_marks.add("apc")  # (its square too, below)
        inside = self.vehicle_set()
        for k, ch in enumerate(self.chars):
            if ch["pos"] != NO and ch["pos"] in inside:
                ch["pos"] += plan["shift"]  # the crew moves with it
                self._obs_chars.add(k)
            elif ch["pos"] in plan["room"]:
                ch["pos"] = plan["room"][ch["pos"]]
                self._obs_chars.add(k)
        self.apc["pos"] = plan["anchor"]
        for s in plan["barricades"]:
            self.barricades.discard(s)
            self._obs_marks.add("barricades")
            self.events.append(f"the APC smashes the Barricade at {self.board.rc(s)}")
        self.events.append(f"the APC moves to {self.board.rc(plan['anchor'])}")
        if self.queen is not None and self.next_to_queen():
            self.apc["moves"] = 0  # PRINTED: it stops next to the Queen (A49)
            self.events.append("the APC stops next to the Queen")
        self._cache.clear()
        self._reveal_seen()  # queued below the Aliens run over: they go first
        if plan["run_over"]:  # PRINTED: each Alien run over attacks the APC, then is Killed
            self.work.append({"kind": "run_over", "slots": list(plan["run_over"])})

    @cython.locals(rows=list, row=list, s=cython.Py_ssize_t, q=cython.Py_ssize_t)  # (compiled: C loops, no generator)
    def next_to_queen(self) -> bool:
        """A square of the APC within one space of a square of the Queen."""
        queen, rows = self.queen_squares(), self.board.range_rows()
        for s in self.vehicle_squares():
            row = rows[s]
            for q in queen:
                if row[q] <= 1:  # (board.range(s, q))
                    return True
        return False

    def _task_run_over(self, task: dict) -> None:
        """The Aliens the APC ran over in a step (``slots``, in turn): each attacks it (the APC's
        Defense roll; Savage may answer a passed one, A48), then is Killed, a Swarm whole (not
        by an Attack: no Resilient, A48). One task: the mission's end waits for the last, as
        it did when they were resolved at once."""
        while task["slots"]:
            slot = task["slots"][0]
            alien = self.aliens[slot]
            if alien is not None:
                # no window once an earlier Alien of the step has decided the mission (wrecked it)
                total = self._rolled_defense(task, lambda roll: self.vehicle_defense_total(alien, roll),
                                             self.apc_rules["defense"], "APC", window=objectives.check(self) is None)
                if total is None:
                    return
                self._vehicle_defense(total, slot)
                if self.aliens[slot] is not None:
                    self.stats["kills"] += alien["count"]
                    self.aliens[slot] = None
                    self._obs_marks.add("aliens")
                    self.events.append("the APC runs the Alien over")
            task["slots"].pop(0)
            task.pop("roll", None)
            task.pop("react", None)
        self._done(task)

    # -- attacks from the APC -------------------------------------------------------------------
    def turret_targets(self, c: int) -> list[int]:
        """Aliens a turret gunner may fire at: in sight of the turret's space, outside the APC;
        the front turret not behind its space (A44); three cards in hand."""
        if self.seat_of(c) not in ("front_turret", "rear_turret") or len(self.hand) < self.apc_rules["turret_cost"]:
            return []
        return [k for k, a in enumerate(self.aliens) if a is not None and self._turret_sees(c, a["pos"])]

    def _turret_sees(self, c: int, square: int) -> bool:
        pos = self.chars[c]["pos"]
        if square in self.vehicle_set() or not self.sight[pos][square]:
            return False
        return self.seat_of(c) == "rear_turret" or self.board.rc(square)[1] >= self.board.rc(pos)[1]

    def turret_reaches_queen(self, c: int) -> bool:
        """A turret gunner may fire at the Queen: a square of hers in the turret's sight, three cards."""
        return (self.queen is not None and self.seat_of(c) in ("front_turret", "rear_turret")
                and len(self.hand) >= self.apc_rules["turret_cost"]
                and any(self._turret_sees(c, q) for q in self.queen_squares()))

    def _turret(self, c: int, k: int | None) -> None:
        """A turret's attack on the Alien in slot k (None: the Queen, 7 less her Damage tokens
        to hit, a hit a Damage token)."""
        rules = self.apc_rules
        for _ in range(rules["turret_cost"]):
            self.exhausted.append(self.hand.pop())
        rolls = [self.dice.d10() for _ in range(rules["turret_dice"])]
        roll = min(rolls)  # PRINTED: two Marine dice, the highest discarded
        target = self.queen if k is None else self.aliens[k]
        need = rules["turret_kills"] - (target["damage"] if k is None else 0)
        hit = roll <= need
        self.stats["attacks"] += 1
        self.events.append(f"{self.chars[c]['name']} fires the turret at {self.board.rc(target['pos'])}: "
                           f"rolls {rolls}, keeps {roll}: {'kill' if hit else 'miss'}")
        if hit:  # an Attack's hit: Resilient may answer it (A48)
            self.stats["hits"] += 1
            self.work.append({"kind": "kill", "slot": 0, "queen": True} if k is None
                             else {"kind": "kill", "slot": k, "whole": True})  # the model and the tokens under it

    def can_scan(self, c: int) -> list[int]:
        if self.seat_of(c) != "scanner":
            return []
        return [k for k, bl in enumerate(self.blips) if bl is not None and k not in self.apc["scanned"]]

    def _scan(self, c: int, k: int) -> None:
        roll = self.dice.d10()
        passed = roll < self.stats_of(c)["tech"]
        self.events.append(f"{self.chars[c]['name']} scans a Blip at {self.board.rc(self.blips[k]['pos'])}: "
                           f"Tech test {roll}, {'passed' if passed else 'failed'}")
        if passed:
            self.apc["scanned"].append(k)
            self._obs_marks.add("apc")

    def can_repair(self, c: int) -> bool:
        return self.seat_of(c) == "repair" and self.apc["damage"] > 0

    def _repair(self, c: int) -> None:
        roll = self.dice.d10()
        passed = roll < self.stats_of(c)["tech"]
        fixed = 0
        if passed:
            fixed = min(self.apc["damage"], 2 if roll == self.apc_rules["star"] else 1)
            self.apc["damage"] -= fixed
            self._obs_marks.add("apc")
        self.events.append(f"{self.chars[c]['name']} repairs the APC: Tech test {roll}, "
                           f"{'passed' if passed else 'failed'}: {fixed} Damage removed")

    # -- Aliens and the APC ---------------------------------------------------------------------
    def vehicle_targets(self, alien: dict, targets: list[int]) -> list[int]:
        """Whom an Alien next to the APC or Characters may attack: Characters outside, the APC
        (APC_TARGET) when it is next to it, the Door Gunner from the door step of the open door."""
        if self.apc is None:
            return targets
        out = [c for c in targets if not self.aboard(c)]
        pos = alien["pos"]
        if not self.vehicle_set().isdisjoint(self.nbrs[pos]):  # (a square of the APC next to it)
            out.append(APC_TARGET)
        if pos == self.door_step() and self.apc["door_open"]:
            gunner = [c for c in targets if self.seat_of(c) == "door_gunner"]
            out += gunner
        return sorted(set(out))

    def door_attempt(self, alien: dict) -> bool:
        """An Alien on the door step of the closed door tries to open it (the Barricade roll);
        True when it spent its attack so."""
        if self.apc is None or self.apc["door_open"] or alien["pos"] != self.door_step():
            return False
        roll = self.dice.d6()
        need = self.rules["barricade_breaks_on"] - (self.nature == "relentless")
        self.apc["door_open"] = roll >= need
        self._obs_marks.add("apc")
        self.events.append(f"an Alien tries the APC door: roll {roll}, {'open' if roll >= need else 'holds'}")
        return True

    def vehicle_defense_total(self, alien: dict, roll: int, queen: bool = False) -> int:
        """The APC's Defense roll's total: the d10 with the Swarm, Vicious and the Queen's +3."""
        total = roll + (self.nature == "vicious") + self.rules["swarm_defense_bonus"] * (alien["count"] - 1)
        return total + (self.large["queen"]["defense_bonus"] if queen else 0)

    def _vehicle_defense(self, total: int, slot: int, queen: bool = False) -> None:
        """The APC's Defense total against Melee 2 (the Alien dies; the Queen takes a Damage
        token) and Defense 5 (fended off); above it a Damage token."""
        rules = self.apc_rules
        if total <= rules["melee"]:
            self.events.append(f"the APC's Defense {total}: counterattack, {'the Queen' if queen else 'an Alien'} is hit")
            self.hurt_queen() if queen else self._remove_alien(slot)
        elif total <= rules["defense"]:
            self.events.append(f"the APC's Defense {total}: fended off")
        else:  # A50: no more than the printed tokens (in APC Chase five wreck it first)
            self.apc["damage"] = min(self.apc["damage"] + 1, rules["damage_tokens"])
            self._obs_marks.add("apc")
            self.events.append(f"the APC's Defense {total}: a Damage token ({self.apc['damage']})")

    def _vehicle_phase_start(self) -> None:
        """The Alien Phase begins: the door is open if anyone got in or out, or the Door Gunner fired."""
        if self.apc is not None:
            self.apc["door_open"] = self.apc["traffic"] or self.apc["fired"]
            self._obs_marks.add("apc")

    def _vehicle_round_end(self) -> None:
        if self.apc is not None:
            self.apc.update(traffic=False, fired=False, door_open=False, moves=0)
            self._obs_marks.add("apc")
