"""The expansion's Characters (Bishop the Synthetic, Enraged Ripley carrying Newt, Newt as a
Character), the Fireteam choices, missions 2-4 and the bug hunts without the Queen, and the
campaign as one episode; each with forced dice and set positions.

Mission 2 "Escape" (missions.yaml), rows 0-13, columns 0-23; its Fireteam: 0 Hicks, 1 Vasquez,
2 Hudson, 3 Enraged Ripley, 4 Apone, 5 Bishop, 6 Newt:

       012345678901234567890123
     0 WWWWWWWWWWWWWWWWWWWWWWWW
     1 WMMM....W.....1.W......W
     2 WMMM....D.......D......W
     3 WM......W.......W...2..W
     4 WWWWDWWWWWWDWWWWWWWDWWWW
     5 W.........W.........W..W
     6 W3........W.........D..W
     7 W.........D.........W..W
     8 WWWWWDWWWWW.........WWDW
     9 W.........WWWWDWWWWWW..W
    10 W....4....D..........EEW
    11 W.........W..........EEW
    12 W.........W..........EEW
    13 WWWWWWWWWWWWWWWWWWWWWWWW
"""
import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.glorious_day import missions
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import act, activate, empty, legal, open_, sq, stack

HICKS, RIPLEY, BISHOP, NEWT = 0, 3, 5, 6  # in Escape


def escape(chars, aliens=(), **options) -> GloriousDay:
    return empty(mission="escape", chars=chars, aliens=aliens, newt=None, **options)


def alien_options(g: GloriousDay) -> list[int]:
    return g.alien_destinations(0)


# -- Bishop the Synthetic -------------------------------------------------------------------------
def test_an_alien_goes_next_to_a_non_synthetic_before_a_nearer_synthetic():
    g = escape({HICKS: (5, 9), BISHOP: (7, 3)}, aliens=[(6, 5)])
    options = alien_options(g)
    assert options and all(s in g.nbrs[sq(g, (5, 9))] for s in options)
    # without Bishop's rule the squares next to him would be among the Alien's choices
    g.chars[BISHOP]["name"] = "Hudson"
    assert any(s in g.nbrs[sq(g, (7, 3))] for s in alien_options(g))


def test_an_alien_leaves_a_synthetic_for_a_non_synthetic_it_can_reach():
    g = escape({HICKS: (5, 9), BISHOP: (6, 4)}, aliens=[(6, 5)])
    assert all(s in g.nbrs[sq(g, (5, 9))] for s in alien_options(g))


def test_an_alien_attacks_a_synthetic_when_no_one_else_is_in_reach():
    g = escape({HICKS: (12, 20), BISHOP: (6, 7)}, aliens=[(6, 3)])
    options = alien_options(g)
    assert options and all(s in g.nbrs[sq(g, (6, 7))] for s in options)


def test_out_of_reach_an_alien_moves_toward_the_nearest_non_synthetic():
    g = escape({HICKS: (1, 14), BISHOP: (12, 19)}, aliens=[(7, 5)])
    start = sq(g, (7, 5))
    to_hicks = g.bfs([sq(g, (1, 14))], set())
    options = alien_options(g)
    assert options and all(to_hicks[s] == to_hicks[start] - g.rules["alien_speed"] for s in options)


def test_an_alien_next_to_both_attacks_the_non_synthetic():
    g = escape({HICKS: (6, 4), BISHOP: (6, 6)}, aliens=[(6, 5)])
    g.dice.script(g.stats_of(HICKS)["defense"] + 1)  # a failed Defense: Knocked Down
    open_(g, "aliens")
    assert g.chars[HICKS]["knocked"] and not g.chars[BISHOP]["knocked"]


def test_a_synthetic_recycles_a_hazard_it_draws():
    g = activate(escape({BISHOP: (6, 4)}), BISHOP)
    stack(g, "deck", "panic")
    act(g, "rest")
    assert g.chars[BISHOP]["hazards"] == [] and g.deck[0] == "panic"
    g = activate(escape({HICKS: (6, 4)}), HICKS)
    stack(g, "deck", "panic")
    act(g, "rest")
    assert g.chars[HICKS]["hazards"] == ["panic"]


@pytest.mark.parametrize("chars, victim", [({BISHOP: (6, 4)}, None), ({BISHOP: (6, 4), HICKS: (6, 8)}, HICKS)])
def test_a_hive_hazard_for_only_synthetics_is_discarded(chars, victim):
    g = escape(chars, hive_player=True)
    left = len(g.hive_hazards)
    task = {"kind": "terror"}
    g.work = [task]
    g._task_terror(task)
    assert g.chars[BISHOP]["hazards"] == []
    if victim is None:
        assert len(g.hive_hazards) == left and not g.work
    else:
        assert len(g.chars[victim]["hazards"]) == 1 and len(g.hive_hazards) == left - 1


# -- Enraged Ripley carrying Newt -----------------------------------------------------------------
def carried() -> GloriousDay:
    g = activate(escape({RIPLEY: (6, 4), NEWT: (6, 5)}), RIPLEY)
    assert g.layout.encode("interact", 1) in np.flatnonzero(g.legal_mask("marines"))
    act(g, "interact", 1)
    return g


def test_enraged_ripley_picks_newt_up_and_newt_leaves_the_board():
    g = carried()
    assert g.newt_carrier == RIPLEY and g.chars[NEWT]["pos"] == NO and g.chars[NEWT]["out"] == "carried"
    assert NEWT not in g.char_at().values() and NEWT not in g.on_board() and NEWT in g.in_play()


def test_only_enraged_ripley_may_pick_newt_up():
    g = activate(escape({HICKS: (6, 4), NEWT: (6, 5)}), HICKS)
    assert g.layout.encode("interact", 1) not in np.flatnonzero(g.legal_mask("marines"))


def test_setting_newt_down_spends_no_action():
    g = carried()
    actions = g.chars[RIPLEY]["actions"]
    d = legal(g, "set_down")[0]
    act(g, "set_down", d)
    assert g.chars[RIPLEY]["actions"] == actions and g.newt_carrier == NO
    assert g.chars[NEWT]["pos"] == g.board.step(sq(g, (6, 4)), d) and g.chars[NEWT]["out"] == ""


def test_a_carried_newt_may_only_rest():
    g = carried()
    act(g, "end")
    assert g.active == NEWT  # the last to activate: at once
    mask = g.legal_mask("marines")
    assert set(np.flatnonzero(mask)) == {g.layout.encode("rest"), g.layout.encode("end")}


def test_knocked_down_enraged_ripley_sets_newt_down():
    g = carried()
    g.aliens[0] = {"pos": sq(g, (5, 4)), "count": 1}
    g.dice.script(g.stats_of(RIPLEY)["defense"] + 1)
    g._defense_result(RIPLEY, 0, g.stats_of(RIPLEY)["defense"] + 1)
    assert g.chars[RIPLEY]["knocked"] and g.newt_carrier == NO
    assert g.chars[NEWT]["pos"] in g.nbrs[sq(g, (6, 4))]


def test_killed_enraged_ripley_leaves_newt_where_she_fell():
    g = carried()
    g.aliens[0] = {"pos": sq(g, (5, 4)), "count": 1}
    g._defense_result(RIPLEY, 0, g.rules["defense_kill_roll"])
    assert not g.chars[RIPLEY]["alive"] and g.chars[NEWT]["pos"] == sq(g, (6, 4)) and g.newt_carrier == NO


# -- Fireteams ------------------------------------------------------------------------------------
@pytest.mark.parametrize("options, error", [
    ({"mission": "escape", "fireteam": ["Ripley", "Enraged Ripley"]}, "cannot both"),
    ({"mission": "escape", "fireteam": ["Hicks", "Newt"]}, "unknown character 'Newt'"),
    ({"mission": "escape", "fireteam": ["Hicks", "Vasquez", "Hudson", "Ripley", "Apone", "Drake", "Frost"]}, "1 to 6"),
    ({"mission": "nest", "fireteam": ["Hicks", "Gorman"]}, "unknown character 'Gorman'"),
    ({"mission": "nest", "fireteam": ["Hicks"], "heroes": ["Vasquez"]}, "heroes must be"),
    ({"mission": "sulaco_the_wrong_name"}, "unknown mission"),
    ({"campaign": "yes"}, "campaign must be true or false"),
    ({"campaign": True, "mission": "nest"}, "starts at one of its missions"),
    ({"campaign": True, "fireteam": ["Hicks"]}, "leave them unset"),
])
def test_bad_options_are_refused_by_name(options, error):
    with pytest.raises(ValueError, match=error):
        GloriousDay(**options)


def test_fireteams_of_six_plus_newt_in_campaign_missions_and_eight_in_bug_hunts():
    team = ["Hicks", "Vasquez", "Hudson", "Ripley", "Apone", "Drake", "Frost", "Bishop"]
    g = GloriousDay(mission="nest", fireteam=team, heroes=["Bishop"])
    assert [ch["name"] for ch in g.chars] == team and [ch["hero"] for ch in g.chars] == [False] * 7 + [True]
    g = GloriousDay(mission="escape", fireteam=team[:6])
    assert [ch["name"] for ch in g.chars] == team[:6] + ["Newt"]
    assert g.data["fireteam_limits"] == {"campaign": 6, "bug_hunt": 8}


def test_newt_is_fielded_in_campaign_missions_never_in_bug_hunts():
    for name, m in GloriousDay(mission="nest").data["missions"].items():
        names = [ch["name"] for ch in GloriousDay(mission=name).chars]
        assert ("Newt" in names) == (m["newt"] == "character")
        if m["kind"] == "bug_hunt":
            assert m["newt"] == "none"


def test_mission_one_keeps_its_actions_and_views():
    g = GloriousDay()
    assert len(g.layout) == 942 and g.obs_layout.zeros().size == 2927 and not g.extended


# -- objectives ------------------------------------------------------------------------------------
def test_a_move_onto_an_exit_gets_the_character_and_the_newt_it_carries_out():
    g = escape({RIPLEY: (10, 20), NEWT: (11, 20), HICKS: (5, 5)})
    activate(g, RIPLEY)
    act(g, "interact", 1)
    act(g, "move", sq(g, (10, 21)))
    assert g.chars[RIPLEY]["out"] == g.chars[NEWT]["out"] == "escaped"
    assert g.chars[RIPLEY]["pos"] == NO and missions.escaped(g) == 2 and not g.end


@pytest.mark.parametrize("out, end", [("need", "escaped"), ("too_few", "wiped_out")])
def test_escape_is_won_when_enough_got_out_and_no_one_is_left(out, end):
    g = escape({HICKS: (10, 20)})
    others = g.m["need"] - 1 if out == "need" else g.m["need"] - 2
    for c in range(1, 1 + others):
        g.chars[c].update(alive=True, out="escaped")
    activate(g, HICKS)
    act(g, "move", sq(g, (10, 21)))
    assert g.end == end


@pytest.mark.parametrize("alive, end", [("need", "survived"), ("fewer", "overrun")])
def test_survive_holds_out_to_the_last_round(alive, end):
    g = empty(mission="survive", chars={c: (6, 9 + c) if c < 4 else (7, 5 + c) for c in range(7)}, newt=None)
    need = g.m["need"]
    for c in range(need if alive == "need" else need - 1, 7):
        g.chars[c].update(alive=False, pos=NO)
    g.round = g.m["rounds"]
    open_(g, "round_end")
    assert g.end == end


def test_torching_every_egg_clears_the_nest():
    g = empty(mission="nest", chars={0: (2, 12)}, newt=None)
    egg = sq(g, (3, 12))
    assert egg in g.tokens and sq(g, (1, 14)) in g.tokens
    g.tokens = [t if t in (egg, sq(g, (1, 14))) else NO for t in g.tokens]
    activate(g, 0)
    assert legal(g, "token") == [g.tokens.index(egg)]  # the egg at (1, 14) is not next to Hicks
    act(g, "token", g.tokens.index(egg))
    assert not g.end
    g.tokens = [NO] * len(g.tokens)
    open_(g)
    assert g.end == "cleared"


@pytest.mark.parametrize("roll, done", [("tech-1", True), ("tech", False)])
def test_a_computer_takes_a_tech_test_under_tech(roll, done):
    g = activate(empty(mission="uplink", chars={0: (3, 5)}, newt=None))
    tech = g.stats_of(0)["tech"]
    g.dice.script(tech - 1 if roll == "tech-1" else tech)
    act(g, "token", 0)
    assert (g.tokens[0] == NO) == done and g.chars[0]["actions"] == 1


def test_purge_is_won_at_the_mission_s_kill_count():
    g = activate(empty(mission="purge", chars={0: (5, 10)}, aliens=[(5, 12)], newt=None))
    g.stats["kills"] = g.m["need"] - 1
    g.dice.script(0)
    act(g, "attack", 0)
    assert g.end == "purged"


def test_retrieve_is_won_carrying_the_captured_newt_out():
    g = empty(mission="retrieve", chars={0: (2, 1)}, newt=(3, 19))
    assert g.m["newt"] == "token" and g.chars[0]["name"] == "Enraged Ripley"
    g.newt, g.newt_carrier = NO, 0
    activate(g, 0)
    act(g, "move", sq(g, (1, 1)))
    assert g.end == "rescued"


# -- the campaign ---------------------------------------------------------------------------------
def test_a_won_mission_leads_to_the_next_with_the_killed_replaced_from_the_reserve():
    g = GloriousDay(mission="escape", campaign=True, hive_player=False)
    shape, size = g.observe("marines").shape, len(g.layout)
    g = escape({HICKS: (10, 20)}, campaign=True, hive_player=False)
    for c in (1, 3, 4, 5, 6):
        g.chars[c].update(alive=True, out="escaped")
    activate(g, HICKS)
    act(g, "move", sq(g, (10, 21)))
    assert not g.end and g.stage == 1 and g.mission == "survive" and g.round == 1 and g.killed == ["Hudson"]
    names = [ch["name"] for ch in g.chars]
    assert "Hudson" not in names and names[-2:] == ["Apone", "Newt"]  # Apone: the reserve's first free
    assert g.observe("marines").shape == shape and len(g.layout) == size


def test_the_campaign_ends_when_a_mission_is_lost_or_the_last_is_won():
    g = escape({HICKS: (10, 20)}, campaign=True)
    g.chars[HICKS].update(alive=False, pos=NO)
    open_(g)
    assert g.end == "wiped_out" and g.stage == 0
    g = GloriousDay(mission="retrieve", campaign=True, hive_player=False)
    g.newt, g.newt_carrier = NO, 0
    g.chars[0]["pos"] = sq(g, (1, 1))
    open_(g)
    assert g.end == "" and g.stage == 1 and g.mission == "sulaco" and g.queen is not None  # mission 5 follows
    assert g.board.width == 24 and g.airlock_controls == {sq(g, (5, 1))}  # Sulaco on the campaign's board
    g.chars[1]["pos"], g.queen["pos"] = sq(g, (5, 1)), sq(g, (2, 4))
    open_(g)
    act(g, "activate", 1)
    act(g, "airlock")  # the last mission won ends the campaign
    assert g.end == "airlock" and g.outcome()["marines"] == 1 and g.outcome()["score"]["missions_won"] == 2


def test_one_person_killed_is_out_under_both_cards():
    g = GloriousDay(mission="retrieve", campaign=True)
    g.killed = ["Ripley"]
    g._set_up()
    assert "Enraged Ripley" not in [ch["name"] for ch in g.chars]
