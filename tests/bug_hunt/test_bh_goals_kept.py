"""geometry.room_centres and exploration_goals kept in the layout cache as (rooms entered, tuple) under
one name each (session 53): against the plain computation over random Bug Hunt positions and scripted
play, and a room entered with no change of the layout read afresh (a result kept for fewer rooms
entered is not read)."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import BugHunt, geometry
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from bh_helpers import plain_exploration_goals, plain_room_centres, positions


@pytest.mark.parametrize("seed,mission", [(3, "explore"), (4, "kill_queen")])
def test_the_kept_goals_are_the_plain_ones_at_random_positions(seed, mission):
    seen = 0
    for g in positions(seed, mission, every=7, steps=1200):
        for _ in range(2):  # the first call may keep, the second reads what was kept
            assert geometry.room_centres(g) == plain_room_centres(g)
            assert geometry.exploration_goals(g) == plain_exploration_goals(g)
            assert isinstance(geometry.exploration_goals(g), tuple)
        seen += 1
    assert seen > 100


def scripted_positions(seeds, steps: int):
    """The positions of games the scripted squad plays against the dice AI (rooms are entered:
    random play seldom lays one)."""
    marines, hive = ScriptedMarines(), BugHuntDiceAI()
    for seed in seeds:
        g = BugHunt()
        g.reset(seed)
        for _ in range(steps):
            if g.is_terminal():
                break
            yield g
            player = g.current_player()
            g.apply(marines.act(g, player) if player == "marines" else hive.act(g, player))


def test_a_room_entered_without_a_layout_change_is_read_afresh():
    rooms_marked, step = 0, 0
    for g in scripted_positions((1, 2, 3), 300):
        assert geometry.room_centres(g) == plain_room_centres(g)
        assert geometry.exploration_goals(g) == plain_exploration_goals(g)
        step += 1
        if step % 5:
            continue
        g = BugHunt.from_dict(g.to_dict())  # (its own colony: marked below)
        before = geometry.exploration_goals(g)
        rooms = [p for p in g.colony.pieces if p["kind"] == "room" and not p["entered"]]
        if not rooms:
            continue
        version = g.colony.version
        rooms[0]["entered"] = True  # as explore.enter_room marks it, the layout unchanged
        g.rooms_entered += 1
        assert g.colony.version == version
        assert geometry.room_centres(g) == plain_room_centres(g)
        assert geometry.exploration_goals(g) == plain_exploration_goals(g) != before
        rooms_marked += 1
    assert rooms_marked > 20
