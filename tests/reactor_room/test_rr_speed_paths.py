"""The Reactor Room's shortcuts (kept for speed) answer as the plain rules code they stand for:
checked over positions of random play."""
import numpy as np

from aliens_env.core.board import NO, UNREACHABLE
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



def plain_destinations(game, start, goal, steps):
    """The Alien's move read plainly: the open squares within reach and its own, the nearest to goal."""
    occupied = game._occupied() - {start}
    paths = game._paths()
    squares = sorted({sq for sq in paths.within(start, steps) if sq not in occupied} | {start})
    remaining = paths.distance_list(goal)
    best = min(remaining[sq] for sq in squares)
    return [sq for sq in squares if remaining[sq] == best]


def test_destinations_equal_the_plain_rule():
    """``_destinations`` (one pass, on C integers) gives the plain rule's squares in the same order,
    from every Alien in play towards every Marine on the map, and from squares that are not
    within their own reach (a Stairwell's: the start added in order)."""
    checked = outside = 0
    for game in positions():
        goals = [m.pos for m in game.marines if m.status == "on_map"]
        starts = [al.pos for al in game.aliens if al.in_play]
        starts += [sq for sq in range(0, game.board.n, 7) if sq not in game._paths().within(sq, 4)][:3]
        for start in starts:
            outside += start not in game._paths().within(start, 4)
            for goal in goals:
                for steps in (1, 4):
                    assert ReactorRoom._destinations(game, start, goal, steps) == plain_destinations(game, start, goal, steps)
                    checked += 1
    assert checked > 1000 and outside > 50


def test_the_order_and_target_choices_are_the_plain_rule():
    """At the hive's order decision, the Aliens of the queue nearest (by path) to an available
    Marine, in queue order; at its target decision, the available Marines nearest to the moving
    Alien, in order (``_step_aliens_move`` and ``_step_mover`` keep the nearest as they go)."""
    seen = {"order": 0, "target": 0}
    for game in positions(games=12, steps=300):
        d = game.decision
        if d is None or d.kind not in seen:
            continue
        available = game._available()
        paths = game._paths()
        if d.kind == "order":
            near = {a: min(paths.distance_list(game.aliens[a].pos)[game.marines[m].pos] for m in available)
                    for a in game.queue}
            best = min(near.values())
            assert best < UNREACHABLE and list(d.options) == [a for a in game.queue if near[a] == best]
        else:
            row = paths.distance_list(game.aliens[game.mover].pos)
            best = min(row[game.marines[m].pos] for m in available)
            assert list(d.options) == [m for m in available if row[game.marines[m].pos] == best]
        seen[d.kind] += 1
    assert min(seen.values()) > 10, seen


def plain_closest_step(game, pos, goal, moves, barred=None):
    """The scripted marines' step read plainly: the least (path cost, Aliens beside), the first on a tie."""
    alien_squares = [al.pos for al in game.aliens if al.in_play]
    here, best = int(goal[pos]), None
    for direction, action in moves.items():
        sq = game.board.step(pos, direction)
        d = int(goal[sq])
        if d >= UNREACHABLE or d >= here or (barred is not None and barred(sq)):
            continue
        key = (d, sum(game.board.range(sq, p) <= 1 for p in alien_squares))
        if best is None or key < best[0]:
            best = (key, action)
    return None if best is None else best[1]


def test_closest_step_move_actions_and_threat_equal_the_plain_reading():
    """The scripted marines' helpers on C integers (heuristic.py) answer as the plain reading, on
    path costs as a list and as an array, with and without barred squares."""
    from aliens_env.reactor_room.heuristic import HeuristicMarines, closest_step, move_actions

    marines, checked, moved = HeuristicMarines(), 0, 0
    for game in positions(games=8, steps=200):
        if game.current_player() != "marines" or game.active == NO or game.decision.kind != "marine":
            continue
        legal = set(game.legal_actions())
        start, count = game.layout.slices["move"]
        moves = move_actions(game, legal)
        assert moves == {a - start: a for a in legal if start <= a < start + count}
        pos = game.marines[game.active].pos
        exits = marines._exit_distances(game)
        able = [o.pos for o in game.marines if o.status == "on_map" and not o.incapacitated]
        for a in game.targets():
            ranges = game._ranges[game.aliens[a].pos]
            assert marines._threat(game, a, able) == any(ranges[p] <= marines.threat_range for p in able)
        for goal, barred in ((exits, None), (np.array(exits), None), (exits, lambda sq: sq % 3 == 0)):
            step = closest_step(game, pos, goal, moves, barred)
            assert step == plain_closest_step(game, pos, goal, moves, barred)
            moved += step is not None
        checked += 1
    assert checked > 100 and moved > 100


def test_safe_grenades_equal_the_plain_reading():
    """``safe_grenades`` (a list, on C integers, the Grenade Table read per range from
    MARINE_HARMED_AT) gives the plain reading's throws, in order, in Operations and the lairs."""
    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.lairs.game import QUEEN
    from aliens_env.operations.game import Operations
    from aliens_env.reactor_room.data_files import grenade_result
    from aliens_env.reactor_room.heuristic import safe_grenades

    def plain(game, legal, even_on_card):
        at = game.layout.slices["grenade"][0]
        marines = [o.pos for o in game.marines if o.status == "on_map"]
        out = []
        for k, a in enumerate(game.targets()):
            al = game.aliens[a]
            if at + k not in legal or (al.card != NO and a != even_on_card):
                continue
            seen, ranges = game.board.los_list(al.pos), game._ranges[al.pos]
            if any((ranges[p] == 0 or seen[p]) and grenade_result(ranges[p])["marine"] != "none" for p in marines):
                continue
            out.append((at + k, a, sum(1 for o in game.aliens if o.in_play and ranges[o.pos] <= 1 and seen[o.pos])))
        return out

    rng = np.random.default_rng(2)
    throws = 0
    for make, even_on_card in ((Operations, NO), (HuntForTheQueen, QUEEN)):
        for seed in range(4):
            game = make()
            game.reset(seed)
            for _ in range(400):
                if game.is_terminal():
                    break
                d = game.decision
                if d.player == "marines" and d.kind == "marine" and "grenade" in game.layout.slices:
                    legal = set(game.legal_actions())
                    found = safe_grenades(game, legal, even_on_card)
                    assert found == plain(game, legal, even_on_card)
                    throws += len(found)
                game.apply(int(rng.choice(game.legal_actions())))
    assert throws > 20


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
