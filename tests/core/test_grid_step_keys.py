"""The distance searches read the step keys alone (core/grid.py: ``Grid.step_keys``, one byte a square,
bit d the step in direction d; ``_breadth_first`` and ``_dial`` on C ints when compiled, grid.pxd):
over random edit sequences (cells, markers, edge walls, bulk writes; on grids and their copies, the
keys made from the last ones built), the keys are the rules' steps, and every field (breadth first,
weighted, with goal_cost, with closed squares) equals a plain Dijkstra over the rules' table, without
the engine's tables."""
from __future__ import annotations

import heapq

import numpy as np
import pytest

from aliens_env.core.grid import UNREACHABLE, Grid, Mover
from grid_rules import MOVERS, edited, random_grid, table_by_the_rules


def plain_field(g: Grid, table: list, sources: list, mover: Mover, weighted: bool, goal_cost, closed: tuple) -> list:
    """The field's definition by a heap: from each source the mover may enter (distance 0 on every
    source), a step from s to m costs s's entering cost (goal_cost from a source when given), or 1
    when not weighted; a closed square is never entered (UNREACHABLE, a source on one excepted)."""
    cost = g.costs(mover)
    dist = [UNREACHABLE] * g.n
    for s in sources:
        dist[s] = 0
    heap = [(0, s) for s in sources if cost[s] is not None]
    heapq.heapify(heap)
    while heap:
        d, s = heapq.heappop(heap)
        if d != dist[s]:
            continue
        step = (goal_cost if goal_cost is not None and s in sources else cost[s]) if weighted else 1
        for _, m in table[s]:
            if m not in closed and d + step < dist[m]:
                dist[m] = d + step
                heapq.heappush(heap, (d + step, m))
    return dist


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_the_step_keys_and_the_fields_read_from_them_are_the_rules_after_each_edit(diagonal):
    rng = np.random.default_rng(61 if diagonal == "corner" else 62)
    for trial in range(8):
        g = random_grid(rng, diagonal, 2, 14, 15)
        for edit in range(15):
            target = edited(g, rng, on_copy=edit % 5 == 4)
            for mover in MOVERS:
                table = table_by_the_rules(target, mover)
                assert list(target.step_keys(mover)) == [sum(1 << d for d, _ in row) for row in table], (trial, edit)
                sources = sorted({int(s) for s in rng.integers(target.n, size=int(rng.integers(1, 4)))})
                closed = tuple(sorted({int(s) for s in rng.integers(target.n, size=int(rng.integers(0, 4)))}))
                for weighted, goal_cost in ((False, None), (True, None), (True, 1), (True, 0)):
                    for shut in ((), closed):
                        got = target.field(sources, mover, weighted=weighted, goal_cost=goal_cost, closed=shut)
                        want = plain_field(target, table, sources, mover, weighted, goal_cost, shut)
                        assert got.tolist() == want, (trial, edit, mover.name, weighted, goal_cost, shut)
