"""Aliens Appear (how many, where: two d10 rolls, re-rolls), victory levels and the turn limit."""
import pytest

from aliens_env.reactor_room.game import ReactorRoom
from rr_helpers import act, empty_room, hive_first, idx, marine, marines_phase, put_alien, sq, start_phase

DATA = ReactorRoom().data


def play_to_marines_phase(g, turn):
    """Hive: first legal option; Marines: end at once; until the Marines phase of `turn`."""
    while not (g.turn == turn and g.current_player() == "marines"):
        if g.current_player() == "hive":
            g.apply(int(g.legal_actions("hive")[0]))
        else:
            g.apply(g.layout.encode("end"))
    return g


@pytest.mark.parametrize("beginner,per_turn", [(False, [4, 2, 2, 2]), (True, [4, 2, 0, 2])])
def test_four_aliens_on_turn_one_then_two_each_turn(beginner, per_turn):
    g = ReactorRoom(beginner=beginner)
    g.reset(11)
    seen = []
    for turn in range(1, 5):
        before = g.stats["aliens_appeared"] if turn > 1 else 0
        play_to_marines_phase(g, turn)
        seen.append(g.stats["aliens_appeared"] - before)
    assert seen == per_turn  # turn 3 is red: skipped by the beginner rule


@pytest.mark.parametrize("turn,beginner,due", [(1, True, 4), (3, False, 2), (3, True, 0), (6, True, 0),
                                                (4, True, 2), (5, True, 2)])
def test_aliens_due_on_each_turn(turn, beginner, due):
    g = empty_room({"Hicks": (13, 24)}, turn=turn, beginner=beginner)
    g.dice.script(*[9, 0, 9, 2, 9, 4, 9, 6][: 2 * due])  # (13, 1), (13, 5), (13, 9), (13, 13)
    hive_first(start_phase(g, "aliens_appear"), "aliens_attack")
    assert g.stats["aliens_appeared"] == due
    assert g.dice.scripted_left == 0


def test_entry_tables_have_one_entry_per_die_face():
    assert len(DATA["entry_rows"]) == 10 and len(DATA["entry_columns"]) == 10
    g = empty_room()
    for r in DATA["entry_rows"]:
        for c in DATA["entry_columns"]:
            assert g.board.inside(r, c) and not g.board.stairwell[r, c] and not g.board.exit[r, c]


@pytest.mark.parametrize("row_roll", range(10))
@pytest.mark.parametrize("col_roll", range(10))
def test_entry_square_from_two_d10_rolls(row_roll, col_roll):
    g = empty_room()
    r, c = DATA["entry_rows"][row_roll], DATA["entry_columns"][col_roll]
    g.dice.script(row_roll, col_roll, 0, 0)  # the fallback (0, 0) -> (row 0, col 1) if blocked
    square = g._entry_square()
    if g.board.passable[r, c]:
        assert square == sq(g, (r, c)) and g.dice.scripted_left == 2
    else:
        assert square == sq(g, (DATA["entry_rows"][0], DATA["entry_columns"][0])), "blocked: rolled again"
        assert g.dice.scripted_left == 0


def test_entry_square_holding_an_alien_is_rolled_again():
    g = empty_room({"Hicks": (13, 24)})
    put_alien(g, (0, 1))
    g.dice.script(0, 0, 0, 1)
    assert g._entry_square() == sq(g, (0, 3))


def test_entry_square_holding_a_marine_is_rolled_again():
    g = empty_room({"Hicks": (0, 1), "Hudson": (13, 24)})
    g.dice.script(0, 0, 0, 1)
    assert g._entry_square() == sq(g, (0, 3))


def test_appearing_alien_is_placed_on_the_rolled_square():
    g = empty_room({"Hicks": (13, 24)}, turn=2)
    g._aliens_due = lambda: 1
    g.dice.script(5, 7)  # entry_rows[5] = 9, entry_columns[7] = 15
    start_phase(g, "aliens_appear")
    assert any(f"appears at {(DATA['entry_rows'][5], DATA['entry_columns'][7])}" in e for e in g.events)


def test_no_alien_appears_when_the_pool_is_empty():
    g = empty_room({"Hicks": (13, 24)}, turn=2)
    for k in range(g.pool):
        put_alien(g, (0, k), stunned=True)
    rolls = g.dice.rolls
    start_phase(g, "aliens_appear")
    assert g.stats["aliens_appeared"] == 0 and g.dice.rolls == rolls



def test_an_appearing_alien_takes_the_first_counter_not_in_play():
    """A counter back in the pool before others still in play is the one that appears (the first
    free, not the one after the last in play)."""
    from aliens_env.reactor_room.game import Alien

    g = empty_room({"Hicks": (13, 24)}, turn=2)
    for k in range(3):
        put_alien(g, (0, k), stunned=True)
    g.aliens[1] = Alien()
    g._aliens_due = lambda: 1
    g.dice.script(5, 7)
    start_phase(g, "aliens_appear")
    assert g.aliens[1].in_play and not g.aliens[3].in_play and g.stats["aliens_appeared"] == 1
    assert any(e.startswith("Alien 1 appears") for e in g.events)

# -- victory ---------------------------------------------------------------------------------------
ORDER = ["Apone", "Hicks", "Vasquez", "Drake", "Hudson", "Dietrich", "Frost", "Crowe", "Wierzbowski"]
# first five one step from an EXIT square (direction of that step), the rest two steps
START = {"Apone": ((4, 1), [5]), "Hicks": ((5, 1), [6]), "Vasquez": ((6, 1), [6]), "Drake": ((7, 1), [6]),
         "Hudson": ((8, 1), [7]), "Dietrich": ((4, 2), [6, 5]), "Frost": ((5, 2), [6, 6]),
         "Crowe": ((6, 2), [6, 6]), "Wierzbowski": ((7, 2), [6, 6])}


def printed_result(out):
    return 1 if out >= 7 else 0 if out >= 4 else -1


@pytest.mark.parametrize("out", range(10))
def test_victory_levels_by_marines_out(out):
    """Rule fix (issue 11): there is no time limit, so the Marines who do not get out lie
    Incapacitated far from the Exit (until then a turn limit ended the game with them inside)."""
    inside = {n: (13, 16 + i) for i, n in enumerate(ORDER[out:])}
    g = empty_room({n: inside.get(n, START[n][0]) for n in ORDER}, turn=2)
    for n in inside:
        marine(g, n).incapacitated = True
    start_phase(g, "marines")
    for n in ORDER[:out]:
        assert g.marines[g.active].name == n
        for d in START[n][1]:
            act(g, "move", d)
        assert marine(g, n).status == "exited"
    assert g.is_terminal() and g.truncated_by() is None
    assert g.stats["exited"] == out
    result = g.outcome()
    assert result["marines"] == printed_result(out) and result["hive"] == -printed_result(out)


def test_incapacitated_marines_carried_out_count():
    g = empty_room({"Hicks": (6, 2), "Hudson": (6, 1), "Frost": (13, 24)}, turn=2, turn_limit=2)
    marine(g, "Hudson").incapacitated = True
    marines_phase(g, "Hicks")
    act(g, "move", 6)
    act(g, "move", 6)
    assert g.stats["exited"] == 2


def test_turn_limit_is_an_episode_cap_that_cuts_the_game_with_no_result():
    """Rule fix (issue 11): "with no time limit". A turn_limit the user asks for truncates the
    game: no win, draw or loss (until then the cap ended it as a loss for the Marines inside)."""
    g = empty_room({"Hicks": (13, 12)}, turn=3, turn_limit=3)
    marines_phase(g, "Hicks")
    act(g, "end")
    assert g.is_terminal() and g.phase == "truncated" and g.truncated_by() == "turn_limit"
    out = g.outcome()
    assert out["marines"] is None and out["hive"] is None and out["truncated_by"] == "turn_limit"
    assert g.legal_actions() == []


def test_no_time_limit_by_default():
    """Rulebook, The Reactor Room: "Four Aliens appear randomly on turn one, then two more every
    turn thereafter, with no time limit"."""
    assert ReactorRoom().turn_limit is None
    g = empty_room({"Hicks": (6, 22)}, turn=400)  # (6, 22) is next to no entry square
    marines_phase(g, "Hicks")
    act(g, "end")
    assert not g.is_terminal() and g.turn == 401 and g.truncated_by() is None


def test_the_last_marine_leaving_in_the_capped_turn_ends_the_game_by_the_rules():
    g = empty_room({"Hicks": (6, 1)}, turn=3, turn_limit=3)
    marines_phase(g, "Hicks")
    act(g, "move", 6)
    assert g.is_terminal() and g.truncated_by() is None and g.outcome()["marines"] == -1


def test_game_goes_on_below_the_turn_limit():
    g = empty_room({"Hicks": (13, 12)}, turn=2, turn_limit=3, beginner=True)
    marines_phase(g, "Hicks")
    act(g, "end")
    assert not g.is_terminal() and g.turn == 3


def test_game_ends_when_no_marine_on_the_map_can_act():
    g = empty_room({"Hicks": (6, 1), "Hudson": (0, 24)}, turn=2)
    marine(g, "Hudson").incapacitated = True
    marines_phase(g, "Hicks")
    act(g, "move", 6)
    assert g.is_terminal()
    assert g.outcome()["marines"] == -1


def test_shaping_counts_marines_left_inside_only_once_the_game_is_over():
    """Rule fix (issue 11): the game ends by the rules (the last Marine able to act leaves two
    Incapacitated ones inside), not by a turn limit; a game cut by a cap counts nobody stranded."""
    g = empty_room({"Hicks": (6, 2), "Hudson": (13, 12), "Frost": (13, 24)}, turn=3)
    marine(g, "Hudson").incapacitated = marine(g, "Frost").incapacitated = True
    w = g.data["shaping"]
    marines_phase(g, "Hicks")
    act(g, "move", 6)
    assert g.shaping_value("marines") == pytest.approx(0.0)  # the game goes on
    act(g, "move", 6)  # Hicks out: no Marine left can act, two inside
    assert g.is_terminal() and g.truncated_by() is None
    assert g.shaping_value("marines") == pytest.approx(w["exited"] + 2 * w["stranded"])
    assert g.shaping_value("hive") == pytest.approx(-g.shaping_value("marines"))
    assert w["stranded"] < 0
    cut = empty_room({"Hicks": (13, 12), "Hudson": (13, 24)}, turn=3, turn_limit=3)
    marines_phase(cut, "Hicks")
    act(cut, "end")
    act(cut, "end")
    assert cut.truncated_by() == "turn_limit" and cut.shaping_value("marines") == pytest.approx(0.0)
