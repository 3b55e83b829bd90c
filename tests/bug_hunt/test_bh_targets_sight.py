"""marines.targets asks sight per square in reach (Grid.has_los) instead of making the figure's
whole view (Grid.los_from): at random positions its targets are those read from the whole view,
whether that view is kept already (has_los reads it) or not (the one segment's squares), and
asking them does not make the view."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import marines
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions, shooter_and_reach, targets_within


def from_whole_view(g, pos, reach):
    """The targets from square pos within reach, their sight read from pos's whole view."""
    sight = g.rules["sight_range"]
    seen = g.colony.los_from(pos, sight)
    return targets_within(g, pos, min(reach, sight), lambda s: seen[s])


@pytest.mark.parametrize("seed,mission", [(3, "kill_queen"), (4, "explore")])
def test_targets_read_sight_per_square_as_the_whole_view(seed, mission):
    sight_key = None
    some = 0
    for g in positions(seed, mission, every=5, steps=1500):
        active = g.active
        for j, h in enumerate(g.humans):
            if h.status != "active" or h.pos == NO:
                continue
            g.active = j
            pos, reach = shooter_and_reach(g)
            sight_key = ("los", pos, g.rules["sight_range"])
            kept_before = sight_key in g.colony._cache
            g._cache.pop("targets", None)
            listed = marines.targets(g)  # the whole view kept or not, as it comes
            assert (sight_key in g.colony._cache) == kept_before  # no whole view made by targets
            assert listed == from_whole_view(g, pos, reach), (j, g.turn)
            g._cache.pop("targets", None)
            assert marines.targets(g) == listed  # now with the whole view kept (has_los reads it)
            some += bool(listed)
        g.active = active
        g._cache.clear()
    assert sight_key is not None and some > 20  # (targets in reach at enough of them)
