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

_FOOTPRINTS: dict[tuple, tuple[int, ...]] = {}  # (board, anchor, size): the model's squares (boards are per map)


@cython.locals(kept=dict)  # (compiled: a dict read without a method lookup)
def kept_footprint(board, anchor: int, size: int = 2) -> tuple[int, ...]:
    """The model's squares at `anchor` (``board.footprint``; () off the board), the tuple kept per
    board (shared)."""
    kept, key = _FOOTPRINTS, (board, anchor, size)
    out = kept.get(key)
    if out is None:
        out = kept[key] = tuple(board.footprint(anchor, size) or ())
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
