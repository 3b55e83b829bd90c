"""``Grid.around`` reads each direction's step from the one table of DIRECTIONS (core/grid.py:
``_around`` is handed ``_ROW_STEPS`` and ``_COLUMN_STEPS``, made from DIRECTIONS): at positions of
seeded Bug Hunt play (the colony's layout growing as it is explored, doors opened and closed), each
square's row is the rules' (``around_by_the_rules``: the square ``Grid.step`` names in each direction,
its code, its cost to enter and whether the step is open), corners and edges of the colony among the
squares read."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt
from grid_rules import around_by_the_rules


@pytest.mark.parametrize("seed", range(3))
def test_around_is_the_rules_at_positions_of_played_colonies(seed):
    rng = random.Random(seed)
    g = BugHunt()
    g.reset(seed)
    checked = 0
    for move in range(300):
        if g.is_terminal():
            g.reset(seed * 100 + move)
        g.apply(rng.choice(g.legal_actions()))
        if move % 20 == 0:
            colony = g.colony
            w, n = colony.width, colony.n
            squares = [0, w - 1, n - w, n - 1, w, 2 * w - 1] + [rng.randrange(n) for _ in range(60)]
            squares += [h.pos for h in g.humans if 0 <= getattr(h, "pos", -1) < n]
            for i in squares:
                assert colony.around(i) == around_by_the_rules(colony, i), (seed, move, i)
                checked += 1
    assert checked
