"""marines.marine_mask typed (session 52: compiled, the mask written as a C array, AP and costs C
integers, this module's helpers C calls) and its fire slots read from the targets' ranges
(marines.target_ranges) against the plain computations they replace, over random Bug Hunt
games: the mask as marine_mask set it before (numpy item writes, each target's range from
geometry.rng and combat.target_square), whole and as the script mask, at every figure's decision."""
from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from aliens_env.bug_hunt import combat, geometry, marines, state
from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED
from aliens_env.bug_hunt.state import NO, PASSABLE_BY_CODE
from bh_helpers import decisions, shooter_and_reach

OPTIONS = [(11, {}), (12, {"squad": "predators", "mission": "kill_queen"}),
           (13, {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True}),
           (14, {"apc": True, "electronic_locks": True, "satellite_comms": True, "mission": "kill_queen"})]


def plain_marine_mask(game, mask, script=False):
    """marine_mask as it read before session 52 (its fire slots by geometry.rng of each target)."""
    s = game._slot
    i = game.active
    h = game.humans[i]
    ap = state.available_ap(game, i)
    cost = game.rules["ap_cost"]
    occ = state.occupied(game)
    around = game.colony.around(h.pos)
    if h.in_apc:
        for d in range(4):
            near = around[2 * d]
            if near is not None and PASSABLE_BY_CODE[near[1]] and near[0] not in occ and near[2] * cost["move"] <= ap:
                mask[s["move"] + d] = 1
        mask[s["end"]] = 1
        return
    apc_sq, board = NO, False
    if game.apc is not None:
        apc_sq = game.apc["pos"]
        board = (h.role in game.rules["apc"]["crew_roles"] and ap >= game.rules["apc"]["board_cost"] * cost["move"]
                 and len(state.crew(game)) < game.rules["apc"]["capacity"])
    sentries = [geometry.sq(game, f["pos"]) for f in game.features if f["kind"] == "sentry"] \
        if h.equipment and ap >= cost["equip"] else ()
    for d in range(4):
        near = around[2 * d]
        if near is None:
            continue
        n, cell, enter, _ = near
        if PASSABLE_BY_CODE[cell] and n not in occ and enter * cost["move"] <= ap:
            mask[s["move"] + d] = 1
        elif n == apc_sq and board:
            mask[s["move"] + d] = 1
        if cell == DOOR_OPEN or cell == DOOR_CLOSED:
            if ap >= cost["door"] and (cell == DOOR_CLOSED or state.figure_at(game, n) is None):
                mask[s["door"] + d] = 1
            if cell == DOOR_CLOSED and ap >= cost["weld"]:
                mask[s["weld"] + d] = 1
        if cell == DOOR_WELDED and ap >= cost["unweld"] and game.unweld_turn.get(str(n)) != game.turn:
            mask[s["unweld"] + d] = 1
        if n in sentries:
            mask[s["equip"] + d] = 1
        if cell == DOOR_LOCKED:
            if ap >= cost["unweld"] and game.unweld_turn.get(str(n)) != game.turn:
                mask[s["unweld"] + d] = 1
            if h.equipment and ap >= cost["pick_lock"]:
                mask[s["pick_lock"] + d] = 1
    if marines.can_use_comms(game, i):
        mask[s["comms"]] = 1
    if h.role == "predator":
        for k in range(4):
            near = around[2 * k + 1]
            if near is not None:
                n, cell, enter, corner_ok = near
                if PASSABLE_BY_CODE[cell] and n not in occ and corner_ok and enter * cost["move"] <= ap:
                    mask[s["move_diagonal"] + k] = 1
    if h.weapon != "none" and not h.out_of_ammo:
        rng_w = combat.weapon_range(game, h.weapon)
        if ap >= cost[f"fire_{h.weapon}"]:
            for k, t in enumerate(marines.targets(game)):
                if geometry.rng(game, h.pos, combat.target_square(game, t)) <= rng_w:
                    mask[s["fire"] + k] = 1
        if ap >= cost["overwatch"] and not h.overwatch:
            mask[s["overwatch"]] = 1
        if marines.can_grenade(game, i) and ap >= cost["grenade"] and (
                not script or np.count_nonzero(mask) == 0 or any(t[0] == "alien" for t in marines.targets(game))):
            for slot in marines.grenade_squares(game, i):
                mask[s["grenade"] + slot] = 1
    mask[s["end"]] = 1


@pytest.mark.parametrize("seed,options", OPTIONS)
def test_marine_mask_is_the_plain_mask(seed, options):
    """Each decision as it is, with another squad AP pool (masks at the AP costs' edges) and a
    grenade (random play throws the squad's few early), and with the pulse rifle's range cut to 3
    (the grenade's reach, 10, then holds targets beyond the weapon's)."""
    rng = random.Random(seed)
    counts = {"masks": 0, "fire": 0, "beyond_weapon": 0, "grenade": 0, "in_apc": 0}
    short = {}  # the rules with the pulse rifle's range cut, by the game's rules
    for g in decisions(seed, 3000, ("act", "drive"), **options):
        if g.decision.kind != "act":
            continue
        h = g.humans[g.active]
        pools, grenades, rules = list(g.pools), list(g.grenade_pools), g.rules
        if id(rules) not in short:
            short[id(rules)] = copy.deepcopy(rules)
            short[id(rules)]["weapons"]["pulse_rifle"]["range"] = 3
        for pool, cut in ((None, False), (rng.randrange(0, 4), False), (None, True)):
            if pool is not None:
                g.grenade_pools[h.squad] = 1
                if not g.pools_lost[h.squad]:
                    g.pools[h.squad] = pool
            if cut:
                g.rules = short[id(rules)]
            for script in (False, True):
                g._cache.pop("targets", None)
                want = g.layout.empty_mask()
                plain_marine_mask(g, want, script)
                g._cache.pop("targets", None)
                got = g.layout.empty_mask()
                marines.marine_mask(g, got, script)
                assert got.dtype == want.dtype and np.array_equal(got, want), (seed, g.turn, g.active, pool, cut, script)
                counts["masks"] += 1
            start, count = g.layout.slices["fire"]
            fired = int(want[start:start + count].sum())
            counts["fire"] += fired > 0
            counts["beyond_weapon"] += (cut and len(marines.targets(g)) > fired
                                        and state.available_ap(g, g.active) >= g.rules["ap_cost"][f"fire_{h.weapon}"])
            start, count = g.layout.slices["grenade"]
            counts["grenade"] += bool(want[start:start + count].any())
            counts["in_apc"] += h.in_apc
            g.pools[:], g.grenade_pools[:], g.rules = pools, grenades, rules
            g._cache.clear()
    assert counts["masks"] > 5000 and counts["fire"] > 100, counts
    if options.get("squad") != "predators":  # (no pulse rifle, no grenade among the Predators)
        assert counts["grenade"] > 50 and counts["beyond_weapon"] > 5, counts
    if "apc" in options:
        assert counts["in_apc"] > 20, counts


@pytest.mark.parametrize("seed,options", OPTIONS)
def test_target_ranges_are_each_targets_range(seed, options):
    """The ranges kept with the targets are geometry.rng from the shooter's square (the figure's,
    or the driven APC's) to each target's square, in the targets' order."""
    checked = 0
    for g in decisions(seed, 2000, ("act", "drive"), **options):
        for fresh in (True, False):  # worked out by target_ranges, or kept already by targets
            if fresh:
                g._cache.pop("targets", None)
                g._cache.pop("target_ranges", None)
            ranges = marines.target_ranges(g)
            pos, _ = shooter_and_reach(g)
            listed = marines.targets(g)
            assert ranges == [geometry.rng(g, pos, combat.target_square(g, t)) for t in listed], (seed, g.turn)
            checked += bool(listed)
    assert checked > 100, checked
