"""marines.targets over random Bug Hunt games: the active figure's (or the driven APC's) targets are
the plain computation it replaces: every live Alien and intact egg cache or active sentry within
reach (the weapon's, or the grenade's when the figure may throw one) by geometry.rng and seen by
geometry.los, sorted by (range, kind, id), the first MAX_TARGETS; for every figure on the board,
every weapon, and grenade ranges below and beyond the rifle's."""
from __future__ import annotations

import copy
import random

import pytest

from aliens_env.bug_hunt import geometry, marines
from aliens_env.bug_hunt.state import MAX_TARGETS, NO
from bh_helpers import activate, build, positions, shooter_and_reach, targets_within


def plain_targets(g):
    pos, reach = shooter_and_reach(g)
    return targets_within(g, pos, reach, lambda s: geometry.los(g, pos, s))


def asked_afresh(g):
    g._cache.pop("targets", None)
    return marines.targets(g)


@pytest.mark.parametrize("seed,mission", [(0, "kill_queen"), (1, "explore"), (2, "kill_queen")])
def test_targets_are_the_plain_computation_at_random_positions(seed, mission):
    rng = random.Random(seed)
    weapons = [w for w in ("pulse_rifle", "pistol", "smart_gun", "flame_thrower", "none", "combi_weapon")]
    some = 0
    for g in positions(seed, mission, every=7, steps=1200):
        active, rules, kept = g.active, g.rules, {}
        # grenades beyond the rifle's reach too (a copy of the rules: they are shared between games)
        g.rules = copy.deepcopy(rules)
        g.rules["weapons"]["grenade"]["range"] = rng.choice([rules["weapons"]["grenade"]["range"], 14])
        if g.apc is not None and g.apc["driving"] and g.active == NO:
            assert asked_afresh(g) == plain_targets(g)
        for j, h in enumerate(g.humans):
            if h.pos == NO:
                continue
            kept[j] = h.weapon
            h.weapon = rng.choice(weapons + [h.weapon])
            g.active = j
            listed = asked_afresh(g)
            assert listed == plain_targets(g), (j, h.weapon, g.turn)
            assert marines.targets(g) is listed  # kept for the position
            some += bool(listed)
        for j, weapon in kept.items():
            g.humans[j].weapon = weapon
        g.active, g.rules = active, rules
        g._cache.clear()
    assert some > 30  # (targets in reach at enough of them)


def test_targets_stop_at_max_targets_nearest_first():
    g = build(["1..............", "AAAAAAAAAAAAAA."])
    activate(g, 0)
    listed = asked_afresh(g)
    assert len(listed) == MAX_TARGETS and listed == plain_targets(g)
    assert listed[0] == ("alien", 0) and ("alien", 13) not in listed  # (the rifle's 12 squares: col 13 is out)
