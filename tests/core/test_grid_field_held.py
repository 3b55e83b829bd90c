"""A distance field handed out by Grid.field never changes under its holder, however it is held (the
field itself, a numpy view of it, its buffer, as a Cython typed view takes it, or the memoryview under
it, ``field.base``), while the layout changes and many more fields are made: a field's arrays are its
own (a change that made fields in the arrays of earlier ones, a pool of them, must leave every held
one alone); and every field made meanwhile is the one a fresh grid of the same squares makes."""
from __future__ import annotations

import gc

import numpy as np
import pytest

from aliens_env.core.grid import Grid, Mover
from grid_rules import TERRAINS, random_edit, random_grid

#: fields made after the held ones (more than a pool of recent fields would keep)
MADE = 128


def _fresh_field(g: Grid, sources, weighted) -> np.ndarray:
    """The field on a new grid of g's squares (nothing kept), copied."""
    fresh = Grid.from_dict(g.to_dict(), TERRAINS, diagonal=g.diagonal)
    return fresh.field(sources, Mover("m"), weighted).copy()


@pytest.mark.parametrize("seed", range(4))
def test_a_held_field_never_changes(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, "corner", 6, 12, 12)
    mover = Mover("m")
    sources = rng.choice(g.n, 4, replace=False)  # (four squares: four fields, none the cache's same object)
    made = {how: g.field([int(s)], mover, bool(rng.integers(2))) for how, s in zip(("field", "view", "buffer", "base"), sources)}
    assert len({id(f) for f in made.values()}) == 4
    was = {how: f.copy() for how, f in made.items()}
    # each field held one way only
    held = {"field": made["field"], "view": made["view"][1:], "buffer": memoryview(made["buffer"]),
            "base": made["base"].base}
    del made
    gc.collect()
    for turn in range(MADE):
        if turn % 3 == 0:
            random_edit(g, rng)  # (a new version: the kept fields dropped)
        sources = [int(s) for s in rng.integers(g.n, size=int(rng.integers(1, 3)))]
        weighted = bool(rng.integers(2))
        assert np.array_equal(g.field(sources, mover, weighted), _fresh_field(g, sources, weighted)), turn
    assert np.array_equal(held["field"], was["field"])
    assert np.array_equal(held["view"], was["view"][1:])
    assert np.array_equal(np.asarray(held["buffer"]), was["buffer"])
    assert np.array_equal(np.frombuffer(held["base"], np.int32), was["base"])
    assert not held["field"].flags.writeable
