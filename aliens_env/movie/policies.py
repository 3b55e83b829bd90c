"""Built-in marines of the Movie Scenario: each stage's own heuristic, stage by stage."""
from __future__ import annotations

from ..operations.policies import OperationsMarines
from ..reactor_room.heuristic import HeuristicMarines


class MovieMarines:
    """The Reactor Room's heuristic in stage 1, the Operations/Air Ducts heuristic in stage 2,
    each deciding on the stage's own game; its action is translated to the episode's."""

    name = "heuristic"

    def __init__(self):
        self.stages = {"reactor_room": HeuristicMarines(), "operations": OperationsMarines()}

    def act(self, game, player: str) -> int:
        return game.from_stage_action(self.stages[game.stage].act(game.stage_game, player))
