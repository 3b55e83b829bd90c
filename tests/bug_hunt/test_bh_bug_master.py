"""The scripted Bug Master (policy "bug_master", ASSUMPTION A71): built positions for each of
its choices, and whole games in which it only ever picks legal actions."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.bug_master import BugMasterHeuristic, attack_value, overwatch_exposure, shooters
from aliens_env.bug_hunt.colony import DOOR_CLOSED
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.core.board import DIRECTIONS
from aliens_env.envs.registry import make_policy
from bh_helpers import build

HIVE = BugMasterHeuristic()


def decide(g):
    """The Bug Master's choice at g's decision, as (slice name, index); it must be legal."""
    action = HIVE.act(g, "hive")
    assert g.legal_mask("hive")[action]
    return g.layout.decode(action)


def test_it_attacks_the_leader_while_the_pool_stands_then_the_heavy_weapon():
    # Apone (slot 0, leader, pulse rifle) and Vasquez (slot 2, smart-gun) beside one Alien
    g = build(["######", "#1A3.#", "######"], phase="aliens_cc")
    assert g.decision.kind == "attack" and sorted(g.decision.options) == [0, 2]
    assert attack_value(g, 0) == 4 + 1 + 1 and attack_value(g, 2) == 3 + 1
    assert decide(g) == ("attack", 0)
    g.pools_lost[0] = True  # the leader's loss would cost nothing more
    assert decide(g) == ("attack", 2)


@pytest.mark.parametrize("rows, expected", [
    (["######", "#2A3.#", "######"], 2),  # Hicks (pulse rifle) or Vasquez (smart-gun)
    (["######", "#4A2.#", "######"], 3),  # Dietrich (flame-thrower) or Hicks
    (["######", "#6A2.#", "######"], 1),  # Ripley (pistol) or Hicks
])
def test_it_attacks_the_figure_with_the_heavier_weapon(rows, expected):
    g = build(rows, phase="aliens_cc")
    assert g.decision.kind == "attack"
    assert decide(g) == ("attack", expected)


def test_it_spares_the_armoured_figure():
    squad = [{"name": "A", "role": "marine", "weapon": "pulse_rifle", "dreadnaught": True},
             {"name": "B", "role": "marine", "weapon": "pulse_rifle"},
             {"name": "C", "role": "marine", "weapon": "pulse_rifle", "leader": True}]  # not on the map
    g = build(["######", "#1A2.#", "######"], squad=squad, phase="aliens_cc")
    assert g.decision.kind == "attack" and decide(g) == ("attack", 1)


def test_the_alien_that_can_reach_a_human_moves_first():
    # Alien 0 is 11 squares from Apone (out of its 6 AP), dog 1 two squares: the dice AI moves
    # the lowest index first (A25), the Bug Master the one that can reach
    g = build(["################", "#A..........1.d#", "################"], phase="aliens_move")
    assert g.decision.kind == "order" and sorted(g.decision.options) == [0, 1]
    assert g.layout.decode(BugHuntDiceAI().act(g, "hive")) == ("order", 0)
    assert decide(g) == ("order", 1)


def test_among_those_that_reach_the_strongest_moves_first():
    g = build(["##########", "#d..1..A.#", "##########"], phase="aliens_move")
    assert g.decision.kind == "order"
    assert decide(g) == ("order", 1)  # the Alien (3 close-combat dice) before the dog (2)


def test_it_steps_where_fewer_marines_on_over_watch_can_fire():
    # the Alien at (2, 7) closes on Apone at (2, 1) west to (2, 6) or south-west to (3, 6), both
    # one AP nearer; Hicks on over-watch in the alcove below sees (2, 6) through the gap, not (3, 6)
    g = build(["#########",
               "#.......#",
               "#1.....A#",
               "#.......#",
               "#####.###",
               "#####2###",
               "#########"], phase="aliens_move")
    g.humans[1].overwatch = True
    assert g.decision.kind == "step" and sorted(g.rulebook_steps(0)) == [5, 6]
    assert overwatch_exposure(g, g.sq((2, 6))) == 1 and overwatch_exposure(g, g.sq((3, 6))) == 0
    assert decide(g) == ("step", 5)
    g.humans[1].overwatch = False  # nobody watching, neither step beside a human: the tie goes to the lower direction
    assert decide(g) == ("step", 5)



def test_among_equal_steps_it_takes_the_one_beside_more_humans():
    # Apone (1) and Hicks (2); both steps toward them close in alike, (1, -1) ends beside both,
    # (1, 0) beside Hicks alone
    g = build(["######",
               "#....#",
               "#1.A.#",
               "#....#",
               "#.2..#",
               "######"], phase="aliens_move")
    assert decide(g) == ("step", DIRECTIONS.index((1, -1)))


def test_a_move_that_ends_beside_a_human_costs_nothing_there():
    # A71: the square where the move ends costs the squad figures that could shoot the Alien
    # there, nothing if it ends beside a human (it will fight): the path west ends beside Apone;
    # counting the shooters there too (the rule wrong) makes it step north-west instead
    g = build(["#######",
               "#.3...#",
               "#..:;.#",
               "#.#.;.#",
               "#.1;.A#",
               "#######"], phase="aliens_move")
    assert decide(g) == ("step", DIRECTIONS.index((0, -1)))


def play_move(g, hive):
    """The moving Alien's whole move as `hive` plays it: the steps and the square it ends on."""
    steps = []
    while g.decision is not None and g.current_player() == "hive" and g.decision.kind == "step":
        action = hive.act(g, "hive")
        assert g.legal_mask("hive")[action]
        steps.append(g.layout.decode(action))
        g.apply(action)
    return steps, g.aliens[0].pos


def test_its_path_ends_out_of_the_squads_sight_where_the_rule_allows():
    # the Alien (6 AP) is 13 squares from Apone: it cannot reach her this move; every path
    # closing in ends on column 9, and only (1, 9) is behind the wall piece at (1, 6)
    rows = ["#################",
            "#.....#.........#",
            "#1.............A#",
            "#...............#",
            "#################"]
    steps, end = play_move(build(rows, phase="aliens_move"), HIVE)
    g = build(rows, phase="aliens_move")
    assert len(steps) == 6 and g.rc(end) == (1, 9) and shooters(g, end) == 0
    assert shooters(g, g.sq((2, 9))) == shooters(g, g.sq((3, 9))) == 1  # the other ends are in sight


def test_where_no_step_closes_in_it_closes_a_door_rather_than_stop():
    # the Alien stands beside Apone (no step closes in); an open door is south of it
    g = build(["######", "#1A..#", "##/###", "#....#", "######"], phase="aliens_move")
    assert g.decision.kind == "step"
    mask = g.legal_mask("hive")
    assert mask[g.layout.encode("stop")] and mask[g.layout.encode("close_door", 2)]
    assert decide(g) == ("close_door", 2)
    g.apply(g.layout.encode("close_door", 2))
    assert g.cell(g.sq((2, 2))) == DOOR_CLOSED


def test_it_approaches_from_the_side_nearest_the_squad():
    g = BugHunt(mission="kill_queen")
    for seed in range(200):
        g.reset(seed)
        while not g.is_terminal():
            p = g.current_player()
            if p == "hive" and g.decision.kind == "approach":
                from aliens_env.bug_hunt import geometry
                cand = geometry.placement_candidates(g)
                near = {d: min(x[0] for x in cand[d]) for d in g.decision.options}
                kind, d = decide(g)
                assert kind == "approach" and near[d] == min(near.values())
                if len(set(near.values())) > 1:
                    return
            g.apply((HIVE if p == "hive" else BugHuntDiceAI()).act(g, p))
    pytest.fail("no approach with sides at different distances in 200 games")


def test_it_plays_only_legal_actions_and_leaves_the_rolls_to_the_dice():
    marines = ScriptedMarines()
    kinds = set()
    for seed in range(6):
        g = BugHunt(mission="kill_queen")
        g.reset(seed)
        while not g.is_terminal():
            p = g.current_player()
            action = (HIVE if p == "hive" else marines).act(g, p)
            assert g.legal_mask(p)[action]
            if p == "hive":
                kinds.add(g.decision.kind)
            g.apply(action)
    assert {"order", "step"} <= kinds and not {"summon", "appear"} & kinds


def test_with_bug_master_picks_the_dice_still_pick_what_comes():
    g = BugHunt(mission="kill_queen", bug_master_picks=True)
    g.reset(0)
    while not g.is_terminal() and g.decision.kind not in ("summon", "appear"):
        p = g.current_player()
        g.apply((HIVE if p == "hive" else ScriptedMarines()).act(g, p))
    assert not g.is_terminal()
    twin = g.clone()
    assert HIVE.act(g, "hive") == BugHuntDiceAI().act(twin, "hive")


def test_it_is_registered_for_bug_hunt():
    assert isinstance(make_policy("BugHunt", "hive", "bug_master"), BugMasterHeuristic)

