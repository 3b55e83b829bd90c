"""xeno.target_field keeps its field in the layout cache with the targets it was made for (and
for the position in game._cache): at every hive step of seeded Bug Hunt and BugHuntTactics play
(random legal actions: the kept fields carried from step to step, the per-position cache emptied
by every apply) it is the rulebook's field worked out anew: the AP from every square to beside the
nearest human not in combat (exposed, no android, no Face-Hugger on it, no free live Alien within
range 1), searched on a copy of the colony with no cache; and rulebook_steps is the rule read from
that field."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, geometry, xeno
from aliens_env.bug_hunt.colony import ALIEN, FACE_HUGGER
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics
from bh_helpers import random_play


def targets_by_the_rules(g) -> list[int]:
    """The squares of the humans the Aliens make for (PRINTED: the nearest human not in combat)."""
    out = []
    for h in g.humans:
        if h.status != "active" or h.in_apc or h.role == "android" or h.pos == NO:
            continue
        fighting = h.hugger != NO or any(a.alive and a.attached == NO and g.rng(h.pos, a.pos) <= 1 for a in g.aliens)
        if not fighting:
            out.append(h.pos)
    return out


def field_searched_anew(g, hugger: bool) -> np.ndarray:
    """The AP field to beside the targets, on a copy of the colony with its kept tables and fields dropped."""
    colony = g.colony.copy()
    colony._cache = {}
    return colony.field(sorted(targets_by_the_rules(g)), FACE_HUGGER if hugger else ALIEN, weighted=True, goal_cost=1)


def steps_by_the_rules(g, i: int) -> list[int]:
    """The steps that bring Alien i nearest a target (none beside a squad figure or when none closes in)."""
    a = g.aliens[i]
    if any(h.status == "active" and not h.in_apc and h.role != "android" and g.rng(h.pos, a.pos) <= 1
           for h in g.humans):
        return []
    field = field_searched_anew(g, a.kind == "face_hugger")
    moves = xeno.alien_steps(g, i)
    best = min([int(field[a.pos])] + [int(field[n]) for n, _ in moves.values()])
    return [] if best == int(field[a.pos]) else sorted(d for d, (n, _) in moves.items() if int(field[n]) == best)


def hive_steps(seed: int, make, wanted: int):
    """The hive's step decisions of games make() played at random (seeds from `seed` on, one game
    each), until `wanted` of them."""
    found = 0
    while found < wanted:
        for g in random_play(seed, 6000, make):
            if g.decision is not None and g.decision.kind == "step" and g.mover != NO:
                found += 1
                yield g
        seed += 1


@pytest.mark.parametrize("make,seed", [(BugHunt, 300), (BugHuntTactics, 400), (BugHuntTactics, 500)])
def test_the_kept_target_field_is_the_field_searched_anew_at_every_hive_step(make, seed, monkeypatch):
    searches = []  # the hive's searches (geometry.dijkstra, a module attribute xeno calls, compiled too)
    search = geometry.dijkstra
    monkeypatch.setattr(geometry, "dijkstra", lambda g, targets, hugger: searches.append(1) or search(g, targets, hugger))
    checked = kept_reads = 0
    targets_seen = set()
    for g in hive_steps(seed, make, 150):
        for hugger in (False, True):
            key = "hive field, face-huggers" if hugger else "hive field"
            of_this_position = key in g._cache  # (then the field read is the position's, not the layout cache's)
            searched = len(searches)
            field = xeno.target_field(g, hugger)
            assert np.array_equal(field, field_searched_anew(g, hugger)), (seed, g.turn, hugger)
            kept_reads += not of_this_position and len(searches) == searched
            targets_seen.add((g.colony.version, tuple(targets_by_the_rules(g))))
        assert sorted(xeno.rulebook_steps(g, g.mover)) == steps_by_the_rules(g, g.mover), (seed, g.turn)
        checked += 1
    # (fields read from the layout cache at a new position, and targets changed within one layout version: what a key
    # without the targets would get wrong)
    versions = [v for v, _ in targets_seen]
    assert checked > 100 and kept_reads > 50 and len(versions) > len(set(versions)), (checked, kept_reads)
