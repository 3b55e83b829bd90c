"""combat.could_fire_at, can_overwatch and overwatch_chances over random Bug Hunt games (range read
from the rows and columns on C integers, the over-watch queue built in a loop): the plain forms
they replace (geometry.rng, geometry.los, weapon_range; the squad in order), for every figure on the
board with random weapons, ammunition and over-watch, at squares near and far and every Alien."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import combat, geometry
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions

WEAPONS = ("pulse_rifle", "pistol", "smart_gun", "flame_thrower", "none", "midi_guns")


def plain_could_fire_at(g, h, square):
    return (h.status == "active" and h.weapon != "none" and not h.out_of_ammo
            and geometry.rng(g, h.pos, square) <= combat.weapon_range(g, h.weapon) and geometry.los(g, h.pos, square))


@pytest.mark.parametrize("seed,mission", [(0, "kill_queen"), (1, "explore")])
def test_could_fire_at_and_overwatch_are_the_plain_forms_at_random_positions(seed, mission):
    rng = random.Random(seed)
    fired = queued = 0
    for g in positions(seed, mission, every=11, steps=1200):
        kept = [(h.weapon, h.out_of_ammo, h.overwatch) for h in g.humans]
        for h in g.humans:
            h.weapon = rng.choice(WEAPONS + (h.weapon,))
            h.out_of_ammo = rng.random() < 0.2
            h.overwatch = rng.random() < 0.6
        squares = [a.pos for a in g.aliens if a.alive] + rng.sample(range(g.colony.n), 30)
        for h in g.humans:
            if h.pos == NO:
                assert combat.could_fire_at(g, h, squares[0]) is False
                continue
            for s in squares:
                expected = plain_could_fire_at(g, h, s)
                assert combat.could_fire_at(g, h, s) is expected, (h.name, h.weapon, s)
                fired += expected
        for i, a in enumerate(g.aliens):
            expected = [j for j, h in enumerate(g.humans)
                        if a.alive and h.overwatch and plain_could_fire_at(g, h, a.pos)]
            for j in range(len(g.humans)):
                assert combat.can_overwatch(g, j, i) is (j in expected)
            target, queue = g.ow_target, g.ow_queue
            combat.overwatch_chances(g, i)
            assert (g.ow_target, g.ow_queue) == (i, expected)
            g.ow_target, g.ow_queue = target, queue
            queued += len(expected)
            if expected:  # the same Alien dead where it stood: no one fires
                a.alive = False
                assert not any(combat.can_overwatch(g, j, i) for j in range(len(g.humans)))
                a.alive = True
        for h, (weapon, out, watch) in zip(g.humans, kept):
            h.weapon, h.out_of_ammo, h.overwatch = weapon, out, watch
    assert fired > 100 and queued > 20  # (enough of them in reach and sight)
