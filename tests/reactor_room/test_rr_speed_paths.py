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



def test_every_way_a_game_is_made_keeps_its_boards_range_rows():
    """``_ranges`` (the board's range table kept in the struct, read by the hot queries: set with the
    board, ``_use_board``) is the table of the board the game plays on, however the game was made:
    built and reset, cloned, saved and loaded, pickled, a stage of the Movie chains; in the Reactor
    Room, Operations (boards per door state) and the lairs."""
    import pickle

    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.movie.complete import CompleteMovie
    from aliens_env.movie.game import MovieScenario
    from aliens_env.operations.game import Operations

    rng = np.random.default_rng(2)

    def played(game, steps):
        for _ in range(steps):
            if game.is_terminal():
                break
            game.apply(int(rng.choice(game.legal_actions())))
        return game

    games = []
    for cls in (ReactorRoom, Operations, HuntForTheQueen):
        game = cls()
        game.reset(3)
        played(game, 40)
        games += [game, game.clone(), cls.from_dict(game.to_dict()), pickle.loads(pickle.dumps(game))]
    for chain in (MovieScenario(), CompleteMovie()):
        chain.reset(1)
        games.append(chain.stage_game)
    for game in games:
        assert game._ranges is game.board.range_rows(), type(game).__name__
        played(game, 20)
        assert game._ranges is game.board.range_rows(), type(game).__name__
