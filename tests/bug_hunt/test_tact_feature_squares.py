"""The squares of a kind of feature the tactics read (tactics._feature_squares: the auto sentry pods
round which bypass walks, the comms terminals only a figure with the equipment claims), kept in
the layout cache by the number of features: against the features read anew, at random positions,
also after a feature is added within one layout version (the kept squares must not be the old
ones); and the share-out (_claimed_goal) seeing a terminal laid on its goal within that version."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.bug_hunt.colony import WALKER
from aliens_env.bug_hunt.state import NO, UNREACHABLE
from aliens_env.bug_hunt.tactics import TacticMarines, _feature_squares
from bh_helpers import positions

KINDS = ("sentry", "comms_terminal", "egg_cache")


def _squares_read_anew(game, kind):
    return tuple(sorted(game.sq(f["pos"]) for f in game.features if f["kind"] == kind))


@pytest.mark.parametrize("seed,mission", [(3, "explore"), (6, "kill_queen")])
def test_the_kept_feature_squares_are_the_features_read_anew_also_after_one_is_added(seed, mission):
    rng, checked, added = random.Random(seed), 0, set()
    for played in positions(seed, mission, every=15):
        g = played.clone()
        for kind in KINDS:
            assert _feature_squares(g, kind) == _squares_read_anew(g, kind)
        version = g.colony.version
        kind = rng.choice(KINDS)
        g.features.append({"kind": kind, "pos": list(g.rc(rng.randrange(g.colony.n))), "state": "ready"})
        assert g.colony.version == version  # (the same layout version: the cache is not emptied)
        for k in KINDS:
            assert _feature_squares(g, k) == _squares_read_anew(g, k), (seed, g.turn, k)
        added.add(kind)
        checked += 1
    assert checked > 50 and added == set(KINDS)


@pytest.mark.parametrize("seed", [2, 4])
def test_a_terminal_laid_on_the_claimed_goal_within_a_layout_version_leaves_it_to_the_equipment(seed):
    """A figure without the equipment that claims a square goal no longer claims it once a comms
    terminal stands there (laid after the share-out was worked out once in the same version)."""
    rng, checked = random.Random(seed), 0
    for played in positions(seed, "explore", every=5):
        if played.active == NO or played.humans[played.active].pos == NO:
            continue
        g = played.clone()
        for h in g.humans:
            h.equipment = False
        walkable = np.flatnonzero(g.colony.field([g.humans[g.active].pos], WALKER) < UNREACHABLE).tolist()
        goals = rng.sample(walkable, min(3, len(walkable)))
        tactic = TacticMarines("fan_out")
        claim = tactic._claimed_goal(g, goals, 1)
        if claim is None:
            continue
        g.features.append({"kind": "comms_terminal", "pos": list(g.rc(claim)), "state": "ready"})
        assert tactic._claimed_goal(g, goals, 1) != claim, (seed, g.turn, goals)
        checked += 1
    assert checked > 20
