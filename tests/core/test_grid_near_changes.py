"""``_near_changes`` (core/grid.py): the squares a movement table must work out again (the byte tables
compared, then ``_near_differences``' typed loop when compiled) against the rule (the squares within a step of a change, each once),
over many random grids and random earlier states of them."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.core import grid as grid_module
from aliens_env.core.grid import Grid, Terrain

TERRAINS = [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True), Terrain("rubble", cost=3),
            Terrain("door", blocks_sight=True, door=True)]


def _plain_near_changes(g: Grid, before: tuple) -> set:
    """The rule: the squares at most one step (8 directions) from a square where a table differs, by
    their rows and columns; every square when more than half of them are (``_near_changes``' cut-off)."""
    now = grid_module._square_bytes(g)
    changed = [s for s in range(g.n) if any(table[s] != was[s] for table, was in zip(now, before))]
    near = {t for t in range(g.n)
            if any(max(abs(t // g.width - s // g.width), abs(t % g.width - s % g.width)) <= 1 for s in changed)}
    return set(range(g.n)) if 2 * len(near) > g.n else near


def _check(got: list, plain: set) -> None:
    """Each square once, and the squares the rule names."""
    assert len(got) == len(set(got)) and set(got) == plain


def _random_change(g: Grid, rng) -> None:
    """A few squares' cell codes, markers or edge walls changed (sometimes none, sometimes many)."""
    for _ in range(int(rng.choice([0, 1, 1, 2, 3, 5, g.n // 4]))):
        r, c = int(rng.integers(g.height)), int(rng.integers(g.width))
        what = int(rng.integers(4))
        if what == 0:
            g.cells[r, c] = int(rng.integers(len(TERRAINS)))
        elif what == 1:
            g.marker[r, c] = int(rng.integers(3))
        elif what == 2:
            g.wall_e[r, c] = not g.wall_e[r, c]
        else:
            g.wall_s[r, c] = not g.wall_s[r, c]
    g.changed()


@pytest.mark.parametrize("seed", range(40))
def test_near_changes_are_the_plain_ones(seed):
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(1, 14)), int(rng.integers(1, 14))
    g = Grid(h, w, TERRAINS, rng.choice([0, 0, 0, 1, 2, 3], size=(h, w)), diagonal="corner")
    for _ in range(25):
        before = grid_module._square_bytes(g)
        _random_change(g, rng)
        got = grid_module._near_changes(g, before)
        _check(got, _plain_near_changes(g, before))
        assert grid_module._near_changes(g, before) is got  # kept per version by before's identity


def test_one_changed_square_in_each_table_is_found():
    """Every table is read, each square of it (a change in the last byte of the last table too)."""
    g = Grid(5, 7, TERRAINS)
    for k in range(4):
        for s in (0, 17, g.n - 1):
            before = list(grid_module._square_bytes(g))
            table = bytearray(before[k])
            table[s] ^= 1
            before[k] = bytes(table)
            before = tuple(before)
            _check(grid_module._near_changes(g, before), _plain_near_changes(g, before))
            assert s in grid_module._near_changes(g, before)

