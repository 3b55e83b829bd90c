"""``Grid.has_los`` reads one segment's squares (``_line_clear``, typed when compiled) when no view
of the viewer is kept, the grid has no edge wall (``_any_edge_wall``, kept per version) and no
shooter corners: over random grids and edits, each answer equals the viewer's whole view made by
the direct test (each see-through square against each blocking square and edge wall), and the
kept per-version reads equal the grid's arrays."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.core.grid import Grid, Terrain

TERRAINS = [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True), Terrain("crate", cost=2),
            Terrain("door", blocks_sight=True, door=True)]


def random_grid(rng: random.Random) -> Grid:
    h, w = rng.randint(1, 14), rng.randint(1, 14)
    g = Grid(h, w, TERRAINS)
    dense = rng.random() * 0.5
    for sq in range(g.n):
        if rng.random() < dense:
            g.set_cell(sq, rng.choice((1, 2, 3)))
    return g


@pytest.mark.parametrize("seed", range(6))
def test_has_los_is_the_direct_view_over_random_grids_and_edits(seed):
    rng = random.Random(seed)
    segment_reads = 0
    for _ in range(25):
        g = random_grid(rng)
        for _ in range(4):
            by_code = np.array([t.blocks_sight for t in TERRAINS])
            assert np.array_equal(g.sight_blocked(), by_code[g.cells.ravel()])
            assert g._has_edge_walls() is bool(g.wall_e.any() or g.wall_s.any())
            pairs = [(rng.randrange(g.n), rng.randrange(g.n), rng.choice((None, 0, 1, 2, 3, 5, 9)))
                     for _ in range(40)]
            for src, dst, radius in pairs:
                expected = bool(g._compute_los_direct(src, radius)[dst])
                viewed = ("los", src, radius) in g._cache
                assert g.has_los(src, dst, radius) is expected, (src, dst, radius, g.version)
                segment_reads += not viewed and ("los", src, radius) not in g._cache
            # an edit: a cell, or now and then an edge wall (the segment test then gives way to the view)
            if rng.random() < 0.25 and g.n > 1:
                a = rng.randrange(g.n)
                r, c = g.rc(a)
                b = g.index(r, c + 1) if c + 1 < g.width else (g.index(r + 1, c) if r + 1 < g.height else None)
                if b is not None:
                    g.set_edge_wall(a, b, not g.edge_wall(a, b))
            else:
                g.set_cell(rng.randrange(g.n), rng.choice((0, 0, 1, 2, 3)))
    assert segment_reads > 500  # (the segment test is the one asked mostly)
