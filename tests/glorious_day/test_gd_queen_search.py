"""The Queen's searches answer as the plain computations they replaced: the anchors from which she
attacks each target (``_attack_anchors``: each anchor once) and where her move ends
(``queen_destinations``: ``queen_room`` asked only at the anchors as near as the nearest end), and
the sets her searches read (``queen_closed``, ``_room_known``, ``_anchors_holding``, ``queen_room``'s
banned squares, ``queen_prey``)."""
from __future__ import annotations

import random

from aliens_env.core.board import NO
from aliens_env.glorious_day import queen
from aliens_env.glorious_day.apc import APC_TARGET
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.large_models import kept_footprint, shove_plan


def _plain_attack_anchors(g: GloriousDay, closed: set[int]) -> dict[int, set[int]]:
    """{target: the anchors of ``_anchors_on`` of each of its squares whose footprint misses `closed`}."""
    out: dict[int, set[int]] = {}
    barred = g._anchors_holding(closed)
    for s, c in g.queen_prey().items():
        for a, _ in g._anchors_on(s):
            if a not in barred:
                out.setdefault(c, set()).add(a)
    return out


def _plain_nearest_ends(g: GloriousDay, reach, q: int, field: dict) -> list[int]:
    """Every end of her move (``_queen_ends``), then those least far by `field`."""
    ends = g._queen_ends(reach, q)
    best = min(field.get(a, 10**6) for a in ends)
    return sorted(a for a in ends if field.get(a, 10**6) == best)


def _plain_queen_moves(g: GloriousDay) -> list[int]:
    """queen_moves searched anew: the ends of her Move Queen but her own anchor."""
    q, closed = g.queen["pos"], g.queen_closed()
    reach = g.board.large_reach(q, closed, g.hive_rules["queen_move_spaces"], size=g.size)
    return sorted(a for a in g._queen_ends(reach, q) if a != q)


def _positions(missions=("queen_apc", "sulaco", "queen_lair", "loader_bay"), seeds=2, steps=250):
    """Games of random legal play on the Queen's missions, at each position she is on the board."""
    rng = random.Random(3)
    for mission in missions:
        g = GloriousDay(mission=mission)
        for seed in range(seeds):
            g.reset(seed)
            for _ in range(steps):
                if g.is_terminal() or g.truncated_by():
                    break
                if g.queen is not None:
                    yield g, rng
                g.apply(rng.choice(g.legal_actions()))


def test_attack_anchors_are_the_plain_union_of_each_targets_squares_anchors():
    asked = 0
    for g, rng in _positions():
        for closed in (g.queen_closed(), set(rng.sample(range(g.board.n), 30)) | g.queen_closed()):
            got = g._attack_anchors(closed)
            assert all(len(set(anchors)) == len(anchors) for anchors in got.values())  # (each anchor once)
            assert {c: set(anchors) for c, anchors in got.items()} == _plain_attack_anchors(g, closed)
            asked += 1
    assert asked > 500


def test_queen_move_ends_nearest_the_goal_are_the_plain_least_far_ends():
    """At random goals (the field grown from a few anchors) and reaches of 1 to 8 steps: the ends
    least far, looked at nearest first, are those of all the ends."""
    asked, shoved = 0, 0
    for g, rng in _positions():
        b, q, closed = g.board, g.queen["pos"], g.queen_closed()
        stands = [a for a in range(b.n) if b.large_stands(size=g.size)[a]]
        field = b.large_field(rng.sample(stands, 3), closed, size=g.size)
        reach = b.large_reach(q, closed, rng.randint(1, 8), size=g.size)
        got = g._nearest_ends(reach, q, field)
        assert got == _plain_nearest_ends(g, reach, q, field)
        asked += 1
        shoved += len(g._anchors_holding(g._room_known()["smalls"]).intersection(reach)) > 0
    assert asked > 500 and shoved > 50  # (ends under smaller models were among them)


def test_queen_moves_kept_answers_are_the_plain_search():
    """queen_moves' kept answers (keyed by what lies within her move's window) are the search done
    anew: at each position, then with an Alien or Blip moved to a free square near her (within
    one square past the window, or on its edge), where a kept answer of the position is reused
    whenever the key leaves that square out."""
    queen._QUEEN_MOVES.clear()
    asked, reused = 0, 0
    for g, rng in _positions():
        b, q = g.board, g.queen["pos"]
        assert g.queen_moves() == _plain_queen_moves(g)
        smalls = [m for m in (*g.aliens, *g.blips) if m is not None]
        if not smalls:
            continue
        far = g.hive_rules["queen_move_spaces"] + 1
        (r0, c0), taken = b.rc(q), g.occupied() | g.barricades
        free = [b.index(r, c) for r in range(r0 - far - 1, r0 + far + g.size + 1)
                for c in range(c0 - far - 1, c0 + far + g.size + 1)
                if b.inside(r, c) and g.passable[b.index(r, c)] and b.index(r, c) not in taken]
        if not free:
            continue
        model = rng.choice(smalls)
        old, model["pos"] = model["pos"], rng.choice(free)
        kept = len(queen._QUEEN_MOVES)
        assert g.queen_moves() == _plain_queen_moves(g)
        reused += len(queen._QUEEN_MOVES) == kept
        model["pos"] = old
        asked += 1
    assert asked > 500 and reused > 100


def test_move_window_holds_her_squares_at_each_anchor_in_reach_and_their_neighbours():
    """_move_window(q, spaces) holds every square a Move Queen reads: her squares at each anchor
    she reaches in `spaces` steps on an empty board, and each square one step from them."""
    for mission in ("queen_apc", "sulaco", "queen_lair", "loader_bay"):
        g = GloriousDay(mission=mission)
        g.reset(0)
        b, stands = g.board, g.board.large_stands(size=g.size)
        for q in range(0, b.n, 7):
            if not stands[q]:
                continue
            for spaces in (1, 3):
                window = g._move_window(q, spaces)
                for a in b.large_reach(q, set(), spaces, size=g.size):
                    for s in b.footprint(a, g.size):
                        assert s in window and window.issuperset(g.nbrs[s])


def test_within_a_whole_reach_is_the_limited_search():
    """within(whole reach, steps) is large_reach limited to `steps`, its anchors in the same order,
    at every position of random play, for 0 to 9 steps."""
    asked = 0
    for g, _ in _positions():
        b, q, closed = g.board, g.queen["pos"], g.queen_closed()
        whole = b.large_reach(q, closed, size=g.size)
        for steps in range(10):
            assert list(queen.within(whole, steps).items()) == list(b.large_reach(q, closed, steps, size=g.size).items())
            asked += 1
    assert asked > 5000


def test_queen_sets_are_their_plain_unions():
    """queen_closed, _room_known's smalls (sets grown in place) and _anchors_holding (its offsets
    kept per board width and size) answer as the plain expressions, at every position, for her
    closed squares and random sets of squares."""
    asked = 0
    for g, rng in _positions():
        b = g.board
        plain_closed = set(g.char_at()) | g.barricades | g.vehicle_set() | set(g.loader_squares())
        assert g.queen_closed() == plain_closed
        plain_smalls = {m["pos"] for m in (*g.aliens, *g.blips) if m is not None}
        assert g._room_known() == {"smalls": plain_smalls}
        offsets = [i * b.width + j for i in range(g.size) for j in range(g.size)]
        for squares in (plain_closed, plain_smalls, set(rng.sample(range(b.n), 12))):
            assert g._anchors_holding(squares) == {s - o for s in squares for o in offsets}
        asked += 1
    assert asked > 500


def test_queen_room_is_the_plain_shove_plan_with_her_squares_banned():
    """queen_room (her new squares handed to shove_plan apart from the other banned squares, not
    merged into a copy) answers as shove_plan with one banned set, the union, at each anchor of her
    reach whose footprint holds an Alien or a Blip; and shove_plan(..., also) is shove_plan with
    `also` merged into the banned squares, for random models, banned squares and footprints."""
    asked, planned, refused = 0, 0, 0
    for g, rng in _positions():
        known, q, closed = g._room_known(), g.queen["pos"], g.queen_closed()
        base = (g.occupied() - set(g.queen_squares())) | g.barricades
        for a in g.board.large_reach(q, closed, 4, size=g.size):
            squares = kept_footprint(g.board, a, g.size)
            under = sorted(known["smalls"].intersection(squares))
            if not under or (g.newt_carrier == NO and g.newt in squares):
                continue
            plain = shove_plan(g.nbrs, under, base | set(squares))
            assert g.queen_room(a, known) == plain
            asked += 1
            planned += plain is not None
            refused += plain is None
        under = sorted(rng.sample(range(g.board.n), rng.randint(1, 3)))
        banned, also = set(rng.sample(range(g.board.n), 40)), tuple(rng.sample(range(g.board.n), 30))
        assert shove_plan(g.nbrs, under, banned, also) == shove_plan(g.nbrs, under, banned | set(also))
    assert asked > 200 and planned > 50 and refused > 5, (asked, planned, refused)


def test_queen_prey_is_the_characters_outside_the_apc_then_its_squares():
    """queen_prey (the APC's squares added one by one) is the plain merge, in the same order: the
    Characters' squares outside the APC, then each of its squares as the one target APC_TARGET."""
    asked = 0
    for g, _ in _positions():
        at = g.char_at()
        plain = dict(at)
        if g.apc is not None:
            plain = {s: c for s, c in at.items() if g.chars[c]["pos"] not in g.vehicle_set()}
            plain.update(dict.fromkeys(g.vehicle_squares(), APC_TARGET))
            asked += 1
        assert list(g.queen_prey().items()) == list(plain.items())
    assert asked > 100


def test_kept_footprint_is_the_boards_footprint_asked_of_boards_and_sizes_in_turn():
    """kept_footprint (a dict per board and size, the last one asked of found without a key tuple)
    answers as ``board.footprint`` (a tuple, () off the board) for random anchors asked of the boards of
    several missions and two sizes in random turn: a board's answers never come from another's."""
    boards = [GloriousDay(mission=m).board for m in ("newt", "queen_lair", "apc_chase", "loader_bay")]
    rng, asked, off = random.Random(5), 0, 0
    for _ in range(3000):
        board, size = rng.choice(boards), rng.choice((1, 2, 2, 2))
        anchor = rng.randrange(-1, board.n)
        plain = tuple(board.footprint(anchor, size) or ())
        assert kept_footprint(board, anchor, size) == plain
        assert kept_footprint(board, anchor, size) is kept_footprint(board, anchor, size)  # (kept: shared)
        asked += 1
        off += plain == ()
    assert asked == 3000 and off > 100, off
