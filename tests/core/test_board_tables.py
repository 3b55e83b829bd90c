"""The Board's Python-list tables (kept for speed) answer as the numpy rows they come from."""
import numpy as np

from aliens_env.core.board import Board

ROWS = ["..W..d..", ".WW.#S..", "..d..#..", "S..W.W.E", "....W..."]  # Stairwells (S): a square no one stands on


def test_distance_list_and_within_equal_distances_from_on_every_square():
    board = Board(ROWS)
    for square in range(board.n):
        row = board.distances_from(square)
        assert board.distance_list(square) == row.tolist()
        for steps in range(7):
            assert board.within(square, steps) == np.flatnonzero(row <= steps).tolist()


def test_boards_of_one_size_share_the_range_and_step_tables_and_they_answer_as_the_grid():
    from aliens_env.core.grid import Grid

    board, other = Board(ROWS), Board([row.replace("W", ".") for row in ROWS])
    assert board._range is other._range and board._step1 is other._step1
    for a in range(board.n):
        assert [board.range(a, b) for b in range(board.n)] == [Grid.range(board, a, b) for b in range(board.n)]
        assert board._step1[a] == tuple(Grid.step(board, a, d) for d in range(8))
