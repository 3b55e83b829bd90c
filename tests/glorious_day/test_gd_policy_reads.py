"""The built-in players' reads, held to the code they replace (kept here as the reference):

- ``closed_squares`` (large_policies.py: the squares a small model's walk may not enter, built by
  adding each square to one set) is the old join ``barricades | aliens' squares | queen_squares()``
  (without the Queen's: ``barricades | aliens' squares``), at every step of random play of the
  missions with Barricades, the Queen and the APC;
- ``GloriousDiceAI.act`` (typed, DicePolicy's act named) plays as the old one: End Step at the
  Hivemind Step, Decline at a Reaction, else the die among the legal actions (the same die: clones).
"""
from __future__ import annotations

import pytest

from aliens_env.core.policy import DicePolicy
from aliens_env.glorious_day.data_files import load
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.large_policies import closed_squares
from aliens_env.glorious_day.policies import GloriousDiceAI
from aliens_env.glorious_day.tactics import GloriousDayTactics

from gd_helpers import random_positions

MISSIONS = list(load()["missions"])


def _old_closed(game, queen: bool) -> set[int]:
    joined = game.barricades | {a["pos"] for a in game.aliens if a is not None}
    return joined | set(game.queen_squares()) if queen else joined


def _old_dice_act(game, player: str) -> int:
    kind, layout = game.decision.kind, game.layout
    if kind == "hivemind":
        return layout.encode("end_step")
    if kind == "react":
        return layout.encode("decline")
    return DicePolicy().act(game, player)


@pytest.mark.parametrize("mission", MISSIONS)
def test_closed_squares_are_the_old_join(mission):
    seen_aliens = seen_queen = 0
    for g in random_positions(mission, 200, 3):
        for queen in (True, False):
            got = closed_squares(g, queen)
            assert got == _old_closed(g, queen)
            got.add(-5)  # a new set each call: the caller's to change
            assert -5 not in closed_squares(g, queen) and -5 not in g.barricades
        seen_aliens += any(a is not None for a in g.aliens)
        seen_queen += bool(g.queen_squares())
    assert seen_aliens  # (the Aliens' squares were met)
    if g.has_large:
        assert seen_queen


def test_the_dice_hive_plays_as_before():
    kinds = set()
    for mission, game_class in (("queen_apc", GloriousDay), ("newt", GloriousDay), ("queen_apc", GloriousDayTactics)):
        for g in random_positions(mission, 300, 5, game_class):
            if g.decision is None or g.decision.player != "hive":
                continue
            kinds.add(g.decision.kind)
            assert GloriousDiceAI().act(g.clone(), "hive") == _old_dice_act(g.clone(), "hive")
    assert {"hivemind", "react"} & kinds and len(kinds) >= 3  # the two kinds of its own and the die's
