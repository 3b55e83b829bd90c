"""The Rescue of Newt: Ripley alone, Newt cocooned until Ripley reaches her, the fire's forced way
through Rooms, Ripley's two weapons, the Facehugger on turn two, Sentry Cards after a flip, the
Queen's group keeping still until engaged, the Elevator, victory, positions."""
import json

import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.lairs import data_files
from aliens_env.lairs.board import board as make_board
from aliens_env.lairs.policies import LairsDiceAI
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.lairs.rescue_policies import RescueMarines
from lairs_helpers import FACEHUGGER, QUEEN, put_alien, sq
from rr_helpers import clear_room, idx, marine, marines_phase, play, start_phase

ALIEN = 3  # the first adult Alien counter


def empty_rescue(marines: dict | None = None, turn: int = 3) -> RescueOfNewt:
    """No Alien in play, Newt not cocooned, only the listed Marines on the map ({name: (r, c)})."""
    g = RescueOfNewt()
    g.riders, g.appear_at, g.facehugged = [], [], []
    g.queen_attacks, g.queen_hit, g.queen_steps, g.queen_from = [], [], 0, NO
    g.cocooned, g.dormant, g.sentry_turns = [], [], 0
    return clear_room(g, marines, turn)


def names(g) -> list[str]:
    return [g.layout.name(a) for a in np.flatnonzero(g.legal_mask("marines"))]


def test_ripley_starts_just_outside_newts_cell_and_newt_is_cocooned():
    g = RescueOfNewt()
    ripley, newt = marine(g, "Ripley"), marine(g, "Newt")
    assert g.board.rc(ripley.pos) == (14, 32) and newt.pos == g.cocooning[4] and g.board.range(ripley.pos, newt.pos) == 2
    assert newt.incapacitated and g.cocooned == [idx(g, "Newt")] and idx(g, "Newt") not in g._available()
    assert len(g.marines) == 2 and not g.riders


def test_the_fire_leaves_only_the_way_through_room_4_then_room_3():
    g = RescueOfNewt()
    for r, c in g.hunt["fire"]:
        assert g.board.blocked[r, c]  # nobody enters it, nobody sees through it
    rows = g.board.rows_text
    start = g.board.index(*g.hunt["ripley_start"])

    def distance(closed_rooms: str) -> int:
        text = tuple("".join("#" if ch in closed_rooms else ch for ch in row) for row in rows)
        b = make_board(text, 4)
        return int(b.distance_field(g.elevator)[start])

    assert distance("") < 40
    for room in "123456":
        shut = distance(room)
        assert (shut >= 10**4) == (room in "34"), room  # without Room 3 or Room 4 there is no way
    lairs = make_board(tuple(data_files.lairs()["map"].splitlines()), 4)
    assert int(lairs.distance_field(g.elevator)[start]) < distance("")  # the usual route is shorter


def test_newt_cannot_move_until_ripley_reaches_her_then_moves_in_that_turn():
    g = empty_rescue({"Ripley": (14, 32)})
    n = idx(g, "Newt")
    newt = marine(g, "Newt")
    newt.status, newt.pos, newt.incapacitated = "on_map", g.cocooning[4], True
    g.cocooned = [n]
    marines_phase(g, "Ripley")
    assert "move[E]" in names(g)
    g.apply(g.layout.encode("move", 2))  # E to (14, 33), beside her
    assert g.cocooned == [] and not newt.incapacitated
    g.apply(g.layout.encode("end"))
    assert g.active == n and g.decision.player == "marines"


def test_newts_cocoon_is_closed_to_ripley_and_newt_gets_no_activation_while_cocooned():
    g = empty_rescue({"Ripley": (13, 33)})
    newt = marine(g, "Newt")
    newt.status, newt.pos, newt.incapacitated = "on_map", g.cocooning[4], True
    g.cocooned = [idx(g, "Newt")]
    g.sentry_turns = 0
    marines_phase(g, "Ripley")
    assert "move[SE]" not in names(g)  # (14, 34): her cocoon


def test_ripley_fires_either_weapon_at_the_aim_spent():
    g = empty_rescue({"Ripley": (14, 10)})
    a = put_alien(g, (14, 12), a=ALIEN)
    marines_phase(g, "Ripley")
    assert "flame[0]" not in names(g)  # no Aim yet
    g.apply(g.layout.encode("aim"))
    assert "fire[0]" in names(g) and "flame[0]" in names(g)
    r = idx(g, "Ripley")
    pulse = g._fire_number(r, a)
    flame = g._with_flame(lambda: g._fire_number(r, a))
    assert (pulse, flame) == (5, 5) and g.characters["Ripley"].weapon == "Pulse Rifle"  # range 2, Aim 1
    g.apply(g.layout.encode("aim"))
    assert g._with_flame(lambda: g._fire_number(r, a)) == 9 and g._fire_number(r, a) == 8
    rolls = g.dice.rolls
    g.apply(g.layout.encode("flame", 0))  # a 9: killed without a roll, and no acid from a flame
    assert not g.aliens[a].in_play and g.dice.rolls == rolls and g.characters["Ripley"].weapon == "Pulse Rifle"


def test_the_flame_unit_hits_the_first_thing_in_its_line():
    g = empty_rescue({"Ripley": (14, 10)})
    put_alien(g, (14, 12), a=ALIEN)
    put_alien(g, (14, 13), a=ALIEN + 1)
    marines_phase(g, "Ripley")
    g.apply(g.layout.encode("aim"))
    assert "flame[0]" in names(g) and "flame[1]" not in names(g) and "fire[1]" in names(g)


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_the_facehugger_appears_on_the_marked_square_on_turn_two(turn):
    g = empty_rescue({"Ripley": (14, 10)}, turn=turn)
    start_phase(g, "aliens_appear")
    fh = g.aliens[FACEHUGGER]
    assert fh.in_play == (turn == 2)
    if turn == 2:
        assert fh.pos == sq(g, g.hunt["facehugger_square"])


def test_sentry_cards_are_drawn_one_a_turn_for_the_two_turns_after_a_room_flip():
    g = empty_rescue({"Ripley": (21, 11)}, turn=3)
    g.room_deck.remove("empty")
    g.room_deck.insert(4, "empty")  # Room 5's card
    marines_phase(g, "Ripley")
    g.apply(g.layout.encode("move", 0))  # N into Room 5
    assert g.flipped == {5: "empty"} and g.sentry_turns == 2
    g.sentry_deck = ["alien", "empty", "alien", "alien"]
    for turn, card, aliens in ((4, "alien", 1), (5, "empty", 0), (6, None, 0)):
        g.turn = turn
        start_phase(g, "aliens_appear", stop="marines")
        in_play = [a for a, al in enumerate(g.aliens) if al.in_play and g.kinds[a] == "alien"]
        assert len(in_play) == aliens and g.sentry_turns == max(0, 5 - turn), card
        assert len(g.sentry_deck) == {4: 3, 5: 2, 6: 2}[turn]
        for a in in_play:
            g._remove_alien(a)


def test_the_queens_group_keeps_still_until_ripley_fires_on_one_of_them():
    g = empty_rescue({"Ripley": (14, 22), "Newt": (14, 16)}, turn=3)
    g.room_deck.remove("queen")
    g.room_deck.insert(2, "queen")  # Room 3's card
    marines_phase(g, "Ripley")
    g.apply(g.layout.encode("move", 0))  # N to (13, 22): Room 3's door
    assert g.flipped == {3: "queen"} and sorted(g.dormant) == [QUEEN, ALIEN, ALIEN + 1]
    where = {a: g.aliens[a].pos for a in g.dormant}
    g.sentry_deck = ["empty"] * 10
    g._start_phase("aliens_move")
    assert not set(g.queue) & set(where)  # none of them moves
    start_phase(g, "aliens_move", stop="marines")
    assert {a: g.aliens[a].pos for a in where} == where and not g.queen_attacks  # nor attacks
    assert marine(g, "Ripley").alien == NO
    marines_phase(g, "Ripley")
    g.apply(g.layout.encode("aim"))
    k = g.targets().index(QUEEN)
    g.dice.script(9)  # a miss
    g.apply(g.layout.encode("fire", k))
    assert g.dormant == []
    g._start_phase("aliens_move")
    assert set(g.queue) == set(where)  # they join the fight


def test_passing_them_by_and_firing_elsewhere_leaves_them_still():
    g = empty_rescue({"Ripley": (12, 21)}, turn=3)
    for a, rc in ((QUEEN, (9, 24)), (ALIEN, (10, 24)), (ALIEN + 1, (11, 24))):
        put_alien(g, rc, a=a)
    g.dormant = [QUEEN, ALIEN, ALIEN + 1]
    other = put_alien(g, (12, 22), a=ALIEN + 2)
    marines_phase(g, "Ripley")
    g.apply(g.layout.encode("aim"))
    g.dice.script(9)
    g.apply(g.layout.encode("fire", g.targets().index(other)))
    assert g.dormant == [QUEEN, ALIEN, ALIEN + 1]


@pytest.mark.parametrize("out, result", [(("Ripley", "Newt"), 1), (("Ripley",), 0), (("Newt",), 0), ((), -1)])
def test_both_at_the_elevator_win_one_lost_draw_both_lost_loss(out, result):
    g = empty_rescue({})
    for name in out:
        marine(g, name).status = "exited"
    g.phase = "over"
    assert g.outcome()["marines"] == result and g.saved() == len(out)


def test_a_facehuggers_victim_out_is_lost():
    g = empty_rescue({})
    for m in g.marines:
        m.status = "exited"
    g.facehugged = [idx(g, "Newt")]
    g.phase = "over"
    assert g.outcome()["marines"] == 0


def test_the_elevator_is_the_way_out_and_takes_the_carried():
    g = empty_rescue({"Ripley": (21, 18), "Newt": (21, 18)})
    newt = marine(g, "Newt")
    newt.incapacitated, newt.carried_by = True, idx(g, "Ripley")
    marine(g, "Ripley").carrying = idx(g, "Newt")
    marines_phase(g, "Ripley")
    assert "exit" in names(g)
    g.apply(g.layout.encode("exit"))
    assert g.saved() == 2 and g.is_terminal() and g.outcome()["marines"] == 1


def test_whoever_is_inside_at_the_end_of_the_last_turn_is_lost():
    g = empty_rescue({"Ripley": (14, 10)}, turn=30)
    marine(g, "Newt").status = "exited"
    marines_phase(g, "Ripley")
    g.apply(g.layout.encode("end"))
    assert g.is_terminal() and g.outcome()["marines"] == 0 and g.turn == 30


def test_positions_round_trip_and_play_on_identically():
    g = play(RescueOfNewt(), RescueMarines(), LairsDiceAI(), 40)
    text = json.dumps(g.to_dict())
    h = RescueOfNewt.from_dict(json.loads(text))
    assert json.dumps(h.to_dict()) == text
    assert np.array_equal(g.observe("marines"), h.observe("marines"))
    for game in (g, h):
        play(game, RescueMarines(), LairsDiceAI(), 60)
    assert json.dumps(g.to_dict()) == json.dumps(h.to_dict())


@pytest.mark.parametrize("change, message", [
    (lambda d: d["rescue"].update(sentry_turns=3), "rescue.sentry_turns"),
    (lambda d: d["rescue"].update(cocooned=[0]), "Newt lying in her cocoon"),
    (lambda d: d["rescue"].update(dormant=[5]), "rescue.dormant"),
    (lambda d: d.pop("rescue"), "rescue"),
])
def test_malformed_rescue_records_are_clear_errors(change, message):
    data = RescueOfNewt().to_dict()
    change(data)
    with pytest.raises(ValueError, match=message):
        RescueOfNewt.from_dict(data)


def test_the_scripted_marines_and_the_dice_hive_play_a_rescue_to_its_end():
    g = play(RescueOfNewt(), RescueMarines(), LairsDiceAI(), 3000)
    assert g.is_terminal() and g.outcome()["marines"] in (-1, 0, 1) and g.outcome()["score"]["newt_freed"] == 1


def test_the_observation_shows_newt_the_queens_group_and_the_cards_to_come():
    g = RescueOfNewt()
    view = g.obs_layout.views(g.observe("marines"))["rescue"]
    assert view.tolist() == [1, 0, 0, 1]  # Newt cocooned, the Facehugger still to come
    g = empty_rescue({"Ripley": (14, 10)})
    g.dormant, g.sentry_turns = [QUEEN], 1
    put_alien(g, (9, 24), a=QUEEN)
    assert g.obs_layout.views(g.observe("hive"))["rescue"].tolist() == [0, 1, 0.5, 0]
