"""Grid.field keeps, per mover (by identity) and layout version, what its searches read (the mover's
step keys, the steps' offsets, who may enter where: ``("search_tables", id(mover))`` in the version's
cache). Checked here: over the layout versions of seeded Bug Hunt play (the colony laid, doors
opened, hazards placed as games go), every field the colony answers for each of the game's movers
(and movers of one name with other rules) equals the one a fresh grid of the same squares makes for
a fresh equal mover; and an entry held for another mover under a mover's id (as after a pickle) is
not read for it. A table kept past its version, or keyed without the mover's rules, fails these."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from aliens_env.bug_hunt.colony import ALIEN, FACE_HUGGER, UNEQUIPPED_WALKER, WALKER
from aliens_env.core.grid import Grid, Mover
from bh_helpers import positions

#: the colony's movers, and movers named as one of them with other rules (a key by name mixes them up)
MOVERS = (ALIEN, FACE_HUGGER, WALKER, UNEQUIPPED_WALKER, Mover("alien", diagonal=False),
          Mover("walker", costs={"door_locked": 1}))


def _fresh_field(grid: Grid, mover: Mover, sources, weighted: bool) -> np.ndarray:
    """The field on a new grid of the grid's squares (nothing kept) for a new equal mover."""
    fresh = Grid.from_dict(Grid.to_dict(grid), grid.terrains, diagonal=grid.diagonal)
    again = Mover(mover.name, mover.costs, mover.door_cost, mover.diagonal)
    return fresh.field(sources, again, weighted)


@pytest.mark.parametrize("seed,mission", [(3, "explore"), (4, "kill_queen")])
def test_the_fields_of_every_layout_version_are_a_fresh_grids(seed, mission):
    rng = np.random.default_rng(seed)
    versions = set()
    asked = []  # sources asked before (at this version or an earlier one), asked again now and then
    for g in positions(seed, mission, every=4, steps=1600):
        colony = g.colony
        versions.add((id(colony), colony.version))
        for mover in MOVERS:
            for weighted in (False, True):
                if asked and rng.integers(2):
                    sources = asked[int(rng.integers(len(asked)))]
                else:
                    sources = [int(s) for s in rng.integers(colony.n, size=int(rng.integers(1, 4)))]
                    asked.append(sources)
                got = colony.field(sources, mover, weighted)
                assert np.array_equal(got, _fresh_field(colony, mover, sources, weighted)), (mover, weighted)
    assert len(versions) >= 8  # (many layout versions were read)


def test_search_tables_kept_for_another_mover_under_an_id_are_not_read():
    """A pickle carries the kept tables keyed by ids of movers of the pickling process: a mover that
    takes such an id is not answered from the other's tables."""
    g = next(positions(5, "explore", every=50, steps=50)).colony
    made_for, asked_by = Mover("m"), Mover("m", diagonal=False)
    keys = Grid.from_dict(Grid.to_dict(g), g.terrains, diagonal=g.diagonal).step_keys(made_for)
    sources = [next(sq for sq in range(g.n) if keys[sq] & 0b10)]  # (a square with a diagonal step out)
    assert not np.array_equal(_fresh_field(g, made_for, sources, False), _fresh_field(g, asked_by, sources, False))
    g.field(sources, made_for)
    loaded = pickle.loads(pickle.dumps(g))
    (key, entry), = [(k, v) for k, v in loaded._cache.items() if isinstance(k, tuple) and k[0] == "search_tables"
                     and v[0] == made_for]
    loaded._cache = {k: v for k, v in loaded._cache.items() if not (isinstance(k, tuple) and k[0] == "field")}
    loaded._cache[(key[0], id(asked_by))] = entry  # (as if `asked_by` had taken the other's address)
    assert np.array_equal(loaded.field(sources, asked_by), _fresh_field(g, asked_by, sources, False))
