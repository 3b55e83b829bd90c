"""Operations and Air Ducts (with the options Let's Eat Burke and Gorman's Last Stand) as a
PettingZoo AEC environment: agents "marines" and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("OperationsAirDucts")
