"""Glorious Day's squares no model may end a move on as marks (``_blocked_marks``: ``_occupied_marks``
with the Barricades marked) are the plain set ``occupied() | barricades``, and ``_free_near``, which
reads them, answers as the plain rings of free squares, over random play of every mission."""
from __future__ import annotations

from aliens_env.core.board import UNREACHABLE
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import random_positions

MISSIONS = ('apc_chase', 'escape', 'loader_bay', 'nest', 'newt', 'purge', 'queen_apc', 'queen_lair', 'retrieve',
            'sulaco', 'survive', 'uplink')


def _plain_free_near(g: GloriousDay, squares: list[int]) -> list[int]:
    """The passable squares not in ``occupied() | barricades`` at the least range from any of `squares`."""
    blocked = g.occupied() | g.barricades
    free = [s for s in range(g.board.n) if g.passable[s] and s not in blocked]
    by_range = {s: min([g.board.range_rows()[s][t] for t in squares] + [UNREACHABLE]) for s in free}
    if not by_range:
        return []
    least = min(by_range.values())
    return [s for s in free if by_range[s] == least]


def test_blocked_marks_and_free_near_are_the_plain_sets_in_every_mission():
    positions, barricaded, found = 0, 0, 0
    for mission in MISSIONS:
        for g in random_positions(mission, 120, 31):
            blocked = g._blocked_marks()
            assert len(blocked) == g.board.n
            assert {s for s in range(g.board.n) if blocked[s]} == g.occupied() | g.barricades
            entries = sorted(g.entries.values())
            near = g._free_near(entries)
            assert near == _plain_free_near(g, entries)
            positions += 1
            barricaded += bool(g.barricades)
            found += bool(near)
    assert positions > 1000 and barricaded > 100 and found > 1000  # (all asked about)
