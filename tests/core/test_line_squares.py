"""The squares a sight line passes (core/grid.py's ``_line_squares``, read through ``line_steps`` by
``has_los``, ``line_squares`` and the Reactor Room family) against the vectorised Liang-Barsky form
they replaced (numpy, below) on every offset of a window, and the one-box test ``_segment_entry``
against ``segments_blocked`` (the sight windows' form of the same test)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.core.grid import _EPS, _line_squares, _segment_entry, line_steps, segments_blocked


def segment_enters_boxes_numpy(p0, p1, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Entry parameter t (NaN if none) of the segment p0-p1 into each open unit box (xs, ys)."""
    (ax, ay), (bx, by) = p0, p1
    dx, dy = bx - ax, by - ay
    t0 = np.zeros(len(xs))
    t1 = np.ones(len(xs))
    inside = np.ones(len(xs), dtype=bool)
    for p, q in ((-dx, ax - (xs + _EPS)), (dx, (xs + 1 - _EPS) - ax), (-dy, ay - (ys + _EPS)), (dy, (ys + 1 - _EPS) - ay)):
        if p == 0:
            inside &= q >= 0
        elif p < 0:
            t0 = np.maximum(t0, q / p)
        else:
            t1 = np.minimum(t1, q / p)
    return np.where(inside & (t0 < t1 - _EPS), t0, np.nan)


def line_squares_numpy(width: int, a, b) -> list[int]:
    (r0, c0), (r1, c1) = a, b
    rows, cols = np.mgrid[min(r0, r1):max(r0, r1) + 1, min(c0, c1):max(c0, c1) + 1]
    rows, cols = rows.ravel(), cols.ravel()
    t = segment_enters_boxes_numpy((c0 + 0.5, r0 + 0.5), (c1 + 0.5, r1 + 0.5), cols, rows)
    squares = rows * width + cols
    src, dst = r0 * width + c0, r1 * width + c1
    keep = ~np.isnan(t) & (squares != src) & (squares != dst)
    order = np.argsort(t[keep], kind="stable")
    return squares[keep][order].tolist()


@pytest.mark.parametrize("width", [30, 64])
def test_line_squares_are_the_vectorised_forms_on_every_offset_of_a_window(width):
    src = (14, 15)
    for dr in range(-14, 15):
        for dc in range(-15, 15):
            dst = (src[0] + dr, src[1] + dc)
            assert _line_squares(width, src, dst) == line_squares_numpy(width, src, dst), (dr, dc)
            span = abs(dc) + 1  # (as line_steps reads it)
            a = (max(0, -dr), max(0, -dc))
            b = (a[0] + dr, a[1] + dc)
            assert _line_squares(span, a, b) == line_squares_numpy(span, a, b), (dr, dc)
            steps = tuple(((sq // span) - a[0]) * width + (sq % span) - a[1] for sq in line_squares_numpy(span, a, b))
            assert line_steps(dr, dc, width) == steps, (dr, dc)


def test_the_one_box_test_is_segments_blocked_and_its_entry():
    """Random segments between square centres (and off-centre points, as the shooter corners) and
    boxes near them: the box is entered exactly where segments_blocked says, at the numpy form's t."""
    rng = random.Random(7)
    for _ in range(3000):
        ax, ay = rng.randrange(12) + rng.choice((0.0, 0.5, 1.0)), rng.randrange(12) + rng.choice((0.0, 0.5, 1.0))
        bx, by = rng.randrange(12) + 0.5, rng.randrange(12) + 0.5
        x, y = rng.randrange(12), rng.randrange(12)
        t = _segment_entry(ax, ay, bx, by, x, y)
        blocked = segments_blocked(ax, ay, np.array([bx]), np.array([by]), np.array([y]), np.array([x]))[0, 0]
        assert (t >= 0) == blocked, (ax, ay, bx, by, x, y)
        ref = segment_enters_boxes_numpy((ax, ay), (bx, by), np.array([x]), np.array([y]))[0]
        assert (np.isnan(ref) and t == -1.0) or t == ref, (ax, ay, bx, by, x, y, t, ref)
