"""observation.map_planes rewrites, compiled, only the rows of its first seven planes (floor, wall,
open_door, closed_door, sealed_door, hazard, entry) whose cells, hazards or entry squares changed
since it last wrote them (_square_planes' `seen`). A change of one square of one of the three
arrays at a time (and a change back to the value written before it), each a new layout version,
must give the planes the plain rules give and those a fresh build makes."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.colony import CELL_NAMES

from bh_helpers import random_play
from test_bh_map_planes_cells import _grid, _plain_cell_planes


def _check(g) -> None:
    """g's map planes (made again in place: a new layout version) against the plain rules and a
    fresh build."""
    g.colony.changed()
    planes = observation.map_planes(g)
    assert np.array_equal(_grid(g, planes)[:7], _plain_cell_planes(g.colony))
    shared, g._shared = g._shared, {}
    fresh = observation.map_planes(g)
    g._shared = shared
    assert np.array_equal(planes, fresh)


@pytest.mark.parametrize("seed", [0, 1])
def test_one_square_of_one_array_changed_and_changed_back(seed):
    rng = np.random.default_rng(seed)
    games = 0
    for g in random_play(seed, 60):  # (a game's colony some moves in: doors, rooms laid)
        games += 1
    col = g.colony
    observation.map_planes(g)
    n = g.size
    for _ in range(60):
        r, c = (int(x) for x in rng.integers(0, n, 2))
        array = [col.cells, col.hazard, col.entry][int(rng.integers(0, 3))]
        before = array[r, c].copy()
        if array is col.cells:
            array[r, c] = int(rng.integers(0, len(CELL_NAMES)))
        elif array is col.hazard:
            array[r, c] = (int(before) + 1 + int(rng.integers(0, 2))) % 3  # (another of 0, 1 and 2)
        else:
            array[r, c] = not before
        _check(g)
        array[r, c] = before  # (back to what the rows seen hold before the change above)
        _check(g)
    _check(g)  # (no change at all: a new version alone)
    assert games > 1


def test_rows_at_the_grid_edges_and_every_row_at_once():
    g = BugHunt()
    g.reset(5)
    col = g.colony
    observation.map_planes(g)
    n = g.size
    for r in (0, n - 1):
        for c in (0, n - 1):
            col.hazard[r, c] = 2 if col.hazard[r, c] == 0 else 0
            _check(g)
            col.entry[r, c] = not col.entry[r, c]
            _check(g)
    col.cells[...] = np.random.default_rng(5).integers(0, len(CELL_NAMES), col.cells.shape)
    _check(g)
