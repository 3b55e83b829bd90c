"""tactics._pod_field, the walking field round the auto sentry pods (ASSUMPTION A73), given the squares
to go round (`pods`: _goal_view's key) or finding the pods itself (None), against the rule written out:
the same walker's field on a copy of the colony with those squares walled up (a goal on one still
counts: its square is left open), over random positions of played games, pods laid in most, electronic
locks in half."""
from __future__ import annotations

import random

import numpy as np

from aliens_env.bug_hunt.colony import UNEQUIPPED_WALKER, WALKER, WALL
from aliens_env.bug_hunt.state import UNREACHABLE
from aliens_env.bug_hunt.tactics import _pod_field, _pod_squares
from bh_helpers import positions


def _field_round(game, goals, mover, closed):
    """The walker's field to `goals` with the squares `closed` walled up, but for the goals' own,
    searched anew on a copy of the colony."""
    colony = game.colony.copy()
    walled = [s for s in closed if s not in goals]
    if walled:
        colony.set_cells(walled, WALL)
    colony._cache = {}
    return colony.field(list(goals), mover)


def test_the_field_round_the_pods_given_or_found_is_the_field_with_their_squares_walled_up():
    rng, checked, round_pods = random.Random(56), 0, 0
    for seed, mission in ((0, "explore"), (1, "kill_queen"), (4, "explore")):
        for g in positions(seed, mission, every=11, steps=700):
            pods = _pod_squares(g)
            open_squares = np.flatnonzero(np.asarray(g.colony.field(list(g.exploration_goals()), WALKER))
                                          < UNREACHABLE).tolist() or [0]
            # goals: the exploration goals, a few open squares, a pod's square among them now and then
            goals = sorted(set(list(g.exploration_goals())[:3] + rng.sample(open_squares, min(2, len(open_squares)))
                               + ([rng.choice(pods)] if pods and rng.random() < 0.5 else [])))
            others = tuple(sorted(rng.sample(open_squares, min(3, len(open_squares)))))
            for mover in (WALKER, UNEQUIPPED_WALKER):
                for given, closed in ((None, pods), (pods, pods), ((), ()), (others, others)):
                    got = np.asarray(_pod_field(g, goals, mover, given))
                    assert np.array_equal(got, _field_round(g, goals, mover, closed)), (seed, g.turn, given)
                    round_pods += bool(closed) and not np.array_equal(got, np.asarray(g.colony.field(goals, mover)))
            checked += 1
    assert checked > 100 and round_pods > 20  # (fields that the closed squares change)
