"""observation.map_planes, rewriting in place, writes the features' planes only when the features'
kinds or states changed, the room plane only when the rooms entered or the number of pieces changed,
and the open ends' plane at every new layout version: through random play of Bug Hunt and Bug Hunt
Tactics (sections and rooms laid, doors opened, rooms entered, eggs and sentries destroyed), the kept
planes and the observation must always be those a game without its caches builds afresh (a key that
missed a change, a room laid with the rooms entered the same say, leaves a stale plane and fails here)."""
import numpy as np

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.tactics import BugHuntTactics
from bh_helpers import random_play


def _fresh(g, build):
    """build(g) with none of g's caches (its _shared put back after)."""
    shared, g._shared = g._shared, {}
    try:
        return build(g)
    finally:
        g._shared = shared


def _rewrites_checked(make, seeds, moves) -> int:
    """The kept planes against fresh ones after each move (and the observation every seventh move); the
    rewrites in place seen (the same array, its planes changed)."""
    rewrites = 0
    for seed in seeds:
        last = before = None
        for k, g in enumerate(random_play(seed, moves, make)):
            planes = observation.map_planes(g)
            fresh = _fresh(g, observation.map_planes)
            assert fresh is not planes and np.array_equal(planes, fresh), (seed, k)
            rewrites += planes is last and not np.array_equal(planes, before)
            last, before = planes, planes.copy()
            if k % 7 == 0:
                player = g.current_player()
                assert np.array_equal(observation.observe(g, player),
                                      _fresh(g, lambda fresh: observation.observe(fresh, player))), (seed, k)
    return rewrites


def test_bug_hunt_kept_planes_are_a_fresh_build():
    assert _rewrites_checked(BugHunt, range(5), 500) >= 8


def test_bug_hunt_tactics_kept_planes_are_a_fresh_build():
    assert _rewrites_checked(BugHuntTactics, range(2), 400) >= 10
