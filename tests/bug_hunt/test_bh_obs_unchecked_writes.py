"""observation._put, _put_packed and _zero, the runs of floats _write_features writes with no check of
each index when compiled (``@cython.boundscheck(False)``; _put_packed one memcpy of packed float32
values): over random spans they write what numpy's slice assignment writes (the values as float32) and
nothing outside the span, and a span that leaves the observation is an IndexError before anything is
written (the plain features are compared with observe()'s in test_bh_obs_features.py)."""
import struct

import numpy as np
import pytest

from aliens_env.bug_hunt.observation import _put, _put_packed, _zero


@pytest.mark.parametrize("seed", range(8))
def test_put_and_zero_write_what_a_slice_assignment_writes(seed):
    rng = np.random.default_rng(seed)
    for _ in range(200):
        size = int(rng.integers(1, 60))
        out = rng.random(size, dtype=np.float32) + 2
        want = out.copy()
        how = rng.integers(3)
        if how < 2:
            at = int(rng.integers(size + 1))
            values = tuple(float(v) for v in rng.random(int(rng.integers(size - at + 1))) * 3)
            if how:
                _put(out, at, values)
            else:
                _put_packed(out, at, struct.pack(f"{len(values)}f", *values))
            want[at:at + len(values)] = values
        else:
            start = int(rng.integers(size + 1))
            end = int(rng.integers(start, size + 1))
            _zero(out, start, end)
            want[start:end] = 0
        assert out.tobytes() == want.tobytes()


def test_a_span_off_the_observation_is_an_index_error_before_any_write():
    out = np.arange(10, dtype=np.float32)
    for at, n in ((-1, 1), (10, 1), (8, 3), (0, 11), (-5, 0)):
        with pytest.raises(IndexError):
            _put(out, at, (7.0,) * n)
        with pytest.raises(IndexError):
            _put_packed(out, at, struct.pack(f"{n}f", *(7.0,) * n))
    for packed in (b"\0\0\0", b"\0" * 5):  # (not whole floats)
        with pytest.raises(IndexError):
            _put_packed(out, 0, packed)
    for start, end in ((-1, 3), (0, 11), (9, 12)):
        with pytest.raises(IndexError):
            _zero(out, start, end)
    assert out.tolist() == list(range(10))
