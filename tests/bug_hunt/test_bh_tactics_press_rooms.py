"""BugHuntTactics' press and rooms keep a scripted step instead of working the step toward the goals
out again: the scripted squad steps only toward its goals (ScriptedMarines.step_toward), so its step
is the walk press would take. Checked at the Marine decisions of random games against the rules
written out, the step toward the goals worked out afresh at each (press: walk on toward the goals
while a step gets closer, else the scripted action, comms kept; rooms: shots and comms as scripted,
else toward the nearest room not entered until the Queen is seen, else as press)."""
import random

import pytest

from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.tactics import SHOTS, STEPS, TACTICS, TacticMarines


def _press_by_the_rule(g, mask, scripted):
    if g.layout.decode(scripted)[0] == "comms":
        return scripted
    step = ScriptedMarines.step_toward(g, ScriptedMarines._goals(g), mask)
    return scripted if step is None else step


def _rooms_by_the_rule(g, mask, scripted):
    if g.layout.decode(scripted)[0] in SHOTS:
        return scripted
    if not any(a.alive and a.kind == "queen" for a in g.aliens):
        step = ScriptedMarines.step_toward(g, list(g.room_centres()), mask)
        if step is not None:
            return step
    return _press_by_the_rule(g, mask, scripted)


@pytest.mark.parametrize("seed,options", [(0, {}), (1, {"electronic_locks": True, "satellite_comms": True}),
                                          (2, {"mission": "explore"})])
def test_press_and_rooms_are_their_rules_with_the_step_worked_out_afresh(seed, options):
    tactics = [TacticMarines(name) for name in TACTICS]
    press, rooms = TacticMarines("press"), TacticMarines("rooms")
    hive, rng = BugHuntDiceAI(), random.Random(seed)
    kinds = {"step": 0, "shot": 0, "other": 0}
    for game_no in range(3):
        g = BugHunt(**{"mission": "kill_queen", **options})
        g.reset(seed * 100 + game_no)
        for _ in range(500):
            if g.is_terminal():
                break
            player = g.current_player()
            if player != "marines":
                g.apply(hive.act(g, player))
                continue
            if g.decision.kind == "act":
                mask = g.script_mask(player)
                scripted = ScriptedMarines().act(g, player)
                kind = g.layout.decode(scripted)[0]
                if kind in STEPS:  # the scripted squad's step is its step toward the goals
                    assert scripted == ScriptedMarines.step_toward(g, ScriptedMarines._goals(g), mask)
                kinds["step" if kind in STEPS else "shot" if kind in SHOTS else "other"] += 1
                assert press.act(g, player) == _press_by_the_rule(g, mask, scripted), (seed, g.turn)
                assert rooms.act(g, player) == _rooms_by_the_rule(g, mask, scripted), (seed, g.turn)
            g.apply(tactics[rng.randrange(len(tactics))].act(g, player))
    assert min(kinds.values()) >= 20, kinds
