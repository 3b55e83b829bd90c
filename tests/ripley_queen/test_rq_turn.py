"""Ripley vs. the Queen: set-up, the three phases, Ripley's four choices, the Queen's move, the
retreat, the Stun, the turn limit."""
import pytest

from aliens_env.ripley_queen.game import RipleyQueen, scenario
from aliens_env.ripley_queen.policies import QueenDiceAI
from rq_helpers import duel, legal_names, play, sq


def test_setup_puts_ripley_and_the_queen_on_their_marked_squares_and_ripley_decides_first():
    g = RipleyQueen()
    g.reset(5)
    data = scenario()
    assert g.board.rc(g.ripley) == tuple(data["ripley_start"]) and g.board.rc(g.queen) == tuple(data["queen_start"])
    assert (g.turn, g.phase, g.current_player(), g.decision.kind) == (1, "ripley", "marines", "ripley")
    assert g.wounds == 0 and not g.airlock_open and g.stance == "unready" and g.end == ""


def test_the_airlock_sits_to_one_side_and_nobody_enters_it():
    g = RipleyQueen()
    airlock = [g.board.rc(i) for i in range(g.board.n) if g.airlock.flat[i]]
    assert airlock == [(2, 0), (3, 0)]
    assert not any(g.board.passable[r, c] for r, c in airlock)
    g = duel(ripley=(2, 1), queen=(2, 5))
    assert not {"move[W]", "move[SW]"} & legal_names(g)  # the airlock squares
    assert all(not g.airlock.flat[s] for s in g.queen_destinations())


def test_a_turn_is_ripleys_phase_then_the_queens_then_combat():
    g = RipleyQueen()
    g.reset(0)
    seen = [(g.turn, g.decision.kind)]
    play(g, "defend")
    seen.append((g.turn, g.decision.kind))
    g.apply(QueenDiceAI().act(g, "hive"))
    seen.append((g.turn, g.decision.kind))
    assert seen == [(1, "ripley"), (1, "queen"), (2, "ripley")]  # turn 1: the Queen is too far for Combat
    play(g, "defend")
    g.apply(QueenDiceAI().act(g, "hive"))
    assert g.adjacent() and g.turn == 2 and g.decision.kind == "combat"  # Combat: Ripley may retreat
    play(g, "accept")
    assert g.decision.kind == "queen_action" and g.current_player() == "hive"
    g.dice.script(5)
    play(g, "queen_action", 0)  # defend against charge, total 5: no result
    assert (g.turn, g.decision.kind, g.stats["combats"]) == (3, "ripley", 1)


def test_ripley_moves_one_square_in_any_direction_but_not_into_an_obstruction_or_the_queen():
    g = duel(ripley=(2, 2), queen=(2, 6))
    assert {n for n in legal_names(g) if n.startswith("move")} == {f"move[{d}]" for d in ("N", "E", "SE", "S", "SW", "W", "NW")}
    g = duel(ripley=(2, 3), queen=(2, 4))
    assert "move[E]" not in legal_names(g) and "move[W]" in legal_names(g)
    play(g, "move", 6)
    assert g.board.rc(g.ripley) == (2, 2) and g.stance == "unready" and g.decision.kind == "queen"


def test_sweep_and_defend_are_always_open_and_set_the_stance():
    for stance in ("sweep", "defend"):
        g = duel(ripley=(2, 2), queen=(5, 7))
        assert {"sweep", "defend"} <= legal_names(g)
        play(g, stance)
        assert g.stance == stance


def test_open_the_airlock_only_while_the_queen_is_stunned():
    g = duel(turn=4, stun_turn=0)
    assert "open_airlock" not in legal_names(g)
    g = duel(turn=4, stun_turn=4)
    assert "open_airlock" in legal_names(g)
    play(g, "open_airlock")
    assert g.airlock_open and g.stance == "unready"
    g = duel(turn=4, stun_turn=4, airlock_open=True)
    assert "open_airlock" not in legal_names(g)  # it stays open


def test_the_queen_moves_up_to_three_squares_as_near_ripley_as_they_take_her():
    g = duel(ripley=(2, 2), queen=(2, 7), phase="queen")
    dests = {g.board.rc(s) for s in g.queen_destinations()}
    # two steps from Ripley is the nearest three steps go; (0, 4) is three from her, round the crate
    assert dests == {(1, 4), (2, 4), (3, 4), (4, 4)}
    assert all(g.dist[g.queen][s] <= 3 and g.dist[s][g.ripley] == 2 for s in g.queen_destinations())
    assert g.legal_mask("hive").sum() == 4


def test_the_queen_next_to_ripley_may_go_round_her_but_not_onto_her():
    g = duel(ripley=(2, 2), queen=(2, 3), phase="queen")
    dests = {g.board.rc(s) for s in g.queen_destinations()}
    assert dests == {(1, 1), (1, 2), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}  # next to her; (1, 3) is a crate


def test_the_dice_queen_heads_straight_for_ripley_ties_by_the_die():
    g = duel(ripley=(2, 2), queen=(2, 7), phase="queen")
    # four squares two steps from Ripley are three steps away: (1, 4) to (4, 4) ((0, 4) is three
    # from Ripley, round the crate at (1, 3)); the die picks in bands of two, a 8 or 9 rolls again
    for rolls, square in (((0,), (1, 4)), ((3,), (2, 4)), ((4,), (3, 4)), ((7,), (4, 4)), ((9, 2), (2, 4))):
        g2 = g.clone()
        g2.dice.script(*rolls)
        g2.apply(QueenDiceAI().act(g2, "hive"))
        assert g2.board.rc(g2.queen) == square and g2.dice.scripted_left == 0


def test_the_dice_queen_next_to_ripley_stays_put():
    g = duel(ripley=(2, 2), queen=(2, 3), phase="queen")
    before = g.dice.rolls
    g.apply(QueenDiceAI().act(g, "hive"))
    assert g.board.rc(g.queen) == (2, 3) and g.dice.rolls == before


def test_no_combat_unless_the_queen_is_next_to_ripley():
    g = duel(ripley=(2, 1), queen=(5, 8), phase="queen")
    g.apply(QueenDiceAI().act(g, "hive"))
    assert g.dist[g.queen][g.ripley] == 4  # seven steps away, three nearer
    assert g.turn == 3 and g.decision.kind == "ripley" and g.stats["combats"] == 0


def test_retreat_before_the_attack_goes_away_from_both_the_queen_and_the_airlock():
    g = duel(ripley=(2, 2), queen=(2, 1), phase="combat")
    assert {n for n in legal_names(g) if n.startswith("retreat")} == {"retreat[E]", "retreat[SE]"}
    assert "accept" in legal_names(g)
    rolls = g.dice.rolls
    play(g, "retreat", 2)
    assert g.board.rc(g.ripley) == (2, 3) and g.stats["combats"] == 0 and g.dice.rolls == rolls
    assert g.turn == 3 and g.decision.kind == "ripley" and g.wounds == 0


def test_retreat_costs_the_next_turns_move_only():
    g = duel(ripley=(2, 2), queen=(2, 1), phase="combat")
    play(g, "retreat", 2)
    assert not any(n.startswith("move") for n in legal_names(g)) and {"sweep", "defend"} <= legal_names(g)
    play(g, "defend")
    g.apply(QueenDiceAI().act(g, "hive"))
    play(g, "accept") if g.decision.kind == "combat" else None
    if g.decision.kind == "queen_action":
        g.dice.script(5)
        play(g, "queen_action", 0)  # defend against charge, 5: no result
    assert g.turn == 4 and any(n.startswith("move") for n in legal_names(g))


def test_boxed_in_against_a_wall_ripley_must_accept_the_attack():
    g = duel(ripley=(0, 8), queen=(2, 6), phase="queen")
    g.apply(QueenDiceAI().act(g, "hive"))  # the Queen comes next to Ripley in the corner
    assert g.adjacent() and g.retreat_squares() == []
    assert g.decision.kind == "queen_action" and g.current_player() == "hive"  # no choice was offered


def test_a_stunned_queen_is_frozen_next_turn_then_acts_again():
    g = duel(ripley=(2, 2), queen=(2, 3), turn=5, stun_turn=5)
    play(g, "defend")
    assert g.turn == 6 and g.decision.kind == "ripley"  # no Queen's move, no Combat
    assert g.board.rc(g.queen) == (2, 3) and g.stats["combats"] == 0
    assert "open_airlock" not in legal_names(g)
    play(g, "defend")
    assert g.decision.kind == "queen"


def test_the_turn_limit_ends_the_duel_in_a_draw():
    g = duel(ripley=(2, 1), queen=(5, 8), turn=scenario()["turn_limit"])
    play(g, "defend")
    g.apply(QueenDiceAI().act(g, "hive"))
    assert g.is_terminal() and g.end == "time_limit"
    assert (g.outcome()["marines"], g.outcome()["hive"]) == (0, 0)


def test_turn_limit_option_is_checked():
    assert RipleyQueen(turn_limit=5).turn_limit == 5
    for bad in (0, -1, 2.5, "5", True):
        with pytest.raises(ValueError, match="turn_limit"):
            RipleyQueen(turn_limit=bad)
