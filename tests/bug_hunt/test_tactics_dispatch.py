"""TacticMarines' play looked up once (its method kept at construction, _play; bypass's reading of
the pods, _round_pods) and its goals read from policies' squad_goals in C: each tactic plays its own
method on itself, also in a pickled or deep-copied game and loaded from a pickle made before they
were kept (they are not pickled: worked out again on loading), and its goals are the scripted squad's
(ScriptedMarines._goals) at random positions, outside act() and within it (kept once)."""
from __future__ import annotations

import copy
import pickle

import pytest

from aliens_env.bug_hunt.policies import ScriptedMarines
from aliens_env.bug_hunt.tactics import TACTICS, BugHuntTactics, TacticMarines
from bh_helpers import positions, random_play


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
def test_the_tactics_goals_are_the_scripted_squads_outside_act_and_within_it(seed, mission, options):
    tactics = [TacticMarines(name) for name in TACTICS]
    checked, seen_goals = 0, set()
    for g in positions(seed, mission, every=7, steps=700, **options):
        want = ScriptedMarines._goals(g)
        seen_goals.add(len(want))
        for t in tactics:
            outside = t._goals(g)
            assert outside == want and t._goals(g) is not outside, (seed, g.turn, t.tactic)  # (a new list each time)
            t._within_act = {}  # (as act() sets it: the goals worked out once, then read back)
            try:
                within = t._goals(g)
                assert within == want and t._within_act["goals"] is within and t._goals(g) is within
            finally:
                t._within_act = None
        checked += 1
    assert checked > 50 and len(seen_goals) > 2
