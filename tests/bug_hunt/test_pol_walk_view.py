"""geometry.walk_view, the typed view of walk_field's field that the scripted squad's step and next figure
read (kept beside the field in the layout cache): at positions of seeded Bug Hunt and BugHuntTactics play,
square by square it is the colony's walking field of the sorted goals searched anew (a copy of the colony
with no cache), for the squad's goals, their reverse, random squares and goal sets asked at earlier
positions (so a view kept from before a change of the layout would show); read again it is the same view.
(The games and goal sets are test_pol_walk_field's.)"""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, geometry
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.tactics import BugHuntTactics
from test_pol_walk_field import _goal_sets, fresh_walk_field, played_positions, random_legal, scripted


@pytest.mark.parametrize("seed,play", [(0, "scripted"), (1, "tactics"), (2, "tactics")])
def test_walk_view_reads_the_walking_field_searched_anew(seed, play):
    """BugHunt played by the scripted squad, BugHuntTactics by random tactics (its squad scripted)."""
    rng, earlier, checked, versions = random.Random(seed), [], 0, set()
    if play == "scripted":
        games = played_positions(seed, BugHunt, scripted(ScriptedMarines(), BugHuntDiceAI()), 1500)
    else:
        games = played_positions(seed, BugHuntTactics, random_legal, 1500)
    for k, g in enumerate(games):
        if k % 3:
            continue
        for goals in _goal_sets(rng, g, earlier):
            if not goals:
                continue
            view = geometry.walk_view(g, goals)
            assert np.array_equal(np.asarray(view), fresh_walk_field(g, goals)), (seed, g.turn, goals)
            assert geometry.walk_view(g, goals) is view  # (kept: the same view read again)
            earlier.append(list(goals))
            checked += 1
        versions.add((id(g), g.colony.version))
    assert checked > 1000
    assert len(versions) > 20  # (the layout changed often along the way)


def test_walk_view_past_its_bound_is_still_the_walking_field(monkeypatch):
    """With WALK_FIELDS_LIMIT at 2 the kept fields and views are dropped at every third goal set of a
    version: each view read is still the field searched anew."""
    monkeypatch.setattr(geometry, "WALK_FIELDS_LIMIT", 2)
    rng, checked = random.Random(3), 0
    for k, g in enumerate(played_positions(3, BugHunt, random_legal, 300)):
        if k % 10:
            continue
        for goals in _goal_sets(rng, g, []) * 2:
            if goals:
                assert np.array_equal(np.asarray(geometry.walk_view(g, goals)), fresh_walk_field(g, goals))
                assert len(geometry.layout_cache(g)["walk_fields"]) <= 2  # (the bound held)
                checked += 1
    assert checked > 50
