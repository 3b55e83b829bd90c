"""Optional rules: Frost Rule, Dietrich Rule, Bonus Bug, the beginner red-turn skip (see
test_rr_appear_and_victory.py) and the Machine Gun special ability."""
import pytest

from aliens_env.reactor_room.game import ReactorRoom
from rr_helpers import (act, aim, empty_room, hive_first, idx, legal, marine, marines_phase, put_alien, sq,
                     start_phase, target_index)

DATA = ReactorRoom().data
FALLS = DATA["frost_rule_falls_on"]
TORCHES = DATA["dietrich_rule_torches_on"]
NOT_FALL = next(r for r in range(10) if r not in FALLS)
NOT_TORCH = next(r for r in range(10) if r not in TORCHES)


def test_all_optional_rules_are_off_by_default():
    g = ReactorRoom()
    assert not any(g.options.values())


def test_unknown_option_is_refused():
    with pytest.raises(ValueError):
        ReactorRoom(frost=True)


# -- Frost Rule ------------------------------------------------------------------------------------
def frost_splash(acid, *more, hudson_at=(4, 12), frost_rule=True, grabbed=False):
    """Hicks kills the Alien at (3, 12) with an automatic shot (range 4, Aim 3); Hudson, next to
    the Stairwell at (4, 12), is splashed: acid roll `acid`, then `more` (the Frost Rule roll)."""
    g = empty_room({"Hicks": (3, 8), "Hudson": hudson_at}, frost_rule=frost_rule)
    if grabbed:
        put_alien(g, None, on="Hudson", attack="grabbing")
    a = put_alien(g, (3, 12))
    marines_phase(g, "Hicks", actions=4)
    aim(g, 3)
    rolls = g.dice.rolls
    g.dice.script(acid, *more)
    act(g, "fire", target_index(g, a))
    assert g.stats["aliens_killed"] == 1
    return g, g.dice.rolls - rolls


@pytest.mark.parametrize("acid", [1, 2])  # Incapacitated, Wounded
def test_frost_rule_injured_marine_beside_the_stairwell_falls_on_a_high_roll(acid):
    g, rolled = frost_splash(acid, FALLS[0])
    assert rolled == 2
    assert marine(g, "Hudson").status == "dead"


@pytest.mark.parametrize("acid", [1, 2])
def test_frost_rule_other_rolls_keep_the_marine(acid):
    g, rolled = frost_splash(acid, NOT_FALL)
    assert rolled == 2 and marine(g, "Hudson").status == "on_map"


def test_frost_rule_only_for_injured_marines():
    g, rolled = frost_splash(5)
    assert rolled == 1


def test_frost_rule_only_beside_the_stairwell():
    g, rolled = frost_splash(2, hudson_at=(2, 12))
    assert rolled == 1 and marine(g, "Hudson").wounded


def test_frost_rule_not_for_a_grabbed_marine():
    g, rolled = frost_splash(2, grabbed=True)
    assert rolled == 1 and marine(g, "Hudson").wounded and marine(g, "Hudson").status == "on_map"


def test_frost_rule_off_rolls_nothing():
    g, rolled = frost_splash(2, frost_rule=False)
    assert rolled == 1


def test_frost_rule_not_on_grab_results_of_an_attack():
    g = empty_room({"Hudson": (4, 12), "Crowe": (0, 24)}, frost_rule=True)
    put_alien(g, None, on="Hudson")
    rolls = g.dice.rolls
    g.dice.script(3)  # Wounded & Grabbed
    start_phase(g, "aliens_attack")
    assert g.dice.rolls - rolls == 1 and marine(g, "Hudson").wounded


# -- Dietrich Rule ---------------------------------------------------------------------------------
def grab(name, *rolls, dietrich_rule=True, teammates=None):
    teammates = {"Frost": (12, 13)} if teammates is None else teammates
    g = empty_room({name: (12, 12), "Crowe": (0, 24), **teammates}, dietrich_rule=dietrich_rule)
    put_alien(g, None, on=name)
    before = g.dice.rolls
    g.dice.script(*rolls)
    start_phase(g, "aliens_attack")
    return g, g.dice.rolls - before


@pytest.mark.parametrize("name", ["Dietrich", "Wierzbowski", "Apone"])
def test_dietrich_rule_grabbed_flamer_torches_an_adjacent_teammate(name):
    roll = 5 - g_melee(name)  # total 5: Grabbed
    g, rolled = grab(name, roll, TORCHES[0])
    assert rolled == 2
    assert marine(g, "Frost").status == "dead"
    assert marine(g, name).status == "on_map"


def g_melee(name):
    return ReactorRoom().characters[name].melee


def test_dietrich_rule_other_rolls_torch_nobody():
    g, rolled = grab("Dietrich", 5, NOT_TORCH)
    assert rolled == 2 and marine(g, "Frost").status == "on_map"


def test_dietrich_rule_die_picks_among_adjacent_teammates():
    g, rolled = grab("Dietrich", 5, TORCHES[0], 7, teammates={"Frost": (12, 13), "Hudson": (11, 12)})
    # candidates in Marine order: Hudson, Frost; a 7 picks the second
    assert marine(g, "Frost").status == "dead" and marine(g, "Hudson").status == "on_map"


def test_dietrich_rule_spares_teammates_two_squares_away():
    g, rolled = grab("Dietrich", 5, TORCHES[0], teammates={"Frost": (12, 14)})
    assert marine(g, "Frost").status == "on_map"


def test_dietrich_rule_not_for_other_weapons():
    g, rolled = grab("Hudson", 5)
    assert rolled == 1


def test_dietrich_rule_not_when_in_combat():
    g, rolled = grab("Dietrich", 7)
    assert rolled == 1


def test_dietrich_rule_off_rolls_nothing():
    g, rolled = grab("Dietrich", 5, dietrich_rule=False)
    assert rolled == 1


# -- Bonus Bug -------------------------------------------------------------------------------------
def test_bonus_bug_zero_brings_an_extra_alien_and_chains():
    g = empty_room({"Hicks": (0, 24)}, turn=2, bonus_bug=True)
    # two 0s on the row roll: two extra Aliens; then four entries on row 13 (entry_rows[9])
    g.dice.script(0, 0, 9, 0, 9, 2, 9, 4, 9, 6)
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.dice.scripted_left == 0
    assert g.stats["aliens_appeared"] == 4
    assert sum(al.in_play for al in g.aliens) == 4


def test_bonus_bug_single_zero():
    g = empty_room({"Hicks": (0, 24)}, turn=2, bonus_bug=True)
    g.dice.script(9, 0, 0, 9, 2, 9, 4)
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.dice.scripted_left == 0 and g.stats["aliens_appeared"] == 3


def test_without_bonus_bug_a_zero_is_an_ordinary_row():
    g = empty_room({"Hicks": (13, 24)}, turn=2)
    g.dice.script(0, 0, 0, 2)
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.stats["aliens_appeared"] == 2
    assert g.dice.scripted_left == 0
    # both entered on row entry_rows[0] and moved one square at most
    rows = {g.board.rc(al.pos)[0] for al in g.aliens if al.in_play}
    assert rows <= {DATA["entry_rows"][0], DATA["entry_rows"][0] + 1}


# -- Machine Gun special ability -------------------------------------------------------------------
def gunner(name="Vasquez", second_at=(13, 7), machine_gun_special=True):
    g = empty_room({name: (13, 4)}, machine_gun_special=machine_gun_special)
    a = put_alien(g, (13, 6))  # range 2
    b = put_alien(g, second_at) if second_at else None
    marines_phase(g, name, actions=3)
    aim(g, 1)
    return g, a, b


def test_machine_gun_kills_both_on_one_roll_at_the_farther_range():
    g, a, b = gunner()
    k = target_index(g, a)
    assert legal(g, "fire_pair", k)
    rolls = g.dice.rolls
    g.dice.script(3)  # Aim 1 at range 3 (the farther Alien): 3; at range 2 it would be 6
    act(g, "fire_pair", k)
    assert g.stats["aliens_killed"] == 2
    assert not g.aliens[a].in_play and not g.aliens[b].in_play
    assert g.dice.rolls == rolls + 1  # one roll (nobody is close enough for acid)


def test_machine_gun_pair_misses_both_above_the_farther_ranges_number():
    g, a, b = gunner()
    g.dice.script(4)
    act(g, "fire_pair", target_index(g, a))
    assert g.stats["aliens_killed"] == 0 and g.aliens[a].in_play and g.aliens[b].in_play


def test_machine_gun_pair_needs_a_second_adjacent_alien():
    g, a, b = gunner(second_at=(13, 8))
    assert not legal(g, "fire_pair", target_index(g, a))
    assert legal(g, "fire", target_index(g, a))


def test_machine_gun_pair_only_for_machine_guns():
    g, a, b = gunner(name="Hicks")
    assert not legal(g, "fire_pair", target_index(g, a))


def test_machine_gun_pair_only_with_the_option():
    g, a, b = gunner(machine_gun_special=False)
    assert not legal(g, "fire_pair", target_index(g, a))
