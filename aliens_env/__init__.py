"""aliens-env: reinforcement-learning environments for the Aliens tabletop games.

    import gymnasium as gym, aliens_env
    env = gym.make("aliens_env/ReactorRoom-v0", side="marines")

Importing the package registers every ruleset with Gymnasium (see aliens_env.envs).
"""
from .compiled import use_source_where_stale

use_source_where_stale()  # before any compiled module is imported: an edited module's source wins

from .core.game import SIDES, Game, IllegalActionError  # noqa: E402
from .envs import REGISTRY, make_policy  # noqa: E402

__all__ = ["SIDES", "Game", "IllegalActionError", "REGISTRY", "make_policy"]
__version__ = "0.2.0"
