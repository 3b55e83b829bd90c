"""The colony's movement tables and neighbour rows (core/grid.py) over random Bug Hunt games: at
each position read, the neighbour tables of every mover the game uses and ``around`` equal the
rules read square by square off the colony's arrays, and a pickled colony answers the same."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from aliens_env.bug_hunt.colony import ALIEN, FACE_HUGGER, TERRAINS, UNEQUIPPED_WALKER, WALKER
from bh_helpers import positions
from grid_rules import around_by_the_rules, table_by_the_rules

MOVERS = (WALKER, UNEQUIPPED_WALKER, ALIEN, FACE_HUGGER)


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen")])
def test_the_colonys_tables_and_rows_are_the_rules_at_random_positions(seed, mission):
    versions = set()
    for g in positions(seed, mission, every=11):
        col = g.colony
        versions.add((g.layout_seed, col.version))
        for mover in MOVERS:
            table = col.neighbour_table(mover)
            assert table == table_by_the_rules(col, mover), (seed, col.version, mover.name)
            assert list(col.step_keys(mover)) == [sum(1 << d for d, _ in row) for row in table]
        squares = range(len(versions) % 3, col.n, 3)  # (a third of the squares, in turn)
        rows = [col.around(i) for i in squares]
        assert rows == [around_by_the_rules(col, i) for i in squares], (seed, col.version)
        back = pickle.loads(pickle.dumps(col))  # (the kept rows and what they are read from, pickled)
        assert [back.around(i) for i in squares] == rows
    assert len(versions) > 10


def test_a_colony_holding_an_older_trees_neighbour_rows_answers_as_a_fresh_one():
    """Games pickled before session 48 keep ``around``'s rows under "around_rows", read from
    lists of the cell codes and extras: such an entry is left unread."""
    g = next(positions(5, "explore", every=40))
    col, fresh = g.colony, g.colony.copy()
    fresh._cache = {}
    col._cache["around_rows"] = ({0: [None] * 8}, [0] * col.n, [0] * col.n, [1] * len(TERRAINS), col.step_open())
    assert [col.around(i) for i in range(col.n)] == [fresh.around(i) for i in range(fresh.n)]
    assert np.array_equal(col.step_open(), fresh.step_open())


def costs_by_the_rules(col, mover) -> list:
    """Per square, what entering it costs the mover (the terrain's cost or the mover's own, a
    closed door's opening added, the square's extra) or None where it may not enter (no such
    cost, or a marker there); without the engine's per-code and per-square arrays."""
    override = dict(mover.costs)
    out = []
    for code, extra, marker in zip(col.cells.ravel().tolist(), col.extra.ravel().tolist(), col.marker.ravel().tolist()):
        terrain = TERRAINS[code]
        cost = override.get(terrain.name, terrain.cost)
        if cost is not None and terrain.door:
            cost = None if mover.door_cost is None else cost + mover.door_cost
        out.append(None if cost is None or marker else cost + extra)
    return out


@pytest.mark.parametrize("seed,mission", [(6, "explore"), (7, "kill_queen")])
def test_the_colonys_entering_costs_are_the_rules_at_random_positions(seed, mission):
    """costs() is redone from the last list built where the per-square costs differ (int32
    per-code costs): over random games, every version's list equals the rules."""
    versions = set()
    for g in positions(seed, mission, every=7):
        col = g.colony
        versions.add((g.layout_seed, col.version))
        for mover in MOVERS:
            assert col.costs(mover) == costs_by_the_rules(col, mover), (seed, col.version, mover.name)
    assert len(versions) > 10
