"""The compact observation (``observation="compact"`` of the adapters): a few hundred values made
from a side's full observation, for networks that would spend most of their time on thousands
of map values.

It is computed from ``game.observe(side)`` alone, so it holds only what that side may know. Its
parts, in this order, declared per game in compact.yaml (the one place of its numbers):

- ``centre`` (3): whether a centre was found, its row / (height - 1) and column / (width - 1). The
  spec's ``centre`` lists where to look, in order (the acting figure, then a fallback): a plane
  gives its first marked square (the highest value; the first in reading order on a tie), a row
  view (``{view, flag, row, column}``) the square of its first row whose ``flag`` column is set,
  read from its ``row`` (row / height) and ``column`` (column / width) columns; the first that
  gives one is the centre, and with none it is the middle of the board.
- ``around`` (planes x (2r + 1) x (2r + 1)): the squares of the ``around`` planes within r rows
  and columns of the centre; a square off the board reads 1 on the planes listed as ``off_board``
  (walls), 0 on the others.
- ``nearest_<group>`` (count x (4 + kinds)): the ``count`` marked squares of the group's planes
  nearest the centre (Chebyshev distance, then reading order), each as present, (row offset +
  height - 1) / (2 (height - 1)), the same for the column, distance / (max(height, width) - 1), and
  one-hot which plane marks it when the group has more than one.
- every other view of the full observation as it is, but the row views the spec cuts to their
  first rows (``rows``), the views it leaves out (``drop``) and its ``board_views``;
- the game's own row views (``game_rows``, {view: rows}): rows a game works out itself at each
  decision (``game.compact_rows(view, rows, player)``, the Game contract; their columns
  ``game.compact_row_columns[view]``), such as the squares a Glorious Day Character's Move may end
  on, to which its aimed actions point (``row_aimed_slice_names``).

The board is the full observation's ``board`` view, its planes named by its description
("planes: a, b, c (...)"), then the spec's ``board_views``: other views of the board's height and
width, read as more planes by their names (a game without one, such as a Glorious Day mission
without the APC's ``scanned``, reads it as a plane of zeros).
"""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from .actions import ObsLayout
from .data import read_yaml

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from . import pure_cython as cython

SPEC_FILE = Path(__file__).with_name("compact.yaml")
BOARD = "board"
SPEC_KEYS = ("centre", "board_views", "around", "nearest", "rows", "drop", "game_rows")
AROUND_KEYS = ("radius", "planes", "off_board")
#: a centre read from a row view: its flag column, and the columns of row / height and column / width
CENTRE_ROW_KEYS = ("view", "flag", "row", "column")


def plane_names(description: str) -> list[str]:
    """The board planes a view's description lists ("planes: a, b, c (...)"; a note in brackets,
    after a plane or after them all, is not part of a name)."""
    if "planes: " not in description:
        raise ValueError(f"a board view's description must list its planes as 'planes: a, b, c', got {description!r}")
    return [p.strip() for p in re.sub(r"\s*\([^()]*\)", "", description.split("planes: ", 1)[1]).split(",")]


def compact_specs(path: Path = SPEC_FILE) -> dict[str, dict]:
    """{registered env name: its compact spec} from the data file (one entry may name several envs
    under ``envs``)."""
    data = read_yaml(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping of compact specs, got {type(data).__name__}")
    specs: dict[str, dict] = {}
    for key, spec in data.items():
        if not isinstance(spec, dict) or not isinstance(spec.get("envs"), list) or not spec["envs"]:
            raise ValueError(f"{path}: spec {key!r} must be a mapping with a non-empty list 'envs'")
        unknown = sorted(set(spec) - set(SPEC_KEYS) - {"envs"})
        if unknown:
            raise ValueError(f"{path}: spec {key!r} has unknown key(s) {unknown}; allowed: {['envs', *SPEC_KEYS]}")
        for env in spec["envs"]:
            if env in specs:
                raise ValueError(f"{path}: env {env!r} has two compact specs")
            specs[env] = spec
    return specs


_SPECS: dict[str, dict] | None = None


def compact_observation(game) -> "CompactObservation | None":
    """The compact observation of ``game`` (a registered game, by ``game.name``), or None when its
    full observation is compact already (no spec: Alien Menace, the Drop Ship, Ripley vs. the Queen)."""
    global _SPECS
    if _SPECS is None:
        _SPECS = compact_specs()
    spec = _SPECS.get(game.name)
    return None if spec is None else CompactObservation(game.obs_layout, spec, game.name, game.compact_row_columns)


class CompactObservation:
    """The compact transform of one full observation layout (see the module's docstring)."""

    def __init__(self, full: ObsLayout, spec: dict, name: str = "game", row_columns: dict | None = None):
        """``row_columns``: the game's ``compact_row_columns`` ({view: its columns' names}), the
        row views its ``game_rows`` may name."""
        self.full = full
        where = f"compact spec of {name}"
        if BOARD not in full.shapes or len(full.shapes[BOARD]) != 3 or min(full.shapes[BOARD]) < 1:
            raise ValueError(f"{where}: the full observation needs a view {BOARD!r} of (planes, height, width), each "
                             f"at least 1; views: {full.shapes}")
        n_planes, self.height, self.width = full.shapes[BOARD]
        names = plane_names(full.descriptions[BOARD])
        if len(names) != n_planes or len(set(names)) != n_planes:
            raise ValueError(f"{where}: the board's description must name each of its {n_planes} planes once, got {names}")
        board_size = (self.height, self.width)
        board_views = spec.get("board_views", [])
        boards = [v for v, shape in full.shapes.items() if v != BOARD and tuple(shape) == board_size]
        if not isinstance(board_views, list) or len(set(board_views)) != len(board_views):
            raise ValueError(f"{where}: board_views must be a list of views (each once), got {board_views!r}")
        for v in board_views:
            if not isinstance(v, str) or v in full.shapes and v not in boards or v in names or v == BOARD:
                raise ValueError(f"{where}: board_views names {v!r}, not a view of the board's size {board_size} "
                                 f"(nor a plane's name); such views: {boards}")
        self.board_views = list(board_views)
        #: the board's planes, then the board views' (each read as one more plane)
        self.plane_names = names + self.board_views
        self.plane_index = {p: i for i, p in enumerate(self.plane_names)}

        def planes(key: str, values) -> list[int]:
            if not isinstance(values, list) or not values:
                raise ValueError(f"{where}: {key} must be a non-empty list of planes, got {values!r}")
            unknown = [p for p in values if p not in self.plane_index]
            if unknown:
                raise ValueError(f"{where}: unknown plane(s) {unknown} in {key}; planes: {self.plane_names}")
            return [self.plane_index[p] for p in values]

        def whole(key: str, value, low: int, high: int | None = None) -> int:
            if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
                bounds = f"{low}..{high}" if high is not None else f">= {low}"
                raise ValueError(f"{where}: {key} must be a whole number {bounds}, got {value!r}")
            return value

        # (a row view of no rows is none: the kernel reads a centre source of 0 rows as a plane)
        row_views = [v for v, shape in full.shapes.items()
                     if len(shape) == 2 and min(shape) >= 1 and v not in self.board_views]

        def row_source(entry: dict) -> tuple:
            """A centre read from a row view: ("rows", view, flag, row and column columns' indices)."""
            if set(entry) != set(CENTRE_ROW_KEYS):
                raise ValueError(f"{where}: a centre read from a row view needs exactly {list(CENTRE_ROW_KEYS)}, got {entry!r}")
            view = entry["view"]
            if view not in row_views:
                raise ValueError(f"{where}: centre names view {view!r}, not a row view; row views: {row_views}")
            columns = [c.strip() for c in full.descriptions[view].split(",")]
            if len(columns) != full.shapes[view][1]:
                raise ValueError(f"{where}: the description of {view!r} must name each of its {full.shapes[view][1]} "
                                 f"columns, got {columns}")
            found = []
            for key, ending in (("flag", ""), ("row", "/h"), ("column", "/w")):
                name = entry[key]
                allowed = [c for c in columns if c.endswith(ending)]
                if name not in allowed:
                    what = {"flag": "a column", "row": "a column of row / height (its name ending '/h')",
                            "column": "a column of column / width (its name ending '/w')"}[key]
                    raise ValueError(f"{where}: centre {key} must name {what} of {view!r}, got {name!r}; allowed: {allowed}")
                found.append(columns.index(name))
            return ("rows", view, *found)

        centre = spec.get("centre")
        if not isinstance(centre, list) or not centre:
            raise ValueError(f"{where}: centre must be a non-empty list of planes and row views, got {centre!r}")
        #: where the centre is looked for, in order: ("plane", index) or ("rows", view, flag, row, column)
        self.centre = []
        for entry in centre:
            if not isinstance(entry, (str, dict)):
                raise ValueError(f"{where}: each centre entry must be a plane or a row view {list(CENTRE_ROW_KEYS)}, "
                                 f"got {entry!r}")
            self.centre.append(row_source(entry) if isinstance(entry, dict) else ("plane", planes("centre", [entry])[0]))
        around = spec.get("around")
        if not isinstance(around, dict) or not set(around) <= set(AROUND_KEYS):
            raise ValueError(f"{where}: around must be a mapping with keys among {list(AROUND_KEYS)}, got {around!r}")
        self.radius = whole("around.radius", around.get("radius"), 1)
        self.around_planes = planes("around.planes", around.get("planes"))
        off_board = planes("around.off_board", around["off_board"]) if "off_board" in around else []
        if not set(off_board) <= set(self.around_planes):
            raise ValueError(f"{where}: around.off_board must name planes of around.planes {around['planes']}")
        self.off_board = [self.around_planes.index(i) for i in off_board]
        self.groups = []
        for group in spec.get("nearest", []):
            if not isinstance(group, dict) or set(group) != {"name", "planes", "count"}:
                raise ValueError(f"{where}: each nearest group needs exactly name, planes, count; got {group!r}")
            count = whole(f"nearest {group['name']!r} count", group["count"], 1)
            self.groups.append((str(group["name"]), planes(f"nearest {group['name']!r}", group["planes"]), count))
        others = [v for v in full.names() if v != BOARD and v not in self.board_views]
        drop = spec.get("drop", [])
        if not isinstance(drop, list) or not all(isinstance(v, str) and v in others for v in drop):
            raise ValueError(f"{where}: drop must list views of the full observation (not the board nor a board view), "
                             f"got {drop!r}; views: {others}")
        rows = spec.get("rows", {})
        if not isinstance(rows, dict):
            raise ValueError(f"{where}: rows must map row views to a number of rows, got {rows!r}")
        for view, k in rows.items():
            if view not in row_views or view in drop:
                raise ValueError(f"{where}: rows names {view!r}, not a row view kept; row views: "
                                 f"{[v for v in row_views if v not in drop]}")
            whole(f"rows[{view!r}]", k, 1, full.shapes[view][0])
        self.kept = [(v, full.span(v), full.shapes[v], rows.get(v)) for v in others if v not in drop]
        game_rows, row_columns = spec.get("game_rows", {}), row_columns or {}
        if not isinstance(game_rows, dict) or not all(v in row_columns for v in game_rows):
            raise ValueError(f"{where}: game_rows must map the game's own row views to a number of rows, got "
                             f"{game_rows!r}; the game's row views: {list(row_columns)}")
        #: the game's own row views: (view, rows, its columns' names)
        self.game_rows = [(v, whole(f"game_rows[{v!r}]", k, 1), tuple(row_columns[v])) for v, k in game_rows.items()]

        side = 2 * self.radius + 1
        views = [("centre", 3, "found, row/(height-1), column/(width-1)"),
                 ("around", (len(self.around_planes), side, side), "planes: " + ", ".join(
                     self.plane_names[i] for i in self.around_planes) + f" (within {self.radius} of the centre)")]
        for gname, gplanes, count in self.groups:
            kinds = len(gplanes) if len(gplanes) > 1 else 0
            views.append((f"nearest_{gname}", (count, 4 + kinds), "present, row offset, column offset, distance"
                          + (", one-hot plane" if kinds else "")))
        for v, _, shape, cut in self.kept:
            views.append((v, (cut,) + shape[1:] if cut else shape, full.descriptions[v]))
        for v, k, columns in self.game_rows:
            views.append((v, (k, len(columns)), ", ".join(columns)))
        self.layout = ObsLayout(views)
        self.shape = self.layout.shape
        hw = self.height * self.width
        # where each plane starts in the full observation (-1: a board view the game has not, read as zeros)
        plane_start = ([full.offset(BOARD) + i * hw for i in range(n_planes)]
                       + [full.offset(v) if v in full.shapes else -1 for v in self.board_views])
        intp = np.intp
        most = max([count for _, _, count in self.groups], default=1)  # the longest nearest table
        self._kernel = Kernel(
            self.height, self.width, self.radius, self.layout.offset("around"),
            # per centre source: its start, then for a row view its rows, row width and flag, row and
            # column columns (a plane: rows 0)
            np.array([(plane_start[c[1]], 0, 0, 0, 0, 0) if c[0] == "plane" else
                      (full.offset(c[1]), *full.shapes[c[1]], *c[2:]) for c in self.centre], intp),
            # per around plane: where it starts in the full observation, and 1 when off-board squares read 1
            np.array([(plane_start[p], k in self.off_board) for k, p in enumerate(self.around_planes)], intp),
            # per nearest group: its table's offset, count, row width, and its planes' first row in group_starts
            np.array([(self.layout.offset(f"nearest_{g}"), count, self.layout.shapes[f"nearest_{g}"][1],
                       sum(len(q) for _, q, _ in self.groups[:i])) for i, (g, _, count) in enumerate(self.groups)]
                     or np.zeros((0, 4)), intp).reshape(-1, 4),
            np.array([plane_start[p] for _, q, _ in self.groups for p in q] + [0], intp),
            np.array([len(q) for _, q, _ in self.groups] + [0], intp),
            # the views kept: runs of (full offset, compact offset, values)
            np.array([(span.start, self.layout.offset(v),
                       int(np.prod(shape[1:], dtype=int)) * cut if cut else span.stop - span.start)
                      for v, span, shape, cut in self.kept] or np.zeros((0, 3)), intp).reshape(-1, 3),
            np.empty((most, 3), intp))

    def __call__(self, full: np.ndarray) -> np.ndarray:
        full = np.ascontiguousarray(full, dtype=np.float32)
        if full.shape != self.full.shape:
            raise ValueError(f"a full observation of this game has shape {self.full.shape}, got {full.shape}")
        out = np.zeros(self.layout.size, np.float32)
        self._kernel.fill(full, out)
        return out

    def observe(self, game, player: str) -> np.ndarray:
        """The compact observation of ``game`` for ``player``: the transform of its full observation
        (the game's kept one where it keeps one: the transform only reads it), then its own rows."""
        kept = game.observe_kept(player)
        out = self(game.observe(player) if kept is None else kept)
        for view, rows, _ in self.game_rows:
            out[self.layout.span(view)] = game.compact_rows(view, rows, player).ravel()
        return out

    @property
    def shown_rows(self) -> dict[str, int]:
        """{row view: how many of its first rows this observation shows}: the views it cuts (``rows``)
        and the game's own (``game_rows``)."""
        return {**{view: cut for view, _, _, cut in self.kept if cut}, **{view: rows for view, rows, _ in self.game_rows}}


class Kernel:
    """A CompactObservation's plan as index tables (compiled, typed views made once: compact.pxd),
    and ``fill``, which writes the transform of a full observation by it. Its scratch, ``ranked``,
    is its own: one per transform, none shared by the games of a process."""

    def __init__(self, height: int, width: int, radius: int, around_at: int, centre: np.ndarray, around: np.ndarray,
                 groups: np.ndarray, group_starts: np.ndarray, group_kinds: np.ndarray, kept: np.ndarray,
                 ranked: np.ndarray):
        self.height = height
        self.width = width
        self.radius = radius
        self.around_at = around_at  # where the around view starts in the compact observation
        self.centre = centre
        self.around = around
        self.groups = groups
        self.group_starts = group_starts
        self.group_kinds = group_kinds
        self.kept = kept
        #: scratch: the rows of a nearest table found so far, nearest first: (distance, square, kind)
        self.ranked = ranked

    def __reduce__(self):  # (compiled, its typed views do not pickle: the tables as arrays)
        return Kernel, (self.height, self.width, self.radius, self.around_at, *(np.asarray(a) for a in (
            self.centre, self.around, self.groups, self.group_starts, self.group_kinds, self.kept, self.ranked)))

    @cython.boundscheck(False)
    @cython.wraparound(False)
    @cython.nonecheck(False)
    @cython.locals(height=cython.Py_ssize_t, width=cython.Py_ssize_t, hw=cython.Py_ssize_t, h1=cython.Py_ssize_t,
                   w1=cython.Py_ssize_t, scale=cython.Py_ssize_t, found=cython.int, row=cython.Py_ssize_t,
                   col=cython.Py_ssize_t, i=cython.Py_ssize_t, start=cython.Py_ssize_t, best=cython.Py_ssize_t,
                   top=cython.double, sq=cython.Py_ssize_t, scaled=cython.double, at=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, radius=cython.Py_ssize_t, dr=cython.Py_ssize_t, dc=cython.Py_ssize_t,
                   r=cython.Py_ssize_t, c=cython.Py_ssize_t, g=cython.Py_ssize_t, table=cython.Py_ssize_t,
                   count=cython.Py_ssize_t, row_width=cython.Py_ssize_t, first=cython.Py_ssize_t,
                   kinds=cython.Py_ssize_t, n=cython.Py_ssize_t, j=cython.Py_ssize_t, earlier=cython.Py_ssize_t,
                   distance=cython.Py_ssize_t, place=cython.Py_ssize_t, x=cython.Py_ssize_t,
                   block_size=cython.Py_ssize_t, blocks_end=cython.Py_ssize_t, block=cython.Py_ssize_t,
                   b=cython.Py_ssize_t, blocks=cython.Py_ssize_t, peak=cython.float)
    def fill(self, full, out) -> None:
        """Writes the compact observation of ``full`` (float32, the full layout's size) into ``out``
        (zeros, the compact layout's size); a plane starting at -1 reads 0."""
        if full is None or out is None:  # (compiled, the views are read unchecked below)
            raise TypeError("Kernel.fill needs a full observation and an array to write, got None")
        height = self.height
        width = self.width
        hw = height * width
        # the planes are read in blocks of squares where most squares are 0 (16: callgrind's fewest
        # instructions, 8 and 32 more; a constant the C compiler unrolls the block's loop by)
        block_size = 16
        blocks_end = hw - hw % block_size
        blocks = (hw + block_size - 1) // block_size  # (the last one shorter; a range of step 1: a C loop)
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
        for i in range(self.centre.shape[0]):
            start = self.centre[i, 0]
            if self.centre[i, 1] == 0:  # a plane
                if start < 0:
                    continue
                best = 0
                top = full[start]
                for b in range(blocks):  # (a block holding nothing higher is passed over)
                    block = b * block_size
                    if block < blocks_end:
                        peak = top
                        for x in range(block, block + block_size):
                            peak = full[start + x] if full[start + x] > peak else peak
                        if not peak > top:
                            continue
                    for sq in range(block, block + block_size if block < blocks_end else hw):
                        if full[start + sq] > top:
                            top = full[start + sq]
                            best = sq
                if top > 0:
                    found = 1
                    row = best // width
                    col = best % width
            else:  # a row view: (rows, row width, flag, row and column columns)
                for j in range(self.centre[i, 1]):
                    at = start + j * self.centre[i, 2]
                    if full[at + self.centre[i, 3]] > 0:
                        found = 1
                        scaled = full[at + self.centre[i, 4]] * height + 0.5
                        row = min(max(cython.cast(cython.Py_ssize_t, scaled), 0), height - 1)
                        scaled = full[at + self.centre[i, 5]] * width + 0.5
                        col = min(max(cython.cast(cython.Py_ssize_t, scaled), 0), width - 1)
                        break
            if found:
                break
        out[0] = found
        out[1] = row / h1
        out[2] = col / w1
        # around: the squares within radius of the centre, plane by plane
        at = self.around_at
        radius = self.radius
        for k in range(self.around.shape[0]):
            start = self.around[k, 0]
            for dr in range(-radius, radius + 1):
                r = row + dr
                for dc in range(-radius, radius + 1):
                    c = col + dc
                    if 0 <= r < height and 0 <= c < width:
                        if start >= 0:
                            out[at] = full[start + r * width + c]
                    elif self.around[k, 1]:
                        out[at] = 1.0
                    at += 1
        # nearest: each plane of a group read once, its marked squares ranked by distance, then
        # reading order, the count nearest kept (a square an earlier plane of the group marks is that
        # plane's: the first plane wins). Most squares are not marked: the plane is read in blocks of
        # block_size squares, a block whose largest value (from 0, a NaN passed over) is not above 0 skipped at
        # once, the others (and the last squares, fewer than block_size) square by square.
        for g in range(self.groups.shape[0]):
            table = self.groups[g, 0]
            count = self.groups[g, 1]
            row_width = self.groups[g, 2]
            first = self.groups[g, 3]
            kinds = self.group_kinds[g]
            n = 0
            for j in range(kinds):
                start = self.group_starts[first + j]
                if start < 0:
                    continue
                for b in range(blocks):
                    block = b * block_size
                    if block < blocks_end:
                        peak = 0.0
                        for x in range(block, block + block_size):
                            peak = full[start + x] if full[start + x] > peak else peak
                        if not peak > 0:
                            continue
                    for sq in range(block, block + block_size if block < blocks_end else hw):
                        if not full[start + sq] > 0:
                            continue
                        earlier = 0
                        for k in range(j):
                            if self.group_starts[first + k] >= 0 and full[self.group_starts[first + k] + sq] > 0:
                                earlier = 1
                                break
                        if earlier:
                            continue
                        dr = sq // width - row
                        dc = sq % width - col
                        distance = dr if dr >= 0 else -dr
                        if (dc if dc >= 0 else -dc) > distance:
                            distance = dc if dc >= 0 else -dc
                        if n == count and (distance > self.ranked[n - 1, 0]
                                           or distance == self.ranked[n - 1, 0] and sq > self.ranked[n - 1, 1]):
                            continue  # no nearer than the last kept
                        # its place among the kept, the farther ones shifted down (the last drops)
                        place = n if n < count else count - 1
                        while place > 0 and (self.ranked[place - 1, 0] > distance
                                             or self.ranked[place - 1, 0] == distance and self.ranked[place - 1, 1] > sq):
                            self.ranked[place, 0] = self.ranked[place - 1, 0]
                            self.ranked[place, 1] = self.ranked[place - 1, 1]
                            self.ranked[place, 2] = self.ranked[place - 1, 2]
                            place -= 1
                        self.ranked[place, 0] = distance
                        self.ranked[place, 1] = sq
                        self.ranked[place, 2] = j
                        if n < count:
                            n += 1
            for place in range(n):
                at = table + place * row_width
                sq = self.ranked[place, 1]
                dr = sq // width - row
                dc = sq % width - col
                out[at] = 1.0
                out[at + 1] = (dr + h1) / (2.0 * h1)
                out[at + 2] = (dc + w1) / (2.0 * w1)
                out[at + 3] = self.ranked[place, 0] / scale
                if kinds > 1:
                    out[at + 4 + self.ranked[place, 2]] = 1.0
        # the other views, run by run
        for i in range(self.kept.shape[0]):
            for x in range(self.kept[i, 2]):
                out[self.kept[i, 1] + x] = full[self.kept[i, 0] + x]
