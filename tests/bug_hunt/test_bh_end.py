"""BugHunt._check_end (run before every decision, its figure loops typed when compiled) against
the end rules read plainly off the game, over random games."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt


def end_by_the_rules(g) -> str | None:
    """The winner the rules name for this position (None: play on), in the rules' order."""
    if g.queen_killed_in_chamber:
        return "marines"
    if not any(h.status == "active" and h.role != "android" for h in g.humans):
        return "hive"
    mission = g.mission
    if mission["objective"] == "explore_and_return" and g.rooms_entered >= mission["rooms"]:
        if all(bool(g.colony.entry.flat[h.pos]) for h in g.humans if h.status == "active"):
            return "marines"
    if g.turn > g.turn_limit:
        return "hive"
    return None


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_check_end_names_the_rules_winner_at_random_positions(seed, mission):
    """At random positions, with the rooms entered and the figures' places and states pushed
    about and now and then the Queen killed in her chamber (so that each end is reached), a clone's _check_end finishes exactly as the rules say."""
    rng = random.Random(seed)
    ends = set()
    for game in range(6):
        g = BugHunt(mission=mission)
        g.reset(seed * 100 + game)
        entry = [int(q) for q in g.colony.entry.ravel().nonzero()[0]]
        steps = 0
        while not g.is_terminal() and steps < 300:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
            c = g.clone()
            c.rooms_entered = rng.choice((0, c.rooms_entered, c.mission.get("rooms", 0), 99))
            for h in c.humans:
                if rng.random() < 0.3:
                    h.pos = rng.choice(entry)
                if rng.random() < 0.1:
                    h.status = rng.choice(("dead", "captured", "active"))
            c.turn = rng.choice((c.turn, c.turn_limit + 1))
            c.queen_killed_in_chamber = rng.random() < 0.05
            c.result = None
            expected = end_by_the_rules(c)
            c._check_end()
            assert c.result == expected, (seed, game, steps)
            ends.add(expected)
    assert ends >= {None, "marines", "hive"}
