"""Aliens: Another Glorious Day in the Corps with the Hive player as a PettingZoo AEC environment:
agents "marines" (the whole fireteam) and "hive" (the Hive player and every tie of the rules)."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("GloriousDay")
