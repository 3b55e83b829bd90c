"""geometry's square reads over random Bug Hunt games: step_sq, enter_cost, cell, rng, los and
steps_on answer what the colony's own methods and arrays say (the plain forms they replace: rc,
inside and index; extra.flat and cells.flat; the rows' and columns' distance; los_from's whole
view; the field's numpy item)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry
from aliens_env.bug_hunt.geometry import NOT_WALKED, UNREACHABLE
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions

STEPS = [(dr, dc) for dr in (-2, -1, 0, 1, 2) for dc in (-2, -1, 0, 1, 2)]


def step_by_the_methods(col, s, dr, dc):
    r, c = col.rc(s)
    return col.index(r + dr, c + dc) if col.inside(r + dr, c + dc) else NO


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_step_sq_enter_cost_cell_and_rng_are_the_colonys_methods_at_random_positions(seed, mission):
    for g in positions(seed, mission, every=97, steps=600):
        col = g.colony
        for s in [NO, *range(col.n)]:  # (NO too: read as divmod reads it)
            for dr, dc in STEPS:
                assert geometry.step_sq(g, s, dr, dc) == step_by_the_methods(col, s, dr, dc), (s, dr, dc)
        for s in range(col.n):
            cost = geometry.enter_cost(g, s)
            assert type(cost) is int and cost == 1 + int(col.extra.flat[s]), s
            code = geometry.cell(g, s)
            assert type(code) is int and code == int(col.cells.flat[s]), s
        for a in [NO, *range(0, col.n, 7)]:
            for b in [NO, *range(a % 5, col.n, 11)]:
                ra, ca = divmod(a, col.width)
                rb, cb = divmod(b, col.width)
                expected = max(abs(ra - rb), abs(ca - cb)) if NO not in (a, b) else col.range(a, b)
                assert geometry.rng(g, a, b) == expected, (a, b)


@pytest.mark.parametrize("seed,mission", [(2, "explore"), (3, "kill_queen")])
def test_los_is_the_viewers_whole_view_at_random_positions(seed, mission):
    rng = random.Random(seed)
    for g in positions(seed, mission, every=37, steps=900):
        col, sight = g.colony, g.rules["sight_range"]
        viewers = [h.pos for h in g.humans if h.pos != NO] + rng.sample(range(col.n), 4)
        targets = rng.sample(range(col.n), 60)
        radii = (None, 1, 3, sight, sight + 2)
        # asked first, before any whole view of this layout is kept (has_los' segment test), then again
        asked = [(a, b, radius, geometry.los(g, a, b, radius)) for a in viewers for b in targets for radius in radii]
        for a, b, radius, seen in asked:
            reach = sight if radius is None else min(radius, sight)
            expected = col.range(a, b) <= reach and bool(col.los_from(a, sight)[b])
            assert seen is expected, (a, b, radius, col.version)
            assert geometry.los(g, a, b, radius) is expected


@pytest.mark.parametrize("seed,mission", [(4, "explore"), (5, "kill_queen")])
def test_steps_on_reads_the_walk_field(seed, mission):
    for g in positions(seed, mission, every=53, steps=600):
        goals = list(geometry.exploration_goals(g)) or [g.humans[0].pos]
        field = geometry.walk_field(g, [s for s in goals if s != NO])
        for s in [NO, *range(g.colony.n)]:
            steps = geometry.steps_on(field, s)
            expected = NOT_WALKED if s == NO or int(field[s]) >= UNREACHABLE else int(field[s])
            assert type(steps) is int and steps == expected, s
        assert any(geometry.steps_on(field, s) < NOT_WALKED for s in range(g.colony.n))
