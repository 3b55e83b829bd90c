"""The shared grid engine's tables read square by square by the rules (core/grid.py's movement),
without the engine's table code: the plain readings that tests/core and tests/bug_hunt compare the
engine's kept tables with."""
from __future__ import annotations

import heapq

import numpy as np

from aliens_env.core.grid import DIRECTIONS, UNREACHABLE, Grid, Mover, Terrain

TERRAINS = [
    Terrain("floor"),
    Terrain("wall", cost=None, blocks_sight=True),
    Terrain("stairwell", cost=None),
    Terrain("furniture", cost=2),
    Terrain("door_open"),
    Terrain("door_closed", blocks_sight=True, door=True),
    Terrain("joined wall", cost=None, blocks_sight=True, joined=True),
]
MOVERS = (Mover("marine"), Mover("alien", costs={"stairwell": 1}), Mover("face_hugger", door_cost=None),
          Mover("walker", diagonal=False))


def random_grid(rng, diagonal: str, least: int, rows: int, cols: int) -> Grid:
    """A grid of TERRAINS of least..rows-1 by least..cols-1 squares, mostly floor."""
    h, w = int(rng.integers(least, rows)), int(rng.integers(least, cols))
    codes = rng.choice([0] * 8 + list(range(1, len(TERRAINS))), size=(h, w))
    return Grid(h, w, TERRAINS, codes, diagonal=diagonal)


def edited(g, rng, on_copy: bool, walls: bool = False):
    """g, or with `on_copy` a copy of it (which shares the last tables built), after random_edit."""
    target = g.copy() if on_copy else g
    random_edit(target, rng, walls)
    return target


def random_edit(g, rng, walls: bool = False) -> None:
    """One edit of a grid of TERRAINS: a cell, a marker or an edge wall set, or a bulk write of up
    to a third of the squares' cell codes (with `walls`, south edge walls on every other one of
    them too), then ``changed()``."""
    kind = int(rng.integers(5))
    a = int(rng.integers(g.n))
    if kind == 0:
        g.set_cell(a, int(rng.integers(len(TERRAINS))))
    elif kind == 1:
        g.set_marker(a, int(rng.integers(0, 2)))
    elif kind == 2 and a % g.width < g.width - 1:
        g.set_edge_wall(a, a + 1, bool(rng.integers(0, 3)))
    elif kind == 3 and a + g.width < g.n:
        g.set_edge_wall(a, a + g.width, bool(rng.integers(0, 3)))
    else:
        squares = rng.integers(g.n, size=int(rng.integers(1, g.n // 3 + 2)))
        g.cells.flat[squares] = rng.integers(len(TERRAINS), size=len(squares))
        if walls:
            g.wall_s.flat[squares[::2]] = rng.integers(0, 2, size=len(squares[::2]))
        g.changed()


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


def cost_by_the_rules(g: Grid, mover: Mover) -> list:
    """Per square, what entering costs the mover (None: it may not): its terrain's cost or the
    mover's own for that terrain, plus the door cost at a closed door, plus the square's extra; no
    entry where a marker stands."""
    override = dict(mover.costs)
    out = []
    for sq, code in enumerate(g.cells.ravel().tolist()):
        terrain = g.terrains[code]
        cost = override.get(terrain.name, terrain.cost)
        if cost is not None and terrain.door:
            cost = None if mover.door_cost is None else cost + mover.door_cost
        out.append(None if cost is None or g.marker.flat[sq] > 0 else cost + int(g.extra.flat[sq]))
    return out


def field_by_the_rules(table: list, cost: list, sources: list, weighted: bool, goal_cost, closed: tuple) -> list:
    """The field's definition by a heap over the rules' `table` (``table_by_the_rules``) and entering
    costs `cost` (None: no entry): from each source the mover may enter (distance 0 on every source),
    a step from s to m costs s's entering cost (goal_cost from a source when given), or 1 when not
    weighted; a closed square is never entered (UNREACHABLE, a source on one excepted)."""
    dist = [UNREACHABLE] * len(table)
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
