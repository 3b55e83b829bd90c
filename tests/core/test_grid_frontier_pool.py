"""``Grid.field``'s breadth-first search keeps its queue in the kept scratch ints (core/grid.py,
``_search_pool``) and writes the frontier into them only inside ``_breadth_first``, after its typed
views are taken: a search that runs in between (here a garbage collection's callback, as a finalizer
that searched would; collections come at allocations, as taking a typed view is) cannot overwrite the
frontier. With the frontier written before the call, such a search put its own squares there and the
field spread from them. The fields are the rules' over random boards, sources and closed squares."""
from __future__ import annotations

import gc

import numpy as np
import pytest

from grid_rules import MOVERS, cost_by_the_rules, field_by_the_rules, random_edit, random_grid, table_by_the_rules


@pytest.mark.parametrize("seed", range(6))
def test_a_search_run_by_a_collection_inside_a_field_leaves_the_field_the_rules(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, ("squeeze", "corner")[seed % 2], 10, 16, 16)
    other = random_grid(rng, "corner", 4, 8, 8)  # (smaller: its search reuses the pool g's first field grew)
    g.field([0])
    searches = []

    def search_in_a_collection(phase, info):
        if phase == "start":
            other.changed()  # (its fields dropped: a search, not a kept field)
            other.field([int(rng.integers(other.n)) for _ in range(3)])
            searches.append(phase)

    threshold = gc.get_threshold()
    gc.callbacks.append(search_in_a_collection)
    gc.set_threshold(1)  # (a collection at nearly every allocation of a tracked object)
    try:
        for trial in range(8):
            mover = MOVERS[trial % len(MOVERS)]
            sources = [int(s) for s in rng.choice(g.n, int(rng.integers(1, 4)), replace=False)]
            closed = tuple(int(s) for s in rng.choice(g.n, int(rng.integers(0, 4)), replace=False))
            got = g.field(sources, mover, closed=closed).tolist()
            want = field_by_the_rules(table_by_the_rules(g, mover), cost_by_the_rules(g, mover), sources, False, None,
                                      closed)
            assert got == want, (seed, trial, mover, sources, closed)
            random_edit(g, rng, walls=True)
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(search_in_a_collection)
    assert searches  # (the searches did run inside the fields)
