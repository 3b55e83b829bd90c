"""The scripted squad's way home (ScriptedMarines._goals once the search is done: policies._home_squares,
its loops on C longs) against the rule written out in test_bh_goals, over the positions of seeded
BugHuntTactics play (the search done or not, as the play goes, and then once more with it done) and
with the active figure's and other figures' squares moved onto the entry squares."""
from __future__ import annotations

import random

from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics
from bh_helpers import position_changed
from test_bh_goals import _goals_by_the_rules


def test_home_goals_are_the_rule_through_tactics_play():
    rng, checked, crowded = random.Random(5), 0, 0
    for game in range(6):
        g = BugHuntTactics(mission="explore")
        g.reset(500 + game)
        for _ in range(400):
            if g.is_terminal():
                break
            rooms, places = g.rooms_entered, [h.pos for h in g.humans]
            try:
                for done in (False, True):
                    if done:
                        g.rooms_entered = max(rooms, g.mission["rooms"])
                    if rng.random() < 0.5:  # (figures moved onto entry squares: the deepest rows held)
                        entry = list(g.entry_squares())
                        for h in g.humans:
                            if rng.random() < 0.6:
                                h.pos = rng.choice(entry)
                    position_changed(g)  # (the position changed in place: its goals worked out afresh)
                    goals = ScriptedMarines._goals(g)
                    assert goals == _goals_by_the_rules(g), (game, g.turn, done)
                    held = {h.pos for h in g.humans if h.status == "active"} & set(g.entry_squares())
                    crowded += done and len(held) >= 3
                    checked += 1
            finally:
                g.rooms_entered = rooms
                for h, pos in zip(g.humans, places):
                    h.pos = pos
                position_changed(g)
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 2000
    assert crowded > 200
