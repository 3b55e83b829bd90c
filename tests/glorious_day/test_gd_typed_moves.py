"""Glorious Day's typed move helpers answer as the plain computations they replaced: where a Move
ends (``move_targets``, and ``vehicle_moves`` with the APC on the board: byte marks of the
occupied squares) and the policies' nearest move (``nearest_square``)."""
from __future__ import annotations

import random

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.state import nearest_square


def _plain_vehicle_moves(g: GloriousDay, c: int, closed: set[int], speed: int) -> list[int]:
    """``vehicle_moves`` as it was written with sets: the union of the closed squares and the
    APC's, the test on ``occupied()``, the free spaces aboard as the APC's squares no Character
    stands on."""
    inside, occupied, step = g.vehicle_set(), g.occupied(), g.door_step()
    closed = closed | inside
    taken = {ch["pos"] for ch in g.chars}
    free = [s for s in g.vehicle_squares() if s not in taken]
    if g.chars[c]["pos"] in inside:
        out = list(free)
        if step != NO and step not in closed:
            out += [s for s in g.reach(step, closed, speed - 1) if s not in occupied]
        return sorted(out)
    reach, near = g.reach_split(g.chars[c]["pos"], closed, speed)
    out = [s for s in reach if s not in occupied]
    if step != NO and step in reach[:near]:
        out += free
    return sorted(out)


def _closed(g: GloriousDay) -> set[int]:
    """The squares closed to a Character's Move (as ``move_targets`` closes them)."""
    closed = g.barricades | {a["pos"] for a in g.aliens if a is not None} | set(g.queen_squares())
    if g.newt_carrier == NO and g.newt != NO:
        closed.add(g.newt)
    return closed


def test_vehicle_moves_is_the_plain_computation_on_random_positions():
    """Over random play of the APC's missions, every Character on the board (some set down
    aboard, at random Speeds from 1 to 6) gets the moves the plain set computation gives, in
    ascending order, both from outside the APC and from aboard it."""
    rng, asked, aboard = random.Random(5), 0, 0
    for mission in ("queen_apc", "apc_chase"):
        g = GloriousDay(mission=mission)
        for seed in range(3):
            g.reset(seed)
            for _ in range(150):
                if g.is_terminal() or g.truncated_by():
                    break
                if g.apc is not None:
                    for c, ch in enumerate(g.chars):
                        if ch["pos"] == NO:
                            continue
                        speed = rng.randint(1, 6)
                        got = g.vehicle_moves(c, _closed(g), speed)
                        assert got == _plain_vehicle_moves(g, c, _closed(g), speed)
                        asked += 1
                        # the same Character set down on a space aboard no one holds
                        free = [s for s in g.vehicle_squares() if s not in g.occupied() - g.vehicle_set()
                                and all(other["pos"] != s for other in g.chars)]
                        if free:
                            old, ch["pos"] = ch["pos"], rng.choice(free)
                            got = g.vehicle_moves(c, _closed(g), speed)
                            assert got == _plain_vehicle_moves(g, c, _closed(g), speed)
                            ch["pos"] = old
                            aboard += 1
                g.apply(rng.choice(g.legal_actions()))
    assert asked > 300 and aboard > 300  # (the positions were asked about, both ways)


def test_move_targets_without_the_apc_are_the_reach_less_the_occupied_squares():
    """Without the APC (the first mission, and the Power Loader's with the Queen), a Move ends on
    the squares of its reach that ``occupied()`` does not hold, ascending, as the set test gave
    them; asked afresh at every position of random play, for every Character on the board but a
    pilot."""
    rng, asked = random.Random(9), 0
    for mission in (None, "loader_bay"):
        g = GloriousDay() if mission is None else GloriousDay(mission=mission)
        for seed in range(3):
            g.reset(seed)
            for _ in range(150):
                if g.is_terminal() or g.truncated_by():
                    break
                for c, ch in enumerate(g.chars):
                    if ch["pos"] == NO or c == g.pilot():
                        continue
                    g._cache.pop(("move_targets", c), None)
                    occupied = g.occupied()
                    plain = sorted(s for s in g.reach(ch["pos"], _closed(g), g.stats_of(c)["speed"])
                                   if s not in occupied)
                    assert g.move_targets(c) == plain
                    asked += 1
                g.apply(rng.choice(g.legal_actions()))
    assert asked > 500


def test_nearest_square_is_min_by_steps_then_square():
    """``nearest_square`` picks as ``min(squares, key=lambda s: (dist[s], s), default=None)``:
    random squares (repeated ones, unsorted, none) on steps with many ties and UNREACHABLE."""
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randint(1, 40)
        dist = [rng.choice([0, 1, 2, 3, UNREACHABLE]) for _ in range(n)]
        squares = [rng.randrange(n) for _ in range(rng.randint(0, 12))]
        assert nearest_square(squares, dist) == min(squares, key=lambda s: (dist[s], s), default=None)
    assert nearest_square([], [0, 1]) is None
    assert nearest_square([5, 2, 7], [9] * 8) == 2  # all tied: the lowest square
    assert nearest_square((4, 1), [3, 3, 3, 3, 0]) == 4  # fewer steps before a lower square
