"""Operations/Air Ducts with the Marines commanded by tactics ("OperationsAirDuctsTactics",
ASSUMPTION A22): the Reactor Room commander's rules (reactor_room.tactics: one tactic per
activation, a setting of the scripted marines that plays it out) over Operations/Air Ducts and
its scripted marines. Tactic 0 is their own setting, so the `heuristic` commander plays the
scripted marines' games move for move; the others are listed in operations.yaml: tactics."""
from __future__ import annotations

from ..reactor_room.tactics import CommandedMarines
from . import data_files
from .game import Operations
from .policies import OperationsMarines


class OperationsAirDuctsTactics(CommandedMarines, Operations):
    name = "OperationsAirDuctsTactics"

    @classmethod
    def _make_tactics(cls) -> list:
        return [OperationsMarines()] + [OperationsMarines(*setting) for setting in data_files.scenario()["tactics"]]
