"""The Closing Notes' variants as options of the lairs scenarios (issue 13; docs/rules/lairs.md
A47-): thrown grenades (the Reactor Room's option, weapons.py W8, with the Queen's automatic hit on
her square); the Elevator's d10 delay from the call (A49); Facehuggers from the Eggs beside the
cocooned (A50)."""
import pytest
from aliens_env.core.board import NO
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.rescue import RescueOfNewt
from lairs_helpers import QUEEN, HuntForTheQueen, empty_lairs, marine
from rr_helpers import clear_room, idx, marines_phase, put_alien, start_phase, target_index
from test_marine_assault import cocoon, empty_assault, names


def ready_to_throw(g, name: str) -> None:
    """``name``'s six prime Actions already spent (W8): a throw is ready."""
    arms = g.arms[idx(g, name)]
    arms.task, arms.progress = "throw", g.tables["thrown_grenades"]["actions"]


# -- thrown_grenades ---------------------------------------------------------------------------------
@pytest.mark.parametrize("cls", [HuntForTheQueen, MarineAssault, RescueOfNewt])
def test_the_options_are_off_by_default_and_leave_layout_and_position_alone(cls):
    g = cls()
    assert not any(g.options[k] for k in cls.option_names) and not g.armed_rules and g.arms == []
    assert "prime" not in g.layout.slices and "arms" not in g.obs_layout.names()
    assert "arms" not in g.to_dict() and set(g.to_dict()["config"]) <= {"turn_limit", "marine_order", "weapons"}


@pytest.mark.parametrize("cls", [HuntForTheQueen, MarineAssault])
def test_thrown_grenades_open_prime_and_throw_after_every_other_block(cls):
    plain, g = cls(), cls(thrown_grenades=True)
    assert list(g.layout.slices)[:len(plain.layout.slices)] == list(plain.layout.slices)
    assert list(g.layout.slices)[len(plain.layout.slices):] == ["prime", "throw"]
    assert g.obs_layout.size > plain.obs_layout.size
    again = cls.from_dict(g.to_dict())
    assert again.options["thrown_grenades"] and again.to_dict() == g.to_dict()


def test_colonial_marines_carry_the_grenades_the_captured_and_ripley_none():
    g = HuntForTheQueen(thrown_grenades=True)
    carried = g.tables["hand_grenades_carried"]
    for m, arms in zip(g.marines, g.arms):
        assert arms.grenades == (0 if m.name in g.tables["not_colonial_marines"] else carried), m.name
    a = MarineAssault(thrown_grenades=True)
    for i, (m, arms) in enumerate(zip(a.marines, a.arms)):
        assert arms.grenades == (0 if i in a.cocooned or m.name in a.tables["not_colonial_marines"] else carried), m.name
    assert a.cocooned
    with pytest.raises(ValueError, match="unknown RescueOfNewt option.*allowed: turn_limit, marine_order, elevator_delay, egg_facehuggers$"):
        RescueOfNewt(thrown_grenades=True)
    with pytest.raises(ValueError, match="unknown HuntForTheQueen option.*'nukes'.*allowed: turn_limit, marine_order, thrown_grenades"):
        HuntForTheQueen(nukes=True)


def test_a_throw_takes_six_prime_actions_within_eight_squares():
    g = empty_lairs({"Apone": (14, 12)}, thrown_grenades=True)
    near = put_alien(g, (14, 20))  # range 8
    far = put_alien(g, (14, 21))  # range 9
    marines_phase(g, "Apone")
    mask = g.legal_mask("marines")
    assert mask[g.layout.encode("prime", 0)] and not mask[g.layout.span("throw")].any()
    ready_to_throw(g, "Apone")
    g._cache.clear()
    mask = g.legal_mask("marines")
    assert mask[g.layout.encode("throw", target_index(g, near))] and not mask[g.layout.encode("throw", target_index(g, far))]


def test_a_thrown_grenade_on_the_queens_square_is_an_automatic_hit():
    g = empty_lairs({"Apone": (14, 12)}, thrown_grenades=True)
    q = put_alien(g, (14, 20), a=QUEEN)
    marines_phase(g, "Apone")
    ready_to_throw(g, "Apone")
    g._cache.clear()
    rolls = g.dice.rolls
    g.apply(g.layout.encode("throw", target_index(g, q)))
    assert g.queen_damage == 1 and g.dice.rolls == rolls  # no roll: the hit is automatic
    assert g.arms[idx(g, "Apone")].grenades == g.tables["hand_grenades_carried"] - 1


def test_a_thrown_grenade_next_to_the_queen_does_not_hit_her_but_kills_the_alien_there():
    g = empty_lairs({"Apone": (14, 12)}, thrown_grenades=True)
    put_alien(g, (14, 20), a=QUEEN)
    a = put_alien(g, (14, 19))
    marines_phase(g, "Apone")
    ready_to_throw(g, "Apone")
    g._cache.clear()
    g.apply(g.layout.encode("throw", target_index(g, a)))
    assert g.queen_damage == 0 and g.aliens[QUEEN].in_play and not g.aliens[a].in_play
    assert marine(g, "Apone").status == "on_map"


# -- elevator_delay ----------------------------------------------------------------------------------
def called(roll: int, turn: int = 2):
    """Hicks steps onto the Elevator from (20, 17) on ``turn``, the d10 of the call forced to ``roll``."""
    g = empty_assault({"Hicks": (20, 17), "Vasquez": (19, 17)}, turn=turn, elevator_delay=True)
    marines_phase(g, "Hicks")
    assert "exit" not in names(g) and g.elevator_at == NO
    g.dice.script(roll)
    g.apply(g.layout.encode("move", 4))  # S onto the Elevator (21, 17): the call
    return g


@pytest.mark.parametrize("roll", range(10))
def test_the_call_rolls_a_d10_and_nobody_leaves_before_that_many_turns(roll):
    g = called(roll, turn=3)
    assert g.elevator_at == 3 + roll
    assert ("exit" in names(g)) == (roll == 0)  # a 0: it is there at once
    for turn, here in ((3 + roll - 1, False), (3 + roll, True), (3 + roll + 5, True)):
        if turn < 3:
            continue
        g.turn = turn
        g._cache.clear()
        assert ("exit" in names(g)) == here, turn
    at = g.obs_layout.offset("elevator")
    g.turn = 3
    assert list(g.observe("marines")[at:at + 2]) == pytest.approx([1.0, roll / g.tables["elevator_delay_max"]])


def test_the_elevator_is_called_once_only_by_a_step_onto_it_from_outside():
    g = called(4)
    rolls = g.dice.rolls
    g.apply(g.layout.encode("move", 2))  # E along the Elevator: no new call
    assert g.elevator_at == 2 + 4 and g.dice.rolls == rolls
    start = MarineAssault(elevator_delay=True)  # the squad begins on it: not called yet
    assert start.elevator_at == NO
    at = start.obs_layout.offset("elevator")
    assert list(start.observe("marines")[at:at + 2]) == [0.0, 0.0]


def test_without_the_option_the_elevator_is_always_there_and_nothing_is_rolled():
    g = empty_assault({"Hicks": (20, 17)})
    marines_phase(g, "Hicks")
    rolls = g.dice.rolls
    g.apply(g.layout.encode("move", 4))
    assert "exit" in names(g) and g.dice.rolls == rolls and "elevator" not in g.obs_layout.names()


def test_ripley_calls_the_elevator_in_the_rescue_of_newt():
    g = RescueOfNewt(elevator_delay=True)
    assert "elevator" in g.obs_layout.names() and "elevator_delay" in g.to_dict()["config"]
    clear_room(g, {"Ripley": (20, 17)})
    g.cocooned = []
    marines_phase(g, "Ripley")
    g.dice.script(7)
    g.apply(g.layout.encode("move", 4))
    assert g.elevator_at == 2 + 7 and "exit" not in names(g)


def test_the_call_is_saved_in_positions_and_checked():
    g = MarineAssault(elevator_delay=True)
    g.elevator_at = g.turn + 5  # (as a call with a 5 leaves it)
    data = g.to_dict()
    assert data["notes"] == {"elevator_at": g.turn + 5} and data["config"]["elevator_delay"] is True
    assert MarineAssault.from_dict(data).to_dict() == data
    with pytest.raises(ValueError, match="notes.elevator_at"):
        MarineAssault.from_dict({**data, "notes": {"elevator_at": g.turn + 10}})
    with pytest.raises(ValueError, match="notes.*must be given"):
        MarineAssault.from_dict({k: v for k, v in data.items() if k != "notes"})
    plain = MarineAssault().to_dict()
    with pytest.raises(ValueError, match="notes.*must be absent"):
        MarineAssault.from_dict({**plain, "notes": {"elevator_at": NO}})


# -- egg_facehuggers ---------------------------------------------------------------------------------
def eggs(**cocooned_rolls):
    """Marine Assault with Hicks on the map and the named captured back in their cocoons; the d10s of
    the eggs forced, one per cocooned Marine in marine order."""
    g = empty_assault({"Hicks": (14, 10)}, egg_facehuggers=True)
    for name in cocooned_rolls:
        cocoon(g, name)
    g.dice.script(*cocooned_rolls.values())
    return g


@pytest.mark.parametrize("roll", range(10))
def test_each_turn_a_cocooned_marine_gets_a_facehugger_on_a_zero(roll):
    g = eggs(Apone=roll)
    rolls = g.dice.rolls
    g._eggs_hatch()
    m = marine(g, "Apone")
    assert g.dice.rolls == rolls + 1
    if roll == 0:
        a = m.alien
        assert g.kinds[a] == "facehugger" and g.aliens[a].card == idx(g, "Apone") and g.aliens[a].pos == m.pos
        assert g.aliens[a].attack == "attacking" and g.stats["aliens_appeared"] == 1
    else:
        assert m.alien == NO and not any(al.in_play for al in g.aliens)


def test_one_roll_per_cocooned_marine_in_order_none_for_one_with_a_facehugger_on_it():
    g = eggs(Apone=5, Dietrich=0)
    g._eggs_hatch()
    assert marine(g, "Apone").alien == NO and marine(g, "Dietrich").alien != NO
    rolls = g.dice.rolls
    g.dice.script(3)
    g._eggs_hatch()  # Dietrich has one already: only Apone rolls
    assert g.dice.rolls == rolls + 1 and g.dice.scripted_left == 0


def test_no_facehugger_counter_left_means_none_comes_out():
    g = eggs(Apone=0)
    for a in range(1, 1 + g.data["facehugger_counters"]):
        put_alien(g, (14, 20 + a), a=a)
    g._eggs_hatch()
    assert marine(g, "Apone").alien == NO and "no Facehugger counter is left" in g.events[-1]


@pytest.mark.parametrize("attack, dead", [(0, True), (1, True), (2, False), (9, False)])
def test_the_facehugger_attacks_the_cocooned_marine_in_the_aliens_attack_phase(attack, dead):
    """The Facehugger table on an Incapacitated Marine: 0 Dead; 1 a second Incapacitation, Dead
    (the Reactor Room's injuries); 2 a Wound, nothing more; 9 nothing: it holds on (A50)."""
    g = eggs(Apone=0)
    g._eggs_hatch()
    a = marine(g, "Apone").alien
    g.dice.script(attack)
    start_phase(g, "aliens_attack")
    m = marine(g, "Apone")
    assert (m.status == "dead") == dead and (idx(g, "Apone") in g.cocooned) != dead
    assert g.aliens[a].in_play != dead and (dead or (g.aliens[a].attack == "in_combat" and m.alien == a))


def test_the_eggs_roll_at_the_start_of_the_aliens_appear_phase_only_with_the_option():
    g = eggs(Apone=0)
    g._start_phase("aliens_appear")
    assert marine(g, "Apone").alien != NO
    plain = empty_assault({"Hicks": (14, 10)})
    cocoon(plain, "Apone")
    plain.dice.script(0)
    plain._start_phase("aliens_appear")
    assert marine(plain, "Apone").alien == NO  # the 0 went to the Appearance Table instead


def test_newt_in_her_cocoon_is_at_risk_too_and_positions_keep_the_facehugger():
    g = RescueOfNewt(egg_facehuggers=True)
    newt = idx(g, "Newt")
    assert g.cocooned == [newt]
    g.dice.script(0)
    g._eggs_hatch()
    assert marine(g, "Newt").alien != NO
    again = RescueOfNewt.from_dict(g.to_dict())
    assert again.to_dict() == g.to_dict() and again.options["egg_facehuggers"]
