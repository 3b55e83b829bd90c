"""Operations/Air Ducts with the Marines commanded by tactics (OperationsAirDuctsTactics) as a
PettingZoo AEC environment: agents "marines" (one tactic per activation) and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("OperationsAirDuctsTactics")
