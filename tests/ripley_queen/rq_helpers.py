"""Position builders for the Ripley vs. the Queen rule tests.

The board (aliens_env/ripley_queen/data/ripley_queen.yaml), rows 0-5, columns 0-7:

     01234567
   0 #.......
   1 #..#....
   2 A.......
   3 A....#..
   4 #.......
   5 #.......

The airlock is (2, 0) and (3, 0); its rim is column 1 of rows 1-4.
"""
from __future__ import annotations

from aliens_env.ripley_queen.game import RipleyQueen


def sq(g: RipleyQueen, rc) -> int:
    return g.board.index(*rc)


def duel(ripley=(2, 3), queen=(2, 4), phase="ripley", turn=2, wounds=0, stance="unready", airlock_open=False,
         stun_turn=0, no_move_turn=0, **options) -> RipleyQueen:
    """A game with Ripley and the Queen where asked, its decision `phase` open (nothing run)."""
    g = RipleyQueen(**options)
    g.ripley, g.queen = sq(g, ripley), sq(g, queen)
    g.turn, g.phase, g.wounds, g.stance = turn, phase, wounds, stance
    g.airlock_open, g.stun_turn, g.no_move_turn = airlock_open, stun_turn, no_move_turn
    g.end = ""
    g._decide(phase)
    g.events = []
    g._cache.clear()
    return g


def play(g: RipleyQueen, name: str, index: int = 0) -> RipleyQueen:
    g.apply(g.layout.encode(name, index))
    return g


def legal_names(g: RipleyQueen) -> set[str]:
    return {g.layout.name(a) for a in g.legal_actions()}


def combat(g_kwargs: dict, queen_action: str, *rolls: int) -> RipleyQueen:
    """Ripley takes the attack of `queen_action` with the dice scripted to `rolls`; the game is
    played on to the next decision."""
    from aliens_env.ripley_queen.game import QUEEN_ACTIONS

    g = duel(phase="queen_action", **g_kwargs)
    g.dice.script(*rolls)
    return play(g, "queen_action", QUEEN_ACTIONS.index(queen_action))
