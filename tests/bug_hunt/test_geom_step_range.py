"""The one rule of range (geometry.step_range: max(|rows apart|, |columns apart|), the distance a
figure walks with diagonal steps) and its readers: geometry.rng between two squares, los's range
bar, each checked against the rule worked out from the squares' rows and columns (the targets'
ranges, marines', are checked against rng in test_bh_marine_mask_typed)."""
from __future__ import annotations

import random

from aliens_env.bug_hunt import geometry
from bh_helpers import random_play


def chebyshev(width: int, a: int, b: int) -> int:
    return max(abs(a // width - b // width), abs(a % width - b % width))


def test_step_range_is_the_larger_of_the_rows_and_columns_apart():
    for dr in range(-9, 10):
        for dc in range(-9, 10):
            assert geometry.step_range(dr, dc) == max(abs(dr), abs(dc)), (dr, dc)


def test_rng_and_los_read_the_rule_at_played_positions():
    draw = random.Random(7)
    checked = barred = 0
    for g in random_play(3, 600):
        width = g.colony.width
        for _ in range(20):
            a, b = draw.randrange(g.colony.n), draw.randrange(g.colony.n)
            apart = chebyshev(width, a, b)
            assert geometry.rng(g, a, b) == apart, (a, b)
            radius = draw.randrange(1, 12)
            if apart > min(radius, g.rules["sight_range"]):
                assert not geometry.los(g, a, b, radius), (a, b, radius)
                barred += 1
            checked += 1
    assert checked > 1000 and barred > 100, (checked, barred)
