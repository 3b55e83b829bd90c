"""Where the Queen's move ends (``queen_destinations``: each target's least steps found by a typed
loop, her closed squares asked only past the early return) answers as the plain computation, at
every position of random play on her missions, for moves of 1 to 8 spaces."""
from __future__ import annotations

import random

from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.queen import within


def _plain_queen_destinations(g: GloriousDay, steps: int) -> list[int]:
    """queen_destinations in its plain form: closed squares and targets first, each target's least
    steps a min over its anchors in her whole reach, the ends of her move least far from the goals."""
    q, closed, targets = g.queen["pos"], g.queen_closed(), g.queen_targets()
    synthetic = g.synthetic_on_board()
    if targets and not (synthetic and all(g.synthetic(c) for c in targets)):
        return [q]
    b, size = g.board, g.size
    anchors = g._attack_anchors(closed)
    whole = b.large_reach(q, closed, size=size)
    by_char = {c: min((whole[a] for a in ans if a in whole), default=None) for c, ans in anchors.items()}
    by_char = {c: d for c, d in by_char.items() if d is not None}
    if synthetic:
        found = g._queen_preferring_people(within(whole, steps), anchors, by_char, bool(targets))
        if found is not None:
            return found
        by_char = {c: d for c, d in by_char.items() if not g.synthetic(c)} or by_char
    if not by_char:
        return [q]
    near = min(by_char.values())
    field = b.large_field([a for c, d in by_char.items() if d == near for a in anchors[c]], closed, size=size)
    ends = g._queen_ends(within(whole, steps), q)
    best = min(field.get(a, 10**6) for a in ends)
    return sorted(a for a in ends if field.get(a, 10**6) == best)


def test_queen_destinations_are_the_plain_computation():
    rng, asked, moved = random.Random(5), 0, 0
    for mission in ("queen_apc", "sulaco", "queen_lair", "loader_bay"):
        g = GloriousDay(mission=mission)
        for seed in range(3):
            g.reset(seed)
            for _ in range(250):
                if g.is_terminal() or g.truncated_by():
                    break
                if g.queen is not None:
                    steps = rng.randint(1, 8)
                    got = g.queen_destinations(steps)
                    assert got == _plain_queen_destinations(g, steps)
                    asked += 1
                    moved += got != [g.queen["pos"]]
                g.apply(rng.choice(g.legal_actions()))
    assert asked > 500 and moved > 100, (asked, moved)
