"""The Reactor Room with the Marines commanded by tactics ("ReactorRoomTactics", ASSUMPTION A28).

The rules, the board, the dice, the Aliens' decisions and the observation are the Reactor Room's.
Only the Marines decide differently: at the start of each Marine's activation (and at a Push the
Marines must settle outside one) they choose one *tactic*, a setting (threat_range, min_hit) of
the scripted marines (``HeuristicMarines``), and that setting plays the whole activation. Tactic 0
is the heuristic's own setting, so a commander who always picks it plays exactly the heuristic's
game; the others are listed in reactor_room.yaml: tactics. The tactic slice is appended after the
Reactor Room's slices, so every Reactor Room action keeps its number (the Aliens' dice AI and
hive policies read the same indices). Its shaping potential pays only for Marines out
(reactor_room.yaml: tactics_shaping): a commander that is also paid for Marines kept alive
learns to hold, like the heuristic, and wins no more often than it (docs/training.md).

A trained commander is a hierarchical agent: the network chooses, the script carries out. It is
what train.py's default config learns (docs/training.md says why).
"""
from __future__ import annotations

from ..core.commander import CommandedSide, HeuristicCommander  # noqa: F401  (HeuristicCommander: the registry's heuristic)
from . import data_files
from .game import ReactorRoom
from .heuristic import HeuristicMarines


def tactic_label(tactic: HeuristicMarines) -> str:
    extra = "".join(f" {name.replace('_', ' ')} {getattr(tactic, name)}" for name in getattr(tactic, "setting_extras", ()))
    return f"threat {tactic.threat_range} min hit {tactic.min_hit}{extra}"


class CommandedMarines(CommandedSide):
    """The commander's side of a Reactor Room game (mixed in before the game's class): the
    Marines choose one tactic, a setting of the game's scripted marines, per activation, and
    the setting plays it. A subclass lists its tactics in ``_make_tactics``, tactic 0 first:
    the scripted marines' own setting."""

    shaping_key = "tactics_shaping"

    _tactic_name = staticmethod(tactic_label)

    def _commanded(self) -> str:
        return self.marines[self.active].name if self.phase == "marines" and self.active >= 0 else "the Marines"

    def _command_start(self) -> tuple[int, str, int]:
        return (self.turn, self.phase, self.active)

    def _command_over(self, start: tuple[int, str, int]) -> bool:
        """A tactic plays one activation (turn, phase, Marine)."""
        return (self.turn, self.phase, self.active) != start


class ReactorRoomTactics(CommandedMarines, ReactorRoom):
    name = "ReactorRoomTactics"

    @classmethod
    def _make_tactics(cls) -> list:
        return [HeuristicMarines()] + [
            HeuristicMarines(threat_range, min_hit) for threat_range, min_hit in data_files.scenario("reactor_room")["tactics"]
        ]
