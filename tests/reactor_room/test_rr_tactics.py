"""ReactorRoomTactics (ASSUMPTION A28): the Reactor Room with the Marines choosing, per
activation, a setting of the heuristic that then plays the whole activation."""
import pytest

from aliens_env.core.policy import DicePolicy
from aliens_env.reactor_room import data_files
from aliens_env.reactor_room.game import ReactorRoom
from aliens_env.reactor_room.heuristic import HeuristicMarines
from aliens_env.reactor_room.tactics import HeuristicCommander, ReactorRoomTactics
from rr_helpers import ScriptedCommander, SwitchingMarines, assert_one_tactic_per_activation, play
from rr_helpers import assert_same_game as assert_same

TACTICS = [(9, 0.3)] + [tuple(t) for t in data_files.scenario("reactor_room")["tactics"]]


def chosen_tactic(turn, phase, active):
    """A scripted commander's choice, different from one activation to the next."""
    return (3 * turn + active + len(phase)) % len(TACTICS)


def test_tactic_zero_is_the_heuristics_own_setting_and_the_rest_come_from_the_yaml():
    game = ReactorRoomTactics()
    assert [(t.threat_range, t.min_hit) for t in game.tactics] == TACTICS
    default = HeuristicMarines()
    assert TACTICS[0] == (default.threat_range, default.min_hit)


def assert_same_game(seed, rr_marines, commander):
    """The Reactor Room played by ``rr_marines`` and ReactorRoomTactics by ``commander`` end alike."""
    assert_same(ReactorRoom(), ReactorRoomTactics(), seed, rr_marines, commander, DicePolicy)


@pytest.mark.parametrize("seed", range(12))
def test_the_heuristic_commander_plays_the_heuristics_game_move_for_move(seed):
    assert_same_game(seed, HeuristicMarines(), HeuristicCommander())


@pytest.mark.parametrize("seed", range(8))
def test_each_tactic_plays_its_whole_activation_and_the_next_activation_chooses_again(seed):
    assert_same_game(seed, SwitchingMarines([HeuristicMarines(*t) for t in TACTICS], chosen_tactic), ScriptedCommander(chosen_tactic))


def test_the_marines_choose_a_tactic_once_per_activation_and_never_a_primitive_action():
    assert assert_one_tactic_per_activation(ReactorRoomTactics(), 3, ScriptedCommander(chosen_tactic), DicePolicy()) >= 9


def test_the_commanders_shaping_pays_only_for_marines_out():
    weights = data_files.scenario("reactor_room")["tactics_shaping"]
    assert weights["exited"] > 0 and weights["dead"] == weights["stranded"] == weights["alien_killed"] == 0
    game = ReactorRoomTactics()
    game.reset(7)
    play(game, HeuristicCommander(), DicePolicy())
    assert game.stats["dead"] > 0 and game.stats["aliens_killed"] > 0  # things that would count in the Reactor Room
    assert game.shaping_value("marines") == pytest.approx(weights["exited"] * game.stats["exited"])
    assert game.shaping_value("hive") == pytest.approx(-game.shaping_value("marines"))
    rr = ReactorRoom()
    rr.reset(7)
    play(rr, HeuristicMarines(), DicePolicy())
    assert rr.shaping_value("marines") != pytest.approx(game.shaping_value("marines"))  # same game, the Reactor Room's weights
