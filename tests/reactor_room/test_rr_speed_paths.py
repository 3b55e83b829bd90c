"""The Reactor Room's shortcuts (kept for speed) answer as the plain rules code they stand for:
checked over positions of random play."""
import numpy as np

from aliens_env.core.board import NO
from aliens_env.reactor_room.game import ReactorRoom


def positions(games=6, steps=150):
    rng = np.random.default_rng(0)
    for seed in range(games):
        game = ReactorRoom()
        game.reset(seed)
        for _ in range(steps):
            if game.is_terminal():
                break
            yield game
            game.apply(int(rng.choice(game.legal_actions())))


def test_fire_numbers_equal_fire_number_at_each_aim():
    checked = 0
    for game in positions():
        if game.current_player() != "marines" or game.active == NO:
            continue
        m = game.marines[game.active]
        aims = range(1, game.characters[m.name].max_aim + 1)
        for a in game.targets():
            saved, expected = m.aim, []
            for aim in aims:
                m.aim = aim
                expected.append(game._fire_number(game.active, a))
            m.aim = saved
            assert game._fire_numbers(game.active, a, aims) == expected
            checked += 1
    assert checked > 100


def test_first_in_line_equals_tracing_the_line():
    rng = np.random.default_rng(1)
    checked = 0
    for game in positions():
        counters = game._occupied()
        for _ in range(5):
            src, dst = (int(s) for s in rng.integers(game.board.n, size=2))
            game._cache["counters"] = counters
            traced = not any(sq in counters for sq in game.board.line_squares(src, dst))
            assert game._first_in_line(src, dst) == traced
            checked += 1
    assert checked > 1000


def test_the_kept_range_rows_are_the_boards_in_every_game_of_the_family():
    """``_ranges`` (the struct's copy of the board's range table, read by the hot queries) is the
    table of the board the game plays on now, in the Reactor Room, Operations (whose doors set new
    boards: the far door opened here) and the lairs."""
    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.operations.game import Operations

    rng = np.random.default_rng(2)
    for game in (ReactorRoom(), Operations(), HuntForTheQueen()):
        game.reset(3)
        for step in range(120):
            if game.is_terminal():
                break
            if isinstance(game, Operations) and step == 60 and not game.far_door_open:
                game._open_door("far", "cut open")
                game._cache.clear()  # (the position changed under the open decision: its mask anew)
            assert game._ranges is game.board.range_rows()
            game.apply(int(rng.choice(game.legal_actions())))
        board = game.board
        assert [game._ranges[a] for a in range(board.n)] == [board.range_row(a) for a in range(board.n)]
        assert all(game._ranges[a][b] == board.range(a, b) for a in range(0, board.n, 7) for b in range(0, board.n, 5))
