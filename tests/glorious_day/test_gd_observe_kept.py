"""Glorious Day keeps the marines' observation (``observe_kept``, core/game.py's contract): the public
views in the game's own array, which the compact observation reads without ``observe``'s copy. At
every step of random play (every mission's first, and GloriousDayTactics) it holds observe's values,
is the same array at each call of a position, is left as it was by a change to observe's copy, and
the compact observation made from it equals the one made from observe; the hive's, which adds its
own knowledge to a copy, is None (read through observe)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.core.compact import compact_observation
from aliens_env.envs.observations import Observer
from aliens_env.glorious_day.data_files import load
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.tactics import GloriousDayTactics

MISSIONS = list(load()["missions"])


def _check_kept(g, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    g.reset(seed)
    transform = compact_observation(g)
    observer = Observer(g, "compact")
    for step in range(steps):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
        assert g.observe_kept("hive") is None
        kept = g.observe_kept("marines")
        observed = g.observe("marines")
        assert np.array_equal(kept, observed), f"step {step}: the kept observation is not observe's"
        assert g.observe_kept("marines") is kept, f"step {step}: not the same kept array"
        observed[:] = 1.0  # observe's is a copy of its own: the kept array is not changed through it
        assert np.array_equal(g.observe_kept("marines"), g.clone().observe("marines")), f"step {step}"
        if transform is not None:  # (from observe's copy, then the game's own rows: GloriousDay's moves and targets)
            expected = transform(g.observe("marines"))
            for view, rows, _ in transform.game_rows:
                expected[transform.layout.span(view)] = g.compact_rows(view, rows, "marines").ravel()
            assert np.array_equal(observer(g, "marines"), expected), f"step {step}: compact"
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_kept_observation_is_observes_at_every_step(mission):
    _check_kept(GloriousDay(mission=mission), 150, seed=4)


def test_the_kept_observation_of_the_tactics_env():
    _check_kept(GloriousDayTactics(), 300, seed=9)
