"""Colony.entry_flags, the bytes BugHunt._check_end reads, is the entry array's own memory: at
random positions, after random writes to the array, and through a copy, a pickle, a deep copy, a
saved colony and a game's clone, the bytes are the array's squares (and a copy's are its own)."""
from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.colony import Colony
from aliens_env.bug_hunt.state import NO


def assert_flags_are_the_array(col: Colony) -> None:
    assert isinstance(col.entry_flags, bytearray)
    assert col.entry.shape == (col.size, col.size) and col.entry.dtype == bool
    assert list(col.entry_flags) == [int(v) for v in col.entry.ravel()]
    assert col.entry_flags[NO] == col.entry.flat[NO]  # a figure off the map reads the last square, as before


def scribble(col: Colony, rng: random.Random) -> None:
    """Random writes to the entry array, as the layout and the tests make them (in place)."""
    for _ in range(rng.randrange(1, 6)):
        r, c = rng.randrange(col.size), rng.randrange(col.size)
        col.entry[r, c] = rng.random() < 0.5
    if rng.random() < 0.2:
        col.entry[...] = np.array([rng.random() < 0.1 for _ in range(col.size * col.size)]).reshape(col.entry.shape)


@pytest.mark.parametrize("seed", [0, 1])
def test_entry_flags_are_the_entry_array_through_writes_and_copies(seed):
    rng = random.Random(seed)
    g = BugHunt()
    for game in range(4):
        g.reset(seed * 10 + game)
        for _ in range(rng.randrange(20, 120)):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
        col = g.colony
        assert_flags_are_the_array(col)
        assert sum(col.entry_flags) == 2 * g.rules["entry_length"]
        scribble(col, rng)
        assert_flags_are_the_array(col)
        before = bytes(col.entry_flags)
        saved = Colony.from_dict(col.to_dict(), col.hazard_ap)
        for other in (col.copy(), pickle.loads(pickle.dumps(col)), copy.deepcopy(col), saved, g.clone().colony):
            assert_flags_are_the_array(other)
            assert bytes(other.entry_flags) == before
            scribble(other, rng)
            assert_flags_are_the_array(other)
            assert bytes(col.entry_flags) == before and list(col.entry.ravel()) == [bool(b) for b in before]


def test_an_old_pickle_without_the_bytes_gets_them_from_its_array():
    col = BugHunt().colony
    state = col.__getstate__()
    del state["entry_flags"]
    old = Colony.__new__(Colony)
    old.__setstate__(state)
    assert_flags_are_the_array(old)
    assert bytes(old.entry_flags) == bytes(col.entry_flags)
