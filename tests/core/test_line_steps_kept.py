"""``line_steps`` (core/grid.py) keeps its answers in a dict by offset and width (it was an lru_cache):
interleaved offsets and widths, asked again and again, answer as the computation from ``_line_squares``
(test_line_squares.py checks that computation against the vectorised form)."""
from __future__ import annotations

import random

from aliens_env.core.grid import _line_squares, line_steps


def _plain_line_steps(dr: int, dc: int, width: int) -> tuple[int, ...]:
    """The segment's squares from a square at (14, 15) on a grid `width` wide, as offsets from it."""
    src = 14 * width + 15
    return tuple(sq - src for sq in _line_squares(width, (14, 15), (14 + dr, 15 + dc)))


def test_kept_steps_are_the_plain_ones_for_every_width_and_offset():
    rng = random.Random(7)
    for _ in range(3000):
        width = rng.choice([30, 31, 40, 64])
        dr, dc = rng.randint(-14, 14), rng.randint(-15, 14)
        got = line_steps(dr, dc, width)
        assert got == _plain_line_steps(dr, dc, width), (dr, dc, width)
        assert line_steps(dr, dc, width) is got  # (kept: the same tuple again)
