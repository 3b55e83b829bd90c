"""Sequence of play: four phases in order, unused Actions lost, the fixed Marine order."""
import pytest

from aliens_env.core.policy import DicePolicy
from aliens_env.reactor_room.game import ReactorRoom
from rr_helpers import MARINES, act, empty_room, marine, marines_phase, start_phase

PHASES = ["aliens_move", "aliens_appear", "aliens_attack", "marines"]


def test_every_turn_runs_the_four_phases_in_order():
    g = ReactorRoom()
    log = []
    original = g._start_phase

    def logging_start(phase):
        log.append((g.turn, phase))
        original(phase)

    g._start_phase = logging_start
    g.reset(3)
    hive = DicePolicy()
    while g.turn <= 3 and not g.is_terminal():
        if g.current_player() == "hive":
            g.apply(hive.act(g, "hive"))
        else:
            g.apply(g.layout.encode("end"))
    turns = [t for t, _ in log]
    assert turns == sorted(turns), "phases of a later turn ran before an earlier turn's"
    for turn in (1, 2, 3):
        assert [p for t, p in log if t == turn] == PHASES


def test_unused_actions_are_lost_not_banked():
    # turn 2 -> turn 3 is a red turn: with the beginner rule no Alien appears, the room stays empty
    g = empty_room({"Hicks": (3, 12), "Hudson": (12, 12)}, turn=2, beginner=True)
    marines_phase(g, "Hicks")
    act(g, "move", 2)  # one of three Actions used
    act(g, "end")
    assert g.marines[g.active].name == "Hudson", "Hicks's activation is over for this turn"
    act(g, "end")
    assert g.turn == 3 and g.phase == "marines"
    assert marine(g, "Hicks").actions_left == 3  # the card's Actions, the two unused ones are gone
    act(g, "end")
    assert g.marines[g.active].name == "Hudson" and marine(g, "Hudson").actions_left == 2


def test_a_marine_cannot_spend_more_than_its_actions():
    g = marines_phase(empty_room({"Hudson": (3, 12), "Frost": (12, 12)}), "Hudson")
    act(g, "move", 2)
    act(g, "move", 2)
    # Hudson has 2 Actions: his activation ended by itself, Frost (next in order) acts now
    assert marine(g, "Hudson").actions_left == 0
    assert g.marines[g.active].name == "Frost"


def _activation_order(g):
    seen = []
    while g.turn == 2:
        seen.append(g.marines[g.active].name)
        act(g, "end")
    return seen


@pytest.mark.parametrize("order", [MARINES, list(reversed(MARINES)), MARINES[4:] + MARINES[:4]])
def test_marines_act_in_the_fixed_marine_order(order):
    squares = {name: (12, 1 + 2 * i) for i, name in enumerate(MARINES)}
    g = empty_room(squares, turn=2, beginner=True, marine_order=order)
    start_phase(g, "marines")
    assert _activation_order(g) == order
    # and the same order again next turn
    assert [m.name for m in g.marines] == order


def test_default_marine_order_is_the_scenarios():
    assert ReactorRoom().marine_order == MARINES


def test_marine_order_must_name_each_marine_once():
    with pytest.raises(ValueError):
        ReactorRoom(marine_order=MARINES[:-1] + ["Apone"])


def test_unused_actions_and_aim_are_gone_once_the_activation_ends():
    g = empty_room({"Hicks": (13, 4), "Hudson": (0, 24)})
    marines_phase(g, "Hicks")
    act(g, "aim")
    act(g, "aim")
    act(g, "end")
    assert g.marines[g.active].name == "Hudson"
    h = marine(g, "Hicks")
    assert h.actions_left == 0 and h.aim == 0
