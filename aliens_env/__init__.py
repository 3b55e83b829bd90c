"""aliens-env: reinforcement-learning environments for the Aliens tabletop games.

    import gymnasium as gym, aliens_env
    env = gym.make("aliens_env/ReactorRoom-v0", side="marines")

Importing the package registers every ruleset with Gymnasium (see aliens_env.envs).
"""
from .core.game import SIDES, Game, IllegalActionError
from .envs import REGISTRY, make_policy

__all__ = ["SIDES", "Game", "IllegalActionError", "REGISTRY", "make_policy"]
__version__ = "0.2.0"
