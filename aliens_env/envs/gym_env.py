"""One Gymnasium adapter for every registered ruleset: one side learns, the other side's policy
plays inside ``step()``.

Observation: Dict(observation=Box float32 in [0, 1], action_mask=Box int8 in {0, 1}); the mask is
also returned by ``action_masks()`` for sb3-contrib's MaskablePPO. ``observation="full"`` (default)
gives the game's own observation, ``"compact"`` a few hundred values: the game's own compact
observation where it has one, else made from the full one (envs/observations.py).

Actions: ``actions="all"`` (default) the game's one flat Discrete space, both sides'; ``"side"``
only the slices the learning side may ever take (``game.side_slices``), numbered 0..n-1, less the
actions at rows the observation does not show (with "compact": targets past the nearest): the
action space, the mask and ``step(i)``'s action are the side's (envs/actions.py).

Rewards: at the end, the learning side's result: +1 win, 0 draw, -1 loss, or what
``result_reward={"win": .., "draw": .., "loss": ..}`` gives; with ``reward="victory_points"`` (the
Aliens 1989 scenarios) instead the Tournament Victory Points scaled to [0, 1] (the hive: their
negative; see core.game.final_reward). With ``shaping=True`` each step also
adds the change of the game's ``shaping_value(side)`` (documented per ruleset).

End: ``terminated`` when the rules end the game; ``truncated`` (no result reward) when an episode
cap the user asked for (e.g. ``turn_limit=``) cuts it, with ``info["truncated_by"]`` naming it.

Illegal actions (``illegal_action=``):
- "penalize" (default): the game is left untouched, the episode ends (terminated) with reward
  ``illegal_penalty`` and ``info["illegal_action"]`` names the action (with ``actions="side"`` the
  side's index and the game's action) and why it is illegal;
- "raise": ``IllegalActionError`` (a ValueError) with the same message, state untouched.
"""
from __future__ import annotations

import warnings
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.game import SIDES, Game, IllegalActionError, check_result_reward, check_reward, final_reward, other_side
from ..render import render
from .actions import SideActions, check_actions
from .observations import Observer, check_observation
from .registry import get_spec, make_policy

ILLEGAL_MODES = ("penalize", "raise")
#: what ``reset(options=...)`` accepts, in both adapters
RESET_OPTIONS = ("position",)


def position_from_options(game: Game, options: dict[str, Any] | None, unknown: str = "raise") -> Game | None:
    """The game to start from for ``reset(options={"position": POSITION})`` (a dict as
    ``game.to_dict()`` writes it, loaded with its checks), or None for a new game. A position
    of other dimensions than ``game`` (another grid size, ...) is a ValueError, and so is an
    unknown option (a misspelt key) unless ``unknown="warn"``: then it is a warning naming the
    allowed ones (the PettingZoo adapter: PettingZoo's own API test resets with a made-up
    option and requires that to work). Nothing is changed before the checks pass."""
    if options is None:
        return None
    if not isinstance(options, dict):
        raise ValueError(f"reset options must be a dict with keys among {list(RESET_OPTIONS)}, got {options!r}")
    extra = sorted(set(options) - set(RESET_OPTIONS), key=str)
    if extra:
        message = f"unknown reset option(s) {extra}; allowed: {list(RESET_OPTIONS)}"
        if unknown != "warn":
            raise ValueError(message)
        warnings.warn(message + " (ignored)", stacklevel=3)
    if options.get("position") is None:
        return None
    loaded = type(game).from_dict(options["position"])
    if loaded.obs_layout.shapes != game.obs_layout.shapes or loaded.layout.slices != game.layout.slices:
        # (the same views and action slices: the environment's Observer and its side's actions, made
        # for its game, read and map the position's too)
        raise ValueError(
            f"the position's config gives observations of shape {loaded.observation_shape} and "
            f"{loaded.layout.size} actions; this environment has {game.observation_shape} and "
            f"{game.layout.size}: make the environment with the position's config"
        )
    return loaded


class AliensEnv(gym.Env):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        side: str = "marines",
        opponent=None,
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_penalty: float = -1.0,
        shaping: bool = False,
        result_reward: dict | None = None,
        reward: str = "result",
        observation: str = "full",
        actions: str = "all",
        **game_options,
    ):
        self.spec_entry = get_spec(game)
        check_observation(observation)
        check_actions(actions)
        self.result_reward = check_result_reward(result_reward)
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; sides are {list(SIDES)}")
        if illegal_action not in ILLEGAL_MODES:
            raise ValueError(f"unknown illegal_action {illegal_action!r}; allowed: {list(ILLEGAL_MODES)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}; allowed: {self.metadata['render_modes']}")
        self.side = side
        self.opponent_side = other_side(side)
        self.game: Game = self.spec_entry.make_game(**game_options)
        self.reward = check_reward(reward, result_reward, self.game)
        self.opponent = make_policy(game, self.opponent_side, opponent)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.shaping = bool(shaping)
        self.observer = Observer(self.game, observation)
        self.actions = SideActions(self.game, side, actions, self.observer.shown_rows)
        self._mapped = actions != "all"  # (the game's own actions: step and the mask as they always were)
        n = self.actions.n
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.observer.shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        self._last_events: list[str] = []

    # -- gymnasium API -------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        position = position_from_options(self.game, options)  # checked first: a bad one changes nothing
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**31 - 1))
        for attempt in range(100):
            # a game that ends before the learning side ever moves is no episode for it: deal
            # the next one (seeded from this reset's seed, so still reproducible)
            if position is None:
                self.game.reset(seed)
            else:
                self.game = position
            if hasattr(self.opponent, "seed"):
                self.opponent.seed(seed + 1)
            self._shaping_value = self._value()
            self._play_opponent()
            if not self.game.is_terminal() or position is not None:
                break
            seed = int(self.np_random.integers(2**31 - 1))
        else:
            raise RuntimeError(f"100 games in a row ended before {self.side} could move")
        obs = self._obs()
        return obs, self._info(obs)

    def step(self, action):
        if self.game.is_terminal():
            raise RuntimeError("step() called after the episode ended; call reset()")
        if self.game.current_player() != self.side:
            raise RuntimeError(f"it is {self.game.current_player()}'s move, not {self.side}'s")
        try:
            if self._mapped:
                self.actions.apply(self.game, action)
            else:
                self.game.apply(action)  # checks legality first; an illegal action changes nothing
        except IllegalActionError as exc:
            if self.illegal_action == "raise":
                raise
            obs = self._obs()
            info = self._info(obs)
            info["illegal_action"] = str(exc)
            return obs, self.illegal_penalty, True, False, info
        self._play_opponent()
        reward = 0.0
        if self.shaping:
            value = self._value()
            reward += value - self._shaping_value
            self._shaping_value = value
        over = self.game.is_terminal()
        truncated = self.game.truncated_by() is not None
        if over:
            reward += final_reward(self.game, self.side, self.result_reward, self.reward)
        obs = self._obs()
        return obs, reward, over and not truncated, truncated, self._info(obs)

    def action_masks(self) -> np.ndarray:
        return self._mask()

    def render(self):
        """What the learning side may see (the opponent's hidden cards stay hidden)."""
        return render(self.game, self.render_mode, viewer=self.side)

    # -- helpers -------------------------------------------------------------------------------
    def _play_opponent(self) -> None:
        game = self.game
        while not game.is_terminal() and game.current_player() == self.opponent_side:
            game.apply(self.opponent.act(game, self.opponent_side))

    def _value(self) -> float:
        return float(self.game.shaping_value(self.side)) if self.shaping else 0.0

    def _mask(self) -> np.ndarray:
        if self.game.is_terminal():
            mask = np.zeros(self.actions.n, dtype=np.int8)
            mask[0] = 1  # gymnasium wants a sample-able space after the end; any action is ignored
            return mask
        return self.actions.mask(self.game) if self._mapped else self.game.legal_mask(self.side)

    def _obs(self) -> dict[str, np.ndarray]:
        return {"observation": self.observer(self.game, self.side), "action_mask": self._mask()}

    def _info(self, obs: dict[str, np.ndarray]) -> dict[str, Any]:
        """The info of the position ``obs`` observes: its mask a copy of the observation's (worked out once a step)."""
        info: dict[str, Any] = {"action_mask": obs["action_mask"].copy()}
        if self.game.is_terminal():
            info["outcome"] = self.game.outcome()
            if self.game.truncated_by() is not None:
                info["truncated_by"] = self.game.truncated_by()
        return info
