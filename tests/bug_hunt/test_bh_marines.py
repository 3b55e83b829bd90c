"""Marine Action Points (PRINTED costs), the squad pool, the leader, doors, welding, over-watch."""
import pytest

from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_OPEN, DOOR_WELDED
from bh_helpers import act, activate, build

ROOM = [
    "##########",
    "#........#",
    "#........#",
    "#...1....#",
    "#........#",
    "#........#",
    "##########",
]


def pos(g, slot):
    return g.rc(g.humans[slot].pos)


def test_move_costs_one_ap_and_there_are_no_diagonal_moves():
    g = build(ROOM)
    assert g.decision.kind == "act" and g.active == 0  # the only figure is activated at once
    assert g.layout.slices["move"][1] == 4  # N, E, S, W only
    act(g, "move", 0)
    assert pos(g, 0) == (2, 4) and g.humans[0].ap == 3
    act(g, "move", 1)
    act(g, "move", 2)
    assert pos(g, 0) == (3, 5) and g.humans[0].ap == 1


@pytest.mark.parametrize("ch", [":", ";"])
def test_acid_holes_and_debris_cost_two_ap(ch):
    rows = list(ROOM)
    rows[2] = "#..." + ch + "....#"
    g = build(rows)
    act(g, "move", 0)
    assert pos(g, 0) == (2, 4) and g.humans[0].ap == 2


def test_walls_and_figures_block_moves():
    rows = ["#####", "#12.#", "#####"]
    g = build(rows)
    activate(g, 0)
    mask = g.legal_mask("marines")
    assert not any(mask[g.layout.span("move")])


def test_pool_ap_are_spent_after_the_figures_own():
    g = build(ROOM, pool=2)
    for d in (1, 3, 1, 3):
        act(g, "move", d)
    assert g.humans[0].ap == 0 and g.pool == 2
    act(g, "move", 1)
    assert g.pool == 1
    act(g, "move", 3)
    # no AP left anywhere: "end" was the only option, taken at once, and the turn moved on
    assert g.turn == 2


def test_unused_ap_are_lost_and_the_figure_is_done():
    rows = ["######", "#1.2.#", "######"]
    g = build(rows)
    activate(g, 0)
    act(g, "end")
    assert g.active == 1  # only Hicks is left: activated at once
    assert g.humans[0].activated


def test_squad_order_is_the_players_choice():
    rows = ["#######", "#1.2.3#", "#######"]
    g = build(rows)
    assert g.decision.kind == "activate" and sorted(g.decision.options) == [0, 1, 2]
    act(g, "activate", 2)
    assert g.active == 2
    act(g, "end")
    assert sorted(g.decision.options) == [0, 1]


def test_doors_cost_one_ap_and_need_an_adjacent_figure():
    rows = ["#####", "#1+.#", "#####"]
    g = build(rows)
    mask = g.legal_mask("marines")
    assert mask[g.layout.encode("door", 1)] and not mask[g.layout.encode("door", 3)]
    act(g, "door", 1)
    assert g.colony.cells[1, 2] == DOOR_OPEN and g.humans[0].ap == 3
    act(g, "door", 1)
    assert g.colony.cells[1, 2] == DOOR_CLOSED and g.humans[0].ap == 2


def test_welding_costs_six_ap_so_needs_the_pool():
    rows = ["######", "#.1+.#", "######"]
    g = build(rows, pool=1)
    assert not g.legal_mask("marines")[g.layout.encode("weld", 1)]
    g = build(rows, pool=3)
    act(g, "weld", 1)
    assert g.colony.cells[1, 3] == DOOR_WELDED and g.humans[0].ap == 0 and g.pool == 1
    # a welded door cannot be opened (door action gone)
    assert not g.legal_mask("marines")[g.layout.encode("door", 1)]


def test_unwelding_takes_two_turns_of_six_ap():
    rows = ["######", "#.1X.#", "######"]
    g = build(rows, pool=3)
    act(g, "unweld", 1)
    assert g.colony.cells[1, 3] == DOOR_WELDED and g.welds[str(g.sq((1, 3)))] == 1
    g.humans[0].ap, g.pool = 4, 6
    g._cache.clear()
    assert not g.legal_mask("marines")[g.layout.encode("unweld", 1)]  # once a turn
    g.turn += 1
    g._cache.clear()
    act(g, "unweld", 1)
    assert g.colony.cells[1, 3] == DOOR_CLOSED


def test_overwatch_costs_two_ap_and_ends_the_activation():
    rows = ["######", "#1.2.#", "######"]
    g = build(rows)
    activate(g, 0)
    act(g, "overwatch")
    assert g.humans[0].overwatch and g.humans[0].ap == 2 and g.active == 1


def test_spending_ap_in_its_own_phase_ends_overwatch():
    g = build(ROOM)
    g.humans[0].overwatch = True
    act(g, "move", 0)
    assert not g.humans[0].overwatch


def test_losing_the_leader_loses_the_pool_unless_ripley_takes_over():
    rows = ["#########", "#1.5.6..#", "#########"]  # Apone (leader), Bishop, Ripley
    g = build(rows, pool=4)
    g._remove_human(0, "dead")
    assert g.humans[5].leader and not g.pool_lost and g.pool == 4
    g = build(rows, pool=4, ripley_leads=False)
    g._remove_human(0, "dead")
    assert g.pool_lost and g.pool == 0
    g._start_phase("marines")
    assert g.pool == 0  # no more pool for the rest of the game


def test_ripley_four_lp_optional_rule():
    rows = ["#######", "#1..6.#", "#######"]
    g = build(rows, ripley_four_lp=True)
    assert g.humans[5].lp == 4
    g._hurt_human(5)
    assert g.humans[5].status == "active" and g.humans[5].lp == 3


def test_only_the_equipment_figure_or_an_android_may_switch_a_sentry():
    rows = ["#######", "#1.2..#", "#.....#", "#######"]
    sentry = [{"kind": "sentry", "pos": [2, 3], "state": "inactive"}]
    g = build(rows, features=sentry)
    act(g, "activate", 0)
    assert not any(g.legal_mask("marines")[g.layout.span("equip")])
    act(g, "end")
    assert g.active == 1  # Hicks, the nominated equipment operator
    act(g, "equip", 2)
    assert g.features[0]["state"] == "active" and g.humans[1].ap == 2


def test_fire_costs_by_weapon():
    rows = ["###########", "#1.3.4.6..#", "#.........#", "#........A#", "###########"]
    g = build(rows)
    costs = {}
    for slot in (0, 2, 3, 5):
        if g.decision.kind == "activate":
            act(g, "activate", slot)
        h = g.humans[slot]
        g.dice.script(1, 1, 1, 1)  # all miss (the smart-gun rolls 4)
        before = h.ap
        mask = g.legal_mask("marines")
        if mask[g.layout.encode("fire", 0)]:
            act(g, "fire", 0)
            costs[h.weapon] = before - h.ap
        g.dice._script.clear()
        act(g, "end")
    assert costs == {"pulse_rifle": 1, "smart_gun": 2, "flame_thrower": 2, "pistol": 1}


def test_a_close_combat_kill_is_a_wound_for_ripley_with_four_lp():
    rows = ["#######", "#6A...#", "#######", "#1....#", "#######"]
    g = build(rows, phase="aliens_cc", start=False, ripley_four_lp=True)
    g.dice.script(6, 1, 1, 1, 1)  # the Alien wins by 5; then the pool die
    g._start_phase("aliens_cc")
    g._run()
    assert g.humans[5].status == "active" and g.humans[5].lp == 3
