"""xeno.alien_steps and xeno.rulebook_steps read the squares beside the moving Alien that figures
hold from state.taken_beside's bits (the auto sentries' squares from state.feature_index) and
share one rule, xeno._open_steps, as bits by direction: against the rule written out with
state.occupied's set, at random Bug Hunt positions (with and without the APC), and with an auto
sentry pod set down beside each Alien (a square the set holds and no figure stands on)."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import combat, state, xeno
from aliens_env.bug_hunt.colony import DOOR_CLOSED
from aliens_env.bug_hunt.state import NO, PASSABLE_BY_CODE
from bh_helpers import positions


def steps_by_the_rule(g, i: int) -> dict:
    """direction -> (square, AP cost): onto a square a figure may stand on that no figure holds
    (state.occupied), free of walls, for its cost; onto a closed door (N/E/S/W) by opening it, for
    the door's AP, but for a Face-Hugger; the chamber's Queen only within her room (A22)."""
    a = g.aliens[i]
    held, door, out = state.occupied(g), g.rules["ap_cost"]["door"], {}
    chamber = state.room_of(g, a.pos) if a.anchored else NO
    for d, near in enumerate(g.colony.around(a.pos)):
        if near is None:
            continue
        n, cell, cost, corner_ok = near
        if a.anchored and state.room_of(g, n) != chamber:
            continue
        if cell == DOOR_CLOSED:
            if d in (0, 2, 4, 6) and a.kind != "face_hugger" and a.ap >= door:
                out[d] = (n, door)
        elif PASSABLE_BY_CODE[cell] and n not in held and corner_ok and cost <= a.ap:
            out[d] = (n, cost)
    return out


def rulebook_by_the_rule(g, i: int) -> list[int]:
    """The steps of steps_by_the_rule to the squares nearest the targets, when nearer than here."""
    a = g.aliens[i]
    if combat.humans_beside(g, a.pos):
        return []
    field = xeno.target_field(g, a.kind == "face_hugger")
    here = int(field[a.pos])
    moves = steps_by_the_rule(g, i)
    best = min([here] + [int(field[n]) for n, _ in moves.values()])
    return [] if best == here else [d for d, (n, _) in sorted(moves.items()) if int(field[n]) == best]


def movers(g):
    return [i for i, a in enumerate(g.aliens) if a.alive and a.attached == NO and a.pos != NO and a.ap > 0]


@pytest.mark.parametrize("seed,apc", [(3, False), (4, True)])
def test_the_steps_are_the_rule_at_random_positions(seed, apc):
    checked = held_beside = 0
    for g in positions(seed, "kill_queen" if apc else "explore", every=4, steps=1600, apc=apc):
        held = state.occupied(g)
        for i in movers(g):
            a = g.aliens[i]
            assert xeno.alien_steps(g, i) == steps_by_the_rule(g, i), (seed, i)
            assert xeno.rulebook_steps(g, i) == rulebook_by_the_rule(g, i), (seed, i)
            checked += 1
            held_beside += any(near is not None and near[0] in held for near in g.colony.around(a.pos))
    assert checked > 100 and held_beside > 20  # (Aliens with squares beside them held)


def test_a_sentry_pod_beside_an_alien_bars_the_step():
    checked = 0
    for g in positions(5, "explore", every=10, steps=1500):
        for i in movers(g):
            a = g.aliens[i]
            open_steps = steps_by_the_rule(g, i)
            free = [near[0] for d, near in enumerate(g.colony.around(a.pos))
                    if d in open_steps and g.colony.cells.item(near[0]) != DOOR_CLOSED]
            if not free:
                continue
            r, c = g.colony.rc(free[0])
            features = g.features
            # (another list, as the game's own edits never make: state.FeatureIndex is kept per list and length)
            g.features = features + [{"kind": "sentry", "pos": [r, c], "state": "intact"}]
            try:
                got = xeno.alien_steps(g, i)
                assert got == steps_by_the_rule(g, i) and free[0] not in [n for n, _ in got.values()]
                assert xeno.rulebook_steps(g, i) == rulebook_by_the_rule(g, i)
            finally:
                g.features = features
            checked += 1
    assert checked > 20
