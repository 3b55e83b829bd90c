"""Aliens Attack: every row of the Alien attack table (d10 + Melee) with scripted dice, and what
follows each result (hauling, In Combat, Alien Loses, repeated injuries)."""
import pytest

from aliens_env.reactor_room.game import NO
from rr_helpers import (act, decide, empty_room, idx, legal, legal_indices, legal_names, marine, marines_phase,
                     put_alien, sq, start_phase, target_index)

# The rulebook's table, written out here (not read from tables.yaml): Roll + Melee -> result
PRINTED = [(0, "dead"), (2, "incapacitated_grabbed"), (4, "wounded_grabbed"), (6, "grabbed"),
           (8, "in_combat"), (99, "alien_loses")]


def printed(total):
    return next(result for top, result in PRINTED if total <= top)


def attack(name, roll, wounded=False, at=(12, 12)):
    # Crowe stands far away so that the Marines phase has someone to activate (else the turn
    # would end at once and the next Aliens Move would haul a grabbed Marine away)
    g = empty_room({name: at, "Crowe": (0, 24)})
    marine(g, name).wounded = wounded
    a = put_alien(g, None, on=name, attack="attacking")
    g.dice.script(roll)
    start_phase(g, "aliens_attack")
    assert g.dice.scripted_left == 0
    return g, a


def outcome(g, name, a):
    m, al = marine(g, name), g.aliens[a]
    if m.status == "dead":
        assert not al.in_play, "the Alien goes back to the pool with the body"
        return "dead"
    if al.in_play and al.card == idx(g, name):
        if al.attack == "grabbing":
            if m.incapacitated:
                return "incapacitated_grabbed"
            return "wounded_grabbed" if m.wounded else "grabbed"
        if al.attack == "in_combat":
            return "in_combat"
    if al.in_play and al.card == NO and m.alien == NO:
        return "alien_loses"
    raise AssertionError(f"unexpected state {m} {al}")


@pytest.mark.parametrize("roll", range(10))
@pytest.mark.parametrize("name,melee", [("Hudson", 0), ("Hicks", 1)])
def test_attack_table_row(name, melee, roll):
    g, a = attack(name, roll)
    assert outcome(g, name, a) == printed(roll + melee)


@pytest.mark.parametrize("roll", range(10))
def test_attack_table_uses_the_wounded_melee(roll):
    # Wounded Hicks: Melee 0 on the card's back (1 on the front), so the table is read at roll + 0
    g, a = attack("Hicks", roll, wounded=True)
    m, al = marine(g, "Hicks"), g.aliens[a]
    row = printed(roll + 0)
    if row == "dead":
        assert m.status == "dead"
    elif row in ("incapacitated_grabbed", "wounded_grabbed"):  # a second Wound incapacitates
        assert m.incapacitated and al.attack == "grabbing"
    elif row == "grabbed":
        assert not m.incapacitated and al.attack == "grabbing"
    else:
        assert outcome(g, "Hicks", a) == row


def test_negative_total_is_dead():
    g, a = attack("Hudson", 0, wounded=True)  # wounded Melee -1: total -1
    assert marine(g, "Hudson").status == "dead"


def test_dead_result_counts_the_death_and_frees_the_alien_counter():
    g, a = attack("Hudson", 0)
    assert g.stats["dead"] == 1
    assert not g.aliens[a].in_play and g.aliens[a].card == NO


@pytest.mark.parametrize("roll", [1, 3, 5])  # Incapacitated / Wounded / plain Grabbed
def test_grabbed_marine_is_hauled_away_dead_at_the_next_aliens_move(roll):
    g, a = attack("Hudson", roll)
    assert marine(g, "Hudson").status == "on_map"
    start_phase(g, "aliens_move")
    assert marine(g, "Hudson").status == "dead"
    assert not g.aliens[a].in_play  # the Alien goes with the body
    assert g.stats["dead"] == 1


def test_grabbed_marine_cannot_act():
    g = empty_room({"Hicks": (12, 12), "Hudson": (12, 2)})
    put_alien(g, None, on="Hicks", attack="grabbing")
    start_phase(g, "marines")
    assert g.marines[g.active].name == "Hudson"


def test_grabbing_alien_does_not_attack_again():
    g = empty_room({"Hudson": (12, 12), "Crowe": (0, 24)})
    put_alien(g, None, on="Hudson", attack="grabbing")
    rolls = g.dice.rolls
    start_phase(g, "aliens_attack")
    assert g.dice.rolls == rolls


def test_in_combat_marine_may_only_melee():
    g, a = attack("Hicks", 6)  # 6 + 1 = 7: In Combat
    put_alien(g, (12, 15))  # a second Alien in sight
    marines_phase(g, "Hicks")
    names = legal_names(g)
    assert not any(n.startswith(("move", "fire", "aim")) for n in names), names
    assert legal(g, "melee", target_index(g, a))
    assert legal(g, "end")


def test_in_combat_alien_attacks_again_at_the_next_attack_phase():
    g, a = attack("Hudson", 7)
    assert outcome(g, "Hudson", a) == "in_combat"
    g.dice.script(5)
    start_phase(g, "aliens_attack")
    assert g.dice.scripted_left == 0
    assert outcome(g, "Hudson", a) == "grabbed"


def test_alien_loses_hive_places_it_in_an_open_adjacent_square_stunned():
    g = empty_room({"Hudson": (12, 12), "Frost": (12, 13), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Hudson")
    b = put_alien(g, (11, 12))
    g.dice.script(9)
    start_phase(g, "aliens_attack")
    assert g.decision.kind == "place"
    # not onto Frost (E), the other Alien (N) or the obstruction at (11, 11) (NW)
    open_dirs = legal_indices(g, "place")
    assert sorted(open_dirs) == [1, 3, 4, 5, 6]
    decide(g, "place", 5)  # SW
    al = g.aliens[a]
    assert al.pos == sq(g, (13, 11)) and al.stunned and al.card == NO
    assert marine(g, "Hudson").alien == NO
    start_phase(g, "aliens_move")
    assert g.aliens[a].pos == sq(g, (13, 11))  # Stunned: it loses its next move


def test_alien_beaten_off_into_the_stairwell_clings_on():
    g = empty_room({"Hudson": (4, 12), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Hudson")
    g.dice.script(9)
    start_phase(g, "aliens_attack")
    assert 4 in legal_indices(g, "place")  # S is a Stairwell square
    decide(g, "place", 4)
    assert g.aliens[a].pos == sq(g, (5, 12)) and g.aliens[a].in_play and g.aliens[a].stunned
    start_phase(g, "aliens_move")
    assert g.aliens[a].pos == sq(g, (5, 12))  # still Stunned, still clinging on
    start_phase(g, "aliens_move")
    assert marine(g, "Hudson").alien == a  # it climbs out after the lost move


def test_second_wound_incapacitates():
    g, a = attack("Hudson", 4, wounded=True)  # 4 - 1 = 3: Wounded & Grabbed on a Wounded Marine
    m = marine(g, "Hudson")
    assert m.incapacitated and m.status == "on_map"
    assert g.aliens[a].attack == "grabbing"


def test_wounded_result_flips_the_card_at_once():
    g, a = attack("Hudson", 3)
    assert marine(g, "Hudson").wounded


def test_wounded_marine_keeps_its_actions():
    g = empty_room({"Hicks": (12, 12)})
    marine(g, "Hicks").wounded = True
    start_phase(g, "marines")
    assert marine(g, "Hicks").actions_left == 3


def test_beaten_alien_with_no_open_adjacent_square_goes_to_the_nearest_open_square():
    """ASSUMPTION A9 (game.py _nearest_open): an Alien that loses its attack with every adjacent
    square taken goes to one of the nearest open squares (range 2 here), picked with the die."""
    ring = [(2, 5), (2, 6), (2, 7), (3, 5), (3, 7), (4, 5), (4, 6), (4, 7)]
    others = ["Apone", "Hicks", "Vasquez", "Drake", "Dietrich", "Frost", "Crowe", "Wierzbowski"]
    g = empty_room({"Hudson": (3, 6), **dict(zip(others, ring))})
    a = put_alien(g, None, on="Hudson")
    g.dice.script(9, 0, 0)  # Alien Loses; then two d10 (00-99) pick among the 16 squares at range 2
    start_phase(g, "aliens_attack")
    al = g.aliens[a]
    assert al.in_play and al.stunned and al.card == NO
    assert g.board.range(al.pos, sq(g, (3, 6))) == 2
    assert al.pos == sq(g, (1, 4))  # pick 0: the first of the ring in square order
