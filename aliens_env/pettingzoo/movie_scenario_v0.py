"""The Movie Scenario (the Reactor Room, then Operations/Air Ducts; healing=False: the Tournament
pairing) as a PettingZoo AEC environment: agents "marines" and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("MovieScenario")
