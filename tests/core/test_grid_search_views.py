"""The searches' kept typed views (core/grid.py: ``_keys_view`` and ``_offsets_view`` keep the view of the
step keys and offsets the last search read, by the identity of the object each was taken from;
``_search_pool`` keeps one typed view of scratch ints, grown as needed). Checked here: fields asked of several grids in
turn (sizes, widths, movers and versions mixed, so each search's keys and offsets are other objects than
the last search's, or the same ones), each equal to a plain Dijkstra over the rules' table
(tests/grid_rules.py). A view served for other bytes than the ones handed in (a wrong identity check),
or a pool not grown for a larger grid fails these."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.core import grid as grid_module
from grid_rules import MOVERS, edited, field_by_the_rules, random_grid, table_by_the_rules


def _check(g, mover, rng, weighted: bool) -> None:
    """g's field of random sources (and closed squares, now and then) for the mover: the rules' own."""
    sources = sorted({int(s) for s in rng.integers(g.n, size=int(rng.integers(1, 4)))})
    closed = tuple(sorted({int(s) for s in rng.integers(g.n, size=int(rng.integers(0, 3)))}))
    goal_cost = 1 if weighted and rng.integers(2) else None
    got = g.field(sources, mover, weighted=weighted, goal_cost=goal_cost, closed=closed)
    want = field_by_the_rules(table_by_the_rules(g, mover), g.costs(mover), sources, weighted, goal_cost, closed)
    assert got.tolist() == want, (g.height, g.width, mover.name, weighted, sources, closed)


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_fields_of_grids_asked_in_turn_are_the_rules(diagonal):
    rng = np.random.default_rng(610 if diagonal == "corner" else 611)
    # grids of one size and of others (one as wide as another with other heights: the same offsets object)
    grids = [random_grid(rng, diagonal, 2, 16, 16) for _ in range(5)]
    grids.append(grid_module.Grid(grids[0].height + 3, grids[0].width, grids[0].terrains, diagonal=diagonal))
    for turn in range(300):
        i = int(rng.integers(len(grids)))
        if rng.integers(4) == 0:  # a new version (new keys), on the grid or a copy that takes its place
            grids[i] = edited(grids[i], rng, on_copy=bool(rng.integers(2)), walls=True)
        g = grids[i]
        mover = MOVERS[int(rng.integers(len(MOVERS)))]
        _check(g, mover, rng, weighted=bool(rng.integers(3) == 0))
        if rng.integers(3) == 0:  # the same tables again, at once (the kept views read)
            _check(g, mover, rng, weighted=bool(rng.integers(3) == 0))


def test_the_search_pool_grows_for_a_larger_grid_after_a_small_one():
    rng = np.random.default_rng(612)
    small = random_grid(rng, "corner", 2, 4, 4)
    large = random_grid(rng, "corner", 40, 50, 50)
    for g in (small, large, small, large):
        for mover in MOVERS:
            for weighted in (False, True):
                _check(g, mover, rng, weighted)
    # compiled, the kept pool (the one all searches share) holds room for the large grid's Dial entries
    if not grid_module.__file__.endswith(".py"):
        assert len(grid_module._search_pool(1)) >= 2 * 8 * large.n
