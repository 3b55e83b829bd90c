"""The Complete Movie Scenario (the Expansion's branching campaign: Reactor Room, Drop Ship, then
Marine Assault / Hunt for the Queen or Operations/Air Ducts and the Rescue of Newt) as a
PettingZoo AEC environment: agents "marines" and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("CompleteMovie")
