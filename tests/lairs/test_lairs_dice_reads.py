"""``LairsDiceAI.act`` (typed: the decision read from the game's struct; DicePolicy's act named, no
super object) plays as the old one, kept here as the reference: every hive decision but the Queen's
move is the die among the legal actions, and her move is the rulebook's A18 walk. Checked on the
same die (clones) at every hive decision of random play of each lairs game."""
from __future__ import annotations

import random

import pytest

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.core.policy import DicePolicy
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import QUEEN, STOP, HuntForTheQueen
from aliens_env.lairs.policies import LairsDiceAI
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.lairs.tactics import HuntForTheQueenTactics


def _old_act(game, player: str) -> int:
    """LairsDiceAI.act before: super().act for every decision but the Queen's move."""
    d = game.decision
    if d.kind != "queen_move":
        return DicePolicy().act(game, player)
    lay = game.layout
    q = game.aliens[QUEEN]
    board = game.board
    able = [m.pos for m in game.marines if m.status == "on_map" and not m.incapacitated and m.carried_by == NO
            and m.alien == NO]
    if able:
        here = board.field([q.pos])
        best = min(int(here[p]) for p in able)
        if best < UNREACHABLE:
            if best == 0 and STOP in d.options:
                return lay.encode("queen_stop")
            near = sorted({p for p in able if int(here[p]) == best})
            goal = board.field([near[game.dice.pick(len(near))] if len(near) > 1 else near[0]])
            steps = [o for o in d.options if o != STOP and int(goal[board.step(q.pos, o)]) < int(goal[q.pos])]
            if steps:
                return lay.encode("queen_step", steps[game.dice.pick(len(steps))] if len(steps) > 1 else steps[0])
    if STOP in d.options:
        return lay.encode("queen_stop")
    return DicePolicy().act(game, player)


@pytest.mark.parametrize("make", [HuntForTheQueen, HuntForTheQueenTactics, MarineAssault, RescueOfNewt])
def test_the_dice_hive_plays_as_before(make):
    g, rng, kinds = make(), random.Random(2), set()
    g.reset(2)
    for step in range(600):
        if g.is_terminal() or g.truncated_by():
            g.reset(step)
        if g.decision is not None and g.decision.player == "hive":
            kinds.add(g.decision.kind)
            assert LairsDiceAI().act(g.clone(), "hive") == _old_act(g.clone(), "hive"), f"step {step}"
        g.apply(rng.choice(g.legal_actions()))
    assert len(kinds) >= 2
