"""Bug Hunt with the Marines commanded by tactics ("BugHuntTactics", ASSUMPTION A66).

The rules, the colony, the dice, the hive's decisions and the observation are Bug Hunt's. Only
the Marines decide differently: at each Marine decision outside an activation being played (which
figure goes next, a figure's first action, an over-watch shot) they choose one *tactic*, a way
for the scripted squad (``ScriptedMarines``) to play, and that tactic plays on until the next
figure's activation or the hive's next decision. Tactic 0 is the scripted squad itself, so a
commander who always picks it plays exactly the scripted squad's game; the others are listed in
rules.yaml: tactics. The tactic slice is appended after Bug Hunt's slices, so every Bug Hunt
action keeps its number (the dice AI and hive policies read the same indices).

As ReactorRoomTactics: the network chooses, the script carries out (docs/training.md).
"""
from __future__ import annotations

from ..core.commander import CommandedSide, HeuristicCommander  # noqa: F401  (HeuristicCommander: the registry's heuristic)
from . import data_files, tactics_obs
from .game import BugHunt
from .policies import ScriptedMarines
from .state import NO

TACTICS = ("heuristic", "hold", "regroup", "press", "rooms", "spread", "grenades", "spare_eggs")
OBSERVATIONS = ("full", "compact")


class TacticMarines(ScriptedMarines):
    """The scripted squad playing one tactic (see rules.yaml: tactics); "heuristic" is
    ScriptedMarines move for move."""

    def __init__(self, tactic: str = "heuristic"):
        if tactic not in TACTICS:
            raise ValueError(f"unknown Bug Hunt tactic {tactic!r}; allowed: {list(TACTICS)}")
        self.tactic = tactic
        self.name = f"tactic {tactic}"

    def act(self, game, player: str) -> int:
        action = super().act(game, player)
        if self.tactic == "heuristic" or game.decision.kind != "act":
            return action
        kind, index = game.layout.decode(action)
        if self.tactic in ("spread", "grenades", "spare_eggs"):
            return getattr(self, "_" + self.tactic)(game, player, action, kind, index)
        if kind == "comms" or (kind in ("fire", "grenade") and self.tactic != "press"):
            return action  # every tactic but press shoots as the scripted squad does
        s, mask, h = game.layout.encode, game.legal_mask(player), game.humans[game.active]
        hold = s("overwatch") if mask[s("overwatch")] and h.ap >= 2 else s("end")
        if self.tactic == "hold":
            return hold if kind in ("move", "door", "pick_lock") else action
        if self.tactic == "regroup":
            mates = [o.pos for i, o in enumerate(game.humans)
                     if i != game.active and o.status == "active" and o.pos != NO and not o.in_apc]
            step = self.step_toward(game, mates, mask)
            return step if step is not None else hold
        if self.tactic == "rooms" and not any(a.alive and a.kind == "queen" for a in game.aliens):
            rooms = [game.sq(((p["rect"][0] + p["rect"][2]) // 2, (p["rect"][1] + p["rect"][3]) // 2))
                     for p in game.colony.pieces if p["kind"] == "room" and not p["entered"]]
            step = self.step_toward(game, rooms, mask)
            if step is not None:
                return step
        # press (and rooms with no room left to enter): walk on toward the goals before shooting
        step = self.step_toward(game, self._goals(game), mask)
        if step is not None:
            return step
        return action


    def _spread(self, game, player, action, kind, index) -> int:
        """Walk toward the goals no squad mate is nearer to (each able mate's nearest goal is
        taken), so the squad explores several open ends and rooms at once; else as scripted."""
        goals = self._goals(game)
        if kind not in ("move", "door", "pick_lock") or len(goals) < 2 or any(
                a.alive and a.kind == "queen" for a in game.aliens):
            return action
        taken = set()
        for i, o in enumerate(game.humans):
            if i != game.active and o.status == "active" and o.pos != NO and not o.in_apc:
                dist = game.walk_steps([o.pos])
                taken.add(min(goals, key=lambda g: (dist.get(g, 10**6), g)))
        rest = [g for g in goals if g not in taken]
        step = self.step_toward(game, rest, game.legal_mask(player)) if rest else None
        return action if step is None else step

    def _grenades(self, game, player, action, kind, index) -> int:
        """Spend grenades freely: one at any Alien (not a Face-Hugger) in reach with no squad
        figure beside it, crowd or not; else as scripted."""
        mask, s = game.legal_mask(player), game.layout.encode
        for t in game.targets():
            if t[0] != "alien" or game.aliens[t[1]].kind == "face_hugger":
                continue
            sq = game.target_square(t)
            slot = game.grenade_slot(game.active, sq)
            if slot is not None and mask[s("grenade", slot)] and not any(
                    o.status == "active" and game.rng(o.pos, sq) <= 1 for o in game.humans):
                return s("grenade", slot)
        return action

    def _spare_eggs(self, game, player, action, kind, index) -> int:
        """Never shoot an egg cache (firing makes the Aliens' activation likelier, rules.yaml
        activation): walk on toward the goals instead, or hold; else as scripted."""
        if kind != "fire" or game.targets()[index][0] != "egg":
            return action
        mask, s, h = game.legal_mask(player), game.layout.encode, game.humans[game.active]
        step = self.step_toward(game, self._goals(game), mask)
        if step is not None:
            return step
        return s("overwatch") if mask[s("overwatch")] and h.ap >= 2 else s("end")


class BugHuntTactics(CommandedSide, BugHunt):
    name = "BugHuntTactics"

    def __init__(self, observation: str = "full", **options):
        if observation not in OBSERVATIONS:
            raise ValueError(f"unknown BugHuntTactics observation {observation!r}; allowed: {list(OBSERVATIONS)}")
        self.observation = observation
        super().__init__(**options)
        self._full_obs_layout = self.obs_layout
        if observation == "compact":  # ASSUMPTION A67: no map planes, the tactical distances instead
            self.obs_layout = tactics_obs.layout(self.obs_layout)

    def _make_tactics(self) -> list:
        names = data_files.rules()["tactics"]
        if names[0] != "heuristic" or len(set(names)) != len(names):
            raise ValueError(f"rules.yaml tactics must start with 'heuristic' and not repeat, got {names!r}")
        return [TacticMarines(n) for n in names]

    def tactic_label(self, k: int) -> str:
        return self.tactics[k].tactic

    def config(self) -> dict:
        return {**super().config(), "observation": self.observation}

    def observe(self, player: str):
        if self.observation == "compact":
            return tactics_obs.observe(self, player, self._full_obs_layout)
        return super().observe(player)

    def _command_start(self) -> dict:
        return {"turn": self.turn, "figure": self.active if self.decision.kind == "act" else None}

    def _command_over(self, start: dict) -> bool:
        """A tactic plays on until the next figure's activation (its activate, or the act of
        another figure when the activate was forced) or the next turn."""
        d = self.decision
        if d.kind == "activate" or self.turn != start["turn"]:
            return True
        if d.kind == "act":
            if start["figure"] is None:
                start["figure"] = self.active
            elif self.active != start["figure"]:
                return True
        return False
