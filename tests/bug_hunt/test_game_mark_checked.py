"""bug_hunt/game.py's _mark, which sets a decision's options in its mask (_compute_mask): an entry
off the mask raises the same IndexError compiled and pure, a negative one too (the pure loop once
wrapped it to the mask's end where the compiled writer raised); and, compiled, the mask's bytes
are written through the pointer marines.pxd's _mask_bytes hands out after its one check of the
buffer, so a mask not of one byte an entry is refused (ValueError) where the writer once set a
byte of an int16 mask, not its entry."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.bug_hunt import game as game_module
from aliens_env.bug_hunt.game import BugHunt
from aliens_env.core.actions import ActionLayout
from aliens_env.core.game import Decision

COMPILED = game_module.__file__.endswith(".so")


def with_order(options) -> BugHunt:
    """A game whose open decision is the hive's order among `options` (set in the mask by _mark)."""
    game = BugHunt()
    game.reset(3)
    game.decision = Decision("hive", "order", options)
    game._cache.clear()
    return game


def test_the_options_are_marked():
    game = with_order([0, 2])
    start = game.layout.slices["order"][0]
    assert np.flatnonzero(game._compute_mask()).tolist() == [start, start + 2]


@pytest.mark.parametrize("end", ["before", "after"])
def test_an_entry_off_the_mask_raises_compiled_and_pure(end):
    game = with_order([0])
    start, size = game.layout.slices["order"][0], game.layout.size
    at = -1 if end == "before" else size  # (one before the mask's first entry, or its last's next)
    game.decision = Decision("hive", "order", [at - start])
    with pytest.raises(IndexError, match=f"mask entry {at} is out of range 0-{size - 1}"):
        game._compute_mask()


class WideMasks(ActionLayout):
    """A layout whose masks hold two bytes an entry."""

    def empty_mask(self):
        return np.zeros(self.size, np.int16)


def test_a_mask_of_two_bytes_an_entry_is_refused_compiled_or_marked_right():
    game = with_order([1])
    start = game.layout.slices["order"][0]
    game.layout = WideMasks(game.layout._specs)
    if COMPILED:
        with pytest.raises(ValueError, match="int8"):
            game._compute_mask()
    else:  # (pure: numpy sets the entry itself, whatever its type)
        assert np.flatnonzero(game._compute_mask()).tolist() == [start + 1]
