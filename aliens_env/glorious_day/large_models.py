"""Large models (expansion "Moving Large Models"): 2 x 2 models named by their top-left square
(the anchor), moved one space at a time, diagonals included, on four legal spaces at each point
(core/grid.py's ``large_reach`` and ``large_field``: never split by walls, never standing on a
Barricaded door or a square the rules of the moment close), and making room for the smaller
friendly models a move ends on: each is moved one space, in any direction, to a free square; if
that is impossible for all of them, the large model cannot end its move there."""
from __future__ import annotations

from collections.abc import Sequence

from ..core.board import DIRECTIONS

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: (board, size): {anchor: the model's squares}, one dict per board (boards are per map) and size
_FOOTPRINTS: dict[tuple, dict[int, tuple[int, ...]]] = {}
#: (board, size, its dict of ``_FOOTPRINTS``) last asked about: nearly every ask is of the same
#: board as the one before, found so without a key tuple made and hashed
_LAST_BOARD: list[tuple] = [(None, 0, {})]


@cython.locals(kept=dict, last=tuple)  # (compiled: dict reads without method lookups)
def kept_footprint(board, anchor: int, size: int = 2) -> tuple[int, ...]:
    """The model's squares at `anchor` (``board.footprint``; () off the board), the tuple kept per
    board (shared)."""
    last = _LAST_BOARD[0]
    if last[0] is board and last[1] == size:
        kept = last[2]
    else:
        kept = _FOOTPRINTS.get((board, size))
        if kept is None:
            kept = _FOOTPRINTS[(board, size)] = {}
        _LAST_BOARD[0] = (board, size, kept)
    out = kept.get(anchor)
    if out is None:
        out = kept[anchor] = tuple(board.footprint(anchor, size) or ())
    return out


def centre2(board, squares: Sequence[int]) -> tuple[int, int]:
    """Twice the centre (row, col) of a model's squares: integers for any model."""
    rcs = [board.rc(s) for s in squares]
    return (min(r for r, _ in rcs) + max(r for r, _ in rcs) + 1, min(c for _, c in rcs) + max(c for _, c in rcs) + 1)


def away(board, mover: Sequence[int], attacker: Sequence[int]) -> int | None:
    """The direction (index of DIRECTIONS) straight away from the attacker's squares, or None."""
    (r1, c1), (r0, c0) = centre2(board, mover), centre2(board, attacker)
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    return DIRECTIONS.index((dr, dc)) if (dr or dc) else None


def shove_plan(nbrs: list, under: list[int], banned: set[int], also=()) -> dict[int, int] | None:
    """{square: new square} moving each model standing on `under` one space (a legal step) to a
    free square outside `banned` (the large model's new squares, every other model, Barricades)
    and outside `also` (more banned squares given apart, so that the caller makes no union: the
    Queen's new squares), each to its own square; None if no such plan exists. The first plan
    found in the order of the squares and of the directions is taken (A29)."""
    plan: dict[int, int] = {}
    return plan if _place(nbrs, under, banned, also, plan, 0) else None


def _place(nbrs: list, under: list[int], banned: set[int], also, plan: dict[int, int], i: int) -> bool:
    """shove_plan's search from the model on under[i] on, `plan` holding the moves of those before
    it (a module function: no closure made at each plan)."""
    if i == len(under):
        return True
    for s in nbrs[under[i]]:
        if s not in banned and s not in also and s not in plan.values():
            plan[under[i]] = s
            if _place(nbrs, under, banned, also, plan, i + 1):
                return True
            del plan[under[i]]
    return False
