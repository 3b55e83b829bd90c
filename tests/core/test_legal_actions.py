"""core.policy.legal_action_array, the dice AI's and the random policy's legal actions: the kept mask
read as booleans, the same actions in the same order as ``np.flatnonzero(game.legal_mask(player))``
(the code before), at positions of random play of every registered environment."""
import random

import numpy as np
import pytest

from aliens_env.core.policy import DicePolicy, RandomPolicy, legal_action_array
from aliens_env.envs import REGISTRY


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_legal_actions_are_flatnonzero_of_the_mask(name):
    game, rng = REGISTRY[name].make_game(), random.Random(0)
    game.reset(0)
    for _ in range(60):
        if game.is_terminal():
            game.reset(rng.randrange(1000))
        player = game.current_player()
        expected = np.flatnonzero(game.legal_mask(player))
        legal = legal_action_array(game, player)
        assert legal.tolist() == expected.tolist()
        game.apply(int(legal[rng.randrange(len(legal))]))


def test_the_dice_ai_and_the_random_policy_pick_as_before():
    """Their picks: the die's (the random generator's) among flatnonzero's list, as before."""
    name = "ReactorRoom"
    for policy_class, draw in ((DicePolicy, lambda game, n: game.dice.pick(n)),
                               (RandomPolicy, lambda policy, n: policy.rng.randrange(n))):
        game, twin = REGISTRY[name].make_game(), REGISTRY[name].make_game()
        game.reset(3), twin.reset(3)
        policy, twin_policy = policy_class(), policy_class()
        if policy_class is RandomPolicy:
            policy.seed(5), twin_policy.seed(5)
        for _ in range(40):
            if game.is_terminal():
                break
            player = game.current_player()
            legal = np.flatnonzero(twin.legal_mask(player))
            before = int(legal[draw(twin if policy_class is DicePolicy else twin_policy, len(legal))])
            assert policy.act(game, player) == before
            game.apply(before), twin.apply(before)


class WideMask:
    """A game whose mask is not one byte an action."""

    def legal_mask_kept(self, player):
        return np.array([0, 1, 1], dtype=np.int64)


def test_a_mask_of_more_than_a_byte_an_action_is_refused():
    with pytest.raises(ValueError, match="one byte an action.*int64"):
        legal_action_array(WideMask(), "marines")
