"""TacticMarines' play looked up once (its method kept at construction, _play; bypass's reading of
the pods, _round_pods) and its goals read from policies' squad_goals in C: each tactic plays its own
method on itself, also in a pickled or deep-copied game and loaded from a pickle made before they
were kept (they are not pickled: worked out again on loading), and its goals are the scripted squad's
(policies' squad_goals, as the rule reads) at random positions, kept once a position (with its open decision)."""
from __future__ import annotations

import copy
import pickle

import pytest

from aliens_env.bug_hunt.policies import squad_goals
from aliens_env.bug_hunt.tactics import TACTICS, BugHuntTactics, TacticMarines
from bh_helpers import positions, random_play
from test_bh_goals import _goals_by_the_rules


def _mid_game(seed: int, moves: int) -> BugHuntTactics:
    g = None
    for g in random_play(seed, moves, make=lambda: BugHuntTactics(mission="kill_queen")):
        pass
    return g


@pytest.mark.parametrize("seed", [4, 9])
def test_each_tactic_plays_its_own_method_on_itself_also_in_a_copied_game(seed):
    g = _mid_game(seed, 120)
    for game in (g, pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert [t.tactic for t in game.tactics] == [t.tactic for t in g.tactics]
        for t in game.tactics:
            assert t._round_pods == (t.tactic == "bypass")
            if t.tactic == "heuristic":
                assert t._play is None
            else:
                assert t._play.__self__ is t and t._play.__func__ is getattr(TacticMarines, t.tactic)


def test_a_tactic_pickles_without_its_play_and_one_pickled_before_it_was_kept_plays_the_same():
    tactics = [TacticMarines(name) for name in TACTICS]
    olds = []
    for t in tactics:
        assert b"_play" not in pickle.dumps(t) and b"_round_pods" not in pickle.dumps(t)
        old = TacticMarines.__new__(TacticMarines)  # (as a pickle of session 57 loads: the state alone)
        old.__setstate__({k: v for k, v in vars(t).items() if k not in ("_play", "_round_pods")})
        assert old._round_pods == t._round_pods and (old._play is None) == (t._play is None)
        olds.append(old)
    checked = 0
    for g in positions(2, "kill_queen", every=9, steps=600):
        if g.current_player() == "marines" and g.decision.kind == "act":
            for t, old in zip(tactics, olds):
                assert old.act(g, "marines") == t.act(g, "marines"), (g.turn, t.tactic)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("seed,mission,options", [(5, "kill_queen", {}), (8, "explore", {"satellite_comms": True})])
def test_the_tactics_goals_are_the_scripted_squads_kept_once_a_position(seed, mission, options):
    """Each tactic reads the scripted squad's goals, kept by policies' squad_goals while the position's
    decision stays open: every tactic the same list, read again the same; at the next position (the same
    game played on: a new decision) worked out afresh, so goals that change from one position to the
    next are never read stale."""
    tactics = [TacticMarines(name) for name in TACTICS]
    checked, seen_goals, changed = 0, set(), 0
    last = None  # the goals read at the last position
    for g in positions(seed, mission, every=1, steps=700, **options):
        want = _goals_by_the_rules(g)
        seen_goals.add(len(want))
        goals = tactics[0]._goals(g)
        assert goals == want, (seed, g.turn)
        for t in tactics:
            if g.decision is None:  # (a game over: no decision to keep them with, worked out at each read)
                assert t._goals(g) is not goals and t._goals(g) == want
            else:
                assert t._goals(g) is goals is squad_goals(g), (seed, g.turn, t.tactic)
        changed += last is not None and last != want
        last = goals
        checked += 1
    assert checked > 300 and len(seen_goals) > 2 and changed > 5
