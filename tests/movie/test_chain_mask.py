"""The Movie chains' legal mask (movie/chain.py's StageChain.legal_mask): compiled, the stage's kept
mask is copied into the episode's run by run (the action maps' runs, in C); it must give what the
plain rule gives, the stage's mask put through the map of its actions (``mask[to_outer] = ...``),
for both sides at every step, across stage changes and new episodes."""
import importlib.machinery

import numpy as np
import pytest

from aliens_env.core.actions import ActionLayout
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import make_policy
from aliens_env.movie import chain
from aliens_env.movie.complete import CompleteMovie
from aliens_env.movie.game import MovieScenario
from movie_helpers import chain_positions

CHAINS = {"MovieScenario": MovieScenario, "CompleteMovie": CompleteMovie}
COMPILED = isinstance(chain.__loader__, importlib.machinery.ExtensionFileLoader)


def plain_mask(g, player: str) -> np.ndarray:
    mask = g.layout.empty_mask()
    mask[g._stage_maps()[0]] = g.stage_game.legal_mask(player)
    return mask


def play_and_compare(g, steps: int, seed: int) -> set:
    """``steps`` moves (``chain_positions``), every legal mask of both sides compared with
    ``plain_mask``; the stages met."""
    stages = set()
    for _ in chain_positions(g, steps, seed):
        for side in ("marines", "hive"):
            mask = g.legal_mask(side)
            assert mask.dtype == np.int8 and mask.shape == (g.layout.size,)
            assert np.array_equal(mask, plain_mask(g, side)), (g.stage, g.turn, side)
            mask[:] = 1  # (the caller's own: written, the next mask is still the stage's)
            assert np.array_equal(g.legal_mask(side), plain_mask(g, side))
        stages.add(g.stage)
    return stages


@pytest.mark.parametrize("cls", sorted(CHAINS))
def test_every_legal_mask_is_the_stages_put_through_the_action_map(cls):
    stages = play_and_compare(CHAINS[cls](), 2500, 2)
    assert len(stages) >= 2  # (stage changes met: other action maps)


def test_the_runs_cover_the_action_map_exactly():
    """The runs (episode start, stage start, length) name each (episode action, stage action) pair
    of the map once, in every stage met, and their address is the runs array's."""
    for g in (MovieScenario(), CompleteMovie()):
        g.reset(2)
        maps, guard = set(), 0
        while guard < 4000 and not g.is_terminal():
            to_outer, to_inner, (at, count, outer_size, inner_size, runs), blank = g._stage_maps()
            assert not blank.flags.writeable and np.array_equal(blank, g.layout.empty_mask())
            assert (at, count) == (runs.__array_interface__["data"][0], len(runs))
            assert (outer_size, inner_size) == (g.layout.size, g.stage_game.layout.size)
            pairs = sorted((d + k, s + k) for d, s, n in runs.tolist() for k in range(n))
            assert pairs == sorted((int(d), s) for s, d in enumerate(to_outer)) and all(n > 0 for n in runs[:, 2])
            assert all(to_inner[d] == s for d, s in pairs)
            maps.add(id(runs))
            player = g.current_player()
            g.apply(make_policy(g.name, "marines", "heuristic").act(g, player) if player == "marines"
                    else RandomPolicy(guard).act(g, player))
            guard += 1
        assert maps


def test_a_run_outside_the_layouts_is_refused_when_the_maps_are_made():
    # (the compiled copy checks no index: the maps check every run once, when made; here the
    # episode's layout puts the stage's first action one before its own first)
    class Shifted(ActionLayout):
        def encode(self, name, index=0):
            return super().encode(name, index) - 1

    g = MovieScenario()
    g.reset(0)
    g.layout = Shifted(g.layout._specs)
    with pytest.raises(ValueError, match="outside its layouts"):
        g._make_stage_maps()


def test_a_stage_mask_of_another_size_is_refused():
    """A kept mask shorter than the stage's layout is an error (compiled: checked against the
    layout's size before any copy), as the plain assignment's."""
    g = CompleteMovie()
    g.reset(1)
    player = g.current_player()
    short = g.stage_game.legal_mask(player)[:-1]
    stage = g.stage_game
    stage.legal_mask_kept = lambda side: short  # (an instance attribute: found before the class's method)
    try:
        with pytest.raises(ValueError):
            g.legal_mask(player)
    finally:
        del stage.legal_mask_kept


@pytest.mark.skipif(not COMPILED, reason="the runs are the compiled copy's: as Python the mask is put through to_outer")
def test_a_run_left_out_is_seen(monkeypatch):
    """The comparison above fails when the copy leaves out one run (a mutant of the maps): the
    stage's legal actions of that run stay illegal in the episode's mask."""
    g = MovieScenario()
    g.reset(4)
    to_outer, to_inner, (at, count, outer_size, inner_size, runs), blank = g._stage_maps()
    rest = runs[1:].copy()
    mutant = (to_outer, to_inner, (rest.__array_interface__["data"][0], len(rest), outer_size, inner_size, rest), blank)
    monkeypatch.setattr(g, "_stage_maps", lambda: mutant)
    with pytest.raises(AssertionError):
        play_and_compare(g, 3, 4)


@pytest.mark.parametrize("cls", sorted(CHAINS))
def test_legal_inner_is_the_legal_mask_and_none_once_over(cls):
    """StageChain._legal_inner (apply's common case; it asks the stage's illegal_reason alone, no
    current_player()): the stage's action exactly for the actions of the mover's legal mask, at
    every step, and -1 for every action once the episode is over (no one to move)."""
    g = CHAINS[cls]()
    g.reset(7)
    policies = {"marines": make_policy(g.name, "marines", "heuristic"), "hive": RandomPolicy(7)}
    steps = 0
    while not g.is_terminal():
        player = g.current_player()
        mask, to_inner = g.legal_mask(player), g._stage_maps()[1]
        inner = [g._legal_inner(a) for a in range(g.layout.size)]
        assert inner == [to_inner[a] if mask[a] else -1 for a in range(g.layout.size)], (g.stage, g.turn)
        g.apply(policies[player].act(g, player))
        steps += 1
    assert steps > 50 and g.current_player() is None and g.stage_game.current_player() is None
    assert all(g._legal_inner(a) == -1 for a in range(g.layout.size))
    assert all(g.illegal_reason(a) is not None for a in range(0, g.layout.size, 7))
