"""The shared caches of Glorious Day stay bounded over many games (issue 16: the distance
fields, keyed by every Character's square, once grew without end) and keep the play unchanged."""
from __future__ import annotations

import random

from aliens_env.glorious_day import aliens, state
from aliens_env.glorious_day.game import GloriousDay


def _play(steps: int, seed: int = 0) -> tuple[list[int], int]:
    """Random legal play over games seeded seed, seed + 1, ... from empty caches: the actions
    taken and the most entries either field cache held."""
    state._FIELDS.clear()
    aliens._LEVELS.clear()
    rng, g, taken, most = random.Random(seed), GloriousDay(), [], 0
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
            continue
        action = rng.choice(g.legal_actions())
        taken.append(action)
        g.apply(action)
        most = max(most, len(state._FIELDS), len(aliens._LEVELS))
    return taken, most


def test_field_caches_stay_under_their_cap_and_play_is_unchanged(monkeypatch):
    uncapped, most = _play(3000)
    assert most > 40  # enough distinct fields that a cap of 20 must act
    monkeypatch.setattr(state, "FIELD_CACHE_SIZE", 20)
    capped, most = _play(3000)
    assert most <= 21  # the cap, and the one field just computed
    assert capped == uncapped  # a cache only saves work: the same games are played


def test_kept_reach_answers_are_tuples_no_caller_can_change():
    """reach and reach_split keep their answers in module caches shared by every game of the
    process (open map and with closed squares near): they hand out tuples, the same answer as a
    search done anew."""
    g = GloriousDay()
    g.reset(0)
    start = g.chars[0]["pos"]
    near = [s for s in g.reach(start, set(), 2) if s != start][:2]
    for closed in (set(), set(near)):
        out = g.reach(start, closed, 3)
        split, within = g.reach_split(start, closed, 3)
        assert type(out) is tuple and type(split) is tuple and out == split
        assert (out, within) == g._bfs_reach(start, closed, 3)
        assert not set(closed) & set(out)
