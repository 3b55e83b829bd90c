"""How long a tactic chosen by BugHuntTactics' commander plays (BugHuntTactics._command_start and
_command_over: the turn and the acting figure kept in a list, the figure filled in at the first act):
in random games, a tactic chosen at a figure's act plays on to the next figure's activation, the act
of another figure or the next turn, never stopping at an act of the same figure in the same turn."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.tactics import BugHuntTactics


def _commands(seed: int, kind: str):
    """The commands BugHuntTactics' commander is handed at a `kind` decision in four random games: once
    each has played and the marines decide next, the game and the game number, with the turn, the
    acting figure and the figures activated before it."""
    rng = random.Random(seed)
    for game_no in range(4):
        g = BugHuntTactics(mission="kill_queen")
        g.reset(seed * 100 + game_no)
        while not g.is_terminal():
            player, d = g.current_player(), g.decision
            action = rng.choice(g.legal_actions())
            if player != "marines" or d.kind != kind or g.layout.decode(action)[0] != "tactic":
                g.apply(action)
                continue
            before = g.turn, g.active, {i for i, h in enumerate(g.humans) if h.activated}
            g.apply(action)
            d = g.decision
            if not (g.is_terminal() or d is None or d.player != "marines"):
                yield g, game_no, before


@pytest.mark.parametrize("seed", [0, 1])
def test_a_tactic_chosen_at_an_act_plays_on_to_the_next_activation_or_turn(seed):
    commands = 0
    for g, game_no, (turn, figure, _) in _commands(seed, "act"):
        d = g.decision
        assert d.kind == "activate" or g.turn != turn or (d.kind == "act" and g.active != figure), (
            seed, game_no, turn, figure, d.kind, g.active)
        commands += 1
    assert commands > 30


@pytest.mark.parametrize("seed", [0, 1])
def test_a_tactic_chosen_at_an_activate_ends_at_the_act_of_another_figure_than_its_first(seed):
    # A command started at an activate decision starts without a figure (None): its first act fills it in, and an
    # act of another figure in the same turn (its activate forced) ends the command there. Never filled in, such a
    # command would play on through that other figure's act (no command from an activate would end at an act);
    # filled in wrong, it would end at its own figure's next act. The figures it activated are read from the
    # game: the one acting at the end and another before it.
    ended_at_act = 0
    for g, game_no, (turn, _, activated) in _commands(seed, "activate"):
        if g.decision.kind != "act" or g.turn != turn:
            continue
        # the command ended at an act in its own turn: of a figure it activated after another
        newly = {i for i, h in enumerate(g.humans) if h.activated} - activated
        assert g.active in newly and len(newly) >= 2, (seed, game_no, turn, g.active, newly)
        ended_at_act += 1
    assert ended_at_act > 0, seed
