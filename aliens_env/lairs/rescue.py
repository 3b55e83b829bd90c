"""The Rescue of Newt (Aliens Expansion, 1989) on the lairs map: Ripley alone brings Newt out of her
cocoon to the Elevator, the fire forcing her through Rooms (docs/rules/lairs.md, A35-A46).

Everything of the lairs holds (``HuntForTheQueen``: the map, Stairwells, Room Cards, Facehuggers,
the Queen played by the hive), but no Waves and not the hunt's end. This adds:

- the fire on the map (``rescue_of_newt.yaml``), which leaves only a way through Room 4 and Room 3;
- Ripley's two weapons, freely alternated Action by Action: ``fire[k]`` the Pulse Rifle (and its
  Grenade Launcher, ``grenade[k]``), ``flame[k]`` the Flame Unit, both at the Aim spent;
- Newt cocooned, unable to move until Ripley reaches her (stands beside her);
- a Facehugger on the marked square on turn two; a Sentry Card in each of the two turns after a
  Room Card flip;
- the Queen's card: she and her two escorts stay where they are until Ripley engages one of them
  (a shot, a flame, a grenade or Melee at one of the three);
- ``exit`` from an Elevator square; both out a win, one a draw, none a loss; whoever is inside at
  the end of the last turn is lost.
"""
from __future__ import annotations

import struct
from typing import Any, Callable

import numpy as np

from ..core.board import NO
from ..core.positions import Fields, position_error
from ..reactor_room import codec as reactor_codec
from ..reactor_room.game import Marine, ReactorRoom
from . import codec as lairs_codec, data_files
from .elevator import ElevatorRescue, rescue_mask
from .game import QUEEN, HuntForTheQueen
from .rooms import RoomRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

RESCUE_FEATURES = ("newt_cocooned", "escorts_dormant", "sentry_turns/2", "facehugger_due")
RESCUE_PACK = struct.Struct(f"{len(RESCUE_FEATURES)}f")  # (obs[at:at + 4] = values, faster)
RESCUE_KEYS = ("cocooned", "dormant", "sentry_turns")
ENGAGING = ("fire", "fire_pair", "melee", "grenade", "flame")  # actions at target k that rouse the Queen's group


class RescueOfNewt(ElevatorRescue, HuntForTheQueen):
    name = "RescueOfNewt"
    scenario = "rescue"

    option_names = ("elevator_delay", "egg_facehuggers")  # not thrown_grenades: Ripley, not a Colonial Marine, carries none (A47)
    #: the hunt's marines' slices but hand_off (Newt is never handed off nor takes one, and Ripley has no
    #: other teammate: never legal), and its exit and flame
    side_slice_names = {**HuntForTheQueen.side_slice_names, "marines": tuple(
        s for s in HuntForTheQueen.side_slice_names["marines"] if s != "hand_off") + ("exit", "flame")}

    def __init__(self, turn_limit: int | None = None, marine_order: list[str] | None = None, **options):
        self.flame_card = data_files.second_weapon("Ripley")
        self._flame_cards = None  # (the cards as dealt, the same with Ripley's Flame Unit): see _with_flame
        super().__init__(turn_limit, marine_order, **options)
        self._rescue_at = self.obs_layout.offset("rescue")

    @classmethod
    def scenario_data(cls) -> dict:
        return data_files.rescue()

    def _action_slices(self) -> list[tuple[str, int | list[str]]]:
        return super()._action_slices() + [("exit", 1), ("flame", self.pool)]

    def _scenario_views(self) -> list[tuple]:
        return [("rescue", len(RESCUE_FEATURES), ", ".join(RESCUE_FEATURES))]

    def _reset_scenario(self) -> None:
        spec, b = self.hunt, self.board
        self.riders = []
        self.cocooned: list[int] = []  # Newt, until Ripley reaches her
        self.dormant: list[int] = []  # the Queen's group, until Ripley engages it
        self.sentry_turns = 0  # turns left with a Sentry Card draw
        for i, m in enumerate(self.marines):
            m.carried_by = m.carrying = NO
            if m.name == "Newt":
                m.pos, m.incapacitated = self.cocooning[spec["newt_cocoon"] - 1], True
                self.cocooned.append(i)
            else:
                m.pos, m.incapacitated = b.index(*spec["ripley_start"]), False

    def clone(self) -> "RescueOfNewt":
        new = super().clone()
        new.cocooned, new.dormant = list(self.cocooned), list(self.dormant)
        return new

    # ------------------------------------------------------------------------------------------
    # Newt, the exit, the end
    # ------------------------------------------------------------------------------------------
    def _reach_newt(self) -> None:
        """Newt can move once Ripley stands beside her."""
        for j in list(self.cocooned):
            newt = self.marines[j]
            if any(m.name == "Ripley" and m.status == "on_map" and m.carried_by == NO
                   and self.board.range(m.pos, newt.pos) <= 1 for m in self.marines):
                self.cocooned.remove(j)
                newt.incapacitated = False
                self.events.append("Ripley reaches Newt: she can move")

    def _kill(self, j: int) -> None:
        super()._kill(j)
        if j in self.cocooned:
            self.cocooned.remove(j)

    # (The steps the phase machine takes at every step or mask name the next class that has them,
    # ElevatorRescue's or else HuntForTheQueen's, rather than super(): the same method for
    # RescueOfNewt and its subclasses, without a super object walking the chain.)
    def _move_marine(self, i: int, direction: int) -> None:
        ElevatorRescue._move_marine(self, i, direction)
        self._reach_newt()

    def _settle_end(self) -> bool:
        """The Queen's death does not end the rescue (HuntForTheQueen._settle calls this only when
        the game may be over)."""
        if self.phase == "over":
            self.decision = None
        return self.phase not in ("over", "truncated")

    def _end_turn(self) -> None:
        if not self._marines_gone() and self.turn >= self.hunt["turns"]:
            self.phase = "over"
            self.events.append(f"turn {self.turn} is over: the fire takes the lairs, whoever is inside is lost")
            return
        ReactorRoom._end_turn(self)

    def _newt_freed(self) -> bool:
        return not self.cocooned and any(m.name == "Newt" and m.status != "dead" for m in self.marines)

    def saved(self) -> int:
        """Ripley and Newt out by the Elevator (a Facehugger's victim counting as lost)."""
        return sum(m.status == "exited" and j not in self.facehugged for j, m in enumerate(self.marines))

    def outcome(self) -> dict[str, Any]:
        """Both out: a win; one: a draw; none: a loss. A game cut by ``turn_limit`` has no result."""
        score = {**self.stats, "turns": self.turn, "saved": self.saved(), "newt_freed": int(self._newt_freed()),
                 "queen_dead": int(self.queen_dead), "rooms_flipped": len(self.flipped)}
        if self.truncated_by() is not None:
            return {"marines": None, "hive": None, "truncated_by": self.truncated_by(), "score": score}
        v = self.data["victory"]
        marines = 1 if self.saved() >= v["win"] else 0 if self.saved() >= v["draw"] else -1
        return {"marines": marines, "hive": -marines, "truncated_by": None, "score": score}

    def shaping_value(self, side: str) -> float:
        w = self.data["shaping"]
        lost = sum(m.status == "dead" or j in self.facehugged for j, m in enumerate(self.marines))
        value = (w["exited"] * self.saved() + w["newt_freed"] * self._newt_freed() + w["lost"] * lost
                 + w["alien_killed"] * self.stats["aliens_killed"])
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    # the Aliens: the Facehugger on turn two, Sentry Cards after a flip, the Queen's group
    # ------------------------------------------------------------------------------------------
    def _aliens_due(self) -> int:
        spec = self.hunt
        self.appear_at = []
        if self.turn == spec["facehugger_turn"]:
            slot = self._free_slot("facehugger")
            square = self.board.index(*spec["facehugger_square"])
            if square in self._occupied():
                square = self._nearest_open(square)
            if slot != NO:
                al = self.aliens[slot]
                al.in_play, al.pos, al.card, al.attack, al.stunned = True, square, NO, "", False
                self.stats["aliens_appeared"] += 1
                self.events.append(f"Facehugger {slot} appears at the marked square {self.board.rc(square)}")
        if self.sentry_turns > 0:
            self.sentry_turns -= 1
            if not self.sentry_deck:
                self._reshuffle_sentries()
            card = self.sentry_deck.pop(0)
            self.events.append(f"Sentry Card after a Room flip: {card}")
            if card == "alien":
                self.appear_at.append(self._pick_stairwell([]))
        return len(self.appear_at)

    def _flip_room(self, room: int, entering: int) -> None:
        before = {a for a, al in enumerate(self.aliens) if al.in_play}
        super()._flip_room(room, entering)
        self.sentry_turns = self.hunt["sentry_turns"]
        if self.flipped[room] == "queen":
            self.dormant = sorted(a for a, al in enumerate(self.aliens) if al.in_play and a not in before)
            self.events.append("the Queen and her escorts keep still while nobody engages them")

    def _start_phase(self, phase: str) -> None:
        ElevatorRescue._start_phase(self, phase)  # (not super(): see _move_marine)
        if phase == "aliens_move":
            self.queue = [a for a in self.queue if a not in self.dormant]
        elif phase == "aliens_attack" and QUEEN in self.dormant:
            self.queen_attacks = []

    def _remove_alien(self, a: int) -> None:
        super()._remove_alien(a)
        if a in self.dormant:
            self.dormant.remove(a)

    # ------------------------------------------------------------------------------------------
    # Ripley's two weapons, engaging, exit
    # ------------------------------------------------------------------------------------------
    def _with_flame(self, act: Callable[[], Any]) -> Any:
        """``act()`` with Ripley holding the Flame Unit (the cards are shared: swapped, not changed)."""
        saved = self.characters
        flame = self._flame_cards
        if flame is None or flame[0] is not saved:  # (the cards of the Flame Unit, made once per set of cards)
            flame = self._flame_cards = (saved, {**saved, "Ripley": self.flame_card})
        self.characters = flame[1]
        try:
            return act()
        finally:
            self.characters = saved

    @cython.locals(game=RoomRules, m=Marine)
    def _compute_marine_mask(self) -> np.ndarray:
        mask = HuntForTheQueen._compute_marine_mask(self)  # (not super(): see _move_marine; ElevatorRescue has none)
        game = self  # (compiled: the game's fields read from the struct, not looked up by name)
        i, s = game.active, game._slot
        m = game.marines[i]
        rescue_mask(game, mask, self.cocooned)  # (a C call, compiled)
        if m.name == "Ripley" and m.aim > 0 and not game._in_combat(m) and m.pos not in game._standing_squares(exclude=i):
            numbers = self._with_flame(lambda: [self._fire_number(i, a) for a in self.targets()])
            for k, number in enumerate(numbers):
                if number is not None and number >= 0:
                    mask[s["flame"] + k] = 1
        return mask

    def _marine_action(self, kind: str, index: int) -> None:
        i = self.active
        m = self.marines[i]
        if kind in ENGAGING and self.dormant and self.targets()[index] in self.dormant:
            self.dormant = []
            self.events.append(f"{m.name} engages the Queen's group: they join the fight")
        if kind == "exit":
            self._leave(i)
            self._next_marine()
        elif kind == "flame":
            a = self.targets()[index]
            self._with_flame(lambda: self._fire(i, a, pair=False))
            if m.status != "on_map" or m.incapacitated:
                self._next_marine()
        else:
            HuntForTheQueen._marine_action(self, kind, index)

    # ------------------------------------------------------------------------------------------
    # observation, positions, text
    # ------------------------------------------------------------------------------------------
    def _scenario_key(self) -> tuple:
        return bool(self.cocooned), bool(self.dormant), self.sentry_turns, self.turn < self.hunt["facehugger_turn"]

    def _observe_scenario(self, buf: np.ndarray, key: tuple) -> None:
        cocooned, dormant, sentry_turns, early = key
        RESCUE_PACK.pack_into(buf, self._rescue_at * 4, cocooned, dormant, sentry_turns / self.hunt["sentry_turns"], early)

    def to_dict(self) -> dict:
        data = super().to_dict()
        data["rescue"] = {"cocooned": list(self.cocooned), "dormant": list(self.dormant), "sentry_turns": self.sentry_turns}
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "RescueOfNewt":
        f = Fields.position(cls.name, data, keys=(*reactor_codec.KEYS, "lairs", "rescue"), optional=lairs_codec.OPTIONAL)
        rec = f.fields("rescue", keys=RESCUE_KEYS)
        spec = data_files.rescue()
        values = {"cocooned": rec.ints("cocooned", 0, len(spec["rescue"]["marines"]) - 1, unique=True),
                  "dormant": rec.ints("dormant", 0, spec["alien_pool"] - 1, unique=True),
                  "sentry_turns": rec.int("sentry_turns", 0, spec["rescue"]["sentry_turns"])}
        game = lairs_codec.load(cls, {k: v for k, v in data.items() if k != "rescue"})
        for key, value in values.items():
            setattr(game, key, value)
        game._cache.clear()
        what = f.what
        for j in game.cocooned:
            m = game.marines[j]
            if m.name != "Newt" or m.status != "on_map" or not m.incapacitated \
                    or m.pos != game.cocooning[game.hunt["newt_cocoon"] - 1]:
                raise position_error(what, "rescue.cocooned", f"names marines[{j}], who must be Newt lying in her cocoon")
        for a in game.dormant:
            if not game.aliens[a].in_play or game.aliens[a].card != NO:
                raise position_error(what, "rescue.dormant", f"names aliens[{a}], who must be in play and on no card")
        lairs_codec.check_has_move(game, what)
        return game

    def _describe(self, kind: str, index: int, label: str) -> str:
        if kind == "exit":
            return f"{self.marines[self.active].name}: leave by the Elevator"
        if kind == "flame" and self.decision.player == "marines" and index < len(self.targets()):
            a = self.targets()[index]
            return f"Ripley: fire the Flame Unit at Alien {a} (range {self.board.range(self.marines[self.active].pos, self.aliens[a].pos)})"
        return super()._describe(kind, index, label)

    def render_text(self, viewer: str | None = None) -> str:
        note = (f"Rescue of Newt: saved {self.saved()}; Newt {'cocooned' if self.cocooned else 'free'}; "
                f"Queen's group {'keeping still' if self.dormant else 'in the fight or not met'}; "
                f"Sentry turns left {self.sentry_turns}\nQueen damage")
        return super().render_text(viewer).replace("Queen damage", note)
