"""geometry.walk_field keeps its fields in the layout cache by the goals as given (walk_kept, whose
typed steps the scripted squad's step and next figure read: test_geo_step_toward, test_bh_next_figure
check those readers): at every position of seeded Bug
Hunt and BugHuntTactics play both are the colony's walking field of the sorted goals worked out anew (a
copy of the colony with no cache), for the squad's goals, their reverse, random goals and goals asked at
earlier positions (so a field kept from before a change of the layout would show); a field read again
is the same kept one."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, geometry
from aliens_env.bug_hunt.colony import WALKER
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics


def fresh_walk_field(game, goals):
    """The colony's WALKER field of the sorted goals, searched anew: a copy of the colony with its
    kept tables and fields dropped."""
    colony = game.colony.copy()
    colony._cache = {}
    return colony.field(sorted(goals), WALKER)


def played_positions(seed: int, make, choose, moves: int):
    """The positions of games make() reset from `seed`, each action choose(game, rng) (a game over:
    the next seed), `moves` moves in all."""
    rng, game = random.Random(seed), 0
    while moves > 0:
        g = make()
        g.reset(seed * 100 + game)
        game += 1
        while not g.is_terminal() and moves > 0:
            yield g
            g.apply(choose(g, rng))
            moves -= 1


def scripted(marines, hive):
    """The squad played by `marines` where it decides what to do, the hive by `hive`, any other
    decision by its first legal action."""
    def choose(g, rng):
        player = g.current_player()
        if player == "marines" and g.decision.kind in ("act", "activate", "drive"):
            return marines.act(g, player)
        return hive.act(g, player) if player == "hive" else g.legal_actions()[0]
    return choose


def random_legal(g, rng):
    return rng.choice(g.legal_actions())


def _goal_sets(rng, g, earlier):
    """The squad's goals and their reverse, the figures' squares, random squares (NO among them) and
    three goal sets asked before."""
    goals = ScriptedMarines._goals(g)
    figures = [h.pos for h in g.humans if h.pos != NO]
    squares = [rng.randrange(-1, g.colony.n) for _ in range(rng.randint(1, 4))]
    return [goals, goals[::-1], figures, squares] + rng.sample(earlier, min(3, len(earlier)))


@pytest.mark.parametrize("seed,play", [(0, "scripted"), (1, "tactics"), (2, "tactics")])
def test_walk_field_is_the_walking_field_searched_anew(seed, play):
    """BugHunt played by the scripted squad, BugHuntTactics by random tactics (its squad scripted)."""
    rng, earlier, checked, versions = random.Random(seed), [], 0, set()
    if play == "scripted":
        games = played_positions(seed, BugHunt, scripted(ScriptedMarines(), BugHuntDiceAI()), 1500)
    else:
        games = played_positions(seed, BugHuntTactics, random_legal, 1500)
    for k, g in enumerate(games):
        if k % 3:
            continue
        for goals in _goal_sets(rng, g, earlier):
            if not goals:
                continue
            want = fresh_walk_field(g, goals)
            assert np.array_equal(geometry.walk_field(g, goals), want), (seed, g.turn, goals)
            assert np.array_equal(g.walk_field(list(goals)), want)  # (the kept field, read again)
            kept = geometry.walk_kept(g, goals)
            assert np.array_equal(kept.field, want) and geometry.walk_kept(g, goals) is kept
            earlier.append(list(goals))
            checked += 1
        versions.add((id(g), g.colony.version))
    assert checked > 1000
    assert len(versions) > 20  # (the layout changed often along the way)


def test_walk_field_past_its_bound_is_still_the_walking_field(monkeypatch):
    """With WALK_FIELDS_LIMIT at 2 the kept fields are dropped at every third goal set of a
    version: each field read is still the one searched anew."""
    monkeypatch.setattr(geometry, "WALK_FIELDS_LIMIT", 2)
    rng, checked = random.Random(3), 0
    for k, g in enumerate(played_positions(3, BugHunt, random_legal, 300)):
        if k % 10:
            continue
        for goals in _goal_sets(rng, g, []) * 2:
            if goals:
                want = fresh_walk_field(g, goals)
                assert np.array_equal(geometry.walk_field(g, goals), want)
                assert np.array_equal(geometry.walk_kept(g, goals).field, want)
                assert len(geometry.layout_cache(g)["walk_fields"]) <= 2
                checked += 1
    assert checked > 50
