"""The Reactor Room's optional weapon rules in Operations/Air Ducts: Ammunition Restrictions (the
Pulse Rifle and its Grenade Launcher), Backup Weapons, Hand Grenades and thrown grenades (no
Fires: no one here carries a Flame Unit)."""
import pytest

from aliens_env.operations.game import Operations
from aliens_env.reactor_room.game import ReactorRoom
from ops_helpers import at_marine, can, empty_ops, marine
from rr_helpers import idx, put_alien, target_index

OPTIONS = dict(ammunition=True, backup_weapons=True, hand_grenades=True, thrown_grenades=True)


def test_the_weapon_options_open_here_but_fires_do_not():
    g = Operations(**OPTIONS)
    assert all(g.options[k] for k in OPTIONS)
    plain = Operations()
    assert g.layout.names()[:len(plain.layout)] == plain.layout.names()
    assert "arms" not in plain.to_dict() and "ammunition" not in plain.to_dict()["config"]
    with pytest.raises(ValueError, match="fires"):
        Operations(fires=True)
    back = Operations.from_dict(g.to_dict())
    assert back.to_dict() == g.to_dict()


def test_pulse_rifles_hold_sixteen_and_reload_their_launchers_hold_four_and_do_not():
    g = empty_ops({"Hicks": (5, 1), "Gorman": (8, 1)}, ammunition=True)
    i = idx(g, "Hicks")
    assert g.arms[i].ammo == 16 and g.arms[i].launcher == 4
    assert g.arms[idx(g, "Gorman")].ammo == 13 and g.arms[idx(g, "Gorman")].launcher == 0
    a = put_alien(g, (1, 10))  # range 9 from Hicks: out of the blast
    for shot in range(4):
        at_marine(g, "Hicks")
        g.dice.script(*[9] * 3)
        g.apply(g.layout.encode("grenade", target_index(g, a)))
        a = put_alien(g, (1, 10)) if not g.aliens[a].in_play else a
        marine(g, "Hicks").wounded = False
    assert g.arms[i].launcher == 0
    at_marine(g, "Hicks")
    assert not can(g, "grenade", target_index(g, a))
    g.arms[i].ammo = 0
    g._cache.clear()
    assert can(g, "reload")


def test_without_the_rule_the_launcher_never_runs_dry():
    g = empty_ops({"Hicks": (5, 1)})
    a = put_alien(g, (1, 10))
    for shot in range(5):
        at_marine(g, "Hicks")
        assert can(g, "grenade", target_index(g, a))
        g.dice.script(*[9] * 3)
        g.apply(g.layout.encode("grenade", target_index(g, a)))
        a = put_alien(g, (1, 10))
        marine(g, "Hicks").wounded = False


@pytest.mark.parametrize("name, backup", [("Hicks", "Shotgun"), ("Vasquez", "Pistol"), ("Hudson", "Pistol"),
                                          ("Gorman", None), ("Ripley", None), ("Newt", None), ("Burke", None)])
def test_backups_in_operations(name, backup):
    g = empty_ops({name: (5, 1)}, backup_weapons=True)
    at_marine(g, name)
    assert can(g, "backup") == (backup is not None)
    if backup:
        assert g._backups[name].weapon == backup


def test_hicks_falls_back_to_his_reactor_room_shotgun_and_loses_the_launcher():
    g = empty_ops({"Hicks": (5, 1), "Burke": (8, 9)}, backup_weapons=True)  # Burke, with the group, acts last
    a = put_alien(g, (1, 10))
    for _ in range(2):
        at_marine(g, "Hicks")
        while g.active == idx(g, "Hicks") and can(g, "backup"):
            g.apply(g.layout.encode("backup"))
    assert g.characters["Hicks"].weapon == "Shotgun" and g.characters["Hicks"].aim == ReactorRoom().characters["Hicks"].aim
    at_marine(g, "Hicks")
    assert not can(g, "grenade", target_index(g, a)) and not can(g, "backup")


@pytest.mark.parametrize("name, carries", [("Hicks", True), ("Gorman", True), ("Ripley", False), ("Newt", False),
                                           ("Burke", False)])
def test_colonial_marines_carry_hand_grenades_the_others_do_not(name, carries):
    g = empty_ops({name: (5, 1)}, hand_grenades=True)
    at_marine(g, name)
    assert can(g, "hand_grenade") == carries


def test_a_hand_grenade_in_operations_blows_at_the_next_marines_phase():
    g = empty_ops({"Hicks": (5, 1), "Vasquez": (8, 8)}, hand_grenades=True)
    a = put_alien(g, (4, 2))  # range 1 from the grenade
    at_marine(g, "Hicks")
    g.apply(g.layout.encode("hand_grenade"))
    assert g.aliens[a].in_play
    marine(g, "Hicks").pos = g.board.index(1, 11)  # range 10: out of the blast
    g.dice.script(*[9] * 3)
    g._start_phase("marines")
    assert not g.aliens[a].in_play and marine(g, "Vasquez").wounded  # range 7 from the blast
    assert not marine(g, "Hicks").wounded  # range 10
