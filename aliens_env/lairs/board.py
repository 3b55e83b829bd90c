"""The lairs map as a board of the shared grid engine (core.board).

Marines step over the Board's own graph: the Stairwells ('s' and the large 'S') cannot be entered,
but block no line of sight. The Board's distances, which the Reactor Room's Alien movement reads,
are the Aliens': they climb into the Stairwells 1-8 ('s'), and from any Stairwell square reach any
other Stairwell's in ``underground_steps`` (A3). The Queen walks the Marines' graph (A16).

Line of sight is the engine's; on this map (250 wall squares) a row of it takes the engine about
0.1 s, so the whole table is kept, computed by the engine, in ``data/sight.npz`` (rebuilt with
``python -m aliens_env.lairs.sight``) and put in the board's cache when its map matches; with any
other map the engine computes the rows as they are asked for."""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..core.board import UNREACHABLE, Board, board_from_rows
from .data_files import ROOMS

EXTRA_OPEN = "Lc" + ROOMS  # the Elevator, Cocooning Squares and the Rooms' floor


class LairsBoard(Board):
    """A Board whose distances are the Aliens' (Stairwells 1-8 climbable and joined underground)."""

    underground_steps = 4

    def distances(self) -> np.ndarray:
        if self._dist is None:
            climb = board_from_rows(tuple(row.replace("s", ".") for row in self.rows_text), EXTRA_OPEN)
            dist = climb.distances().astype(np.int32)
            stairs = np.flatnonzero(self.stairwell_squares())
            if len(stairs):
                to_stairs = dist[:, stairs].min(axis=1)  # steps to the nearest Stairwell square
                under = to_stairs[:, None] + self.underground_steps + to_stairs[None, :]
                dist = np.minimum(dist, under)
            dist = np.minimum(dist, UNREACHABLE).astype(np.int16)
            dist.flags.writeable = False
            self._dist = dist
        return self._dist

    def stairwell_squares(self) -> np.ndarray:
        """Squares of the climbable Stairwells 1-8 ('s'), flat bool."""
        return np.array([ch == "s" for row in self.rows_text for ch in row])

    def distances_from(self, square: int) -> np.ndarray:
        return self.distances()[square]


SIGHT = Path(__file__).parent / "data" / "sight.npz"


@lru_cache(maxsize=None)
def board(rows: tuple[str, ...], underground_steps: int) -> LairsBoard:
    """The shared board of a lairs map: 's' is a Stairwell to Marines ('S' in the engine)."""
    b = LairsBoard([row.replace("s", "S") for row in rows], EXTRA_OPEN)
    b.rows_text = list(rows)
    b.underground_steps = underground_steps
    if SIGHT.exists():
        saved = np.load(SIGHT)
        if str(saved["map"]) == map_key(rows):
            table = np.unpackbits(saved["sight"], axis=1, count=b.n).astype(bool)
            table.flags.writeable = False
            for src in range(b.n):
                b._cache[("los", src, None)] = table[src]
    return b


def map_key(rows: tuple[str, ...]) -> str:
    return hashlib.sha256("\n".join(rows).encode()).hexdigest()
