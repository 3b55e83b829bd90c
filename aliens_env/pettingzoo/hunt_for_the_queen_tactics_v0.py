"""Hunt for the Queen with the Marines commanded by tactics (HuntForTheQueenTactics) as a
PettingZoo AEC environment: agents "marines" (one tactic per activation) and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("HuntForTheQueenTactics")
