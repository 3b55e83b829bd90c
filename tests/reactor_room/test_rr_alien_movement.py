"""Aliens Move (and the one-square move on appearing): nearest available Marine by path distance,
up to four squares, closest Alien first, hive decisions for ties, one Alien per Marine, Stunned
Aliens lose a move, the Stairwell is impassable."""
import pytest

from aliens_env.core.policy import DicePolicy
from aliens_env.reactor_room.game import NO
from rr_helpers import decide, empty_room, idx, legal_indices, marine, move_alien_to, put_alien, rc, sq, start_phase


def _dist(g, a, b):
    return int(g.dist[a, b])


def test_alien_moves_four_squares_toward_the_marine():
    g = empty_room({"Hicks": (12, 20)})
    a = put_alien(g, (12, 10))
    start_phase(g, "aliens_move")
    hicks = marine(g, "Hicks").pos
    if g.decision is not None:  # several squares are equally far along a shortest path
        assert g.decision.kind == "move_to"
        for option in g.decision.options:
            assert _dist(g, hicks, option) == 10 - 4
            assert g.board.range(sq(g, (12, 10)), option) <= 4
        move_alien_to(g, (12, 14))
    assert g.aliens[a].pos == sq(g, (12, 14))
    assert g.aliens[a].card == NO


def test_alien_reaching_the_marine_goes_on_its_card():
    g = empty_room({"Hicks": (12, 14)})
    a = put_alien(g, (12, 10))  # exactly four squares away
    start_phase(g, "aliens_move")
    h = marine(g, "Hicks")
    assert g.aliens[a].card == idx(g, "Hicks") and h.alien == a
    assert g.aliens[a].pos == h.pos
    assert g.aliens[a].attack == "attacking"


def test_alien_five_squares_away_does_not_reach_the_marine():
    g = empty_room({"Hicks": (12, 15)})
    a = put_alien(g, (12, 10))
    start_phase(g, "aliens_move")
    move_alien_to(g, (12, 14))
    assert g.aliens[a].card == NO and marine(g, "Hicks").alien == NO
    assert _dist(g, marine(g, "Hicks").pos, g.aliens[a].pos) == 1


def test_nearest_marine_is_by_path_distance_not_range():
    # Hicks is 4 squares away across the Stairwell (10 by path), Hudson 5 squares away along row 4
    g = empty_room({"Hicks": (8, 12), "Hudson": (4, 17)})
    a = put_alien(g, (4, 12))
    assert g.board.range(sq(g, (4, 12)), sq(g, (8, 12))) == 4
    start_phase(g, "aliens_move")
    hudson = marine(g, "Hudson").pos
    if g.decision is not None:
        assert g.decision.kind == "move_to"
        assert g.mover_target == idx(g, "Hudson")
        assert all(_dist(g, hudson, o) == 1 for o in g.decision.options)
    else:
        assert _dist(g, hudson, g.aliens[a].pos) == 1


def test_stairwell_is_impassable_for_aliens():
    g = empty_room({"Hicks": (8, 12)})
    a = put_alien(g, (4, 12))
    start_phase(g, "aliens_move")
    hicks = marine(g, "Hicks").pos
    options = g.decision.options if g.decision is not None else [g.aliens[a].pos]
    for o in options:
        assert not g.board.stairwell.flat[o]
        assert _dist(g, hicks, o) == 10 - 4  # four squares along the path around the Stairwell


@pytest.mark.parametrize("state", ["incapacitated", "attacked"])
def test_alien_ignores_unavailable_marines(state):
    g = empty_room({"Hicks": (12, 8), "Hudson": (12, 16)})
    if state == "incapacitated":
        marine(g, "Hicks").incapacitated = True
    else:
        put_alien(g, None, on="Hicks", attack="grabbing")
    a = put_alien(g, (12, 10))  # 2 from Hicks, 6 from Hudson
    start_phase(g, "aliens_move")
    if g.decision is not None:
        assert g.mover_target == idx(g, "Hudson")
        move_alien_to(g, (12, 14))
    assert g.aliens[a].pos == sq(g, (12, 14))
    assert marine(g, "Hicks").alien in (NO, 0) and g.aliens[a].card == NO


def test_no_alien_moves_when_no_marine_is_available():
    g = empty_room({"Hicks": (12, 8)})
    put_alien(g, None, on="Hicks", attack="in_combat")
    a = put_alien(g, (12, 12))
    start_phase(g, "aliens_move")
    assert g.aliens[a].pos == sq(g, (12, 12))


def test_closest_alien_moves_first_and_one_alien_per_marine():
    # Alien 0 is 4 from Hicks, Alien 1 is 2 from Hicks: Alien 1 moves first and takes Hicks,
    # then Alien 0 must head for Hudson instead
    g = empty_room({"Hicks": (4, 5), "Hudson": (12, 5)})
    far = put_alien(g, (4, 9), a=0)
    near = put_alien(g, (4, 7), a=1)
    start_phase(g, "aliens_move")
    while g.decision is not None:  # Alien 0's destination among equally good squares
        assert g.decision.kind == "move_to"
        decide(g, "move_to", legal_indices(g, "move_to")[0])
    assert marine(g, "Hicks").alien == near
    assert g.aliens[far].card == NO
    assert _dist(g, marine(g, "Hudson").pos, g.aliens[far].pos) == 8 - 4


@pytest.mark.parametrize("first", [0, 1])
def test_equally_close_aliens_give_the_hive_an_order_decision(first):
    g = empty_room({"Hicks": (4, 5), "Hudson": (12, 5)})
    put_alien(g, (4, 9), a=0)
    put_alien(g, (4, 1), a=1)
    start_phase(g, "aliens_move")
    assert g.decision.kind == "order" and sorted(g.decision.options) == [0, 1]
    decide(g, "order", first, stop="aliens_appear")
    assert marine(g, "Hicks").alien == first


@pytest.mark.parametrize("roll,first", [(0, 0), (4, 0), (5, 1), (9, 1)])
def test_dice_ai_settles_the_order_with_the_die(roll, first):
    g = empty_room({"Hicks": (4, 5), "Hudson": (12, 5)})
    put_alien(g, (4, 9), a=0)
    put_alien(g, (4, 1), a=1)
    start_phase(g, "aliens_move")
    g.dice.script(roll)
    action = DicePolicy().act(g, "hive")
    assert g.layout.decode(action) == ("order", first)


@pytest.mark.parametrize("choice", ["Hicks", "Hudson"])
def test_equally_near_marines_give_the_hive_a_target_decision(choice):
    g = empty_room({"Hicks": (4, 1), "Hudson": (4, 9)})
    a = put_alien(g, (4, 5))
    start_phase(g, "aliens_move")
    assert g.decision.kind == "target"
    assert sorted(g.decision.options) == sorted([idx(g, "Hicks"), idx(g, "Hudson")])
    decide(g, "target", idx(g, choice))
    assert marine(g, choice).alien == a


def test_dice_ai_settles_the_target_with_the_die():
    g = empty_room({"Hicks": (4, 1), "Hudson": (4, 9)})
    put_alien(g, (4, 5))
    start_phase(g, "aliens_move")
    g.dice.script(7)  # two candidates: 5-9 picks the second
    assert g.layout.decode(DicePolicy().act(g, "hive")) == ("target", idx(g, "Hudson"))


def test_alien_never_ends_its_move_on_another_counter():
    g = empty_room({"Hicks": (12, 12)})
    put_alien(g, (12, 10), stunned=True)  # stays put this turn
    a = put_alien(g, (12, 6))
    start_phase(g, "aliens_move")
    options = g.decision.options if g.decision is not None else [g.aliens[a].pos]
    assert sq(g, (12, 10)) not in options
    for o in options:
        assert _dist(g, marine(g, "Hicks").pos, o) == 2


def test_stunned_alien_loses_its_next_move_then_moves_again():
    g = empty_room({"Hicks": (12, 12)})
    a = put_alien(g, (12, 10), stunned=True)
    start_phase(g, "aliens_move")
    assert g.aliens[a].pos == sq(g, (12, 10))
    assert not g.aliens[a].stunned  # stood up again, still did not move
    start_phase(g, "aliens_move")
    assert marine(g, "Hicks").alien == a


def _appear_one(g, row_roll, col_roll):
    g._aliens_due = lambda: 1
    g.dice.script(row_roll, col_roll)
    return start_phase(g, "aliens_appear")


def test_appearing_alien_moves_only_one_square():
    g = empty_room({"Hicks": (4, 12)})
    _appear_one(g, 4, 4)  # entry_rows[4] = 4, entry_columns[4] = 9: (4, 9)
    a = next(i for i, al in enumerate(g.aliens) if al.in_play)
    assert g.decision is not None and g.decision.kind == "move_to"
    for o in g.decision.options:
        assert g.board.range(sq(g, (4, 9)), o) == 1
    move_alien_to(g, (4, 10))
    assert g.aliens[a].pos == sq(g, (4, 10))
    assert g.aliens[a].card == NO


def test_appearing_alien_next_to_a_marine_reaches_it():
    g = empty_room({"Hicks": (4, 10)})
    _appear_one(g, 4, 4)  # (4, 9)
    assert marine(g, "Hicks").alien != NO


def test_aliens_pass_through_other_counters_while_moving():
    # a wall of Stunned Aliens and a Marine between the Alien and Hudson, four squares away
    g = empty_room({"Hudson": (12, 16), "Hicks": (11, 14)})
    marine(g, "Hicks").incapacitated = True  # not a target; laid flat
    put_alien(g, None, on="Hicks", attack="grabbing")
    for r in (11, 12, 13):
        put_alien(g, (r, 13), stunned=True)
    a = put_alien(g, (12, 12))
    start_phase(g, "aliens_move")
    assert marine(g, "Hudson").alien == a


def test_alien_may_end_on_an_incapacitated_marines_square():
    # the Incapacitated Marine is laid flat: the square counts as empty for movement
    g = empty_room({"Hicks": (12, 16), "Hudson": (12, 14)})
    marine(g, "Hudson").incapacitated = True
    a = put_alien(g, (12, 10))
    start_phase(g, "aliens_move")
    assert g.mover_target == idx(g, "Hicks")
    move_alien_to(g, (12, 14))
    assert g.aliens[a].pos == sq(g, (12, 14))


def test_aliens_do_not_chase_marines_off_the_map():
    g = empty_room({"Hicks": (12, 8), "Hudson": (12, 20)})
    h = marine(g, "Hicks")
    h.status, h.pos = "exited", NO
    a = put_alien(g, (12, 10))
    start_phase(g, "aliens_move")
    move_alien_to(g, (12, 14))
    assert g.aliens[a].pos == sq(g, (12, 14))
