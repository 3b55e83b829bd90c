"""BugHunt._compute_script_mask's kept array (bug_hunt/game.py): a figure's script mask is written
into one array the game keeps, zeroed first. Checked at every scripted sub-step of seeded
BugHuntTactics games against the rule, the whole mask worked out anew (BugHunt._compute_mask into a
new array): the same entries outside the grenade slots, a subset of them inside; and the script masks
of a game's clone, deep copy or pickled copy leave the game's own as they were."""
import copy
import pickle

import numpy as np

from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.tactics import BugHuntTactics
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import make_policy
from bh_helpers import decisions

STEPS = 120  # player steps of each seeded game (a tactic plays many sub-steps in each)


class Checked(BugHuntTactics):
    """BugHuntTactics whose figures' script masks are checked against the whole mask as they are read."""

    checks = 0

    def script_mask(self, player):
        mask = BugHuntTactics.script_mask(self, player)
        if self._executing and self.decision is not None and self.decision.kind == "act" and player == "marines":
            whole = BugHunt._compute_mask(self)  # (a new array: the rule, not the kept one)
            grenades = self.layout.span("grenade")
            outside = np.ones(len(whole), bool)
            outside[grenades] = False
            assert len(mask) == self.layout.size and mask.dtype == whole.dtype
            assert np.array_equal(mask[outside], whole[outside]), f"decision {self.decision}: {np.flatnonzero(mask != whole)}"
            assert not (mask[grenades] > whole[grenades]).any()
            type(self).checks += 1
        return mask


def play(game, seed: int, steps: int = STEPS) -> None:
    players = {"marines": RandomPolicy(seed), "hive": make_policy("BugHuntTactics", "hive", None, seed=seed)}
    for _ in range(steps):
        player = game.current_player()
        if player is None:
            return
        game.apply(players[player].act(game, player))


def test_every_figure_s_script_mask_is_the_rule_s():
    for seed in range(3):
        game = Checked()
        game.reset(seed)
        play(game, seed)
    assert Checked.checks > 300


def test_a_copy_s_script_masks_leave_the_game_s_own_alone():
    game = BugHuntTactics()
    game.reset(5)
    copies = 0
    for step in range(60):
        player = game.current_player()
        if player is None:
            break
        if player == "marines" and game.decision.kind == "act":
            game._executing = True  # (as while a tactic plays: the kept script mask read)
            try:
                mask = game.script_mask(player)
                before = mask.copy()
                for other in (game.clone(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
                    play(other, step, 8)  # (their own tactics' sub-steps: their own script masks)
                    copies += 1
                assert np.array_equal(mask, before)
            finally:
                game._executing = False
                game._cache.clear()  # (the script mask kept there: the commander's own mask again)
        game.apply(RandomPolicy(step).act(game, player))
    assert copies >= 6


def test_the_kept_script_mask_is_made_anew_for_a_layout_extended_after_it():
    """A commander extends the layout after the set-up's masks (core/commander.py): the kept array,
    of the old size, is not reused for the wider layout (the layout version, which empties the
    kept results, is the colony's and does not change)."""
    game = next(decisions(31, 400, ("act",)))
    first = game._compute_script_mask()
    assert len(first) == game.layout.size
    kept = first.copy()
    game.layout = game.layout.extended("extra", 3)
    game._cache.clear()
    mask = game._compute_script_mask()
    assert len(mask) == game.layout.size == len(kept) + 3
    assert np.array_equal(mask[:len(kept)], kept) and not mask[len(kept):].any()
