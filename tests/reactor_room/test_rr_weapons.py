"""The optional weapon rules (reactor_room/weapons.py): Ammunition Restrictions, Backup Weapons,
Fires, Hand Grenades and the Closing Notes' thrown grenades, in the Reactor Room."""
import numpy as np
import pytest

from aliens_env.reactor_room.game import ReactorRoom
from rr_helpers import (act, aim, empty_room, hive_first, idx, legal, legal_indices, marine, marines_phase,
                        put_alien, sq, start_phase, target_index)

ALL = dict(ammunition=True, backup_weapons=True, fires=True, hand_grenades=True, thrown_grenades=True)
#: the rulebook's Ammunition Restrictions table, as printed
CAPACITY = {"Pistol": 13, "Shotgun": 8, "Pulse Rifle": 16, "Grenade Launcher": 4, "Flame Unit": 16, "Machine Gun": 26}
#: the Grenade Table, as printed: (Alien, Marine) by range from the blast
GRENADE = {0: ("dead", "dead"), 1: ("dead", "dead"), 2: ("none", "incapacitated"), 3: ("none", "incapacitated"),
           4: ("none", "wounded"), 8: ("none", "wounded"), 9: ("none", "none")}


def state(m) -> str:
    return "dead" if m.status == "dead" else "incapacitated" if m.incapacitated else "wounded" if m.wounded else "none"


# -- options and layout ----------------------------------------------------------------------------
def test_weapon_options_are_off_by_default_and_leave_the_layout_and_position_alone():
    plain, armed = ReactorRoom(), ReactorRoom(**ALL)
    assert not any(plain.options[k] for k in ALL) and not plain.armed_rules
    assert plain.layout.names() == armed.layout.names()[:len(plain.layout)]  # blocks only appended
    assert [k for k in armed.layout.slices][-6:] == ["reload", "backup", "burn", "hand_grenade", "prime", "throw"]
    assert "arms" not in plain.to_dict() and not set(ALL) & set(plain.to_dict()["config"])
    assert len(armed.observe("marines")) > len(plain.observe("marines"))
    for option in ALL:
        assert ReactorRoom(**{option: True}).options[option]


def test_each_block_is_present_only_with_its_option():
    for option, kinds in (("ammunition", {"reload"}), ("backup_weapons", {"backup"}), ("fires", {"burn"}),
                          ("hand_grenades", {"hand_grenade"}), ("thrown_grenades", {"prime", "throw"})):
        extra = set(ReactorRoom(**{option: True}).layout.slices) - set(ReactorRoom().layout.slices)
        assert extra == kinds, option


def test_a_bad_option_value_changes_nothing_and_names_the_options():
    with pytest.raises(ValueError, match="ammunition"):
        ReactorRoom(ammo=True)


# -- Ammunition Restrictions -----------------------------------------------------------------------
def test_each_weapon_starts_with_its_printed_capacity():
    g = ReactorRoom(ammunition=True)
    assert g.tables["ammunition"]["capacity"] == CAPACITY
    for m, arms in zip(g.marines, g.arms):
        assert arms.ammo == CAPACITY[g.characters[m.name].weapon], m.name


@pytest.mark.parametrize("roll", [0, 9])  # a hit and a miss both spend the box
def test_a_shot_spends_one_box(roll):
    g = empty_room({"Vasquez": (6, 20)}, ammunition=True)
    a = put_alien(g, (3, 20))
    marines_phase(g, "Vasquez")
    aim(g, 1)
    g.dice.script(roll, 9, 9)
    act(g, "fire", target_index(g, a))
    assert g.arms[idx(g, "Vasquez")].ammo == CAPACITY["Machine Gun"] - 1


def test_the_machine_gun_pair_shot_spends_one_box():
    g = empty_room({"Vasquez": (6, 20)}, ammunition=True, machine_gun_special=True)
    a = put_alien(g, (3, 20))
    put_alien(g, (3, 21))
    marines_phase(g, "Vasquez")
    aim(g, 2)
    g.dice.script(0, 9, 9)
    act(g, "fire_pair", target_index(g, a))
    assert g.arms[idx(g, "Vasquez")].ammo == CAPACITY["Machine Gun"] - 1
    assert g.stats["aliens_killed"] == 2


def test_an_empty_weapon_can_neither_aim_nor_fire():
    g = empty_room({"Vasquez": (6, 20)}, ammunition=True)
    g.arms[idx(g, "Vasquez")].ammo = 1
    a = put_alien(g, (3, 20))
    marines_phase(g, "Vasquez")
    aim(g, 1)
    g.dice.script(9)
    act(g, "fire", target_index(g, a))
    assert g.arms[idx(g, "Vasquez")].ammo == 0
    assert not legal(g, "aim") and not legal(g, "fire", target_index(g, a)) and legal(g, "end")


@pytest.mark.parametrize("name, reloadable", [("Hudson", True), ("Vasquez", True), ("Apone", False),
                                              ("Dietrich", False), ("Hicks", False)])
def test_pistol_and_machine_gun_reload_flame_unit_and_shotgun_do_not(name, reloadable):
    g = empty_room({name: (6, 20)}, ammunition=True)
    g.arms[idx(g, name)].ammo = 0
    marines_phase(g, name)
    assert legal(g, "reload") == reloadable


def test_a_full_weapon_is_not_reloaded_and_reload_is_no_action_without_the_option():
    g = empty_room({"Hudson": (6, 20)}, ammunition=True)
    marines_phase(g, "Hudson")
    assert not legal(g, "reload")
    assert "reload" not in ReactorRoom().layout.slices


STOPPER = {"Wierzbowski": (13, 0)}  # the last Marine in the order: his choice stops the play after the others'


def play_marines_turns(g, name, kind, turns):
    """`turns` activations of `name` spending every Action on `kind` while it is legal (the
    position needs a Marine acting after `name`, e.g. STOPPER, so play stops there)."""
    i = idx(g, name)
    for _ in range(turns):
        marines_phase(g, name)
        while g.active == i and legal(g, kind):
            act(g, kind)
        g.turn += 1


def test_the_reload_takes_eight_actions_over_turns_drops_the_old_load_and_fills_the_weapon():
    g = empty_room({"Hudson": (6, 20), **STOPPER}, ammunition=True)  # 2 Actions a turn: four turns
    arms = g.arms[idx(g, "Hudson")]
    arms.ammo = 5
    marines_phase(g, "Hudson")
    act(g, "reload")
    assert arms.ammo == 0 and arms.task == "reload" and arms.progress == 1  # the old load is dropped
    act(g, "reload")
    assert g.active == idx(g, "Wierzbowski")  # his Actions spent, Hudson's activation ended: the reload goes on
    g.turn += 1
    play_marines_turns(g, "Hudson", "reload", 2)
    assert arms.task == "reload" and arms.progress == 6 and arms.ammo == 0
    play_marines_turns(g, "Hudson", "reload", 1)
    assert arms.task == "" and arms.ammo == CAPACITY["Pistol"]


@pytest.mark.parametrize("how", ["move", "melee", "end"])
def test_another_action_or_unused_actions_interrupt_the_reload(how):
    g = empty_room({"Hudson": (6, 20), **STOPPER}, ammunition=True)
    arms = g.arms[idx(g, "Hudson")]
    arms.ammo = 3
    a = put_alien(g, (6, 19))
    marines_phase(g, "Hudson")
    act(g, "reload")
    assert not legal(g, "aim")  # the old load is out: nothing to aim
    g.dice.script(9)  # the Melee misses
    act(g, *{"move": ("move", 0), "melee": ("melee", target_index(g, a)), "end": ("end", 0)}[how])
    assert arms.task == "" and arms.progress == 0 and arms.ammo == 0  # the Actions and the old load are lost


def test_ending_with_no_action_left_keeps_the_reload_but_an_alien_attack_interrupts_it():
    g = empty_room({"Hudson": (6, 20), "Crowe": (0, 0)}, ammunition=True)
    arms = g.arms[idx(g, "Hudson")]
    arms.ammo = 0
    marines_phase(g, "Hudson")
    act(g, "reload")
    act(g, "reload")  # no Action left: the activation ends by itself (Crowe acts next)
    assert g.active == idx(g, "Crowe")
    assert arms.task == "reload" and arms.progress == 2
    a = put_alien(g, (6, 17))
    g.mover, g.mover_target, g.mover_steps = a, idx(g, "Hudson"), 4
    g._step_mover()
    assert g.aliens[a].card == idx(g, "Hudson")
    assert arms.task == "" and arms.progress == 0


# -- Backup Weapons --------------------------------------------------------------------------------
@pytest.mark.parametrize("name, backup", [("Apone", "Pistol"), ("Vasquez", "Pistol"), ("Drake", "Flame Unit"),
                                          ("Dietrich", "Pistol"), ("Wierzbowski", "Pistol"), ("Hicks", None),
                                          ("Hudson", None), ("Frost", None), ("Crowe", None)])
def test_who_has_a_backup_in_the_reactor_room(name, backup):
    g = empty_room({name: (6, 20)}, backup_weapons=True)
    marines_phase(g, name)
    assert legal(g, "backup") == (backup is not None)
    if backup:
        assert g._backups[name].weapon == backup


def test_the_backup_takes_four_actions_and_the_primary_is_lost_for_good():
    g = empty_room({"Vasquez": (6, 20), **STOPPER}, backup_weapons=True, ammunition=True)
    i = idx(g, "Vasquez")
    play_marines_turns(g, "Vasquez", "backup", 1)
    assert g.characters["Vasquez"].weapon == "Machine Gun" and g.arms[i].progress == 2
    play_marines_turns(g, "Vasquez", "backup", 1)
    pistol = ReactorRoom().characters["Frost"]  # the backup Pistol's rows: the printed Pistol row (A32)
    assert g.characters["Vasquez"].weapon == "Pistol" and g.characters["Vasquez"].aim == pistol.aim
    assert g.characters["Vasquez"].actions == 2 and g.characters["Vasquez"].melee == 1  # her own card otherwise
    assert g.arms[i].backup and g.arms[i].ammo == CAPACITY["Pistol"]
    marines_phase(g, "Vasquez")
    assert not legal(g, "backup")
    assert ReactorRoom(backup_weapons=True).characters["Vasquez"].weapon == "Machine Gun"  # cards are not shared


def test_backup_cards_are_made_once_from_the_whole_cards():
    """Every game dealt the same cards shares one backup card a Marine, the card ``replace`` made;
    a card differing in any field gets its own (the key is both cards, frozen: never stale)."""
    from dataclasses import replace

    from aliens_env.reactor_room.weapons import backup_card
    first, second = ReactorRoom(backup_weapons=True), ReactorRoom()
    pistol = first.characters["Frost"]  # (the printed Pistol row the backup takes, A32)
    vasquez = first.characters["Vasquez"]
    assert first._backups["Vasquez"] == replace(vasquez, weapon="Pistol", aim=pistol.aim, wounded_aim=pistol.wounded_aim)
    assert first._backups["Vasquez"] is second._backups["Vasquez"]
    for field, value in (("melee", vasquez.melee + 1), ("aim", pistol.aim[:1]), ("name", "Other")):
        changed = replace(vasquez, **{field: value})
        assert backup_card(changed, pistol) == replace(changed, weapon="Pistol", aim=pistol.aim, wounded_aim=pistol.wounded_aim)
    other_row = replace(pistol, aim=pistol.aim[:1])
    assert backup_card(vasquez, other_row).aim == other_row.aim


def test_drake_falls_back_to_a_flame_unit_with_the_two_action_flame_row():
    g = empty_room({"Drake": (6, 20), **STOPPER}, backup_weapons=True)
    play_marines_turns(g, "Drake", "backup", 2)
    assert g.characters["Drake"].weapon == "Flame Unit"
    assert g.characters["Drake"].aim == ReactorRoom().characters["Dietrich"].aim


def test_the_backup_fires_with_its_own_numbers():
    g = empty_room({"Apone": (6, 20), **STOPPER}, backup_weapons=True)
    play_marines_turns(g, "Apone", "backup", 2)  # 3 Actions a turn: done in the second
    a = put_alien(g, (6, 18))  # range 2
    marines_phase(g, "Apone")
    aim(g, 2)
    assert not legal(g, "aim")  # the Pistol has two Aim levels
    g.dice.script(3, 9, 9)  # the Pistol at Aim 2, range 2: hits on 0-2; the Flame Unit would on 0-13
    act(g, "fire", target_index(g, a))
    assert g.aliens[a].in_play


def test_the_switch_is_interrupted_by_another_action():
    g = empty_room({"Apone": (6, 20)}, backup_weapons=True)
    marines_phase(g, "Apone")
    act(g, "backup")
    act(g, "move", 0)
    i = idx(g, "Apone")
    assert g.arms[i].task == "" and g.arms[i].progress == 0 and g.characters["Apone"].weapon == "Flame Unit"


# -- Fires -----------------------------------------------------------------------------------------
def burn_index(g, rc_from, rc_to):
    dr, dc = rc_to[0] - rc_from[0], rc_to[1] - rc_from[1]
    return g._burn_offsets.index((dr, dc))


def test_only_a_flame_unit_sets_fires_on_open_visible_squares_within_its_reach():
    g = empty_room({"Dietrich": (3, 16), "Hudson": (3, 14)}, fires=True)
    put_alien(g, (4, 17))
    marines_phase(g, "Dietrich")
    ok = {tuple(np.add((3, 16), g._burn_offsets[k])) for k in legal_indices(g, "burn")}
    assert (3, 20) in ok and (0, 16) in ok  # range 4
    assert (3, 21) not in ok  # range 5: past the Flame Unit's reach
    assert (3, 14) not in ok and (4, 17) not in ok  # a Marine, an Alien
    assert (3, 13) not in ok  # the Marine at (3, 14) stands first in the line
    assert (5, 15) not in ok and (1, 19) not in ok  # the Stairwell, an obstruction
    assert (0, 21) not in ok  # hidden behind the obstruction at rows 1-2, columns 19-20
    marines_phase(g, "Hudson")
    assert legal_indices(g, "burn") == []


def test_a_fire_costs_an_action_and_a_box_and_none_is_set_without_a_box():
    g = empty_room({"Dietrich": (3, 16)}, fires=True, ammunition=True)
    marines_phase(g, "Dietrich")
    act(g, "burn", burn_index(g, (3, 16), (3, 18)))
    i = idx(g, "Dietrich")
    assert g.fires == [sq(g, (3, 18))] and g.arms[i].ammo == CAPACITY["Flame Unit"] - 1
    assert g.marines[i].actions_left == 1
    g.arms[i].ammo = 0
    g._cache.clear()
    assert legal_indices(g, "burn") == []


def test_marines_do_not_enter_a_fire():
    g = empty_room({"Dietrich": (3, 16)}, fires=True)
    marines_phase(g, "Dietrich")
    act(g, "burn", burn_index(g, (3, 16), (3, 17)))
    assert not legal(g, "move", 2)  # E
    assert legal(g, "move", 4)  # S


def test_aliens_path_around_fires_and_do_not_stop_on_them():
    g = empty_room({"Hudson": (3, 12)}, fires=True)
    a = put_alien(g, (3, 16))  # 4 steps: it would reach Hudson; around the Fires 5
    g.fires = [sq(g, s) for s in ((2, 13), (3, 13), (4, 13), (2, 14), (3, 14), (4, 14))]
    start_phase(g, "aliens_move")
    hive_first(g, "aliens_appear")
    assert g.aliens[a].card == -1 and g.aliens[a].pos not in g.fires
    assert g.board.range(g.aliens[a].pos, sq(g, (3, 12))) >= 1
    g2 = empty_room({"Hudson": (3, 12)}, fires=True)
    a2 = put_alien(g2, (3, 16))
    start_phase(g2, "aliens_move")
    hive_first(g2, "aliens_appear")
    assert g2.aliens[a2].card == idx(g2, "Hudson")  # without the Fires it reaches him


def test_an_alien_that_would_appear_on_a_fire_dies_there():
    g = empty_room({"Hudson": (6, 24)}, fires=True)
    rows, cols = g.data["entry_rows"], g.data["entry_columns"]
    g.fires = [sq(g, (rows[0], cols[0]))]
    g.to_appear = 1
    g.dice.script(0, 0)
    g.phase = "aliens_appear"
    g._step_aliens_appear()
    assert not any(al.in_play for al in g.aliens)
    assert g.stats["aliens_appeared"] == 1 and g.stats["aliens_killed"] == 1


def test_fires_last_through_the_aliens_phases_and_clear_at_the_start_of_the_marines_phase():
    g = empty_room({"Dietrich": (3, 16), "Hudson": (0, 24)}, fires=True)
    marines_phase(g, "Dietrich")
    act(g, "burn", burn_index(g, (3, 16), (3, 18)))
    g.dice.script(5, 5, 6, 6)  # two Aliens appear at (9, 11) and (10, 13)
    start_phase(g, "aliens_move", stop="aliens_attack")
    hive_first(g, "aliens_attack")
    assert g.stats["aliens_appeared"] == 2 and g.fires == [sq(g, (3, 18))]
    g._start_phase("marines")
    assert g.fires == []


# -- Hand Grenades ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rng", sorted(GRENADE))
def test_a_hand_grenade_blows_at_the_next_marines_phase_by_the_grenade_table(rng):
    g = empty_room({"Hudson": (3, 4), "Crowe": (3, 4 + rng) if rng else (13, 23)}, hand_grenades=True)
    near = put_alien(g, (4, 5))  # range 1: dead
    far = put_alien(g, (5, 6))  # range 2: lives
    marines_phase(g, "Hudson")
    act(g, "hand_grenade")
    assert g.armed == [sq(g, (3, 4))] and g.arms[idx(g, "Hudson")].grenades == g.tables["hand_grenades_carried"] - 1
    assert g.marines[idx(g, "Hudson")].actions_left == 1
    g.marines[idx(g, "Hudson")].pos = sq(g, (13, 24))  # he runs for it (out of the blast's sight)
    if rng == 0:
        marine(g, "Crowe").pos = sq(g, (3, 4))  # Crowe in the blast square
    assert g.aliens[near].in_play  # not yet
    g.dice.script(*[9] * 10)  # acid (no effect)
    g._start_phase("marines")
    crowe = marine(g, "Crowe")
    assert state(crowe) == GRENADE[rng][1]
    assert not g.aliens[near].in_play and g.aliens[far].in_play and g.armed == []
    assert state(marine(g, "Hudson")) == "none"


def test_hand_grenades_run_out_and_need_the_option():
    g = empty_room({"Hudson": (3, 4)}, hand_grenades=True)
    g.arms[idx(g, "Hudson")].grenades = 0
    marines_phase(g, "Hudson")
    assert not legal(g, "hand_grenade")
    assert ReactorRoom(ammunition=True).arms[0].grenades == 0


# -- thrown grenades (Closing Notes) ---------------------------------------------------------------
def test_a_throw_takes_six_actions_then_lands_on_a_target_within_eight_squares():
    g = empty_room({"Apone": (6, 24), "Crowe": (0, 0)}, thrown_grenades=True)  # (Crowe acts after Apone)
    i = idx(g, "Apone")
    play_marines_turns(g, "Apone", "prime", 1)
    assert g.arms[i].progress == 3
    near = put_alien(g, (6, 16))  # range 8, in sight across the Stairwell
    far = put_alien(g, (0, 15))  # range 9
    marines_phase(g, "Apone")
    assert not legal(g, "throw", target_index(g, near))
    act(g, "prime")
    act(g, "prime")
    act(g, "prime")
    assert g.arms[i].progress == 6 and not legal(g, "prime")
    assert legal(g, "throw", target_index(g, near)) and not legal(g, "throw", target_index(g, far))
    rolls = g.dice.rolls
    act(g, "throw", target_index(g, near))
    assert not g.aliens[near].in_play and g.aliens[far].in_play  # it blows at once, no roll
    assert g.dice.rolls == rolls
    assert state(marine(g, "Apone")) == "wounded"  # range 8 from his own blast
    assert g.arms[i].grenades == g.tables["hand_grenades_carried"] - 1 and g.arms[i].task == ""


def test_a_throw_is_interrupted_like_a_reload():
    g = empty_room({"Apone": (6, 24)}, thrown_grenades=True)
    marines_phase(g, "Apone")
    act(g, "prime")
    act(g, "move", 6)
    assert g.arms[idx(g, "Apone")].task == ""


# -- positions and the built-in marines ------------------------------------------------------------
def test_a_position_with_the_weapon_records_round_trips_and_bad_ones_are_refused():
    g = empty_room({"Dietrich": (3, 16), "Vasquez": (6, 20)}, **ALL)
    marines_phase(g, "Dietrich")
    act(g, "burn", burn_index(g, (3, 16), (3, 18)))
    act(g, "hand_grenade")
    g.stats["dead"] = sum(m.status == "dead" for m in g.marines)  # (empty_room's Marines off the map)
    data = g.to_dict()
    back = ReactorRoom.from_dict(data)
    assert back.to_dict() == data and back.fires == g.fires and back.armed == g.armed
    bad = {**data, "arms": {**data["arms"], "fires": [-5]}}
    with pytest.raises(ValueError, match="arms"):
        ReactorRoom.from_dict(bad)
    with pytest.raises(ValueError, match="arms"):
        ReactorRoom.from_dict({k: v for k, v in data.items() if k != "arms"})


def test_the_heuristic_reloads_an_empty_weapon_and_carries_on_until_it_is_full():
    from aliens_env.reactor_room.heuristic import HeuristicMarines

    g = empty_room({"Hudson": (6, 20)}, ammunition=True)
    g.arms[idx(g, "Hudson")].ammo = 0
    put_alien(g, (6, 14))
    marines_phase(g, "Hudson")
    h = HeuristicMarines()
    assert g.layout.decode(h.act(g, "marines"))[0] == "reload"


def test_the_heuristic_takes_the_backup_when_the_weapon_cannot_be_reloaded():
    from aliens_env.reactor_room.heuristic import HeuristicMarines

    g = empty_room({"Apone": (6, 20)}, ammunition=True, backup_weapons=True)
    g.arms[idx(g, "Apone")].ammo = 0
    marines_phase(g, "Apone")
    assert g.layout.decode(HeuristicMarines().act(g, "marines"))[0] == "backup"


def test_the_new_actions_are_named_for_the_player():
    g = empty_room({"Dietrich": (3, 16), "Apone": (6, 24)}, **ALL)
    g.arms[idx(g, "Apone")].ammo = 3
    marines_phase(g, "Dietrich")
    names = {g.layout.decode(a)[0]: g.describe_action(a) for a in np.flatnonzero(g.legal_mask("marines"))}
    assert names["burn"].startswith("Dietrich: set a Fire at (")
    assert "hand grenade" in names["hand_grenade"] and "throw" in names["prime"]
    assert "backup Pistol" in names["backup"]
    marines_phase(g, "Apone")
    assert "reload" not in [g.layout.decode(a)[0] for a in np.flatnonzero(g.legal_mask("marines"))]  # a Flame Unit
    g.arms[idx(g, "Apone")].task, g.arms[idx(g, "Apone")].progress = "throw", 6
    a = put_alien(g, (6, 20))
    g._cache.clear()
    assert g.describe_action(g.layout.encode("throw", target_index(g, a))).startswith("Apone: throw the grenade at Alien")
    g2 = empty_room({"Hudson": (6, 20)}, ammunition=True)
    g2.arms[idx(g2, "Hudson")].ammo = 0
    marines_phase(g2, "Hudson")
    assert g2.describe_action(g2.layout.encode("reload")) == "Hudson: reload the Pistol (1/8 Actions, uninterrupted)"


def test_the_tactics_env_plays_the_weapon_rules_through_the_heuristic():
    from aliens_env.core.policy import DicePolicy
    from aliens_env.reactor_room.tactics import HeuristicCommander, ReactorRoomTactics

    g = ReactorRoomTactics(ammunition=True, backup_weapons=True)
    g.reset(3)
    for arms in g.arms:
        arms.ammo = 1  # one shot each, then the heuristic must reload or switch
    players = {"marines": HeuristicCommander(), "hive": DicePolicy()}
    log = []
    while not g.is_terminal():
        p = g.current_player()
        g.apply(players[p].act(g, p))
        log += g.events  # (each step's events)
    assert any(" reloads (" in e for e in log) and any(" backups (" in e for e in log)
