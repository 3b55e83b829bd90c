"""Newt's signal, the Compass junctions, the end and the victory levels, Gorman's Last Stand."""
import pytest

from aliens_env.operations.game import Operations
from ops_helpers import EXIT, J1, J2, at_marine, can_move, empty_ops, marine, move, sq
from rr_helpers import decide


@pytest.mark.parametrize("roll", range(10))
def test_newts_signal_roll_in_the_airlock_six_or_less(roll):
    g = empty_ops({"Newt": (6, 17), "Hicks": (6, 18)})
    g.dice.script(roll)
    g.phase, g.active = "marines", 0  # Hicks acts, then Newt's activation opens with her roll
    g._next_marine()
    assert g.active == 4 and g.signal == (roll <= 6)


def test_no_signal_no_way_into_the_ducts_unless_newt_is_down():
    g = empty_ops({"Newt": (5, 18), "Hicks": (6, 17)})
    at_marine(g, "Hicks")
    assert not can_move(g, "S")
    g.signal = True
    g._cache.clear()
    assert can_move(g, "S")
    g = empty_ops({"Newt": (5, 18), "Hicks": (6, 17)})
    marine(g, "Newt").incapacitated = True
    at_marine(g, "Hicks")
    assert can_move(g, "S")


def test_no_signal_roll_outside_the_airlock_or_once_given():
    g = empty_ops({"Newt": (5, 15)})
    rolls = g.dice.rolls
    g._newt_signal(marine(g, "Newt"))
    g = empty_ops({"Newt": (5, 17)})
    g.signal = True
    g._newt_signal(marine(g, "Newt"))
    assert g.dice.rolls == rolls


def test_newt_leads_the_others_wait_at_a_junction_she_has_not_navigated():
    g = empty_ops({"Hicks": J1, "Newt": (9, 17)})
    at_marine(g, "Hicks")
    assert not any(can_move(g, d) for d in ("N", "E", "S", "W"))
    g.known = [sq(g, J1)]
    g._cache.clear()
    assert can_move(g, "W") and can_move(g, "S")  # the followers inherit her memory


@pytest.mark.parametrize("roll", range(10))
def test_newts_memory_roll_on_leaving_a_junction(roll):
    g = empty_ops({"Newt": J1, "Hicks": (5, 5)})
    at_marine(g, "Newt")
    g.dice.script(roll)
    move(g, "W")
    n = marine(g, "Newt")
    if roll <= 6:
        assert g.board.rc(n.pos) == (10, 16) and sq(g, J1) in g.known
        assert g.active == 4 and n.actions_left == 1
    else:  # she loses the whole turn thinking it over
        assert g.board.rc(n.pos) == J1 and not g.known and g.active != 4


def test_when_newt_is_down_the_group_guesses_the_way_with_the_die():
    outcomes = set()
    for pick in range(4):
        g = empty_ops({"Hicks": J1, "Newt": (5, 5)})
        marine(g, "Newt").incapacitated = True
        at_marine(g, "Hicks")
        options = [d for d in range(8) if g.legal_mask("marines")[g.layout.encode("move", d)]]
        assert len(options) == 4  # N back up, E and S to dead ends, W on
        g.dice.script(pick * (10 // 4))
        move(g, "W")  # whatever is asked, the die picks
        outcomes.add(g.board.rc(marine(g, "Hicks").pos))
        assert not g.known  # a guess teaches nobody the way
    assert outcomes == {(9, 17), (10, 18), (11, 17), (10, 16)}


def test_the_end_every_marine_out_or_taken_and_the_victory_levels():
    for out in (0, 1, 2, 3, 6):
        g = empty_ops({"Hicks": (13, 11)})
        g.known = [sq(g, (13, 11))]
        g.stats["exited"] = out
        at_marine(g, "Hicks")
        move(g, "S")  # onto the Exit: the last Marine is out
        assert g.is_terminal() and g.outcome()["marines"] == (1 if out + 1 >= 4 else 0)
    g = empty_ops({"Hicks": (5, 5)})
    marine(g, "Hicks").incapacitated = True
    g._start_phase("aliens_move")
    g._run()
    assert g.is_terminal() and g.outcome()["marines"] == -1


@pytest.mark.parametrize("out,result", [(0, -1), (1, 0), (2, 0), (3, 0), (4, 1), (7, 1)])
def test_victory_levels_as_printed(out, result):
    g = empty_ops({"Hicks": (5, 5)})
    g.stats["exited"] = out
    g.phase = "over"
    assert g.outcome()["marines"] == result and g.outcome()["hive"] == -result


def test_gormans_last_stand_holds_the_room_for_the_turn_chart():
    g = empty_ops({"Hicks": (5, 5), "Vasquez": (5, 7), "Hudson": (6, 5), "Gorman": (4, 4)},
                  scenario="gormans_last_stand")
    g.turn = len(g.chart)
    at_marine(g, "Gorman")
    decide(g, "end", 0, stop="never")
    assert g.is_terminal() and g.held() == 4 and g.outcome()["marines"] == 1
    g = empty_ops({"Hicks": (5, 5)}, scenario="gormans_last_stand")
    g.turn = len(g.chart) - 1
    at_marine(g, "Hicks")
    decide(g, "end", 0, stop="never")
    assert not g.is_terminal()  # one more turn of the chart to hold


def test_gormans_last_stand_nobody_alive_is_a_loss_and_the_far_door_never_breaks():
    g = empty_ops({"Hicks": (5, 5)}, scenario="gormans_last_stand")
    g.far_reached = 1
    g.turn = 30
    g._doors_break()
    assert not g.far_door_open
    g.phase = "over"
    marine(g, "Hicks").status = "dead"
    assert g.outcome()["marines"] == -1


def test_scenario_option_is_checked():
    with pytest.raises(ValueError, match="scenario must be one of"):
        Operations(scenario="petty_revenge")
    with pytest.raises(ValueError, match="unknown Operations option"):
        Operations(frost_rule=True)
    with pytest.raises(ValueError, match="beginner must be true or false"):
        Operations(beginner="yes")
