"""Rebuild the lairs map's line-of-sight table (data/sight.npz) after the map changes:
``python -m aliens_env.lairs.sight`` (a module of its own: a module run with ``python -m`` stays
uncompiled, and the board is on every step's path)."""
from __future__ import annotations

import numpy as np

from .board import EXTRA_OPEN, SIGHT, LairsBoard, map_key
from .data_files import lairs


def write_sight() -> None:
    """Compute the lairs map's line-of-sight table with the engine and save it (data/sight.npz)."""
    rows = tuple(lairs()["map"].splitlines())
    b = LairsBoard([row.replace("s", "S") for row in rows], EXTRA_OPEN)
    table = np.array([b.los_from(src) for src in range(b.n)])
    np.savez_compressed(SIGHT, map=map_key(rows), sight=np.packbits(table, axis=1))


if __name__ == "__main__":
    write_sight()
