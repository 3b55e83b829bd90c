"""The shared grid engine's tables read square by square by the rules (core/grid.py's movement),
without the engine's table code: the plain readings that tests/core and tests/bug_hunt compare the
engine's kept tables with."""
from __future__ import annotations

from aliens_env.core.grid import DIRECTIONS


def table_by_the_rules(grid, mover) -> list:
    """Per square, the (direction, square) steps: on the grid and free of walls (``step_open``),
    onto a square the mover enters, diagonal only for a mover that steps so and never from or onto
    a closed door."""
    opened, enter = grid.step_open(), grid.enterable(mover)
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
