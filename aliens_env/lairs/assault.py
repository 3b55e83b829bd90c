"""Marine Assault (Aliens Expansion, 1989) on the lairs map: the squad's survivors free the captured
Apone and Dietrich from their Cocooning Squares and get out by the Elevator before the reactor
blows (docs/rules/lairs.md, assumptions A23-A34).

Everything of the lairs holds (``HuntForTheQueen``: the map, Stairwells, Room and Sentry Cards,
Waves, Facehuggers, the Queen played by the hive); the hunt's own end (the Queen's death, its last
turn) does not. This adds:

- the squad of eight on the Elevator, Apone and Dietrich cocooned (Incapacitated, no targets for
  the Aliens, their squares closed to the squad);
- ``rescue[m]``: a Marine with its whole activation unspent, beside Marine m, spends it all on m:
  a healthy Marine frees a cocooned m (m rejoins at the end of the turn, Wounded and unarmed); any
  armed teammate hands an unarmed m a weapon;
- ``exit``: a Marine on an Elevator square leaves the map (one Action), with anyone it carries;
  in the red zone it must beat the countdown number on a d10 or be caught in the explosion;
- the Reactor Damage & Countdown Chart: each shot moves it by its weapon's damage, a grenade by a
  d10, the reactor itself by ``per_turn`` at the end of every turn; from 40 it counts down, and at
  0 everyone on the map is Dead and the game is over;
- the weapon of each card is the player's choice (the ``weapons`` option, at set-up);
- victory by the Marines out: more than the squad a win, 6-8 a draw, 5 or fewer a loss.
"""
from __future__ import annotations

import struct
from typing import Any

import numpy as np

from ..core.board import NO
from ..core.positions import Fields, position_error
from ..reactor_room import codec as reactor_codec
from ..reactor_room.game import Marine, ReactorRoom
from . import codec as lairs_codec, data_files
from .elevator import ElevatorRescue, rescue_mask
from .rooms import RoomRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython
from .game import HuntForTheQueen

ASSAULT_FEATURES = ("chart/80", "counting_down", "countdown/40", "red_zone")
ASSAULT_PACK = struct.Struct(f"{len(ASSAULT_FEATURES)}f")  # (obs[at:at + 4] = values, faster)
ASSAULT_MARINE_FEATURES = ("cocooned", "freed", "unarmed")  # (observe writes the columns 0, 1, 2 in this order)
ASSAULT_KEYS = ("chart", "cocooned", "freed", "unarmed")
NOT_ARMED = ("aim", "fire", "fire_pair", "grenade")  # the slices an unarmed Marine is never offered


class MarineAssault(ElevatorRescue, HuntForTheQueen):
    name = "MarineAssault"
    scenario = "assault"
    option_names = ("thrown_grenades", "elevator_delay", "egg_facehuggers")
    side_slice_names = {**HuntForTheQueen.side_slice_names,
                        "marines": HuntForTheQueen.side_slice_names["marines"] + ("exit", "rescue")}

    def __init__(self, turn_limit: int | None = None, marine_order: list[str] | None = None,
                 weapons: dict[str, str] | None = None, **options):
        spec = data_files.assault()["assault"]
        picks = {} if weapons is None else weapons
        if not isinstance(picks, dict) or any(not isinstance(k, str) or not isinstance(v, str) for k, v in picks.items()):
            raise ValueError(f"weapons must be a dict of Marine name -> weapon name, got {weapons!r}")
        unknown = sorted(set(picks) - set(spec["marines"]))
        if unknown:
            raise ValueError(f"weapons names {unknown}, who are not in Marine Assault; allowed: {spec['marines']}")
        self.weapons = dict(sorted(picks.items()))
        data_files.armed_characters(tuple(self.weapons.items()))  # (a weapon not on the card: a clear error now)
        super().__init__(turn_limit, marine_order, **options)
        self._assault_at = self.obs_layout.offset("assault")
        self._assault_rows_at = self.obs_layout.offset("assault_marines")

    @classmethod
    def scenario_data(cls) -> dict:
        return data_files.assault()

    def _load_characters(self) -> dict:
        return data_files.armed_characters(tuple(self.weapons.items()))

    def _action_slices(self) -> list[tuple[str, int | list[str]]]:
        return super()._action_slices() + [("exit", 1), ("rescue", self.marine_order)]

    def _scenario_views(self) -> list[tuple]:
        n = len(self.marine_order)
        return [("assault", len(ASSAULT_FEATURES), ", ".join(ASSAULT_FEATURES)),
                ("assault_marines", (n, len(ASSAULT_MARINE_FEATURES)),
                 "per Marine, in marine_order: " + ", ".join(ASSAULT_MARINE_FEATURES))]

    def _reset_scenario(self) -> None:
        """The squad on the Elevator, one a square, in marine_order; the captured in their cocoons."""
        spec, b = self.hunt, self.board
        self.riders = []
        starts = iter(spec["elevator_start"])
        self.cocooned: list[int] = []  # still in their cocoon
        self.freed: list[int] = []  # freed this turn: they rejoin at its end
        self.unarmed: list[int] = []  # rejoined, no weapon yet
        for i, m in enumerate(self.marines):
            m.carried_by = m.carrying = NO
            if m.name in spec["cocooned"]:
                m.pos, m.incapacitated = self.cocooning[spec["cocooned"][m.name] - 1], True
                self.cocooned.append(i)
                if self.arms:  # (thrown_grenades) the captured carry no grenades (A48)
                    self.arms[i].grenades = 0
            else:
                m.pos, m.incapacitated = b.index(*next(starts)), False
        self.chart = 0  # the Reactor Damage & Countdown Chart's marker, 0 to 2 x countdown_at

    def clone(self) -> "MarineAssault":
        new = super().clone()
        new.cocooned, new.freed, new.unarmed = list(self.cocooned), list(self.freed), list(self.unarmed)
        return new

    # ------------------------------------------------------------------------------------------
    # the Reactor Damage & Countdown Chart
    # ------------------------------------------------------------------------------------------
    def countdown(self) -> int | None:
        """The countdown number once the chart has reached 40 (40 down to 0), else None."""
        at = self.data["reactor"]["countdown_at"]
        return 2 * at - self.chart if self.chart >= at else None

    def red_zone(self, count: int | None = None) -> bool:
        """The countdown in the red zone (``count``: countdown(), when the caller has it)."""
        count = self.countdown() if count is None else count
        return count is not None and count <= self.data["reactor"]["red_zone"]

    def _damage(self, points: int, why: str) -> None:
        if points <= 0 or self.phase == "over":
            return
        self.chart = min(self.chart + points, 2 * self.data["reactor"]["countdown_at"])
        count = self.countdown()
        self.events.append(f"reactor damage +{points} ({why}): chart {self.chart}"
                           + ("" if count is None else f", countdown {count}"))
        if count == 0:
            self.events.append("the countdown reaches 0: the reactor blows")
            for j, m in enumerate(self.marines):
                if m.status == "on_map":
                    self._kill(j)
            self.phase, self.decision, self.active = "over", None, NO

    def _fire(self, i: int, a: int, pair: bool) -> None:
        super()._fire(i, a, pair)
        weapon = self.characters[self.marines[i].name].weapon
        self._damage(self.data["reactor"]["shot_damage"][weapon], f"a {weapon} shot")

    def _blast(self, square: int) -> None:
        super()._blast(square)
        if self.data["reactor"]["grenade_damage_roll"]:
            self._damage(self.dice.d10(), "a grenade")

    # ------------------------------------------------------------------------------------------
    # turns and the end
    # ------------------------------------------------------------------------------------------
    def _settle_end(self) -> bool:
        """The Queen's death does not end the assault (HuntForTheQueen._settle calls this only when
        the game may be over: not at every move of the phase loop)."""
        if self.phase == "over":
            self.decision = None
        return self.phase not in ("over", "truncated")

    # (The steps the phase machine takes at every step or mask name the next class that has them,
    # HuntForTheQueen (ElevatorRescue, before it, has none of them), rather than super(): the same
    # method for MarineAssault and its subclasses, without a super object walking the chain;
    # compiled, on ``game``, the game typed (assault.pxd), a C call of HuntForTheQueen's.)
    @cython.locals(game=HuntForTheQueen)
    def _marines_gone(self) -> bool:
        game = self
        return HuntForTheQueen._marines_gone(game) and not self.freed

    @cython.locals(game=HuntForTheQueen)
    def _next_marine(self) -> None:
        game = self  # (compiled: the phase read from the struct)
        if game.phase == "over":  # (the reactor blew in this activation)
            self.active = NO
            return
        HuntForTheQueen._next_marine(game)

    def _end_turn(self) -> None:
        for j in self.freed:  # "then rejoin (Wounded, unarmed ...) the following turn"
            m = self.marines[j]
            if m.status == "on_map":
                m.incapacitated, m.wounded = False, True
                self.unarmed.append(j)
                self.events.append(f"{m.name} rejoins the squad, Wounded and unarmed")
        self.freed = []
        self._damage(self.data["reactor"]["per_turn"], "the reactor burns on")
        if self.phase != "over":
            ReactorRoom._end_turn(self)

    def _kill(self, j: int) -> None:
        super()._kill(j)
        for records in (self.cocooned, self.freed, self.unarmed):
            if j in records:
                records.remove(j)

    def freed_count(self) -> int:
        """The captured alive and out of their cocoons (on the map or out)."""
        return sum(m.name in self.hunt["cocooned"] and m.status != "dead" and j not in self.cocooned
                   for j, m in enumerate(self.marines))

    def marines_out(self) -> int:
        """Marines out by the Elevator, a Facehugger's victim counting as Dead."""
        return sum(m.status == "exited" and j not in self.facehugged for j, m in enumerate(self.marines))

    def outcome(self) -> dict[str, Any]:
        """More Marines out than the squad that went in: a win; 6-8 (the printed draw) a draw; 5
        or fewer a loss. A game cut by the ``turn_limit`` cap has no result."""
        out = self.marines_out()
        score = {**self.stats, "turns": self.turn, "out": out, "chart": self.chart,
                 "freed": self.freed_count(), "queen_dead": int(self.queen_dead),
                 "rooms_flipped": len(self.flipped)}
        cut = self.truncated_by()
        if cut is not None:
            return {"marines": None, "hive": None, "truncated_by": cut, "score": score}
        marines = 1 if out > self.hunt["squad"] else 0 if out >= self.data["victory"]["draw"] else -1
        return {"marines": marines, "hive": -marines, "truncated_by": None, "score": score}

    def shaping_value(self, side: str) -> float:
        w = self.data["shaping"]
        dead = sum(m.status == "dead" or j in self.facehugged for j, m in enumerate(self.marines))
        value = (w["exited"] * self.marines_out() + w["freed"] * self.freed_count()
                 + w["dead"] * dead + w["alien_killed"] * self.stats["aliens_killed"])
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    # the Marines: rescue, exit, unarmed
    # ------------------------------------------------------------------------------------------
    def rescue_options(self, i: int) -> list[int]:
        """The Marines that Marine i may spend its whole activation on now: cocooned ones beside it
        (when it is healthy) and unarmed ones beside it (when it is armed)."""
        return rescue_options_of(self, self.cocooned, self.unarmed, i)

    @cython.locals(game=HuntForTheQueen)
    def _compute_marine_mask(self) -> np.ndarray:
        game = self  # (compiled: the game's fields read from the struct)
        mask = HuntForTheQueen._compute_marine_mask(game)  # (not super(): see _marines_gone)
        i = game.active
        cocooned, freed, unarmed = self.cocooned, self.freed, self.unarmed
        # (the rescue layer and the options: C calls, compiled, not the methods' Python-level calls;
        # the held are the cocooned alone while nobody is freed, most steps: no list made)
        rescue_mask(game, mask, cocooned + freed if freed else cocooned)
        if i in unarmed:
            for kind in NOT_ARMED:
                mask[game.layout.span(kind)] = 0
        for j in rescue_options_of(game, cocooned, unarmed, i):
            mask[game._slot["rescue"] + j] = 1
        return mask

    @cython.locals(game=HuntForTheQueen)
    def _marine_action(self, kind: str, index: int) -> None:
        if kind != "exit" and kind != "rescue":  # (most actions: straight on)
            game = self
            HuntForTheQueen._marine_action(game, kind, index)  # (not super(): see _marines_gone)
            return
        i = self.active
        m = self.marines[i]
        if kind == "exit":
            self._leave(i)
            self._next_marine()
        else:
            m.actions_left = 0
            other = self.marines[index]
            if index in self.cocooned:
                self.cocooned.remove(index)
                self.freed.append(index)
                self.events.append(f"{m.name} spends the turn freeing {other.name} from the cocoon")
            else:
                self.unarmed.remove(index)
                self.events.append(f"{m.name} spends the turn handing {other.name} a weapon")
            self._next_marine()

    def _leave(self, i: int) -> None:
        """Out by the Elevator; in the red zone only on a d10 above the countdown number."""
        m = self.marines[i]
        count = self.countdown()
        if self.red_zone():
            roll = self.dice.d10()
            self.events.append(f"{m.name} leaves in the red zone: {roll} against countdown {count}")
            if roll <= count:
                self.events.append(f"{m.name} is caught in the explosion")
                if m.carrying != NO:
                    self._kill(m.carrying)
                self._kill(i)
                return
        super()._leave(i)

    # ------------------------------------------------------------------------------------------
    # observation, positions, text
    # ------------------------------------------------------------------------------------------
    def _scenario_key(self) -> tuple:
        return self.chart, tuple(self.cocooned), tuple(self.freed), tuple(self.unarmed)

    def _observe_scenario(self, buf: np.ndarray, key: tuple) -> None:
        """The chart (position, counting down, countdown, red zone) and per Marine: cocooned,
        freed this turn, unarmed."""
        at, count = self.data["reactor"]["countdown_at"], self.countdown()
        ASSAULT_PACK.pack_into(buf, self._assault_at * 4, self.chart / (2 * at), count is not None, (count or 0) / at,
                               self.red_zone(count))
        rows, width = self._assault_rows_at, len(ASSAULT_MARINE_FEATURES)
        buf[rows:rows + len(self.marines) * width] = 0.0
        for j in self.cocooned:
            buf[rows + j * width] = 1.0
        for j in self.freed:
            buf[rows + j * width + 1] = 1.0
        for j in self.unarmed:
            buf[rows + j * width + 2] = 1.0

    def to_dict(self) -> dict:
        data = super().to_dict()
        data["config"]["weapons"] = dict(self.weapons)
        data["assault"] = {"chart": self.chart, "cocooned": list(self.cocooned), "freed": list(self.freed),
                           "unarmed": list(self.unarmed)}
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "MarineAssault":
        f = Fields.position(cls.name, data, keys=(*reactor_codec.KEYS, "lairs", "assault"), optional=lairs_codec.OPTIONAL)
        rec = f.fields("assault", keys=ASSAULT_KEYS)
        spec = data_files.assault()
        n = len(spec["assault"]["marines"])
        values = {"chart": rec.int("chart", 0, 2 * spec["reactor"]["countdown_at"]),
                  "cocooned": rec.ints("cocooned", 0, n - 1, unique=True), "freed": rec.ints("freed", 0, n - 1, unique=True),
                  "unarmed": rec.ints("unarmed", 0, n - 1, unique=True)}
        game = lairs_codec.load(cls, {k: v for k, v in data.items() if k != "assault"})
        for key, value in values.items():
            setattr(game, key, value)
        game._cache.clear()
        what = f.what
        captured = {j for j, m in enumerate(game.marines) if m.name in game.hunt["cocooned"]}
        for key in ("cocooned", "freed", "unarmed"):
            for j in values[key]:
                if j not in captured:
                    raise position_error(what, f"assault.{key}", f"names marines[{j}], who is not one of the captured")
        for j in values["cocooned"] + values["freed"]:
            m = game.marines[j]
            if m.status != "on_map" or not m.incapacitated or m.pos != game.cocooning[game.hunt["cocooned"][m.name] - 1]:
                raise position_error(what, "assault.cocooned", f"names marines[{j}], who must lie Incapacitated in its cocoon")
        if set(values["cocooned"]) & set(values["freed"]) or set(values["unarmed"]) & set(values["cocooned"] + values["freed"]):
            raise position_error(what, "assault", "lists a Marine as more than one of cocooned, freed, unarmed")
        if values["freed"] and game.phase in ("aliens_move", "aliens_appear", "aliens_attack"):
            raise position_error(what, "assault.freed", "must be empty outside the Marines phase (they rejoin at its end)")
        if game.countdown() == 0 and game.phase != "over":
            raise position_error(what, "assault.chart", "is at countdown 0: the game must be over")
        lairs_codec.check_has_move(game, what)
        return game

    def _describe(self, kind: str, index: int, label: str) -> str:
        if kind == "exit":
            return f"{self.marines[self.active].name}: leave by the Elevator"
        if kind == "rescue":
            what = "free from the cocoon" if index in self.cocooned else "hand a weapon to"
            return f"{self.marines[self.active].name}: spend the turn to {what} {self.marine_order[index]}"
        return super()._describe(kind, index, label)

    def render_text(self, viewer: str | None = None) -> str:
        count = self.countdown()
        chart = f"reactor chart {self.chart}" + ("" if count is None else f", countdown {count}"
                                                 + (" (red zone)" if self.red_zone() else ""))
        names = lambda js: ", ".join(self.marines[j].name for j in js) or "none"  # noqa: E731
        return (super().render_text(viewer).replace("Queen damage", "Marine Assault: " + chart + f"; out {self.marines_out()}"
                                                     f"; cocooned {names(self.cocooned)}; unarmed {names(self.unarmed)}\nQueen damage"))


@cython.locals(m=Marine, o=Marine, ranges=list, marines=list, beside=list, out=list)
def rescue_options_of(game: RoomRules, cocooned: list[int], unarmed: list[int], i: int) -> list[int]:
    """MarineAssault.rescue_options(i) of ``game``, whose ``cocooned`` and ``unarmed`` these are:
    compiled, a C function (assault.pxd) that the mask calls without a Python-level call, the
    game's fields read from its struct."""
    if not cocooned and not unarmed:
        return []  # (nobody to spend it on: without the tests below)
    marines = game.marines
    m = marines[i]
    ranges = game._ranges[m.pos]  # (board.range_row(m.pos))
    # the cocooned and unarmed on the map beside it first: at most steps there are none, and the
    # tests of Marine i below (its activation, In Combat, a teammate's square) need not be made
    beside = []
    for j in cocooned:
        o = marines[j]
        if o.status == "on_map" and ranges[o.pos] == 1:
            beside.append(j)
    for j in unarmed:
        o = marines[j]
        if o.status == "on_map" and ranges[o.pos] == 1:
            beside.append(j)
    if not beside:
        return []
    char = game.characters[m.name]
    if m.actions_left < char.actions or m.aim or game._in_combat(m) or i in unarmed:
        return []
    out = []
    for j in sorted(set(beside)):
        o = marines[j]
        if (j in cocooned and not m.wounded) or (j in unarmed and o.carried_by == NO):
            out.append(j)
    if out and m.pos in game._standing_squares(exclude=i):  # (the costlier test last)
        return []
    return out
