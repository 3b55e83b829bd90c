"""A stage game a Movie chain builds is started once: a new Operations rolls its first game on the
dice it is given (``MovieOperations(dice=...)``), which is the game reset on them; a spare one is
started again."""
import random

import numpy as np
import pytest

from aliens_env.core.dice import Dice
from aliens_env.movie.complete import CompleteMovie
from aliens_env.movie.game import MovieOperations, MovieScenario
from movie_helpers import OUT, end_drop_ship, end_marines_stage

ROSTERS = [  # (marine_order, wounded, incapacitated)
    (["Hicks", "Vasquez", "Gorman", "Newt", "Ripley", "Burke"], ["Hicks"], []),
    (["Apone", "Drake", "Hudson", "Frost", "Gorman", "Newt", "Ripley", "Burke"], [], ["Drake"]),
    (["Gorman", "Newt", "Ripley", "Burke"], [], []),
]


def same_game(a, b) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.current_player() == b.current_player()
    for player in ("marines", "hive"):
        assert np.array_equal(a.observe(player), b.observe(player))
    player = a.current_player()
    if player is not None:
        assert np.array_equal(a.legal_mask(player), b.legal_mask(player))


@pytest.mark.parametrize("order, wounded, incapacitated", ROSTERS)
@pytest.mark.parametrize("seed", [0, 7, 123456789])
def test_operations_built_on_the_dice_is_the_game_reset_on_them(order, wounded, incapacitated, seed):
    started = MovieOperations(marine_order=order, wounded=wounded, incapacitated=incapacitated, dice=Dice(seed))
    reset = MovieOperations(marine_order=order, wounded=wounded, incapacitated=incapacitated)
    reset.reset(seed)
    same_game(started, reset)
    rng = random.Random(seed)
    for _ in range(300):  # and they play on alike: the same dice, in the same state
        if started.is_terminal():
            break
        player = started.current_player()
        action = rng.choice(np.flatnonzero(started.legal_mask(player)).tolist())
        started.apply(action)
        reset.apply(action)
        same_game(started, reset)


@pytest.fixture
def resets(monkeypatch):
    """The seeds MovieOperations.reset is called with, in order (the constructor's reset(0) too)."""
    seen = []
    original = MovieOperations.reset

    def counted(self, seed=None):
        seen.append(seed)
        original(self, seed)

    monkeypatch.setattr(MovieOperations, "reset", counted)
    return seen


def to_operations(g: CompleteMovie, resets: list) -> CompleteMovie:
    """Through the Reactor Room (Hicks out) and a lost Drop Ship to Operations, ``resets`` cleared
    before Operations starts."""
    end_marines_stage(g, {"Hicks": OUT})
    resets.clear()
    end_drop_ship(g, killed=False, crashed=True)
    assert g.stage == "operations"
    return g


def test_the_complete_movie_starts_a_new_operations_once_and_a_spare_again(resets):
    g = to_operations(CompleteMovie(), resets)
    assert resets == [0]  # built: the constructor's start alone (on the episode's dice, given)
    first = g.stage_game
    g.reset(0)
    to_operations(g, resets)
    assert g.stage_game is first and len(resets) == 1  # the spare (the same roster), started again
    reference = MovieOperations(marine_order=first.marine_order, wounded=first.wounded_at_start,
                                incapacitated=first.incapacitated_at_start)
    reference.reset(resets[0])
    reference.events[:0] = first.events[:len(first.events) - len(reference.events)]  # (the episode's, put first by the chain)
    same_game(first, reference)


def test_the_movie_scenario_starts_a_new_operations_once_and_a_spare_again(resets):
    g = MovieScenario()
    resets.clear()
    end_marines_stage(g, {"Hicks": OUT, "Vasquez": OUT})
    assert resets == [0] and g.stage == "operations"  # built on the Reactor Room's dice: started once
    first = g.stage_game
    g.reset(1)
    resets.clear()
    end_marines_stage(g, {"Hicks": OUT, "Vasquez": OUT})
    assert g.stage_game is first and resets == [None]  # the spare, started again (on the dice: start())
