"""state.occupied (session 58: read from state._occupancy, the one listing of the squares figures
hold that taken_beside reads too, so tests/bug_hunt/test_mask_taken_beside.py's comparison of the
two no longer checks the listing itself) against the rule written out: active squad figures on the
map, live Aliens but an attached Face-Hugger, the auto sentries in any state and the APC's square
(a live Alien off the map, which play never leaves, holds none: varied() revives dead ones).
Over random positions of random legal games (with the APC and without), the figures' states
drawn at random and an auto sentry added in a random state (random play seldom meets one). And
marines.after_human_move, which asks the sentries' fire only when the features hold an auto
sentry: a figure that moves onto an active sentry's sight is fired at (the dice roll)."""
from __future__ import annotations

import pickle
import random

import pytest

from aliens_env.bug_hunt import geometry, marines, state

from bh_helpers import positions

STATUSES = ("active", "dead", "captured", "unconscious")
SENTRY_STATES = ("active", "inactive", "destroyed")


def occupied_by_the_rule(g) -> set[int]:
    occ = {h.pos for h in g.humans if h.status == "active"}
    occ |= {a.pos for a in g.aliens if a.alive and a.attached == state.NO}
    occ |= {geometry.sq(g, f["pos"]) for f in g.features if f["kind"] == "sentry"}
    if g.apc is not None:
        occ.add(g.apc["pos"])
    occ.discard(state.NO)  # (a figure off the map holds no square: in play only a squad figure is ever)
    return occ


def varied(g, rng):
    """A copy of g with its figures' states drawn at random (statuses, live flags, attachments,
    some figures off the map) and an auto sentry added on a random square in a random state."""
    g = g.clone()
    for h in g.humans:
        h.status = rng.choice(STATUSES)
        if rng.random() < 0.1:
            h.pos = state.NO
    for a in g.aliens:
        a.alive = rng.random() < 0.7
        a.attached = rng.choice((state.NO, state.NO, 0))
    sentry = {"kind": "sentry", "pos": list(g.rc(rng.randrange(g.colony.n))), "state": rng.choice(SENTRY_STATES)}
    g.features = g.features + [sentry]  # (another list: the kept feature index is not the old one)
    return g


@pytest.mark.parametrize("seed,apc", [(4, False), (9, True)])
def test_occupied_is_the_rule(seed, apc):
    rng, checked, counts = random.Random(seed), 0, set()
    for g in positions(seed, "kill_queen" if apc else "explore", every=20, steps=600, apc=apc):
        for variant in (g, varied(g, rng)):
            occ = state.occupied(variant)
            assert occ == occupied_by_the_rule(variant), (seed, variant.turn)
            counts.add(len(occ))
            checked += 1
    assert checked > 40 and len(counts) > 5  # (positions seen, with different numbers of squares held)


def dice_state(g) -> bytes:
    return pickle.dumps(g.dice)


@pytest.mark.parametrize("seed", [2, 6])
def test_a_figure_that_moves_in_an_active_sentry_s_sight_is_fired_at(seed):
    """An auto sentry on the moved figure's own square (in its range and sight) fires when active
    (its dice are rolled) and not when switched off: the same move, the same game otherwise."""
    fired = 0
    for g in positions(seed, "explore", every=25, steps=500):
        movers = [i for i, h in enumerate(g.humans) if h.status == "active" and h.pos != state.NO and not h.in_apc]
        if not movers:
            continue
        i = movers[0]
        after = {}
        for sentry_state in ("active", "inactive"):
            copy = g.clone()
            sentry = {"kind": "sentry", "pos": list(copy.rc(copy.humans[i].pos)), "state": sentry_state}
            copy.features = copy.features + [sentry]
            marines.after_human_move(copy, i)
            after[sentry_state] = dice_state(copy)
        assert after["active"] != after["inactive"], (seed, g.turn)
        fired += 1
    assert fired > 10
