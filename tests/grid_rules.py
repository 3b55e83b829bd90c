"""The shared grid engine's tables read square by square by the rules (core/grid.py's movement),
without the engine's table code: the plain readings that tests/core and tests/bug_hunt compare the
engine's kept tables with."""
from __future__ import annotations

import numpy as np

from aliens_env.core.grid import DIRECTIONS


def step_open_by_the_rules(grid) -> np.ndarray:
    """``step_open()`` square by square, (8, n) bool: the step stays on the grid, an orthogonal one
    crosses no edge wall, a diagonal one is refused when both ways round its corner cross a wall,
    and between two joined walls (squeeze) or past a square one could not walk on (corner)."""
    codes = grid.cells.ravel().tolist()
    joined = [grid.terrains[code].joined for code in codes]
    walkable = [grid.terrains[code].cost is not None and not grid.terrains[code].door for code in codes]
    want = np.zeros((8, grid.n), dtype=bool)
    for sq in range(grid.n):
        for d, (dr, dc) in enumerate(DIRECTIONS):
            to = grid.step(sq, d)
            if to is None:
                continue
            if not (dr and dc):
                want[d, sq] = not grid.edge_wall(sq, to)
                continue
            a, b = grid.step(sq, DIRECTIONS.index((0, dc))), grid.step(sq, DIRECTIONS.index((dr, 0)))
            walled = ((grid.edge_wall(sq, a) or grid.edge_wall(a, to))
                      and (grid.edge_wall(sq, b) or grid.edge_wall(b, to)))
            if grid.diagonal == "squeeze":
                want[d, sq] = not walled and not (joined[a] and joined[b])
            else:
                want[d, sq] = not walled and walkable[a] and walkable[b]
    return want


def table_by_the_rules(grid, mover, opened=None, enter=None) -> list:
    """Per square, the (direction, square) steps: on the grid and free of walls (``step_open``),
    onto a square the mover enters, diagonal only for a mover that steps so and never from or onto
    a closed door. `opened` and `enter` default to the grid's own ``step_open()`` and
    ``enterable(mover)``; a test passes its rule-derived ones to check the table without them."""
    opened = grid.step_open() if opened is None else opened
    enter = grid.enterable(mover) if enter is None else enter
    door = [grid.terrains[code].door for code in grid.cells.ravel().tolist()]
    table = []
    for sq in range(grid.n):
        row = []
        for d, (dr, dc) in enumerate(DIRECTIONS):
            to = grid.step(sq, d)
            if to is None or not opened[d, sq] or not enter[to]:
                continue
            if dr and dc and (not mover.diagonal or door[sq] or door[to]):
                continue
            row.append((d, to))
        table.append(tuple(row))
    return table


def around_by_the_rules(grid, i: int) -> list:
    """``around(i)``: per direction the square, its cell code, its cost to enter (terrain, at least
    1, plus its extra) and whether the step is free of walls; None off the grid."""
    opened = grid.step_open()
    row = []
    for d in range(8):
        n = grid.step(i, d)
        if n is None:
            row.append(None)
        else:
            code = int(grid.cells.flat[n])
            row.append((n, code, (grid.terrains[code].cost or 1) + int(grid.extra.flat[n]), bool(opened[d, i])))
    return row
