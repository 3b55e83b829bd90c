"""Optional rules: the Predator side and the Cargo Power Lifter (config switches: named squads)."""
import json
import random

import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.game import Alien
from bh_helpers import act, build

PREDATORS = [
    {"name": "Hunter", "role": "predator", "weapon": "combi_weapon", "leader": True},
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle"},
]
LOADER = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True},
    {"name": "Ripley", "role": "power_loader", "weapon": "none", "can_lead": True},
]


def test_named_squads_are_config_switches():
    assert [h.role for h in BugHunt(squad="predators").humans] == ["predator"] * 3
    assert "power_loader" in [h.role for h in BugHunt(squad="with_power_loader").humans]
    with pytest.raises(ValueError, match="unknown squad 'aliens'.*colonial_marines"):
        BugHunt(squad="aliens")
    with pytest.raises(ValueError, match="combi-weapon"):
        BugHunt(squad=[{"name": "A", "role": "marine", "weapon": "combi_weapon", "leader": True}])


def test_predators_have_6_ap_and_move_diagonally():
    g = build(["#######", "#.....#", "#.1...#", "#.....#", "#...2.#", "#######"], squad=PREDATORS)
    act(g, "activate", 0)
    assert g.humans[0].ap == 6
    act(g, "move_diagonal", 1)  # SE
    assert g.rc(g.humans[0].pos) == (3, 3) and g.humans[0].ap == 5
    act(g, "end")
    mask = g.legal_mask("marines")  # Apone: no diagonal moves
    assert not mask[g.layout.span("move_diagonal")].any()


@pytest.mark.parametrize("rolls,killed", [((4, 4), False), ((5, 1), True), ((1, 6), True)])
def test_combi_weapon_two_dice_hit_on_5(rolls, killed):
    g = build(["##########", "#1.....A.#", "##########"], squad=PREDATORS)
    g.dice.script(*rolls)
    act(g, "fire", 0)
    assert (not g.aliens[0].alive) == killed


def test_combi_weapon_hits_face_huggers_and_eggs_automatically():
    g = build(["##########", "#1.....f.#", "##########"], squad=PREDATORS)
    g.dice.script(1, 1)
    act(g, "fire", 0)
    assert not g.aliens[0].alive


def test_each_combi_hit_costs_the_queen_a_life_point():
    g = build(["##########", "#1.....Q.#", "##########"], squad=PREDATORS)
    g.dice.script(6, 5)
    act(g, "fire", 0)
    assert g.aliens[0].lp == 4


def test_aliens_hunt_and_fight_predators():
    g = build(["######", "#1A..#", "######"], squad=PREDATORS[:1], phase="aliens_cc", start=False)
    g.dice.script(6, 1, 1, 1, 1, 1)  # Alien 6 v the Predator's three dice: killed
    g._start_phase("aliens_cc")
    g._run()
    assert g.humans[0].status == "dead"


def test_power_loader_rolls_three_dice_and_takes_one_off_each_enemy_die():
    g = build(["######", "#2A..#", "######"], squad=LOADER, phase="aliens_cc", start=False)
    g.dice.script(5, 1, 1, 5, 1, 1)  # the Alien's 5 counts 4; the Loader's 5 wins
    g._start_phase("aliens_cc")
    g._run()
    assert not g.aliens[0].alive and g.humans[1].status == "active"


@pytest.mark.parametrize("squad", ["predators", "with_power_loader"])
@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_optional_squads(squad, seed):
    from test_bh_properties import play
    g = BugHunt(squad=squad, mission="kill_queen")
    g.reset(seed)
    play(g, seed)
    json.dumps(g.to_dict())
    assert BugHunt.from_json(g.to_json()).to_dict() == g.to_dict()


ARMOURED = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True, "dreadnaught": True},
    {"name": "Drake", "role": "power_loader", "weapon": "midi_guns"},
]


def test_dreadnaught_armour_adds_one_to_the_close_combat_throw():
    g = build(["######", "#1A..#", "######"], squad=ARMOURED, phase="aliens_cc", start=False)
    g.dice.script(5, 1, 1, 5)  # the Alien's 5 against Apone's 5+1
    g._start_phase("aliens_cc")
    g._run()
    assert not g.aliens[0].alive and g.humans[0].status == "active"


@pytest.mark.parametrize("rolls,out", [((1, 2), True), ((1, 3), False), ((2, 6), False)])
def test_midi_guns_run_dry_on_two_1s_or_2s_but_the_hits_count(rolls, out):
    g = build(["##########", "#2....A..#", "##########"], squad=ARMOURED)
    g.dice.script(*rolls)
    act(g, "fire", 0)
    assert g.humans[1].out_of_ammo == out
    assert (not g.aliens[0].alive) == (max(rolls) >= 4)
    if out:
        assert not g.legal_mask("marines")[g.layout.span("fire")].any()


@pytest.mark.parametrize("save,alive", [(4, True), (5, False)])
def test_m4_loader_armour_saves_its_passenger_on_1_4(save, alive):
    g = build(["######", "#2A..#", "######", "#1...#", "######"], squad=ARMOURED, phase="aliens_cc", start=False)
    g.dice.script(6, 6, 6, 1, 1, 1, save, 1)  # the Alien wins by 6; the save; then the pool die
    g._start_phase("aliens_cc")
    g._run()
    assert (g.humans[1].status == "active") == alive


def test_armoured_squad_plays():
    from test_bh_properties import play
    g = BugHunt(squad="armoured", mission="explore")
    g.reset(3)
    play(g, 3)
    assert BugHunt.from_json(g.to_json()).to_dict() == g.to_dict()
