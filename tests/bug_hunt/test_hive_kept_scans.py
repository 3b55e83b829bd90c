"""geometry.room_centres reads the room pieces kept across layout versions (geometry._rooms: the
pieces list and how many of its pieces were read), and exploration_goals reads the ports from the
first one pending at its last reading (kept with the ports list): both against the rule at random
positions of games whose colony grows (the kept scans carried from position to position), and for
a colony copied mid-game, whose lists are others (a room entered and a port pending in the copy
alone are read from the copy's own lists)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry
from bh_helpers import plain_exploration_goals, plain_room_centres, positions


@pytest.mark.parametrize("seed,mission", [(7, "explore"), (8, "kill_queen")])
def test_the_scans_read_on_are_the_rule_as_the_colony_grows(seed, mission):
    reads, seen, laid = random.Random(seed), 0, set()
    for g in positions(seed, mission, every=1, steps=3000):
        if reads.random() < 0.2:  # (now and then: pieces and ports added, settled, between readings)
            assert geometry.room_centres(g) == plain_room_centres(g)
            assert geometry.exploration_goals(g) == plain_exploration_goals(g)
            seen += 1
            laid.add(len(g.colony.pieces))
    assert seen > 300 and len(laid) >= 3  # (pieces laid between readings)


def test_a_copied_colony_is_read_from_its_own_lists():
    checked = 0
    for g in positions(6, "explore", every=40, steps=2400):
        geometry.exploration_goals(g)  # (the scans kept for this colony's lists)
        rooms = [k for k, p in enumerate(g.colony.pieces) if p["kind"] == "room" and not p["entered"]]
        settled = [k for k, p in enumerate(g.colony.ports) if p["state"] != "pending"]
        if not rooms or not settled:
            continue
        colony, entered = g.colony, g.rooms_entered
        g.colony = colony.copy()
        try:
            g.colony.pieces[rooms[0]]["entered"] = True  # (in the copy alone)
            g.colony.ports[settled[0]]["state"] = "pending"
            g.rooms_entered += 1
            assert geometry.room_centres(g) == plain_room_centres(g)
            assert geometry.exploration_goals(g) == plain_exploration_goals(g)
        finally:
            g.colony, g.rooms_entered = colony, entered
            kept = geometry.layout_cache(g)  # (the copy's answers, kept for this layout version: not the game's)
            kept.pop("room_centres", None)
            kept.pop("exploration_goals", None)
        checked += 1
    assert checked > 10
