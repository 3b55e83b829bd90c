"""combat.humans_beside (its squares, rows and columns C integers when compiled) against the rule
read plainly (the exposed figures, state.exposed, but the android, within range 1 of the square,
geometry.rng), at random positions, at every square within two of a figure (the edge of the rule
and of the board) and at every Alien's, with figures now and then inside the APC or gone."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import combat, geometry, state
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


def humans_beside_by_the_rules(g, square: int) -> list[int]:
    return [j for j, h in enumerate(g.humans)
            if state.exposed(g, h) and h.role != "android" and geometry.rng(g, h.pos, square) <= 1]


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_humans_beside_is_the_rule_at_random_positions(seed, mission):
    rng = random.Random(seed)
    found = {"none": 0, "one": 0, "more": 0, "android_near": 0}
    for g in positions(seed, mission, every=7):
        c = g.clone()
        for h in c.humans:  # (a figure inside the APC or gone is not attacked: the rule's other reads)
            if h.pos != NO and rng.random() < 0.15:
                if rng.random() < 0.5:
                    h.in_apc = True
                else:
                    h.status = "dead"
        squares = {a.pos for a in c.aliens if a.alive}
        for h in c.humans:
            if h.pos == NO:
                continue
            r, col = geometry.rc(c, h.pos)
            squares.update(geometry.sq(c, (r + dr, col + dc)) for dr in range(-2, 3) for dc in range(-2, 3)
                           if 0 <= r + dr < c.size and 0 <= col + dc < c.size)
        for s in sorted(squares):
            expected = humans_beside_by_the_rules(c, s)
            assert combat.humans_beside(c, s) == expected, (seed, s)
            found["none" if not expected else "one" if len(expected) == 1 else "more"] += 1
            found["android_near"] += any(h.role == "android" and h.pos != NO and geometry.rng(c, h.pos, s) <= 1
                                         for h in c.humans)
    assert min(found.values()) > 20, found
