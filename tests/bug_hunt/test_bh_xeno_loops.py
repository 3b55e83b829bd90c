"""The Xeno phase's typed loops (session 53) against the plain computations they replace:
xeno.nearest_square (where an approaching Alien is placed) against min with its key, and
xeno.aliens_in_sight against its any() over every (figure, Alien) pair, at random pools and
random Bug Hunt positions."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry, xeno
from bh_helpers import positions


def nearest_square_plainly(pool, distance):
    return min(pool, key=lambda x: (abs(x[0] - distance), -x[0], x[1]))[1]


def aliens_in_sight_plainly(game, sq=None):
    return any(a.alive and geometry.los(game, h.pos, a.pos) for h in game.humans
               if h.status == "active" and (sq is None or h.squad == sq) for a in game.aliens)


def test_nearest_square_is_min_with_its_key_on_random_pools():
    rng = random.Random(53)
    for _ in range(20000):
        squares = rng.sample(range(1600), rng.randint(1, 12))
        pool = [(rng.randint(1, 24), s) for s in squares]  # (distances repeat: ties to settle)
        distance = rng.randint(3, 18)
        assert xeno.nearest_square(pool, distance) == nearest_square_plainly(pool, distance), (pool, distance)


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_nearest_square_and_aliens_in_sight_at_random_positions(seed, mission):
    pools = seen = 0
    for g in positions(seed, mission, every=5, steps=2000):
        culled = g.clone()  # every other Alien dead where it stands (a dead Alien in view is not seen)
        for a in culled.aliens[::2]:
            a.alive = False
        for game in (g, culled):
            for sq in [None] + list(range(g.n_squads)):
                expected = aliens_in_sight_plainly(game, sq)
                assert xeno.aliens_in_sight(game, sq) == expected, (seed, sq)
                seen += expected
        if not any(h.status == "active" for h in g.humans):
            continue
        kept = g.xeno_squad  # (the squad the candidates are seen from; put back for the play on)
        for g.xeno_squad in range(g.n_squads):
            options = geometry.placement_candidates(g)
            for pool in list(options.values()) + [[x for xs in options.values() for x in xs]]:
                if pool:
                    for distance in range(3, 19):
                        assert xeno.nearest_square(pool, distance) == nearest_square_plainly(pool, distance)
                    pools += 1
        g.xeno_squad = kept
    assert pools > 100 and seen > 20
