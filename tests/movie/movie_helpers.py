"""The positions the Movie chains' tests walk through (tests/movie/conftest.py puts this folder on the path)."""
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import make_policy


def chain_positions(g, steps: int, seed: int):
    """``steps`` moves of the chain `g` (the heuristic Marines, a random hive: the stages are
    played through; a finished episode followed by one seeded seed + 1, ...): yields the player to
    move before each move, the caller checking the position then."""
    policies = {"marines": make_policy(g.name, "marines", "heuristic"), "hive": RandomPolicy(seed)}
    episode = seed
    g.reset(episode)
    for _ in range(steps):
        if g.is_terminal():
            episode += 1
            g.reset(episode)
        player = g.current_player()
        yield player
        g.apply(policies[player].act(g, player))
