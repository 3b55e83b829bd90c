"""What a grid keeps under keys an older tree used (core/grid.py) is left unread. ``Grid.around``'s
kept rows: read from bytes copies of the cell codes (the movement tables' own) and extras under the
cache key "around_bytes"; a grid unpickled from an older tree holds its rows under "around_bits", read
from array("b") copies (which the typed ``_around`` no longer takes). The cost table (``_cost_table``:
the int32 costs and the dearest) is kept under "cost_table"; an older tree kept the bare array under
"cost_ints". The rows, costs and weighted fields are the rules' over random boards and edits."""
from __future__ import annotations

from array import array

import numpy as np
import pytest

from aliens_env.core.grid import DEFAULT_MOVER
from grid_rules import (TERRAINS, around_by_the_rules, cost_by_the_rules, field_by_the_rules, random_edit, random_grid,
                        table_by_the_rules)


@pytest.mark.parametrize("seed", range(6))
def test_an_older_trees_kept_rows_are_left_unread_and_the_rows_are_the_rules(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, ("squeeze", "corner")[seed % 2], 2, 12, 12)
    for edit in range(4):
        g.set_extra(int(rng.integers(g.n)), int(rng.integers(0, 3)))
        # what an older tree kept at this version: other rows, and copies that are not the grid's
        g._cache["around_bits"] = ({0: [None] * 8}, array("b", [0]) * g.n, array("b", [0]) * g.n,
                                   [1] * len(TERRAINS), bytes(g.n))
        assert [g.around(i) for i in range(g.n)] == [around_by_the_rules(g, i) for i in range(g.n)], (seed, edit)
        random_edit(g, rng, walls=True)


@pytest.mark.parametrize("seed", range(6))
def test_an_older_trees_kept_cost_array_is_left_unread_and_the_weighted_field_is_the_rules(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, ("squeeze", "corner")[seed % 2], 2, 12, 12)
    for edit in range(4):
        g._cache[("cost_ints", DEFAULT_MOVER)] = np.zeros(g.n, np.int32)  # (what an older tree kept: other costs)
        rules = cost_by_the_rules(g, DEFAULT_MOVER)
        assert g.costs() == rules, (seed, edit)
        sources = [int(s) for s in rng.choice(g.n, 2, replace=False)]
        want = field_by_the_rules(table_by_the_rules(g, DEFAULT_MOVER), rules, sources, True, None, ())
        assert g.field(sources, weighted=True).tolist() == want, (seed, edit)
        random_edit(g, rng, walls=True)
