"""HuntForTheQueenTactics (ASSUMPTION A51 of docs/rules/lairs.md): Hunt for the Queen with the
Marines choosing, per activation, a setting of the scripted hunt marines that then plays the whole
activation (the Reactor Room commander's rules); each setting does what it says."""
import pytest

from aliens_env.lairs import tactics as tactics_module
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.policies import HuntMarines, LairsDiceAI
from aliens_env.lairs.tactics import HuntForTheQueenTactics, HuntTactic, tactics_data
from aliens_env.reactor_room.tactics import HeuristicCommander
from lairs_helpers import QUEEN, empty_lairs, marine, sq
from rr_helpers import (ScriptedCommander, SwitchingMarines, assert_one_tactic_per_activation, marines_phase, play, put_alien,
                        target_index)
from rr_helpers import assert_same_game as assert_same

SETTINGS = tactics_data()["tactics"]


def chosen_tactic(turn, phase, active):
    """A scripted commander's choice, different from one activation to the next (never "hold"
    for long, so that the games reach the Queen)."""
    return (3 * turn + active + len(phase)) % len(SETTINGS)


def assert_same_game(seed, marines, commander):
    return assert_same(HuntForTheQueen(), HuntForTheQueenTactics(), seed, marines, commander, LairsDiceAI)


def test_tactic_zero_is_the_scripted_marines_own_setting_and_the_rest_come_from_the_yaml():
    game = HuntForTheQueenTactics()
    assert len(game.tactics) == len(SETTINGS) >= 5
    assert [{k: getattr(t, k) for k in SETTINGS[0]} for t in game.tactics] == SETTINGS
    default = HuntMarines()
    assert (SETTINGS[0]["threat_range"], SETTINGS[0]["min_hit"]) == (default.threat_range, default.min_hit)
    assert "walk hold" in game.describe_action(game.layout.encode("tactic", 1))


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristic_commander_plays_the_scripted_marines_game_move_for_move(seed):
    assert_same_game(seed, HuntMarines(), HeuristicCommander())


@pytest.mark.parametrize("seed", range(3))
def test_each_tactic_plays_its_whole_activation_and_the_next_activation_chooses_again(seed):
    hunt = assert_same_game(seed, SwitchingMarines([HuntTactic(**s) for s in SETTINGS], chosen_tactic), ScriptedCommander(chosen_tactic))
    assert hunt.turn > 2


def test_the_marines_choose_a_tactic_once_per_activation_and_never_a_primitive_action():
    assert assert_one_tactic_per_activation(HuntForTheQueenTactics(), 3, ScriptedCommander(chosen_tactic), LairsDiceAI()) >= 16


def test_the_commanders_shaping_pays_only_for_hits_on_the_queen():
    weight = tactics_data()["tactics_shaping"]["queen_hit"]
    game = HuntForTheQueenTactics()
    for seed in range(10):
        game.reset(seed)
        play(game, HeuristicCommander(), LairsDiceAI())
        if game.stats["dead"] and len(game.flipped) and game.stats["aliens_killed"]:
            break
    assert game.stats["dead"] and game.flipped and game.stats["aliens_killed"]  # what the hunt's own shaping counts
    assert game.shaping_value("marines") == pytest.approx(weight * (game.queen_damage + game.queen_dead))
    assert game.shaping_value("hive") == pytest.approx(-game.shaping_value("marines"))


# -- each setting does what it says ---------------------------------------------------------------
def first_action(setting: HuntTactic, g) -> str:
    return g.layout.name(setting.act(g, "marines"))


def play_activation(setting: HuntTactic, g, name: str) -> None:
    """Marine ``name``'s whole activation by ``setting``."""
    i = marines_phase(g, name).active
    while g.decision is not None and g.decision.kind == "marine" and g.active == i:
        g.apply(setting.act(g, "marines"))


def hunt_position(hicks=(14, 12), queen=(14, 30)):
    g = empty_lairs({"Hicks": hicks})
    put_alien(g, queen, a=QUEEN)
    return g


def test_hold_does_not_walk_where_the_script_walks_at_the_queen():
    g = marines_phase(hunt_position(), "Hicks")
    assert first_action(HuntTactic(), g).startswith("move")
    assert first_action(HuntTactic(walk="hold"), g) == "end"


def test_rooms_walks_to_a_room_not_yet_entered_while_the_script_goes_for_the_queen():
    no_fire = dict(threat_range=0, min_hit=1.0)  # (no covering fire: only the walk)
    for setting, closer_to in ((HuntTactic(**no_fire), "queen"), (HuntTactic(**no_fire, walk="rooms"), "rooms")):
        g = hunt_position(hicks=(14, 26), queen=(14, 33))  # Room 3's door (13, 22) to the west, the Queen east
        rooms = g.board.distance_field([s for squares in g.rooms.values() for s in squares])
        queen = g.board.distance_field([g.aliens[QUEEN].pos])
        start = marine(g, "Hicks").pos
        play_activation(setting, g, "Hicks")
        end = marine(g, "Hicks").pos
        field = queen if closer_to == "queen" else rooms
        other = rooms if closer_to == "queen" else queen
        assert field[end] < field[start] and other[end] >= other[start]


@pytest.mark.parametrize("stand_off", [2, 4])
def test_stand_off_stops_short_of_the_queen_where_the_script_walks_up_to_her(stand_off):
    no_fire = dict(threat_range=0, min_hit=1.0)  # (no covering fire: only the walk)
    g = hunt_position(hicks=(14, 16), queen=(14, 21))
    play_activation(HuntTactic(**no_fire, stand_off=stand_off), g, "Hicks")
    assert g.board.range(marine(g, "Hicks").pos, sq(g, (14, 21))) == stand_off + 1
    g = hunt_position(hicks=(14, 16), queen=(14, 21))
    play_activation(HuntTactic(**no_fire), g, "Hicks")
    assert g.board.range(marine(g, "Hicks").pos, sq(g, (14, 21))) <= stand_off


@pytest.mark.parametrize("hicks, fires_from", [
    ((14, 25), "wounded"),        # range 5 from the blast: the Grenade Table Wounds
    ((14, 22), "incapacitated"),  # range 2: it Incapacitates
    ((14, 21), None),             # range 1: it kills; no setting fires
])
def test_blast_risk_fires_a_grenade_at_the_queen_only_as_far_as_the_risk_allowed(hicks, fires_from):
    g = empty_lairs({"Apone": (14, 1), "Hicks": hicks})
    q = put_alien(g, (14, 20), a=QUEEN)
    marines_phase(g, "Apone")
    grenade = g.layout.name(g.layout.encode("grenade", target_index(g, q)))
    allowed = tactics_module.BLAST_RISKS
    for risk in allowed:
        fires = first_action(HuntTactic(blast_risk=risk), g) == grenade
        assert fires == (fires_from is not None and allowed.index(risk) >= allowed.index(fires_from)), risk


def test_bad_settings_are_named():
    with pytest.raises(ValueError, match="walk must be one of"):
        HuntTactic(walk="charge")
    with pytest.raises(ValueError, match="blast_risk one of"):
        HuntTactic(blast_risk="dead")


def test_the_yaml_is_checked(tmp_path, monkeypatch):
    bad = tmp_path / "hunt_tactics.yaml"
    monkeypatch.setattr(tactics_module, "DATA", tmp_path)
    tactics_data.cache_clear()
    try:
        bad.write_text("tactics:\n  - {threat_range: 9, min_hit: 0.3, walk: run, stand_off: 0, blast_risk: none}\n"
                       "tactics_shaping: {queen_hit: 0.1}\n")
        with pytest.raises(ValueError, match="walk must be one of"):
            tactics_data()
        bad.write_text("tactics:\n  - {threat_range: 9, min_hit: 0.3, walk: hold, stand_off: 0, blast_risk: none}\n"
                       "tactics_shaping: {queen_hit: 0.1}\n")
        with pytest.raises(ValueError, match="scripted marines' own setting"):
            tactics_data()
        bad.write_text("tactics:\n  - {threat_range: 9, min_hit: 0.3}\ntactics_shaping: {queen_hit: 0.1}\n")
        with pytest.raises(ValueError, match="must give exactly"):
            tactics_data()
    finally:
        tactics_data.cache_clear()


@pytest.mark.parametrize("reach", [0, 2, 4])
def test_within_range_bars_the_squares_within_reach_of_the_square_by_the_boards_range(reach):
    """(Read from the board's range table: the same squares as ``board.range`` gives.)"""
    board = HuntForTheQueen().board
    for square in range(0, board.n, 37):
        barred = tactics_module.within_range(board, square, reach)
        assert [sq for sq in range(board.n) if barred(sq)] == [sq for sq in range(board.n) if board.range(sq, square) <= reach]
