"""xeno.alien_steps and xeno.rulebook_steps read the squares beside the moving Alien that figures
hold from state.taken_beside's bits (the auto sentries' squares from state.feature_index) and
share one rule, xeno._open_steps, as bits by direction: against the rule written out with
state.occupied's set (bh_helpers' alien_steps_plainly and rulebook_steps_plainly), at random Bug Hunt positions (with and without the APC), and with an auto
sentry pod set down beside each Alien (a square the set holds and no figure stands on)."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import state, xeno
from aliens_env.bug_hunt.colony import DOOR_CLOSED
from aliens_env.bug_hunt.state import NO
from bh_helpers import alien_steps_plainly as steps_by_the_rule, positions, rulebook_steps_plainly as rulebook_by_the_rule


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
