"""The movement tables (core/grid.py: ``step_open``, ``enterable``, the neighbour tables) are made
by typed loops from the last ones built, working out again only the squares within a step of a
square whose cell code, marker or edge walls changed, and a grid with none built starts from the
blank grid's of its size: over random edit sequences (cells, markers and edge walls, one at a time
and in bulk, on grids and their copies, small edits and large ones), every table equals the rules
read square by square off the grid's arrays, without the engine's tables."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from aliens_env.core.grid import Grid, Mover
from grid_rules import MOVERS, TERRAINS, edited, random_edit, random_grid, step_open_by_the_rules, table_by_the_rules


def enter_by_the_rules(g: Grid, mover: Mover) -> list[bool]:
    """The mover has a cost for the square's terrain (its own or the terrain's; a closed door only
    if it opens doors) and no marker stands there."""
    override = dict(mover.costs)
    out = []
    for code, marker in zip(g.cells.ravel().tolist(), g.marker.ravel().tolist()):
        terrain = g.terrains[code]
        cost = override.get(terrain.name, terrain.cost)
        out.append(cost is not None and not (terrain.door and mover.door_cost is None) and marker == 0)
    return out


def check(g: Grid) -> None:
    opened = step_open_by_the_rules(g)
    assert np.array_equal(g.step_open(), opened)
    for mover in MOVERS:
        enter = enter_by_the_rules(g, mover)
        assert g.enterable(mover).tolist() == enter, mover.name
        want = table_by_the_rules(g, mover, opened, enter)
        assert g.neighbour_table(mover) == want, mover.name
        assert list(g.step_keys(mover)) == [sum(1 << d for d, _ in row) for row in want], mover.name


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_the_movement_tables_remade_after_each_edit_are_the_rules(diagonal):
    rng = np.random.default_rng(51 if diagonal == "corner" else 52)
    for trial in range(10):
        g = random_grid(rng, diagonal, 1, 12, 13)
        check(g)  # (the first tables: from the blank grid's)
        for edit in range(25):
            target = edited(g, rng, on_copy=edit % 6 == 5, walls=True)
            check(target)
            if target is not g:
                check(g)
        back = pickle.loads(pickle.dumps(g))  # (no last tables kept: from the blank grid's again)
        random_edit(back, rng, walls=True)
        check(back)


def test_a_grid_of_other_terrains_another_rule_or_size_starts_from_its_own_blank_grid():
    """The blank grids are kept by terrains, diagonal rule and size: grids a few squares from
    blank (their tables worked out again near those squares alone), whose cell code 0 is floor or
    wall, under either diagonal rule, of one size or another, each equal the rules."""
    walls_first = [TERRAINS[1], TERRAINS[0]] + TERRAINS[2:]
    rng = np.random.default_rng(7)
    for terrains in (TERRAINS, walls_first, TERRAINS):
        for diagonal in ("corner", "squeeze"):
            for h, w in ((12, 13), (13, 12)):
                codes = np.zeros((h, w), dtype=np.int8)
                codes.flat[rng.integers(h * w, size=6)] = rng.integers(len(terrains), size=6)
                g = Grid(h, w, terrains, codes, diagonal=diagonal)
                g.set_edge_wall(14, 15)
                check(g)
