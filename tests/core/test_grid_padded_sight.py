"""The sight window's padded tables (core/grid.py ``_padded_sight``: the blocking squares padded by the
radius, and those of them beside a see-through square, written by ``_pad_sight``'s loops: the squares
inside the padded border by an AND of the nine round them, those on it, at radii 0 and 1, one by one)
equal the rule read square by square, over random grids and radii."""
from __future__ import annotations

import numpy as np

from aliens_env.core.grid import Grid, Terrain, _padded_sight

TERRAINS = [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True)]


def test_the_padded_blocking_squares_and_those_beside_a_see_through_one_are_the_rule():
    rng = np.random.default_rng(3)
    for trial in range(40):
        h, w = int(rng.integers(1, 9)), int(rng.integers(1, 10))
        g = Grid(h, w, TERRAINS, rng.integers(0, 2, size=(h, w)))
        radius = int(rng.integers(0, 5))
        ph, pw = h + 2 * radius, w + 2 * radius
        blocked = g.sight_blocked().reshape(h, w)
        opaque = [[not (radius <= r < radius + h and radius <= c < radius + w) or bool(blocked[r - radius, c - radius])
                   for c in range(pw)] for r in range(ph)]
        edge = [[opaque[r][c] and any(0 <= r + dr < ph and 0 <= c + dc < pw and not opaque[r + dr][c + dc]
                                      for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                 for c in range(pw)] for r in range(ph)]
        got_opaque, got_edge = _padded_sight(g, radius)
        assert list(got_opaque) == [int(x) for row in opaque for x in row], trial
        assert list(got_edge) == [int(x) for row in edge for x in row], trial
