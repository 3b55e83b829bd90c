"""Boards read from an ASCII map: a frozen `Grid` (core/grid.py, the one grid engine) shared by
every game on the same map, with the tables a fixed map can keep (ranges, all-pairs distances).

Map characters (a map's YAML may add its own meanings for other characters, as open floor):

    .  open floor               #  obstruction: blocks movement and line of sight
    W  wall: an obstruction whose squares are joined, so no diagonal step squeezes between two W
    S  stairwell: no one may enter it, but it does not block line of sight
    E  exit square              d  costs double to enter, does not block line of sight

Rules settled here, as the 1989 rulebook words them (the engine's "squeeze" diagonal rule and
its shooter-corner switch):
- Movement is one square in any of 8 directions. A diagonal step between two obstructions is
  allowed ("unless the obstruction itself clearly connects them"): it is refused only when both
  squares beside the diagonal are W squares.
- Range is counted "as if moving into the target's square along as straight a line as
  possible": the 8-neighbour (Chebyshev) distance, max(|dr|, |dc|).
- Line of sight: a straight segment from the shooter to the centre of the target square that
  passes through the inside of no obstruction (touching a corner or running along an edge is
  clear). The rulebook lets a marine beside an obstruction "fire from the obstruction's edge
  rather than the square's center", applied generously: a shooter whose square touches an
  obstruction (8-neighbour) may also draw the line from any of its square's four corners.
  LOS is computed per shooter square (a row of every target square) and cached; a Board reads
  the row from tables of its size (``sight_tables``: the squares each segment enters depend only
  on the target's offset), giving the engine's answers square for square.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .grid import DIRECTION_NAMES, DIRECTIONS, UNREACHABLE, Grid, Terrain, segments_blocked  # noqa: F401
#: no square, no figure: the index of nothing (a counter off the map, no Marine carried, ...)
NO = -1

KNOWN = ".#WSEd"
MAP_TERRAINS = {
    ".": Terrain("floor"),
    "#": Terrain("obstruction", cost=None, blocks_sight=True),
    "W": Terrain("wall", cost=None, blocks_sight=True, joined=True),
    "S": Terrain("stairwell", cost=None),
    "E": Terrain("exit"),
    "d": Terrain("double_cost", cost=2),
}


class MapError(ValueError):
    """A map file is malformed; the message names the row, column and character."""


@lru_cache(maxsize=None)
def size_tables(height: int, width: int) -> tuple[list[tuple], list[list[int]]]:
    """(each square's neighbour in each of the 8 directions or None off the grid, the range from
    each square to every square): they depend on the map's size alone, so every board of one size
    (e.g. Operations with its doors open or sealed) shares them (shared lists: do not modify)."""
    n = height * width
    step1 = [tuple(r * width + c if 0 <= r < height and 0 <= c < width else None
                   for r, c in ((i // width + dr, i % width + dc) for dr, dc in DIRECTIONS)) for i in range(n)]
    rr, cc = np.divmod(np.arange(n), width)
    return step1, np.maximum(abs(rr[:, None] - rr[None, :]), abs(cc[:, None] - cc[None, :])).tolist()


class Board(Grid):
    def __init__(self, rows: list[str], extra_open: str = ""):
        if not rows:
            raise MapError("the map has no rows")
        width = len(rows[0])
        chars = KNOWN + "".join(ch for ch in dict.fromkeys(extra_open) if ch not in KNOWN)
        for r, row in enumerate(rows):
            if len(row) != width:
                raise MapError(f"map row {r} has {len(row)} squares; every row must have {width}")
            for c, ch in enumerate(row):
                if ch not in chars:
                    raise MapError(f"map square ({r}, {c}) is {ch!r}; allowed are {sorted(set(chars))}")
        terrains = [MAP_TERRAINS.get(ch) or Terrain(f"open {ch!r}") for ch in chars]
        code = {ch: k for k, ch in enumerate(chars)}
        cells = [[code[ch] for ch in row] for row in rows]
        super().__init__(len(rows), width, terrains, cells, diagonal="squeeze", shooter_corners=True)
        self.rows_text = list(rows)
        grid = np.array([list(row) for row in rows])
        self.blocked = self.sight_blocked().reshape(self.height, self.width)  # '#' and 'W'
        self.wall = grid == "W"
        self.stairwell = grid == "S"
        self.exit = grid == "E"
        self.double_cost = grid == "d"
        # squares a counter may stand on
        self.passable = np.array([c is not None for c in self.costs()]).reshape(self.height, self.width)
        self.neighbours = self.neighbour_table()
        self._step1, self._range = size_tables(self.height, self.width)
        self._dist: np.ndarray | None = None
        self._exit_rows: dict[int, np.ndarray] = {}
        self._distance_lists: list[list[int] | None] | None = None  # every passable square's row, made at once
        self._exit_lists: dict[int, list[int]] = {}  # rows of squares no counter may stand on
        self._within: dict[tuple[int, int], list[int]] = {}
        self.frozen = True  # shared by every game on this map (board_from_rows)
        for name in ("cells", "extra", "marker", "capacity", "wall_e", "wall_s", "blocked", "wall",
                     "stairwell", "exit", "double_cost", "passable"):
            getattr(self, name).flags.writeable = False

    # -- line of sight: the engine's test, from tables of the map's size ------------------------
    def _compute_los(self, src: int, radius: int | None) -> np.ndarray:
        """The engine's line of sight (``Grid._compute_los_direct``: the same test, the same
        answers), read from ``sight_tables``: which squares each segment from a shooter's point to
        a target's centre enters depends only on the target's offset, so a row is one lookup of
        the map's opaque squares. Other cases (a radius, edge walls, a shooter on an opaque
        square) go to the engine."""
        blocked = self.sight_blocked()
        if radius is not None or not self.shooter_corners or blocked[src] or self._has_edge_walls():
            return super()._compute_los(src, radius)
        h, w = self.height, self.width
        r, c = divmod(src, w)
        padded = self._cache.get("sight_padded")
        if padded is None:
            # opaque squares, padded so that the window around any square is a plain slice
            padded = np.zeros((3 * h - 2, 3 * w - 2), dtype=bool)
            padded[h - 1:2 * h - 1, w - 1:2 * w - 1] = blocked.reshape(h, w)
            self._cache["sight_padded"] = padded
        opaque = np.flatnonzero(padded[r:r + 2 * h - 1, c:c + 2 * w - 1])  # the shooter's square in the middle
        tables = sight_tables(h, w)
        touches = any(0 <= r + dr < h and 0 <= c + dc < w and blocked[(r + dr) * w + c + dc] for dr, dc in DIRECTIONS)
        hidden = None  # (bits: the targets every point's segment finds blocked)
        for hidden_by in tables if touches else tables[:1]:
            bits = np.bitwise_or.reduce(hidden_by[opaque], axis=0)
            hidden = bits if hidden is None else hidden & bits
        seen = ~np.unpackbits(hidden.view(np.uint8), count=(2 * h - 1) * (2 * w - 1), bitorder="little").view(bool)
        view = seen.reshape(2 * h - 1, 2 * w - 1)[h - 1 - r:2 * h - 1 - r, w - 1 - c:2 * w - 1 - c]
        return (view & ~blocked.reshape(h, w)).ravel()

    def copy(self) -> Grid:
        """An editable Grid with this map's squares (the Board itself stays frozen and shared)."""
        grid = Grid(self.height, self.width, self.terrains, self.cells, self.diagonal, self.shooter_corners)
        grid.version, grid._cache = self.version, self._cache
        return grid

    # a fixed map keeps its steps and ranges as tables (the same answers as the engine's)
    def step(self, i: int, direction: int, squares: int = 1) -> int | None:
        if squares == 1:
            return self._step1[i][direction]
        return Grid.step(self, i, direction, squares)

    def step_row(self, i: int) -> tuple[int | None, ...]:
        """``step(i, direction)`` for each direction 0-7, in order (the shared table's row): one call
        for a caller that reads several directions."""
        return self._step1[i]

    def range(self, a: int, b: int) -> int:
        return self._range[a][b]

    def range_row(self, a: int) -> list[int]:
        """Ranges from square a to every square (a shared list: do not modify)."""
        return self._range[a]

    def range_rows(self) -> list[list[int]]:
        """Every square's ``range_row`` (the shared table, one per map size: do not modify)."""
        return self._range

    # -- distances -----------------------------------------------------------------------------
    def distances(self) -> np.ndarray:
        """All-pairs path distance in steps over passable squares (int16, UNREACHABLE where none).
        Counters may pass through each other while moving, so this depends on the map alone."""
        if self._dist is None:
            dist = np.full((self.n, self.n), UNREACHABLE, dtype=np.int16)
            for src in range(self.n):
                if self.passable.flat[src]:
                    dist[src] = self.field([src])
            dist.flags.writeable = False
            self._dist = dist
        return self._dist

    def distances_from(self, square: int) -> np.ndarray:
        """Path distance from `square` to every square. From a square no one may stand on (an
        Alien clinging to a Stairwell), the first step leaves it: 1 + the best neighbour's row."""
        dist = self.distances()
        if self.passable.flat[square]:
            return dist[square]
        row = self._exit_rows.get(square)
        if row is None:
            firsts = [n for _, n in self.neighbours[square]]
            row = np.minimum(dist[firsts].min(axis=0) + 1, UNREACHABLE) if firsts else np.full(self.n, UNREACHABLE, np.int16)
            row = row.astype(np.int16)
            self._exit_rows[square] = row
        return row

    def distance_list(self, square: int) -> list[int]:
        """distances_from(square) as a Python list (fast to index from Python; shared: do not
        modify). Every square's row is made at the first call, from the whole table at once
        (about 6 MB on the lairs' 864 squares, 25-40 ms): rows made one by one as games first
        asked for them kept an environment's memory growing for 100,000 steps and more; a
        square no counter may stand on (an Alien clinging to a Stairwell) keeps its own row."""
        rows = self._distance_lists
        if rows is None:
            rows = self._distance_lists = [row if passable else None for row, passable
                                           in zip(self.distances().tolist(), self.passable.ravel().tolist())]
        row = rows[square]
        if row is None:
            row = self._exit_lists.get(square)
            if row is None:
                row = self._exit_lists[square] = self.distances_from(square).tolist()
        return row

    def within(self, square: int, steps: int) -> list[int]:
        """The squares at most `steps` moves from `square` (distances_from), in ascending order
        (kept per square and steps; shared: do not modify)."""
        key = (square, steps)
        out = self._within.get(key)
        if out is None:
            out = self._within[key] = np.flatnonzero(self.distances_from(square) <= steps).tolist()
        return out

    def distance_field(self, targets, cost_double: bool = False) -> np.ndarray:
        """Steps from every square to the nearest of `targets`, moving over passable squares
        (int16); with cost_double, entering a 'd' square costs 2."""
        return self.field(list(targets), weighted=cost_double).astype(np.int16)


@lru_cache(maxsize=None)
def board_from_rows(rows: tuple[str, ...], extra_open: str = "") -> Board:
    """One shared Board per distinct map (boards are frozen, their caches are shared)."""
    return Board(list(rows), extra_open)


#: a shooter's points, (x, y) from its square's top-left corner: the centre, then the four corners
#: (the shooter-corner rule, ``Grid.shooter_points``, with no edge walls)
SHOOTER_POINTS = ((0.5, 0.5), (0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0))


@lru_cache(maxsize=None)
def sight_tables(height: int, width: int) -> tuple[np.ndarray, ...]:
    """Per shooter point (SHOOTER_POINTS), for a (2h-1) x (2w-1) window with the shooter's square
    in the middle: for each square of the window (row-major), the targets (the window's squares)
    whose segment from the point to the target's centre enters the square's open inside
    (``segments_blocked``), as bits (target k is bit k % 8 of byte k // 8; a row padded with zero
    bits to whole uint64 words: unpack it with count=(2h-1)(2w-1)). A target is hidden from the
    point when any opaque square of the window hides it. Shared and read only."""
    rows, cols = 2 * height - 1, 2 * width - 1
    squares = rows * cols
    words = -(-squares // 64)
    out = []
    for px, py in SHOOTER_POINTS:
        hides = np.zeros((squares, words * 64), dtype=bool)  # [square, target]
        for tr in range(rows):  # targets a row at a time, against the squares of the rows between
            dr = tr - (height - 1)
            br, bc = np.divmod(np.arange((abs(dr) + 1) * cols), cols)
            br, bc = br + min(0, dr), bc - (width - 1)  # relative to the shooter's square
            tc = np.arange(cols) - (width - 1)
            k, j = np.nonzero(segments_blocked(px, py, tc + 0.5, np.full(cols, dr + 0.5), br, bc))
            hides[(br[j] + height - 1) * cols + bc[j] + width - 1, tr * cols + k] = True
        table = np.packbits(hides, axis=1, bitorder="little").view(np.uint64)
        table.flags.writeable = False
        out.append(table)
    return tuple(out)
