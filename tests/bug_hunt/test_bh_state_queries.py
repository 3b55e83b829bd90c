"""Bug Hunt's small state queries and changes declared cpdef in state.pxd (session 52: called in C
by xeno and dice_ai, their figures typed): occupied, figure_at, room_of, exposed and spend against
the plain computations written out here, at every position of random games (with the APC, locks,
comms and other squads, so that sentries, the APC's square and its crew come up)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, state
from aliens_env.bug_hunt.state import NO

OPTIONS = [(21, {}), (22, {"squad": "predators", "mission": "kill_queen"}),
           (23, {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True}),
           (24, {"apc": True, "electronic_locks": True, "satellite_comms": True, "mission": "kill_queen"})]


def plain_occupied(g):
    occ = {h.pos for h in g.humans if h.status == "active"} - {NO}
    occ |= {a.pos for a in g.aliens if a.alive and a.attached == NO}
    occ |= {f["pos"][0] * g.size + f["pos"][1] for f in g.features if f["kind"] == "sentry"}
    if g.apc is not None:
        occ.add(g.apc["pos"])
    return occ


def figures_by_square(g):
    """figure_at's rule as a map over the whole board: the figure a blast or door on a square hits,
    an active figure outside the APC before an Alien not attached to anyone, the first listed of
    each (later ones written first, so the first listed is left standing)."""
    hit = {a.pos: ("alien", i) for i, a in reversed(list(enumerate(g.aliens))) if a.alive and a.attached == NO}
    hit.update({h.pos: ("human", i) for i, h in reversed(list(enumerate(g.humans)))
                if h.status == "active" and not h.in_apc})
    return hit


def plain_room_of(g, s):
    pid = int(g.colony.piece.flat[s])
    return pid if pid >= 0 and g.colony.pieces[pid]["kind"] == "room" else NO


def play(seed, options, moves):
    g = BugHunt(**options)
    g.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if g.is_terminal():
            g.reset(int(rng.integers(1 << 30)))
        yield g, rng
        legal = np.flatnonzero(g.legal_mask(g.current_player()))
        g.apply(int(legal[rng.integers(len(legal))]))


@pytest.mark.parametrize("seed,options", OPTIONS)
def test_state_queries_match_plain(seed, options):
    seen = {"sentry": 0, "in_apc": 0, "figure": 0, "room": 0, "spent": 0}
    for g, rng in play(seed, options, 800):
        assert state.occupied(g) == plain_occupied(g)
        seen["sentry"] += any(f["kind"] == "sentry" for f in g.features)
        hit = figures_by_square(g)
        for s in range(g.size * g.size):
            want = hit.get(s)
            assert state.figure_at(g, s) == want
            seen["figure"] += want is not None
            room = state.room_of(g, s)
            assert room == plain_room_of(g, s) and type(room) is int
            seen["room"] += room != NO
        for h in g.humans:
            got = state.exposed(g, h)
            assert type(got) is bool and got == (h.status == "active" and not h.in_apc)
            seen["in_apc"] += h.in_apc
        i = int(rng.integers(len(g.humans)))
        cost = int(rng.integers(0, 4))
        after, want = copy.deepcopy(g), copy.deepcopy(g)
        state.spend(after, i, cost)
        h = want.humans[i]
        own = min(h.ap, cost)
        h.ap -= own
        want.pools[h.squad] -= cost - own
        h.overwatch = False
        assert (after.humans[i], after.pools) == (want.humans[i], want.pools)
        seen["spent"] += cost > 0
    assert seen["figure"] and seen["spent"]
    assert seen["room"] or options  # (random play lays a room in the default game; not in every other)
    if options.get("apc"):
        assert seen["in_apc"]
