"""The map planes' row spans (observation._scan_spans): per plane and padded row, the first column
holding a nonzero byte and one past the last, (0, 0) for a row of zeros. Compiled, write_board
converts a row only over its span and map_planes clears a plane only there, so the spans kept with
the planes must be the planes' own after every rewrite in place (_square_planes' rows, _clear_planes,
_widen's marks): checked through seeded random play against spans made from the planes' bytes. The
scan itself (eight bytes a step, compiled) against numpy's, on rows of every width about 8; and the
compiled board stays inside its window and board whatever the spans hold.
"""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.observation import N_PLANES
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import random_play

GAMES = {"BugHunt": (BugHunt, 200),
         "options": (lambda: BugHunt(mission="kill_queen", apc=True, electronic_locks=True, satellite_comms=True), 200),
         "BugHuntTactics": (BugHuntTactics, 60)}


def _plain_spans(planes) -> np.ndarray:
    """Each row's first nonzero column and one past its last, by np.flatnonzero, (0, 0) if none."""
    want = np.zeros(planes.shape[:2] + (2,), dtype=np.int16)
    for p in range(planes.shape[0]):
        for y in range(planes.shape[1]):
            held = np.flatnonzero(planes[p, y])
            if len(held):
                want[p, y] = held[0], held[-1] + 1
    return want


def _spans_of(planes) -> np.ndarray:
    spans = bytearray(4 * planes.shape[0] * planes.shape[1])
    observation._scan_spans(planes, spans, range(planes.shape[0]))
    return observation._span_view(planes, spans)


@pytest.mark.parametrize("side", [1, 7, 8, 9, 15, 16, 17, 25, 88, 90])
def test_the_scan_finds_each_rows_first_and_past_last_nonzero_column(side):
    """Rows of zeros, rows marked at their first or last column only, in one column, sparse and full,
    of widths below, at and past the scan's eight bytes; every byte value."""
    rng = np.random.default_rng(side)
    planes = np.zeros((3, 40, side), dtype=np.uint8)
    planes[1] = np.where(rng.random((40, side)) < 0.05, rng.integers(1, 256, (40, side)), 0)
    planes[2] = rng.integers(0, 256, (40, side))
    planes[0, 1, 0] = planes[0, 2, side - 1] = 1
    planes[0, 3, side // 2] = 255
    planes[0, 4, 0] = planes[0, 4, side - 1] = 2
    assert np.array_equal(_spans_of(planes), _plain_spans(planes))


@pytest.mark.parametrize("name", list(GAMES))
def test_the_kept_spans_are_the_planes_own_through_play(name):
    """After every move (rewrites in place: rows of the first seven planes, features', rooms' and open
    ends' planes cleared and marked again), the spans kept with the map planes are those a scan of
    the planes gives, and the planes are a fresh build's."""
    make, moves = GAMES[name]
    checked = 0
    for seed in range(3):
        for g in random_play(seed, moves, make=make):
            kept = observation._kept_planes(g)
            planes, spans = kept[3], kept[-1]
            assert np.array_equal(observation._span_view(planes, spans), _plain_spans(planes)), (seed, checked)
            checked += 1
        shared, g._shared = g._shared, {}
        fresh = observation._kept_planes(g)
        g._shared = shared
        assert np.array_equal(fresh[3], planes) and fresh[-1] == spans
    assert checked > 100


def test_clear_and_widen_keep_the_spans_of_what_they_write():
    """_widen widens the rows it names to hold the columns marked (an empty row takes them), and
    _clear_planes zeroes the planes listed, spans (0, 0), the other planes and their spans as they
    were; indices outside the planes are an IndexError."""
    rng = np.random.default_rng(7)
    planes = np.where(rng.random((4, 20, 30)) < 0.1, 2, 0).astype(np.uint8)
    planes[3] = 0
    spans = bytearray(4 * 4 * 20)
    observation._scan_spans(planes, spans, range(4))
    planes[3, 5:9, 10:12] = 1
    observation._widen(spans, 20, 3, 5, 9, 10, 12)
    planes[3, 6, 29] = 2
    observation._widen(spans, 20, 3, 6, 7, 29, 30)
    planes[1, 0, 0] = 2
    observation._widen(spans, 20, 1, 0, 1, 0, 1)
    assert np.array_equal(observation._span_view(planes, spans), _plain_spans(planes))
    before = planes.copy()
    observation._clear_planes(planes, spans, [1, 3])
    assert not planes[[1, 3]].any() and np.array_equal(planes[[0, 2]], before[[0, 2]])
    assert np.array_equal(observation._span_view(planes, spans), _plain_spans(planes))
    for plane, y0, y1, x0, x1 in [(-1, 0, 1, 0, 1), (0, 0, 21, 0, 1), (0, -1, 1, 0, 1), (0, 0, 1, 3, 3),
                                  (0, 0, 1, -1, 1), (0, 0, 1, 0, 2 ** 15)]:
        with pytest.raises(IndexError):
            observation._widen(spans, 20, plane, y0, y1, x0, x1)
    with pytest.raises(IndexError):
        observation._widen(spans, 20, 4, 0, 1, 0, 1)  # (a plane past the spans)
    with pytest.raises(IndexError):
        observation._clear_planes(planes, spans, [4])


def test_a_mark_is_written_with_its_spans_and_one_off_the_colony_refused_with_nothing_written():
    """_mark writes a rectangle of the colony's squares (the padded planes' inner part) and widens its
    rows' spans; a place off the colony (a negative one numpy would wrap, a rectangle past the edge
    numpy would clip, an empty one) is an IndexError, the planes and spans as they were."""
    half, n = 2, 8
    planes = np.zeros((3, n + 2 * half, n + 2 * half), dtype=np.uint8)
    inner = planes[:, half:half + n, half:half + n]
    spans = bytearray(4 * 3 * (n + 2 * half))
    observation._mark(inner, spans, n + 2 * half, half, 1, 3, 4, 5, 6, 1)
    observation._mark(inner, spans, n + 2 * half, half, 2, 7, 0, 7, 0, 2)
    assert (planes[1, 5:8, 6:9] == 1).all() and planes[2, 9, 2] == 2 and planes.sum() == 9 + 2
    assert np.array_equal(observation._span_view(planes, spans), _plain_spans(planes))
    for r0, c0, r1, c1 in [(-1, 0, -1, 0), (0, -1, 0, -1), (6, 6, 8, 7), (0, 0, 0, 8), (3, 3, 2, 3)]:
        before, kept = planes.copy(), bytes(spans)
        with pytest.raises(IndexError, match="not on the 8x8 colony"):
            observation._mark(inner, spans, n + 2 * half, half, 2, r0, c0, r1, c1, 2)
        assert np.array_equal(planes, before) and bytes(spans) == kept


def test_the_board_stays_in_its_window_whatever_the_spans_hold():
    """Spans that are not the planes' (random, negative and past the row too) change at most which of
    the window's floats are converted and which zeroed, compiled: every float of the board is its
    square's value / 2 or 0, and nothing outside the board is written (the spans clipped to the
    window). Run as Python the spans are not read: the board is the window."""
    g = BugHunt()
    g.reset(6)
    w = g.window
    kept = observation._kept_planes(g)
    planes, spans = kept[3], kept[-1]
    rng = np.random.default_rng(6)
    planes[...] = rng.integers(1, 3, planes.shape)  # (no zero in a mapped plane: a zeroed float shows)
    planes[np.frombuffer(observation._MAPPED, np.uint8) == 0] = 0
    observation._span_view(planes, spans)[...] = rng.integers(-2 ** 15, 2 ** 15, (N_PLANES, planes.shape[1], 2))
    side = planes.shape[1]
    for fr, fc in [(0, 0), (side - w, side - w), (3, 40)]:
        out = np.full(N_PLANES * w * w + 4, np.nan, dtype=np.float32)
        observation.write_board(g, out, 2, fr, fc)
        assert np.isnan(out[:2]).all() and np.isnan(out[-2:]).all()
        board = out[2:-2].reshape(N_PLANES, w, w)
        want = planes[:, fr:fr + w, fc:fc + w].astype(np.float32) / 2
        assert ((board == want) | (board == 0)).all()
