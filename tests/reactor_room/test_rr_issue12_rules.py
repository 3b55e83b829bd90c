"""Optional rules of issue 12: Firing Through Marines, Additional Aim Time, harder Alien-drop rates,
doubled Bonus Bugs and the Petty Revenge scenario (all off by default)."""
import json

import numpy as np
import pytest

from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.registry import make_policy
from aliens_env.reactor_room.game import ReactorRoom
from aliens_env.reactor_room.heuristic import HeuristicMarines
from rr_helpers import (act, aim, decide, empty_room, hive_first, idx, legal, marine, marines_phase, put_alien,
                        start_phase, target_index)

DATA = ReactorRoom().data
TABLES = ReactorRoom().tables
THROUGH = TABLES["firing_through_marines"]["penalty_per_rank"]
BONUS = TABLES["aim_time"]["bonus_per_banked"]
MAX_BANKED = TABLES["aim_time"]["max_banked"]
FREE_TURNS = DATA["petty_revenge"]["free_turns"]


def test_the_new_options_are_off_by_default_and_named_in_the_error():
    g = ReactorRoom()
    for key in ("firing_through_marines", "aim_time", "harder_drops", "double_bonus_bugs", "petty_revenge"):
        assert g.options[key] is False
    with pytest.raises(ValueError, match="aim_time"):
        ReactorRoom(aim_tme=True)


def test_a_default_position_names_no_new_option_or_record():
    d = ReactorRoom().to_dict()
    assert "banked" not in d and "nukes" not in d
    assert not set(d["config"]) & {"firing_through_marines", "aim_time", "harder_drops", "double_bonus_bugs",
                                   "petty_revenge"}


# -- Firing Through Marines ------------------------------------------------------------------------
HICKS_AT = (3, 20)
TARGET = (3, 14)  # range 6 along row 3: Hicks' Shotgun at Aim 3 hits on 0-7


def through(teammates, option=True, aim_level=3, target=TARGET):
    """Hicks at (3, 20) has Aimed `aim_level` at an Alien at `target`; `teammates` {name: square}
    stand where told."""
    g = empty_room({"Hicks": HICKS_AT, **teammates}, firing_through_marines=option)
    a = put_alien(g, target)
    marines_phase(g, "Hicks", actions=aim_level)
    aim(g, aim_level)
    return g, a


def number(g, a):
    return g._fire_number(idx(g, "Hicks"), a)


@pytest.mark.parametrize("teammates, ranks", [
    ({}, 0),
    ({"Crowe": (3, 19)}, 0),                                  # immediately in front: over the shoulder
    ({"Crowe": (3, 18)}, 1),                                  # one rank, at range 2
    ({"Crowe": (3, 19), "Frost": (3, 18)}, 1),                # the shoulder's rank is free, the next is not
    ({"Crowe": (3, 18), "Frost": (3, 16)}, 2),                # two ranks
    ({"Crowe": (3, 18), "Frost": (3, 17), "Hudson": (3, 15)}, 3),
    ({"Crowe": (2, 18), "Frost": (4, 17)}, 0),                # beside the line, not on it
])
def test_each_rank_of_marines_fired_through_adds_three(teammates, ranks):
    g, a = through(teammates)
    assert number(g, a) == 7 - THROUGH * ranks


@pytest.mark.parametrize("teammates", [{"Crowe": (3, 18)}, {"Crowe": (3, 18), "Frost": (3, 16)}])
def test_without_the_option_marines_are_fired_through_freely(teammates):
    g, a = through(teammates, option=False)
    assert number(g, a) == 7


def test_marines_side_by_side_at_one_range_are_one_rank():
    # the line from (3, 20) to (4, 16) passes through (3, 18) and (4, 18), both at range 2
    g, a = through({"Crowe": (3, 18), "Frost": (4, 18)}, aim_level=2, target=(4, 16))
    assert number(g, a) == 8 - THROUGH
    g, a = through({"Crowe": (3, 18)}, aim_level=2, target=(4, 16))
    assert number(g, a) == 8 - THROUGH


def test_an_incapacitated_marine_laid_flat_is_no_rank():
    g, a = through({"Crowe": (3, 18)})
    marine(g, "Crowe").incapacitated = True
    g._cache.clear()
    assert number(g, a) == 7


def test_the_ranks_add_to_the_shared_square_penalty():
    g = empty_room({"Hicks": HICKS_AT, "Crowe": (3, 18), "Frost": TARGET}, firing_through_marines=True)
    a = put_alien(g, None, on="Frost", attack="in_combat")
    marines_phase(g, "Hicks", actions=3)
    aim(g, 3)
    shared = TABLES["shared_square_penalty"]
    assert number(g, a) == 7 - shared - THROUGH  # Frost, on the target's square, is the +5's, not a rank


@pytest.mark.parametrize("roll, killed", [(4, True), (5, False)])
def test_the_roll_meets_the_number_less_the_ranks(roll, killed):
    g, a = through({"Crowe": (3, 18)})
    g.dice.script(roll)
    act(g, "fire", target_index(g, a))
    assert g.dice.scripted_left == 0
    assert g.stats["aliens_killed"] == int(killed)


def test_a_shot_the_ranks_leave_no_chance_is_not_offered():
    # Aim 1 at range 6: 1; two ranks make it 1 - 6 < 0
    g, a = through({"Crowe": (3, 18), "Frost": (3, 16)}, aim_level=1)
    assert not legal(g, "fire", target_index(g, a))
    g, a = through({"Crowe": (3, 19)}, aim_level=1)
    assert legal(g, "fire", target_index(g, a))


# -- Additional Aim Time ---------------------------------------------------------------------------
def aimed(banked, option=True, target=(3, 12), actions=None):
    """Hicks at (3, 20), Aim 3 and `banked` banked Actions, an Alien at `target` (range 8: the
    Shotgun's 7+ band, 5 at Aim 3)."""
    g = empty_room({"Hicks": HICKS_AT, "Crowe": (13, 24)}, aim_time=option)
    a = put_alien(g, target)
    marines_phase(g, "Hicks", actions=3 + banked if actions is None else actions)
    aim(g, 3 + banked)
    return g, a


def test_at_the_cards_maximum_aim_banks_up_to_two_more():
    g, a = aimed(0, actions=3 + MAX_BANKED + 1)
    assert "bank" in g.describe_action(g.layout.encode("aim"))
    for k in range(MAX_BANKED):
        assert legal(g, "aim")
        act(g, "aim")
        assert g.banked[idx(g, "Hicks")] == k + 1 and marine(g, "Hicks").aim == 3
    assert not legal(g, "aim")  # two banked: no more


def test_without_the_option_aim_stops_at_the_cards_maximum():
    g, a = aimed(0, option=False, actions=5)
    assert not legal(g, "aim")


@pytest.mark.parametrize("banked, roll, killed", [
    (0, 5, True), (0, 6, False),   # Aim 3 at range 8: hits on 0-5
    (1, 7, True), (1, 8, False),   # +2: 0-7
])
def test_each_banked_action_adds_two_to_the_number(banked, roll, killed):
    g, a = aimed(banked)
    assert number(g, a) == 5 + BONUS * banked
    g.dice.script(roll)
    act(g, "fire", target_index(g, a))
    assert g.dice.scripted_left == 0 and g.stats["aliens_killed"] == int(killed)


def test_two_banked_actions_make_an_automatic_kill_here():
    g, a = aimed(2)
    rolls = g.dice.rolls
    act(g, "fire", target_index(g, a))
    assert g.dice.rolls == rolls  # 5 + 2 x 2 = 9: no hit roll (and nobody near for acid)
    assert g.stats["aliens_killed"] == 1


def test_banked_aim_fills_no_blank_entry():
    # Crowe's Pistol: Aim 2 has no number at range 7+ (6/2/1/0); banking cannot make one
    g = empty_room({"Crowe": (3, 20)}, aim_time=True)
    a = put_alien(g, (3, 12))
    marines_phase(g, "Crowe", actions=4)
    aim(g, 4)
    assert g.banked[idx(g, "Crowe")] == 2 and not legal(g, "fire", target_index(g, a))


def test_a_shot_uses_up_the_aim_and_the_bank():
    g, a = aimed(1)
    g.dice.script(9)
    act(g, "fire", target_index(g, a))
    assert marine(g, "Hicks").aim == 0 and g.banked[idx(g, "Hicks")] == 0


def next_activation(g, name):
    """End the acting Marine's activation, then open `name`'s next one (the turn order reached again)."""
    i = idx(g, name)
    g.active = i - 1
    g.decision = None
    g._cache.clear()
    g._next_marine()
    g._run()
    return g.marines[i]


def test_aim_at_the_maximum_and_the_bank_carry_over_to_the_next_turn():
    g, a = aimed(1)
    act(g, "end")
    m = next_activation(g, "Hicks")
    assert g.active == idx(g, "Hicks") and m.actions_left == 3
    assert m.aim == 3 and g.banked[idx(g, "Hicks")] == 1
    assert number(g, a) == 5 + BONUS


def test_aim_below_the_maximum_is_lost_as_without_the_option():
    g = empty_room({"Hicks": HICKS_AT, "Crowe": (13, 24)}, aim_time=True)
    put_alien(g, (3, 12))
    marines_phase(g, "Hicks", actions=2)
    aim(g, 2)
    act(g, "end")
    m = next_activation(g, "Hicks")
    assert m.aim == 0


def test_without_the_option_no_aim_carries_over():
    g, a = aimed(0, option=False)
    act(g, "end")
    m = next_activation(g, "Hicks")
    assert m.aim == 0


def test_an_alien_reaching_the_marine_breaks_the_held_aim():
    g, a = aimed(2)
    act(g, "end")
    hicks = idx(g, "Hicks")
    g._alien_reaches(a, hicks)
    assert marine(g, "Hicks").aim == 0 and g.banked[hicks] == 0


def test_the_observation_shows_the_bank_only_with_the_option():
    g, a = aimed(1)
    view = g.obs_layout.views(g.observe("marines"))["banked"]
    assert view[idx(g, "Hicks")] == pytest.approx(1 / MAX_BANKED) and view.sum() == pytest.approx(1 / MAX_BANKED)
    assert "banked" not in ReactorRoom().obs_layout.names()
    assert ReactorRoom(aim_time=True).obs_layout.size == ReactorRoom().obs_layout.size + len(DATA["marines"])


def test_a_position_keeps_the_bank_and_refuses_a_bad_one():
    g, a = aimed(2)
    g.stats["dead"] = sum(m.status == "dead" for m in g.marines)  # (empty_room's absent Marines)
    g.stats["aliens_appeared"] = 1
    d = json.loads(json.dumps(g.to_dict()))
    assert d["banked"][idx(g, "Hicks")] == 2 and d["config"]["aim_time"] is True
    h = ReactorRoom.from_dict(d)
    assert h.banked == g.banked and np.array_equal(h.observe("marines"), g.observe("marines"))
    bad = json.loads(json.dumps(d))
    bad["banked"][idx(g, "Hicks")] = 3
    with pytest.raises(ValueError, match="banked"):
        ReactorRoom.from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["banked"][idx(g, "Crowe")] = 1  # Crowe holds no Aim
    with pytest.raises(ValueError, match="banked"):
        ReactorRoom.from_dict(bad)
    bad = json.loads(json.dumps(d))
    del bad["config"]["aim_time"]
    with pytest.raises(ValueError, match="aim_time"):
        ReactorRoom.from_dict(bad)


@pytest.mark.parametrize("option, expected", [(True, "aim"), (False, "end")])
def test_the_heuristic_banks_aim_when_it_has_nothing_else_to_do(option, expected):
    # Hicks at Aim 3 with one Action: teammates stand on both squares nearer the Exit (he cannot
    # stop on them) and no Alien is in play
    g = empty_room({"Hicks": (0, 0), "Crowe": (1, 0), "Frost": (1, 1)}, aim_time=option)
    marines_phase(g, "Hicks", actions=1)
    marine(g, "Hicks").aim = 3
    g._cache.clear()
    assert g.layout.decode(HeuristicMarines().act(g, "marines"))[0] == expected


# -- harder drops and doubled Bonus Bugs -----------------------------------------------------------
def test_harder_drops_shift_the_turn_chart():
    harder = DATA["harder_drops"]
    expected = {1: harder["aliens_first_turn"], 2: DATA["aliens_per_turn"], 3: harder["aliens_red_turn"],
                4: DATA["aliens_per_turn"], 6: harder["aliens_red_turn"]}
    for turn, due in expected.items():
        g = empty_room({"Hicks": (0, 24)}, turn=turn, harder_drops=True)
        assert g._aliens_due() == due
        g = empty_room({"Hicks": (0, 24)}, turn=turn)
        assert g._aliens_due() == (DATA["aliens_first_turn"] if turn == 1 else DATA["aliens_per_turn"])
    assert DATA["harder_drops"]["aliens_first_turn"] > DATA["aliens_first_turn"]
    assert DATA["harder_drops"]["aliens_red_turn"] > DATA["aliens_per_turn"]


def test_beginner_still_skips_the_red_turns_under_harder_drops():
    g = empty_room({"Hicks": (0, 24)}, turn=3, harder_drops=True, beginner=True)
    assert g._aliens_due() == 0


def test_a_red_turn_under_harder_drops_brings_its_aliens_in():
    g = empty_room({"Hicks": (0, 24)}, turn=3, harder_drops=True)
    g.dice.script(9, 0, 9, 2, 9, 4)  # three entries on row 13
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.dice.scripted_left == 0 and g.stats["aliens_appeared"] == 3


@pytest.mark.parametrize("options", [{"double_bonus_bugs": True}, {"double_bonus_bugs": True, "bonus_bug": True}])
def test_doubled_bonus_bugs_bring_two_aliens_per_zero(options):
    g = empty_room({"Hicks": (0, 24)}, turn=2, **options)
    # a 0 on the row roll: two extra Aliens (4 in all); entries on row 13
    g.dice.script(0, 9, 0, 9, 2, 9, 4, 9, 6)
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.dice.scripted_left == 0 and g.stats["aliens_appeared"] == 2 + DATA["double_bonus_bug_aliens"]


def test_doubled_bonus_bugs_chain():
    g = empty_room({"Hicks": (0, 24)}, turn=2, double_bonus_bugs=True)
    g.dice.script(0, 0, 9, 0, 9, 2, 9, 4, 9, 6, 9, 8, 9, 9)  # two 0s: four extra Aliens
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.dice.scripted_left == 0 and g.stats["aliens_appeared"] == 2 + 2 * DATA["double_bonus_bug_aliens"]


def test_the_single_bonus_bug_still_brings_one():
    g = empty_room({"Hicks": (0, 24)}, turn=2, bonus_bug=True)
    g.dice.script(0, 9, 0, 9, 2, 9, 4)
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.dice.scripted_left == 0 and g.stats["aliens_appeared"] == 2 + DATA["bonus_bug_aliens"]


# -- Petty Revenge ---------------------------------------------------------------------------------
def play_petty(seed=0, policy="random", script=None, **options):
    g = ReactorRoom(petty_revenge=True, **options)
    g.reset(seed)
    marines = make_policy("ReactorRoom", "marines", policy, seed=seed)
    while not g.is_terminal():
        assert g.current_player() == "marines"  # the hive never has a decision: no Alien ever appears
        if script is not None and g.turn == FREE_TURNS:  # no die is rolled in the free turns before the strike
            g.dice.script(*script)
            script = None
        g.apply(marines.act(g, "marines"))
    return g


@pytest.mark.parametrize("script, nukes", [([5], 5), ([9], 9), ([1], 1), ([0, 3], 4), ([0, 0, 7], 9), ([0, 0, 0, 0, 2], 6)])
def test_petty_revenge_eight_free_turns_then_the_strike_and_a_win(script, nukes):
    g = play_petty(script=script)
    assert g.dice.scripted_left == 0
    assert g.turn == FREE_TURNS and g.stats["aliens_appeared"] == 0
    out = g.outcome()
    assert out["marines"] == 1 and out["hive"] == -1 and out["score"]["nukes"] == nukes


def test_petty_revenge_the_strike_comes_when_every_marine_is_out_early():
    g = empty_room({"Hicks": (6, 1)}, turn=3, petty_revenge=True)
    marines_phase(g, "Hicks")
    g.dice.script(4)
    act(g, "move", 6)  # west onto the Exit
    assert g.phase == "over" and g.turn == 3 and g.outcome()["score"]["nukes"] == 4
    assert g.outcome()["marines"] == 1


def test_petty_revenge_cut_by_a_turn_limit_has_no_result_and_no_strike():
    g = play_petty(turn_limit=FREE_TURNS - 1)
    out = g.outcome()
    assert out["marines"] is None and out["truncated_by"] == "turn_limit" and out["score"]["nukes"] == 0


def test_petty_revenge_position_keeps_the_nukes():
    g = play_petty(seed=3, policy="heuristic")
    d = json.loads(json.dumps(g.to_dict()))
    assert d["nukes"] == g.nukes > 0
    assert ReactorRoom.from_dict(d).outcome() == g.outcome()
    del d["config"]["petty_revenge"]
    with pytest.raises(ValueError, match="petty_revenge"):
        ReactorRoom.from_dict(d)


def test_without_petty_revenge_no_nukes_are_reported():
    g = ReactorRoom()
    assert "nukes" not in g.outcome()["score"]


# -- every option plays whole games (built-in players, positions, clone) ---------------------------
@pytest.mark.parametrize("options", [{"firing_through_marines": True}, {"aim_time": True}, {"harder_drops": True},
                                     {"double_bonus_bugs": True}, {"petty_revenge": True}])
@pytest.mark.parametrize("marines", ["random", "heuristic"])
def test_every_option_plays_whole_games(options, marines):
    for seed in range(2):
        g = ReactorRoom(**options)
        g.reset(seed)
        policies = {"marines": make_policy("ReactorRoom", "marines", marines, seed=seed), "hive": RandomPolicy(seed)}
        steps = 0
        while not g.is_terminal():
            p = g.current_player()
            if steps % 97 == 0:
                d = json.loads(json.dumps(g.to_dict()))
                h = ReactorRoom.from_dict(d)
                assert h.to_dict() == d and np.array_equal(h.observe(p), g.observe(p))
                assert np.array_equal(g.clone().legal_mask(p), g.legal_mask(p))
            g.apply(policies[p].act(g, p))
            steps += 1
        assert g.outcome()["marines"] in (-1, 0, 1)


@pytest.mark.parametrize("options", [{"firing_through_marines": True, "aim_time": True}, {"petty_revenge": True}])
def test_the_tactics_env_takes_the_options(options):
    from aliens_env.reactor_room.tactics import HeuristicCommander, ReactorRoomTactics

    g = ReactorRoomTactics(**options)
    g.reset(1)
    assert all(g.options[k] for k in options)
    assert ("banked" in g.obs_layout.names()) == ("aim_time" in options)
    commander, hive = HeuristicCommander(), RandomPolicy(1)
    while not g.is_terminal():
        p = g.current_player()
        g.apply(commander.act(g, p) if p == "marines" else hive.act(g, p))
    assert g.outcome()["marines"] in (-1, 0, 1)
