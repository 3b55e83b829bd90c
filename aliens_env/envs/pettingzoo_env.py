"""One PettingZoo AEC adapter for every registered ruleset: agents "marines" and "hive".

Each agent observes {"observation": float32 in [0, 1], "action_mask": int8}; the mask is all
zero for the agent not to move. ``observation="full"`` (default) or ``"compact"`` as in the
Gymnasium adapter, and ``actions="all"`` (default: both agents the game's one flat Discrete space)
or ``"side"`` (each agent only the slices it may ever take, numbered 0..n-1, less the actions at
rows the observation does not show: the agents' action spaces and masks then differ;
envs/actions.py). Rewards come at the end (+1 / 0 / -1 per side, or what
``result_reward`` gives each result, or with ``reward="victory_points"`` the scaled Tournament
Victory Points, as in the Gymnasium adapter), and each step
with ``shaping=True`` as in the Gymnasium adapter. A game the rules end sets ``terminations``;
one cut by an episode cap (e.g. ``turn_limit=``) sets ``truncations``, pays no result reward and
names the cap in each agent's ``infos[agent]["truncated_by"]``. Illegal actions follow ``illegal_action``:
"penalize" ends the game with ``illegal_penalty`` for the offender and 0 for the other side, and
puts the reason in the offender's info; "raise" raises IllegalActionError.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..core.game import RESULTS, SIDES, Game, IllegalActionError, check_result_reward, check_reward, final_reward, other_side
from .gym_env import ILLEGAL_MODES, position_from_options
from .actions import SideActions, check_actions
from .observations import Observer, check_observation
from ..pettingzoo_names import pettingzoo_module_name
from ..render import render
from .registry import get_spec


class AliensAEC(AECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "aliens_v0", "is_parallelizable": False, "render_fps": 4}

    def __init__(self, game: str, render_mode=None, illegal_action="penalize", illegal_penalty=-1.0, shaping=False,
                 result_reward=None, reward="result", observation="full", actions="all", **game_options):
        super().__init__()
        spec = get_spec(game)
        check_observation(observation)
        check_actions(actions)
        self.result_reward = check_result_reward(result_reward)
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"unknown illegal_action {illegal_action!r}; allowed: {list(ILLEGAL_MODES)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}; allowed: {self.metadata['render_modes']}")
        self.metadata = dict(self.metadata, name=pettingzoo_module_name(spec.name))
        self.game: Game = spec.make_game(**game_options)
        self.reward = check_reward(reward, result_reward, self.game)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.shaping = bool(shaping)
        self.observer = Observer(self.game, observation)
        self.possible_agents = list(SIDES)
        self.actions = {a: SideActions(self.game, a, actions, self.observer.shown_rows) for a in self.possible_agents}
        self._mapped = actions != "all"  # (the game's own actions: step and the masks as they always were)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, self.observer.shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.actions[a].n,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.actions[a].n) for a in self.possible_agents}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        game = self.game
        if agent == game.current_player():  # None once the game is over
            mask = self.actions[agent].mask(game) if self._mapped else game.legal_mask(agent)
        else:
            mask = np.zeros(self.actions[agent].n, dtype=np.int8)
        return {"observation": self.observer(game, agent), "action_mask": mask}

    def last(self, observe: bool = True):
        """AECEnv.last() without its indirection (it is called once per step)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def reset(self, seed=None, options=None):
        """A new game, or with ``options={"position": POSITION}`` the saved position (as the
        Gymnasium adapter; a finished one starts with every agent terminated). Another option is
        ignored with a warning that names the allowed ones (see position_from_options)."""
        position = position_from_options(self.game, options, unknown="warn")  # checked first
        if position is not None:
            self.game = position
        else:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1)[0] >> 1)
            self.game.reset(seed)
        over = self.game.is_terminal()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: over for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"outcome": self.game.outcome()} if over else {} for a in self.agents}
        self._values = {a: self._value(a) for a in self.agents}
        self.agent_selection = self.game.current_player() or self.agents[0]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        rewards, cumulative = self.rewards, self._cumulative_rewards
        game = self.game
        illegal = None
        try:
            if self._mapped:
                self.actions[agent].apply(game, action)
            else:
                game.apply(action)  # checks legality first; an illegal action changes nothing
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise  # (before the step's rewards are cleared: the env is as it was)
            illegal = exc
        for a in rewards:
            rewards[a] = 0.0
        cumulative[agent] = 0.0  # last() gives what was earned since the agent last acted
        if illegal is not None:
            rewards[agent] = self.illegal_penalty
            self.infos[agent] = {"illegal_action": str(illegal)}
            self.terminations = {a: True for a in self.agents}
            self._accumulate_rewards()
            return
        if self.shaping:
            for a in self.agents:
                value = self._value(a)
                rewards[a] += value - self._values[a]
                self._values[a] = value
        player = game.current_player()  # None once the game is over (Game.is_terminal)
        if player is None:
            outcome = game.outcome()
            cut = game.truncated_by()
            for a in self.agents:
                rewards[a] += final_reward(game, a, self.result_reward, self.reward)
                self.infos[a] = {"outcome": outcome} if cut is None else {"outcome": outcome, "truncated_by": cut}
            if cut is None:
                self.terminations = {a: True for a in self.agents}
            else:
                self.truncations = {a: True for a in self.agents}
        else:
            self.agent_selection = player
        if self.shaping or player is None:  # (else every reward is 0.0, as every cumulative one is: nothing to add)
            for a, reward in rewards.items():
                cumulative[a] += reward

    def _value(self, agent) -> float:
        return float(self.game.shaping_value(agent)) if self.shaping else 0.0

    def render(self):
        """A spectator's view of everything (both agents' hidden information included)."""
        return render(self.game, self.render_mode)

    def close(self):
        pass


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper with last() and step() going straight to the raw env
    once it has been reset: the stock versions read agent_selection, the reward and end dicts
    and observe() through the wrapper's __getattr__ forwarding (a Python-level call each), which
    is a good part of an AEC step's cost. Before reset both behave exactly as the stock wrapper
    (the same errors); afterwards they return and do the same."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            return super().last(observe)
        return self.env.last(observe)

    def step(self, action) -> None:
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env) if hasattr(self, "metadata") else repr(self)


def make_env_functions(game: str):
    """The module-level env() and raw_env() of a pettingzoo/<name>_v0.py module."""

    def raw_env(**kwargs) -> AliensAEC:
        return AliensAEC(game, **kwargs)

    def env(**kwargs):
        # no AssertOutOfBoundsWrapper: the raw env itself answers an out-of-range action with a
        # clear error (illegal_action="raise") or a penalty naming it ("penalize")
        return _OrderEnforcing(raw_env(**kwargs))

    return env, raw_env
