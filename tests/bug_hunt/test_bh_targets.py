"""marines.targets over random Bug Hunt games: the active figure's (or the driven APC's) targets are
the plain computation it replaces: every live Alien and intact egg cache or active sentry within
reach (the weapon's, or the grenade's when the figure may throw one) by geometry.rng and seen by
geometry.los, sorted by (range, kind, id), the first MAX_TARGETS; for every figure on the board,
every weapon, and grenade ranges below and beyond the rifle's."""
from __future__ import annotations

import copy
import random

import pytest

from aliens_env.bug_hunt import BugHunt, combat, geometry, marines
from aliens_env.bug_hunt.colony import DOOR_OPEN, FLOOR
from aliens_env.bug_hunt.state import MAX_TARGETS, NO
from bh_helpers import activate, build, plain_targets, positions


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


FEATURE_KINDS = ("egg_cache", "sentry", "crate_eggs", "impregnated_human", "burst_human")
FEATURE_STATES = ("intact", "destroyed", "active", "inactive", "alive", "dead", "used")


def open_squares(g) -> list:
    """The squares laid as floor or open doorway."""
    return [s for s in range(g.size * g.size) if geometry.cell(g, s) in (FLOOR, DOOR_OPEN)]


def planted(g, rng):
    """g with features of every kind and state planted on random squares (the egg caches and
    sentries that count among them), its Aliens moved, killed, attached to a figure (on its square) or
    put on the shooter's square, and, with the APC option, sometimes the APC driven with no figure
    active: the cases that random play reaches seldom."""
    open_ = open_squares(g)
    on_board = [j for j, h in enumerate(g.humans) if h.pos != NO]
    near = [s for s in open_ if any(geometry.rng(g, g.humans[j].pos, s) <= 6 for j in on_board)] or open_
    for _ in range(rng.randrange(16)):
        roll = rng.random()
        s = rng.choice(near) if roll < 0.7 else rng.choice(open_) if roll < 0.9 else rng.randrange(g.size * g.size)
        kind = rng.choice(FEATURE_KINDS[:2] * 2 + FEATURE_KINDS)  # (an egg cache or sentry most often)
        state = rng.choice(FEATURE_STATES) if rng.random() < 0.4 else "intact" if kind == "egg_cache" else "active"
        g.features.append({"kind": kind, "pos": geometry.rc(g, s), "state": state})
    for a in g.aliens:
        roll = rng.random()
        if roll < 0.3:
            a.pos = rng.choice(near)
        elif roll < 0.4:
            a.alive = not a.alive
        elif roll < 0.5 and on_board:
            a.attached = rng.choice(on_board)
            a.pos = g.humans[a.attached].pos
    return g


@pytest.mark.parametrize("seed,apc", [(3, False), (4, True), (5, True)])
def test_targets_are_the_plain_computation_with_features_and_aliens_planted(seed, apc):
    """The features loop and the Aliens loop read against the plain rule where the random games hold
    few sentries and egg caches: every feature kind and state, Aliens attached, dead, on the shooter's
    square, and the driven APC's targets."""
    rng = random.Random(seed)
    rng_play = random.Random(seed + 100)
    counted = {"alien": 0, "egg": 0, "sentry": 0, "apc": 0}
    for game in range(6):
        g = BugHunt(mission=("explore", "kill_queen")[game % 2], apc=apc, electronic_locks=bool(game % 3))
        g.reset(seed * 100 + game)
        for step in range(400):
            if g.is_terminal():
                break
            g.apply(rng_play.choice(g.legal_actions()))
            if step % 9:
                continue
            p = planted(copy.deepcopy(g), rng)
            if p.apc is not None and rng.random() < 0.4:
                p.apc["driving"], p.active = True, NO
                p.apc["pos"] = rng.choice(open_squares(p))
                listed = asked_afresh(p)
                assert listed == plain_targets(p), (seed, game, step)
                counted["apc"] += 1
                continue
            for j, h in enumerate(p.humans):
                if h.pos == NO:
                    continue
                p.active = j
                listed = asked_afresh(p)
                assert listed == plain_targets(p), (seed, game, step, j)
                assert marines.target_ranges(p) == [geometry.rng(p, h.pos, combat.target_square(p, t)) for t in listed]
                for kind, _ in listed:
                    counted[kind] += 1
    assert counted["egg"] > 40 and counted["sentry"] > 40 and counted["alien"] > 20, counted
    assert not apc or counted["apc"] > 10, counted
