"""The Pulse Rifle's Grenade Launcher and the Grenade Table (printed: no roll; by range from the
blast: Aliens dead at 0-1; Marines dead at 0-1, Incapacitated at 2-3, Wounded at 4-8)."""
import pytest

from aliens_env.operations.data_files import grenade_result
from ops_helpers import at_marine, can, empty_ops, marine
from rr_helpers import put_alien, target_index

PRINTED = {0: ("dead", "dead"), 1: ("dead", "dead"), 2: ("none", "incapacitated"), 3: ("none", "incapacitated"),
           4: ("none", "wounded"), 5: ("none", "wounded"), 6: ("none", "wounded"), 7: ("none", "wounded"),
           8: ("none", "wounded"), 9: ("none", "none"), 15: ("none", "none")}


@pytest.mark.parametrize("rng", sorted(PRINTED))
def test_grenade_table_rows_as_printed(rng):
    row = grenade_result(rng)
    assert (row["alien"], row["marine"]) == PRINTED[rng]


def test_only_a_pulse_rifle_fires_grenades_at_a_visible_alien_for_one_action():
    for name, armed in (("Hicks", True), ("Ripley", True), ("Gorman", False), ("Newt", False)):
        g = empty_ops({name: (5, 1)})
        a = put_alien(g, (5, 10))
        at_marine(g, name)
        assert can(g, "grenade", target_index(g, a)) == armed, name
    g = empty_ops({"Hicks": (7, 8)})
    a = put_alien(g, (5, 8))  # behind the console (6, 8): not in sight
    at_marine(g, "Hicks")
    assert not can(g, "grenade", target_index(g, a))


@pytest.mark.parametrize("rng", [1, 2, 3, 4, 8, 9])
def test_the_blast_on_marines_by_range_and_no_roll(rng):
    g = empty_ops({"Hicks": (1, 10), "Vasquez": (7, 10 - rng)})  # the blast at (7, 10), Hicks 6 away
    a = put_alien(g, (7, 10))
    b = put_alien(g, (4, 10))  # range 3 from the blast: it lives
    at_marine(g, "Hicks")
    rolls = g.dice.rolls
    g.dice.script(*[9] * 3)  # acid on anyone beside the killed Alien: no effect
    g.apply(g.layout.encode("grenade", target_index(g, a)))
    v = marine(g, "Vasquez")
    got = "dead" if v.status == "dead" else "incapacitated" if v.incapacitated else "wounded" if v.wounded else "none"
    assert got == PRINTED[rng][1]
    assert not g.aliens[a].in_play and g.aliens[b].in_play
    assert marine(g, "Hicks").wounded  # his own blast, range 6
    assert g.dice.rolls == rolls  # no roll: nobody was left beside the killed Alien to splash


def test_aliens_within_one_square_die_and_the_blast_does_not_pass_walls():
    g = empty_ops({"Hicks": (8, 1), "Vasquez": (10, 12)})  # Vasquez in the duct below: walls between
    a = put_alien(g, (8, 9))
    b = put_alien(g, (8, 10))  # range 1 from the blast: dead
    c = put_alien(g, (8, 7))  # range 2: lives
    at_marine(g, "Hicks")
    g.dice.script(9, 9, 9)  # acid on anyone beside (nobody is)
    g.apply(g.layout.encode("grenade", target_index(g, a)))
    assert not g.aliens[a].in_play and not g.aliens[b].in_play and g.aliens[c].in_play
    assert g.stats["aliens_killed"] == 2
    assert not marine(g, "Vasquez").wounded  # range 3 from the blast, but behind the wall
    assert marine(g, "Hicks").wounded  # range 8
