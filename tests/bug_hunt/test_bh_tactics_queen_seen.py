"""tactics._queen_seen as a loop over the typed Aliens (session 53) against the plain any() it replaces,
at the positions of scripted kill_queen games, and with each live Queen killed in a copy (a dead Queen, or
a live Alien of another kind, is not a Queen seen)."""
from __future__ import annotations

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.tactics import _queen_seen


def plain_queen_seen(game) -> bool:
    return any(a.alive and a.kind == "queen" for a in game.aliens)


def test_queen_seen_is_the_plain_any_through_kill_queen_games():
    marines, hive = ScriptedMarines(), BugHuntDiceAI()
    seen = {True: 0, False: 0, "killed": 0}
    for seed in range(4):
        g = BugHunt(mission="kill_queen")
        g.reset(seed)
        for step in range(400):
            if g.is_terminal():
                break
            assert _queen_seen(g) is plain_queen_seen(g)
            seen[plain_queen_seen(g)] += 1
            if step % 7 == 0 and plain_queen_seen(g):
                other = BugHunt.from_dict(g.to_dict())
                for a in other.aliens:
                    if a.kind == "queen":
                        a.alive = False
                assert other.aliens and _queen_seen(other) is plain_queen_seen(other) is False
                seen["killed"] += 1
            player = g.current_player()
            g.apply(marines.act(g, player) if player == "marines" else hive.act(g, player))
    assert seen[True] > 20 and seen[False] > 20 and seen["killed"] > 3, seen
