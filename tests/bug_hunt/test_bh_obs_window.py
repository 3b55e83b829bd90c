"""observation.write_board() converts the window of the padded map planes into the observation's
board in one loop in C when compiled (observation.pxd's _window_c) and with numpy run as Python:
either way the board is the planes' window divided by two, whatever the layout, the window's width
and place, and what the observation's array held before."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, geometry, observation
from aliens_env.bug_hunt.observation import N_PLANES

_MAPPED = np.frombuffer(observation._MAPPED, np.uint8) == 1


def _board(g, fr: int, fc: int, fill: float = np.nan, at: int = 3) -> np.ndarray:
    """write_board's window at (fr, fc), written into an array full of `fill` from `at` on; the
    values around it checked untouched."""
    w = g.window
    out = np.full(at + N_PLANES * w * w + 2, fill, dtype=np.float32)
    observation.write_board(g, out, at, fr, fc)
    assert np.array_equal(out[:at], np.full(at, fill, np.float32), equal_nan=True)
    assert np.array_equal(out[-2:], np.full(2, fill, np.float32), equal_nan=True)
    return out[at:at + N_PLANES * w * w].reshape(N_PLANES, w, w)


def _want(g, fr: int, fc: int) -> np.ndarray:
    w = g.window
    return observation.map_planes(g)[:, fr:fr + w, fc:fc + w].astype(np.float32) / 2


def test_every_window_on_the_grid_is_the_map_planes_window_in_floats():
    """Every window a focus can ask for (top-left squares 0..size-1 in the padded planes: the
    edges included) is the map planes' window / 2, its figure planes 0."""
    g = BugHunt()
    g.reset(5)
    for fr in range(g.size):
        for fc in (0, 1, g.size // 2, g.size - 1):
            board = _board(g, fr, fc)
            assert np.array_equal(board, _want(g, fr, fc)), (fr, fc)
            assert not board[~_MAPPED].any()


@pytest.mark.parametrize("w", [1, 7, 15, 16, 17, 24, 25, 31, 32, 33, 41])
def test_a_window_of_any_width_is_the_map_planes_window_in_floats(w):
    """Windows narrower than the C loop's chunk of 16 squares (a row square by square), as wide
    and wider (chunk by chunk, the last one overlapping the one before): on random map planes
    (every byte value on the planes map_planes marks), at both edges of the padded planes and
    random places between, the board is the planes' window / 2 in an array of NaNs."""
    g = BugHunt()
    g.reset(2)
    g.window = w
    geometry.lasting_cache(g).pop("map_planes", None)  # (the planes of the 25-square window's padding)
    rng = np.random.default_rng(w)
    planes = observation.map_planes(g)
    planes[...] = rng.integers(0, 256, planes.shape, dtype=np.uint8)  # (kept: the layout has not changed)
    planes[~_MAPPED] = 0  # (the figures' planes: map_planes leaves them 0)
    observation._scan_spans(planes, observation._kept_planes(g)[-1], range(N_PLANES))  # (a write goes with its spans)
    side = planes.shape[2]
    for fc in (0, side - w, *rng.integers(0, side - w + 1, 8)):
        for fr in (0, side - w, *rng.integers(0, side - w + 1, 3)):
            assert np.array_equal(_board(g, int(fr), int(fc)), _want(g, int(fr), int(fc))), (fr, fc)
    assert observation.map_planes(g) is planes


@pytest.mark.parametrize("density", [0.003, 0.02, 0.06])
@pytest.mark.parametrize("w", [16, 17, 25, 33, 41])
def test_windows_of_sparse_planes_are_written_whole_whatever_the_array_held(w, density):
    """Compiled, a row is converted only over the columns its span holds (chunks of 16 squares from
    the span's first column, the last one pulled back inside the row) and every other float is
    written as a zero. On random planes with a few marked squares (rows of zeros, rows marked in a
    few columns anywhere, at either edge of the window too), the board equals the planes' window / 2
    in an array of NaNs (a zero is written, not left) and in one of ones."""
    g = BugHunt()
    g.reset(3)
    g.window = w
    geometry.lasting_cache(g).pop("map_planes", None)
    rng = np.random.default_rng(int(w / density))
    planes = observation.map_planes(g)
    marked = rng.random(planes.shape) < density
    planes[...] = np.where(marked, rng.integers(1, 3, planes.shape), 0)  # (half steps: 0.5 and 1)
    planes[~_MAPPED] = 0
    observation._scan_spans(planes, observation._kept_planes(g)[-1], range(N_PLANES))
    side = planes.shape[2]
    zero_rows = rows = 0
    for fc in (0, side - w, *rng.integers(0, side - w + 1, 6)):
        for fr in (0, g.size - 1, int(rng.integers(0, g.size))):
            want = _want(g, fr, int(fc))
            for fill in (np.nan, 1.0):
                assert np.array_equal(_board(g, fr, int(fc), fill), want), (fr, fc, fill)
            by_row = want[_MAPPED].reshape(-1, w)
            zero_rows += int((by_row == 0).all(axis=1).sum())
            rows += len(by_row)
    assert 0 < zero_rows < rows  # (rows of zeros and marked rows, both)


def test_a_window_or_a_board_outside_their_arrays_raises_and_writes_nothing():
    """write_board reads and writes no index it was not given room for: a window past any edge of
    the padded planes (negative places too, which a numpy slice would wrap round), or a board
    starting before the observation or running past its end, raises IndexError, compiled and as
    Python, before writing anything; places far out of range too (compiled, a sum of them would
    wrap past a check written as one)."""
    g = BugHunt()
    g.reset(1)
    planes, w = observation.map_planes(g), g.window
    side, size = planes.shape[1], N_PLANES * w * w
    far = 2 ** 62
    cases = [(0, side - w + 1, size, 0), (0, -1, size, 0), (side - w + 1, 0, size, 0), (-w - 5, 0, size, 0),
             (far, 0, size, 0), (0, far, size, 0), (0, 0, size + 5, 6), (0, 0, size, -1), (0, 0, size, far)]
    for fr, fc, length, at in cases:
        out = np.full(length, np.nan, dtype=np.float32)
        with pytest.raises(IndexError):
            observation.write_board(g, out, at, fr, fc)
        assert np.isnan(out).all(), (fr, fc, at)
    out = np.full(size + 5, np.nan, dtype=np.float32)  # (the last place that fits, either way, writes)
    observation.write_board(g, out, 5, side - w, side - w)
    assert np.array_equal(out[5:].reshape(N_PLANES, w, w), _want(g, side - w, side - w))
