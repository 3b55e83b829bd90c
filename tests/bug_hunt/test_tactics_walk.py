"""TacticMarines.act hands its tactic the scripted squad's act choice short of its walk (policies.squad_act:
WALK where the scripted squad would walk), so a tactic that throws the scripted step away never works it
out. Over random positions of played games (pods laid in most, electronic locks in half), every tactic's
action is its rule: its play of the scripted squad's whole choice (ScriptedMarines.choose, the walk
worked out); and choose is squad_act with the walk (the step toward the goals, else hold) filled in."""
from __future__ import annotations

from collections import Counter

import pytest

from aliens_env.bug_hunt.policies import WALK, ScriptedMarines, squad_act
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.geometry import steps_on
from aliens_env.bug_hunt.tactics import STEPS, TACTICS, TacticMarines
from bh_helpers import positions

#: games with pods (all but 6) and electronic locks (2, 4, 6), the Queen seen in the kill_queen ones
SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen"), (4, "explore"), (6, "explore")]


def _acts(seed, mission):
    """The Marines' act decisions of a figure on the map, every other position of random legal games."""
    for g in positions(seed, mission, every=2, steps=1200):
        if g.decision is not None and g.decision.kind == "act" and g.decision.player == "marines" \
                and g.humans[g.active].pos != NO:
            yield g


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_choose_is_squad_act_with_the_walk_filled_in(seed, mission):
    scripted, walks = ScriptedMarines(), Counter()
    for g in _acts(seed, mission):
        mask = g.script_mask("marines")
        early, chosen = squad_act(g, mask), scripted.choose(g, mask)
        if early != WALK:
            assert chosen == early, (seed, g.turn)
            continue
        # the walk: the step toward the goals, else over-watch with 2 AP or more when legal, else the end
        step = ScriptedMarines.step_toward(g, ScriptedMarines._goals(g), mask)
        layout = g.layout
        hold = layout.encode("overwatch") if mask[layout.encode("overwatch")] and g.humans[g.active].ap >= 2 \
            else layout.encode("end")
        assert chosen == (hold if step is None else step), (seed, g.turn)
        walks[layout.decode(chosen)[0]] += 1
    assert walks["move"] > 20 and walks["end"] + walks["overwatch"] > 5, walks


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_every_tactic_plays_the_scripted_squads_whole_choice(seed, mission):
    tactics = [TacticMarines(name) for name in TACTICS if name != "heuristic"]
    checked, walked, changed = 0, Counter(), Counter()
    for g in _acts(seed, mission):
        mask = g.script_mask("marines")
        walking = squad_act(g, mask) == WALK
        for t in tactics:
            rule = t._play(g, mask, t.choose(g, mask))  # (the play of the scripted choice worked out whole)
            assert t.act(g, "marines") == rule, (seed, g.turn, t.tactic)
            walked[t.tactic] += walking
            changed[t.tactic] += walking and rule != t.choose(g, mask)
        checked += 1
    assert checked > 100
    # every tactic met the scripted walk, and those that replace it replaced it somewhere
    assert all(walked[t.tactic] > 20 for t in tactics), walked
    assert all(changed[name] > 0 for name in ("hold", "regroup", "fan_out")), changed


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_the_fan_steps_toward_the_claimed_goal_as_step_toward_does(seed, mission):
    # _fan walks along the claimed goal's field as the share-out kept it: its step is step_toward's to that goal
    # (round the pods for bypass), searched anew on a copy of the colony with its kept fields dropped; with no
    # such step, the scripted choice, or hold where that is a step lengthening the walk to the claimed goal
    fans, seen = {"fan_out": 1, "fire_teams": 2, "bypass": 1}, Counter()
    for g in _acts(seed, mission):
        mask = g.script_mask("marines")
        if any(a.alive and a.kind == "queen" for a in g.aliens) or squad_act(g, mask) != WALK:
            continue
        for name, per_goal in fans.items():
            t = TacticMarines(name)
            goals = t._goals(g)
            goal = t._claimed_goal(g, goals, per_goal) if len(goals) >= 2 else None
            if goal is None:
                continue
            fresh = g.colony.copy()
            fresh._cache = {}
            kept, g.colony = g.colony, fresh
            try:
                step, field = t.step_toward(g, [goal], mask), t._walk_field(g, [goal])
            finally:
                g.colony = kept
            if step is None:
                step = t.choose(g, mask)
                if g.layout.decode(step)[0] in STEPS and \
                        steps_on(field, t._leads_to(g, step)) > steps_on(field, g.humans[g.active].pos):
                    step = TacticMarines._hold(g, mask)
                seen[name, "no step"] += 1
            assert t.act(g, "marines") == step, (seed, g.turn, name)
            seen[name] += 1
    assert all(seen[name] > 5 for name in fans), seen
