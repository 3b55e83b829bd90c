"""state.occupied reads the auto sentries' squares from the kept state.feature_index (session 59:
it worked them out of the features at every call, beside the index marine_mask reads): against the
rule written out (test_mask_occupancy.occupied_by_the_rule) at random positions, with the index
kept first, after a sentry pod is appended to the same features list mid-game (the kept index must
not be the old one) and after that pod is switched off or destroyed in place (a pod holds its square
in any state, ASSUMPTION A23). marine_mask's moves (state.taken_beside, which reads the same kept
squares) are checked against occupied's squares beside the figure by
tests/bug_hunt/test_mask_taken_beside.py."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry, state
from bh_helpers import positions
from test_mask_occupancy import occupied_by_the_rule


def assert_occupied_is_the_rule(g, sentry_square, where):
    occ = state.occupied(g)
    assert occ == occupied_by_the_rule(g), where
    assert sentry_square is None or sentry_square in occ, where
    kept = geometry.lasting_cache(g)["feature_index"]  # (the index occupied read was kept, for this very list)
    assert kept.features is g.features and kept.count == len(g.features), where


@pytest.mark.parametrize("seed,mission", [(3, "explore"), (8, "kill_queen")])
def test_occupied_holds_a_sentry_pod_added_or_destroyed_mid_game(seed, mission):
    rng, checked = random.Random(seed), 0
    for played in positions(seed, mission, every=20, steps=800):
        g = played.clone()
        geometry.lasting_cache(g)  # (a clone has no kept results yet: the index is kept from here on)
        assert_occupied_is_the_rule(g, None, (seed, g.turn, "kept"))
        square = rng.randrange(g.colony.n)
        g.features.append({"kind": "sentry", "pos": list(g.rc(square)), "state": "active"})  # (the same list)
        assert_occupied_is_the_rule(g, square, (seed, g.turn, "appended"))
        for sentry_state in ("inactive", "destroyed"):
            g.features[-1]["state"] = sentry_state
            assert_occupied_is_the_rule(g, square, (seed, g.turn, sentry_state))
        checked += 1
    assert checked > 30
