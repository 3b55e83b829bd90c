"""combat.in_combat (its rows and columns C integers when compiled) against the rule read plainly
(a Face-Hugger on the figure, or a live free Alien other than `exclude` within range 1,
geometry.rng), at random positions with the Aliens pushed about near the figures."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import combat
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


def in_combat_by_the_rules(g, j: int, exclude: int) -> bool:
    h = g.humans[j]
    return h.hugger != NO or any(a.alive and a.attached == NO and i != exclude and g.rng(h.pos, a.pos) <= 1
                                 for i, a in enumerate(g.aliens))


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_in_combat_is_the_rule_at_random_positions(seed, mission):
    rng = random.Random(seed)
    seen = set()
    for g in positions(seed, mission, every=7):
        c = g.clone()
        squares = [h.pos for h in c.humans if h.pos != NO]
        for a in c.aliens:  # now and then beside a figure, or two squares off (the edge of the rule)
            if a.alive and a.attached == NO and squares and rng.random() < 0.5:
                r, col = c.rc(rng.choice(squares))
                dr, dc = rng.choice((-2, -1, 0, 1, 2)), rng.choice((-2, -1, 0, 1, 2))
                if 0 <= r + dr < c.size and 0 <= col + dc < c.size:
                    a.pos = c.sq((r + dr, col + dc))
        for j, h in enumerate(c.humans):
            if h.pos == NO:
                continue
            for exclude in (NO, rng.randrange(max(1, len(c.aliens)))):
                expected = in_combat_by_the_rules(c, j, exclude)
                assert combat.in_combat(c, j, exclude) is expected, (seed, j, exclude)
                seen.add(expected)
    assert seen == {True, False}
