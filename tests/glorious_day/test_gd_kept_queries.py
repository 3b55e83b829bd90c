"""Queries that keep their answers, or take them from another kept answer or a typed loop, answer
as the plain computation: the Characters' squares kept while nothing they read changes
(``_character_squares``), a square's open-map steps taken from the map's kept distances
(``_square_steps``) and the first seat aboard the APC a Character outside takes
(``apc_policy._first_seat``). (The ends of a Move listed in square order from byte marks, the C
function ``_marked_squares``: test_gd_typed_moves.py and test_gd_occupied.py hold
``move_targets`` and ``vehicle_moves`` to the plain sorted sets.)"""
from __future__ import annotations

import random

from aliens_env.core.board import NO
from aliens_env.glorious_day import apc_policy
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import random_positions
from test_gd_alien_queries import _plain_character_squares

MISSIONS = ("newt", "survive", "loader_bay", "queen_lair", "queen_apc", "apc_chase")


def test_kept_character_squares_follow_every_change_they_read():
    """Two games played side by side (other missions, maps, models) ask in turn: each gets its
    own squares, as it is and after each change the answer reads made alone (a Character moved or
    taken off the board, the APC moved, the Power Loader moved or piloted), then as it was."""
    rng, asked, changed = random.Random(3), 0, 0
    for first, second in (("queen_apc", "loader_bay"), ("apc_chase", "newt"), ("queen_lair", "queen_apc")):
        for g, other in zip(random_positions(first, 200, 5), random_positions(second, 200, 6)):
            for game in (g, other, g):
                assert game._character_squares() == _plain_character_squares(game)
                asked += 1
            free = [s for s in range(g.board.n) if g.passable[s] and s not in g.occupied()]
            changes = [(ch, "pos", rng.choice(free)) for ch in g.chars if ch["pos"] != NO]
            changes += [(ch, "pos", NO) for ch in g.chars if ch["pos"] != NO]
            if g.apc is not None:
                changes.append((g.apc, "pos", g.apc["pos"] + rng.choice((-1, 1))))
            if g.loader is not None:
                changes.append((g.loader, "pos", g.loader["pos"] + rng.choice((-1, 1))))
                if g.loader["pilot"] == NO:
                    changes += [(g.loader, "pilot", c) for c, ch in enumerate(g.chars) if ch["pos"] != NO][:1]
            for record, field, value in rng.sample(changes, min(3, len(changes))):
                old, record[field] = record[field], value
                assert g._character_squares() == _plain_character_squares(g)
                assert other._character_squares() == _plain_character_squares(other)
                record[field] = old
                assert g._character_squares() == _plain_character_squares(g)
                changed += 1
    assert asked > 1500 and changed > 1000


def test_square_steps_are_the_open_map_search_from_every_passable_square():
    """The rows _nearest_steps lowers (taken from _dist_row: the map's kept distances) are bfs's
    search from the square alone on the open map, for every passable square of each map, and the
    squares they are asked from, the Characters' and the APC's, are passable in play."""
    for mission in MISSIONS:
        g = GloriousDay(mission=mission)
        g.reset(0)
        for s in range(g.board.n):
            if g.passable[s]:
                assert list(g._square_steps(s)) == g.bfs([s], set())
        for game in random_positions(mission, 150, 2):
            assert all(game.passable[s] for s in game._character_squares())


def test_first_seat_is_the_least_by_order_then_square():
    """apc_policy._first_seat (a typed loop) picks as ``min`` with ORDER's key did, over the APC's
    real seat tables and random lists of its squares in any order."""
    rng = random.Random(9)
    g = GloriousDay(mission="queen_apc")
    g.reset(0)
    passable = [s for s in range(g.board.n) if g.passable[s]]
    for anchor in rng.sample(passable, 40):
        squares = g.vehicle_squares(anchor)
        if not squares:
            continue
        seat_at = g._shape(anchor).seat_at
        for _ in range(10):
            seats = rng.sample(squares, rng.randint(1, len(squares)))
            want = min(seats, key=lambda s: (apc_policy.ORDER.index(seat_at[s]), s))
            assert apc_policy._first_seat(seats, seat_at) == want
