"""``Grid.around``'s rows carried to a new version (core/grid.py, ``_around_kept``): the rows of the
last version built, but for the squares within a step of one whose cell code, marker, edge walls or
extra changed, are kept; every row read after any kind of edit (of the grid or of a copy, which shares
the last rows built) is the rules' row, and a row far from an edit is the very object read before it."""
from __future__ import annotations

import numpy as np
import pytest

from grid_rules import TERRAINS, around_by_the_rules, random_edit, random_grid


def _edit(g, rng) -> None:
    """A random edit (``random_edit``'s cells, markers, edge walls, bulk writes) or an extra set."""
    if rng.integers(3) == 0:
        g.set_extra(int(rng.integers(g.n)), int(rng.integers(0, 4)))
    else:
        random_edit(g, rng, walls=True)


@pytest.mark.parametrize("seed", range(8))
def test_rows_after_random_edits_are_the_rules(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, ("squeeze", "corner")[seed % 2], 3, 14, 14)
    for edit in range(30):
        for sq in rng.choice(g.n, int(rng.integers(1, g.n + 1)), replace=False).tolist():
            g.around(sq)  # (rows read at this version: carried to the next)
        before = g
        if edit % 3 == 2:
            g = g.copy()
        _edit(g, rng)
        assert [g.around(i) for i in range(g.n)] == [around_by_the_rules(g, i) for i in range(g.n)], (seed, edit)
        # the grid copied from keeps its own version's rows (its copy's edit carried nothing into them)
        assert [before.around(i) for i in range(before.n)] == [around_by_the_rules(before, i)
                                                               for i in range(before.n)], (seed, edit)


@pytest.mark.parametrize("edit", ["extra", "marker", "cell", "wall"])
def test_rows_far_from_an_edit_are_carried_and_those_near_are_redone(edit):
    g = random_grid(np.random.default_rng(1), "corner", 9, 10, 10)
    g.cells[:] = 0
    g.changed()
    rows = [g.around(i) for i in range(g.n)]
    edited = g.index(4, 4)
    if edit == "extra":
        g.set_extra(edited, 2)
    elif edit == "marker":
        g.set_marker(edited, 1)
    elif edit == "cell":
        g.set_cell(edited, next(k for k, t in enumerate(TERRAINS) if t.cost is None))
    else:
        g.set_edge_wall(edited, edited + 1)
    near = {g.index(r, c) for r in range(3, 6) for c in range(3, 6)}
    for i in range(g.n):
        assert g.around(i) == around_by_the_rules(g, i), (edit, i)
        assert (g.around(i) is rows[i]) == (i not in near), (edit, i)
