"""Acid Spray (every row, who is splashed), repeated injuries, Melee (stun, free, push, costs),
and the turn order of a Marine freed from a Grab."""
import pytest

from aliens_env.core.board import DIRECTIONS
from aliens_env.reactor_room.game import NO
from rr_helpers import (act, aim, decide, empty_room, idx, legal, legal_indices, marine, marines_phase, put_alien,
                     sq, start_phase, target_index)

PRINTED_ACID = {0: "dead", 1: "incapacitated", 2: "wounded", **{r: "none" for r in range(3, 10)}}


def condition(m):
    if m.status == "dead":
        return "dead"
    if m.incapacitated:
        return "incapacitated"
    return "wounded" if m.wounded else "none"


def kill_next_to(splashed: dict, acid_rolls, hicks_actions=4):
    """Hicks at (13, 4) kills the Alien at (13, 7) with an automatic shot (range 3, Aim 3: 9);
    `splashed` = {name: (r, c)} other Marines; the acid rolls are scripted in Marine order."""
    g = empty_room({"Hicks": (13, 4), **splashed})
    a = put_alien(g, (13, 7))
    marines_phase(g, "Hicks", actions=hicks_actions)
    aim(g, 3)
    rolls = g.dice.rolls
    g.dice.script(*acid_rolls)
    act(g, "fire", target_index(g, a))
    assert g.stats["aliens_killed"] == 1
    return g, g.dice.rolls - rolls


@pytest.mark.parametrize("roll", range(10))
def test_acid_spray_table_row(roll):
    g, rolled = kill_next_to({"Hudson": (12, 7)}, [roll])
    assert rolled == 1
    assert condition(marine(g, "Hudson")) == PRINTED_ACID[roll]


def test_acid_splashes_every_marine_in_or_adjacent_to_the_square_but_not_two_away():
    near = {"Hudson": (12, 6), "Frost": (12, 8), "Crowe": (13, 8)}
    far = {"Drake": (11, 7), "Vasquez": (13, 9), "Apone": (12, 9)}
    g, rolled = kill_next_to({**near, **far}, [1, 1, 1])
    assert rolled == 3
    for name in near:
        assert marine(g, name).incapacitated
    for name in far:
        assert condition(marine(g, name)) == "none"


def test_acid_splashes_the_marine_in_the_kill_square():
    g = empty_room({"Hicks": (13, 4), "Hudson": (13, 7)})
    a = put_alien(g, None, on="Hudson", attack="grabbing")
    marines_phase(g, "Hicks", actions=4)
    aim(g, 3)  # 9 - 5 = 4
    g.dice.script(0, 2)  # hit, then acid on Hudson: Wounded
    act(g, "fire", target_index(g, a))
    h = marine(g, "Hudson")
    assert h.alien == NO and h.wounded and not h.incapacitated


def test_acid_splashes_the_shooter_at_range_one():
    g = empty_room({"Hicks": (13, 4), "Frost": (0, 24)})
    a = put_alien(g, (13, 5))
    marines_phase(g, "Hicks")
    aim(g, 1)
    g.dice.script(0, 0)  # hit (8), acid 0: Dead
    act(g, "fire", target_index(g, a))
    assert marine(g, "Hicks").status == "dead"
    assert g.marines[g.active].name == "Frost"


def _splash(state, roll):
    g = empty_room({"Hicks": (13, 4), "Hudson": (12, 7)})
    for flag in state.split("+"):
        setattr(marine(g, "Hudson"), flag, True)
    a = put_alien(g, (13, 7))
    marines_phase(g, "Hicks", actions=4)
    aim(g, 3)
    g.dice.script(roll)
    act(g, "fire", target_index(g, a))
    return marine(g, "Hudson")


def test_second_incapacitation_is_fatal():
    h = _splash("incapacitated", 1)
    assert h.status == "dead"


@pytest.mark.parametrize("state", ["incapacitated", "wounded+incapacitated"])
def test_wound_on_an_incapacitated_marine_leaves_it_incapacitated(state):
    h = _splash(state, 2)
    assert h.status == "on_map" and h.incapacitated


def test_second_wound_incapacitates():
    h = _splash("wounded", 2)
    assert h.status == "on_map" and h.incapacitated


def test_in_combat_marine_incapacitated_by_acid_is_then_grabbed():
    """ASSUMPTION A8 (game.py _incapacitate): an In Combat Marine who is Incapacitated can no
    longer fight back; the Alien on the card turns into a Grab (no new attack, hauled away)."""
    g = empty_room({"Hicks": (13, 4), "Hudson": (12, 7), "Crowe": (0, 24)})
    b = put_alien(g, None, on="Hudson", attack="in_combat")
    a = put_alien(g, (13, 7))
    marines_phase(g, "Hicks", actions=4)
    aim(g, 3)
    g.dice.script(1)  # acid on Hudson: Incapacitated
    act(g, "fire", target_index(g, a))
    assert marine(g, "Hudson").incapacitated
    assert g.aliens[b].attack == "grabbing"
    rolls = g.dice.rolls
    start_phase(g, "aliens_attack")
    assert g.dice.rolls == rolls  # no further attack roll
    start_phase(g, "aliens_move")
    assert marine(g, "Hudson").status == "dead" and not g.aliens[b].in_play


def test_incapacitated_marine_can_take_no_actions():
    g = empty_room({"Hicks": (13, 4), "Hudson": (0, 24)})
    marine(g, "Hicks").incapacitated = True
    start_phase(g, "marines")
    assert g.marines[g.active].name == "Hudson"


# -- Melee --------------------------------------------------------------------------------------
def melee(g, a: int, roll: int = 0) -> None:
    """The acting Marine attacks Alien ``a`` in Melee, the d10 scripted to ``roll`` (0 stuns it)."""
    g.dice.script(roll)
    act(g, "melee", target_index(g, a))


def melee_position(name="Hicks", alien_at=(13, 5), wounded=False, extra=None):
    g = empty_room({name: (13, 4), "Crowe": (0, 24), **(extra or {})})
    marine(g, name).wounded = wounded
    a = put_alien(g, alien_at) if alien_at is not None else None
    marines_phase(g, name)
    return g, a


@pytest.mark.parametrize("name,wounded,melee", [("Hicks", False, 1), ("Hicks", True, 0), ("Hudson", False, 0),
                                                  ("Hudson", True, -1)])
@pytest.mark.parametrize("roll", [0, 1, 2])
def test_melee_stuns_on_a_roll_at_or_below_melee(name, wounded, melee, roll):
    g, a = melee_position(name, wounded=wounded)
    before = marine(g, name).actions_left
    g.dice.script(roll)
    act(g, "melee", target_index(g, a))
    assert marine(g, name).actions_left == before - 1  # one Action either way
    if roll <= melee:
        assert g.aliens[a].stunned
        assert g.decision.kind == "push"
    else:
        assert not g.aliens[a].stunned and g.aliens[a].pos == sq(g, (13, 5))
        assert g.decision.kind == "marine"


@pytest.mark.parametrize("aimed", [0, 1])
def test_melee_needs_an_adjacent_alien(aimed):
    g, a = melee_position(alien_at=(13, 6))
    aim(g, aimed)
    assert not legal(g, "melee", target_index(g, a))


def test_marine_chooses_where_the_stunned_alien_is_pushed():
    g, a = melee_position(extra={"Hudson": (12, 6)})
    melee(g, a)
    # from (13, 5): not back onto Hicks (W), not onto Hudson (NE), not off the map (S side)
    assert sorted(legal_indices(g, "push")) == [0, 2, 7]  # N (12,5), E (13,6), NW (12,4)
    act(g, "push", 2)
    assert g.aliens[a].pos == sq(g, (13, 6)) and g.aliens[a].stunned
    assert g.current_player() == "marines" and g.decision.kind == "marine"


def test_melee_frees_a_grabbed_teammate():
    g = empty_room({"Hicks": (13, 4), "Hudson": (13, 5), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Hudson", attack="grabbing")
    marines_phase(g, "Hicks")
    melee(g, a, 1)
    assert marine(g, "Hudson").alien == NO and g.aliens[a].card == NO
    act(g, "push", 2)  # E
    assert g.aliens[a].pos == sq(g, (13, 6))


def test_melee_drives_off_the_marines_own_alien():
    g = empty_room({"Hicks": (13, 4), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Hicks", attack="in_combat")
    marines_phase(g, "Hicks")
    melee(g, a)
    act(g, "push", 2)
    assert marine(g, "Hicks").alien == NO
    assert g.aliens[a].pos == sq(g, (13, 5))
    assert legal(g, "move", 0), "no longer In Combat: the Marine may move again"


def test_pushed_two_squares_when_every_adjacent_square_holds_a_marine():
    centre = (3, 6)
    ring = [(3 + dr, 6 + dc) for dr, dc in DIRECTIONS]
    names = ["Apone", "Hicks", "Vasquez", "Drake", "Hudson", "Dietrich", "Frost", "Crowe"]
    g = empty_room({n: p for n, p in zip(names, ring)} | {"Wierzbowski": (13, 24)})
    a = put_alien(g, centre)
    hicks = names[ring.index((3, 5))]  # the Marine west of the Alien
    marines_phase(g, hicks)
    melee(g, a)
    assert legal_indices(g, "push") == list(range(8))
    act(g, "push", 1)  # NE, two squares
    assert g.aliens[a].pos == sq(g, (1, 8))


def test_pushed_one_square_when_a_neighbour_is_free():
    g = empty_room({"Hicks": (3, 5), "Crowe": (0, 24)})
    a = put_alien(g, (3, 6))
    marines_phase(g, "Hicks")
    melee(g, a)
    act(g, "push", 2)
    assert g.aliens[a].pos == sq(g, (3, 7))


def test_alien_pushed_into_the_stairwell_clings_on_and_stays_stunned():
    g = empty_room({"Hicks": (4, 11), "Crowe": (0, 24)})
    a = put_alien(g, (4, 12))
    marines_phase(g, "Hicks")
    melee(g, a)
    assert 4 in legal_indices(g, "push")  # S: (5, 12), a Stairwell square
    act(g, "push", 4)
    assert g.aliens[a].pos == sq(g, (5, 12)) and g.aliens[a].in_play and g.aliens[a].stunned
    start_phase(g, "aliens_move")
    assert g.aliens[a].pos == sq(g, (5, 12))


def test_melee_stunned_alien_loses_its_next_move():
    g = empty_room({"Hicks": (13, 4), "Crowe": (0, 24)})
    a = put_alien(g, (13, 5))
    marines_phase(g, "Hicks")
    melee(g, a)
    act(g, "push", 2)
    start_phase(g, "aliens_move")
    assert g.aliens[a].pos == sq(g, (13, 6)) and marine(g, "Hicks").alien == NO


# -- freed from a Grab: who acts this turn ----------------------------------------------------------
def test_marine_freed_by_an_earlier_marine_acts_this_turn():
    g = empty_room({"Apone": (13, 4), "Hicks": (13, 5), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Hicks", attack="grabbing")
    marines_phase(g, "Apone")
    melee(g, a)  # Apone (first in order) frees Hicks (second)
    act(g, "push", 2)
    act(g, "end")
    assert g.marines[g.active].name == "Hicks"
    assert marine(g, "Hicks").actions_left == 3


def test_marine_freed_by_a_later_marine_waits_until_next_turn():
    g = empty_room({"Apone": (13, 5), "Hicks": (13, 4), "Crowe": (0, 24)}, beginner=True)
    a = put_alien(g, None, on="Apone", attack="grabbing")
    start_phase(g, "marines")
    assert g.marines[g.active].name == "Hicks"  # grabbed Apone is skipped
    melee(g, a)  # Hicks (second) frees Apone (first)
    act(g, "push", 2)
    act(g, "end")
    assert g.marines[g.active].name == "Crowe"  # not Apone
    act(g, "end")
    assert g.turn == 3 and g.marines[g.active].name == "Apone"  # next turn he acts


def test_marine_freed_by_an_earlier_marines_kill_acts_this_turn():
    g = empty_room({"Apone": (13, 2), "Hicks": (13, 5), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Hicks", attack="grabbing")
    marines_phase(g, "Apone")
    aim(g, 1)  # Flame Unit, range 3: 4
    g.dice.script(4)
    act(g, "fire", target_index(g, a))
    # a Flame Unit kill of a Grabbing Alien kills its victim: use a Shotgun instead
    assert marine(g, "Hicks").status == "dead"
    g = empty_room({"Hicks": (13, 2), "Vasquez": (13, 5), "Crowe": (0, 24)})
    a = put_alien(g, None, on="Vasquez", attack="grabbing")
    marines_phase(g, "Hicks")
    aim(g, 3)  # Shotgun, range 3, Aim 3: 9 - 5 = 4
    g.dice.script(4, 9)  # hit; acid on Vasquez: no effect
    act(g, "fire", target_index(g, a))
    assert g.marines[g.active].name == "Vasquez"
    assert marine(g, "Vasquez").actions_left == 2


def test_push_two_squares_at_the_map_edge_is_the_marines_choice():
    g = empty_room({"Hicks": (13, 11), "Hudson": (13, 13), "Frost": (12, 11), "Crowe": (12, 12),
                    "Drake": (12, 13), "Apone": (0, 24)})
    a = put_alien(g, (13, 12))  # bottom row: its five on-map neighbours all hold Marines
    marines_phase(g, "Hicks")
    melee(g, a)
    rolls = g.dice.rolls
    assert g.decision.kind == "push"
    # two squares away: N (11, 12), NE (11, 14), E (13, 14), W (13, 10); NW (11, 10) is an obstruction
    assert legal_indices(g, "push") == [0, 1, 2, 6]
    act(g, "push", 1)
    assert g.aliens[a].pos == sq(g, (11, 14)) and g.dice.rolls == rolls


def test_alien_does_not_stay_on_the_card_of_a_marine_killed_by_acid():
    # Hudson is In Combat with Alien b when acid from Alien a kills him: the Alien on his card
    # goes with the body (as on a Dead result), it does not stay on a dead Marine's card
    g = empty_room({"Hicks": (13, 4), "Hudson": (12, 7), "Crowe": (0, 24)})
    b = put_alien(g, None, on="Hudson", attack="in_combat")
    a = put_alien(g, (13, 7))
    marines_phase(g, "Hicks", actions=4)
    aim(g, 3)
    g.dice.script(0)  # acid on Hudson: Dead
    act(g, "fire", target_index(g, a))
    assert marine(g, "Hudson").status == "dead"
    assert not g.aliens[b].in_play or g.aliens[b].card == NO
    assert all(al.card != idx(g, "Hudson") for al in g.aliens if al.in_play)


def test_incapacitated_marine_freed_by_melee_is_not_hauled_and_can_be_carried():
    g = empty_room({"Apone": (13, 4), "Hicks": (13, 6), "Hudson": (13, 5), "Crowe": (0, 24)})
    marine(g, "Hudson").incapacitated = True
    a = put_alien(g, None, on="Hudson", attack="grabbing")
    marines_phase(g, "Apone")
    melee(g, a)  # Apone drives the Alien off Hudson
    act(g, "push", 0)  # N: (12, 5)
    act(g, "end")
    assert g.marines[g.active].name == "Hicks"
    act(g, "move", 6)  # W onto Hudson's square: picks him up
    assert marine(g, "Hicks").carrying == idx(g, "Hudson")
    act(g, "move", 2)  # back E, Hudson comes along
    act(g, "end")
    assert marine(g, "Hudson").status == "on_map" and marine(g, "Hudson").pos == sq(g, (13, 6))
    start_phase(g, "aliens_move", stop="aliens_appear")
    assert marine(g, "Hudson").status == "on_map"  # nobody hauls him away
