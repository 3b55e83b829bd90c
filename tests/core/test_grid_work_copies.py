"""The movement tables' work copies (core/grid.py, ``_remade``): a version's table is written into the
bytearray kept with the last one built, taken out of the last tables built while it is written. A build
an error stops half way (a cell code with no terrain, written straight into the grid's array) leaves no
half-written copy behind: the tables of the next version equal the rules, even when its squares are the
very ones the last tables were read from (nothing to work out again: a copy left behind would be handed
out as it is). The sight table (the cell codes translated per code) is the rules' and read-only."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.core.grid import Grid
from grid_rules import MOVERS, TERRAINS, step_open_by_the_rules, table_by_the_rules

from test_grid_movement_tables import check, enter_by_the_rules

FLOOR, JOINED = 0, 6  # (TERRAINS: a joined wall square may not be entered, and is not walkable)
NO_TERRAIN = len(TERRAINS)


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_a_build_an_error_stops_leaves_no_half_written_table(diagonal):
    rng = np.random.default_rng(63 if diagonal == "corner" else 64)
    for trial in range(6):
        cells = np.full((9, 10), FLOOR, dtype=np.int8)
        cells[3:7] = rng.choice([0, 1, 3, 4, 5, 6], size=(4, 10))
        g = Grid(9, 10, TERRAINS, cells, diagonal=diagonal)
        check(g)  # (the tables of this version: the last ones built)
        # the top rows walled (their squares worked out first, differing from the last tables), then a cell
        # code with no terrain in the corner (read after them: the builds stop there)
        g.cells[:2] = JOINED
        g.cells[-1, -1] = NO_TERRAIN
        g.changed()
        with pytest.raises(IndexError):
            g.step_open()
        for mover in MOVERS:
            with pytest.raises(IndexError):
                g.enterable(mover)
            with pytest.raises(IndexError):
                g.step_keys(mover)
        g.cells[:] = cells  # (the squares the last tables built were read from)
        g.changed()
        check(g)
        opened = step_open_by_the_rules(g)
        for mover in MOVERS:
            want = table_by_the_rules(g, mover, opened, enter_by_the_rules(g, mover))
            assert list(g.step_keys(mover)) == [sum(1 << d for d, _ in row) for row in want], (trial, mover.name)


def test_the_sight_table_is_the_rules_and_read_only():
    rng = np.random.default_rng(65)
    by_code = np.array([t.blocks_sight for t in TERRAINS])
    g = Grid(7, 8, TERRAINS, rng.integers(len(TERRAINS), size=(7, 8)))
    for edit in range(20):
        blocked = g.sight_blocked()
        assert blocked.dtype == np.bool_ and not blocked.flags.writeable
        assert np.array_equal(blocked, by_code[g.cells.ravel()]), edit
        g.set_cell(int(rng.integers(g.n)), int(rng.integers(len(TERRAINS))))


@pytest.mark.parametrize("code", [NO_TERRAIN, 127, -1, -128])
def test_the_sight_table_refuses_a_cell_code_with_no_terrain(code):
    """A cell code written straight into the grid's array, past the setters' check, is refused by the
    sight table as by the movement tables (not read as a square that lets sight through, nor, negative,
    as the last terrain)."""
    g = Grid(5, 6, TERRAINS)
    g.cells[2, 3] = code
    g.changed()
    with pytest.raises(IndexError, match="no terrain"):
        g.sight_blocked()
    for radius in (None, 8):  # (the whole view, and the one segment's squares)
        with pytest.raises(IndexError, match="no terrain"):
            g.has_los(0, 29, radius)
