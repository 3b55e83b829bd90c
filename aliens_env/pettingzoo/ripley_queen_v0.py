"""Ripley vs. the Queen as a PettingZoo AEC environment: agents "marines" (Ripley in the
Powerloader) and "hive" (the Queen)."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("RipleyQueen")
