"""The distance searches read the step keys alone (core/grid.py: ``Grid.step_keys``, one byte a square,
bit d the step in direction d; ``_breadth_first`` and ``_dial`` on C ints when compiled, grid.pxd):
over random edit sequences (cells, markers, edge walls, bulk writes; on grids and their copies, the
keys made from the last ones built), the keys are the rules' steps, and every field (breadth first,
weighted, with goal_cost, with closed squares) equals a plain Dijkstra over the rules' table, without
the engine's tables."""
from __future__ import annotations

import numpy as np
import pytest

from grid_rules import MOVERS, edited, field_by_the_rules, random_grid, table_by_the_rules


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
                        want = field_by_the_rules(table, target.costs(mover), sources, weighted, goal_cost, shut)
                        assert got.tolist() == want, (trial, edit, mover.name, weighted, goal_cost, shut)
