"""The Elevator (two Marines a square, the second on the first's card until it steps off on its
own turn), the set-up of Hunt for the Queen, positions, hidden cards, descriptions."""
import json
import random

import numpy as np
import pytest

from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.core.policy import RandomPolicy
from aliens_env.lairs.policies import HuntMarines, LairsDiceAI
from aliens_env.lairs.tactics import HuntForTheQueenTactics
from lairs_helpers import empty_lairs
from rr_helpers import play


def test_sixteen_marines_start_on_the_elevator_two_a_square():
    g = HuntForTheQueen()
    assert len(g.marines) == 16 and all(not m.wounded for m in g.marines)
    squares = [m.pos for m in g.marines]
    assert sorted(set(squares)) == sorted(g.elevator) and all(squares.count(s) == 2 for s in g.elevator)
    for j in range(8, 16):
        m = g.marines[j]
        assert j in g.riders and m.incapacitated and g.marines[m.carried_by].pos == m.pos
    assert {c.weapon for c in g.characters.values()} >= {"Pulse Rifle", "Machine Gun", "Flame Unit", "Shotgun"}


def test_a_rider_steps_off_on_its_own_turn_or_stays():
    g = HuntForTheQueen()
    g.aliens = [type(a)() for a in g.aliens]
    g.phase, g.decision = "marines", None
    g.active = 7
    g._next_marine()
    g._run()
    j = g.active
    assert j == 8 and not g.marines[j].incapacitated  # standing up on the carrier's square
    mask = g.legal_mask("marines")
    names = [g.layout.name(a) for a in np.flatnonzero(mask)]
    assert "end" in names and all(n.startswith("move") or n == "end" for n in names)
    g.apply(g.layout.encode("end"))  # stays on the card
    assert g.marines[8].incapacitated and 8 in g.riders and g.marines[8].carried_by == 0
    assert g.active == 9
    move = int(next(a for a in np.flatnonzero(g.legal_mask("marines")) if g.layout.name(a).startswith("move")))
    g.apply(move)
    assert 9 not in g.riders and not g.marines[9].incapacitated


def test_riders_are_no_targets_for_the_aliens():
    g = HuntForTheQueen()
    assert not set(g._available()) & set(g.riders)


def test_a_wound_on_a_rider_counts_as_on_a_healthy_marine():
    g = HuntForTheQueen()
    g._wound(8)
    assert g.marines[8].wounded and 8 in g.riders and g.marines[8].status == "on_map"
    g._wound(8)
    assert g.marines[8].incapacitated and 8 not in g.riders and g.marines[8].status == "on_map"


def test_positions_round_trip_and_play_on_identically():
    g = HuntForTheQueen()
    g.reset(3)
    play(g, HuntMarines(), LairsDiceAI(), 250)
    data = json.loads(json.dumps(g.to_dict()))
    h = HuntForTheQueen.from_dict(data)
    assert h.to_dict() == g.to_dict()
    play(g, HuntMarines(), LairsDiceAI(), 150)
    play(h, HuntMarines(), LairsDiceAI(), 150)
    assert h.to_dict() == g.to_dict()


def test_a_hunt_that_ended_before_the_queens_attacks_were_made_round_trips():
    # the commander env at random, seed 1: the last Marine falls in the Aliens Attack phase before
    # the Queen attacks (found by tests/test_positions_fuzz.py)
    g = HuntForTheQueenTactics()
    g.reset(1)
    policy = RandomPolicy(1)
    while not g.is_terminal():
        g.apply(policy.act(g, g.current_player()))
    assert g.phase == "over" and g.queen_attacks  # the case: her attacks were still to make
    data = json.loads(json.dumps(g.to_dict()))
    assert HuntForTheQueenTactics.from_dict(data).to_dict() == g.to_dict()
    start = json.loads(json.dumps(HuntForTheQueenTactics().to_dict()))  # a game under way: refused
    start["lairs"]["queen_attacks"] = ["tooth"]
    with pytest.raises(ValueError, match="lairs.queen_attacks"):
        HuntForTheQueenTactics.from_dict(start)


@pytest.mark.parametrize("path, value, words", [
    (("lairs", "room_deck"), ["queen"] * 6, "lairs.room_deck"),
    (("lairs", "queen_damage"), 9, "lairs.queen_damage"),
    (("lairs", "riders"), [99], "lairs.riders"),
    (("lairs", "sentry_deck"), ["alien"] * 9, "lairs.sentry_deck"),
])
def test_malformed_lairs_records_are_clear_errors(path, value, words):
    g = HuntForTheQueen()
    data = json.loads(json.dumps(g.to_dict()))
    data[path[0]][path[1]] = value
    with pytest.raises(ValueError, match=words):
        HuntForTheQueen.from_dict(data)


def test_determinize_redeals_only_the_hidden_cards():
    g = HuntForTheQueen()
    g.reset(5)
    play(g, HuntMarines(), LairsDiceAI(), 120)
    d = g.determinize("marines", random.Random(1))
    assert np.array_equal(d.observe("marines"), g.observe("marines"))
    assert {r: d.room_deck[r - 1] for r in g.flipped} == {r: g.room_deck[r - 1] for r in g.flipped}
    assert sorted(d.room_deck) == sorted(g.room_deck) and sorted(d.sentry_deck) == sorted(g.sentry_deck)


def test_descriptions_name_the_queen_decisions():
    g = empty_lairs({"Hicks": (14, 20)})
    from lairs_helpers import QUEEN, put_alien
    from rr_helpers import start_phase
    put_alien(g, (14, 10), a=QUEEN)
    start_phase(g, "aliens_move")
    assert g.describe_action(g.layout.encode("queen_stop")) == "the Queen stops at (14, 10)"
    assert "the Queen steps E to (14, 11)" in g.describe_action(g.layout.encode("queen_step", 2))
    assert g.illegal_reason(g.layout.encode("aim")) is not None


def test_options_are_checked():
    with pytest.raises(ValueError, match="turn_limit"):
        HuntForTheQueen(turn_limit=0)
    with pytest.raises(ValueError, match="marine_order"):
        HuntForTheQueen(marine_order=["Hicks"])


def test_the_scripted_marines_and_the_dice_hive_play_a_hunt_to_its_end():
    g = HuntForTheQueen()
    g.reset(100)
    play(g, HuntMarines(), LairsDiceAI(), 5000)
    out = g.outcome()
    assert g.is_terminal() and out["marines"] in (-1, 0, 1) and out["truncated_by"] is None
    assert out["marines"] == -1 or out["score"]["queen_dead"] == 1


def test_the_lairs_chain_resolves_as_the_mixins_did():
    """The lairs' rules are one chain over ReactorRoom (so that, compiled, each is an extension
    type): the method resolution order must stay the one the mixins gave, rules before the Reactor
    Room's, or an override would silently lose to the Reactor Room's method."""
    from aliens_env.lairs.observation import LairsObservation
    from aliens_env.lairs.queen import QueenRules
    from aliens_env.lairs.rooms import RoomRules
    from aliens_env.reactor_room.game import ReactorRoom

    assert HuntForTheQueen.__mro__[:5] == (HuntForTheQueen, LairsObservation, QueenRules, RoomRules, ReactorRoom)
    assert HuntForTheQueen._step_mover is QueenRules._step_mover  # the Queen's moves, not the Reactor Room's Alien's
    assert HuntForTheQueen._observe_record is LairsObservation._observe_record
