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
