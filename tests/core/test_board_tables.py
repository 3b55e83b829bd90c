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
    assert board.range_rows() is other.range_rows() and board.range_rows()[3] == board.range_row(3)
    for a in range(board.n):
        assert [board.range(a, b) for b in range(board.n)] == [Grid.range(board, a, b) for b in range(board.n)]
        assert board._step1[a] == tuple(Grid.step(board, a, d) for d in range(8))
        assert board.step_row(a) is board._step1[a]  # (step(a, d) for each direction: the table's own row)


def test_every_passable_squares_distance_row_is_made_at_the_first_call():
    """Rows made one by one as games first asked for them kept an env's memory growing for
    100,000 steps and more (issue 16): the first call makes every passable square's row."""
    board = Board(ROWS)
    passable = np.flatnonzero(board.passable.ravel()).tolist()
    first = board.distance_list(passable[0])
    made = board._distance_lists
    assert first is made[passable[0]]
    assert all(made[s] is not None for s in passable)
    board.distance_list(passable[-1])
    assert board._distance_lists is made  # nothing made again


def test_line_squares_keep_nothing_per_pair_of_squares():
    """line_squares depends on the segment's offset alone (line_steps), so a new pair of squares
    adds nothing to the board (a cache per pair grew to 746,000 entries on the lairs' map)."""
    from aliens_env.core.grid import _line_squares

    board = Board(ROWS)

    def kept():  # entries in the board's dicts (its caches)
        return sum(len(v) for v in vars(board).values() if isinstance(v, dict))

    before = kept()
    for src in range(board.n):
        for dst in range(board.n):
            if src != dst:
                assert board.line_squares(src, dst) == _line_squares(board.width, board.rc(src), board.rc(dst))
    assert kept() == before
