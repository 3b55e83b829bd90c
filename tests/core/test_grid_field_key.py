"""Grid.field keeps its distance fields per version keyed by the mover's identity (the entry holds the
mover, so its id names no other object while the entry lives). Checked here: every field answered,
kept or made, equals the one a fresh grid of the same squares makes for an equal fresh mover, over
random boards and query sequences mixing movers of one name and different rules and equal movers of
different identities, and an entry, as a pickle may carry, under the id of a mover it does not hold."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from aliens_env.core.grid import Grid, Mover
from tests.grid_rules import TERRAINS, random_edit, random_grid

#: movers sharing names with different rules (a key by name would mix them up), each made afresh by its args
MOVER_ARGS = (dict(name="m"), dict(name="m", diagonal=False), dict(name="m", door_cost=None),
              dict(name="m", costs={"stairwell": 1}), dict(name="walker", diagonal=False))


def _fresh_field(g: Grid, args: dict, sources, weighted, goal_cost, closed) -> np.ndarray:
    """The field on a new grid of g's squares (nothing kept) for a new mover of `args`."""
    fresh = Grid.from_dict(g.to_dict(), TERRAINS, diagonal=g.diagonal)
    return fresh.field(sources, Mover(**args), weighted, goal_cost, closed)


def _query(rng, g: Grid):
    sources = [int(s) for s in rng.integers(g.n, size=int(rng.integers(1, 3)))]
    closed = tuple(int(s) for s in rng.integers(g.n, size=int(rng.integers(0, 3))))
    return sources, bool(rng.integers(2)), [None, 0, 2][int(rng.integers(3))], closed


@pytest.mark.parametrize("seed", range(12))
def test_every_field_is_the_fresh_grids_whatever_mover_asked_before(seed):
    rng = np.random.default_rng(seed)
    g = random_grid(rng, ["corner", "squeeze"][seed % 2], 3, 12, 12)
    movers = [Mover(**args) for args in MOVER_ARGS]
    asked = []
    for turn in range(60):
        if turn % 15 == 14:
            random_edit(g, rng)
            asked = []
        k = int(rng.integers(len(MOVER_ARGS)))
        if asked and rng.integers(2) == 0:  # a query asked before (kept), by any mover
            query = asked[int(rng.integers(len(asked)))]
        else:
            query = _query(rng, g)
            asked.append(query)
        mover = movers[k] if rng.integers(2) else Mover(**MOVER_ARGS[k])
        got = g.field(query[0], mover, *query[1:])
        assert np.array_equal(got, _fresh_field(g, MOVER_ARGS[k], *query)), (turn, MOVER_ARGS[k], query)


def test_a_kept_field_is_read_only_for_the_mover_it_holds():
    """A pickle carries the kept fields, keyed by the ids of movers of another process or gone since; a
    new mover may take such an id: an entry under its id that holds another mover is not its field."""
    rng = np.random.default_rng(7)
    g = random_grid(rng, "corner", 6, 10, 10)
    query = ([0, g.n - 1], False, None, ())
    made_for, asked_by = dict(name="m"), dict(name="m", diagonal=False)
    assert not np.array_equal(_fresh_field(g, made_for, *query), _fresh_field(g, asked_by, *query))
    g.field(query[0], Mover(**made_for), *query[1:])
    loaded = pickle.loads(pickle.dumps(g))
    (key, entry), = [(k, v) for k, v in loaded._cache.items() if isinstance(k, tuple) and k[0] == "field"]
    mover = Mover(**asked_by)
    loaded._cache[key[:2] + (id(mover),) + key[3:]] = entry  # (as if `mover` had taken the other's address)
    assert np.array_equal(loaded.field(query[0], mover, *query[1:]), _fresh_field(g, asked_by, *query))
