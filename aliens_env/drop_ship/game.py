"""The Drop Ship (Aliens Expansion, 1989): Spunkmeyer, Ferro and one Alien, no map.

A turn is the Reactor Room's four phases without a map: Aliens Move (a Grabbed Marine is hauled
away; the Alien, unless Stunned, comes for a Marine who is not Incapacitated), Aliens Attack (the
Reactor Room's Alien Attack Table, d10 + Melee), then the Marines in order, Spunkmeyer then Ferro.
Everything aboard is at range 1 (assumption D4). The tables are the Reactor Room's, the Pistol
row Gorman's (Operations), both read from their YAML.

Marines (for the crew member acting):
    warn     Spunkmeyer warns Ferro over the headset (1 Action, once)
    draw     draw the pistol (2 Actions, in one activation)
    aim      one point of Aim with the drawn pistol (1 Action)
    fire     fire the pistol with the Aim spent (no Action); a hit kills the Alien
    melee    Melee the Alien (1 Action): a roll at or below Melee Stuns it and frees its victim
    end      end the activation
  While In Combat only ``melee`` (and ``end``) are allowed.
Hive: ``target[name]`` when the Alien is free to move and both are equally near (the Reactor
Room's convention: the dice AI rolls, a hive agent chooses); otherwise the rules leave the
hive nothing to decide and it has the single action ``pass`` at the start of each turn.
"""
from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, fields as dataclass_fields
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.actions import ActionLayout, ObsLayout
from ..core.data import read_yaml
from ..core.dice import Dice
from ..core.game import Game
from ..core.positions import Fields
from ..operations import data_files as ops_files
from ..reactor_room.data_files import table_result, tables

DATA = Path(__file__).parent / "data"
NO = -1
PHASES = ("aliens_move", "marines", "over")
ATTACKS = ("", "attacking", "in_combat", "grabbing")
DECISIONS = ("marine", "target", "pass")
MARINE_ACTIONS = ("warn", "draw", "aim", "fire", "melee", "end")
CREW_FEATURES = ("aboard", "dead", "wounded", "incapacitated", "pistol_drawn", "aim/max", "actions_left/actions",
                 "acting", "alien_on_card", "grabbed", "in_combat", "can_act")
ALIEN_FEATURES = ("alive", "loose", "stunned", "on_spunkmeyer", "on_ferro", "attacking", "in_combat", "grabbing")
GLOBAL_FEATURES = ("turn/turn_scale", "warned", "crashed", *(f"decision={d}" for d in DECISIONS), "hit_number/9")


@lru_cache(maxsize=None)
def scenario() -> dict:
    data = read_yaml(DATA / "drop_ship.yaml")
    if list(data["cards"]) != data["crew"]:
        raise ValueError(f"{DATA / 'drop_ship.yaml'}: cards must give the crew {data['crew']} in order")
    return data


@dataclass(slots=True)
class Crew:
    name: str
    status: str = "aboard"  # aboard | dead
    wounded: bool = False
    incapacitated: bool = False
    pistol: bool = False  # drawn
    aim: int = 0
    actions_left: int = 0


class DropShip(Game):
    name = "DropShip"
    #: the hive's decisions (target, pass) take their own slices; the marines' every other (MARINE_ACTIONS)
    side_slice_names = {"hive": ("target", "pass")}

    def __init__(self, **options):
        super().__init__()
        if options:
            raise ValueError(f"unknown Drop Ship option(s) {sorted(options)}; the scenario has none")
        self.data = scenario()
        self.tables = tables()
        self.pistol = ops_files.characters()[self.data["pistol_card"]]
        self.layout = ActionLayout([*((a, 1) for a in MARINE_ACTIONS), ("target", self.data["crew"]), ("pass", 1)])
        self.obs_layout = ObsLayout([
            ("crew", (len(self.data["crew"]), len(CREW_FEATURES)), "per crew member (" + ", ".join(self.data["crew"])
             + "): " + ", ".join(CREW_FEATURES)),
            ("alien", len(ALIEN_FEATURES), ", ".join(ALIEN_FEATURES)),
            ("globals", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES)
             + " (the acting Marine's number to hit with the Aim spent, 0 if he cannot fire)"),
        ])
        self.reset(0)

    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        self.crew = [Crew(name) for name in self.data["crew"]]
        self.alien_alive = True
        self.alien_on = 0  # "An Alien attacks Spunkmeyer first": on his card
        self.alien_attack = "attacking"
        self.alien_stunned = False
        self.warned = self.crashed = self.killed = False
        self.turn = 1
        self.phase = "aliens_move"
        self.active = NO
        self.decision: str | None = None
        self.options: list[int] = []
        self.events: list[str] = []
        self._cache: dict[str, Any] = {}
        self._open_aliens_move()

    def current_player(self) -> str | None:
        if self.decision is None:
            return None
        return "marines" if self.decision == "marine" else "hive"

    def legal_mask(self, player: str) -> np.ndarray:
        if player != self.current_player():
            return self.layout.empty_mask()
        mask = self._cache.get("mask")
        if mask is None:
            mask = self._cache["mask"] = self._compute_mask()
        return mask.copy()

    def _compute_mask(self) -> np.ndarray:
        mask = self.layout.empty_mask()
        lay = self.layout
        if self.decision == "pass":
            mask[lay.encode("pass")] = 1
        elif self.decision == "target":
            for i in self.options:
                mask[lay.encode("target", i)] = 1
        else:
            for action in self.marine_actions(self.active):
                mask[lay.encode(action)] = 1
        return mask

    def marine_actions(self, i: int) -> list[str]:
        """The actions crew member i may take now (``end`` always)."""
        m = self.crew[i]
        out = []
        fighting = self.alien_alive and self.alien_on == i and self.alien_attack == "in_combat"
        if self.alien_alive and m.actions_left >= 1:
            out.append("melee")
        if not fighting:
            if i == 0 and not self.warned and m.actions_left >= self.data["warn_actions"]:
                out.append("warn")
            if not m.pistol and m.actions_left >= self.data["draw_actions"]:
                out.append("draw")
            if m.pistol and self.alien_alive and m.aim < self.pistol.max_aim and m.actions_left >= 1:
                out.append("aim")
            if m.pistol and self.alien_alive and m.aim >= 1 and self.hit_number(i) is not None:
                out.append("fire")
        out.append("end")
        return out

    def hit_number(self, i: int) -> int | None:
        """The highest roll that kills with the Aim spent: Gorman's Range-1 number, less the
        shared-square penalty when the Alien is on a Marine's card; None without Aim or pistol."""
        m = self.crew[i]
        if not m.pistol or m.aim < 1:
            return None
        number = self.pistol.hit_number(m.wounded, m.aim, self.data["pistol_range_band"])
        if number is None:
            return None
        return number - (self.tables["shared_square_penalty"] if self.alien_on != NO else 0)

    # ------------------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        self.events = []
        self._cache.clear()
        kind, index = self.layout.decode(action)
        decision, self.decision = self.decision, None
        if decision == "marine":
            self._marine_action(kind)
        else:
            self._aliens_turn(index if kind == "target" else None)
        self._run()

    def _run(self) -> None:
        """Play on until a decision with two or more options (the hive's start of a turn always
        stops), or the end; a Marine's activation with only ``end`` left ends at once."""
        while self.decision == "marine":
            self._cache.clear()
            if len(self.marine_actions(self.active)) > 1:
                return
            self.decision = None
            self._next_marine()
        self._cache.clear()

    def _open_aliens_move(self) -> None:
        """The start of a turn: the hive's decision (``target`` on a tie, else ``pass``)."""
        self.phase = "aliens_move"
        free = self.alien_alive and self.alien_on == NO and not self.alien_stunned
        able = self._available()
        if free and len(able) > 1:
            self.decision, self.options = "target", able
        else:
            self.decision, self.options = "pass", []

    def _available(self) -> list[int]:
        return [i for i, m in enumerate(self.crew) if m.status == "aboard" and not m.incapacitated]

    def _aliens_turn(self, target: int | None) -> None:
        """Aliens Move then Aliens Attack, then the Marines phase."""
        self.options = []
        if self.alien_on != NO and self.alien_attack == "grabbing":
            victim = self.alien_on
            self.events.append(f"the Alien hauls {self.crew[victim].name} away")
            self._kill(victim)
            self.alien_on, self.alien_attack = NO, ""
            able = self._available()
            if able:  # the fight shifts to the cockpit (D6)
                self._reach(able[0])
        elif self.alien_on == NO:
            if self.alien_stunned:
                self.alien_stunned = False  # stands up, but cannot move this turn
                self.events.append("the Alien stands up, Stunned still")
            else:
                able = self._available()
                if target is None and able:
                    target = able[0]
                if target is not None:
                    self._reach(target)
        if self.alien_on != NO and self.alien_attack in ("attacking", "in_combat"):
            self._attack()
        if self.phase == "over":
            return
        self.phase, self.active = "marines", NO
        self._next_marine()

    def _reach(self, i: int) -> None:
        self.alien_on, self.alien_attack = i, "attacking"
        self.events.append(f"the Alien comes for {self.crew[i].name}")

    def _attack(self) -> None:
        i = self.alien_on
        m = self.crew[i]
        if i == 1 and not self.warned:
            self.warned = True  # an attack warns her as well as any headset (D5)
        melee = self.melee_value(m)
        roll = self.dice.d10()
        result = table_result(self.tables["alien_attack"], roll + melee)
        self.events.append(f"the Alien attacks {m.name}: {roll}{melee:+d} = {result}")
        if i == 1 and result in self.data["crash_results"]:
            self.events.append("the Alien has Ferro: the Drop Ship crashes")
            self._crash()
            return
        if result == "dead":
            self._kill(i)
            self.alien_on, self.alien_attack = NO, ""  # it drags the body off, and comes back (D6)
        elif result == "in_combat":
            self.alien_attack = "in_combat"
        elif result == "alien_loses":
            self.alien_on, self.alien_attack, self.alien_stunned = NO, "", True
        else:  # the Grab family
            self.alien_attack = "grabbing"
            if result == "incapacitated_grabbed":
                self._incapacitate(i)
            elif result == "wounded_grabbed":
                self._wound(i)

    def melee_value(self, m: Crew) -> int:
        card = self.data["cards"][m.name]
        return card["wounded_melee"] if m.wounded else card["melee"]

    # -- injuries ------------------------------------------------------------------------------
    def _wound(self, i: int) -> None:
        m = self.crew[i]
        if m.incapacitated:
            return
        if m.wounded:
            self._incapacitate(i)
        else:
            m.wounded = True

    def _incapacitate(self, i: int) -> None:
        m = self.crew[i]
        if m.incapacitated:
            self._kill(i)
        else:
            m.incapacitated = True

    def _kill(self, i: int) -> None:
        m = self.crew[i]
        if m.status == "aboard":
            m.status, m.incapacitated, m.actions_left, m.aim = "dead", False, 0, 0
            self.events.append(f"{m.name} is dead")

    def _crash(self) -> None:
        """The Drop Ship goes down: everyone aboard dies, the Alien too (D7)."""
        self.crashed = True
        self.alien_alive, self.alien_on, self.alien_attack, self.alien_stunned = False, NO, "", False
        for i in range(len(self.crew)):
            self._kill(i)
        self.phase, self.decision, self.active = "over", None, NO

    # -- the Marines phase ---------------------------------------------------------------------
    def can_act(self, i: int) -> bool:
        """Aboard, not Incapacitated, not Grabbed; Ferro only once warned (D5)."""
        m = self.crew[i]
        grabbed = self.alien_on == i and self.alien_attack == "grabbing"
        return m.status == "aboard" and not m.incapacitated and not grabbed and (i == 0 or self.warned)

    def _next_marine(self) -> None:
        if self.active != NO:
            self.crew[self.active].actions_left = self.crew[self.active].aim = 0
        while True:
            self.active += 1
            if self.active >= len(self.crew):
                self.active = NO
                self.turn += 1
                self._open_aliens_move()
                return
            if self.can_act(self.active):
                m = self.crew[self.active]
                m.actions_left, m.aim = self.data["cards"][m.name]["actions"], 0
                self.decision = "marine"
                return

    def _marine_action(self, kind: str) -> None:
        i = self.active
        m = self.crew[i]
        if kind == "end":
            self._next_marine()
            return
        if kind == "warn":
            m.actions_left -= self.data["warn_actions"]
            self.warned = True
            self.events.append("Spunkmeyer warns Ferro over the headset")
        elif kind == "draw":
            m.actions_left -= self.data["draw_actions"]
            m.pistol = True
            self.events.append(f"{m.name} draws the pistol")
        elif kind == "aim":
            m.actions_left -= 1
            m.aim += 1
        elif kind == "fire":
            self._fire(i)
        elif kind == "melee":
            self._melee(i)
        if self.phase == "over":
            return
        if self.can_act(i):
            self.decision = "marine"
        else:
            self._next_marine()

    def _fire(self, i: int) -> None:
        m = self.crew[i]
        number = self.hit_number(i)
        m.aim = 0
        auto = number >= self.tables["automatic_kill"]
        roll = None if auto else self.dice.d10()
        hit = auto or roll <= number
        self.events.append(f"{m.name} fires the pistol: " + ("automatic kill" if auto else f"roll {roll} vs {number}: "
                                                              + ("hit" if hit else "miss")))
        if hit:
            self._kill_alien()

    def _kill_alien(self) -> None:
        """The Alien dies: acid on everyone aboard (all within one square: D4); a pilot killed or
        Incapacitated by it brings the ship down (D8)."""
        self.killed = True
        self.alien_alive, self.alien_on, self.alien_attack, self.alien_stunned = False, NO, "", False
        self.events.append("the Alien is dead")
        for j, other in enumerate(self.crew):
            if other.status != "aboard":
                continue
            roll = self.dice.d10()
            result = table_result(self.tables["acid_spray"], roll)
            self.events.append(f"acid on {other.name}: {roll} = {result}")
            if result == "dead":
                self._kill(j)
            elif result == "incapacitated":
                self._incapacitate(j)
            elif result == "wounded":
                self._wound(j)
        ferro = self.crew[1]
        if ferro.status != "aboard" or ferro.incapacitated:
            self.events.append("nobody flies the Drop Ship: it crashes")
            self._crash()
        self.phase, self.decision, self.active = "over", None, NO

    def _melee(self, i: int) -> None:
        m = self.crew[i]
        m.actions_left -= 1
        roll = self.dice.d10()
        melee = self.melee_value(m)
        if roll > melee:
            self.events.append(f"{m.name} melee: {roll} vs {melee}, no effect")
            return
        freed = self.alien_on
        self.alien_on, self.alien_attack, self.alien_stunned = NO, "", True
        self.events.append(f"{m.name} melee: {roll} vs {melee}, the Alien is Stunned"
                           + (f" and lets go of {self.crew[freed].name}" if freed not in (NO, i) else ""))

    # ------------------------------------------------------------------------------------------
    def outcome(self) -> dict[str, Any]:
        """Win: the Alien killed and the ship flying; draw: killed, but its acid took the pilot
        down; loss: the ship crashed with the Alien aboard (D9)."""
        score = {"alien_killed": int(self.killed), "crashed": int(self.crashed), "warned": int(self.warned),
                 "crew_alive": sum(m.status == "aboard" for m in self.crew), "turns": self.turn}
        result = None
        if self.phase == "over":
            result = 1 if self.killed and not self.crashed else 0 if self.killed else -1
        return {"marines": result, "hive": None if result is None else -result, "truncated_by": None, "score": score}

    def observe(self, player: str) -> np.ndarray:
        """Everything is open: both sides see the same (the decision kind aside)."""
        obs = self.obs_layout.zeros()
        views = self.obs_layout.views(obs)
        for i, m in enumerate(self.crew):
            card = self.data["cards"][m.name]
            on = self.alien_alive and self.alien_on == i
            views["crew"][i] = (m.status == "aboard", m.status == "dead", m.wounded, m.incapacitated, m.pistol,
                                m.aim / self.pistol.max_aim, m.actions_left / card["actions"],
                                self.decision == "marine" and self.active == i, on,
                                on and self.alien_attack == "grabbing", on and self.alien_attack == "in_combat",
                                self.can_act(i))
        a = self.alien_on
        views["alien"][:] = (self.alien_alive, self.alien_alive and a == NO, self.alien_stunned, a == 0, a == 1,
                             self.alien_attack == "attacking", self.alien_attack == "in_combat",
                             self.alien_attack == "grabbing")
        number = self.hit_number(self.active) if self.decision == "marine" else None
        views["globals"][:] = (min(self.turn / self.data["turn_scale"], 1.0), self.warned, self.crashed,
                               *(self.decision == d for d in DECISIONS),
                               0.0 if number is None else min(max(number + 1, 0) / 10, 1.0))
        return obs

    # ------------------------------------------------------------------------------------------
    def clone(self) -> "DropShip":
        new = copy.copy(self)
        new.dice = self.dice.clone()
        new.crew = [copy.copy(m) for m in self.crew]
        new.options = list(self.options)
        new.events = list(self.events)
        new._cache = {}
        return new

    def to_dict(self) -> dict:
        return {"game": self.name, "config": {}, "dice": self.dice.to_dict(), "crew": [asdict(m) for m in self.crew],
                "alien": {"alive": self.alien_alive, "on": self.alien_on, "attack": self.alien_attack,
                          "stunned": self.alien_stunned},
                "warned": self.warned, "crashed": self.crashed, "killed": self.killed, "turn": self.turn,
                "phase": self.phase, "active": self.active, "decision": self.decision, "options": list(self.options),
                "events": list(self.events)}

    @classmethod
    def from_dict(cls, data: dict) -> "DropShip":
        """A position saved by to_dict, read field by field and checked for agreement."""
        f = Fields.position(cls.name, data, keys=("game", "config", "dice", "crew", "alien", "warned", "crashed",
                                                  "killed", "turn", "phase", "active", "decision", "options", "events"))
        f.fields("config", keys=())
        game = cls()
        game.dice = Dice.from_dict(f.fields("dice"), scripted=False)
        n = len(game.data["crew"])
        crew = []
        for i, c in enumerate(f.records("crew", [x.name for x in dataclass_fields(Crew)], length=n)):
            name = c.choice("name", [game.data["crew"][i]])
            crew.append(Crew(name=name, status=c.choice("status", ("aboard", "dead")), wounded=c.bool("wounded"),
                             incapacitated=c.bool("incapacitated"), pistol=c.bool("pistol"),
                             aim=c.int("aim", 0, game.pistol.max_aim),
                             actions_left=c.int("actions_left", 0, game.data["cards"][name]["actions"])))
        game.crew = crew
        al = f.fields("alien", keys=("alive", "on", "attack", "stunned"))
        game.alien_alive, game.alien_on = al.bool("alive"), al.index("on", "crew", n)
        game.alien_attack, game.alien_stunned = al.choice("attack", ATTACKS), al.bool("stunned")
        game.warned, game.crashed, game.killed = f.bool("warned"), f.bool("crashed"), f.bool("killed")
        game.turn = f.int("turn", 1)
        game.phase = f.choice("phase", PHASES)
        game.active = f.index("active", "crew", n)
        decision = f.raw("decision")
        game.decision = None if decision is None else f.choice("decision", DECISIONS)
        game.options = f.indices("options", "crew", n)
        game.events = f.strs("events")
        game._check(f)
        return game

    def _check(self, f: Fields) -> None:
        """The records agree with each other and the phase (a position the rules could reach)."""
        if (self.alien_on == NO) != (self.alien_attack == ""):
            raise f.fail("alien.attack", "must be '' exactly when the Alien is on nobody's card", self.alien_attack)
        if self.alien_on != NO and (not self.alien_alive or self.crew[self.alien_on].status != "aboard"):
            raise f.fail("alien.on", "must name a crew member aboard, with the Alien alive", self.alien_on)
        if self.alien_stunned and self.alien_on != NO:
            raise f.fail("alien.stunned", "must be false while the Alien is on a card")
        if (self.phase == "over") != (self.decision is None):
            raise f.fail("decision", "must be null exactly when the phase is 'over'", self.decision)
        if self.phase == "over" and not (self.killed or self.crashed):
            raise f.fail("phase", "may be 'over' only once the Alien is killed or the ship crashed", self.phase)
        if self.decision == "marine" and (self.phase != "marines" or self.active == NO or not self.can_act(self.active)):
            raise f.fail("active", "must name a crew member who can act in the Marines phase", self.active)
        if self.decision in ("pass", "target") and (self.phase != "aliens_move" or self.active != NO):
            raise f.fail("decision", "of the hive is taken at the start of a turn (phase 'aliens_move', no one active)")
        if self.decision == "target" and (len(self.options) < 2 or self.options != self._available()):
            raise f.fail("options", f"must list the crew the Alien may go for ({self._available()})", self.options)
        if self.decision != "target" and self.options:
            raise f.fail("options", "must be empty unless the hive picks a target", self.options)

    def describe_action(self, action: int) -> str:
        kind, index = self.layout.decode(action)
        if kind == "target":
            return f"the Alien goes for {self.data['crew'][index]}"
        if kind == "pass":
            return "the Aliens' turn: nothing to decide"
        who = self.crew[self.active].name if self.decision == "marine" and self.active != NO else "the acting Marine"
        if kind == "fire" and self.decision == "marine":
            number = self.hit_number(self.active)
            return f"{who}: fire the pistol" + ("" if number is None else f" (kills on 0-{number})")
        return f"{who}: {kind}"

    def render_text(self, viewer: str | None = None) -> str:
        """Everything is open: every viewer sees the same."""
        lines = [f"The Drop Ship, turn {self.turn}" + (", Ferro warned" if self.warned else "")]
        for i, m in enumerate(self.crew):
            state = "dead" if m.status == "dead" else ", ".join(
                s for s, on in (("Incapacitated", m.incapacitated), ("Wounded", m.wounded and not m.incapacitated),
                                ("pistol drawn", m.pistol), (f"Aim {m.aim}", m.aim)) if on) or "healthy"
            alien = ""
            if self.alien_alive and self.alien_on == i:
                alien = f"  <- the Alien ({self.alien_attack.replace('_', ' ')})"
            mark = "*" if self.decision == "marine" and self.active == i else " "
            lines.append(f"{mark} {m.name:11s} {state}{alien}")
        if self.alien_alive and self.alien_on == NO:
            lines.append("  the Alien is loose" + (", Stunned" if self.alien_stunned else ""))
        out = self.outcome()
        if self.phase == "over":
            lines.append("game over: " + {1: "the Alien is dead", 0: "the Alien is dead, but the ship is down",
                                          -1: "the Drop Ship crashed"}[out["marines"]])
        else:
            lines.append(f"to move: {self.current_player()} ({self.decision})")
        lines += [f"  {e}" for e in self.events[-6:]]
        return "\n".join(lines)

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """The text view drawn on a panel (there is no map)."""
        from ..render.draw import LINE, Canvas

        lines = self.render_text(viewer).splitlines()
        canvas = Canvas(560, max(260, LINE * (len(lines) + 2)))
        for k, line in enumerate(lines):
            canvas.text(8, 8 + k * LINE, line, max_width=544)
        return canvas.img
