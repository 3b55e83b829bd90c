"""One side of the PettingZoo AEC environment as a Gymnasium env, the other side played by a
fixed policy: the training environment of train.py's selfplay mode (a round's opponent is the
other side's frozen policy of the round before)."""
from __future__ import annotations

import gymnasium as gym
import numpy as np

from aliens_env.core.game import other_side
from aliens_env.envs.pettingzoo_env import AliensAEC


class VersusEnv(gym.Env):
    metadata = {"render_modes": []}

    def __init__(self, game: str, side: str, opponent=None, shaping: bool = False, result_reward: dict | None = None, **game_options):
        from . import make_policy
        from aliens_env.envs.registry import get_spec

        self.aec = AliensAEC(game, shaping=shaping, result_reward=result_reward, **game_options)
        self.side, self.other = side, other_side(side)
        spec = opponent if opponent is not None else get_spec(game).default_opponent[self.other]
        self.opponent = make_policy(spec, game=game, side=self.other)
        self.observation_space = self.aec.observation_space(side)
        self.action_space = self.aec.action_space(side)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**31 - 1))
        for attempt in range(100):  # a game that ends before the learner's first decision is skipped
            self.aec.reset(seed=seed + attempt)
            if hasattr(self.opponent, "seed"):
                self.opponent.seed(seed + attempt + 1)
            self._play_opponent()
            if not self._done():
                break
        return self._obs(), {}

    def step(self, action):
        if self._done():
            raise RuntimeError("step() called after the episode ended; call reset()")
        self.aec.step(int(action))
        reward = float(self.aec.rewards[self.side])
        reward += self._play_opponent()
        truncated = all(self.aec.truncations.values())
        info = dict(self.aec.infos.get(self.side, {}))
        return self._obs(), reward, self._done() and not truncated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self._obs()["action_mask"]

    def _done(self) -> bool:
        return all(self.aec.terminations.values()) or all(self.aec.truncations.values())

    def _play_opponent(self) -> float:
        reward = 0.0
        while not self._done() and self.aec.agent_selection == self.other:
            self.aec.step(self.opponent.act(self.aec.game, self.other))
            reward += float(self.aec.rewards[self.side])
        return reward

    def _obs(self) -> dict:
        obs = self.aec.observe(self.side)
        if self._done():  # a sample-able mask after the end (any action is ignored)
            obs = {"observation": obs["observation"], "action_mask": np.eye(len(obs["action_mask"]), 1, dtype=np.int8)[:, 0]}
        return obs
