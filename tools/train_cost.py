"""What one MaskablePPO training step costs by the network's input size and the action count,
on an environment that does nothing (so the figures are the learner's alone), in the --train
setting of ``python -m aliens_env.benchmark`` (its TRAIN_ENVS, TRAIN_N_STEPS and TRAIN_NET, printed):

    python tools/train_cost.py                        # the default grid of sizes
    python tools/train_cost.py 84x7 312x181 312x6     # OBSERVATIONxACTIONS pairs

prints steps/s and microseconds a step for each pair, with the action mask kept out of the
network (extractor ``observation``). It shows the floor an environment's own step adds to: a
ratio against connect_four_v3 (its 84 values and 7 actions: the first default row) of 1.0 needs
the whole step, environment and learner, to cost what the peer's does, and each action costs the
learner about as much as one or two observation values (its logit, forward and back, for each
of the update's epochs).
"""
from __future__ import annotations

import sys
import time

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from aliens_env.benchmark import TRAIN_ENVS, TRAIN_N_STEPS, TRAIN_NET, bench_model

DEFAULT = ("84x7", "300x7", "1000x7", "84x100", "84x300", "84x1000", "300x180")
EPISODE = 30  # steps a do-nothing episode lasts


class NullEnv(gym.Env):
    """A Dict(observation, action_mask) env of the given sizes whose step does nothing."""

    def __init__(self, size: int, actions: int):
        self.observation_space = spaces.Dict({"observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                                              "action_mask": spaces.Box(0, 1, (actions,), np.int8)})
        self.action_space = spaces.Discrete(actions)
        self.obs = {"observation": np.zeros(size, np.float32), "action_mask": np.ones(actions, np.int8)}
        self.t = 0

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.t = 0
        return self.obs, {}

    def step(self, action):
        self.t += 1
        return self.obs, 0.0, self.t >= EPISODE, False, {}

    def action_masks(self) -> np.ndarray:
        return self.obs["action_mask"]


def parse(pair: str) -> tuple[int, int]:
    try:
        size, actions = (int(x) for x in pair.lower().split("x"))
    except ValueError:
        raise SystemExit(f"a size is OBSERVATIONxACTIONS (two whole numbers above 0, e.g. 312x181), got {pair!r}") from None
    if size < 1 or actions < 1:
        raise SystemExit(f"a size is OBSERVATIONxACTIONS (two whole numbers above 0, e.g. 312x181), got {pair!r}")
    return size, actions


def main(argv: list[str]) -> None:
    print(f"MaskablePPO on {TRAIN_ENVS} do-nothing envs (DummyVecEnv), n_steps {TRAIN_N_STEPS}, MLP "
          f"{'x'.join(map(str, TRAIN_NET))}, 1 torch thread, the mask out of the network")
    print(f"{'observation':>12}{'actions':>9}{'steps/s':>9}{'us a step':>11}")
    for size, actions in map(parse, argv or DEFAULT):
        runner = bench_model(lambda: NullEnv(size, actions), extractor="observation")
        runner.run(0.1)  # a warm-up rollout and update
        start = time.perf_counter()
        steps, _ = runner.run(3.0)
        rate = steps / (time.perf_counter() - start)
        print(f"{size:>12,}{actions:>9,}{rate:>9,.0f}{1e6 / rate:>11,.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
