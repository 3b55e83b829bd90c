"""The colony's distance fields (core/grid.py: ``Grid.field``, breadth first with its queue in the
searches' kept scratch ints, and weighted by ``_dial``, its circle of buckets as wide as the dearest
cost ``Grid._cost_table`` keeps per version) over random Bug Hunt games: at each position read,
fields of every mover the game uses, from random sources, with and without a goal cost and closed
squares, equal the rule's heap search over the rules' tables; and the fields handed out earlier
stay what they were while later searches run."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.colony import ALIEN, FACE_HUGGER, UNEQUIPPED_WALKER, WALKER
from bh_helpers import positions
from grid_rules import field_by_the_rules, table_by_the_rules
from test_bh_grid_tables import costs_by_the_rules

MOVERS = (WALKER, UNEQUIPPED_WALKER, ALIEN, FACE_HUGGER)


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen"), (2, "explore")])
def test_the_colonys_fields_are_the_rules_at_random_positions(seed, mission):
    rng = random.Random(seed)
    handed_out = []  # (field, what the rule says): read again at the end
    dearest_seen = set()
    for g in positions(seed, mission, every=13, steps=1000):
        col = g.colony
        for mover in MOVERS:
            table, cost = table_by_the_rules(col, mover), costs_by_the_rules(col, mover)
            dearest_seen.add(max((c for c in cost if c is not None), default=-1))
            assert col._cost_table(mover)[1] == max((c for c in cost if c is not None), default=-1)
            entered = [s for s in range(col.n) if cost[s] is not None]  # (most of the map is not laid yet)
            for weighted in (False, True):
                sources = rng.sample(entered, min(len(entered), rng.choice([1, 1, 2, 4]))) + [rng.randrange(col.n)]
                goal_cost = rng.choice([None, None, 0, 2])
                closed = tuple(rng.sample(entered, min(len(entered), rng.choice([0, 0, 3]))))
                got = col.field(sources, mover, weighted=weighted, goal_cost=goal_cost, closed=closed)
                want = field_by_the_rules(table, cost, sources, weighted, goal_cost, closed)
                assert got.tolist() == want, (seed, col.version, mover.name, weighted, sources, goal_cost, closed)
                handed_out.append((got, want))
    assert len(handed_out) > 100 and len(dearest_seen) > 1
    assert all(got.tolist() == want for got, want in handed_out)
