"""The scripted squad's goals (ScriptedMarines._goals: its loops over the figures typed) against the
rule written out independently, over random Bug Hunt positions: the way home once the search is
done (rooms_entered raised to the mission's count), the Queens when she is on the map (one added at
a random square), and the exploration goals otherwise."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.game import Alien
from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.state import NO
from bh_helpers import position_changed, positions

SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen")]


def _goals_by_the_rules(game):
    """ScriptedMarines._goals as the rule reads, each kind of goal worked out first and then picked
    in order: the search done in an explore-and-return mission, home (the entry squares no other
    active figure holds, those of the deepest row: game.rc); else in a kill-the-Queen mission the
    live Queens' squares, if any; else the ready comms terminals while satellite comms still look
    for the brood chamber, then the exploration goals."""
    mission = game.mission
    me = game.humans[game.active].pos if game.active != NO else NO
    held = {h.pos for h in game.humans if h.status == "active"} - {me}
    free = [x for x in game.entry_squares() if x not in held]
    home = [x for x in free if game.rc(x)[0] == max(game.rc(y)[0] for y in free)]
    queens = [a.pos for a in game.aliens if (a.kind, a.alive) == ("queen", True)]
    searching = game.satellite_comms and mission["brood_chamber"] and not game.brood_found and not game.brood_located
    ready = [game.sq(f["pos"]) for f in game.features if searching and (f["kind"], f["state"]) == ("comms_terminal", "ready")]
    if mission["objective"] == "explore_and_return" and game.rooms_entered >= mission["rooms"]:
        return home
    if mission["objective"] == "kill_queen" and queens:
        return queens
    return ready + list(game.exploration_goals())


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_goals_are_the_rule_at_random_positions(seed, mission):
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
                    position_changed(g)  # (the position changed in place: its goals worked out afresh)
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
            position_changed(g)
    assert checked > 200
    assert {"home" if mission == "explore" else "queen", "explore"} <= kinds
