"""Monte Carlo tree search that plays any registered game through the Game contract alone.

The design follows OpenSpiel's ``MCTSBot`` (open_spiel/python/algorithms/mcts.py) and its
information-set MCTS (``ISMCTSBot``, after Cowling, Powley and Whitehouse 2012):

- the tree policy is OpenSpiel's PUCT child selection (``SearchNode.puct_value``):
  ``mean + uct_c * prior * sqrt(parent visits) / (visits + 1)``, uct_c 2 (OpenSpiel's default);
  the evaluator's prior is uniform with random rollouts; with the built-in rollouts it puts
  PRIOR_WEIGHT (0.5) on the action the built-in policy of the side to move would take and spreads
  the rest evenly. So at a small budget the tree follows the built-in players (the opponent in
  the tree plays like the scripted player, not at random) and leaves them where the values say
  so. A node is expanded on its second visit (OpenSpiel's order); one rollout per simulation;
- the move played is the root's most visited action (ties: the better mean);
- each simulation starts from ``game.determinize(player, rng)``: a clone in which only what the
  searching side cannot know is re-dealt (the other hand and the draw piles in Alien Menace, the
  unlaid colony in Bug Hunt; a plain clone where both sides see everything), and the clone's
  dice are reseeded from the agent's own rng, so every simulation samples the game's own chance
  outcomes (the dice AI's rolls too, which go through the game's dice). The tree is therefore
  open loop: a node is a sequence of actions, and its statistics average over the worlds and the
  dice the simulations met there; an action not legal in a simulation's world is not offered;
- the leaf is valued by one rollout to the end of the game. ``rollout="builtin"`` (the default)
  plays the rollout with the game's own default policy of each side (the registry's
  ``default_opponent``: the dice AI for the hive, the scripted marines, ...): in these games
  random marines almost never win, so random rollouts tell a hive nothing about its choices.
  ``rollout="random"`` is OpenSpiel's ``RandomRolloutEvaluator`` with one rollout: uniform over
  the legal actions, cheaper per simulation;
- the rollout's value for each side is the result reward: win +1, draw 0, loss -1 (a game cut by
  an episode cap is 0).

A decision with one legal action is taken without search. ``stats()`` reports the decisions
searched, the simulations and the decisions per second.

Spec strings (every registered game): ``mcts`` (budget 100 simulations per decision), ``mcts:BUDGET``
and ``mcts:BUDGET:ROLLOUT`` with ROLLOUT ``builtin`` or ``random``, e.g. ``mcts:200:random``.
"""
from __future__ import annotations

import math
import time

import numpy as np

from ..core.game import SIDES, Game, final_reward
from ..core.policy import SeedablePolicy

#: simulations per decision of the spec ``mcts``
DEFAULT_BUDGET = 100
#: the exploration constant of UCT (OpenSpiel's MCTSBot default)
UCT_C = 2.0
ROLLOUTS = ("builtin", "random")
#: with built-in rollouts, the share of the prior on the built-in policy's own action
PRIOR_WEIGHT = 0.5
_RESULT_REWARD = {"win": 1.0, "draw": 0.0, "loss": -1.0}


class Node:
    """The statistics of one action sequence from the root: visits, the total reward of the side
    that chose the action leading here, that action's prior; children by action."""

    __slots__ = ("visits", "total", "prior", "children")

    def __init__(self, prior: float = 1.0):
        self.visits = 0
        self.total = 0.0
        self.prior = prior
        self.children: dict[int, Node] = {}

    def puct(self, sqrt_parent_visits: float, c: float) -> float:
        """OpenSpiel's ``SearchNode.puct_value``: the mean (0 before a visit) plus
        ``c * prior * sqrt(parent visits) / (visits + 1)``."""
        mean = self.total / self.visits if self.visits else 0.0
        return mean + c * self.prior * sqrt_parent_visits / (self.visits + 1)


class MCTSPolicy(SeedablePolicy):
    name = "mcts"

    def __init__(self, budget: int = DEFAULT_BUDGET, rollout: str = "builtin", uct_c: float = UCT_C,
                 seed: int | None = None):
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError(f"mcts budget must be a whole number of simulations >= 1; got {budget!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"mcts rollout must be one of {list(ROLLOUTS)}; got {rollout!r}")
        super().__init__(seed)
        self.budget, self.rollout, self.uct_c = budget, rollout, float(uct_c)
        self.label = f"mcts:{budget}" + ("" if rollout == "builtin" else f":{rollout}")
        self._rollout_policies: dict[str, dict] = {}
        self.decisions = self.simulations = 0
        self.seconds = 0.0

    @classmethod
    def from_spec(cls, spec: str, seed: int | None = None) -> "MCTSPolicy":
        """``mcts``, ``mcts:BUDGET`` or ``mcts:BUDGET:ROLLOUT``; a bad spec is a one-line error."""
        parts = spec.strip().split(":")
        if parts[0] != "mcts" or len(parts) > 3:
            raise ValueError(f"a search spec is mcts, mcts:BUDGET or mcts:BUDGET:ROLLOUT; got {spec!r}")
        budget = DEFAULT_BUDGET
        if len(parts) > 1:
            if not parts[1].isdigit() or int(parts[1]) < 1:
                raise ValueError(f"{spec!r}: the budget must be a whole number of simulations >= 1, e.g. mcts:200")
            budget = int(parts[1])
        rollout = parts[2] if len(parts) > 2 else "builtin"
        if rollout not in ROLLOUTS:
            raise ValueError(f"{spec!r}: the rollout must be one of {list(ROLLOUTS)}, e.g. mcts:200:random")
        return cls(budget, rollout, seed=seed)

    # -- playing -------------------------------------------------------------------------------
    def act(self, game: Game, player: str) -> int:
        legal = np.flatnonzero(game.legal_mask(player))
        if len(legal) == 1:
            return int(legal[0])
        start = time.perf_counter()
        root = Node()
        for _ in range(self.budget):
            self._simulate(root, game, player)
        # the most visited legal action (the root's own options do not depend on the world)
        children = root.children
        best = max((int(a) for a in legal),
                   key=lambda a: (children[a].visits, children[a].total / children[a].visits)
                   if a in children and children[a].visits else (0, -math.inf))
        self.decisions += 1
        self.simulations += self.budget
        self.seconds += time.perf_counter() - start
        return best

    def stats(self) -> dict:
        """Decisions searched (those with two or more legal actions), simulations, seconds spent
        and their rates since the policy was made."""
        s = self.seconds or float("nan")
        return {"decisions": self.decisions, "simulations": self.simulations, "seconds": self.seconds,
                "decisions_per_second": self.decisions / s, "simulations_per_second": self.simulations / s}

    def _simulate(self, root: Node, game: Game, player: str) -> None:
        """One simulation: a world `player` cannot tell from this one, fresh dice, the tree policy
        down to a node not yet visited, a rollout, and its value backed up (OpenSpiel's order)."""
        state = game.determinize(player, self.rng)
        state.dice.seed(self.rng.getrandbits(64))
        rng, c = self.rng, self.uct_c
        node, path = root, [(root, None)]
        while node.visits > 0 and not state.is_terminal():
            mover = state.current_player()
            legal = np.flatnonzero(state.legal_mask(mover)).tolist()
            children = node.children
            if any(a not in children for a in legal):
                prior = self._prior(state, mover, legal)
                for a in legal:
                    if a not in children:
                        children[a] = Node(prior[a])
            rng.shuffle(legal)  # ties go to a random action
            sqrt_n = math.sqrt(node.visits)
            action = max(legal, key=lambda a: children[a].puct(sqrt_n, c))
            node = children[action]
            path.append((node, mover))
            state.apply(action)
        value = self._rollout(state)
        for node, mover in path:
            node.visits += 1
            if mover is not None:
                node.total += value[mover]

    def _prior(self, state: Game, mover: str, legal: list[int]) -> dict[int, float]:
        """The evaluator's prior over the legal actions: uniform for random rollouts; with the
        built-in rollouts PRIOR_WEIGHT more on the action the built-in policy of `mover` takes
        (so at a small budget the tree follows it, and leaves it where the values say so)."""
        n = len(legal)
        prior = dict.fromkeys(legal, 1.0 / n)
        if self.rollout == "builtin":
            choice = int(self._builtin(state)[mover].act(state, mover))
            prior = dict.fromkeys(legal, (1.0 - PRIOR_WEIGHT) / n)
            prior[choice] += PRIOR_WEIGHT
        return prior

    def _rollout(self, state: Game) -> dict[str, float]:
        if self.rollout == "random":
            rng = self.rng
            while not state.is_terminal():
                legal = np.flatnonzero(state.legal_mask(state.current_player()))
                state.apply(int(legal[rng.randrange(len(legal))]))
        else:
            policies = self._builtin(state)
            while not state.is_terminal():
                mover = state.current_player()
                state.apply(policies[mover].act(state, mover))
        return {side: final_reward(state, side, _RESULT_REWARD) for side in SIDES}

    def _builtin(self, game: Game) -> dict:
        """The game's default policy of each side (made once per game, seeded from our rng)."""
        if game.name not in self._rollout_policies:
            from ..envs.registry import get_spec, make_policy

            spec = get_spec(game.name)
            self._rollout_policies[game.name] = {
                side: make_policy(game.name, side, spec.default_opponent[side], seed=self.rng.getrandbits(32))
                for side in SIDES}
        return self._rollout_policies[game.name]
