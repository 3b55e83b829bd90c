"""Marine Assault (the Aliens Expansion's lairs) as a PettingZoo AEC environment: agents
"marines" and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("MarineAssault")
