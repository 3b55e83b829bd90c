"""The tactics' scripted walk, worked out by C calls (tactics._walk and _walking_steps, policies.squad_walk)
rather than through the methods: at random positions of played games (pods laid
in most, electronic locks in half) each tactic's walk (TacticMarines._walk, the walk ScriptedMarines.choose
and every play reads) is the rule written out here: the step toward the tactic's goals along its walking
steps (round the sentry pods for bypass, A73), else over-watch with 2 AP or more when legal, else the
end; it reads the goals of the tactic (an instance's own _goals too); and squad_step_along refuses
None for its walking steps (compiled, a typed view would take None as an empty one)."""
from __future__ import annotations

import random
from functools import partial

import pytest

from aliens_env.bug_hunt.policies import ScriptedMarines, squad_step, squad_step_along
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import TACTICS, TacticMarines, _pod_field
from bh_helpers import positions


def _walk_by_the_rule(game, mask, goals, round_pods: bool) -> int:
    """The scripted walk toward `goals`: the step toward them along the game's walking steps, or
    those round the pods (_pod_field) for bypass; else over-watch with 2 AP or more when legal,
    else the end."""
    step = squad_step(game, goals, mask, partial(_pod_field, game) if round_pods else None)
    if step is not None:
        return step
    layout, h = game.layout, game.humans[game.active]
    overwatch = layout.encode("overwatch")
    return overwatch if mask[overwatch] and h.ap >= 2 else layout.encode("end")


def _acts(seed, mission):
    for g in positions(seed, mission, every=3, steps=900):
        if g.decision is not None and g.decision.kind == "act" and g.decision.player == "marines" \
                and g.humans[g.active].pos != NO:
            yield g


#: (seed 0's games block a walk with a pod: bypass steps otherwise than the scripted squad there)
@pytest.mark.parametrize("seed,mission", [(0, "explore"), (0, "kill_queen"), (1, "kill_queen"), (4, "explore")])
def test_each_tactics_walk_is_the_step_toward_its_goals_along_its_steps_else_hold(seed, mission):
    tactics = [TacticMarines(name) for name in TACTICS]
    rng, checked, differ, own = random.Random(seed), 0, 0, 0
    for g in _acts(seed, mission):
        mask = g.script_mask("marines")
        goals = ScriptedMarines._goals(g)
        walked = {}
        for t in tactics:
            walked[t.tactic] = t._walk(g, mask)
            assert walked[t.tactic] == _walk_by_the_rule(g, mask, goals, t.tactic == "bypass"), (seed, g.turn, t.tactic)
            assert t.step_toward(g, goals, mask) == squad_step(
                g, goals, mask, partial(_pod_field, g) if t.tactic == "bypass" else None), (seed, g.turn, t.tactic)
        differ += walked["bypass"] != walked["heuristic"]
        # a tactic's own goals (an instance's _goals) are the ones its walk reads
        t = tactics[rng.randrange(len(tactics))]
        others = [h.pos for h in g.humans if h.status == "active" and h.pos != NO and h.pos != g.humans[g.active].pos]
        if others:
            mine = [rng.choice(others)]
            t._goals = lambda game, mine=mine: list(mine)
            try:
                assert t._walk(g, mask) == _walk_by_the_rule(g, mask, mine, t.tactic == "bypass"), (seed, g.turn)
                own += t._walk(g, mask) != walked[t.tactic]
            finally:
                del t._goals
        checked += 1
    assert checked > 40 and own > 5
    assert differ > 0 or seed != 0


def test_squad_step_along_refuses_none_for_its_walking_steps():
    for g in positions(3, "explore", every=50, steps=600):
        if g.decision is not None and g.decision.kind == "act" and g.humans[g.active].pos != NO:
            mask = g.script_mask("marines")
            with pytest.raises(TypeError, match="not None"):
                squad_step_along(g, None, mask)
            assert squad_step_along(g, g.walk_field([g.humans[g.active].pos]), mask) is None  # (already there)
            return
    raise AssertionError("no act position")
