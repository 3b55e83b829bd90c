"""The Queen's searches answer as the plain computations they replaced: the anchors from which she
attacks each target (``_attack_anchors``: each anchor once) and where her move ends
(``queen_destinations``: ``queen_room`` asked only at the anchors as near as the nearest end)."""
from __future__ import annotations

import random

from aliens_env.glorious_day.game import GloriousDay


def _plain_attack_anchors(g: GloriousDay, closed: set[int]) -> dict[int, set[int]]:
    """{target: the anchors of ``_anchors_on`` of each of its squares whose footprint misses `closed`}."""
    out: dict[int, set[int]] = {}
    barred = g._anchors_holding(closed)
    for s, c in g.queen_prey().items():
        for a, _ in g._anchors_on(s):
            if a not in barred:
                out.setdefault(c, set()).add(a)
    return out


def _plain_nearest_ends(g: GloriousDay, reach, q: int, field: dict) -> list[int]:
    """Every end of her move (``_queen_ends``), then those least far by `field`."""
    ends = g._queen_ends(reach, q)
    best = min(field.get(a, 10**6) for a in ends)
    return sorted(a for a in ends if field.get(a, 10**6) == best)


def _positions(missions=("queen_apc", "sulaco", "queen_lair", "loader_bay"), seeds=2, steps=250):
    """Games of random legal play on the Queen's missions, at each position she is on the board."""
    rng = random.Random(3)
    for mission in missions:
        g = GloriousDay(mission=mission)
        for seed in range(seeds):
            g.reset(seed)
            for _ in range(steps):
                if g.is_terminal() or g.truncated_by():
                    break
                if g.queen is not None:
                    yield g, rng
                g.apply(rng.choice(g.legal_actions()))


def test_attack_anchors_are_the_plain_union_of_each_targets_squares_anchors():
    asked = 0
    for g, rng in _positions():
        for closed in (g.queen_closed(), set(rng.sample(range(g.board.n), 30)) | g.queen_closed()):
            got = g._attack_anchors(closed)
            assert all(len(set(anchors)) == len(anchors) for anchors in got.values())  # (each anchor once)
            assert {c: set(anchors) for c, anchors in got.items()} == _plain_attack_anchors(g, closed)
            asked += 1
    assert asked > 500


def test_queen_move_ends_nearest_the_goal_are_the_plain_least_far_ends():
    """At random goals (the field grown from a few anchors) and reaches of 1 to 8 steps: the ends
    least far, looked at nearest first, are those of all the ends."""
    asked, shoved = 0, 0
    for g, rng in _positions():
        b, q, closed = g.board, g.queen["pos"], g.queen_closed()
        stands = [a for a in range(b.n) if b.large_stands(size=g.size)[a]]
        field = b.large_field(rng.sample(stands, 3), closed, size=g.size)
        reach = b.large_reach(q, closed, rng.randint(1, 8), size=g.size)
        got = g._nearest_ends(reach, q, field)
        assert got == _plain_nearest_ends(g, reach, q, field)
        asked += 1
        shoved += len(g._anchors_holding(g._room_known()["smalls"]).intersection(reach)) > 0
    assert asked > 500 and shoved > 50  # (ends under smaller models were among them)
