"""An Alien's step (xeno.alien_step, which reads its square and cost from colony.around since
session 52) against the plain one it replaces: the entry alien_steps lists for the direction paid
and taken (a closed door opened, the Alien staying), for every direction of every Alien that may
move at random Bug Hunt positions, with the printed door cost and a dearer one (a door's cost read
as the square's would fail)."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import geometry, xeno
from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_OPEN
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


@pytest.mark.parametrize("seed,mission", [(2, "explore"), (1, "kill_queen")])
def test_an_aliens_step_pays_and_takes_what_alien_steps_lists(seed, mission):
    steps = doors = 0
    for g in positions(seed, mission, every=3, steps=3000):
        for i, a in enumerate(g.aliens):
            if not a.alive or a.attached != NO or a.pos == NO or a.ap <= 0:
                continue
            for door_cost in (g.rules["ap_cost"]["door"], 3):
                base = g.clone()
                base.rules = {**g.rules, "ap_cost": {**g.rules["ap_cost"], "door": door_cost}}
                for d, (n, cost) in xeno.alien_steps(base, i).items():
                    c = base.clone()
                    opens = geometry.cell(c, n) == DOOR_CLOSED
                    xeno.alien_step(c, i, d)
                    moved = c.aliens[i]
                    assert moved.ap == a.ap - cost, (seed, i, d)
                    if opens:
                        assert geometry.cell(c, n) == DOOR_OPEN and moved.pos == a.pos, (seed, i, d)
                        doors += 1
                    elif moved.alive:  # (sentries and over-watch fire once it stands there)
                        assert moved.pos == n, (seed, i, d)
                    steps += 1
    assert steps > 500 and doors > 3, (steps, doors)
