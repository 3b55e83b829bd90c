"""state.feature_index (session 56: what targets and marine_mask read of the features, kept in
the lasting cache while the features list is the same object of the same length) against the
features read anew by the rule (the auto sentries' squares, as geometry.sq; the egg caches and
sentries with the state they are shot in, state.FEATURES_FIRED_AT), at random positions: as
kept, after a feature is appended to the same list (the kept index must not be the old one), and
for a list replaced by a copy with a feature more (another object of another length)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry, state
from bh_helpers import positions

KINDS = ("sentry", "egg_cache", "comms_terminal")


def sentries_read_anew(g) -> tuple:
    return tuple(geometry.sq(g, f["pos"]) for f in g.features if f["kind"] == "sentry")


def fired_at_read_anew(g) -> tuple:
    out = []
    for k, f in enumerate(g.features):
        if f["kind"] in state.FEATURES_FIRED_AT:
            shot_in, name = state.FEATURES_FIRED_AT[f["kind"]]
            out.append((k, shot_in, (name, k), f["pos"][0], f["pos"][1]))
    return tuple(out)


def assert_index_is_the_features(g, where):
    index = state.feature_index(g)
    assert index.sentries == sentries_read_anew(g), where
    assert index.fired_at == fired_at_read_anew(g), where


def new_feature(g, rng) -> dict:
    return {"kind": rng.choice(KINDS), "pos": list(g.rc(rng.randrange(g.colony.n))), "state": "ready"}


@pytest.mark.parametrize("seed,mission", [(5, "explore"), (7, "kill_queen")])
def test_the_kept_feature_index_is_the_features_read_anew_also_after_one_is_added(seed, mission):
    rng, checked, kinds_added = random.Random(seed), 0, set()
    for played in positions(seed, mission, every=15):
        # as kept through play (features added by exploration over layout versions; it only writes the
        # lasting cache, so play goes on the same); a clone starts with none kept
        assert_index_is_the_features(played, (seed, played.turn, "as played"))
        g = played.clone()
        version = g.colony.version
        g.features.append(new_feature(g, rng))  # (the same list, one longer, in the same layout version)
        kinds_added.add(g.features[-1]["kind"])
        assert g.colony.version == version
        assert_index_is_the_features(g, (seed, g.turn, "appended"))
        g.features = g.features[:-1] + [new_feature(g, rng)]  # (another list of the same length)
        assert_index_is_the_features(g, (seed, g.turn, "replaced"))
        checked += 1
    assert checked > 50 and kinds_added == set(KINDS)
