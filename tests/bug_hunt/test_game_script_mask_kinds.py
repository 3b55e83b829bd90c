"""BugHunt._compute_script_mask for the decisions other than a figure's action (activate, the APC's
drive...): the whole mask, worked out by BugHunt's own ``_compute_mask`` named (compiled, a C call
past the commander's override) and kept as the whole mask. Checked at every such scripted sub-step
of seeded BugHuntTactics games: the script mask is the plain game's mask of that position (a
BugHunt made from its position: no commander in it) and ``legal_mask_kept`` hands out the very
same array (one mask worked out, not two)."""
import numpy as np
import pytest

from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.tactics import BugHuntTactics
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import make_policy

STEPS = 120  # player steps of each game (a tactic plays many sub-steps in each)


def plain_mask(game) -> np.ndarray:
    """The open decision's mask in a plain BugHunt of `game`'s position, over `game`'s layout."""
    data = game.to_dict()
    config = {key: value for key, value in data["config"].items() if key != "observation"}  # (BugHuntTactics' own)
    plain = BugHunt.from_dict(dict(data, game="BugHunt", config=config))
    mask = np.zeros(game.layout.size, np.int8)  # (the tactic slice, after the game's own, left 0)
    mask[:plain.layout.size] = plain.legal_mask(plain.current_player())
    return mask


def recorded(cls: type) -> type:
    """`cls` whose script masks of the marines' decisions other than "act", asked while a tactic
    plays, are checked against the plain game's (``checks`` counts them)."""

    def script_mask(self, player):
        mask = cls.script_mask(self, player)
        d = self.decision
        if self._executing and d is not None and player == d.player == "marines" and d.kind != "act":
            assert np.array_equal(mask, plain_mask(self)), f"decision {d}"
            assert self.legal_mask_kept(player) is mask  # (kept as the whole mask)
            type(self).checks[d.kind] = type(self).checks.get(d.kind, 0) + 1
        return mask

    return type(f"Recorded{cls.__name__}", (cls,), {"script_mask": script_mask, "checks": {}})


def play(game, seed: int) -> list:
    """`STEPS` player steps of a seeded game (random tactics against the default hive): each step's
    player and legal actions."""
    game.reset(seed)
    players = {"marines": RandomPolicy(seed), "hive": make_policy("BugHuntTactics", "hive", None, seed=seed)}
    seen = []
    for _ in range(STEPS):
        player = game.current_player()
        if player is None:
            break
        seen.append((player, np.flatnonzero(game.legal_mask(player)).tolist()))
        game.apply(players[player].act(game, player))
    return seen


@pytest.mark.parametrize("options", [{}, {"apc": True, "squad": "apc_crew"}])
def test_other_decisions_script_mask_is_the_plain_game_s_whole_mask(options):
    game_class = recorded(BugHuntTactics)
    game = game_class(**options)
    for seed in range(2):
        assert play(game, seed) == play(BugHuntTactics(**options), seed)  # (the same games)
    assert game_class.checks.get("activate", 0) > 20, game_class.checks
