"""The grid's typed loops that read their arrays with no check of each index when compiled
(core/grid.py: ``@cython.boundscheck(False)``, ``wraparound(False)``, ``nonecheck(False)``): they check
what they are given once (sizes, the squares a search starts from) and keep every other index in
bounds by construction. Their results are compared with the plain computations over random boards
in test_grid_step_keys.py (fields), test_grid_movement_tables.py and test_grid_sight_reads.py; here,
what they are given: a source counted from the end names the square Python's index names, one off
the grid is an IndexError (never a read past the array), and, run as Python (where the loops are
module functions), the checks themselves."""
from __future__ import annotations

from array import array

import numpy as np
import pytest

from aliens_env.core import grid as grid_module
from aliens_env.core.grid import UNREACHABLE, Grid, Mover, Terrain

TERRAINS = [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True), Terrain("rubble", cost=3),
            Terrain("door", blocks_sight=True, door=True)]
COMPILED = not grid_module.__file__.endswith(".py")


def _board(seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(2, 12)), int(rng.integers(2, 12))
    return Grid(h, w, TERRAINS, rng.choice([0, 0, 0, 1, 2, 3], size=(h, w)), diagonal="corner")


@pytest.mark.parametrize("seed", range(12))
def test_a_source_counted_from_the_end_is_the_square_it_names(seed):
    g = _board(seed)
    rng = np.random.default_rng(100 + seed)
    for _ in range(10):
        squares = [int(s) for s in rng.integers(g.n, size=int(rng.integers(1, 4)))]
        named = [s - g.n if rng.integers(2) else s for s in squares]  # (some counted from the end)
        for mover in (Mover("marine"), Mover("walker", diagonal=False)):
            for weighted, goal_cost in ((False, None), (True, None), (True, 2)):
                want = g.copy().field(squares, mover, weighted=weighted, goal_cost=goal_cost)
                got = g.copy().field(named, mover, weighted=weighted, goal_cost=goal_cost)
                assert got.tolist() == want.tolist(), (named, mover, weighted, goal_cost)


@pytest.mark.parametrize("weighted", [False, True])
def test_a_source_off_the_grid_is_an_index_error(weighted):
    g = _board(3)
    for square in (g.n, g.n + 7, -g.n - 1, 10 ** 6):
        with pytest.raises(IndexError):
            g.field([0, square], weighted=weighted)


@pytest.mark.skipif(COMPILED, reason="the typed loops are C functions when compiled (no Python name to call)")
def test_the_searches_check_what_they_are_given():
    g = _board(5)
    keys, offsets = g.step_keys(), grid_module._direction_offsets(g.width)
    dist = array("i", [UNREACHABLE]) * g.n
    with pytest.raises(ValueError):  # keys of another grid
        grid_module._breadth_first(keys + b"\0", offsets, dist, [0], UNREACHABLE)
    with pytest.raises(IndexError):  # a square counted from the end (Grid.field names it first)
        grid_module._breadth_first(keys, offsets, dist, [-1], UNREACHABLE)
    with pytest.raises(IndexError):  # one off the grid
        grid_module._breadth_first(keys, offsets, dist, [g.n], UNREACHABLE)
    cost, dearest = grid_module._cost_ints(g, grid_module.DEFAULT_MOVER)  # (what Grid.field hands _dial)
    with pytest.raises(ValueError):
        grid_module._dial(keys, offsets, cost[:-1], dearest, dist, [0], set(), -1)
    with pytest.raises(IndexError):
        grid_module._dial(keys, offsets, cost, dearest, dist, [g.n], set(), -1)
    line = Grid(1, 3, TERRAINS, [[0, 2, 0]])  # floor, rubble (cost 3), floor
    cost, dearest = grid_module._cost_ints(line, grid_module.DEFAULT_MOVER)
    assert dearest == 3
    dist = array("i", [0, UNREACHABLE, UNREACHABLE])
    with pytest.raises(ValueError):  # the rubble dearer than the dearest given (its step's bucket off the circle)
        grid_module._dial(line.step_keys(), grid_module._direction_offsets(3), cost, 2, dist, [0], set(), -1)


def test_a_full_breadth_first_queue_is_an_index_error():
    """A square reached at distance UNREACHABLE looks unreached and is queued again (a grid of more
    squares than that): the queue (room for each square once, and the sources) fills up, its end
    checked as it is written (compiled too), whatever room the kept scratch pool has (grown first
    beyond the queue's: the queue is a view of its own room alone)."""
    g = Grid(3, UNREACHABLE + 3, TERRAINS)
    grid_module._search_pool(4 * (g.n + 1))
    with pytest.raises(IndexError):
        g.field([0])


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_a_cell_code_with_no_terrain_is_an_index_error(diagonal):
    """A bulk write may leave a code with no terrain (``changed`` checks nothing): reading the diagonal
    rule's table at it is an IndexError, not a read past the table (compiled too)."""
    g = Grid(5, 5, TERRAINS, diagonal=diagonal)
    g.cells[2, 2] = 100
    g.changed()
    with pytest.raises(IndexError):
        g.step_open()


@pytest.mark.parametrize("src", [-1, -30, 25, 31])
def test_a_viewer_off_the_grid_is_an_index_error(src):
    g = Grid(5, 5, TERRAINS)
    with pytest.raises(IndexError):
        g.los_from(src, 2)


@pytest.mark.skipif(COMPILED, reason="the typed loops are C functions when compiled (no Python name to call)")
def test_the_table_loops_check_what_they_are_given():
    g = _board(7)
    cells, marker, wall_e, wall_s = grid_module._square_bytes(g)
    side = g._code_bytes("walkable")
    steps = (grid_module._ROW_STEPS, grid_module._COLUMN_STEPS)
    out = bytearray(g.n)
    with pytest.raises(ValueError):
        grid_module._open_bits([0], cells[:-1], wall_e, wall_s, side, False, g.height, g.width, *steps, out)
    with pytest.raises(IndexError):
        grid_module._open_bits([-1], cells, wall_e, wall_s, side, False, g.height, g.width, *steps, out)
    opened, enter, door = g._cached("open_bits", grid_module._step_open_bits, g), g.step_keys(), g._code_bytes("door")
    offsets = grid_module._direction_offsets(g.width)
    with pytest.raises(ValueError):
        grid_module._step_keys([0], opened, cells, enter[:-1], door, True, offsets, out)
    with pytest.raises(IndexError):
        grid_module._step_keys([g.n], opened, cells, enter, door, True, offsets, out)
    for short in ((cells[:-1], cells, bytearray(g.n)), (cells, cells[:-1], bytearray(g.n)), (cells, cells, bytearray(g.n - 1))):
        with pytest.raises(ValueError):
            grid_module._near_differences(*short, g.height, g.width, [])
    opaque, edge = grid_module._padded_sight(g, 2)
    hidden_by, words = grid_module._hidden_by(2)
    with pytest.raises(ValueError):
        grid_module._window_sight(opaque, edge, hidden_by[:-1], array("Q", [0]) * words, 0, 0, 2, g.height, g.width,
                                  bytearray(g.n))
    with pytest.raises(ValueError):
        grid_module._window_sight(opaque, edge, hidden_by, array("Q", [0]) * words, 0, 0, 3, g.height, g.width,
                                  bytearray(g.n))
