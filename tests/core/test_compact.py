"""The compact observation (aliens_env/core/compact.py): each part against a plain numpy reference
written independently here, on hand-made boards and on positions of every game that has one."""
from __future__ import annotations

import random

import numpy as np
import pytest

import aliens_env  # noqa: F401  (registers the games)
from aliens_env.core.actions import ObsLayout
from aliens_env.core.compact import CompactObservation, compact_observation, compact_specs, plane_names
from aliens_env.envs.registry import REGISTRY

H, W = 5, 7
LAYOUT = ObsLayout([("board", (4, H, W), "planes: wall, marine, alien, queen (test)"), ("rows", (3, 2)), ("flags", 2)])
SPEC = {"envs": ["Test"], "centre": ["marine", "wall"],
        "around": {"radius": 1, "planes": ["wall", "alien"], "off_board": ["wall"]},
        "nearest": [{"name": "enemies", "planes": ["alien", "queen"], "count": 2}], "rows": {"rows": 2}}
# a centre read from a row view, board views (one the layout has not: read as zeros), a view dropped
LAYOUT2 = ObsLayout([("board", (3, H, W), "planes: wall (a note, with a comma), marine, alien"),
                     ("figures", (3, 4), "alive, active, row/h, col/w"), ("tokens", (H, W), "objective tokens"),
                     ("scanned", (H, W), "scanned"), ("flags", 2)])
SPEC2 = {"envs": ["Test"], "centre": ["absent", {"view": "figures", "flag": "active", "row": "row/h", "column": "col/w"}, "marine"],
         "board_views": ["tokens", "absent"],
         "around": {"radius": 1, "planes": ["wall", "tokens", "absent"], "off_board": ["wall", "absent"]},
         "nearest": [{"name": "marks", "planes": ["absent", "tokens", "alien"], "count": 2}], "drop": ["scanned"]}


def board(obs: np.ndarray) -> np.ndarray:
    return LAYOUT.view(obs, "board")


def reference(comp: CompactObservation, full: np.ndarray) -> np.ndarray:
    """The compact observation by the module docstring's words, in plain numpy."""
    L = comp.full
    h, w = comp.height, comp.width
    planes = [L.view(full, "board")[i] for i in range(L.shapes["board"][0])]
    planes += [L.view(full, v) if v in L.shapes else np.zeros((h, w), np.float32) for v in comp.board_views]
    parts = []
    centre = None
    for source in comp.centre:
        if source[0] == "plane" and planes[source[1]].max() > 0:
            at = int(np.argmax(planes[source[1]]))
            centre = (at // w, at % w)
        elif source[0] == "rows":
            table = L.view(full, source[1])
            flagged = np.flatnonzero(table[:, source[2]] > 0)
            if len(flagged):
                r, c = table[flagged[0], source[3]], table[flagged[0], source[4]]
                centre = (min(max(int(np.floor(r * h + 0.5)), 0), h - 1), min(max(int(np.floor(c * w + 0.5)), 0), w - 1))
        if centre is not None:
            break
    found = centre is not None
    row, col = centre if found else ((h - 1) // 2, (w - 1) // 2)
    parts.append([float(found), row / max(h - 1, 1), col / max(w - 1, 1)])
    r = comp.radius
    for k, p in enumerate(comp.around_planes):
        pad = 1.0 if k in comp.off_board else 0.0
        padded = np.pad(planes[p], r, constant_values=pad)
        parts.append(padded[row:row + 2 * r + 1, col:col + 2 * r + 1].ravel())
    for _, gplanes, count in comp.groups:
        rows = []
        for sq in range(h * w):
            kinds = [j for j, p in enumerate(gplanes) if planes[p].ravel()[sq] > 0]
            if kinds:
                dr, dc = sq // w - row, sq % w - col
                rows.append((max(abs(dr), abs(dc)), sq, kinds[0], dr, dc))
        rows.sort()
        table = np.zeros((count, 4 + (len(gplanes) if len(gplanes) > 1 else 0)), np.float32)
        for i, (d, _, kind, dr, dc) in enumerate(rows[:count]):
            h1, w1 = max(h - 1, 1), max(w - 1, 1)
            table[i, :4] = (1.0, (dr + h1) / (2 * h1), (dc + w1) / (2 * w1), d / max(max(h, w) - 1, 1))
            if len(gplanes) > 1:
                table[i, 4 + kind] = 1.0
        parts.append(table.ravel())
    for v, span, shape, cut in comp.kept:
        parts.append(full[span].reshape(shape)[:cut].ravel() if cut else full[span])
    for _, rows, columns in comp.game_rows:  # (the game's own rows: written by observe, not by the transform)
        parts.append(np.zeros(rows * len(columns)))
    return np.concatenate([np.asarray(p, np.float32).ravel() for p in parts])


def test_plane_names_read_from_the_board_description():
    assert plane_names("planes: wall, marine, alien, queen (test)") == ["wall", "marine", "alien", "queen"]
    # a note after a plane (Glorious Day's "blip_value/3 (hive only)"), one with a comma
    assert plane_names("planes: alien, blip_value/3 (hive only), newt (a, b)") == ["alien", "blip_value/3", "newt"]
    with pytest.raises(ValueError, match="planes: a, b, c"):
        plane_names("per Marine: on_map")


def test_hand_made_board_every_part():
    comp = CompactObservation(LAYOUT, SPEC, "Test")
    full = LAYOUT.zeros()
    b = board(full)
    b[1, 0, 1] = 1.0                        # the marine in the top row: the around view runs off the board
    b[0, 1, 0] = b[0, 1, 2] = 1.0           # walls
    b[2, 4, 6] = 0.5                        # a far alien
    b[2, 1, 1] = 1.0                        # an alien beside the marine
    b[3, 1, 1] = 1.0                        # the Queen on the same square (counts once, as an alien: its first plane)
    b[3, 0, 4] = 1.0                        # the Queen at distance 3
    LAYOUT.view(full, "rows")[:] = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]
    LAYOUT.view(full, "flags")[:] = [1.0, 0.25]
    out = comp(full)
    views = comp.layout.views(out)
    assert views["centre"].tolist() == pytest.approx([1.0, 0.0, 1 / 6])
    # around: rows -1..1, columns 0..2 of the marine at (0, 1); the top row is off the board
    assert views["around"][0].tolist() == [[1, 1, 1], [0, 0, 0], [1, 0, 1]]  # wall plane: off-board reads 1
    assert views["around"][1].tolist() == [[0, 0, 0], [0, 0, 0], [0, 1, 0]]  # alien plane: off-board reads 0
    enemies = views["nearest_enemies"]
    assert enemies[0].tolist() == pytest.approx([1.0, (1 + 4) / 8, (0 + 6) / 12, 1 / 6, 1.0, 0.0])  # the alien, once
    assert enemies[1].tolist() == pytest.approx([1.0, (0 + 4) / 8, (3 + 6) / 12, 3 / 6, 0.0, 1.0])  # the Queen
    assert views["rows"].ravel().tolist() == pytest.approx([0.1, 0.2, 0.3, 0.4])  # cut to its first 2 rows
    assert views["flags"].tolist() == [1.0, 0.25]
    assert np.array_equal(out, reference(comp, full))


def test_centre_from_a_row_view_board_views_and_a_view_dropped():
    comp = CompactObservation(LAYOUT2, SPEC2, "Test")
    assert comp.layout.names() == ["centre", "around", "nearest_marks", "figures", "flags"]  # scanned dropped, tokens read as a plane
    full = LAYOUT2.zeros()
    figures = LAYOUT2.view(full, "figures")
    figures[0] = [1.0, 0.0, 1 / 5, 1 / 7]   # not active
    figures[1] = [1.0, 1.0, 4 / 5, 6 / 7]   # active, at (4, 6): the corner, the around view runs off the board
    figures[2] = [1.0, 1.0, 0.0, 0.0]       # active too: the first row flagged wins
    b = LAYOUT2.view(full, "board")
    b[1, 0, 0] = 1.0                        # a marine (not the centre: the row view comes first)
    b[0, 3, 5] = 1.0                        # a wall
    b[2, 4, 4] = 1.0                        # an alien at distance 2
    tokens = LAYOUT2.view(full, "tokens")
    tokens[3, 6] = tokens[0, 0] = 1.0       # tokens at distances 1 and 6
    LAYOUT2.view(full, "scanned")[:] = 0.5
    LAYOUT2.view(full, "flags")[:] = [1.0, 0.25]
    out = comp(full)
    views = comp.layout.views(out)
    assert views["centre"].tolist() == pytest.approx([1.0, 1.0, 1.0])
    assert views["around"][0].tolist() == [[1, 0, 1], [0, 0, 1], [1, 1, 1]]  # walls, off the board 1
    assert views["around"][1].tolist() == [[0, 1, 0], [0, 0, 0], [0, 0, 0]]  # tokens
    assert views["around"][2].tolist() == [[0, 0, 1], [0, 0, 1], [1, 1, 1]]  # absent: zeros, off the board 1
    marks = views["nearest_marks"]
    assert marks[0].tolist() == pytest.approx([1.0, (-1 + 4) / 8, (0 + 6) / 12, 1 / 6, 0.0, 1.0, 0.0])  # the token
    assert marks[1].tolist() == pytest.approx([1.0, (0 + 4) / 8, (-2 + 6) / 12, 2 / 6, 0.0, 0.0, 1.0])  # the alien
    assert np.array_equal(views["figures"], figures)
    assert views["flags"].tolist() == [1.0, 0.25]
    assert np.array_equal(out, reference(comp, full))
    figures[1, 1] = figures[2, 1] = 0.0    # none active: the marine plane
    assert comp.layout.view(comp(full), "centre").tolist() == pytest.approx([1.0, 0.0, 0.0])
    b[1, 0, 0] = 0.0                        # nothing: the middle
    assert comp.layout.view(comp(full), "centre").tolist() == pytest.approx([0.0, 2 / 4, 3 / 6])
    figures[0, 1:] = [1.0, 1.0, 1.0]        # row/h and col/w of 1 (h, w): kept on the board
    assert comp.layout.view(comp(full), "centre").tolist() == pytest.approx([1.0, 1.0, 1.0])
    assert np.array_equal(comp(full), reference(comp, full))


def test_centre_falls_back_then_takes_the_middle():
    comp = CompactObservation(LAYOUT, SPEC, "Test")
    full = LAYOUT.zeros()
    board(full)[0, 3, 5] = 1.0  # no marine: the first wall
    assert comp.layout.view(comp(full), "centre").tolist() == pytest.approx([1.0, 3 / 4, 5 / 6])
    out = comp(LAYOUT.zeros())  # nothing marked: the middle, found 0
    assert comp.layout.view(out, "centre").tolist() == pytest.approx([0.0, 2 / 4, 3 / 6])


def test_nearest_ties_go_in_reading_order_and_the_farthest_drop():
    comp = CompactObservation(LAYOUT, SPEC, "Test")
    full = LAYOUT.zeros()
    b = board(full)
    b[1, 2, 3] = 1.0  # the marine
    b[2, 3, 4] = b[2, 1, 2] = b[2, 2, 1] = 1.0  # distances 1, 1, 2: the two at 1, the upper first
    table = comp.layout.view(comp(full), "nearest_enemies")
    assert [(round(t[1] * 8) - 4, round(t[2] * 12) - 6) for t in table] == [(-1, -1), (1, 1)]
    assert np.array_equal(comp(full), reference(comp, full))


@pytest.mark.parametrize("bad, match", [
    ({"centre": ["nobody"]}, r"unknown plane\(s\) \['nobody'\] in centre; planes: \['wall'"),
    ({"centre": "marine"}, r"centre must be a non-empty list of planes and row views, got 'marine'"),
    ({"around": {"radius": 0, "planes": ["wall"]}}, r"around.radius must be a whole number >= 1, got 0"),
    ({"around": {"radius": 2.7, "planes": ["wall"]}}, r"around.radius must be a whole number >= 1, got 2.7"),
    ({"around": {"radius": True, "planes": ["wall"]}}, r"around.radius must be a whole number >= 1, got True"),
    ({"around": {"radius": 1, "planes": ["wall"], "off_bord": ["wall"]}}, r"around must be a mapping with keys among \['radius'"),
    ({"around": [1, ["wall"]]}, r"around must be a mapping with keys among"),
    ({"around": {"radius": 1, "planes": ["alien"], "off_board": ["wall"]}}, "off_board must name planes of around.planes"),
    ({"nearest": [{"name": "x", "planes": ["alien"]}]}, "needs exactly name, planes, count"),
    ({"nearest": [{"name": "x", "planes": ["alien"], "count": 0}]}, r"nearest 'x' count must be a whole number >= 1, got 0"),
    ({"rows": {"rows": 4}}, r"rows\['rows'\] must be a whole number 1..3, got 4"),
    ({"rows": {"flags": 1}}, r"rows names 'flags', not a row view kept; row views: \['rows'\]"),
    ({"centre": [3]}, r"each centre entry must be a plane or a row view \['view', 'flag', 'row', 'column'\], got 3"),
    ({"centre": [{"view": "rows"}]}, r"a centre read from a row view needs exactly \['view', 'flag', 'row', 'column'\]"),
    ({"drop": ["board"]}, r"drop must list views of the full observation .*got \['board'\]; views: \['rows', 'flags'\]"),
    ({"drop": ["rows"]}, r"rows names 'rows', not a row view kept; row views: \[\]"),
    ({"board_views": ["flags"]}, r"board_views names 'flags', not a view of the board's size \(5, 7\) .*; such views: \[\]"),
    ({"board_views": "flags"}, r"board_views must be a list of views \(each once\), got 'flags'"),
    ({"rows": ["rows"]}, r"rows must map row views to a number of rows"),
])
def test_a_bad_spec_names_what_is_wrong(bad, match):
    with pytest.raises(ValueError, match=match):
        CompactObservation(LAYOUT, {**SPEC, **bad}, "Test")


@pytest.mark.parametrize("game_rows, match", [
    ({"options": 2}, r"game_rows must map the game's own row views to a number of rows, got \{'options': 2\}; "
                     r"the game's row views: \['moves'\]"),
    (["moves"], r"game_rows must map the game's own row views"),
    ({"moves": 0}, r"game_rows\['moves'\] must be a whole number >= 1, got 0"),
])
def test_a_bad_game_rows_entry_names_what_is_wrong(game_rows, match):
    with pytest.raises(ValueError, match=match):
        CompactObservation(LAYOUT, {**SPEC, "game_rows": game_rows}, "Test", {"moves": ("present", "row")})


class RowsGame:
    """A stand-in game for observe: its full observation, and its own rows (row k: k + 1 / 10)."""
    compact_row_columns = {"moves": ("present", "row")}

    def __init__(self, full):
        self.full, self.asked = full, []

    def observe_kept(self, player):
        return None

    def observe(self, player):
        return self.full

    def compact_rows(self, view, rows, player):
        self.asked.append((view, rows, player))
        return np.arange(1, 2 * rows + 1, dtype=np.float32).reshape(rows, 2) / 10


def test_the_games_own_rows_follow_the_transform_and_are_shown_rows():
    comp = CompactObservation(LAYOUT, {**SPEC, "game_rows": {"moves": 3}}, "Test", RowsGame.compact_row_columns)
    assert comp.layout.names()[-1] == "moves" and comp.layout.shapes["moves"] == (3, 2)
    assert comp.layout.descriptions["moves"] == "present, row"
    assert comp.shown_rows == {"rows": 2, "moves": 3}
    full = np.random.default_rng(0).random(LAYOUT.size).astype(np.float32)
    game = RowsGame(full)
    out = comp.observe(game, "hive")
    assert game.asked == [("moves", 3, "hive")]
    assert np.array_equal(out[:comp.layout.offset("moves")], comp(full)[:comp.layout.offset("moves")])
    assert np.array_equal(comp.layout.views(out)["moves"], np.array([[1, 2], [3, 4], [5, 6]], np.float32) / 10)


ROW_CENTRE = {"view": "figures", "flag": "active", "row": "row/h", "column": "col/w"}


@pytest.mark.parametrize("bad, match", [
    ({"centre": [{**ROW_CENTRE, "view": "flags"}]}, r"centre names view 'flags', not a row view; row views: \['figures', 'scanned'\]"),
    ({"centre": [{**ROW_CENTRE, "view": "tokens"}]}, r"centre names view 'tokens', not a row view; row views: \['figures', 'scanned'\]"),
    ({"centre": [{**ROW_CENTRE, "flag": "awake"}]},
     r"centre flag must name a column of 'figures', got 'awake'; allowed: \['alive', 'active', 'row/h', 'col/w'\]"),
    ({"centre": [{**ROW_CENTRE, "row": "col/w"}]},
     r"centre row must name a column of row / height \(its name ending '/h'\) of 'figures', got 'col/w'; allowed: \['row/h'\]"),
    ({"centre": [{**ROW_CENTRE, "column": "row/h"}]}, r"centre column must name a column of column / width .*allowed: \['col/w'\]"),
    ({"centre": [{**ROW_CENTRE, "color": "red"}]}, r"needs exactly \['view', 'flag', 'row', 'column'\], got"),
    ({"board_views": ["flags"]}, r"board_views names 'flags', not a view of the board's size \(5, 7\) \(nor a plane's name\); "
                                 r"such views: \['tokens', 'scanned'\]"),
    ({"board_views": ["marine"]}, r"board_views names 'marine', not a view of the board's size"),
    ({"board_views": ["tokens", "tokens"]}, r"board_views must be a list of views \(each once\)"),
    ({"board_views": []}, r"unknown plane\(s\) \['absent'\] in centre; planes: \['wall', 'marine', 'alien'\]"),
    ({"drop": ["tokens"]}, r"drop must list views .*; views: \['figures', 'scanned', 'flags'\]"),
    ({"rows": {"tokens": 1}}, r"rows names 'tokens', not a row view kept; row views: \['figures'\]"),
])
def test_a_bad_centre_row_view_board_view_or_drop_names_what_is_wrong(bad, match):
    with pytest.raises(ValueError, match=match):
        CompactObservation(LAYOUT2, {**SPEC2, **bad}, "Test")


def test_a_row_view_whose_description_does_not_name_its_columns_cannot_be_a_centre():
    layout = ObsLayout([("board", (1, H, W), "planes: wall"), ("figures", (3, 4), "alive, active")])
    with pytest.raises(ValueError, match=r"the description of 'figures' must name each of its 4 columns, got \['alive', 'active'\]"):
        CompactObservation(layout, {"envs": ["T"], "centre": [ROW_CENTRE], "around": {"radius": 1, "planes": ["wall"]}}, "T")


@pytest.mark.parametrize("board, description, match", [
    ((3, H, W), "planes: wall, marine (two named, three planes)", r"must name each of its 3 planes once, got \['wall', 'marine'\]"),
    ((2, H, W), "planes: wall, wall", r"must name each of its 2 planes once"),
    ((2, 0, W), "planes: wall, marine", r"needs a view 'board' of \(planes, height, width\), each at least 1"),
])
def test_a_board_the_transform_cannot_read_is_refused(board, description, match):
    """The kernel reads the planes by the description's names (compiled, without bounds checks):
    a description that does not name every plane once, or an empty board, is refused first."""
    layout = ObsLayout([("board", board, description), ("flags", 2)])
    with pytest.raises(ValueError, match=match):
        CompactObservation(layout, {"envs": ["Test"], "centre": ["wall"], "around": {"radius": 1, "planes": ["wall"]}}, "Test")


def test_a_wrong_full_observation_is_refused():
    comp = CompactObservation(LAYOUT, SPEC, "Test")
    with pytest.raises(ValueError, match=r"has shape \(148,\), got \(144,\)"):
        comp(np.zeros(144, np.float32))


def test_the_data_file_names_registered_games_only(tmp_path):
    assert set(compact_specs()) <= set(REGISTRY)
    for name, spec in compact_specs().items():  # (a board view a game lacks reads zeros: a misspelt one would too)
        game = REGISTRY[name].make_game()
        views = set(game.obs_layout.shapes)
        if name.startswith("GloriousDay"):  # (the tokens and the Scanner's views: missions other than the default's)
            for mission in game.data["missions"]:
                views |= set(REGISTRY[name].make_game(mission=mission).obs_layout.shapes)
        assert set(spec.get("board_views", [])) <= views, name
    bad = tmp_path / "compact.yaml"
    bad.write_text("a: {envs: [ReactorRoom], centre: [acting], colour: red}\n")
    with pytest.raises(ValueError, match=r"unknown key\(s\) \['colour'\]"):
        compact_specs(bad)
    bad.write_text("a: {envs: [ReactorRoom], centre: [acting]}\nb: {envs: [ReactorRoom], centre: [acting]}\n")
    with pytest.raises(ValueError, match="'ReactorRoom' has two compact specs"):
        compact_specs(bad)


COMPACT_GAMES = sorted(compact_specs())


def played(game, seed: int, turns: int):
    """(player, full observation) of ``turns`` turns of random legal play from ``game.reset(seed)``
    (a new game, seeded from the same generator, after each end); each turn's action is taken when
    the next is asked for."""
    rng = random.Random(seed)
    game.reset(seed)
    for _ in range(turns):
        if game.is_terminal():
            game.reset(rng.randrange(10**6))
        player = game.current_player()
        yield player, game.observe(player)
        game.apply(rng.choice(np.flatnonzero(game.legal_mask(player)).tolist()))


@pytest.mark.parametrize("name", COMPACT_GAMES)
def test_every_game_with_a_spec_matches_the_reference_in_play(name):
    """Random legal play of both sides: every compact observation equals the reference's, lies in
    [0, 1] and is a few hundred values where the full one is thousands."""
    game = REGISTRY[name].make_game()
    comp = compact_observation(game)
    assert comp.shape[0] <= 800 < game.observation_shape[0]
    for _, full in played(game, 7, 150):
        out = comp(full)
        assert out.dtype == np.float32 and out.shape == comp.shape
        assert out.min() >= 0.0 and out.max() <= 1.0
        assert np.array_equal(out, reference(comp, full))


@pytest.mark.parametrize("name", COMPACT_GAMES)
def test_the_around_view_names_its_planes_in_the_spec_order(name):
    comp = compact_observation(REGISTRY[name].make_game())
    assert plane_names(comp.layout.descriptions["around"]) == compact_specs()[name]["around"]["planes"]


def test_the_pure_python_kernel_equals_the_compiled_one():
    """core/compact.py loaded from its source as a second module (pure Python) gives the same
    values as the imported one (compiled where built), in play and on the edge cases of a small
    board: a radius beyond it, more nearest rows than marks, one row."""
    import importlib.util
    import pathlib

    import aliens_env.core.compact as imported

    path = pathlib.Path(imported.__file__).with_name("compact.py")
    spec = importlib.util.spec_from_file_location("aliens_env.core.compact_source", path)  # (its package: relative imports)
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    tiny = ObsLayout([("board", (2, 1, 3), "planes: wall, alien"), ("rows", (2, 2)), ("flags", 1)])
    cases = [(tiny, {"envs": ["T"], "centre": ["alien"], "around": {"radius": 4, "planes": ["wall", "alien"], "off_board": ["wall"]},
                     "nearest": [{"name": "a", "planes": ["alien", "wall"], "count": 5}], "rows": {"rows": 1}}),
             (LAYOUT, {**SPEC, "nearest": [{"name": "one", "planes": ["queen"], "count": 1}]}), (LAYOUT2, SPEC2)]
    rng = np.random.default_rng(3)
    for layout, spec_ in cases:
        ours, theirs = imported.CompactObservation(layout, spec_), source.CompactObservation(layout, spec_)
        for _ in range(50):
            full = (rng.random(layout.size) < 0.3).astype(np.float32) * rng.random(layout.size).astype(np.float32)
            assert np.array_equal(ours(full), theirs(full))
    for name, options in [(name, {}) for name in COMPACT_GAMES] + [("GloriousDayTactics", {"mission": "newt"})]:
        game = REGISTRY[name].make_game(**options)
        ours = imported.compact_observation(game)
        theirs = source.CompactObservation(game.obs_layout, compact_specs()[name], name, game.compact_row_columns)
        for _, full in played(game, 11, 40):
            assert np.array_equal(ours(full), theirs(full))


def test_games_without_a_spec_have_no_compact_transform():
    """The small full observations and BugHuntTactics' (a compact observation of its own, A67:
    compact.yaml's comment)."""
    for name in ("AlienMenace", "DropShip", "RipleyQueen", "BugHuntTactics"):
        assert compact_observation(REGISTRY[name].make_game()) is None


@pytest.mark.parametrize("mission", ["queen_apc", "newt", "nest"])
def test_glorious_day_tactics_centres_on_the_active_character(mission):
    """The commander's compact observation: its centre is the activating Character's square (the
    characters row marked active), the Aliens' slot rows and the hive's knowledge (zeros for the
    marines; a Hive network needs the full observation) are left out, and
    a mission without the tokens' or the Scanner's views (newt) reads them as zeros, as the reference."""
    game = REGISTRY["GloriousDayTactics"].make_game(mission=mission)
    comp = compact_observation(game)
    layout = game.obs_layout
    assert "aliens" not in comp.layout.names() and "hive_knowledge" not in comp.layout.names()
    assert comp.shape[0] == 439 if mission == "queen_apc" else comp.shape[0] < game.observation_shape[0] / 5
    columns = layout.descriptions["characters"].split(", ")
    active, row, col = columns.index("active"), columns.index("row/h"), columns.index("col/w")
    centred = 0
    for player, full in played(game, 5, 300):
        out = comp(full)
        assert np.array_equal(out, reference(comp, full))
        if player == "marines":
            chars = layout.view(full, "characters")
            pos = game.chars[game.active]["pos"]
            assert chars[game.active, active] == 1.0
            assert comp.layout.view(out, "centre").tolist() == pytest.approx(
                [1.0, (pos // game.width) / (game.height - 1), (pos % game.width) / (game.width - 1)])
            assert round(chars[game.active, row] * game.height) == pos // game.width  # (the row view's scale: row/h)
            assert round(chars[game.active, col] * game.width) == pos % game.width
            centred += 1
    assert centred > 20



@pytest.mark.parametrize("name", ["GloriousDay", "GloriousDayTactics"])
def test_glorious_day_leaves_out_the_hive_knowledge_the_marines_never_see(name):
    """hive_knowledge (the Hive's hand, the top Motion Tracker card) is in the Hive's full observation
    and zeros in the marines': the compact observation, whose Hive network would need the full one
    (its placements name squares), leaves it out."""
    game = REGISTRY[name].make_game()
    comp = compact_observation(game)
    assert "hive_knowledge" not in comp.layout.names() and "hive_knowledge" in game.obs_layout.names()
    marines_seen = hive_seen = 0
    for player, full in played(game, 7, 200):
        knowledge = game.obs_layout.view(full, "hive_knowledge")
        if player == "marines":
            assert not knowledge.any()
            marines_seen += 1
        else:
            hive_seen += knowledge.any()
    assert marines_seen > 20 and hive_seen > 0


# -- the kernel against the one it replaced (session 66) ---------------------------------------
# The kernel before session 66 (CompactObservation's ``_fill``, which read every square of the board
# for each plane of a nearest group and kept the nearest by insertion in reading order), kept here
# word for word but its decorators and ``cython.cast`` (C's cast toward zero: ``int``): the kernel
# must give the same bytes.
def former_fill(full, out, height, width, radius, around_at, centre, around, groups, group_starts, group_kinds, kept,
          distances):
    """Writes the compact observation of ``full`` into ``out`` (zeros) by the plan of a CompactObservation
    (``distances``: room for the distances of a nearest table's rows; a plane starting at -1 reads 0)."""
    hw = height * width
    h1 = height - 1 if height > 1 else 1
    w1 = width - 1 if width > 1 else 1
    scale = (height if height > width else width) - 1
    if scale < 1:
        scale = 1
    # the centre: from the first source that gives one, a plane's first square holding its highest
    # value, or a row view's first flagged row's row and column (read as row/height, column/width,
    # rounded, kept on the board)
    found = 0
    row = (height - 1) // 2
    col = (width - 1) // 2
    for i in range(centre.shape[0]):
        start = centre[i, 0]
        if centre[i, 1] == 0:  # a plane
            if start < 0:
                continue
            best = 0
            for sq in range(1, hw):
                if full[start + sq] > full[start + best]:
                    best = sq
            if full[start + best] > 0:
                found = 1
                row = best // width
                col = best % width
        else:  # a row view: (rows, row width, flag, row and column columns)
            for j in range(centre[i, 1]):
                at = start + j * centre[i, 2]
                if full[at + centre[i, 3]] > 0:
                    found = 1
                    scaled = full[at + centre[i, 4]] * height + 0.5
                    row = min(max(int(scaled), 0), height - 1)
                    scaled = full[at + centre[i, 5]] * width + 0.5
                    col = min(max(int(scaled), 0), width - 1)
                    break
        if found:
            break
    out[0] = found
    out[1] = row / h1
    out[2] = col / w1
    # around: the squares within radius of the centre, plane by plane
    at = around_at
    for k in range(around.shape[0]):
        start = around[k, 0]
        for dr in range(-radius, radius + 1):
            r = row + dr
            for dc in range(-radius, radius + 1):
                c = col + dc
                if 0 <= r < height and 0 <= c < width:
                    if start >= 0:
                        out[at] = full[start + r * width + c]
                elif around[k, 1]:
                    out[at] = 1.0
                at += 1
    # nearest: every square of the board in reading order, the count nearest kept by insertion
    # (a later square at the same distance goes after: distance, then reading order)
    for g in range(groups.shape[0]):
        table = groups[g, 0]
        count = groups[g, 1]
        row_width = groups[g, 2]
        first = groups[g, 3]
        kinds = group_kinds[g]
        n = 0
        for sq in range(hw):
            kind = -1
            for j in range(kinds):
                if group_starts[first + j] >= 0 and full[group_starts[first + j] + sq] > 0:
                    kind = j
                    break
            if kind < 0:
                continue
            dr = sq // width - row
            dc = sq % width - col
            distance = (dr if dr >= 0 else -dr)
            if (dc if dc >= 0 else -dc) > distance:
                distance = dc if dc >= 0 else -dc
            if n == count and distance >= distances[count - 1]:
                continue  # no nearer than the last kept
            # insert at its place among the kept rows, shifting the farther ones down (the last drops)
            place = n if n < count else count - 1
            while place > 0 and distances[place - 1] > distance:
                distances[place] = distances[place - 1]
                for x in range(row_width):
                    out[table + place * row_width + x] = out[table + (place - 1) * row_width + x]
                place -= 1
            distances[place] = distance
            for x in range(row_width):
                out[table + place * row_width + x] = 0.0
            out[table + place * row_width] = 1.0
            out[table + place * row_width + 1] = (dr + h1) / (2.0 * h1)
            out[table + place * row_width + 2] = (dc + w1) / (2.0 * w1)
            out[table + place * row_width + 3] = distance / scale
            if kinds > 1:
                out[table + place * row_width + 4 + kind] = 1.0
            if n < count:
                n += 1
    # the other views, run by run
    for i in range(kept.shape[0]):
        for x in range(kept[i, 2]):
            out[kept[i, 1] + x] = full[kept[i, 0] + x]


def former(comp: CompactObservation, full: np.ndarray) -> np.ndarray:
    """The compact observation of ``full`` by ``former_fill``, from the plan's tables."""
    k = comp._kernel
    out = np.zeros(comp.layout.size, np.float32)
    former_fill(np.ascontiguousarray(full, np.float32), out, comp.height, comp.width, comp.radius, k.around_at,
                *(np.asarray(t) for t in (k.centre, k.around, k.groups, k.group_starts, k.group_kinds, k.kept)),
                np.empty(len(np.asarray(k.ranked)), np.intp))
    return out


@pytest.mark.parametrize("name, options", [(name, {}) for name in COMPACT_GAMES]
                         + [("GloriousDayTactics", {"mission": "newt"}), ("GloriousDayTactics", {"mission": "nest"})])
def test_the_kernel_gives_the_former_ones_bytes_in_play(name, options):
    """Seeded random legal play, each turn observed by both sides: the same bytes as the former
    kernel's."""
    from aliens_env.core.game import SIDES

    game = REGISTRY[name].make_game(**options)
    comp = compact_observation(game)
    for turn, _ in enumerate(played(game, 66, 60)):
        for side in SIDES:
            full = game.observe(side)
            assert comp(full).tobytes() == former(comp, full).tobytes(), (name, turn, side)


def test_the_kernel_gives_the_former_ones_bytes_at_the_edges():
    """The centre at each corner and none found, more marks than a group's count at one distance
    (in several planes, a later plane's first in reading order), a square two planes mark, a plane
    starting at -1 (a board view the game has not), and random boards dense with marks, ties,
    negative values and -0.0."""
    comp = CompactObservation(LAYOUT, {**SPEC, "nearest": [{"name": "enemies", "planes": ["alien", "queen"], "count": 3}]})
    cases = []
    for corner in [(0, 0), (0, W - 1), (H - 1, 0), (H - 1, W - 1), None]:
        full = LAYOUT.zeros()
        b = board(full)
        b[0, :, 0] = b[0, 0, :] = 1.0                # walls along two sides
        if corner is not None:
            b[1][corner] = 1.0                       # the marine
        b[2, ::2, ::3] = 0.5                         # aliens on a grid
        b[3, 1::2, 1::3] = 1.0                       # the Queen's plane too
        b[3, 0, 0] = b[3, 2, 3] = 1.0                # on an alien's square: counts as the alien
        cases.append(full)
    full = LAYOUT.zeros()
    b = board(full)
    b[1, 2, 3] = 1.0                                 # the marine in the middle
    b[2, 3, 2:5] = b[2, 2, 4] = 1.0                  # 4 aliens at distance 1 (count 3) ...
    b[3, 1, 2:5] = b[3, 2, 2] = 1.0                  # ... and 4 Queen marks at distance 1, first in reading order
    cases.append(full)
    assert [round(t[1] * 8) - 4 for t in comp.layout.view(comp(full), "nearest_enemies")] == [-1, -1, -1]
    rng = np.random.default_rng(66)
    for _ in range(100):
        full = rng.choice(np.array([0.0, -0.0, 0.25, 1.0, -0.5], np.float32), LAYOUT.size, p=[0.5, 0.1, 0.2, 0.15, 0.05])
        cases.append(full)
    for full in cases:
        assert comp(full).tobytes() == former(comp, full).tobytes()
    comp2 = CompactObservation(LAYOUT2, SPEC2)  # "absent" (start -1) first in the centre, around and the group
    assert np.asarray(comp2._kernel.centre)[0, 0] == -1 and np.asarray(comp2._kernel.group_starts)[0] == -1
    for _ in range(100):
        full = (rng.random(LAYOUT2.size) < 0.3).astype(np.float32) * rng.random(LAYOUT2.size).astype(np.float32)
        assert comp2(full).tobytes() == former(comp2, full).tobytes()


@pytest.mark.parametrize("height, width", [(1, 9), (9, 1), (3, 8), (8, 3), (6, 6), (5, 7)])
def test_the_planes_read_in_blocks_give_the_former_bytes_on_boards_of_any_shape(height, width):
    """The centre's and the nearest groups' planes are read in blocks of 16 squares (the last squares
    one by one): on boards of 9 (a row, a column), 24, 36 and 35 squares, with the marine on each
    square in turn, marks from none (fewer than a group's count) to most squares in two planes (a
    square both mark is the first's), values above 1, below 0 and NaN (passed over as the former
    kernel does: a block's NaN hides none of its marks), the same bytes as the former kernel's."""
    layout = ObsLayout([("board", (3, height, width), "planes: marine, alien, queen"), ("flags", 1)])
    comp = CompactObservation(layout, {"envs": ["Test"], "centre": ["marine"],
                                       "around": {"radius": 1, "planes": ["alien"]},
                                       "nearest": [{"name": "enemies", "planes": ["alien", "queen"], "count": 3},
                                                   {"name": "one", "planes": ["queen"], "count": 1}]})
    rng = np.random.default_rng(height * 10 + width)
    values = np.array([0.5, 1.0, 2.0, np.nan, -0.5], np.float32)
    for density in (0.0, 0.05, 0.2, 0.6):
        for centre in range(height * width):
            full = layout.zeros()
            planes = layout.view(full, "board").reshape(3, -1)
            planes[:] = np.where(rng.random((3, height * width)) < density, rng.choice(values, (3, height * width)), 0)
            planes[0, centre] = 3.0 if density < 0.6 else np.nan  # the marine (a NaN: the others decide)
            assert comp(full).tobytes() == former(comp, full).tobytes(), (density, centre)


def test_a_transform_pickles_and_copies_with_its_plan():
    """Compiled, the plan's tables are typed views (the kernel's ``__reduce__`` gives them as arrays):
    a pickled or deep-copied transform gives the same values."""
    import copy
    import pickle

    game = REGISTRY["HuntForTheQueen"].make_game()
    comp = compact_observation(game)
    for again in (pickle.loads(pickle.dumps(comp)), copy.deepcopy(comp)):
        for _, full in played(game, 3, 20):
            assert np.array_equal(again(full), comp(full))


def test_the_kernel_reads_a_read_only_observation_and_refuses_none():
    """The kernel only reads the full observation (compiled: a const view), so a read-only one is
    transformed too; compiled, it reads its views unchecked, so None is refused first."""
    comp = CompactObservation(LAYOUT, SPEC, "Test")
    full = LAYOUT.zeros()
    board(full)[1, 2, 3] = board(full)[2, 4, 4] = 1.0
    expected = comp(full)
    full.flags.writeable = False
    assert np.array_equal(comp(full), expected)
    for args in [(None, np.zeros(comp.layout.size, np.float32)), (full, None)]:
        with pytest.raises(TypeError):
            comp._kernel.fill(*args)
