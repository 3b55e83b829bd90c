"""OperationsAirDuctsTactics (ASSUMPTION A22 of docs/rules/operations.md): Operations/Air Ducts
with the Marines choosing, per activation, a setting of the scripted Operations marines that then
plays the whole activation (the Reactor Room commander's rules, reactor_room.tactics)."""
import numpy as np
import pytest

from aliens_env.core.policy import DicePolicy
from aliens_env.operations import data_files
from aliens_env.operations.game import Operations
from aliens_env.operations.policies import OperationsMarines
from aliens_env.operations.tactics import OperationsAirDuctsTactics
from aliens_env.reactor_room.tactics import HeuristicCommander
from rr_helpers import ScriptedCommander, SwitchingMarines, assert_one_tactic_per_activation, play
from rr_helpers import assert_same_game as assert_same

TACTICS = [(9, 0.3, 4)] + [tuple(t) for t in data_files.scenario()["tactics"]]


def chosen_tactic(turn, phase, active):
    """A scripted commander's choice, different from one activation to the next."""
    return (3 * turn + active + len(phase)) % len(TACTICS)


def test_tactic_zero_is_the_scripted_marines_own_setting_and_the_rest_come_from_the_yaml():
    game = OperationsAirDuctsTactics()
    assert [(t.threat_range, t.min_hit, t.wait_range) for t in game.tactics] == TACTICS
    default = OperationsMarines()
    assert TACTICS[0] == (default.threat_range, default.min_hit, default.wait_range)
    assert "wait range 8" in game.describe_action(game.layout.encode("tactic", 6))


def assert_same_game(seed, marines, commander, **options):
    """Operations played by ``marines`` and by ``commander`` in the commanded env end alike."""
    assert_same(Operations(**options), OperationsAirDuctsTactics(**options), seed, marines, commander, DicePolicy)


@pytest.mark.parametrize("seed", range(6))
def test_the_heuristic_commander_plays_the_scripted_marines_game_move_for_move(seed):
    assert_same_game(seed, OperationsMarines(), HeuristicCommander())


@pytest.mark.parametrize("scenario", ["lets_eat_burke", "gormans_last_stand"])
def test_the_commander_plays_every_scenario(scenario):
    assert_same_game(1, OperationsMarines(), HeuristicCommander(), scenario=scenario)


@pytest.mark.parametrize("seed", range(4))
def test_each_tactic_plays_its_whole_activation_and_the_next_activation_chooses_again(seed):
    assert_same_game(seed, SwitchingMarines([OperationsMarines(*t) for t in TACTICS], chosen_tactic), ScriptedCommander(chosen_tactic))


def test_the_marines_choose_a_tactic_once_per_activation_and_never_a_primitive_action():
    assert assert_one_tactic_per_activation(OperationsAirDuctsTactics(), 3, ScriptedCommander(chosen_tactic), DicePolicy()) >= 7


def test_the_commanders_shaping_pays_only_for_marines_out():
    weights = data_files.scenario()["tactics_shaping"]
    assert weights["exited"] > 0 and not any(weights[k] for k in ("dead", "stranded", "alien_killed", "door_open"))
    for seed in range(20):
        game = OperationsAirDuctsTactics()
        game.reset(seed)
        play(game, HeuristicCommander(), DicePolicy())
        if game.stats["exited"] and game.stats["dead"] and game.far_door_open:
            break
    assert game.stats["dead"] > 0 and game.far_door_open  # things the scenario's own shaping counts
    assert game.shaping_value("marines") == pytest.approx(weights["exited"] * game.stats["exited"])
    assert game.shaping_value("hive") == pytest.approx(-game.shaping_value("marines"))


def test_the_scripted_marines_keep_a_bounded_memo_of_distance_fields(monkeypatch):
    """Fields to ever new sets of wounded squares are kept up to FIELDS_KEPT (shared by every
    scripted Marine player); past it the memo starts again, and a field worked out again is the same."""
    from aliens_env.operations import policies

    monkeypatch.setattr(policies, "FIELDS_KEPT", 5)
    monkeypatch.setattr(policies, "_FIELDS", {})
    game = Operations()
    game.reset(seed=3)
    floor = sorted({n for m in game.marines for _, n in game.board.neighbours[m.pos]})[:12]
    assert len(floor) == 12
    first = np.array(policies.marine_field(game, [floor[0]]))  # (a list by square: an array here to count)
    sizes = []
    for sq in floor[1:]:
        policies.marine_field(game, [sq])
        sizes.append(len(policies._FIELDS))
    assert max(sizes) == 5 and sizes[-1] < 5
    assert np.array_equal(policies.marine_field(game, [floor[0]]), first)
    assert first[floor[0]] == 0 and (first > 0).sum() > 0
