"""Random-play property tests: after every step of many seeded games, cards are conserved (draw
pile + hand + play + discard, per card), tokens are conserved (players + supply + in play = 16),
Life Points stay in 0-3, the mask is sane, and every game ends."""
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from aliens_env.alien_menace.dice_ai import AlienMenaceDiceAI
from aliens_env.alien_menace.game import HIVE, MAR, AlienMenace
from aliens_env.core.policy import RandomPolicy
from am_helpers import conserved

GAME = AlienMenace()
PLAYERS = {"random": RandomPolicy, "dice": AlienMenaceDiceAI}


def play_checked(seed: int, marines: str, hive: str, max_steps: int = 2000) -> AlienMenace:
    g = GAME
    g.reset(seed)
    players = {MAR: PLAYERS[marines](seed=seed), HIVE: PLAYERS[hive](seed=seed + 1)}
    conserved(g)
    lp = g.lp
    for _ in range(max_steps):
        if g.is_terminal():
            break
        side = g.current_player()
        mask = g.legal_mask(side)
        assert mask.dtype == np.int8 and mask.sum() >= 1
        assert not g.legal_mask(HIVE if side == MAR else MAR).any()
        g.apply(players[side].act(g, side))
        conserved(g)
        assert g.lp >= lp - 1  # one combat per step at most: never more than 1 LP lost at once
        lp = g.lp
    else:
        raise AssertionError(f"seed {seed}: the game did not end in {max_steps} steps")
    out = g.outcome()
    assert out[MAR] in (1, -1) and out[HIVE] == -out[MAR]
    assert g.winner == (MAR if out[MAR] == 1 else HIVE)
    assert g.lp >= 0 and (g.lp > 0 or g.winner == HIVE)
    assert g.turn <= (len(g.rooms) + 1) // 2  # at most six rooms then the Portal
    return g


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1),
       marines=st.sampled_from(["random", "dice"]), hive=st.sampled_from(["random", "dice"]))
def test_invariants_hold_under_any_play(seed, marines, hive):
    play_checked(seed, marines, hive)


def test_many_random_games_end_with_invariants():
    for seed in range(150):
        play_checked(seed, "random", "random")


def test_the_same_seed_gives_the_same_game():
    a = play_checked(17, "dice", "random").to_dict()
    b = play_checked(17, "dice", "random").to_dict()
    assert a == b
