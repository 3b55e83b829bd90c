"""The Drop Ship (Aliens Expansion, 1989) as a PettingZoo AEC environment: agents "marines"
(Spunkmeyer and Ferro) and "hive" (the Alien: a target on a tie, else a single pass action)."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("DropShip")
