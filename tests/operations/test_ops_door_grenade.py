"""The Closing Notes' grenade at Burke's door (option door_grenade, A23): a Grenade Launcher fires
down the corridor at the foot of the sealed far door; the Grenade Table on everyone the blast
square sees; a d10 of opens_max (4) or less forces the door open at once."""
import pytest

from aliens_env.operations.data_files import scenario
from aliens_env.operations.game import Operations
from ops_helpers import CUT, at_marine, can, empty_ops, marine, sq
from rr_helpers import put_alien

RULES = scenario()["door_grenade"]


def sealed(marines, **options):
    g = empty_ops(marines, door_grenade=True, **options)
    g.burke, g.sealed_turn = "gone", 1  # he has sealed it and left
    return g


def test_the_option_is_off_by_default_and_offers_no_action():
    g = Operations()
    assert "blast_door" not in g.layout.slices and g.options["door_grenade"] is False
    assert "door_grenade" not in g.to_dict()["config"]  # the default game's position is unchanged
    assert "blast_door" in Operations(door_grenade=True).layout.slices
    assert Operations(door_grenade=True).to_dict()["config"]["door_grenade"] is True


def test_a_wrong_value_names_what_is_allowed():
    with pytest.raises(ValueError, match="door_grenade must be true or false"):
        Operations(door_grenade="yes")
    with pytest.raises(ValueError, match="door_grenade"):
        Operations(door_granade=True)  # misspelt: the message lists the allowed names


def test_the_designed_numbers():
    assert RULES == {"opens_max": 4}
    assert tuple(scenario()["cut_square"]) == CUT  # the blast square: the corridor square at the foot of the door


@pytest.mark.parametrize("key, value, match", [
    ("door_grenade", {"opens_max": 10}, r"door_grenade must be \{opens_max: 0-9\}"),
    ("door_grenade", {"square": [5, 15], "opens_max": 4}, "door_grenade must be"),  # its square is cut_square
    ("cut_square", [0, 0], r"cut_square \[0, 0\] must be open floor"),
])
def test_a_malformed_entry_names_what_is_allowed(monkeypatch, key, value, match):
    from aliens_env.operations import data_files
    bad = {**data_files.read_yaml(data_files.DATA / "operations.yaml"), key: value}
    monkeypatch.setattr(data_files, "read_yaml", lambda path: bad)
    with pytest.raises(ValueError, match=match):
        data_files.scenario.__wrapped__()


@pytest.mark.parametrize("roll", range(10))
def test_the_door_roll_forces_the_door_on_four_or_less(roll):
    g = sealed({"Hicks": (5, 3)})  # range 12 from the blast: untouched
    at_marine(g, "Hicks")
    assert can(g, "blast_door")
    g.dice.script(roll)
    g.apply(g.layout.encode("blast_door"))
    assert g.far_door_open == (roll <= 4)
    assert marine(g, "Hicks").actions_left == 2 and not marine(g, "Hicks").wounded
    if roll <= 4:  # early: no torch work, no Alien clock
        assert g.torch_done == 0 and g.far_reached == 0
        assert not g.board.blocked.flat[sq(g, (5, 16))]


@pytest.mark.parametrize("col, result", [(14, "dead"), (13, "incapacitated"), (12, "incapacitated"),
                                         (11, "wounded"), (7, "wounded"), (6, "none")])
def test_whoever_the_blast_catches_is_injured_by_the_grenade_table(col, result):
    g = sealed({"Hicks": (5, 2), "Vasquez": (5, col)})
    a = put_alien(g, (5, 15))  # an Alien working at the door: killed at range 0
    at_marine(g, "Hicks")
    g.dice.script(9, 9)  # acid (nobody beside at range <= 1 but Vasquez at col 14), then the door holds
    g.apply(g.layout.encode("blast_door"))
    v = marine(g, "Vasquez")
    got = "dead" if v.status == "dead" else "incapacitated" if v.incapacitated else "wounded" if v.wounded else "none"
    assert got == result
    assert not g.aliens[a].in_play


def test_who_may_fire_it_and_when():
    for name, armed in (("Hicks", True), ("Ripley", True), ("Gorman", False), ("Newt", False)):
        g = sealed({name: (5, 3)})
        at_marine(g, name)
        assert can(g, "blast_door") == armed, name
    g = sealed({"Hicks": (7, 9)})  # the wall and the console: the corridor square is out of sight
    at_marine(g, "Hicks")
    assert not g.board.los_list(marine(g, "Hicks").pos)[sq(g, CUT)] and not can(g, "blast_door")
    g = sealed({"Hicks": CUT})  # not on his own square
    at_marine(g, "Hicks")
    assert not can(g, "blast_door")
    g = sealed({"Hicks": (5, 3)})
    g.burke = "bolting"  # not before Burke has sealed the door
    at_marine(g, "Hicks")
    assert not can(g, "blast_door")
    g = sealed({"Hicks": (5, 3)})
    g.far_door_open = True
    g._set_board()
    at_marine(g, "Hicks")
    assert not can(g, "blast_door")  # nothing to force
    g = sealed({"Hicks": (5, 3)}, scenario="gormans_last_stand")
    at_marine(g, "Hicks")
    assert not can(g, "blast_door")  # the room is held, not left
    g = empty_ops({"Hicks": (5, 3)})  # the option off
    g.burke = "gone"
    at_marine(g, "Hicks")
    assert "blast_door" not in g.layout.slices


def test_it_spends_a_launcher_box_under_ammunition_and_not_when_empty():
    g = sealed({"Hicks": (5, 3)}, ammunition=True)
    i = g.marine_order.index("Hicks")
    at_marine(g, "Hicks")
    before = g.arms[i].launcher
    g.dice.script(9)
    g.apply(g.layout.encode("blast_door"))
    assert g.arms[i].launcher == before - 1 and not g.far_door_open
    g.arms[i].launcher = 0
    g._cache.clear()
    assert not can(g, "blast_door")


def test_a_position_with_the_option_round_trips():
    g = Operations(door_grenade=True)
    g.reset(5)
    again = Operations.from_dict(g.to_dict())
    assert again.options["door_grenade"] and again.to_dict() == g.to_dict()
