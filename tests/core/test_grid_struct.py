"""Grid as an extension type when compiled (core/grid.pxd): its own attributes (``_GRID_FIELDS``, and
``_last``, the last tables built) live in its struct, a subclass's (Colony, Board) in its ``__dict__``.
Pickles, copies and deep copies carry both (``Grid.__reduce__``, ``_rebuild_grid``), the same way
compiled and pure; ``copy()`` shares the cache and the last tables built, a pickle leaves the last
tables out. Checked here over random boards, against the grid they were made from."""
from __future__ import annotations

import copy
import pickle
import re
from pathlib import Path

import numpy as np
import pytest

from aliens_env.core import grid as grid_module
from aliens_env.core.board import Board
from aliens_env.core.grid import _GRID_FIELDS, Grid, Mover, Terrain

TERRAINS = [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True), Terrain("rubble", cost=3),
            Terrain("door", blocks_sight=True, door=True)]
COMPILED = not grid_module.__file__.endswith(".py")
ARRAYS = ("cells", "extra", "marker", "capacity", "wall_e", "wall_s")


def _board(seed: int) -> Grid:
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(2, 12)), int(rng.integers(2, 12))
    g = Grid(h, w, TERRAINS, rng.choice([0, 0, 0, 1, 2, 3], size=(h, w)), diagonal=["corner", "squeeze"][seed % 2],
             shooter_corners=bool(seed % 3 == 0))
    for _ in range(int(rng.integers(0, 4))):
        g.set_marker(int(rng.integers(g.n)), 1)
    g.field([int(rng.integers(g.n))], Mover("m"), weighted=True)  # (a cache and last tables to carry)
    return g


def _same_grid(a: Grid, b: Grid) -> None:
    for name in _GRID_FIELDS:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, np.ndarray):
            assert x.dtype == y.dtype and np.array_equal(x, y), name
        elif name != "_cache":  # (a deep copy or a pickle holds arrays, whose == is not a truth value)
            assert x == y, name
    assert set(a._cache) == set(b._cache) and a._cache  # (a copy shares it, a pickle holds its copy)


def test_the_declared_fields_are_the_ones_carried():
    """grid.pxd declares ``_GRID_FIELDS`` and ``_last`` (a field left out of the tuple would drop out
    of pickles and copies, compiled); a new grid sets exactly those (run as Python, in its __dict__)."""
    pxd = Path(grid_module.__file__).with_name("grid.pxd").read_text()
    body = pxd.split("cdef class Grid:")[1].split("\n\n")[0]
    declared = {name.strip() for line in re.findall(r"cdef public \w+ (.*)", body) for name in line.split(",")}
    assert declared == set(_GRID_FIELDS) | {"_last"}
    g = Grid(3, 4, TERRAINS)
    assert set(vars(g)) == (set() if COMPILED else set(_GRID_FIELDS) | {"_last"})


@pytest.mark.parametrize("seed", range(20))
def test_a_pickle_a_copy_and_a_deep_copy_carry_every_field(seed):
    g = _board(seed)
    g.note = [seed]  # (an attribute of its own: in the __dict__ compiled too)
    mover = Mover("m")
    data = pickle.dumps(g)
    assert b"__pyx" not in data  # (a pure process loads it: no helper of the compiled module)
    for make in (lambda: pickle.loads(data), lambda: copy.deepcopy(g), lambda: copy.copy(g), g.copy):
        other = make()  # (made after the last one's queries filled the shared cache)
        assert type(other) is Grid
        _same_grid(g, other)
        assert other.note == [seed] and other.frozen is False
        rng = np.random.default_rng(seed)
        for _ in range(5):
            sources = [int(s) for s in rng.integers(g.n, size=2)]
            assert np.array_equal(other.field(sources, mover, weighted=True), g.field(sources, mover, weighted=True))
            assert other.has_los(sources[0], sources[1], 3) == g.has_los(sources[0], sources[1], 3)
            assert other.around(sources[0]) == g.around(sources[0])


def test_a_copy_shares_the_cache_and_the_last_tables_and_owns_its_arrays():
    g = _board(3)
    g.frozen = True
    new = g.copy()
    assert new._cache is g._cache and new._last is g._last is not None and not new.frozen
    for name in ARRAYS:
        assert getattr(new, name) is not getattr(g, name)
        assert getattr(new, name).flags.writeable
    was = int(g.cells.flat[0])
    new.set_cell(0, (was + 1) % len(TERRAINS))
    assert g.cells.flat[0] == was and new.cells.flat[0] == (was + 1) % len(TERRAINS)  # (the original unchanged by the copy's edit)
    assert new.version == g.version + 1 and g._cache is not new._cache


def test_a_pickle_and_a_deep_copy_leave_the_last_tables_out_and_make_them_again():
    g = _board(5)
    assert g._last
    for other in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert other._last is None
        other.set_marker(0, 1)
        g.set_marker(0, 1)
        assert other.step_keys(Mover("m")) == g.step_keys(Mover("m"))
        assert other._last


def test_a_reduce_names_the_rebuild_with_the_fields_then_the_dict():
    """The same pickle compiled and pure: (``_rebuild_grid``, (class, fields by name)), the rest of
    the ``__dict__`` (the subclass's own attributes, read by its ``__setstate__`` if any)."""
    g = _board(1)
    g.note = 7
    rebuild, (cls, fields), state = g.__reduce__()
    assert rebuild is grid_module._rebuild_grid and cls is Grid
    assert set(fields) == set(_GRID_FIELDS) and state == {"note": 7}


def test_a_subclasss_attributes_and_set_state_survive():
    from aliens_env.bug_hunt.game import BugHunt

    game = BugHunt()
    game.reset(3)
    col = game.colony
    col.sight_blocked()  # (a table kept: the cache the copies must carry is not empty)
    for make in (lambda: pickle.loads(pickle.dumps(col)), lambda: copy.deepcopy(col), col.copy, lambda: game.clone().colony):
        other = make()
        assert type(other) is type(col)
        _same_grid(col, other)
        assert other.size == col.size and other.pieces == col.pieces and np.array_equal(other.hazard, col.hazard)
        assert other.entry_flags == col.entry_flags
        other.entry[0, 0] = not other.entry[0, 0]  # (the bytes view the array again: Colony.__setstate__)
        assert other.entry_flags[0] == other.entry[0, 0] and col.entry_flags[0] != other.entry_flags[0]
    board = Board(["..#.", ".W..", "...E"])
    for make in (lambda: pickle.loads(pickle.dumps(board)), lambda: copy.deepcopy(board)):
        other = make()
        assert type(other) is Board and other.frozen and other.rows_text == board.rows_text
        _same_grid(board, other)
        assert [other.los_list(s) for s in range(board.n)] == [board.los_list(s) for s in range(board.n)]
