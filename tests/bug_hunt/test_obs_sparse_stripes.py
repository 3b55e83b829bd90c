"""band_stripe() on sparse map planes (most of a window's rows are zero on most planes: the doors',
hazards' and features'): compiled, _halves_c writes a chunk of 16 squares whose bytes are all zero as
zeros without converting it, and converts any other. On random planes with a few marked squares
(chunks of zeros, and chunks marked only in their first or only in their last eight bytes), every
stripe equals the map planes' slice / 2 though its array held NaN on those planes before (a chunk of
zeros is written, not left as it was), for windows of one chunk, more, and several."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, geometry, observation

from bh_helpers import check_kept_stripes


@pytest.mark.parametrize("density", [0.003, 0.02, 0.06])
@pytest.mark.parametrize("w", [16, 17, 25, 33, 41])
def test_stripes_of_sparse_planes_are_their_slices_whatever_their_arrays_held(w, density):
    g = BugHunt()
    g.reset(3)
    g.window = w
    geometry.lasting_cache(g).pop("map_planes", None)  # (the planes of the 25-square window's padding)
    g._shared.pop("stripes", None)
    rng = np.random.default_rng(int(w / density))
    planes = observation.map_planes(g)
    mapped = np.frombuffer(observation._MAPPED, np.uint8) == 1
    marked = rng.random(planes.shape) < density
    planes[...] = np.where(marked, rng.integers(1, 3, planes.shape), 0)  # (half steps: 0.5 and 1)
    planes[~mapped] = 0  # (the figures' planes: map_planes leaves them 0)
    side = planes.shape[2]
    zero_rows = rows = 0
    for fc in (0, side - w, *rng.integers(0, side - w + 1, 6)):
        for fr in (0, g.size - 1, int(rng.integers(0, g.size))):
            for array in geometry.lasting_cache(g).get("stripe_arrays", []):
                array[mapped] = np.nan  # (a kept stripe's too: it is built again below)
            g._shared.pop("stripes", None)
            out = observation.band_stripe(g, fr, int(fc))
            check_kept_stripes(g)
            by_row = out[mapped].reshape(-1, w)
            zero_rows += int((by_row == 0).all(axis=1).sum())
            rows += len(by_row)
    assert 0 < zero_rows < rows  # (rows of zeros and marked rows, both)
