"""Marine movement: 8 directions, one Action a square, obstructions, teammates, Aliens,
the Stairwell and the EXIT squares; carrying Incapacitated Marines and hand-offs."""
import pytest

from aliens_env.core.board import DIRECTION_NAMES, DIRECTIONS, Board
from aliens_env.reactor_room.game import NO
from rr_helpers import act, empty_room, idx, legal, legal_indices, marine, marines_phase, put_alien, rc, sq

N, NE, E, SE, S, SW, W, NW = range(8)


# -- core/board.py: squares a counter may step to ------------------------------------------------
def test_board_offers_all_eight_directions_in_the_open():
    b = Board(["...", "...", "..."])
    assert sorted(d for d, _ in b.neighbours[b.index(1, 1)]) == list(range(8))


def test_board_refuses_obstructions():
    b = Board(["#..", ".W.", "..S"])
    centre = b.index(1, 0)
    assert not b.can_step(centre, b.index(0, 0))  # '#'
    assert not b.can_step(centre, b.index(1, 1))  # 'W'
    assert not b.can_step(b.index(1, 2), b.index(2, 2))  # Stairwell
    assert b.can_step(centre, b.index(2, 0))


def test_diagonal_between_two_obstructions_is_allowed():
    b = Board([".#", "#."])
    assert b.can_step(b.index(0, 0), b.index(1, 1))
    assert b.can_step(b.index(1, 1), b.index(0, 0))


def test_diagonal_between_two_wall_squares_is_refused():
    b = Board([".W", "W."])
    assert not b.can_step(b.index(0, 0), b.index(1, 1))
    assert not b.can_step(b.index(1, 1), b.index(0, 0))


def test_diagonal_between_a_wall_and_an_obstruction_is_allowed():
    b = Board([".W", "#."])
    assert b.can_step(b.index(0, 0), b.index(1, 1))


# -- the Marines phase ------------------------------------------------------------------------------
def test_marine_moves_one_square_in_each_of_eight_directions_for_one_action():
    for d in range(8):
        g = marines_phase(empty_room({"Hicks": (4, 5)}), "Hicks")
        assert legal_indices(g, "move") == list(range(8))
        act(g, "move", d)
        dr, dc = DIRECTIONS[d]
        assert rc(g, marine(g, "Hicks").pos) == (4 + dr, 5 + dc), DIRECTION_NAMES[d]
        assert marine(g, "Hicks").actions_left == 2


def test_marine_cannot_enter_an_obstruction():
    # (3, 10) and (3, 11) sit just below the 2x2 obstruction at rows 1-2, columns 10-11
    g = marines_phase(empty_room({"Hicks": (3, 10)}), "Hicks")
    assert not legal(g, "move", N) and not legal(g, "move", NE)
    assert legal(g, "move", NW)


def test_marine_cannot_enter_the_stairwell():
    g = marines_phase(empty_room({"Hicks": (4, 12)}), "Hicks")
    assert not any(legal(g, "move", d) for d in (SW, S, SE))
    g = marines_phase(empty_room({"Hicks": (6, 8)}), "Hicks")
    assert not any(legal(g, "move", d) for d in (NE, E, SE))


def test_marine_may_pass_through_a_teammate():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6)})
    marines_phase(g, "Hicks")
    assert legal(g, "move", E)
    act(g, "move", E)
    assert marine(g, "Hicks").pos == marine(g, "Hudson").pos
    # standing on a teammate: must move on, cannot end or aim there
    assert not legal(g, "end") and not legal(g, "aim")
    act(g, "move", E)
    assert rc(g, marine(g, "Hicks").pos) == (4, 7)


def test_marine_never_ends_on_a_teammate():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6)})
    marines_phase(g, "Hicks", actions=1)
    assert not legal(g, "move", E)  # the last Action would leave two counters in one square
    assert legal(g, "move", W)


def test_passing_through_a_chain_of_teammates_needs_an_action_left_to_step_off():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6), "Frost": (4, 7)})
    marines_phase(g, "Hicks", actions=2)
    act(g, "move", E)  # onto Hudson, one Action left
    assert not legal(g, "move", E)  # onto Frost with no Action left to step off
    assert legal(g, "move", S)


def test_marine_never_moves_into_an_alien():
    g = empty_room({"Hicks": (4, 5)})
    put_alien(g, (4, 6))
    marines_phase(g, "Hicks")
    assert not legal(g, "move", E)


def test_marine_never_moves_into_a_teammate_with_an_alien_on_its_card():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6)})
    put_alien(g, None, on="Hudson", attack="grabbing")
    marines_phase(g, "Hicks")
    assert not legal(g, "move", E)


def test_exit_square_takes_the_marine_out():
    g = empty_room({"Hicks": (6, 1), "Hudson": (12, 12)})
    marines_phase(g, "Hicks")
    act(g, "move", W)
    h = marine(g, "Hicks")
    assert h.status == "exited" and h.pos == NO
    assert g.stats["exited"] == 1
    assert g.marines[g.active].name == "Hudson"  # an exited Marine's activation is over


def test_an_exited_marine_never_acts_again():
    g = empty_room({"Hicks": (6, 1), "Hudson": (12, 12)}, beginner=True)
    marines_phase(g, "Hicks")
    act(g, "move", W)
    act(g, "end")  # Hudson
    assert g.turn == 3
    assert g.marines[g.active].name == "Hudson"


# -- carrying ---------------------------------------------------------------------------------------
def _incapacitate(g, name):
    m = marine(g, name)
    m.incapacitated = True
    g._cache.clear()


def test_moving_into_an_incapacitated_marine_picks_them_up():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6)})
    _incapacitate(g, "Hudson")
    marines_phase(g, "Hicks")
    act(g, "move", E)
    h, hu = marine(g, "Hicks"), marine(g, "Hudson")
    assert h.carrying == idx(g, "Hudson") and hu.carried_by == idx(g, "Hicks")
    assert h.actions_left == 2  # picking up costs no Action
    assert legal(g, "end")  # the Incapacitated Marine's square counts as empty
    act(g, "move", E)
    assert hu.pos == h.pos == sq(g, (4, 7))  # the carried Marine goes along


def test_moving_through_an_incapacitated_marine_picks_them_up():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6)})
    _incapacitate(g, "Hudson")
    marines_phase(g, "Hicks")
    act(g, "move", E)
    act(g, "move", E)
    act(g, "move", E)
    assert marine(g, "Hudson").pos == sq(g, (4, 8))


def test_a_carrier_carries_only_one_marine():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6), "Frost": (4, 7)})
    _incapacitate(g, "Hudson")
    _incapacitate(g, "Frost")
    marines_phase(g, "Hicks")
    act(g, "move", E)
    act(g, "move", E)
    assert marine(g, "Hicks").carrying == idx(g, "Hudson")
    assert marine(g, "Frost").carried_by == NO


def test_carried_marine_exits_with_the_carrier():
    g = empty_room({"Hicks": (6, 2), "Hudson": (6, 1), "Frost": (12, 12)})
    _incapacitate(g, "Hudson")
    marines_phase(g, "Hicks")
    act(g, "move", W)
    act(g, "move", W)
    assert marine(g, "Hicks").status == "exited"
    assert marine(g, "Hudson").status == "exited"
    assert g.stats["exited"] == 2


def test_hand_off_between_marines_in_one_square_is_free():
    g = empty_room({"Hicks": (4, 5), "Frost": (4, 6), "Hudson": (4, 7)})
    _incapacitate(g, "Frost")
    marines_phase(g, "Hicks")
    act(g, "move", E)  # picks up Frost
    act(g, "move", E)  # passes through Hudson's square
    assert legal(g, "hand_off")
    act(g, "hand_off")
    assert marine(g, "Hudson").carrying == idx(g, "Frost")
    assert marine(g, "Frost").carried_by == idx(g, "Hudson")
    assert marine(g, "Hicks").carrying == NO
    assert marine(g, "Hicks").actions_left == 1  # the hand-off cost nothing


def test_hand_off_can_also_take_a_marine_from_a_teammate():
    g = empty_room({"Hicks": (4, 5), "Hudson": (4, 6)})
    hu = marine(g, "Hudson")
    frost = idx(g, "Frost")
    g.marines[frost].status, g.marines[frost].pos, g.marines[frost].incapacitated = "on_map", hu.pos, True
    hu.carrying, g.marines[frost].carried_by = frost, idx(g, "Hudson")
    marines_phase(g, "Hicks")
    act(g, "move", E)
    act(g, "hand_off")
    assert marine(g, "Hicks").carrying == frost and hu.carrying == NO


def test_newt_cannot_carry():
    """There is no Newt in the Reactor Room: the rule is checked at unit level by renaming a Marine."""
    g = empty_room({"Hudson": (4, 5), "Frost": (4, 6)})
    g.characters = {**g.characters, "Newt": g.characters["Hudson"]}
    marine(g, "Hudson").name = "Newt"
    _incapacitate(g, "Frost")
    marines_phase(g, "Newt")
    act(g, "move", E)
    assert marine(g, "Frost").carried_by == NO
    assert g.marines[g.active].carrying == NO
