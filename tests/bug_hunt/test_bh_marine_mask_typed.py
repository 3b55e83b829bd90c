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
from aliens_env.bug_hunt.colony import CARDINAL, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED
from aliens_env.bug_hunt.state import DIAGONALS, NO, PASSABLE_BY_CODE
from bh_helpers import decisions, shooter_and_reach

OPTIONS = [(11, {}), (12, {"squad": "predators", "mission": "kill_queen"}),
           (13, {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True}),
           (14, {"apc": True, "electronic_locks": True, "satellite_comms": True, "mission": "kill_queen"})]


def plain_marine_mask(game, mask, script=False):
    """marine_mask's rule slot by slot (docs/rules/bug_hunt.md), the squares beside the figure read
    by geometry (step_sq, cell, enter_cost) rather than the grid's around row, the fire slots by
    geometry.rng of each target: the slots (kind, index) the rules allow, then written in the mask.
    Inside the APC: leave onto a square one may walk onto, or end. Else per side N, E, S, W: move
    (onto a free passable square one has the AP to enter, or aboard the APC), open or close a door
    (a closed one, or an open one with nobody in the doorway), weld a closed door, cut a welded or
    locked door (not twice a turn), switch a sentry (the equipment), pick a lock (the equipment);
    comms; a Predator's diagonal moves (past the corner, as the grid's step rule says); with a
    weapon with ammunition: fire at each target within range, over-watch, a grenade (for the
    script only when nothing else is legal or an Alien is among the targets); always end."""
    i = game.active
    h = game.humans[i]
    ap, cost = state.available_ap(game, i), game.rules["ap_cost"]
    occ = state.occupied(game)

    def affords(kind, times=1):
        return ap >= times * cost[kind]

    def walkable(n):
        return (n != NO and PASSABLE_BY_CODE[geometry.cell(game, n)] and n not in occ
                and affords("move", geometry.enter_cost(game, n)))

    beside = [geometry.step_sq(game, h.pos, dr, dc) for dr, dc in CARDINAL]
    legal = set()
    if h.in_apc:
        legal |= {("move", d) for d, n in enumerate(beside) if walkable(n)}
    else:
        apc = game.rules["apc"]
        aboard = NO if game.apc is None or h.role not in apc["crew_roles"] or not affords("move", apc["board_cost"]) \
            or len(state.crew(game)) >= apc["capacity"] else game.apc["pos"]
        sentries = {geometry.sq(game, f["pos"]) for f in game.features if f["kind"] == "sentry"} \
            if h.equipment and affords("equip") else set()
        for d, n in enumerate(beside):
            if n == NO:
                continue
            code = geometry.cell(game, n)
            cuttable = code in (DOOR_WELDED, DOOR_LOCKED) and game.unweld_turn.get(str(n)) != game.turn
            allowed = {"move": walkable(n) or n == aboard,
                       "door": affords("door") and (code == DOOR_CLOSED or (code == DOOR_OPEN and state.figure_at(game, n) is None)),
                       "weld": code == DOOR_CLOSED and affords("weld"),
                       "unweld": cuttable and affords("unweld"),
                       "equip": n in sentries,
                       "pick_lock": code == DOOR_LOCKED and h.equipment and affords("pick_lock")}
            legal |= {(kind, d) for kind, ok in allowed.items() if ok}
        if marines.can_use_comms(game, i):
            legal.add(("comms", 0))
        if h.role == "predator":
            corners = game.colony.around(h.pos)  # (the diagonal's corner rule: the grid tests')
            for k, (dr, dc) in enumerate(DIAGONALS):
                n = geometry.step_sq(game, h.pos, dr, dc)
                if walkable(n) and corners[2 * k + 1][3]:
                    legal.add(("move_diagonal", k))
        if h.weapon != "none" and not h.out_of_ammo:
            reach = combat.weapon_range(game, h.weapon)
            listed = marines.targets(game)
            if affords(f"fire_{h.weapon}"):
                legal |= {("fire", k) for k, t in enumerate(listed)
                          if geometry.rng(game, h.pos, combat.target_square(game, t)) <= reach}
            if affords("overwatch") and not h.overwatch:
                legal.add(("overwatch", 0))
            if marines.can_grenade(game, i) and affords("grenade") and (
                    not script or not legal or any(t[0] == "alien" for t in listed)):
                legal |= {("grenade", slot) for slot in marines.grenade_squares(game, i)}
    legal.add(("end", 0))
    for kind, index in legal:
        mask[game._slot[kind] + index] = 1


def masks_by_code_and_rule(game, script: bool) -> tuple[np.ndarray, np.ndarray]:
    """(marine_mask's mask, plain_marine_mask's) of the active figure, each worked out with the
    position's per-position cache emptied first."""
    game._cache.clear()
    want = game.layout.empty_mask()
    plain_marine_mask(game, want, script)
    game._cache.clear()
    got = game.layout.empty_mask()
    marines.marine_mask(game, got, script)
    return got, want


@pytest.mark.parametrize("seed,options", OPTIONS)
def test_marine_mask_is_the_plain_mask(seed, options):
    """Each decision as it is, with another squad AP pool (masks at the AP costs' edges) and a
    grenade (random play throws the squad's few early), and with the pulse rifle's range cut to 3
    (the grenade's reach, 10, then holds targets beyond the weapon's) and a move dearer (2 AP) than
    a door (1 AP): marine_mask reads the squares beside only from the least AP of an action there
    (MaskNumbers.step_cost), so masks short of that, and masks short of a move alone, are met."""
    rng = random.Random(seed)
    counts = {"masks": 0, "fire": 0, "beyond_weapon": 0, "grenade": 0, "in_apc": 0, "short_of_a_step": 0,
              "door_not_move": 0}
    short = {}  # the rules with the pulse rifle's range cut and a move at 2 AP, by the game's rules
    for g in decisions(seed, 3000, ("act", "drive"), **options):
        if g.decision.kind != "act":
            continue
        h = g.humans[g.active]
        pools, grenades, rules = list(g.pools), list(g.grenade_pools), g.rules
        if id(rules) not in short:
            short[id(rules)] = copy.deepcopy(rules)
            short[id(rules)]["weapons"]["pulse_rifle"]["range"] = 3
            short[id(rules)]["ap_cost"]["move"] = 2
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
            ap, cost = state.available_ap(g, g.active), g.rules["ap_cost"]
            counts["short_of_a_step"] += ap < min(cost[kind] for kind in ("move", "door", "weld", "unweld", "equip",
                                                                          "pick_lock"))
            counts["door_not_move"] += cost["door"] <= ap < cost["move"]
            g.pools[:], g.grenade_pools[:], g.rules = pools, grenades, rules
            g._cache.clear()
    assert counts["masks"] > 5000 and counts["fire"] > 100, counts
    assert counts["short_of_a_step"] > 20 and counts["door_not_move"] > 20, counts
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
                g._cache.pop("targets", None)  # (targets and their ranges: one entry)
            ranges = marines.target_ranges(g)
            pos, _ = shooter_and_reach(g)
            listed = marines.targets(g)
            assert ranges == [geometry.rng(g, pos, combat.target_square(g, t)) for t in listed], (seed, g.turn)
            checked += bool(listed)
    assert checked > 100, checked
