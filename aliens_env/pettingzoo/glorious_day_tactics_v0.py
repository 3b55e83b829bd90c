"""Another Glorious Day in the Corps with the marines commanded by tactics (GloriousDayTactics,
A52) as a PettingZoo AEC environment: agents "marines" (one tactic per Character activation)
and "hive"."""
from ..envs.pettingzoo_env import make_env_functions

env, raw_env = make_env_functions("GloriousDayTactics")
