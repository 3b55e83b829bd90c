"""The kept public observation's typed views (observation.py, ``_Views``): ``_write_public`` writes
single values and the template's spans through them, so they must be views of the kept array and
of the template themselves (not copies), and a game copied or unpickled must not keep them (Cython's
memoryviews do not pickle; a copy's numpy view would no longer show its array): it writes its own."""
from __future__ import annotations

import copy
import pickle
import random

import numpy as np

from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.observation import _Views
from aliens_env.glorious_day.tactics import GloriousDayTactics


def _played(g, steps: int, seed: int):
    rng = random.Random(seed)
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal() or g.truncated_by():
            break
        g.observe("hive")
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_the_typed_views_are_the_kept_array_and_the_template():
    for g in (_played(GloriousDay(mission="escape"), 40, seed=1), _played(GloriousDayTactics(), 40, seed=2)):
        public = g._observe_public()
        kept = g._obs_kept
        values, blank = kept[5]
        assert type(kept[5]) is _Views
        assert np.shares_memory(np.asarray(values), public) and np.array_equal(np.asarray(values), public)
        template = np.frombuffer(g._obs_template_array, dtype=np.float32)
        assert np.shares_memory(np.asarray(blank), template) and np.array_equal(np.asarray(blank), template)
        at = g._globals_at  # a write through the view is the observation's (the next observe writes it back)
        was = float(public[at])
        values[at] = was + 0.5
        assert public[at] == np.float32(was + 0.5)
        values[at] = was


def test_a_copied_or_unpickled_game_writes_its_own_observation():
    g = _played(GloriousDayTactics(), 60, seed=3)
    want = g._observe_public().copy()
    for other in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert type(other._obs_kept[5]) is object  # (not views: the kept observation is written anew)
        assert np.array_equal(other._observe_public(), want)  # (observe would read the position's cache)
        assert type(other._obs_kept[5]) is _Views
        assert not np.shares_memory(np.asarray(other._obs_kept[5][0]), np.asarray(g._obs_kept[5][0]))
