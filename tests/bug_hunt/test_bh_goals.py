"""The scripted squad's goals (ScriptedMarines._goals: its loops over the figures typed) against the
plain comprehensions they replace, over random Bug Hunt positions: the way home once the search is
done (rooms_entered raised to the mission's count), the Queens when she is on the map (one added at
a random square), and the exploration goals otherwise."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.game import Alien
from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions

SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen")]


def _goals_by_the_rules(game):
    """ScriptedMarines._goals as plain comprehensions."""
    mission = game.mission
    objective = mission["objective"]
    if objective == "explore_and_return" and game.rooms_entered >= mission["rooms"]:
        me = game.humans[game.active].pos if game.active != NO else NO
        taken = {h.pos for h in game.humans if h.status == "active" and h.pos != me}
        free = [x for x in game.entry_squares() if x not in taken]
        if not free:
            return []
        rows = game.colony.rows_cols[0]
        deep = max([rows[x] for x in free])
        return [x for x in free if rows[x] == deep]
    if objective == "kill_queen":
        queens = [a.pos for a in game.aliens if a.alive and a.kind == "queen"]
        if queens:
            return queens
    terminals = []
    if game.satellite_comms and mission["brood_chamber"] and not (game.brood_found or game.brood_located):
        terminals = [game.sq(f["pos"]) for f in game.features if f["kind"] == "comms_terminal" and f["state"] == "ready"]
    return terminals + list(game.exploration_goals())


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_goals_are_the_plain_comprehensions_at_random_positions(seed, mission):
    rng, checked, kinds = random.Random(seed), 0, set()
    for g in positions(seed, mission, every=5):
        rooms, aliens = g.rooms_entered, g.aliens
        try:
            for home in (False, True) if mission == "explore" else (False,):
                if home:
                    g.rooms_entered = max(rooms, g.mission["rooms"])
                for queen in (False, True):
                    if queen:  # (a Queen, alive or killed, at a random square; the squad's home ignores her)
                        g.aliens = aliens + [Alien("queen", pos=rng.randrange(g.colony.n), alive=rng.random() < 0.8)]
                    goals = ScriptedMarines._goals(g)
                    assert goals == _goals_by_the_rules(g), (seed, g.turn, home, queen)
                    kinds.add("none" if not goals else "home" if home
                              else "queen" if mission == "kill_queen" and any(a.kind == "queen" and a.alive for a in g.aliens)
                              else "explore")
                    g.aliens = aliens
                g.rooms_entered = rooms
            checked += 1
        finally:
            g.rooms_entered, g.aliens = rooms, aliens
    assert checked > 200
    assert {"home" if mission == "explore" else "queen", "explore"} <= kinds
