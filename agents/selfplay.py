"""The training environment of train.py's selfplay mode: one side learns, the other side's frozen
policy of the round before plays inside ``step()``. That is the Gymnasium adapter itself, whose
opponent loop is the only one (``aliens_env.envs.gym_env.AliensEnv``); this name is kept for
train.py."""
from __future__ import annotations

from aliens_env.envs.gym_env import AliensEnv as VersusEnv

__all__ = ["VersusEnv"]
