"""The weighted field (core/grid.py: ``Grid.field(weighted=True)``, Dial's algorithm in ``_dial``:
buckets of linked entries in a circle one longer than the dearest step, on C ints when compiled,
reading the int32 costs ``_cost_ints`` keeps per version) over boards whose entering costs spread
wide: free squares (cost 0, read again from the bucket being read), dear ones, extra costs on top,
doors opened at a cost, and a goal_cost below, equal to or above every square's cost. Each field
equals a plain Dijkstra by a heap over the rules' costs (``cost_by_the_rules``: terrain, the mover's
overrides and door cost, extra, markers), and ``costs()`` (made from the same array) equals them."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.core.grid import Grid, Mover, Terrain
from grid_rules import cost_by_the_rules, field_by_the_rules, table_by_the_rules

TERRAINS = [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True), Terrain("slide", cost=0),
            Terrain("rubble", cost=7), Terrain("door", blocks_sight=True, door=True), Terrain("mud", cost=3)]
MOVERS = (Mover("marine"), Mover("heavy", costs={"slide": 4, "mud": 0}, door_cost=9),
          Mover("hugger", costs={"rubble": None}, door_cost=None), Mover("walker", diagonal=False))


def plain_weighted_field(g: Grid, mover: Mover, sources: list, goal_cost, closed: tuple) -> list:
    """The weighted field's definition by a heap (``field_by_the_rules``) over the rules' costs."""
    return field_by_the_rules(table_by_the_rules(g, mover), cost_by_the_rules(g, mover), sources, True, goal_cost, closed)


def _edit(g: Grid, rng) -> None:
    """One random edit: a cell's terrain, an extra cost, a marker set or lifted, or an edge wall."""
    a = int(rng.integers(g.n))
    kind = int(rng.integers(4))
    if kind == 0:
        g.set_cell(a, int(rng.integers(len(TERRAINS))))
    elif kind == 1:
        g.set_extra(a, int(rng.integers(0, 12)))
    elif kind == 2:
        g.set_marker(a, int(rng.integers(0, 2)))
    else:
        r, c = divmod(a, g.width)
        if c + 1 < g.width:
            g.set_edge_wall(a, a + 1, bool(rng.integers(2)))


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_weighted_fields_over_wide_costs_are_the_plain_dijkstra(diagonal):
    rng = np.random.default_rng(5700 if diagonal == "corner" else 5701)
    for trial in range(6):
        h, w = int(rng.integers(1, 13)), int(rng.integers(1, 13))
        g = Grid(h, w, TERRAINS, rng.choice([0] * 6 + list(range(1, len(TERRAINS))), size=(h, w)), diagonal=diagonal)
        for sq in rng.integers(g.n, size=g.n // 4).tolist():
            g.extra.flat[sq] = int(rng.integers(0, 12))
        g.changed()
        for edit in range(8):
            target = g.copy() if edit % 3 == 2 else g
            _edit(target, rng)
            for mover in MOVERS:
                assert target.costs(mover) == cost_by_the_rules(target, mover), (trial, edit, mover.name)
                # (repeated sources: each is one source)
                sources = [int(s) for s in rng.integers(target.n, size=int(rng.integers(1, 5)))]
                closed = tuple(sorted({int(s) for s in rng.integers(target.n, size=int(rng.integers(0, 4)))}))
                for goal_cost in (None, 0, 1, 25):
                    for shut in ((), closed):
                        got = target.field(sources, mover, weighted=True, goal_cost=goal_cost, closed=shut)
                        want = plain_weighted_field(target, mover, sources, goal_cost, shut)
                        assert got.tolist() == want, (trial, edit, mover.name, sources, goal_cost, shut)


def test_a_long_corridor_of_dear_and_free_squares_goes_round_the_bucket_circle_many_times():
    """One row: distances far beyond the circle's length (its buckets read again and again)."""
    w = 60
    codes = [[(0, 2, 3, 5)[c % 4] for c in range(w)]]
    g = Grid(1, w, TERRAINS, codes)
    for mover in MOVERS:
        for sources in ([0], [w - 1], [w // 2, 3]):
            for goal_cost in (None, 2):
                got = g.field(sources, mover, weighted=True, goal_cost=goal_cost)
                assert got.tolist() == plain_weighted_field(g, mover, sources, goal_cost, ()), (mover.name, sources)
