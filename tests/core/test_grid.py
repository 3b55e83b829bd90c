"""The one grid engine (core/grid.py): every switch, and the Reactor Room's board on top of it."""
import hashlib
import json

import numpy as np
import pytest
import yaml

from aliens_env.core.board import Board, board_from_rows
from aliens_env.core.grid import DIRECTION_NAMES, UNREACHABLE, Grid, Mover, Terrain, flat_table, line_steps
from grid_rules import around_by_the_rules, step_open_by_the_rules, table_by_the_rules

FLOOR, WALL, STAIR, FURNITURE, DOOR_OPEN, DOOR_CLOSED, DOOR_SEALED, UNKNOWN = range(8)
TERRAINS = [
    Terrain("floor"),
    Terrain("wall", cost=None, blocks_sight=True),
    Terrain("stairwell", cost=None),  # Aliens climb through; Marines never enter; sight passes
    Terrain("furniture", cost=2),  # double cost, does not block sight
    Terrain("door_open"),
    Terrain("door_closed", blocks_sight=True, door=True),
    Terrain("door_sealed", cost=None, blocks_sight=True),
    Terrain("unknown", cost=None, blocks_sight=True),
]
MARINE = Mover("marine")
ALIEN = Mover("alien", costs={"stairwell": 1})
HUGGER = Mover("face_hugger", door_cost=None)
N, NE, E, SE, S, SW, W, NW = range(8)


def grid(rows: list[str], **kw) -> Grid:
    """. floor  # wall  S stairwell  d furniture  o open door  + closed door  x sealed door  ? unknown"""
    code = {".": FLOOR, "#": WALL, "S": STAIR, "d": FURNITURE, "o": DOOR_OPEN, "+": DOOR_CLOSED, "x": DOOR_SEALED, "?": UNKNOWN}
    return Grid(len(rows), len(rows[0]), TERRAINS, [[code[ch] for ch in row] for row in rows], **kw)


def steps(g: Grid, r: int, c: int, mover: Mover = MARINE) -> set[str]:
    return {DIRECTION_NAMES[d] for d, _ in g.neighbour_table(mover)[g.index(r, c)]}


# -- edge walls ---------------------------------------------------------------------------------
def test_an_edge_wall_blocks_the_step_across_it_both_ways():
    g = grid(["...", "...", "..."])
    g.set_edge_wall(g.index(1, 1), g.index(1, 2))
    assert "E" not in steps(g, 1, 1) and "W" not in steps(g, 1, 2)
    assert g.edge_wall(g.index(1, 2), g.index(1, 1))
    assert steps(g, 1, 1) == {"N", "NE", "SE", "S", "SW", "W", "NW"}  # one wall end: diagonals pass it
    assert g.field([g.index(1, 2)])[g.index(1, 1)] == 2  # round the wall
    g.set_edge_wall(g.index(1, 1), g.index(1, 2), wall=False)
    assert "E" in steps(g, 1, 1)


def test_a_diagonal_step_is_refused_when_the_walls_at_its_corner_separate_its_squares():
    g = grid(["..", ".."])
    a, b = g.index(0, 0), g.index(1, 1)
    g.set_edge_wall(a, g.index(0, 1))  # one arm of the corner: the step touches its end
    assert g.can_step(a, b, MARINE)
    g.set_edge_wall(g.index(1, 0), b)  # the wall runs on through the corner: a straight wall
    assert not g.can_step(a, b, MARINE) and not g.can_step(b, a, MARINE)
    assert not g.can_step(g.index(0, 1), g.index(1, 0), MARINE)  # the other diagonal crosses it too
    h = grid(["..", ".."])
    h.set_edge_wall(h.index(0, 0), h.index(0, 1))
    h.set_edge_wall(h.index(0, 0), h.index(1, 0))  # an L round (0, 0)'s corner
    assert not h.can_step(h.index(0, 0), h.index(1, 1), MARINE)
    assert h.can_step(h.index(0, 1), h.index(1, 0), MARINE)  # passes outside the L


def test_edge_walls_block_line_of_sight_but_not_at_a_free_end():
    g = grid(["....", "....", "...."])
    src = g.index(1, 0)
    assert g.has_los(src, g.index(1, 3))
    g.set_edge_wall(g.index(1, 1), g.index(1, 2))
    assert not g.has_los(src, g.index(1, 3))
    assert g.has_los(src, g.index(0, 3))  # above the wall's end
    g2 = grid(["...", "...", "..."])
    g2.set_edge_wall(g2.index(0, 0), g2.index(0, 1))
    assert g2.has_los(g2.index(0, 0), g2.index(2, 2))  # through the wall's free end at a corner
    g2.set_edge_wall(g2.index(1, 0), g2.index(1, 1))  # now a straight wall through that corner
    assert not g2.has_los(g2.index(0, 0), g2.index(2, 2))
    assert not g2.has_los(g2.index(0, 0), g2.index(0, 2))


# -- costs, doors and movers --------------------------------------------------------------------
def test_double_cost_squares_cost_two_when_weighted_and_do_not_block_sight():
    g = grid([".d.", "#d#"])
    plain = g.field([g.index(0, 2)])
    weighted = g.field([g.index(0, 2)], weighted=True)
    assert plain[g.index(0, 0)] == 2 and weighted[g.index(0, 0)] == 3  # entering the d costs 2
    assert weighted[g.index(0, 1)] == 1 and weighted[g.index(1, 1)] == 1  # beside the source
    assert g.has_los(g.index(0, 0), g.index(0, 2))
    g.set_extra(g.index(0, 2), 1)  # debris on the target square: a source costs its own cost...
    assert g.field([g.index(0, 2)], weighted=True)[g.index(0, 1)] == 2
    assert g.field([g.index(0, 2)], weighted=True, goal_cost=1)[g.index(0, 1)] == 1  # ...or goal_cost


def test_a_closed_door_is_opened_before_it_is_entered_and_face_huggers_cannot():
    g = grid(["#.#", "#+#", "#.#"])
    top, door, bottom = g.index(0, 1), g.index(1, 1), g.index(2, 1)
    assert g.field([top], ALIEN, weighted=True)[bottom] == 3  # 2 for the door (open + enter), 1 out
    assert g.field([top], ALIEN)[bottom] == 2  # in plain steps the door is a square
    assert g.field([top], HUGGER, weighted=True)[bottom] == UNREACHABLE
    assert not g.has_los(top, bottom)
    g.set_cell(door, DOOR_OPEN)
    assert g.field([top], HUGGER, weighted=True)[bottom] == 2 and g.has_los(top, bottom)
    g.set_cell(door, DOOR_SEALED)
    assert g.field([top], ALIEN, weighted=True)[bottom] == UNREACHABLE and not g.has_los(top, bottom)
    slow = Mover("slow", door_cost=3)
    g.set_cell(door, DOOR_CLOSED)
    assert g.field([top], slow, weighted=True)[bottom] == 5


def test_a_source_the_mover_cannot_enter_spreads_nothing():
    g = grid([".+."])
    assert g.field([1], ALIEN)[0] == 1
    assert g.field([1], HUGGER)[0] == UNREACHABLE and g.field([1], HUGGER)[1] == 0


def test_a_closed_door_is_entered_and_left_only_orthogonally():
    g = grid(["...", ".+.", "..."])
    assert steps(g, 0, 0, ALIEN) == {"E", "S"}  # not SE into the door
    assert steps(g, 1, 1, ALIEN) == {"N", "E", "S", "W"}
    g.set_cell(g.index(1, 1), DOOR_OPEN)
    assert "SE" in steps(g, 0, 0, ALIEN)


def test_a_mover_without_diagonals_steps_orthogonally_only():
    g = grid(["...", "...", "..."])
    walker = Mover("walker", diagonal=False)
    assert steps(g, 1, 1, walker) == {"N", "E", "S", "W"}
    assert g.field([0], walker)[8] == 4 and g.field([0])[8] == 2


def test_stairwells_let_aliens_through_not_marines_and_marines_fire_over_them():
    g = grid(["#S#", ".S.", "#S#"])
    left, right = g.index(1, 0), g.index(1, 2)
    assert g.field([right], MARINE)[left] == UNREACHABLE
    assert g.field([right], ALIEN)[left] == 2
    assert g.has_los(left, right)


def test_the_corner_rule_refuses_cutting_a_wall_corner_the_squeeze_rule_allows_it():
    rows = ["#.", ".."]
    squeeze, corner = grid(rows), grid(rows, diagonal="corner")
    assert "NE" in steps(squeeze, 1, 0) and "NE" not in steps(corner, 1, 0)
    joined = Board([".W", "W."])  # the 1989 rule: never between two squares of one wall
    assert not joined.can_step(0, 3)


def test_step_open_follows_the_step_rules_square_by_square():
    """step_open (made on flat arrays, one slice per direction) equals the rules worked out square
    by square on random grids with edge walls, both diagonal rules and joined walls: a step stays
    on the grid, crosses no edge wall, and a diagonal one is refused when both ways round its
    corner cross a wall, between two joined squares (squeeze) or past a square one could not
    walk on (corner)."""
    terrains = TERRAINS + [Terrain("joined wall", cost=None, blocks_sight=True, joined=True)]
    rng = np.random.default_rng(3)
    for trial in range(30):
        h, w = int(rng.integers(1, 8)), int(rng.integers(1, 9))
        codes = rng.choice([FLOOR] * 4 + [WALL, DOOR_CLOSED, DOOR_OPEN, len(TERRAINS)], size=(h, w))
        g = Grid(h, w, terrains, codes, diagonal=("squeeze", "corner")[trial % 2])
        for _ in range(int(rng.integers(0, 2 * h * w))):
            a = int(rng.integers(g.n))
            if a % w < w - 1 and rng.integers(2):
                g.set_edge_wall(a, a + 1)
            elif a + w < g.n:
                g.set_edge_wall(a, a + w)
        want = step_open_by_the_rules(g)
        assert np.array_equal(g.step_open(), want), trial


def test_markers_bar_entry_until_removed():
    g = grid(["..."])
    g.set_marker(1, 1)  # a fire counter
    assert g.field([0])[2] == UNREACHABLE and g.has_los(0, 2)
    g.set_marker(1, 0)
    assert g.field([0])[2] == 2


def test_capacity_two_figures_a_square_in_the_elevator():
    g = grid(["...."] * 2)
    elevator = [g.index(r, c) for r in range(2) for c in range(4)]  # 8 squares
    for s in elevator[:-1]:
        g.set_capacity(s, 2)
    assert g.room_for(elevator[0], 1) and not g.room_for(elevator[0], 2)
    assert not g.room_for(elevator[-1], 1) and g.room_for(elevator[-1], 0)


# -- versions and caches ------------------------------------------------------------------------
def test_every_edit_bumps_the_version_and_distances_and_sight_follow():
    g = grid(["...", "...", "..."])
    a, b = g.index(0, 1), g.index(2, 1)
    assert g.field([a])[b] == 2 and g.has_los(a, b)
    v = g.version
    g.set_cell(g.index(1, 0), WALL)
    g.set_cell(g.index(1, 1), WALL)
    g.set_cell(g.index(1, 2), WALL)
    assert g.version == v + 3
    assert g.field([a])[b] == UNREACHABLE and not g.has_los(a, b)
    twin = g.copy()
    assert twin.field([a]) is g.field([a])  # same version: one shared cache
    twin.set_cell(g.index(1, 1), FLOOR)
    assert twin.field([a])[b] == 2 and g.field([a])[b] == UNREACHABLE  # the original is untouched


def test_cells_written_in_bulk_take_effect_at_changed():
    g = grid(["..."])
    g.cells[0, 1] = WALL  # laying a section: write the arrays, then one changed()
    g.changed()
    assert g.field([0])[2] == UNREACHABLE


def test_a_shared_map_board_is_frozen():
    rows = ("...", "...")
    b = board_from_rows(rows)
    assert board_from_rows(rows) is b
    with pytest.raises(ValueError, match="frozen"):
        b.set_cell(0, 1)
    with pytest.raises(ValueError):
        b.cells[0, 0] = 1
    copy = b.copy()
    copy.set_cell(1, 1)  # '#' on a copy
    assert copy.field([0])[1] == UNREACHABLE and b.field([0])[1] == 1 and copy.version == b.version + 1


def test_bad_edits_are_refused_with_a_clear_message_and_change_nothing():
    g = grid(["..", ".."])
    with pytest.raises(ValueError, match="not on the 2x2 grid"):
        g.set_cell(4, WALL)
    with pytest.raises(ValueError, match="cell code 9 is unknown"):
        g.set_cell(0, 9)
    with pytest.raises(ValueError, match="orthogonal neighbours"):
        g.set_edge_wall(0, 3)
    with pytest.raises(ValueError, match="at least 1 figure"):
        g.set_capacity(0, 0)
    with pytest.raises(ValueError, match="diagonal rule 'hex'"):
        grid([".."], diagonal="hex")
    assert g.version == 0 and not g.cells.any() and not g.wall_e.any()


def test_grid_state_round_trips_and_bad_state_names_the_field():
    g = grid(["...", ".+."])
    g.set_edge_wall(0, 1)
    g.set_marker(2, 1)
    g.set_capacity(3, 2)
    g.set_extra(4, 1)
    back = Grid.from_dict(json.loads(json.dumps(g.to_dict())), TERRAINS)
    assert back.to_dict() == g.to_dict()
    assert (back.field([0], ALIEN, weighted=True) == g.field([0], ALIEN, weighted=True)).all()
    bad = g.to_dict()
    bad["marker"] = [[0, 0]]
    with pytest.raises(ValueError, match="'marker'"):
        Grid.from_dict(bad, TERRAINS)
    bad = g.to_dict()
    bad["cells"][0][0] = 99
    with pytest.raises(ValueError, match="cell codes"):
        Grid.from_dict(bad, TERRAINS)


# -- large models -------------------------------------------------------------------------------
def test_a_2x2_model_stands_where_no_wall_or_blocked_square_splits_it():
    g = grid(["....", "....", "..#.", "...."])
    assert g.footprint(g.index(0, 0)) == [0, 1, 4, 5]
    assert g.stands(g.index(0, 0)) and not g.stands(g.index(1, 1))  # (2, 2) is a wall
    assert g.footprint(g.index(0, 3)) is None and not g.stands(g.index(3, 0))  # off the grid
    g.set_edge_wall(g.index(0, 0), g.index(0, 1))
    assert not g.stands(g.index(0, 0))  # a wall between its squares
    h = grid(["..", "+."])
    assert not h.stands(0, ALIEN)  # a closed door must be opened first


def test_a_2x2_model_steps_diagonally_and_never_through_a_wall():
    g = grid(["....", "....", "....", "...."])
    moves = {DIRECTION_NAMES[d]: new for d, new, _ in g.large_steps(g.index(1, 1))}
    assert moves == {"N": 1, "NE": 2, "E": 6, "SE": 10, "S": 9, "SW": 8, "W": 4, "NW": 0}
    g.set_edge_wall(g.index(2, 2), g.index(2, 3))  # beside its lower right square
    moves = {DIRECTION_NAMES[d] for d, _, _ in g.large_steps(g.index(1, 1))}
    assert "E" not in moves  # the lower right square would cross it
    assert "SE" not in moves  # it would land split by the wall
    assert "NE" in moves  # the lower right square passes the wall's free end
    d = grid(["...", "..d", "..."])
    assert {(DIRECTION_NAMES[k], c) for k, _, c in d.large_steps(d.index(0, 0)) if DIRECTION_NAMES[k] in ("E", "S")} == {("E", 2), ("S", 1)}  # the dearest square entered


def test_a_2x2_model_cannot_squeeze_through_a_one_square_gap():
    g = grid(["....", "....", "#.##", "....", "...."])
    assert not any(g.stands(a) for a in (g.index(1, 0), g.index(1, 1), g.index(2, 1)))
    reach = {g.index(0, 0)}
    frontier = [g.index(0, 0)]
    while frontier:
        a = frontier.pop()
        for _, new, _ in g.large_steps(a):
            if new not in reach:
                reach.add(new)
                frontier.append(new)
    assert max(g.rc(a)[0] for a in reach) == 0  # never below the gap


def test_a_large_models_reach_and_field_bar_every_anchor_a_closed_square_would_be_under():
    g = grid(["......"] * 5)
    a = g.index(0, 0)
    # one step from (0, 0): (2, 2) closed bars the anchors (1, 1), (1, 2), (2, 1), (2, 2); in direction order
    assert list(g.large_reach(a, {g.index(2, 2)}, 1).items()) == [(a, 0), (g.index(0, 1), 1), (g.index(1, 0), 1)]
    assert g.large_reach(a, {g.index(1, 1)}) == {a: 0}  # its own square closed: it starts there, goes nowhere
    assert g.large_reach(a, limit=0) == {a: 0}
    assert g.large_reach(g.index(0, 5)) == {g.index(0, 5): 0}  # a model off the board's edge never moves
    three = g.large_reach(a, {g.index(4, 5)}, size=3)  # 3 x 3: anchors rows 0-2, columns 0-3; (2, 3) barred
    assert three == {g.index(r, c): max(r, c) for r in range(3) for c in range(4) if (r, c) != (2, 3)}
    assert list(three)[:4] == [a, g.index(0, 1), g.index(1, 1), g.index(1, 0)]  # N, NE, E, SE, S... from each
    # the field grows from the goals that stand and are open: not off the board, not closed
    assert g.large_field([g.index(0, 5), g.n + 1]) == {} and g.large_field([a], {g.index(1, 1)}) == {}
    field = g.large_field([g.index(3, 4), g.index(0, 5)], {g.index(2, 2)})
    assert field[g.index(3, 4)] == 0 and field[a] == 5 and g.index(1, 1) not in field  # round the barred anchors
    assert field == {b: d for b, d in g.large_reach(g.index(3, 4), {g.index(2, 2)}).items()}
    g.set_edge_wall(g.index(0, 0), g.index(0, 1))  # an edit: the kept stands follow the new version
    assert g.large_stands() == tuple(g.stands(b) for b in range(g.n)) and not g.large_stands()[a]
    b, closed = g.index(3, 4), {g.index(2, 2)}  # and so do the searches' flat table of large steps
    assert list(g.large_reach(b, closed).items()) == list(_plain_large_search(g, [b], closed, UNREACHABLE, True, 2).items())
    assert g.large_field([b], closed) == _plain_large_search(g, [b], closed, UNREACHABLE, False, 2)


def _plain_large_search(g: Grid, starts: list[int], closed: set, limit: int, barred_starts: bool, size: int) -> dict:
    """The large models' search read plainly: layer by layer over large_steps, with the barred
    anchors a set."""
    barred = {s - i * g.width - j for s in closed for i in range(size) for j in range(size)}
    dist = dict.fromkeys((a for a in starts if barred_starts or a not in barred), 0)
    frontier = list(dist)
    for d in range(1, limit + 1):
        nxt = []
        for a in frontier:
            for _, new, _ in g.large_steps(a, size=size):
                if new not in dist and new not in barred:
                    dist[new] = d
                    nxt.append(new)
        if not nxt:
            break
        frontier = nxt
    return dist


def test_a_flat_table_holds_each_row_between_its_first_and_the_next():
    first, nexts = flat_table([[4, 2], [], [7]])
    assert list(first) == [0, 2, 2, 3] and list(nexts) == [4, 2, 7]
    assert [list(nexts[first[i]:first[i + 1]]) for i in range(3)] == [[4, 2], [], [7]]


@pytest.mark.parametrize("seed", range(12))
def test_a_large_models_typed_search_is_the_plain_search_in_the_same_order(seed):
    rng = np.random.default_rng(seed)
    rows = ["".join(rng.choice(list("......#d+"), 9)) for _ in range(7)]
    g = grid(rows)
    for size in (2, 3):
        for _ in range(6):
            closed = set(rng.integers(-3, g.n + 3, int(rng.integers(0, 8))).tolist())
            start = int(rng.integers(g.n))
            limit = int(rng.integers(0, 6))
            assert list(g.large_reach(start, closed, limit, size=size).items()) == \
                list(_plain_large_search(g, [start], closed, limit, True, size).items())
            goals = [int(a) for a in rng.integers(0, g.n, 4)] + [start]
            goals += goals  # each kept once, where first named
            expected = _plain_large_search(g, [a for a in goals if g.stands(a, size=size)], closed, UNREACHABLE, False, size)
            assert list(g.large_field(goals, closed, size=size).items()) == list(expected.items())


def test_around_reads_each_neighbour_as_the_grid_says_and_follows_an_edit():
    """``around(i)``: per direction the square, its cell code, its cost to enter (terrain, at
    least 1, plus its extra) and whether the step is free of walls, None off the grid; on the
    grid's corners and edges too, and again after a cell and an extra change (the kept rows go
    with the version)."""
    rng = np.random.default_rng(6)

    for trial in range(6):
        codes = rng.choice([FLOOR] * 6 + [WALL, STAIR, FURNITURE, DOOR_OPEN, DOOR_CLOSED], size=(6, 7))
        g = Grid(6, 7, TERRAINS, codes, diagonal=("squeeze", "corner")[trial % 2])
        assert [g.around(i) for i in range(g.n)] == [around_by_the_rules(g, i) for i in range(g.n)]
        for edit in range(3):
            g.set_cell(int(rng.integers(g.n)), int(rng.choice([FLOOR, WALL, DOOR_CLOSED])))
            g.set_extra(int(rng.integers(g.n)), int(rng.integers(0, 3)))
            assert [g.around(i) for i in range(g.n)] == [around_by_the_rules(g, i) for i in range(g.n)], (trial, edit)


# -- line of sight options ----------------------------------------------------------------------
def test_a_sight_radius_hides_what_is_farther_and_the_window_rule_is_the_plain_rule():
    rng = np.random.default_rng(3)
    for _ in range(20):
        cells = np.where(rng.random((9, 11)) < 0.3, WALL, FLOOR)
        g = Grid(9, 11, TERRAINS, cells)
        for src in np.flatnonzero(cells.ravel() == FLOOR)[:8].tolist():
            full = g.los_from(src)
            for radius in (2, 4, 20):
                near = g.los_from(src, radius)  # the windowed sight lines
                in_range = np.array([g.range(src, t) <= radius for t in range(g.n)])
                assert (near == (full & in_range)).all()


def test_the_windowed_view_follows_an_edited_grid():
    """The windowed sight lines read the padded blocking squares kept for the grid's version: a
    wall laid (or taken away) after a view was made hides (or shows) what a fresh grid's does,
    near the grid's edges too (a window reaching past them)."""
    rng = np.random.default_rng(5)
    for _ in range(10):
        cells = np.where(rng.random((12, 14)) < 0.25, WALL, FLOOR)
        g = Grid(12, 14, TERRAINS, cells)
        floors = np.flatnonzero(cells.ravel() == FLOOR).tolist()
        for src in floors[:3] + floors[-3:]:
            g.los_from(src, 5)
            square = int(rng.choice([s for s in range(g.n) if s != src]))
            g.set_cell(square, FLOOR if g.cells.flat[square] == WALL else WALL)
            fresh = Grid(12, 14, TERRAINS, g.cells.copy())
            assert g.los_from(src, 5).tolist() == fresh.los_from(src, 5).tolist()
            in_range = np.array([g.range(src, t) <= 5 for t in range(g.n)])
            assert (g.los_from(src, 5) == (fresh.los_from(src) & in_range)).all()


def test_a_grid_holding_the_start_trees_cache_entries_answers_as_a_fresh_grid():
    """Games pickled by 4674b8d carry its grid cache (``Grid.__getstate__`` keeps ``_cache``):
    "around" as {square: row} and ("padded", radius) as two 2-D bool arrays. The rows and the
    padded sight squares are kept under other keys now, so such entries are left unread and the
    neighbour rows and the windowed views are a fresh grid's."""
    rng = np.random.default_rng(9)
    radius = 4
    cells = np.where(rng.random((9, 11)) < 0.25, WALL, FLOOR)
    old, fresh = Grid(9, 11, TERRAINS, cells), Grid(9, 11, TERRAINS, cells.copy())
    h, w = old.height, old.width
    opaque = np.ones((h + 2 * radius, w + 2 * radius), dtype=bool)  # (4674b8d's layout: 2-D, padded)
    opaque[radius:radius + h, radius:radius + w] = old.sight_blocked().reshape(h, w)
    old._cache["around"] = {0: [None] * 8}  # (a row of 4674b8d's {square: row}; its rows were lists too)
    old._cache[("padded", radius)] = (opaque, opaque.copy())
    assert [old.around(i) for i in range(old.n)] == [fresh.around(i) for i in range(fresh.n)]
    for src in np.flatnonzero(cells.ravel() == FLOOR).tolist():
        assert old.los_from(src, radius).tolist() == fresh.los_from(src, radius).tolist(), src


def test_has_los_is_the_kept_view_whether_it_is_kept_or_traced():
    """``has_los(src, dst, radius)`` answers ``los_from(src, radius)[dst]``: tracing the one
    segment while the view is not kept, reading the view once it is; from any square (a
    sight-blocking one too), with edge walls and with shooter corners, with no radius too."""
    rng = np.random.default_rng(4)
    for trial in range(30):
        cells = np.where(rng.random((10, 12)) < 0.35, WALL, FLOOR)
        for corners in (False, True):
            g = Grid(10, 12, TERRAINS, cells, shooter_corners=corners)
            if trial % 3 == 0:
                g.set_edge_wall(g.index(4, 5), g.index(4, 6))
            for src in rng.choice(g.n, 6, replace=False).tolist():
                for radius in (2, 5, 12, None):
                    fresh = Grid(10, 12, TERRAINS, cells, shooter_corners=corners)  # nothing kept
                    if trial % 3 == 0:
                        fresh.set_edge_wall(fresh.index(4, 5), fresh.index(4, 6))
                    traced = [fresh.has_los(src, t, radius) for t in range(g.n)]
                    assert traced == g.los_from(src, radius).tolist()
                    assert [g.has_los(src, t, radius) for t in range(g.n)] == traced


def test_has_los_traced_reads_the_squares_of_the_grids_version():
    """The traced test keeps the sight-blocking squares per version: after an edit (a wall laid
    on the segment, then taken away) it answers as a grid built with the new cells."""
    rng = np.random.default_rng(7)
    for _ in range(20):
        cells = np.where(rng.random((10, 12)) < 0.2, WALL, FLOOR)
        g = Grid(10, 12, TERRAINS, cells)
        src, dst = rng.choice(g.n, 2, replace=False).tolist()
        before = g.has_los(src, dst, 12)
        between = line_steps(g.rc(dst)[0] - g.rc(src)[0], g.rc(dst)[1] - g.rc(src)[1], g.width)
        if not between:
            continue
        square = src + between[len(between) // 2]
        old = int(g.cells.flat[square])
        for code in (WALL, old):
            g.set_cell(square, code)
            cells_now = g.cells.copy()
            assert g.has_los(src, dst, 12) == Grid(10, 12, TERRAINS, cells_now).los_from(src, 12)[dst]
        assert g.has_los(src, dst, 12) == before


def test_the_shooter_corner_rule_is_a_switch():
    rows = [".....", ".#...", "....."]
    code = {".": FLOOR, "#": WALL}
    cells = [[code[ch] for ch in row] for row in rows]
    plain, corners = Grid(3, 5, TERRAINS, cells), Grid(3, 5, TERRAINS, cells, shooter_corners=True)
    shooter, target = plain.index(1, 0), plain.index(0, 2)
    assert not plain.has_los(shooter, target) and corners.has_los(shooter, target)
    corners.set_edge_wall(corners.index(0, 0), corners.index(0, 1))  # walls the shooter's top-right corner
    assert (1.0, 1.0) not in corners.shooter_points(shooter)


# -- the Reactor Room on the engine ---------------------------------------------------------------
GOLDEN = {  # sha256 of the old core.Board's answers (before the engine), on these maps (fields from squares a counter may stand on)
    "reactor_room": "e4bfe3fbf886d37aa1c0b8d49998fd01e2958ca05d6ad08c52aaf0131f5d7efc",
    "mixed": "4724a2c1fb2392d405fc5d3ff15e284052f13100b013103d7fea1434b760fc90",
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_reactor_room_distances_and_sight_equal_the_old_board(name):
    if name == "reactor_room":
        with open("aliens_env/reactor_room/data/reactor_room.yaml") as f:
            rows = yaml.safe_load(f)["map"].splitlines()
    else:
        rows = ["..W..d..", ".WW.#S..", "..d..#..", "S..W.W.E", "....W..."]
    b = Board(rows)
    h = hashlib.sha256()
    h.update(b.distances().tobytes())
    h.update(np.array([b.los_from(s) for s in range(b.n)]).tobytes())
    h.update(repr(b.neighbours).encode())
    h.update(np.array([b.distance_field([s], cost_double=True) for s in range(b.n) if b.passable.flat[s]]).tobytes())
    h.update(np.array([b.distances_from(s) for s in range(b.n)]).tobytes())
    h.update(repr([b.line_squares(a, c) for a in range(0, b.n, 7) for c in range(0, b.n, 5)]).encode())
    assert h.hexdigest() == GOLDEN[name]


def _relaxed_field(g: Grid, sources, mover, weighted, goal_cost, closed=()):
    """The field's definition, worked out the slow way: relax every step until nothing changes
    (entering s costs its cost, goal_cost from a source when given, 1 when not weighted; a
    source the mover cannot enter spreads nothing; a square of `closed` is never entered)."""
    nbrs, cost = g.neighbour_table(mover), g.costs(mover)
    dist = [UNREACHABLE] * g.n
    for s in sources:
        dist[s] = 0
    changed = True
    while changed:
        changed = False
        for s in range(g.n):
            if dist[s] == UNREACHABLE or cost[s] is None:
                continue
            enter = (goal_cost if goal_cost is not None and s in sources else cost[s]) if weighted else 1
            for _, m in nbrs[s]:
                if m not in closed and dist[s] + enter < dist[m]:
                    dist[m], changed = dist[s] + enter, True
    return dist


def test_distance_fields_equal_their_definition_on_random_grids():
    rng = np.random.default_rng(7)
    for trial in range(40):
        codes = rng.choice([FLOOR] * 6 + [WALL, STAIR, FURNITURE, DOOR_OPEN, DOOR_CLOSED, DOOR_SEALED], size=(9, 11))
        g = Grid(9, 11, TERRAINS, codes, diagonal=("squeeze", "corner")[trial % 2])
        for _ in range(4):
            g.set_extra(int(rng.integers(g.n)), int(rng.integers(0, 3)))
            g.set_marker(int(rng.integers(g.n)), 1)
            a = int(rng.integers(g.n))
            if a % 11 < 10:
                g.set_edge_wall(a, a + 1)
        sources = [int(s) for s in rng.integers(g.n, size=int(rng.integers(1, 4)))]
        for mover in (MARINE, ALIEN, HUGGER, Mover("marine", diagonal=False)):
            for weighted, goal_cost in ((False, None), (True, None), (True, 1), (True, 0)):
                got = g.field(sources, mover, weighted=weighted, goal_cost=goal_cost).tolist()
                assert got == _relaxed_field(g, sources, mover, weighted, goal_cost), (trial, mover, weighted, goal_cost)


def test_a_breadth_first_field_takes_repeated_sources_and_ones_the_mover_cannot_enter():
    """The breadth-first search (a queue of C ints when compiled, grid.pxd) from sources given
    twice, and from a wall square (distance 0, spreading nothing), equals the field's definition."""
    rng = np.random.default_rng(5)
    for trial in range(20):
        codes = rng.choice([FLOOR] * 6 + [WALL, DOOR_CLOSED], size=(12, 13))
        g = Grid(12, 13, TERRAINS, codes, diagonal=("squeeze", "corner")[trial % 2])
        walls = np.flatnonzero(codes.ravel() == WALL).tolist()
        sources = [int(s) for s in rng.integers(g.n, size=3)]
        sources += sources[:2] + walls[:1]
        for mover in (MARINE, ALIEN, Mover("marine", diagonal=False)):
            assert g.field(sources, mover).tolist() == _relaxed_field(g, sources, mover, False, None), (trial, mover)
        assert g.field([], MARINE).tolist() == [UNREACHABLE] * g.n


def test_a_breadth_first_field_reads_who_may_enter_without_the_cost_list_across_edits():
    """The breadth-first field takes its frontier from a kept table of the squares the mover may
    enter (bytes, one per version), not from ``costs``: that table is 1 exactly where ``costs``
    gives a cost, and the field, made before any cost list is, equals its definition after each
    edit (markers, extra costs, cells changed, closed squares)."""
    rng = np.random.default_rng(11)
    for trial in range(20):
        codes = rng.choice([FLOOR] * 6 + [WALL, STAIR, DOOR_OPEN, DOOR_CLOSED, DOOR_SEALED], size=(9, 10))
        g = Grid(9, 10, TERRAINS, codes, diagonal=("squeeze", "corner")[trial % 2])
        for edit in range(4):
            sources = [int(s) for s in rng.integers(g.n, size=int(rng.integers(1, 5)))]
            closed = tuple(sorted({int(s) for s in rng.integers(g.n, size=int(rng.integers(0, 5)))}))
            for mover in (MARINE, ALIEN, HUGGER, Mover("marine", diagonal=False)):
                assert ("costs", mover) not in g._cache  # (the search below builds no cost list)
                got = g.field(sources, mover, closed=closed).tolist()
                assert ("costs", mover) not in g._cache
                enter = g._cache[("enter_bytes", mover)]
                assert list(enter) == [int(c is not None) for c in g.costs(mover)], (trial, edit, mover)
                assert got == _relaxed_field(g, sources, mover, False, None, closed), (trial, edit, mover)
            square = int(rng.integers(g.n))
            (g.set_marker, g.set_extra, g.set_cell)[edit % 3](square, int(rng.integers(0, 2)) if edit % 3 < 2 else int(rng.choice([FLOOR, WALL, DOOR_CLOSED])))


def test_a_field_with_closed_squares_goes_round_them_and_a_source_on_one_still_counts():
    """``field(..., closed=squares)`` (Bug Hunt's walks round the sentry pods): the closed squares
    are never entered and read UNREACHABLE, save a source on one (0, spreading as any source),
    breadth first and weighted; the field is kept apart from the one without them."""
    rng = np.random.default_rng(8)
    for trial in range(20):
        codes = rng.choice([FLOOR] * 6 + [WALL, DOOR_CLOSED], size=(10, 11))
        g = Grid(10, 11, TERRAINS, codes, diagonal=("squeeze", "corner")[trial % 2])
        closed = tuple(sorted({int(s) for s in rng.integers(g.n, size=6)}))
        sources = [int(s) for s in rng.integers(g.n, size=2)] + [closed[0]]
        for mover in (MARINE, Mover("marine", diagonal=False)):
            for weighted, goal_cost in ((False, None), (True, None), (True, 1)):
                plain = g.field(sources, mover, weighted=weighted, goal_cost=goal_cost).tolist()
                got = g.field(sources, mover, weighted=weighted, goal_cost=goal_cost, closed=closed).tolist()
                assert got == _relaxed_field(g, sources, mover, weighted, goal_cost, closed), (trial, mover, weighted)
                assert plain == _relaxed_field(g, sources, mover, weighted, goal_cost), (trial, mover, weighted)
                assert got[closed[0]] == 0 and all(got[s] == UNREACHABLE for s in closed if s not in sources)


def test_a_field_is_read_only_and_its_own():
    """A distance field (kept in the grid's cache, read without a copy of the search's array) may
    not be written, and two fields share no memory; nor may the kept per-code tables be written."""
    g = Grid(6, 7, TERRAINS, np.full((6, 7), FLOOR))
    a, b = g.field([0]), g.field([1], weighted=True)
    assert not a.flags.writeable and not b.flags.writeable and not np.shares_memory(a, b)
    for field in (a, b):
        with pytest.raises(ValueError, match="read-only"):
            field[3] = 0
        with pytest.raises(ValueError):  # (its buffer is read-only too: the flag cannot be set back)
            field.flags.writeable = True
    assert not g._by_code("walkable").flags.writeable


def test_tables_remade_row_by_row_after_edits_equal_tables_built_from_scratch():
    """A neighbour table (and a cost list) is made from the last one built for the mover, redoing
    the rows whose steps (cost) changed: after random edits (on the grid and on copies of it) every table equals the
    one a fresh grid of the same state builds, and a copy's edits leave the original's alone."""
    rng = np.random.default_rng(11)
    movers = (MARINE, ALIEN, HUGGER, Mover("marine", diagonal=False))

    def check(g: Grid):
        fresh = Grid.from_dict(g.to_dict(), TERRAINS, g.diagonal)
        for mover in movers:
            table = g.neighbour_table(mover)
            assert table == fresh.neighbour_table(mover) == table_by_the_rules(g, mover)
            assert list(g.step_keys(mover)) == [sum(1 << d for d, _ in row) for row in table]
            assert g.costs(mover) == fresh.costs(mover)
            assert np.array_equal(g.enterable(mover), fresh.enterable(mover))
        assert np.array_equal(g.sight_blocked(), fresh.sight_blocked())
        assert np.array_equal(g.step_open(), fresh.step_open())
        assert [g.around(i) for i in range(g.n)] == [fresh.around(i) for i in range(fresh.n)]

    for trial in range(12):
        codes = rng.choice([FLOOR] * 6 + [WALL, STAIR, FURNITURE, DOOR_OPEN, DOOR_CLOSED, DOOR_SEALED], size=(8, 10))
        g = Grid(8, 10, TERRAINS, codes, diagonal=("squeeze", "corner")[trial % 2])
        check(g)
        for edit in range(30):
            target = g.copy() if edit % 5 == 4 else g
            before = [g.neighbour_table(m) for m in movers]
            a = int(rng.integers(g.n))
            kind = edit % 4
            if kind == 0:
                target.set_cell(a, int(rng.choice([FLOOR, WALL, DOOR_OPEN, DOOR_CLOSED, STAIR])))
            elif kind == 1:
                target.set_marker(a, int(rng.integers(0, 2)))
            elif kind == 2 and a % 10 < 9:
                target.set_edge_wall(a, a + 1, bool(rng.integers(0, 2)))
                target.set_extra(int(rng.integers(g.n)), int(rng.integers(0, 3)))
            else:
                target.cells.flat[rng.integers(g.n, size=3)] = WALL  # a bulk write, then changed()
                target.changed()
            check(target)
            if target is not g:
                assert [g.neighbour_table(m) for m in movers] == before
                check(g)


def test_a_cost_that_is_not_a_whole_number_at_least_0_is_refused():
    """The weighted search sorts squares by whole distances: a negative or fractional cost would
    put them in the wrong bucket silently."""
    from aliens_env.core.grid import Mover, Terrain

    with pytest.raises(ValueError, match="terrain 'mud' cost is -1; allowed: a whole number from 0 to 10000"):
        Terrain("mud", cost=-1)
    with pytest.raises(ValueError, match="mover 'x' cost of 'floor' is 1.5"):
        Mover("x", costs=(("floor", 1.5),))
    with pytest.raises(ValueError, match="door_cost is -2"):
        Mover("x", door_cost=-2)
    g = Grid(1, 4, [Terrain("floor")])
    with pytest.raises(ValueError, match="goal_cost is -1"):
        g.field([0], weighted=True, goal_cost=-1)


def test_a_cost_above_unreachable_is_refused_and_one_of_unreachable_reaches_nothing():
    """Costs are searched on C ints when compiled: one above UNREACHABLE (2**31 would overflow
    them) is refused by name, compiled and pure alike; a cost of UNREACHABLE is allowed and,
    as any distance of UNREACHABLE or more, reaches nothing."""
    from aliens_env.core.grid import Mover, Terrain

    for big in (UNREACHABLE + 1, 2**31, 2**63):
        with pytest.raises(ValueError, match=f"terrain 'pit' cost is {big}; allowed: a whole number from 0 to 10000"):
            Terrain("pit", cost=big)
        with pytest.raises(ValueError, match=f"mover 'x' cost of 'floor' is {big}"):
            Mover("x", costs=(("floor", big),))
        with pytest.raises(ValueError, match=f"door_cost is {big}"):
            Mover("x", door_cost=big)
        with pytest.raises(ValueError, match=f"goal_cost is {big}"):
            Grid(1, 4, [Terrain("floor")]).field([0], weighted=True, goal_cost=big)
    g = Grid(1, 3, [Terrain("floor"), Terrain("pit", cost=UNREACHABLE)], [[0, 1, 0]])
    assert g.field([0], weighted=True).tolist() == [0, 1, UNREACHABLE]
    assert g.field([2], weighted=True, goal_cost=UNREACHABLE).tolist() == [UNREACHABLE, UNREACHABLE, 0]


def test_a_pickled_grid_leaves_out_the_last_tables_built_and_answers_the_same():
    import pickle

    g = Grid(3, 5, [Terrain("floor"), Terrain("wall", cost=None, blocks_sight=True)])
    g.set_cell(7, 1)
    want = g.field([0], weighted=True).tolist()
    assert g._last_built()
    back = pickle.loads(pickle.dumps(g))
    assert back._last is None  # (compiled, a field of the struct; run as Python, in the __dict__)
    back.set_cell(7, 0)
    back.set_cell(7, 1)
    assert back.field([0], weighted=True).tolist() == want
