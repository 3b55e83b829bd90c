"""core.board's line-of-sight tables give the engine's answers (Grid._compute_los_direct), row
for row, on the maps that use them: a speed change that must not change a single square."""
import numpy as np
import pytest

from aliens_env.core.board import Board, board_from_rows
from aliens_env.core.grid import Grid
from aliens_env.operations import data_files as ops_files
from aliens_env.operations.board import board as ops_board
from aliens_env.reactor_room import data_files as reactor_files


def _boards():
    reactor = board_from_rows(tuple(reactor_files.scenario("reactor_room")["map"].splitlines()))
    rows = tuple(ops_files.scenario()["map"].splitlines())
    return [("reactor_room", reactor), ("operations_sealed", ops_board(rows, False, False)),
            ("operations_open", ops_board(rows, True, True))]


@pytest.mark.parametrize("name,board", _boards(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_row_is_the_engines(name, board):
    opaque = board.sight_blocked()
    sources = [src for src in range(board.n) if not opaque[src]]
    assert sources
    for src in sources:
        fast = board._compute_los(src, None)
        assert np.array_equal(fast, Grid._compute_los_direct(board, src, None)), (name, board.rc(src))


def test_the_corner_rule_and_a_radius():
    """Shooters beside a wall see more from their square's corners (the tables of the corners are
    read, with the engine's answers); a radius is the engine's own case."""
    board = Board(["....#...",
                   "........",
                   "..#.....",
                   "........"])
    centres_only = Grid(board.height, board.width, board.terrains, board.cells, shooter_corners=False)
    wider = 0
    for src in range(board.n):
        if board.sight_blocked()[src]:
            continue
        row = board._compute_los(src, None)
        assert np.array_equal(row, Grid._compute_los_direct(board, src, None))
        assert np.array_equal(board._compute_los(src, 2), Grid._compute_los(board, src, 2))
        wider += int((row & ~centres_only.los_from(src)).sum())
    assert wider > 0


@pytest.mark.parametrize("name,board", _boards()[:2], ids=lambda v: v if isinstance(v, str) else "")
def test_line_squares_are_the_engines(name, board):
    """Board.line_squares (from offsets) against the engine's _line_squares, from every 11th
    square to every square (the squares and their order)."""
    from aliens_env.core.grid import _line_squares

    for src in range(0, board.n, 11):
        for dst in range(board.n):
            assert board.line_squares(src, dst) == _line_squares(board.width, board.rc(src), board.rc(dst)), (src, dst)
