"""marines.targets on a typed colony (session 54: the reach cut to the sight range once, a
feature's square from its row and column, has_los a C call) against the rule written out
(bh_helpers.targets_within: every live Alien, intact egg cache and active sentry within reach by
geometry.rng and seen by geometry.los, by range, kind and id), over random Bug Hunt positions, for
every figure on the board: with the rules as they are, with a sight range shorter than the reach
(the grenade's reach, lengthened, beyond it), and with an intact egg cache and an active sentry
added near a figure (random play seldom has one in sight: the features among the targets)."""
from __future__ import annotations

import copy
import random

import pytest

from aliens_env.bug_hunt import geometry, marines
from aliens_env.bug_hunt.state import NO
from bh_helpers import plain_targets, positions, shooter_and_reach


def variants(g):
    """The rules as they are, then the sight range cut below a lengthened grenade reach (copies:
    the rules are shared between games)."""
    yield g.rules
    short = copy.deepcopy(g.rules)
    short["sight_range"] = 4
    short["weapons"]["grenade"]["range"] = 12
    yield short


@pytest.mark.parametrize("seed,mission", [(4, "kill_queen"), (1, "explore")])
def test_targets_are_the_rule(seed, mission):
    rng = random.Random(seed)
    counts = {"listed": 0, "features": 0, "beyond_sight": 0}
    for g in positions(seed, mission, every=5, steps=1500):
        active, rules, features = g.active, g.rules, g.features
        for added in (False, True) if any(h.pos != NO for h in g.humans) else (False,):
            if added:  # (a new list: the game's own is left as it is)
                on_board = [h.pos for h in g.humans if h.pos != NO]
                r, c = geometry.rc(g, rng.choice(on_board))
                near = [[min(max(r + rng.randint(-6, 6), 0), g.size - 1), min(max(c + rng.randint(-6, 6), 0), g.size - 1)]
                        for _ in range(2)]
                g.features = features + [{"kind": "egg_cache", "pos": near[0], "state": "intact"},
                                         {"kind": "sentry", "pos": near[1], "state": "active"}]
            for g.rules in variants(g):
                for j, h in enumerate(g.humans):
                    if h.pos == NO:
                        continue
                    g.active = j
                    g._cache.clear()
                    listed = marines.targets(g)
                    assert listed == plain_targets(g), (seed, g.turn, j, added, g.rules["sight_range"])
                    assert marines.target_ranges(g) == [
                        geometry.rng(g, h.pos, geometry.sq(g, g.features[k]["pos"]) if kind != "alien" else g.aliens[k].pos)
                        for kind, k in listed]
                    counts["listed"] += bool(listed)
                    counts["features"] += any(kind != "alien" for kind, _ in listed)
                    counts["beyond_sight"] += g.rules["sight_range"] < shooter_and_reach(g)[1] and bool(listed)
        g.active, g.rules, g.features = active, rules, features
        g._cache.clear()
    assert counts["listed"] > 100 and counts["features"] > 30 and counts["beyond_sight"] > 30, counts
