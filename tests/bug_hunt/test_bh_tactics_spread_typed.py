"""The spread tactic's typed test of a goal (tactics._nearest_of: the goal's walking field read as a C
array) against the plain computation it replaced, over random Bug Hunt positions: the goals the
acting figure is no farther from than any walking squad mate, and the step spread takes."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.colony import WALKER
from aliens_env.bug_hunt.policies import walkers
from aliens_env.bug_hunt.state import NO, UNREACHABLE
from aliens_env.bug_hunt.tactics import TacticMarines, _queen_seen
from bh_helpers import positions

SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen")]


def _goals_kept_by_the_rules(game, goals):
    """spread's goals as plain Python: those whose walking field reaches the acting figure (under
    UNREACHABLE) in no more steps than it reaches any walking squad mate, read as numpy scalars."""
    mates = [game.humans[i].pos for i in walkers(game) if i != game.active]
    pos = game.humans[game.active].pos
    rest = []
    for g in goals:
        to_goal = game.colony.field([g], WALKER)
        mine = to_goal[pos]
        if mine < UNREACHABLE and all(mine <= to_goal[m] for m in mates):
            rest.append(g)
    return rest


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_spread_with_the_typed_goal_test_is_the_plain_spread_at_random_positions(seed, mission):
    rng, spread, checked, kept = random.Random(seed), TacticMarines("spread"), 0, set()
    walked = []  # the goals spread walks toward (step_toward's, recorded), then its step

    def step_toward(game, goals, mask):
        walked.append(list(goals))
        return TacticMarines.step_toward(spread, game, goals, mask)

    spread.step_toward = step_toward
    for g in positions(seed, mission, every=3):
        if g.active == NO or g.humans[g.active].pos == NO or g.decision.kind != "act":
            continue
        mask = g.script_mask("marines")
        scripted = TacticMarines._goals(g)
        pool = scripted + [near[0] for near in g.colony.around(g.humans[g.active].pos) if near is not None]
        for goals in (scripted, [rng.choice(pool) for _ in range(rng.randint(2, 6))]):
            for action in (g.layout.encode("move", rng.randrange(4)), g.layout.encode("end")):
                spread._goals = lambda game, goals=goals: goals  # (the goals read for the position)
                chosen = spread.spread(g, mask, action)
                if g.layout.decode(action)[0] != "move" or len(goals) < 2 or _queen_seen(g):
                    assert chosen == action and not walked
                    continue
                rest = _goals_kept_by_the_rules(g, goals)
                assert walked.pop() == rest, (seed, g.turn, goals)
                step = TacticMarines.step_toward(spread, g, rest, mask)
                assert chosen == (action if step is None else step)
                kept.add(len(rest) < len(goals))
                checked += 1
    assert checked > 200
    assert kept == {True, False}
