"""How long a tactic chosen by BugHuntTactics' commander plays (BugHuntTactics._command_start and
_command_over: the turn and the acting figure kept in a list, the figure filled in at the first act):
in random games, a tactic chosen at a figure's act plays on to the next figure's activation, the act
of another figure or the next turn, never stopping at an act of the same figure in the same turn."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.tactics import BugHuntTactics


@pytest.mark.parametrize("seed", [0, 1])
def test_a_tactic_chosen_at_an_act_plays_on_to_the_next_activation_or_turn(seed):
    rng, commands = random.Random(seed), 0
    for game_no in range(4):
        g = BugHuntTactics(mission="kill_queen")
        g.reset(seed * 100 + game_no)
        while not g.is_terminal():
            player, d = g.current_player(), g.decision
            action = rng.choice(g.legal_actions())
            if player != "marines" or d.kind != "act" or g.layout.decode(action)[0] != "tactic":
                g.apply(action)
                continue
            turn, figure = g.turn, g.active
            g.apply(action)
            d = g.decision
            if g.is_terminal() or d is None or d.player != "marines":
                continue
            assert d.kind == "activate" or g.turn != turn or (d.kind == "act" and g.active != figure), (
                seed, game_no, turn, figure, d.kind, g.active)
            commands += 1
    assert commands > 30
