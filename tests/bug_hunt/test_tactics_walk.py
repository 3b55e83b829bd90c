"""TacticMarines.act hands its tactic the scripted squad's act choice short of its walk (policies.squad_act:
WALK where the scripted squad would walk), so a tactic that throws the scripted step away never works it
out. Over random positions of played games (pods laid in most, electronic locks in half), every tactic's
action is its rule: its play of the scripted squad's whole choice (ScriptedMarines.choose, the walk
worked out); and choose is squad_act with the walk (the step toward the goals, else hold) filled in."""
from __future__ import annotations

from collections import Counter

import pytest

from aliens_env.bug_hunt.combat import target_square, weapon_range
from aliens_env.bug_hunt.geometry import rng, steps_on
from aliens_env.bug_hunt.marines import targets
from aliens_env.bug_hunt.policies import WALK, ScriptedMarines, squad_act, squad_hold, squad_shot
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import STEPS, TACTICS, TacticMarines
from bh_helpers import positions

#: games with pods (few act positions in 1 and 2), electronic locks (2, 4), the Queen seen (0, 1, 6)
SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen"), (4, "explore"), (6, "explore")]


def _acts(seed, mission):
    """The Marines' act decisions of a figure on the map, every other position of random legal games."""
    for g in positions(seed, mission, every=2, steps=1200):
        if g.decision is not None and g.decision.kind == "act" and g.decision.player == "marines" \
                and g.humans[g.active].pos != NO:
            yield g


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_choose_is_squad_act_with_the_walk_filled_in(seed, mission):
    # squad_act's order, the rule: comms when legal, else the squad's shot, else over-watch when legal with an
    # Alien among the targets within the weapon's range, else WALK: the step toward the goals, else
    # over-watch with 2 AP or more when legal, else the end; choose is that with the walk filled in
    scripted, seen = ScriptedMarines(), Counter()
    for g in _acts(seed, mission):
        mask = g.script_mask("marines")
        layout, h = g.layout, g.humans[g.active]
        comms, overwatch = layout.encode("comms"), layout.encode("overwatch")
        shot = squad_shot(g, mask)
        in_reach = any(t[0] == "alien" and rng(g, h.pos, target_square(g, t)) <= weapon_range(g, h.weapon)
                       for t in targets(g))
        if mask[comms]:
            rule = comms
        elif shot is not None:
            rule = shot
        elif in_reach and mask[overwatch]:
            rule = overwatch
        else:
            rule = WALK
        early, chosen = squad_act(g, mask), scripted.choose(g, mask)
        assert early == rule, (seed, g.turn)
        if rule == WALK:
            step = ScriptedMarines.step_toward(g, ScriptedMarines._goals(g), mask)
            hold = overwatch if mask[overwatch] and h.ap >= 2 else layout.encode("end")
            rule = hold if step is None else step
        assert chosen == rule and mask[chosen], (seed, g.turn)
        seen[layout.decode(chosen)[0] if early == WALK else "not walked"] += 1
    assert seen["move"] > 20 and seen["end"] + seen["overwatch"] > 5 and seen["not walked"] > 5, seen


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
            kept, g.colony, shared = g.colony, fresh, g._shared
            g._shared = {}  # (the game's layout caches too: walk_kept's fields)
            try:
                step, field = t.step_toward(g, [goal], mask), t._walk_field(g, [goal])
            finally:
                g.colony, g._shared = kept, shared
            if step is None:
                step = t.choose(g, mask)
                if g.layout.decode(step)[0] in STEPS and \
                        steps_on(field, t._leads_to(g, step)) > steps_on(field, g.humans[g.active].pos):
                    step = squad_hold(g, mask)
                seen[name, "no step"] += 1
            assert t.act(g, "marines") == step, (seed, g.turn, name)
            seen[name] += 1
    assert all(seen[name] > 5 for name in fans), seen
