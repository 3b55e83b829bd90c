"""observation.band_stripe() builds its floats in one loop in C when compiled (observation.pxd's
_halves_c) and with numpy run as Python, and observe() copies the window's planes out of it with
a memcpy a plane in C (_board_c) or with numpy: either way a stripe is the padded map planes' slice
divided by two, whatever the layout, the band and the column, and so is the observation's board
(its map planes)."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, geometry, observation
from aliens_env.bug_hunt.observation import N_PLANES, STRIPE_ROWS
from bh_helpers import check_kept_stripes, random_play


def test_every_stripe_built_through_random_play_is_the_map_planes_slice_in_floats():
    """Through random play on several layouts (their doors, hazards, rooms and features change
    the map planes), every stripe kept after each observation is the map planes' slice / 2; the
    observation's board planes that map_planes makes are the window's slice of them."""
    from aliens_env.bug_hunt.observation import P, focus

    map_plane_ids = [i for name, i in P.items() if name not in (
        "marine", "civilian", "android", "overwatch", "acting", *observation.ALIEN_KINDS)]
    checked = bands = 0
    for seed in range(3):
        seen_bands = set()
        for g in random_play(seed, 300):
            board = g.obs_layout.views(g.observe(g.current_player()))["board"]
            checked += len(check_kept_stripes(g))
            fr, fc = g.rc(focus(g))
            w = g.window
            window = observation.map_planes(g)[:, fr:fr + w, fc:fc + w].astype(np.float32) / 2
            assert np.array_equal(board[map_plane_ids], window[map_plane_ids])
            seen_bands.add(fr // STRIPE_ROWS)
        bands += len(seen_bands)
    assert checked > 300 and bands >= 3


def test_the_last_band_s_stripe_ends_with_the_map_planes():
    """The last band's stripe holds the rows to the padded planes' end (fewer than the others')."""
    g = BugHunt()
    g.reset(1)
    w, n = g.window, g.size
    planes = observation.map_planes(g)
    last = (n - 1) // STRIPE_ROWS
    out = observation.stripe(g, n - 1, 0)
    assert np.array_equal(out, (planes[:, n - 1:n - 1 + w, 0:w].astype(np.float32) / 2).reshape(N_PLANES, -1))
    kept = g._shared["stripes"][1][(0, last)]
    assert kept.shape == (N_PLANES, (planes.shape[1] - last * STRIPE_ROWS) * w)
    check_kept_stripes(g)


@pytest.mark.parametrize("w", [1, 7, 15, 16, 17, 24, 25, 31, 32, 33, 41])
def test_a_stripe_of_any_window_width_is_the_map_planes_slice_in_floats(w):
    """Windows narrower than the C loop's chunk of 16 squares (a row square by square), as wide
    and wider (chunk by chunk, the last one overlapping the one before): on random map planes
    (every byte value on the planes map_planes marks), at both edges of the padded planes, the last band and random columns
    between, every stripe is the map planes' slice / 2."""
    g = BugHunt()
    g.reset(2)
    g.window = w
    geometry.lasting_cache(g).pop("map_planes", None)  # (the planes of the 25-square window's padding)
    g._shared.pop("stripes", None)
    rng = np.random.default_rng(w)
    planes = observation.map_planes(g)
    planes[...] = rng.integers(0, 256, planes.shape, dtype=np.uint8)  # (kept: the layout has not changed)
    planes[np.frombuffer(observation._MAPPED, np.uint8) == 0] = 0  # (the figures' planes: map_planes leaves them 0)
    side = planes.shape[2]
    for fc in (0, side - w, *rng.integers(0, side - w + 1, 8)):
        for fr in (0, g.size - 1, int(rng.integers(0, g.size))):
            observation.band_stripe(g, fr, int(fc))
            check_kept_stripes(g)
    assert observation.map_planes(g) is planes


@pytest.mark.skipif(not observation.__file__.endswith(".so"), reason="the C loop is compiled only")
def test_the_compiled_stripe_loop_checks_its_bounds_once():
    """_halves_c reads and writes no index it was not given room for: a stripe outside the map
    planes, or of the wrong shape, raises instead of reading past them (stripe() never asks it)."""
    g = BugHunt()
    g.reset(1)
    planes, w = observation.map_planes(g), g.window
    for fc in (planes.shape[2] - w + 1, -1):  # a window's columns past the planes' right or left edge
        with pytest.raises(IndexError):
            observation.stripe(g, 0, fc)
    assert not g._shared["stripes"][1]  # (nothing kept of them)
