"""Position builders for the lairs rule tests.

Squares are (row, col) on the map of aliens_env/lairs/data/lairs.yaml: row 14 is an open corridor
from column 1 to 33; Stairwell 5 is rows 15-16, columns 3-4; Room 5 is rows 17-19, columns 8-14,
entered from (21, 11) through (20, 11); the Elevator rows 21-22, columns 17-20; the large
Stairwell 9 rows 7-9, columns 31-34."""
from __future__ import annotations

from aliens_env.core.board import NO
from aliens_env.lairs.game import QUEEN, STOP, HuntForTheQueen  # noqa: F401
from rr_helpers import clear_room, idx, marine, put_alien  # noqa: F401

FACEHUGGER = 1  # the first Facehugger counter


def empty_lairs(marines: dict | None = None, turn: int = 2, **options) -> HuntForTheQueen:
    """A game with no Alien in play, nobody riding the Elevator, and only the listed Marines on the
    map ({name: (r, c)}); the others are off it ("dead"). Left between phases (phase "setup").
    ``options``: the lairs' options (the Closing Notes' variants)."""
    g = HuntForTheQueen(**options)
    g.riders, g.appear_at, g.facehugged = [], [], []
    g.queen_attacks, g.queen_hit, g.queen_steps, g.queen_from = [], [], 0, NO
    g.queen_damage, g.queen_dead = 0, False
    return clear_room(g, marines, turn)


def sq(g: HuntForTheQueen, rc) -> int:
    return g.board.index(*rc)


def state(m) -> str:
    return "dead" if m.status == "dead" else "incapacitated" if m.incapacitated else "wounded" if m.wounded else "none"
