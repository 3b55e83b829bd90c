"""The Movie chains' observation (movie/chain.py's StageChain.observe): the stage's values copied
into the episode's buffer through the plan kept across steps (compiled: run by run, in C; as
Python: strided blocks and one gather) give what the stage's observe copied by name into a fresh
observation (``_copy_views``) gives, at every step, across stage changes and new episodes."""
import numpy as np
import pytest

from aliens_env.core.policy import RandomPolicy
from aliens_env.envs import make_policy
from aliens_env.movie.complete import CompleteMovie
from aliens_env.movie.game import MovieScenario
from movie_helpers import chain_positions

CHAINS = {"MovieScenario": MovieScenario, "CompleteMovie": CompleteMovie}


def from_scratch(g, player: str) -> np.ndarray:
    """The episode's observation made afresh: the stage's observe copied by name into zeros, then
    the chain's own view written on a fresh buffer (``_shown`` forgotten for it, then put back)."""
    obs = g._copy_views(g.stage_game.observe(player), g.obs_layout.zeros())
    shown = g._shown
    g._shown = None
    try:
        g._chain_view(obs)
    finally:
        g._shown = shown
    return obs


def play_and_compare(g, steps: int, seed: int) -> set:
    """``steps`` moves (``chain_positions``), every observation compared with ``from_scratch``; the
    stages met."""
    stages = set()
    for _ in chain_positions(g, steps, seed):
        for side in ("marines", "hive"):
            seen = g.observe(side)
            assert np.array_equal(seen, from_scratch(g, side)), (g.stage, g.turn, side)
        stages.add(g.stage)
    return stages


@pytest.mark.parametrize("cls", sorted(CHAINS))
def test_every_observation_is_the_stages_copied_afresh(cls):
    g = CHAINS[cls]()
    stages = play_and_compare(g, 2500, 1)
    assert len(stages) >= 2  # (stage changes met: the plan bound again to another stage game)


@pytest.mark.parametrize("cls", sorted(CHAINS))
def test_the_kept_observation_is_the_observation_in_one_buffer_of_the_game_s_own(cls):
    """``observe_kept`` gives observe's values in the plan's episode buffer, the same array at
    every call across stage changes and new episodes (the compact transform reads it without a
    copy); ``observe`` a copy of it; a clone keeps a buffer of its own."""
    g = CHAINS[cls]()
    buffer, stages = None, set()
    for player in chain_positions(g, 1500, 3):
        for side in ("marines", "hive"):
            kept = g.observe_kept(side)
            assert np.array_equal(kept, from_scratch(g, side)), (g.stage, g.turn, side)
            buffer = kept if buffer is None else buffer
            assert kept is buffer, (g.stage, g.turn, side)
            seen = g.observe(side)
            assert np.array_equal(seen, kept) and not np.shares_memory(seen, kept)
        stages.add(g.stage)
    assert len(stages) >= 2
    twin = g.clone()
    assert not np.shares_memory(twin.observe_kept(player), buffer)
    assert np.array_equal(twin.observe_kept(player), g.observe_kept(player))


def test_the_compact_observation_of_a_chain_reads_its_kept_buffer_unchanged():
    """The compact transform of a chain reads the kept buffer (observe, its copy, is not called),
    gives what it gives on observe's values, and leaves the buffer as it was."""
    from aliens_env.envs.observations import Observer

    for g in (MovieScenario(), CompleteMovie()):
        observer = Observer(g, "compact")
        for player in chain_positions(g, 300, 5):
            expected = observer.transform(g.observe(player))
            kept = g.observe_kept(player)
            before = kept.copy()

            class KeptOnly:  # the chain, its observe refused
                def observe_kept(self, side):
                    return g.observe_kept(side)

                def observe(self, side):
                    raise AssertionError("observe's copy was read")

            assert np.array_equal(observer(KeptOnly(), player), expected)
            assert g.observe_kept(player) is kept and np.array_equal(kept, before)


def test_the_runs_cover_the_blocks_and_the_gather_exactly():
    """The compiled copy's runs (episode start, stage start, length) name the same (episode index,
    stage index) pairs as the Python path's blocks and gather, each once, for every stage met."""
    for g in (MovieScenario(), CompleteMovie()):
        g.reset(2)
        maps, guard = 0, 0
        while guard < 4000 and not g.is_terminal():
            template, blocks, src, dst, runs = g._obs_map()
            pairs_runs = [(d + k, s + k) for d, s, n in runs.tolist() for k in range(n)]
            pairs_python = list(zip(dst.tolist(), src.tolist()))
            for d, s, shape, steps_d, steps_s in blocks:
                for index in np.ndindex(*shape):
                    pairs_python.append((d + sum(i * k for i, k in zip(index, steps_d)),
                                         s + sum(i * k for i, k in zip(index, steps_s))))
            assert len(pairs_runs) == len(set(pairs_runs)) and sorted(pairs_runs) == sorted(pairs_python)
            assert all(n > 0 for n in runs[:, 2])
            maps += 1
            player = g.current_player()
            g.apply(make_policy(g.name, "marines", "heuristic").act(g, player) if player == "marines"
                    else RandomPolicy(guard).act(g, player))
            guard += 1
        assert maps


def test_a_run_outside_the_buffers_is_refused_when_the_plan_is_bound(monkeypatch):
    # (the compiled copy checks no index: the plan checks every run once, when bound)
    g = MovieScenario()
    g.reset(0)
    template, blocks, src, dst, runs = g._obs_map()
    bad = runs.copy()
    bad[-1, 2] += g.stage_game.obs_layout.size  # (past the stage's buffer)
    monkeypatch.setattr(g, "_obs_map", lambda: (template, blocks, src, dst, bad))
    with pytest.raises(ValueError, match="outside its buffers"):
        g._bind_obs_map(g.stage_game, g.stage_game.observe_kept("marines"))


def test_a_run_left_out_is_seen(monkeypatch):
    """The comparison above fails when the copy leaves out one run (a mutant of the plan): the
    stage's values of that run stay as the template has them."""
    g = MovieScenario()
    g.reset(4)
    template, blocks, src, dst, runs = g._obs_map()
    # the first block left out (read as Python) and the first run (compiled): board rows the
    # stage writes values into
    monkeypatch.setattr(g, "_obs_map", lambda: (template, blocks[1:], src, dst, runs[1:]))
    g.__dict__.pop("_plan", None)
    with pytest.raises(AssertionError):
        play_and_compare(g, 3, 4)
