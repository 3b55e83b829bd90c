"""Games pickle and deep-copy at any point of play, and the copy plays on as the original does:
the speed-ups' kept records (observation buffers, action maps, packers) must not stop them
(a game held by a vectorized env's worker or a saved search tree is pickled)."""
import copy
import pickle

import numpy as np
import pytest

from aliens_env import REGISTRY
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.movie.complete import CompleteMovie


def step(g, rng, steps: int) -> None:
    """Up to ``steps`` random legal actions, observing before each (as an env does)."""
    for _ in range(steps):
        player = g.current_player()
        if player is None:
            return
        g.observe(player)
        g.apply(int(rng.choice(np.flatnonzero(g.legal_mask(player)))))


def same_play(a, b, seed: int, steps: int = 6) -> None:
    """``a`` and ``b`` give the same observations and masks through the same random actions."""
    ra, rb = np.random.default_rng(seed), np.random.default_rng(seed)
    for _ in range(steps):
        player = a.current_player()
        assert b.current_player() == player
        if player is None:
            return
        np.testing.assert_array_equal(a.observe(player), b.observe(player))
        np.testing.assert_array_equal(a.legal_mask(player), b.legal_mask(player))
        step(a, ra, 1)
        step(b, rb, 1)


def copies(g):
    return [pickle.loads(pickle.dumps(g)), copy.deepcopy(g)]


def test_the_complete_movie_pickles_at_a_lairs_stage_and_back_in_the_reactor_room():
    g = CompleteMovie()
    g.reset(3)
    step(g, np.random.default_rng(0), 3)
    g._start("rescue_of_newt")  # (a lairs stage: its observation keeps a buffer and packs rows)
    step(g, np.random.default_rng(1), 4)
    assert g.stage == "rescue_of_newt"
    for c in copies(g):
        assert c.stage == "rescue_of_newt"
        same_play(g.clone(), c, seed=2)
    g.reset(3)  # (back in the Reactor Room: nothing of the lairs stage may be kept)
    step(g, np.random.default_rng(3), 3)
    assert g.stage == "reactor_room"
    for c in copies(g):
        same_play(g.clone(), c, seed=4)


@pytest.mark.parametrize("cls", [HuntForTheQueen, MarineAssault, RescueOfNewt])
def test_lairs_games_pickle_and_play_on_the_same(cls):
    g = cls()
    g.reset(5)
    step(g, np.random.default_rng(6), 8)
    for c in copies(g):
        same_play(g.clone(), c, seed=7)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_registered_game_pickles_after_a_few_steps(name):
    g = REGISTRY[name].make_game()
    g.reset(11)
    step(g, np.random.default_rng(12), 5)
    data = pickle.dumps(g)
    assert b"__pyx" not in data  # (Game.__reduce__: the same pickle compiled and pure, tests/test_compiled.py)
    c = pickle.loads(data)
    same_play(g.clone(), c, seed=13, steps=3)


@pytest.mark.parametrize("name", ["MovieScenario", "CompleteMovie"])
def test_a_movie_clone_that_plays_into_the_next_stage_leaves_the_originals_observation(name):
    """A clone of a Movie chain keeps none of the views its original binds (StageChain.__getstate__,
    which Game.__reduce__ follows): compiled, the games' extension types once copied the whole
    __dict__, and a clone that played on into the next stage rewrote the original's buffer."""
    g = REGISTRY[name].make_game()
    g.reset(2)
    step(g, np.random.default_rng(2), 10)
    player, stage = g.current_player(), g.stage
    before = g.observe(player)
    clone = g.clone()
    assert not {"_plan", "_maps_of", "_obs_map_of", "_spares", "_built"} & set(vars(clone))
    rng = np.random.default_rng(102)
    while clone.current_player() is not None and clone.stage == stage:
        step(clone, rng, 1)
    assert clone.stage != stage  # (seed 2: the clone leaves the Reactor Room)
    clone.observe(clone.current_player())
    np.testing.assert_array_equal(g.observe(player), before)


def test_a_lairs_clone_keeps_no_observation_record_of_the_original():
    """As ReactorRoom.clone drops its record: the clone makes its own at its first observe (it
    does not carry the original's buffer along, nor pickle it)."""
    g = HuntForTheQueen()
    g.reset(5)
    step(g, np.random.default_rng(6), 4)
    assert g._obs_state is not None
    new = g.clone()
    assert new._obs_state is None
    same_play(g, new, seed=8)
