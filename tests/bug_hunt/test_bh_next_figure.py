"""The scripted squad's choice of the next figure (ScriptedMarines.next_figure: a loop on C longs
over geometry.steps_on, called in C) against the plain least (steps, figure) it replaces, over
random Bug Hunt positions with random figures offered in random orders (ties among them)."""
from __future__ import annotations

import random
from functools import partial
import pytest

from aliens_env.core.game import Decision
from aliens_env.bug_hunt.geometry import steps_on
from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import TacticMarines, _pod_field
from bh_helpers import positions

SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen")]


def _next_by_the_rules(game, field=None):
    """next_figure as plain Python: min over the figures offered, keyed on (steps, figure)."""
    figures = [i for i in game.decision.options if i < len(game.humans)]
    if not figures:
        return NO
    goal = ScriptedMarines._goals(game)
    if not goal:
        return min(figures)
    dist = (field or game.walk_field)(sorted(goal))
    return min(figures, key=lambda i: (steps_on(dist, game.humans[i].pos), i))


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_next_figure_is_the_least_steps_then_figure_at_random_positions(seed, mission):
    rng, checked, ties = random.Random(seed), 0, 0
    bypass = TacticMarines("bypass")
    for g in positions(seed, mission, every=7):
        kept = g.decision
        try:
            for _ in range(3):
                offered = rng.sample(range(len(g.humans) + 1), rng.randint(0, len(g.humans) + 1))  # (+1: the APC's)
                g.decision = Decision("marines", "activate", offered)
                for field in (None, partial(_pod_field, g)):
                    assert ScriptedMarines.next_figure(g, field) == _next_by_the_rules(g, field), (seed, g.turn, offered)
                assert bypass.next_figure(g) == _next_by_the_rules(g, partial(_pod_field, g))
                goal = ScriptedMarines._goals(g)
                if goal:
                    dist = g.walk_field(sorted(goal))
                    steps = [steps_on(dist, g.humans[i].pos) for i in offered if i < len(g.humans)]
                    ties += len(steps) > len(set(steps))
                checked += 1
        finally:
            g.decision = kept
    assert checked > 300
    assert ties > 20  # (figures at equal steps offered, the later figure first among them often)
