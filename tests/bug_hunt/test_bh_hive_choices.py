"""The hive's step choices (xeno.hive_choices, xeno.alien_steps, xeno.closable_doors,
xeno.rulebook_steps and xeno.target_field, typed loops since session 51) against the plain
computations they replace, for every Alien that may move at random Bug Hunt positions, with and
without the option free_bug_master."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.bug_hunt import geometry, state, xeno
from aliens_env.bug_hunt.colony import CARDINAL, DOOR_OPEN
from aliens_env.bug_hunt.state import NO
from bh_helpers import alien_steps_plainly, positions, rulebook_steps_plainly, target_field_plainly


def closable_doors_plainly(game, i: int) -> list[int]:
    a = game.aliens[i]
    if a.ap < game.rules["ap_cost"]["door"]:
        return []
    return [d for d, (dr, dc) in enumerate(CARDINAL) if (n := geometry.step_sq(game, a.pos, dr, dc)) != NO
            and geometry.cell(game, n) == DOOR_OPEN and state.figure_at(game, n) is None]


def hive_choices_plainly(game, i: int) -> tuple:
    closes = closable_doors_plainly(game, i)
    if game.free_bug_master:
        return sorted(alien_steps_plainly(game, i)), True, closes
    steps = rulebook_steps_plainly(game, i)
    return (steps, False, []) if steps else ([], True, closes)


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen"), (2, "explore")])
def test_the_hives_choices_are_the_plain_computations_at_random_positions(seed, mission):
    read = kept = 0
    for g in positions(seed, mission, every=3, steps=2400):
        free = g.free_bug_master
        for i, a in enumerate(g.aliens):
            if not a.alive or a.attached != NO or a.pos == NO or a.ap <= 0:
                continue
            for g.free_bug_master in (False, True):
                g._cache.clear()  # (target_field's field, worked out anew for this position)
                for hugger in (False, True):
                    assert np.array_equal(xeno.target_field(g, hugger), target_field_plainly(g, hugger))
                assert xeno.alien_steps(g, i) == alien_steps_plainly(g, i), (seed, i)
                assert xeno.closable_doors(g, i) == closable_doors_plainly(g, i), (seed, i)
                assert xeno.rulebook_steps(g, i) == rulebook_steps_plainly(g, i), (seed, i)
                steps, stop, closes = xeno.hive_choices(g, i)
                assert (sorted(steps), stop, closes) == hive_choices_plainly(g, i), (seed, i, g.free_bug_master)
                read += 1
                kept += bool(steps)
        g.free_bug_master = free
        g._cache.clear()
    assert read > 200 and 0 < kept < read  # (Aliens that close in and Aliens that cannot)
