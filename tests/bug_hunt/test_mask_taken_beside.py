"""state.taken_beside (session 57: marine_mask's taken squares as bits of the eight directions
around a square, from one pass over the figures, instead of state.occupied's set) against the
rule: bit d is set exactly when the square beside s in direction d (core.grid.DIRECTIONS, on the
grid) is in state.occupied(game). Over random positions of random legal games (with the APC and
without), for every square of the board; the figures' states varied at random as well (random
play seldom leaves a dead, captured or hugged figure beside another: the state of a figure
beside the square must count, and only its square's neighbours)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt, geometry, state
from aliens_env.core.grid import DIRECTIONS

from bh_helpers import positions

STATUSES = ("active", "dead", "captured", "unconscious")


def taken_by_the_rule(g, s: int) -> int:
    occ, size = state.occupied(g), g.size
    r, c = divmod(s, size)
    bits = 0
    for d, (dr, dc) in enumerate(DIRECTIONS):
        if 0 <= r + dr < size and 0 <= c + dc < size and (r + dr) * size + c + dc in occ:
            bits |= 1 << d
    return bits


def shuffled_states(g, rng):
    """A copy of g with its figures' states drawn at random (statuses, live flags, attachments)
    and some figures moved beside others or off the map."""
    g = g.clone()
    squares = [h.pos for h in g.humans if h.pos != state.NO] + [a.pos for a in g.aliens]
    for h in g.humans:
        h.status = rng.choice(STATUSES)
        if squares and rng.random() < 0.3:
            h.pos = rng.choice(squares) + rng.choice((-1, 1, -g.size, g.size, g.size + 1))
        elif rng.random() < 0.1:
            h.pos = state.NO
    for a in g.aliens:
        a.alive = rng.random() < 0.7
        a.attached = rng.choice((state.NO, state.NO, 0))
    return g


@pytest.mark.parametrize("seed,apc", [(3, False), (8, True)])
def test_taken_beside_is_the_occupied_squares_around(seed, apc):
    rng, checked, set_bits = random.Random(seed), 0, 0
    for g in positions(seed, "kill_queen" if apc else "explore", every=20, steps=600, apc=apc):
        for variant in (g, shuffled_states(g, rng)):
            sentries = tuple(geometry.sq(variant, f["pos"]) for f in variant.features if f["kind"] == "sentry")
            for s in range(variant.size * variant.size):
                bits = state.taken_beside(variant, s, sentries)
                assert bits == taken_by_the_rule(variant, s), (seed, variant.turn, s)
                set_bits += bin(bits).count("1")
            checked += 1
    assert checked > 40 and set_bits > 1000  # (positions seen, and taken squares found)


def test_a_figure_across_the_row_s_end_is_not_beside():
    """The board's edge columns, which play never reaches (the margin): a figure in column 0 is not
    beside the square at the end of the row above or of its own row (their flat numbers differ by
    one or a row's width less one), and one in the last column not beside column 0 of the next row;
    figures truly beside an edge square are (the rule against a flat-number difference fails here)."""
    g = BugHunt()
    g.reset(1)
    size = g.size
    for h in g.humans:
        h.pos = state.NO
    for a in g.aliens:
        a.pos = state.NO
    g.apc = None
    first, last = g.humans[0], g.humans[1]
    first.status = last.status = "active"
    for r in range(1, size - 1):
        first.pos, last.pos = r * size, r * size + size - 1  # column 0 and the last column of row r
        for s in ((r - 1) * size + size - 1, r * size + size - 1, (r + 1) * size, r * size + 1, (r + 1) * size + size - 2):
            bits = state.taken_beside(g, s, ())
            assert bits == taken_by_the_rule(g, s), (r, s)
        assert state.taken_beside(g, r * size + 1, ()) == taken_by_the_rule(g, r * size + 1) != 0
