"""Rollout planner marines for the Reactor Room ("planner"): the heuristic, with its setting
chosen afresh for every Marine's activation by short rollouts (ASSUMPTION A27, values in
reactor_room.yaml: planner).

Before a Marine acts, each setting (threat_range, min_hit) of the heuristic plays that
activation in ``rollouts`` copies of the game, every copy then played on by the heuristic's
default setting for the Marines and the dice AI for the Aliens to the end of the turn
``horizon_turns`` ahead. Copy j of every setting rolls the same dice (common random numbers),
so settings are compared on the same luck. The best mean of Marines out - dead - held_weight x
held Marines wins, and that setting plays the whole activation. About 5 s a game on one core,
two hundred times the heuristic: a strong reference, too slow to be a training opponent.
"""
from __future__ import annotations

import random

import numpy as np

from ..core.board import NO
from ..core.policy import DicePolicy
from . import data_files
from .game import ReactorRoom
from .heuristic import HeuristicMarines


class PlannerMarines:
    name = "planner"

    def __init__(self, seed: int | None = None):
        self.config = data_files.scenario("reactor_room")["planner"]
        self.settings = [HeuristicMarines(t, h) for t, h in self.config["settings"]]
        self.default = HeuristicMarines()
        self.aliens = DicePolicy()
        self.seed(seed)

    def seed(self, seed: int | None) -> None:
        self._rng = random.Random(seed)
        self._plan: tuple[tuple[int, int], HeuristicMarines] | None = None

    def act(self, game: ReactorRoom, player: str) -> int:
        activation = (game.turn, game.active)
        if self._plan is None or self._plan[0] != activation:
            self._plan = (activation, self._choose(game))
        return self._plan[1].act(game, player)

    def _choose(self, game: ReactorRoom) -> HeuristicMarines:
        dice_seeds = [self._rng.getrandbits(32) for _ in range(self.config["rollouts"])]
        values = [sum(self._rollout(game, setting, s) for s in dice_seeds) for setting in self.settings]
        return self.settings[int(np.argmax(values))]

    def _rollout(self, game: ReactorRoom, setting: HeuristicMarines, dice_seed: int) -> float:
        g = game.clone()
        g.dice.seed(dice_seed)
        turn, active = game.turn, game.active
        last_turn = turn + self.config["horizon_turns"]
        while not g.is_terminal() and g.turn <= last_turn:
            player = g.current_player()
            if player == "hive":
                g.apply(self.aliens.act(g, player))
            else:
                mine = g.turn == turn and g.active == active
                g.apply((setting if mine else self.default).act(g, player))
        held = sum(1 for m in g.marines if m.status == "on_map" and (m.incapacitated or m.alien != NO))
        return g.stats["exited"] - g.stats["dead"] - self.config["held_weight"] * held
