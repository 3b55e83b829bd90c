"""marine_mask's mask as a C pointer (session 59: compiled, marines.pxd's _mask_bytes, its buffer
checked once instead of a typed memoryview's set-up at every mask): MaskNumbers.written, the
length the buffer is checked against, is one past the end of every action slice marine_mask
writes by index (all but the grenade's, which it sets through numpy), read from the action
layout's slices; every slot a mask sets outside the grenade slice is below it at random
positions; and, compiled, a mask of another type or too short is refused (ValueError), never
written past its end."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.bug_hunt import marines
from aliens_env.bug_hunt.tactics import BugHuntTactics
from test_bh_marine_mask_typed import masks_by_code_and_rule
from bh_helpers import decisions

WRITTEN_BY_INDEX = ("move", "move_diagonal", "door", "weld", "unweld", "equip", "pick_lock", "comms", "fire",
                    "overwatch", "end")


def test_written_is_the_end_of_the_slices_written_by_index():
    for g in (BugHuntTactics(), BugHuntTactics(squad="predators", mission="kill_queen")):
        slices = g.layout.slices
        assert slices["fire"][1] == marines.MAX_TARGETS
        assert marines.marine_numbers(g).written == max(start + count for start, count in
                                                         (slices[kind] for kind in WRITTEN_BY_INDEX))


@pytest.mark.parametrize("seed,options", [(21, {}), (22, {"apc": True, "squad": "apc_crew", "satellite_comms": True})])
def test_every_slot_set_by_index_is_below_written(seed, options):
    checked = 0
    for g in decisions(seed, 1500, ("act",), **options):
        start, count = g.layout.slices["grenade"]
        written = marines.marine_numbers(g).written
        for script in (False, True):
            got, want = masks_by_code_and_rule(g, script)
            assert np.array_equal(got, want)
            slots = np.flatnonzero(got)
            by_index = slots[(slots < start) | (slots >= start + count)]
            assert by_index.size and by_index.max() < written, (seed, g.turn)
            checked += 1
    assert checked > 50


@pytest.mark.skipif(not marines.__file__.endswith(".so"), reason="the buffer check is the compiled module's")
def test_a_mask_of_another_type_or_too_short_is_refused():
    g = next(decisions(23, 200, ("act",)))
    numbers = marines.marine_numbers(g)
    for bad in (np.zeros(g.layout.size, np.int16), np.zeros(numbers.written - 1, np.int8),
                np.zeros((1, g.layout.size), np.int8)):
        with pytest.raises(ValueError):
            marines.marine_mask(g, bad)
    mask = np.zeros(numbers.written, np.int8)  # (just long enough: the grenade slots are not asked below)
    g.grenade_pools[g.humans[g.active].squad] = 0
    marines.marine_mask(g, mask)
    assert mask[numbers.end] == 1
