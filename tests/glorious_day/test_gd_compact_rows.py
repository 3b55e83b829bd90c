"""Glorious Day's own rows of its compact observation (glorious_day/compact_rows.py, A74): the acting
Character's move options and targets, and the Move and Attack aimed at them with actions="side"."""
import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.core.game import IllegalActionError
from aliens_env.envs.actions import SideActions
from aliens_env.envs.observations import Observer
from aliens_env.glorious_day import compact_rows
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.policies import HeuristicMarines

from gd_helpers import activate, empty, random_positions, sq


def chebyshev(g, a, b):
    return max(abs(a // g.width - b // g.width), abs(a % g.width - b % g.width))


def square_of(g, origin, values):
    """The square a row's offsets name (the inverse of its row and column offset columns)."""
    r0, c0 = divmod(origin, g.width)
    r = round(values[1] * 2 * (g.height - 1) - (g.height - 1)) + r0
    c = round(values[2] * 2 * (g.width - 1) - (g.width - 1)) + c0
    return g.board.index(r, c)


@pytest.fixture
def game():
    # Hicks in the left room; Vasquez in the room below; an Alien out of sight in the bottom middle
    # room, a Blip in the middle room; Newt (the goal's neighbours) in the right room
    g = empty(chars={0: (2, 3), 1: (9, 2)}, aliens=[(9, 10)], blips=[((5, 14), 1)])
    return activate(g, 0)


def test_the_compact_layout_has_the_games_rows_and_the_marines_one_action_per_row():
    g = GloriousDay()
    observer = Observer(g, "compact")
    assert observer.shown_rows == {"moves": 6, "targets": 4}
    assert observer.layout.shapes["moves"] == (6, len(compact_rows.MOVE_COLUMNS))
    assert observer.layout.shapes["targets"] == (4, len(compact_rows.TARGET_COLUMNS))
    assert "aliens" not in observer.layout.shapes  # (the targets rows show the Aliens it may attack)
    marines = SideActions(g, "marines", "side", observer.shown_rows)
    assert SideActions(g, "marines", "side").n == 286 and marines.n == 286 - 240 + 6 - 24 + 4
    spans = {name: range(g.layout.span(name).start, g.layout.span(name).stop) for name in ("move", "attack")}
    assert [(name, rows, span) for name, _, rows, span in marines.aimed] == [("move", 6, spans["move"]),
                                                                               ("attack", 4, spans["attack"])]
    # the Hive keeps its actions (it places Aliens on squares); the full observation keeps the marines'
    assert SideActions(g, "hive", "side", observer.shown_rows).n == SideActions(g, "hive", "side").n == 656
    assert SideActions(g, "marines", "side", Observer(g, "full").shown_rows).n == 286


def test_the_move_rows_lead_to_the_goal_away_from_the_foes_to_a_friend_and_to_each_foe(game):
    g = game
    moves, origin = g.move_targets(0), g.chars[0]["pos"]
    squares, values = compact_rows.move_rows(g, 6)
    alien, blip, friend = sq(g, (9, 10)), sq(g, (5, 14)), g.chars[1]["pos"]
    foes = [alien, blip]
    assert all(s in moves for s in squares if s >= 0) and len({s for s in squares if s >= 0}) == sum(s >= 0 for s in squares)
    # row 0: the heuristic marines' Move (no Alien in sight: they head for Newt), the one nearest the goal
    goal = g.bfs(list(g.nbrs[g.newt]), g.barricades)
    assert goal[squares[0]] == min(goal[s] for s in moves)
    heuristic = HeuristicMarines().act(g, "marines")
    assert g.layout.decode(heuristic) == ("move", squares[0])
    # row 1: no Move ends farther from the nearest foe
    def foe_distance(s):
        return min(chebyshev(g, s, f) for f in foes)
    assert foe_distance(squares[1]) == max(foe_distance(s) for s in moves)
    # row 2: no Move ends nearer Vasquez; rows 3, 4: nearer the Alien (the nearer foe), the Blip
    assert chebyshev(g, squares[2], friend) == min(chebyshev(g, s, friend) for s in moves)
    nearer_first = sorted(foes, key=lambda f: chebyshev(g, origin, f))
    for row, foe in zip((3, 4), nearer_first):
        if squares[row] >= 0:
            assert chebyshev(g, squares[row], foe) == min(chebyshev(g, s, foe) for s in moves)
        else:  # (its square an earlier row's)
            assert min(moves, key=lambda s: (chebyshev(g, s, foe), s)) in squares[:row]
    assert squares[5] == -1 and not values[5].any()  # (two foes: no sixth row)
    for row, s in enumerate(squares):
        if s >= 0:
            assert values[row, 0] == 1 and square_of(g, origin, values[row]) == s
            assert values[row, 4] == pytest.approx(min(foe_distance(s), 19) / 19)
            assert values[row, 5] == (s in g.exits)
    assert values[0, 3] == pytest.approx(min(goal[squares[0]], 32) / 32)


def test_without_a_friend_on_the_board_or_a_foe_their_rows_are_empty():
    g = activate(empty(chars={0: (2, 3)}, aliens=[], blips=[]), 0)
    squares, values = compact_rows.move_rows(g, 6)
    assert squares[0] >= 0 and squares[1:] == [-1] * 5 and not values[1:].any()
    assert values[0, 4] == 1  # (no foe: the farthest)
    assert g.row_aimed_actions("move", 6) == [g.layout.encode("move", squares[0])] + [-1] * 5


def test_the_target_rows_are_the_aliens_it_may_attack_nearest_first():
    # two Aliens in sight in Hicks's room, the farther in the lower slot; a third out of sight
    g = activate(empty(chars={0: (2, 3)}, aliens=[(3, 6), ((2, 5), 2), (9, 10)]), 0)
    assert sorted(g.attack_targets(0)) == [0, 1]
    slots, values = compact_rows.target_rows(g, 4)
    assert slots == [1, 0, -1, -1] and not values[2:].any()
    ranges = g.board.range_row(g.chars[0]["pos"])
    for row, k in enumerate(slots[:2]):
        assert square_of(g, g.chars[0]["pos"], values[row]) == g.aliens[k]["pos"]
        assert values[row, 3] == pytest.approx(ranges[g.aliens[k]["pos"]] / 19)
    assert values[0, 4] == pytest.approx(2 / 3) and values[1, 4] == pytest.approx(1 / 3)
    assert g.row_aimed_actions("attack", 4) == [g.layout.encode("attack", 1), g.layout.encode("attack", 0), -1, -1]


def test_the_sides_aimed_actions_are_the_rows_moves_and_attacks_and_its_mask_the_games():
    g = activate(empty(chars={0: (2, 3), 1: (9, 2)}, aliens=[(3, 6), (9, 10)]), 0)
    observer = Observer(g, "compact")
    side = SideActions(g, "marines", "side", observer.shown_rows)
    (_, moves_at, _, _), (_, attacks_at, _, _) = side.aimed
    mask, side_mask = g.legal_mask("marines"), side.mask(g)
    squares, _ = compact_rows.move_rows(g, 6)
    for k, s in enumerate(squares):
        if s >= 0:
            assert side.to_game(moves_at + k, g) == g.layout.encode("move", s)
            assert side_mask[moves_at + k] == mask[g.layout.encode("move", s)] == 1
            assert side.from_game(g.layout.encode("move", s), g) == moves_at + k
        else:
            assert side_mask[moves_at + k] == 0
            with pytest.raises(IllegalActionError, match="aimed at nothing now"):
                side.to_game(moves_at + k, g)
    assert side.to_game(attacks_at, g) == g.layout.encode("attack", 0) and side_mask[attacks_at] == 1
    assert not side_mask[attacks_at + 1:attacks_at + 4].any()
    # the compact observation shows the same rows
    views = observer.layout.views(observer(g, "marines"))
    assert np.array_equal(views["moves"], compact_rows.move_rows(g, 6)[1])
    assert np.array_equal(views["targets"], compact_rows.target_rows(g, 4)[1])
    # a move row applied moves Hicks there
    side.apply(g, moves_at)
    assert g.chars[0]["pos"] == squares[0]


def test_no_character_acting_no_rows():
    g = empty(chars={0: (2, 3), 1: (9, 2)}, aliens=[(3, 7)])
    g.phase, g.decision = "marine", None
    g._run()
    assert g.decision.kind == "activate" and g.active == NO
    assert g.row_aimed_actions("move", 6) == [-1] * 6 and g.row_aimed_actions("attack", 4) == [-1] * 4
    assert not g.compact_rows("moves", 6, "marines").any() and not g.compact_rows("targets", 4, "hive").any()


def test_unknown_views_and_slices_are_errors_naming_the_allowed():
    g = GloriousDay()
    with pytest.raises(ValueError, match=r"no compact row view 'aliens'; its row views: \['moves', 'targets'\]"):
        g.compact_rows("aliens", 2, "marines")
    with pytest.raises(ValueError, match=r"aims no 'place' at its compact rows"):
        g.row_aimed_actions("place", 2)


@pytest.mark.parametrize("mission", ["newt", "queen_apc", "loader_bay"])
def test_every_move_and_attack_of_the_heuristic_marines_is_a_row(mission):
    """Over random play (the goal, the Queen and the APC, the Power Loader): each Move the heuristic
    marines make is row 0's and each Attack a target row's, so a network keeps every one of them."""
    checked = {"move": 0, "attack": 0}
    heuristic = HeuristicMarines()
    for g in random_positions(mission, 1500, 5):
        if g.decision is None or g.decision.kind != "action":
            continue
        kind, index = g.layout.decode(heuristic.act(g, "marines"))
        if kind == "move":
            checked[kind] += 1
            assert compact_rows.move_rows(g, 6)[0][0] == index
        elif kind == "attack":
            checked[kind] += 1
            assert index in compact_rows.target_rows(g, 4)[0]
    assert checked["move"] > 10 and checked["attack"] > 10


def test_a_knocked_down_character_has_no_rows():
    """Knocked Down, a Character may not Move or Attack (it may Stand, Rest or end): none is shown."""
    g = empty(chars={0: (2, 3)}, aliens=[(3, 6)])
    g.chars[0]["knocked"] = True
    activate(g, 0)
    assert [g.layout.decode(a)[0] for a in g.legal_actions()] == ["rest", "stand", "end"]
    assert g.move_targets(0) and g.attack_targets(0)  # (within reach and in range: only the rules forbid them now)
    assert compact_rows.move_rows(g, 6)[0] == [-1] * 6 and compact_rows.target_rows(g, 4)[0] == [-1] * 4
    assert not g.compact_rows("moves", 6, "marines").any() and not g.compact_rows("targets", 4, "marines").any()


def foe_squares(g):
    """Each foe's squares: the Aliens' (slot order), the Blips', the Queen's (one foe)."""
    foes = [[a["pos"]] for a in g.aliens if a is not None] + [[b["pos"]] for b in g.blips if b is not None]
    if g.queen is not None:
        foes.append(list(g.queen_squares()))
    return foes


def reference_foe_distance(g, s):
    """The move row's foe distance column of square s, in plain Python: the least Chebyshev distance
    to any foe's square, over max(height, width) - 1 (at most 1; 1 without a foe)."""
    far = max(g.height, g.width) - 1
    near = [chebyshev(g, s, q) for squares in foe_squares(g) for q in squares]
    return min(min(near), far) / far if near else 1.0


def reference_rows(g):
    """The move rows' squares (rows 1-5) and the target rows' slots as compact_rows.py's docstring
    words them, in plain Python: each best the lowest square on a tie, the Queen's squares one foe."""
    c = g.active
    mask = g.legal_mask("marines")
    moves = sorted(s for s in g.move_targets(c) if mask[g.layout.encode("move", s)])
    origin = g.chars[c]["pos"]
    foes = foe_squares(g)

    def to(s, squares):
        return min(chebyshev(g, s, q) for q in squares)

    rows = [min(moves, key=lambda s: (-min(to(s, f) for f in foes), s)) if foes and moves else -1]
    allies = [ch["pos"] for k, ch in enumerate(g.chars) if k != c and ch["pos"] != NO]
    ally = min(allies, key=lambda s: chebyshev(g, origin, s)) if allies else None
    rows.append(min(moves, key=lambda s: (chebyshev(g, s, ally), s)) if ally is not None and moves else -1)
    for f in sorted(range(len(foes)), key=lambda f: (to(origin, foes[f]), f))[:3]:
        rows.append(min(moves, key=lambda s: (to(s, foes[f]), s)) if moves else -1)
    ranges = g.board.range_row(origin)
    targets = sorted((k for k in g.attack_targets(c) if mask[g.layout.encode("attack", k)]),
                     key=lambda k: (ranges[g.aliens[k]["pos"]], k))
    return rows, targets[:4]


def source_module():
    """glorious_day/compact_rows.py loaded from its source as a second module (pure Python)."""
    import importlib.util
    import pathlib

    path = pathlib.Path(compact_rows.__file__).with_name("compact_rows.py")
    spec = importlib.util.spec_from_file_location("aliens_env.glorious_day.compact_rows_source", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mission", ["newt", "escape", "queen_apc", "loader_bay"])
def test_the_rows_follow_their_rules_in_play_compiled_as_pure_and_never_stale(mission):
    """Random play: the rows against reference_rows (each rule, the ties, the Queen), every present row's
    action legal, the compiled module's rows equal to its source's, and to a fresh clone's (no row kept
    from an earlier position)."""
    source = source_module()
    checked = 0
    for g in random_positions(mission, 600, 3):
        if g.decision is None or g.decision.kind != "action" or g.chars[g.active]["pos"] == NO:
            continue
        squares, values = compact_rows.move_rows(g, 6)
        slots, target_values = compact_rows.target_rows(g, 4)
        rows, targets = reference_rows(g)
        rows += [-1] * (5 - len(rows))  # (fewer than three foes)
        # a square an earlier row holds leaves the row empty
        assert squares[1:] == [s if s not in squares[:1] + rows[:k] else -1 for k, s in enumerate(rows)], (squares, rows)
        assert slots == targets + [-1] * (4 - len(targets))
        for k, s in enumerate(squares):
            if s >= 0:
                assert values[k, 4] == np.float32(reference_foe_distance(g, s)), (k, s)
        mask = g.legal_mask("marines")
        assert all(mask[a] for a in g.row_aimed_actions("move", 6) + g.row_aimed_actions("attack", 4) if a >= 0)
        theirs = source.move_rows(g.clone(), 6), source.target_rows(g.clone(), 4)
        assert theirs[0][0] == squares and np.array_equal(theirs[0][1], values)
        assert theirs[1][0] == slots and np.array_equal(theirs[1][1], target_values)
        fresh = g.clone()
        assert compact_rows.move_rows(fresh, 6)[0] == squares and compact_rows.target_rows(fresh, 4)[0] == slots
        checked += 1
    assert checked > 50
