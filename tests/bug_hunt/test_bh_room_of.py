"""state.room_of (the piece under a square read with ndarray.item) against the piece grid read
plainly (.flat), over every square of random positions, and NO (-1), which reads the last square
as numpy's flat index does."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import state
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


def room_by_the_grid(g, s: int) -> int:
    pid = int(g.colony.piece.flat[s])
    return pid if pid >= 0 and g.colony.pieces[pid]["kind"] == "room" else NO


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_room_of_reads_the_room_under_every_square_at_random_positions(seed, mission):
    in_rooms = 0
    for g in positions(seed, mission, every=25, steps=3000):
        for s in list(range(g.size * g.size)) + [NO]:
            got = state.room_of(g, s)
            assert got == room_by_the_grid(g, s) and type(got) is int, (seed, s)
            in_rooms += got != NO
    assert in_rooms > 0  # rooms were laid
