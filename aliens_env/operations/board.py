"""The Operations/Air Ducts map as boards of the shared grid engine: one frozen Board per state of
the two doors (sealed: a wall; open: floor), each with path costs in which office furniture
('d') costs two to enter. A game switches boards when a door opens; boards are shared."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..core.board import UNREACHABLE, Board

EXTRA_OPEN = ",AJ"  # duct, airlock, Compass junction: open floor of their own names


class OperationsBoard(Board):
    """A Board whose distances count entering a furniture square as 2 (rows: from, columns: to)."""

    def distances(self) -> np.ndarray:
        if self._dist is None:
            dist = np.full((self.n, self.n), UNREACHABLE, dtype=np.int16)
            for dst in range(self.n):
                if self.passable.flat[dst]:
                    dist[:, dst] = np.minimum(self.field([dst], weighted=True), UNREACHABLE)  # cost of reaching dst
            dist.flags.writeable = False
            self._dist = dist
        return self._dist

    def distances_from(self, square: int) -> np.ndarray:
        return self.distances()[square]


@lru_cache(maxsize=None)
def board(rows: tuple[str, ...], far_door_open: bool, gold_door_open: bool) -> OperationsBoard:
    """The board with each door sealed (a wall) or open (floor)."""
    text = "\n".join(rows)
    shown = text.replace("A", "a")  # the text view: A is an Alien there
    text = text.replace("D", "." if far_door_open else "W").replace("G", "." if gold_door_open else "W")
    b = OperationsBoard(text.splitlines(), EXTRA_OPEN)
    b.rows_text = shown.replace("D", "." if far_door_open else "D").replace("G", "." if gold_door_open else "G").splitlines()
    return b
