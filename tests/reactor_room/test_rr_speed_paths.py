"""The Reactor Room's shortcuts (kept for speed) answer as the plain rules code they stand for:
checked over positions of random play."""
import numpy as np

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.reactor_room.game import ReactorRoom


def positions(games=6, steps=150, rng_seed=0, make=ReactorRoom, **options):
    """Positions of games of ``make`` (a game of the Reactor Room family, with ``options``) under
    random play."""
    rng = np.random.default_rng(rng_seed)
    for seed in range(games):
        game = make(**options)
        game.reset(seed)
        for _ in range(steps):
            if game.is_terminal():
                break
            yield game
            game.apply(int(rng.choice(game.legal_actions())))


def plain_best_shot(game, m_index, a):
    """The scripted marines' best shot read plainly: ``_fire_number`` at each Aim the Marine can
    still reach, the first Aim of the highest chance of a kill."""
    m = game.marines[m_index]
    saved, sure, best = m.aim, game.tables["automatic_kill"], (0.0, 1)
    for aim in range(max(1, m.aim), min(game.characters[m.name].max_aim, m.aim + m.actions_left) + 1):
        m.aim = aim
        number = game._fire_number(m_index, a)
        m.aim = saved
        if number is not None:
            p = 1.0 if number >= sure else min(max(number + 1, 0), 10) / 10
            if p > best[0]:
                best = (p, aim)
    return best


def test_best_shot_equals_fire_number_at_each_aim():
    """The scripted marines' ``best_shot`` (the card's rows read in one loop) as ``_fire_number``
    (the card's ``hit_number``) at each Aim, for healthy and wounded Marines, at several Aims and
    Actions left (none within reach too)."""
    from aliens_env.reactor_room.heuristic import best_shot

    checked = {False: 0, True: 0}
    for game in positions():
        if game.current_player() != "marines" or game.active == NO:
            continue
        m = game.marines[game.active]
        saved = m.aim, m.wounded, m.actions_left
        for wounded in (False, True):  # (the shot does not depend on these: one kept shot serves all)
            for aim, left in ((0, 3), (1, 1), (2, 0), (3, 3), (0, 0)):
                m.wounded, m.aim, m.actions_left = wounded, aim, left
                for a in game.targets():
                    expected = plain_best_shot(game, game.active, a)
                    assert best_shot(game, game.active, a) == expected
                    checked[wounded] += expected[0] > 0
        m.aim, m.wounded, m.actions_left = saved
    assert min(checked.values()) > 100, checked


def test_out_of_sight_targets_have_no_shot():
    """The scripted marines' covering fire passes over a target out of the acting Marine's sight
    (``los_list`` of its square) without asking ``best_shot``: that is exact only if the sight list
    is ``has_los`` and such a target's best shot is (0.0, 1) at every Aim and Actions left."""
    from aliens_env.reactor_room.heuristic import best_shot

    out_of_sight = 0
    for game in positions():
        if game.current_player() != "marines" or game.active == NO:
            continue
        m = game.marines[game.active]
        seen = game.board.los_list(m.pos)
        assert seen == [game.board.has_los(m.pos, sq) for sq in range(game.board.n)]
        saved = m.aim, m.actions_left
        for a in game.targets():
            if seen[game.aliens[a].pos]:
                continue
            out_of_sight += 1
            for aim, left in ((0, 3), (1, 1), (2, 0), (3, 3)):
                m.aim, m.actions_left = aim, left
                assert best_shot(game, game.active, a) == (0.0, 1)
                assert game._shot(game.active, a) is None
            m.aim, m.actions_left = saved
    assert out_of_sight > 100, out_of_sight


def plain_target_mask(game, m, char, in_combat, targets):
    """The Melee, fire and paired-fire entries of the acting Marine's mask read plainly: every
    target asked (no stop past the weapon's reach, no sight list read first)."""
    mask, s, i = game.layout.empty_mask(), game._slot, game.active
    for k, a in enumerate(targets):
        if m.actions_left > 0 and game.board.range(m.pos, game.aliens[a].pos) <= 1:
            mask[s["melee"] + k] = 1
        if m.aim > 0 and not in_combat:
            number = game._fire_number(i, a)
            if number is not None and number >= 0:
                mask[s["fire"] + k] = 1
            if game.options["machine_gun_special"] and char.weapon == "Machine Gun":
                b = game._pair_partner(i, a)
                pair = None if b == NO else game._pair_number(i, a, b)
                if pair is not None and pair >= 0:
                    mask[s["fire_pair"] + k] = 1
    return mask


def test_target_mask_equals_asking_every_target():
    """``_target_mask`` (stops at the first target past the weapon's reach; asks for no shot at a
    target out of the Marine's sight) sets the entries of the plain rules code, at several Aims and
    Actions left, In Combat or not, in the Reactor Room (with the Machine Gun's paired fire on, and
    off), Operations and Hunt for the Queen: targets out of sight among them, and shots allowed."""
    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.operations.game import Operations

    counts = {"unseen": 0, "fire": 0, "fire_pair": 0}
    for make, options in ((ReactorRoom, {"machine_gun_special": True}), (ReactorRoom, {}), (Operations, {}),
                          (HuntForTheQueen, {})):
        for game in positions(games=3, make=make, **options):
            if game.current_player() != "marines" or game.active == NO or game.decision.kind != "marine":
                continue
            m = game.marines[game.active]
            char, targets = game.characters[m.name], game.targets()
            seen = game.board.los_list(m.pos)
            counts["unseen"] += sum(not seen[game.aliens[a].pos] for a in targets)
            saved = m.aim, m.actions_left
            for aim, left in ((0, 2), (1, 1), (2, 0), (char.max_aim, 3)):
                m.aim, m.actions_left = min(aim, char.max_aim), left
                for in_combat in (False, True):
                    game._cache.clear()  # (the shots kept for the position: worked out again)
                    expected = plain_target_mask(game, m, char, in_combat, targets)
                    game._cache.clear()
                    flags = bytearray(game.layout.size)  # (the mask's bytearray: _compute_marine_mask's)
                    game._target_mask(flags, m, char, in_combat, targets)
                    assert list(flags) == expected.tolist()
                    for kind in ("fire", "fire_pair"):
                        counts[kind] += int(expected[game.layout.span(kind)].sum())
            m.aim, m.actions_left = saved
            game._cache.clear()
    assert min(counts.values()) > 20, counts


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
    from every Alien in play towards every Marine on the map and towards a square no one reaches
    (every square then ties: the order shows), from the Stairwells (not within their own reach: the
    start is put in its place in order), with and without Fires."""
    checked = {"alien": 0, "stairwell": 0, "fires": 0, "start outside its reach": 0}
    for fires, games in ((False, positions()), (True, positions(3, 300, 3, fires=True, thrown_grenades=True))):
        for game in games:
            paths = game._paths()
            if fires and paths is game.board:
                continue  # (no Fire burning: the plain board)
            nowhere = int(np.flatnonzero(~game.board.passable.ravel())[0])
            goals = [m.pos for m in game.marines if m.status == "on_map"] + [nowhere]
            stairwells = np.flatnonzero(game.board.stairwell.ravel()).tolist()[::5]
            for kind, starts in (("alien", [al.pos for al in game.aliens if al.in_play]), ("stairwell", stairwells)):
                for start in starts:
                    checked["start outside its reach"] += start not in paths.within(start, 4)
                    for goal in goals:
                        for steps in (1, 4):
                            expected = plain_destinations(game, start, goal, steps)
                            assert ReactorRoom._destinations(game, start, goal, steps) == expected
                            checked["fires" if fires else kind] += 1
    assert min(checked.values()) > 200, checked



class EvenPaths:
    """Paths on which every square is as far from any goal (all tie) and a square is never within
    its own reach: the start's place among the squares shows in the order of the answer."""

    def __init__(self, n):
        self.n = n

    def within(self, start, steps):
        return [sq for sq in range(0, self.n, 3) if sq != start]

    def distance_list(self, goal):
        return [7] * self.n


def test_destinations_put_a_start_outside_its_reach_in_its_place():
    game = ReactorRoom()
    game.reset(0)
    game._paths = lambda: EvenPaths(game.board.n)  # (an instance attribute: found before the method)
    occupied = game._occupied()
    for start in (0, 1, 100, 200, game.board.n - 1):
        expected = sorted({sq for sq in range(0, game.board.n, 3) if sq not in occupied} | {start})
        assert ReactorRoom._destinations(game, start, 5, 4) == expected == plain_destinations(game, start, 5, 4)

class ChoicesRecorded(ReactorRoom):
    """The Reactor Room with its Aliens' order and target choices checked as they are made against
    the plain rule, read from the position before (a Python override of the cpdef steps)."""

    seen: dict = {}  # (what the checks met: counted per test run)

    def _step_aliens_move(self):
        if self.mover != NO or not self.queue or not self._available():
            return ReactorRoom._step_aliens_move(self)
        queue, available, paths = list(self.queue), self._available(), self._paths()
        near = {a: min(paths.distance_list(self.aliens[a].pos)[self.marines[m].pos] for m in available) for a in queue}
        kept = [a for a in queue if near[a] < UNREACHABLE]
        best = min((near[a] for a in kept), default=None)
        closest = [a for a in kept if near[a] == best]
        ReactorRoom._step_aliens_move(self)
        self.seen["waits"] += len(kept) < len(queue)
        if len(closest) > 1:
            assert self.decision.kind == "order" and list(self.decision.options) == closest and self.queue == kept
            self.seen["order"] += 1
        else:
            assert self.queue == [a for a in kept if a not in closest]
            self.seen["one"] += len(closest)

    def _step_mover(self):
        if self.mover_target != NO or not self._available():
            return ReactorRoom._step_mover(self)
        available = self._available()
        row = self._paths().distance_list(self.aliens[self.mover].pos)
        best = min(row[self.marines[m].pos] for m in available)
        nearest = [m for m in available if row[self.marines[m].pos] == best]
        ReactorRoom._step_mover(self)
        if best >= UNREACHABLE:
            assert self.mover == NO and self.mover_target == NO
            self.seen["unreachable"] += 1
        elif len(nearest) > 1:
            assert self.decision.kind == "target" and list(self.decision.options) == nearest
            self.seen["target"] += 1


def test_the_order_and_target_choices_are_the_plain_rule():
    """``_step_aliens_move`` and ``_step_mover`` (the nearest kept as they go, on C integers): the
    Aliens that reach no Marine wait (out of the queue), the queue's nearest to an available Marine
    moves (ties: the hive's order decision, in queue order); the moving Alien's nearest Marine is its
    target (ties: the target decision, in order)."""
    seen = ChoicesRecorded.seen = dict.fromkeys(("order", "one", "waits", "target", "unreachable"), 0)
    for _ in positions(12, 300, 4, make=ChoicesRecorded):
        pass  # (the checks run inside the game's own steps)
    assert seen["order"] > 10 and seen["one"] > 100 and seen["target"] > 10, seen


def test_targets_open_steps_and_coming_to_rest_equal_the_plain_readings():
    """``targets`` (its order keys in C), ``_open_steps`` (the Aliens and Fires at range 1 only),
    ``_blocked_squares``, ``_can_come_to_rest`` (C loops) and ``_legal_steps`` answer as the rules read plainly, with
    Aliens and Fires beside the acting Marine (steps barred) and farther off."""
    checked = rested = 0
    barred = {"alien": 0, "fire": 0}
    for game in positions(games=8, steps=200, fires=True):
        if game.current_player() != "marines" or game.active == NO:
            continue
        m = game.marines[game.active]
        in_play = [a for a, al in enumerate(game.aliens) if al.in_play]
        assert game.targets() == sorted(in_play, key=lambda a: (game.board.range(m.pos, game.aliens[a].pos), a))
        alien_squares = {game.aliens[a].pos for a in in_play} | set(game.fires)
        assert game._blocked_squares() == alien_squares
        steps = game._open_steps()
        assert list(steps) == [(d, sq) for d, sq in game.board.neighbours[m.pos] if sq not in alien_squares]
        beside = {sq for _, sq in game.board.neighbours[m.pos]}
        barred["alien"] += any(game.aliens[a].pos in beside for a in in_play)
        barred["fire"] += any(sq in beside for sq in game.fires)
        standing = game._standing_squares(exclude=game.active)

        def plain_rest(sq, moves):  # breadth first, through standing Marines, round the Aliens and Fires
            reach = {sq}
            for _ in range(moves):
                reach |= {n for s in reach if s not in alien_squares
                          for _, n in game.board.neighbours[s] if n not in alien_squares}
            return any(s not in standing and s not in alien_squares for s in reach - {sq})

        for _, sq in steps:
            for moves in (0, 1, 2, 3):
                free = plain_rest(sq, moves)
                assert game._can_come_to_rest(sq, moves, standing, alien_squares) == free
                rested += free
        left = m.actions_left - 1  # (a step onto a teammate: the rest of the move must end on a free square)
        assert list(game._legal_steps(game.active, standing)) == [
            (d, sq) for d, sq in steps if sq not in standing or plain_rest(sq, left)]
        checked += 1
    assert checked > 100 and rested > 100 and min(barred.values()) > 5, barred


def plain_aliens_shown(game, plane, active):
    """The first part of ``_squares_shown`` (the one typed) as it read before (session 36): the
    Aliens' squares on their planes, and the targets' features (a list, empty with no acting
    Marine: since session 39 the typed version's list, as the tail reads either alike)."""
    aliens = game.aliens
    on_card, stunned, alien = plane["on_card"], plane["stunned"], plane["alien"]
    d = game.decision
    if d is not None and d.player == "marines" and active != NO:
        pos = game.marines[active].pos
        ranges, seen = game._ranges[pos], game.board.los_list(pos)
        ones, targeted = [], []
        for a in game.targets():
            al = aliens[a]
            sq, card = al.pos, al.card != NO
            ones.append((on_card if card else stunned if al.stunned else alien) + sq)
            targeted += (1, min(ranges[sq], 20) / 20, seen[sq], card, al.stunned)
        return ones, targeted
    return [(on_card if al.card != NO else stunned if al.stunned else alien) + al.pos for al in aliens if al.in_play], []


def test_squares_shown_equals_the_plain_reading():
    kinds = set()
    for game in positions(games=8, steps=200):
        ones, live, targeted = game._squares_shown(game._plane, game.active)
        assert (ones[:live], targeted) == plain_aliens_shown(game, game._plane, game.active)
        kinds.add(game.decision.kind)
    assert {"marine", "order", "target", "move_to"} <= kinds, kinds


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
    path costs as a list and as an array, with and without barred squares; the Moves in the legal
    set's order (a tie goes to the first); the threat at several ranges."""
    from aliens_env.reactor_room.heuristic import HeuristicMarines, closest_step, move_actions

    scripts = [HeuristicMarines(threat_range) for threat_range in (0, 3, 9, 25)]
    checked = moved = threats = 0
    for game in positions(games=8, steps=200):
        if game.current_player() != "marines" or game.active == NO or game.decision.kind != "marine":
            continue
        legal = set(game.legal_actions())
        start, count = game.layout.slices["move"]
        moves = move_actions(game, legal)
        assert list(moves.items()) == [(a - start, a) for a in legal if start <= a < start + count]
        pos = game.marines[game.active].pos
        exits = scripts[0]._exit_distances(game)
        able = [o.pos for o in game.marines if o.status == "on_map" and not o.incapacitated]
        for script in scripts:
            for a in game.targets():
                ranges = game._ranges[game.aliens[a].pos]
                threat = script._threat(game, a, able)
                assert threat == any(ranges[p] <= script.threat_range for p in able)
                threats += threat
        for goal, barred in ((exits, None), (np.array(exits), None), (exits, lambda sq: sq % 3 == 0)):
            step = closest_step(game, pos, goal, moves, barred)
            assert step == plain_closest_step(game, pos, goal, moves, barred)
            moved += step is not None
        checked += 1
    assert checked > 100 and moved > 100 and threats > 100


def test_safe_grenades_equal_the_plain_reading():
    """``safe_grenades`` (a list, on C integers, the Grenade Table read per range from
    MARINE_HARMED_AT) gives the plain reading's throws, in order, in Operations and the lairs."""
    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.lairs.queen import QUEEN
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

    throws = 0
    for make, even_on_card in ((Operations, NO), (HuntForTheQueen, QUEEN)):
        for game in positions(4, 400, 2, make=make):
            d = game.decision
            if d.player == "marines" and d.kind == "marine" and "grenade" in game.layout.slices:
                legal = set(game.legal_actions())
                found = safe_grenades(game, legal, even_on_card)
                assert found == plain(game, legal, even_on_card)
                throws += len(found)
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


def test_legal_set_is_the_masks_nonzero_set_in_its_order():
    """``legal_set`` (the mask's bytes in one loop) is numpy's nonzero as a set, iterated in the
    same order (the scripted marines take the first of ties in the set's order): on the games'
    masks, on random masks as long and longer (sets that grow past their first table), and on
    masks whose allowed values are not 1. The games' masks (of every game whose scripted marines
    read them so) are one byte per action, as ``legal_set`` reads them."""
    from aliens_env.lairs.game import HuntForTheQueen
    from aliens_env.operations.game import Operations
    from aliens_env.reactor_room.heuristic import legal_set

    rng = np.random.default_rng(3)
    masks = [game.legal_mask(game.current_player())
             for make in (ReactorRoom, Operations, HuntForTheQueen) for game in positions(games=2, make=make)]
    assert {mask.dtype for mask in masks} == {np.dtype(np.int8)}
    masks += [(rng.random(n) < p).astype(np.int8) for n in (1, 40, 300) for p in (0.05, 0.5, 0.95) for _ in range(5)]
    masks += [np.where(rng.random(60) < 0.5, -1, 0).astype(np.int8), np.zeros(0, dtype=np.int8)]
    tail = np.zeros(50, dtype=np.int8)  # (the zeros after the last allowed action are stripped first)
    masks += [tail, np.r_[tail, 1].astype(np.int8), np.r_[1, tail].astype(np.int8), np.r_[tail, -1, tail].astype(np.int8)]
    for mask in masks:
        expected = set(mask.nonzero()[0].tolist())
        assert list(legal_set(mask)) == list(expected)
    assert sum(len(set(mask.nonzero()[0].tolist())) > 100 for mask in masks) >= 5


def test_coming_to_rest_past_crowded_squares_equals_a_plain_search():
    """``_can_come_to_rest`` (its first move read without the search, then the breadth-first search)
    as a plain breadth-first search, with squares crowded by standing Marines and blocked by Aliens
    at random: answers found at the first move, found only farther on, and not found."""
    rng = np.random.default_rng(7)
    game = ReactorRoom()
    game.reset(0)
    neighbours, n = game.board.neighbours, game.board.n
    found_at = {1: 0, 2: 0, 3: 0, None: 0}

    def plain_rest(start, moves, standing, blocked):  # the move (1, 2, ...) that first reaches a free square
        reach = {start}
        for move in range(1, moves + 1):
            reach |= {t for s in reach for _, t in neighbours[s] if t not in blocked}
            if any(s not in standing for s in reach - {start}):
                return move
        return None

    for _ in range(3000):
        start = int(rng.integers(n))
        crowd = rng.random() * 0.9 + 0.1  # (a share of the squares standing, another blocked)
        standing = {sq for sq in range(n) if rng.random() < crowd}
        blocked = {sq for sq in range(n) if sq not in standing and rng.random() < crowd / 2}
        for moves in (-1, 0, 1, 2, 3):
            move = plain_rest(start, moves, standing, blocked)
            assert game._can_come_to_rest(start, moves, standing, blocked) == (move is not None)
            found_at[move] += 1
    assert min(found_at.values()) > 50, found_at
