"""The heuristic marines' nearest target (policies.nearest_target, a typed loop) is the plain
``min(targets, key=board.range)``: the first Alien slot at the least range, over random positions."""
from __future__ import annotations

import random

from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.policies import nearest_target


def test_nearest_target_is_the_first_at_least_range():
    rng, g, checked = random.Random(3), GloriousDay(mission="queen_apc"), 0
    g.reset(0)
    b = g.board
    for _ in range(3000):
        if g.is_terminal() or g.truncated_by():
            g.reset(rng.randrange(10**6))
            continue
        slots = [k for k, a in enumerate(g.aliens) if a is not None]
        for c, ch in enumerate(g.chars):
            if ch["pos"] is None or ch["pos"] < 0 or len(slots) < 2:
                continue
            targets = tuple(rng.sample(slots, rng.randint(1, len(slots))))
            plain = min(targets, key=lambda k: b.range(ch["pos"], g.aliens[k]["pos"]))
            assert nearest_target(b.range_row(ch["pos"]), g.aliens, targets) == plain
            checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000


def test_nearest_target_keeps_the_first_of_equal_ranges():
    ranges = [5, 2, 2, 7]
    aliens = [{"pos": 0}, {"pos": 1}, {"pos": 2}, {"pos": 3}]
    assert nearest_target(ranges, aliens, (3, 2, 1, 0)) == 2
    assert nearest_target(ranges, aliens, (1, 2)) == 1
    assert nearest_target(ranges, aliens, (0,)) == 0
