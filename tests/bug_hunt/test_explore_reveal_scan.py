"""``explore.reveal``'s scan (``_first_seen``: the first pending port a viewer sees a mouth of) and
``layout_ports``' reading from the first port still pending at its last reading (``settled_ports``,
kept across layout versions),
against the plain rules, at random positions of seeded BugHuntTactics play (the figures the tactics
move, so squares and sections the random BugHunt play of test_reveal_plain seldom reaches)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import explore
from aliens_env.bug_hunt.codec import clone
from aliens_env.bug_hunt.geometry import lasting_cache
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics
from test_bh_reveal_kept import plain_mouths
from test_reveal_plain import laid, mouths, plain_reveal


def tactics_positions(seed: int, games: int, steps: int):
    """(rng, game) at every step of seeded random legal BugHuntTactics play."""
    rng = random.Random(seed)
    for game in range(games):
        g = BugHuntTactics()
        g.reset(seed * 100 + game)
        for _ in range(steps):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
            yield rng, g


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_ports_read_from_the_first_pending_one_are_the_plain_mouths(seed):
    skipped = 0
    for _, g in tactics_positions(seed, 4, 250):
        col = g.colony
        version, kept_mouths, pending, _ = explore.layout_ports(g)
        assert version == col.version and kept_mouths == plain_mouths(col)
        assert pending == any(p["state"] == "pending" for p in col.ports)
        settled = lasting_cache(g)["settled_ports"]
        assert settled[0] is col.ports
        assert all(p["state"] != "pending" for p in col.ports[:settled[1]])  # (none left out)
        skipped += settled[1]
    assert skipped > 1000  # (the reading did start past settled ports)


@pytest.mark.parametrize("seed", [3, 4])
def test_reveal_lays_what_the_plain_rule_lays_in_tactics_play(seed):
    checked = laying = 0
    for rng, g in tactics_positions(seed, 4, 200):
        if rng.random() < 0.5:
            continue
        col = g.colony
        squad = [h.pos for h in g.humans if h.status == "active" and h.pos != NO]
        ends = [m for port in col.ports if port["state"] == "pending" for m in mouths(col, port) if m >= 0]
        near = []
        if ends:  # a square within two of a mouth: in reach, and often in sight
            m = rng.choice(ends)
            near = [s for s in range(col.n) if col.range(s, m) <= 2]
        viewer = rng.choice([NO] + squad + near)
        plain = clone(g)
        plain_reveal(plain, viewer)
        pieces = len(col.pieces)
        explore.reveal(g, viewer)
        assert laid(g) == laid(plain), (seed, viewer)
        checked += 1
        laying += len(col.pieces) > pieces
    assert checked > 100 and laying > 20, (checked, laying)
