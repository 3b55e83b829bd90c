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


class StagePolicies:
    """A side played stage by stage by each stage's own registered policy (``spec``: its name in
    every stage's registry entry, e.g. "heuristic" or "dice"), deciding on the stage's own game;
    its action is translated to the episode's. Used by the Complete Movie Scenario."""

    def __init__(self, side: str, spec: str, seed: int | None = None):
        self.side, self.spec, self._seed = side, spec, seed
        self.stages: dict = {}

    def seed(self, seed: int | None) -> None:
        """Start again: each stage's policy is built anew with this seed when its stage comes."""
        self._seed, self.stages = seed, {}

    def act(self, game, player: str) -> int:
        policy = self.stages.get(game.stage)
        if policy is None:
            policy = self.stages[game.stage] = self._build(game.stage)
        return game.from_stage_action(policy.act(game.stage_game, player))

    def _build(self, stage: str):
        """The stage's policy as make_policy builds it with this seed."""
        from ..envs import make_policy
        from .complete import STAGE_ENVS

        return make_policy(STAGE_ENVS[stage], self.side, self.spec, seed=self._seed)


class CompleteMovieMarines(StagePolicies):
    """The scripted marines of every stage in turn (CM10)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None):
        super().__init__("marines", "heuristic", seed)


class CompleteMovieDice(StagePolicies):
    """The dice hive of every stage in turn: the Reactor Room's, Operations' and the Drop Ship's
    die among the legal actions, the lairs' dice AI (the Queen by the base rules)."""

    name = "dice"

    def __init__(self, seed: int | None = None):
        super().__init__("hive", "dice", seed)
