"""policies' squad_goals and squad_next_figure (with no field given) kept with the open decision in the
layout cache's squad_reads (session 67): BugHuntTactics' observation reads them, then the commander's tactic at the
same decision. Each equals its reference (the goals as test_bh_goals writes the rule out; the next figure
as the code before the keep read it, kept here) at every position of
played games, BugHunt's and BugHuntTactics' (the commander's tactics played, as the environments play
them: the kept entry is written while a tactic plays and read by the observation, and the other way
round); a kept entry is read only while its decision object is the open one: another decision object
(a copy of it, a clone's, the next position's) works them out afresh."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt.colony import WALKER
from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.geometry import NOT_WALKED
from aliens_env.bug_hunt.policies import squad_goals, squad_next_figure, squad_reads
from aliens_env.bug_hunt.state import NO, UNREACHABLE
from aliens_env.bug_hunt.tactics import BugHuntTactics
from test_bh_goals import _goals_by_the_rules  # (the goals as the rule reads: the reference)


def reference_next_figure(game) -> int:
    """squad_next_figure (no field) before it was kept: the least (walking steps to the goals, figure)."""
    figures = [i for i in game.decision.options if i < len(game.humans)]
    if not figures:
        return NO
    goals = _goals_by_the_rules(game)
    if not goals:
        return min(figures)
    field = game.colony.field(sorted(goals), WALKER)

    def steps(i):
        pos = game.humans[i].pos
        s = NOT_WALKED if pos == NO else int(field[pos])
        return NOT_WALKED if s >= UNREACHABLE else s
    return min(figures, key=lambda i: (steps(i), i))


def _check(g) -> int:
    """squad_goals and squad_next_figure against the references at g's position, read twice (the
    second read the kept one); 1 where a next figure was checked."""
    goals = squad_goals(g)
    assert goals == _goals_by_the_rules(g)
    assert squad_goals(g) is goals or g.decision is None
    if g.decision is not None:
        assert squad_reads(g).goals_at is g.decision and squad_reads(g).goals is goals
    if g.decision is None or g.decision.kind != "activate":
        return 0
    figure = squad_next_figure(g)
    assert figure == reference_next_figure(g) == squad_next_figure(g)
    assert squad_reads(g).figure_at is g.decision and squad_reads(g).figure == figure
    return 1


@pytest.mark.parametrize("seed,options", [(0, {"mission": "kill_queen"}),
                                          (1, {"mission": "explore", "electronic_locks": True,
                                               "satellite_comms": True}),
                                          (2, {"mission": "explore"})])
def test_the_kept_goals_and_next_figure_equal_the_reference_at_every_position_of_bug_hunt(seed, options):
    rng = random.Random(seed)
    checked = figures = game_no = 0
    while checked < 900:
        g = BugHunt(**options)
        g.reset(seed * 100 + game_no)
        game_no += 1
        while not g.is_terminal():
            figures += _check(g)
            checked += 1
            g.apply(rng.choice(g.legal_actions()))
        figures += _check(g)  # (the end: no decision, worked out at each read)
    assert figures > 60


@pytest.mark.parametrize("seed", [3, 4])
def test_the_observation_and_the_commanders_tactic_read_the_same_kept_entries_and_they_are_right(seed):
    """BugHuntTactics played by random tactics, its compact observation made at each of the
    commander's decisions (it reads the keep first), checked against the references: a tactic's play
    in between (each primitive action a new decision) never leaves a kept entry read stale."""
    rng = random.Random(seed)
    checked = figures = game_no = 0
    while checked < 300:
        g = BugHuntTactics(mission="kill_queen", satellite_comms=True)
        g.reset(seed * 100 + game_no)
        game_no += 1
        while not g.is_terminal():
            player = g.current_player()
            if player == "marines":
                g.observe_compact(player)
                figures += _check(g)
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert figures > 50


def test_a_kept_entry_is_read_only_while_its_decision_object_is_open():
    g = BugHunt(mission="kill_queen")
    g.reset(5)
    rng = random.Random(5)
    while g.decision is None or g.decision.kind != "activate" or g.current_player() != "marines":
        g.apply(rng.choice(g.legal_actions()))
    reads, decision = squad_reads(g), g.decision
    marker_goals, marker_figure = [-7], -7
    reads.goals_at, reads.goals = decision, marker_goals  # (kept with the open decision: read back)
    reads.figure_at, reads.figure = decision, marker_figure
    assert squad_goals(g) is marker_goals and squad_next_figure(g) == marker_figure
    reads.goals_at, reads.goals = decision.copy(), marker_goals  # (an equal decision, another object: not read)
    reads.figure_at, reads.figure = decision.copy(), marker_figure
    assert squad_goals(g) == _goals_by_the_rules(g) != marker_goals
    assert squad_next_figure(g) == reference_next_figure(g) != marker_figure
    reads.goals_at, reads.goals = decision, marker_goals
    clone = g.clone()  # (its own layout cache: nothing kept)
    assert "squad_reads" not in clone._shared and squad_goals(clone) == _goals_by_the_rules(g)
    g.apply(rng.choice(g.legal_actions()))  # (the next position: a new decision)
    assert squad_goals(g) == _goals_by_the_rules(g) and squad_goals(g) is not marker_goals
    g.decision = None  # (no decision open, as at a game's end: nothing kept is read, nothing kept)
    reads = squad_reads(g)
    reads.goals_at = reads.figure_at = None
    assert squad_goals(g) == _goals_by_the_rules(g) and reads.goals_at is None
