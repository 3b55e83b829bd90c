"""Set-up, furniture, ducts, Ripley and Newt, the Turn Chart's colours."""
import numpy as np
import pytest

from aliens_env.operations.data_files import characters, scenario
from aliens_env.operations.game import Operations
from ops_helpers import at_marine, can, can_move, empty_ops, marine, move, run_until, sq


def test_setup_seven_characters_with_their_bottom_weapons_in_operations():
    g = Operations()
    names = [m.name for m in g.marines]
    assert names == ["Hicks", "Vasquez", "Hudson", "Gorman", "Newt", "Ripley", "Burke"]
    weapons = {n: g.characters[n].weapon for n in names}
    assert weapons == {"Hicks": "Pulse Rifle", "Vasquez": "Pulse Rifle", "Hudson": "Pulse Rifle", "Gorman": "Pistol",
                       "Ripley": "Pulse Rifle", "Newt": "Unarmed", "Burke": "Unarmed"}
    assert g.characters["Burke"].max_aim == 0 and g.characters["Newt"].max_aim == 0  # Burke unarmed, as printed
    for m in g.marines:  # barricaded in Operations: rows 1-8, columns 1-11
        r, c = g.board.rc(m.pos)
        assert 1 <= r <= 8 and 1 <= c <= 11, m.name
    assert not g.far_door_open and not g.gold_door_open
    assert g.board.blocked.flat[g.far_door] and g.board.blocked.flat[g.gold_door]


def test_wounded_rows_are_the_healthy_rows_minus_three_but_the_pistols():
    c = characters()
    assert c["Hicks"].wounded_aim[0] == (4, 2, 0, None, None)
    assert c["Gorman"].wounded_aim == c["Gorman"].aim


def test_furniture_costs_two_actions_and_needs_two_left():
    g = empty_ops({"Hicks": (4, 4)})  # (3, 4) is furniture, (3, 5) floor
    at_marine(g, "Hicks")
    move(g, "N")
    assert g.board.rc(marine(g, "Hicks").pos) == (3, 4) and marine(g, "Hicks").actions_left == 1
    assert not can_move(g, "N")  # (2, 4) furniture: one Action left is not enough
    assert can_move(g, "E")  # (3, 5) floor


def test_furniture_blocks_neither_sight_nor_fire():
    g = empty_ops({"Hicks": (4, 1)})
    from rr_helpers import put_alien, target_index
    a = put_alien(g, (1, 1))  # across two furniture squares
    at_marine(g, "Hicks")
    assert g.board.has_los(sq(g, (4, 1)), sq(g, (1, 1)))
    g.apply(g.layout.encode("aim"))
    assert can(g, "fire", target_index(g, a))


def test_ducts_are_entered_and_left_only_orthogonally_by_marines():
    g = empty_ops({"Hicks": (10, 12)})
    at_marine(g, "Hicks")
    assert can_move(g, "W") and can_move(g, "E")
    assert not any(can_move(g, d) for d in ("NE", "SE", "SW", "NW"))
    g = empty_ops({"Hicks": (6, 18)}, )
    g.signal = True
    at_marine(g, "Hicks")
    assert not can_move(g, "SW")  # from the airlock diagonally into the duct (7, 17)


def test_ripley_stays_beside_newt():
    g = empty_ops({"Ripley": (5, 5), "Newt": (5, 6)})
    at_marine(g, "Ripley")
    assert not can_move(g, "W") and not can_move(g, "SW")  # range 2 from Newt
    assert can_move(g, "N") and can_move(g, "S") and can_move(g, "NE")
    g = empty_ops({"Ripley": (5, 3), "Newt": (5, 6)})  # not beside her: may not fall further behind
    at_marine(g, "Ripley")
    assert can_move(g, "E") and not can_move(g, "W")
    g = empty_ops({"Ripley": (5, 5), "Newt": (5, 6)})
    marine(g, "Newt").incapacitated = True  # Newt down: Ripley is free
    at_marine(g, "Ripley")
    assert can_move(g, "W")


def test_turn_chart_colours_and_the_beginner_rule():
    data = scenario()
    g = empty_ops({"Hicks": (5, 5)}, turn=1)
    assert g.chart_row(1) == dict(zip(data["colours"], data["turn_chart"][0]))
    assert g.chart_row(len(data["turn_chart"]) + 1) == g.chart_row(1)  # the chart starts again
    g.chart = [{"grey": 1, "blue": 1, "red": 1, "gold": 1}]
    assert g._aliens_due() == 4 and g.appear_colours == ["grey", "blue", "red", "gold"]
    g.options["beginner"] = True
    assert g._aliens_due() == 3 and "red" not in g.appear_colours


@pytest.mark.parametrize("colour", ["grey", "blue", "red", "gold"])
def test_an_alien_appears_on_a_square_of_its_colour_picked_by_the_die(colour):
    g = empty_ops({"Hicks": (5, 5)}, turn=1)
    g.chart = [{c: int(c == colour) for c in ("grey", "blue", "red", "gold")}]
    squares = g.appear[colour]
    last = len(squares) - 1
    g.dice.script(last * (10 // len(squares)))  # the die's band of the last square (Dice.pick)
    g._start_phase("aliens_appear")
    run_until(g, "aliens_attack")
    alien = next(a for a in g.aliens if a.in_play)
    start = squares[last]
    assert g.board.range(alien.pos, start) <= 1  # it appeared there and moved at most one square
    assert g.stats["aliens_appeared"] == 1


def test_no_open_square_of_the_colour_no_alien():
    g = empty_ops({"Hicks": (5, 5)}, turn=1)
    from rr_helpers import put_alien
    for s in g.appear["red"]:
        put_alien(g, g.board.rc(s), stunned=True)
    g.chart = [{"grey": 0, "blue": 0, "red": 1, "gold": 0}]
    g._start_phase("aliens_appear")
    run_until(g, "aliens_attack")
    assert g.stats["aliens_appeared"] == 0 and any("no open red square" in e for e in g.events)



def test_an_appearing_alien_takes_the_first_counter_not_in_play():
    """A counter back in the pool before others still in play is the one that appears; with none
    left in the pool, none appears."""
    from aliens_env.reactor_room.game import Alien
    from rr_helpers import put_alien

    g = empty_ops({"Hicks": (5, 5)}, turn=1)
    for k in range(3):
        put_alien(g, (7, 6 + k), stunned=True)
    g.aliens[1] = Alien()
    g.chart = [{"grey": 0, "blue": 0, "red": 1, "gold": 0}]
    g._start_phase("aliens_appear")
    run_until(g, "aliens_attack")
    assert g.aliens[1].in_play and not g.aliens[3].in_play and g.stats["aliens_appeared"] == 1
    assert any(e.startswith("a red Alien 1 appears") for e in g.events)


def test_no_alien_appears_when_the_pool_is_empty():
    from rr_helpers import put_alien

    g = empty_ops({"Hicks": (5, 5)}, turn=1)
    for k in range(g.pool):
        put_alien(g, (6 + k // 6, 6 + k % 6), stunned=True)
    g.chart = [{"grey": 0, "blue": 0, "red": 1, "gold": 0}]
    g._start_phase("aliens_appear")
    run_until(g, "aliens_attack")
    assert g.stats["aliens_appeared"] == 0 and "no Alien counter left in the pool" in g.events

def test_passing_through_a_teammate_needs_an_allowed_step_on_to_a_free_square():
    g = empty_ops({"Hudson": (4, 3), "Newt": (3, 4), "Ripley": (3, 5)})  # Newt on furniture (3, 4)
    at_marine(g, "Hudson")
    assert not can_move(g, "NE")  # two Actions to enter, none left to step off Newt's square
    g = empty_ops({"Hicks": (4, 3), "Newt": (3, 4), "Ripley": (3, 5)})
    at_marine(g, "Hicks")  # three Actions: in for two, on for one
    assert can_move(g, "NE")
    move(g, "NE")
    assert g.legal_mask("marines").any() and not can(g, "end")
