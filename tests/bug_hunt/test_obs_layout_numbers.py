"""observe() reads the observation's size and the board's offset from the game's ObsNumbers (observation.
obs_numbers, made again when the layout is another object), and _zero_planes zeroes the planes it lists
through one buffer when compiled. A game given a layout of the same views in another order is observed
with each view where that layout puts it (the same values as under the default layout); a layout without
a board is refused by observe() and observed by observe_without_planes (BugHuntTactics' compact
observation's base) with the other views' values; _zero_planes zeroes exactly the planes listed (as numpy's
indexing does) in arrays of several shapes, and an index outside the array is an IndexError."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.tactics import BugHuntTactics
from aliens_env.core.actions import ObsLayout

from bh_helpers import random_play


def _views(layout: ObsLayout) -> list:
    return [(name, layout.shapes[name], layout.descriptions[name]) for name in layout.names()]


@pytest.mark.parametrize("make", [BugHunt, BugHuntTactics])
def test_each_view_is_observed_where_the_games_layout_puts_it(make):
    """Through random play, the observation under a layout of the views reversed (the board last)
    holds each view's values of the default layout's observation; a layout without the board is
    refused by observe() and observe_without_planes writes the other views' values under it."""
    checked = 0
    for g in random_play(2, 120, make=make):
        player = g.current_player() or "marines"
        default = g.obs_layout
        want = default.views(g.observe(player))
        reversed_layout = ObsLayout(list(reversed(_views(default))))
        no_board = ObsLayout([view for view in _views(default) if view[0] != "board"])
        try:
            g.obs_layout = reversed_layout
            got = g.observe(player)
            assert got.shape == (default.size,)
            for name, view in reversed_layout.views(got).items():
                assert np.array_equal(view, want[name]), name
            got = observation.observe_without_planes(g, player, no_board)
            assert got.shape == (no_board.size,)
            for name, view in no_board.views(got).items():
                assert np.array_equal(view, want[name]), name
            g.obs_layout = no_board
            with pytest.raises(ValueError, match="observe\\(\\) needs a layout with the board view"):
                g.observe(player)
            with pytest.raises(ValueError, match="observe_without_planes takes a layout without the board view"):
                observation.observe_without_planes(g, player, default)
        finally:
            g.obs_layout = default
        for name, view in default.views(g.observe(player)).items():  # (the default layout's again)
            assert np.array_equal(view, want[name]), name
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("shape", [(23, 88, 88), (5, 3), (7, 1, 2, 3), (1, 4000)])
def test_zero_planes_zeroes_exactly_the_planes_listed(shape):
    rng = np.random.default_rng(len(shape))
    for listed in ([], [0], [shape[0] - 1], list(range(shape[0])), sorted({0, shape[0] // 2, shape[0] - 1}),
                   (shape[0] - 1, 0)):
        array = rng.integers(1, 200, size=shape, dtype=np.uint8)
        want = array.copy()
        want[list(listed)] = 0
        observation._zero_planes(array, listed)
        assert np.array_equal(array, want), listed
    floats = rng.random(shape, dtype=np.float32) + 1
    want = floats.copy()
    want[[shape[0] - 1]] = 0
    observation._zero_planes(floats, range(shape[0] - 1, shape[0]))
    assert np.array_equal(floats, want)
    with pytest.raises(IndexError):
        observation._zero_planes(np.ones(shape, np.uint8), [shape[0]])
