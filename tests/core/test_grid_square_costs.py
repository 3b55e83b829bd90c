"""The cost table the weighted searches read (core/grid.py, ``_cost_ints``: ``_square_costs``' typed loop
over the squares): per square, the rules' cost of entering it (terrain or the mover's own, a door's
opening, the extra; -1 where the mover may not enter or a marker stands) and the dearest of them, after
every kind of edit; a cell code with no terrain is an IndexError (never a read past the costs), and, run
as Python (where the loop is a module function), sizes that do not fit one grid are a ValueError."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.core import grid as grid_module
from aliens_env.core.grid import DEFAULT_MOVER
from grid_rules import MOVERS, TERRAINS, cost_by_the_rules, random_edit, random_grid

COMPILED = not grid_module.__file__.endswith(".py")


@pytest.mark.parametrize("seed", range(8))
def test_the_costs_and_the_dearest_are_the_rules_after_random_edits(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, ("squeeze", "corner")[seed % 2], 2, 12, 12)
    for edit in range(25):
        if rng.integers(3) == 0:
            g.set_extra(int(rng.integers(g.n)), int(rng.integers(0, 5)))
        else:
            random_edit(g, rng, walls=True)
        for mover in MOVERS:
            rules = [-1 if c is None else c for c in cost_by_the_rules(g, mover)]
            cost, dearest = g._cost_table(mover)
            assert cost.dtype == np.int32 and not cost.flags.writeable, (seed, edit)
            assert cost.tolist() == rules and dearest == max(rules), (seed, edit, mover.name)


def test_a_cell_code_with_no_terrain_is_an_index_error():
    g = random_grid(np.random.default_rng(0), "corner", 4, 5, 5)
    g.cells.flat[3] = len(TERRAINS)  # (written past the setters' check)
    g.changed()
    with pytest.raises(IndexError):
        grid_module._cost_ints(g, DEFAULT_MOVER)


@pytest.mark.skipif(COMPILED, reason="the typed loop is a C function when compiled (no Python name to call)")
def test_sizes_that_do_not_fit_one_grid_are_a_value_error():
    g = random_grid(np.random.default_rng(0), "corner", 4, 5, 5)
    cells, marker = grid_module._square_bytes(g)[:2]
    extra, code_cost = g.extra.ravel(), g._code_costs(DEFAULT_MOVER)
    out = np.empty(g.n, np.int32)
    for args in ((cells[:-1], marker, extra, code_cost, out), (cells, marker + b"\0", extra, code_cost, out),
                 (cells, marker, extra[:-1], code_cost, out)):
        with pytest.raises(ValueError):
            grid_module._square_costs(*args)
