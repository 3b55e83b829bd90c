"""The marines' shortcuts (session 51) against the plain computations they replace, over random
Bug Hunt games: a move's square and AP read from the grid's ``around`` row (the one marine_mask
reads) instead of geometry.step_sq and geometry.enter_cost, and the egg caches' and sentries'
range and sight in ``targets`` read inline from the figure's view, as the Aliens'."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry, marines, state
from aliens_env.bug_hunt.colony import CARDINAL
from aliens_env.bug_hunt.state import DIAGONALS, MAX_TARGETS, NO
from bh_helpers import decisions, positions, shooter_and_reach


def targets_by_geometry(game) -> list[tuple[str, int]]:
    """marines.targets as it read every target before session 51: geometry.rng and geometry.los
    from the figure's (or the driven APC's) square, within its reach."""
    pos, reach = shooter_and_reach(game)
    out = []
    if reach > 0:
        for i, a in enumerate(game.aliens):
            if a.alive and a.pos != pos and geometry.rng(game, pos, a.pos) <= reach and geometry.los(game, pos, a.pos):
                out.append((geometry.rng(game, pos, a.pos), 0, i, ("alien", i)))
        for k, f in enumerate(game.features):
            kind = "egg" if f["kind"] == "egg_cache" and f["state"] == "intact" else \
                "sentry" if f["kind"] == "sentry" and f["state"] == "active" else None
            if kind is not None:
                s = geometry.sq(game, f["pos"])
                if geometry.rng(game, pos, s) <= reach and geometry.los(game, pos, s):
                    out.append((geometry.rng(game, pos, s), 1, k, (kind, k)))
    return [t for *_, t in sorted(out)][:MAX_TARGETS]


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_targets_are_the_geometry_scan_at_random_positions(seed, mission):
    """Each position as it is, and with egg caches and sentries (intact or not, active or not)
    added on random squares near the figure (a few egg caches come into view in random play)."""
    rng = random.Random(seed)
    checked = features = 0
    for g in positions(seed, mission, every=1, steps=2500):
        if g.decision is None or g.decision.kind not in ("act", "drive"):
            continue
        pos = g.apc["pos"] if g.active == NO else g.humans[g.active].pos
        r, c = geometry.rc(g, pos)
        rows, cols = range(max(r - 5, 0), min(r + 6, g.size)), range(max(c - 5, 0), min(c + 6, g.size))
        near = [(rr, cc) for rr in rows for cc in cols]
        added = [{"kind": rng.choice(("egg_cache", "sentry")), "state": rng.choice(("intact", "active", "inactive")),
                  "pos": list(rng.choice(near))} for _ in range(3)]
        base = g.features
        for extra in ([], added):
            g.features = base + extra if extra else base  # (another list: the game only ever appends a feature)
            g._cache.pop("targets", None)
            want = targets_by_geometry(g)
            assert marines.targets(g) == want, (seed, g.turn, extra)
            checked += 1
            features += any(t[0] != "alien" for t in want)
        g.features = base
        g._cache.pop("targets", None)
    assert checked > 2000 and features > 150, (checked, features)


@pytest.mark.parametrize("seed,options", [(3, {}), (4, {"squad": "predators", "mission": "kill_queen"}),
                                          (5, {"apc": True, "electronic_locks": True})])
def test_a_move_goes_where_step_sq_says_at_enter_costs_ap(seed, options):
    """Every legal move and diagonal move (Predators) of random positions, played on a copy: the
    figure ends on geometry.step_sq's square, the squad's AP down by geometry.enter_cost's
    (boarding the APC: its board_cost)."""
    counts = {"move": 0, "move_diagonal": 0, "dear": 0, "boards": 0}
    for g in decisions(seed, 1500, **options):
        for action in g.legal_actions():
            kind, index = g.layout.decode(action)
            if kind not in ("move", "move_diagonal"):
                continue
            c = g.clone()
            h = c.humans[c.active]
            dr, dc = CARDINAL[index] if kind == "move" else DIAGONALS[index]
            n = geometry.step_sq(c, h.pos, dr, dc)
            boards = c.apc is not None and n == c.apc["pos"]
            steps = c.rules["apc"]["board_cost"] if boards else geometry.enter_cost(c, n)
            ap = h.ap + c.pools[h.squad]
            marines.marine_action(c, kind, index)
            if h.status != "active":  # struck down where it stepped (its AP and pool go with it)
                continue
            assert h.pos == n, (seed, g.turn, kind, index)
            assert ap - h.ap - c.pools[h.squad] == steps * c.rules["ap_cost"]["move"], (seed, g.turn, kind, index)
            counts[kind] += 1
            counts["dear"] += steps > 1
            counts["boards"] += boards
    assert counts["move"] > 1000 and counts["dear"] > 5, counts
    assert counts["move_diagonal"] > 200 if "squad" in options else True, counts
    assert counts["boards"] > 5 if "apc" in options else True, counts
