"""Alien Menace as a PettingZoo AEC environment: agents "marines" (the Marine player) and "hive" (the Alien player)."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("AlienMenace")
