"""Bug Hunt with the Marines commanded by tactics (BugHuntTactics) as a PettingZoo AEC
environment: agents "marines" (one tactic per figure activation) and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("BugHuntTactics")
