"""Square-grid boards read from an ASCII map, with range, line of sight and path distances.

Map characters (a map's YAML may add its own meanings for other characters):

    .  open floor               #  obstruction: blocks movement and line of sight
    W  wall: an obstruction whose squares are joined, so no diagonal step squeezes between two W
    S  stairwell: no one may enter it, but it does not block line of sight
    E  exit square              d  costs double to enter, does not block line of sight

Rules settled here, as the 1989 rulebook words them:
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
  LOS is symmetric in what the tables need only from the shooter's side; it is computed per
  (shooter square, target square) and cached.
"""
from __future__ import annotations

from collections import deque
from functools import lru_cache

import numpy as np

DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: the distance of a square no path reaches
UNREACHABLE = 10_000
#: no square, no figure: the index of nothing (a counter off the map, no Marine carried, ...)
NO = -1

BLOCKING = "#W"
KNOWN = ".#WSEd"


class MapError(ValueError):
    """A map file is malformed; the message names the row, column and character."""


class Board:
    def __init__(self, rows: list[str], extra_open: str = ""):
        if not rows:
            raise MapError("the map has no rows")
        width = len(rows[0])
        for r, row in enumerate(rows):
            if len(row) != width:
                raise MapError(f"map row {r} has {len(row)} squares; every row must have {width}")
            for c, ch in enumerate(row):
                if ch not in KNOWN and ch not in extra_open:
                    raise MapError(f"map square ({r}, {c}) is {ch!r}; allowed are {sorted(set(KNOWN + extra_open))}")
        self.rows_text = list(rows)
        self.height, self.width = len(rows), width
        self.n = self.height * self.width
        grid = np.array([list(row) for row in rows])
        self.blocked = np.isin(grid, list(BLOCKING))
        self.wall = grid == "W"
        self.stairwell = grid == "S"
        self.exit = grid == "E"
        self.double_cost = grid == "d"
        # squares a counter may stand on
        self.passable = ~(self.blocked | self.stairwell)
        self.neighbours = [self._neighbours(i) for i in range(self.n)]
        self._step1 = self._step_table()
        self._los_cache: dict[int, np.ndarray] = {}
        self._los_list_cache: dict[int, list[bool]] = {}
        self._line_cache: dict[tuple[int, int], list[int]] = {}
        self._dist: np.ndarray | None = None
        self._exit_rows: dict[int, np.ndarray] = {}
        rows, cols = np.divmod(np.arange(self.n), self.width)
        self._range = np.maximum(abs(rows[:, None] - rows[None, :]), abs(cols[:, None] - cols[None, :])).tolist()

    # -- indexing ------------------------------------------------------------------------------
    def index(self, r: int, c: int) -> int:
        return r * self.width + c

    def rc(self, i: int) -> tuple[int, int]:
        return divmod(i, self.width)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width

    def step(self, i: int, direction: int, squares: int = 1) -> int | None:
        """The square `squares` steps away in a direction, or None off the map."""
        if squares == 1:
            return self._step1[i][direction]
        r, c = self.rc(i)
        dr, dc = DIRECTIONS[direction]
        r, c = r + dr * squares, c + dc * squares
        return self.index(r, c) if self.inside(r, c) else None

    def _step_table(self) -> list[tuple[int | None, ...]]:
        table = []
        for i in range(self.n):
            r, c = self.rc(i)
            table.append(tuple(
                self.index(r + dr, c + dc) if self.inside(r + dr, c + dc) else None for dr, dc in DIRECTIONS
            ))
        return table

    def _neighbours(self, i: int) -> tuple[tuple[int, int], ...]:
        """(direction, square) pairs a counter may step to from i, ignoring other counters."""
        out = []
        r, c = self.rc(i)
        for d, (dr, dc) in enumerate(DIRECTIONS):
            rr, cc = r + dr, c + dc
            if not self.inside(rr, cc) or not self.passable[rr, cc]:
                continue
            if dr and dc and self.wall[r, cc] and self.wall[rr, c]:
                continue  # squeezing between two squares of one connected wall
            out.append((d, self.index(rr, cc)))
        return tuple(out)

    def can_step(self, a: int, b: int) -> bool:
        return any(sq == b for _, sq in self.neighbours[a])

    # -- range and distance --------------------------------------------------------------------
    def range(self, a: int, b: int) -> int:
        return self._range[a][b]

    def range_row(self, a: int) -> list[int]:
        """Ranges from square a to every square (a shared list: do not modify)."""
        return self._range[a]

    def distances(self) -> np.ndarray:
        """All-pairs path distance in steps over passable squares (int16, UNREACHABLE where none).
        Counters may pass through each other while moving, so this depends on the map alone."""
        if self._dist is None:
            dist = np.full((self.n, self.n), UNREACHABLE, dtype=np.int16)
            for src in range(self.n):
                if self.passable.flat[src]:
                    dist[src] = self.distance_field([src])
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

    def distance_field(self, targets, cost_double: bool = False) -> np.ndarray:
        """Steps from every square to the nearest of `targets`, moving over passable squares.
        With cost_double, entering a 'd' square costs 2 (a square is queued again whenever its
        distance improves, so the weights 1 and 2 still give shortest paths)."""
        dist = np.full(self.n, UNREACHABLE, dtype=np.int16)
        queue = deque()
        for t in targets:
            dist[t] = 0
            queue.append(t)
        while queue:
            i = queue.popleft()
            di = dist[i]
            for _, j in self.neighbours[i]:
                # the step j -> i costs what entering i costs
                step = 2 if cost_double and self.double_cost.flat[i] else 1
                if dist[j] > di + step:
                    dist[j] = di + step
                    queue.append(j)
        return dist

    # -- line of sight -------------------------------------------------------------------------
    def los_from(self, src: int) -> np.ndarray:
        """Boolean array over squares: is there line of sight from src to each square's centre."""
        cached = self._los_cache.get(src)
        if cached is None:
            cached = self._compute_los(src)
            self._los_cache[src] = cached
        return cached

    def los_list(self, src: int) -> list[bool]:
        """los_from(src) as a Python list (fast to index from Python code)."""
        cached = self._los_list_cache.get(src)
        if cached is None:
            cached = self._los_list_cache[src] = self.los_from(src).tolist()
        return cached

    def has_los(self, src: int, dst: int) -> bool:
        return self.los_list(src)[dst]

    def line_squares(self, src: int, dst: int) -> list[int]:
        """Squares whose inside the centre-to-centre segment passes through, nearest first,
        excluding src and dst (used for 'the first thing in the line')."""
        cached = self._line_cache.get((src, dst))
        if cached is None:
            cached = self._line_cache[(src, dst)] = self._line_squares(src, dst)
        return cached

    def _line_squares(self, src: int, dst: int) -> list[int]:
        (r0, c0), (r1, c1) = self.rc(src), self.rc(dst)
        rows, cols = np.mgrid[min(r0, r1):max(r0, r1) + 1, min(c0, c1):max(c0, c1) + 1]
        rows, cols = rows.ravel(), cols.ravel()
        t = _segment_enters_boxes((c0 + 0.5, r0 + 0.5), (c1 + 0.5, r1 + 0.5), cols, rows)
        squares = rows * self.width + cols
        keep = ~np.isnan(t) & (squares != src) & (squares != dst)
        order = np.argsort(t[keep], kind="stable")
        return squares[keep][order].tolist()

    def shooter_points(self, src: int) -> list[tuple[float, float]]:
        r, c = self.rc(src)
        points = [(c + 0.5, r + 0.5)]
        touches = any(
            self.inside(r + dr, c + dc) and self.blocked[r + dr, c + dc] for dr, dc in DIRECTIONS
        )
        if touches:
            points += [(c + 0.0, r + 0.0), (c + 1.0, r + 0.0), (c + 0.0, r + 1.0), (c + 1.0, r + 1.0)]
        return points

    def _compute_los(self, src: int) -> np.ndarray:
        """Vectorised Liang-Barsky: a segment is blocked when it enters the open inside of any
        obstruction square; a target is seen when any shooter point has a clear segment."""
        rows, cols = np.divmod(np.arange(self.n), self.width)
        tx, ty = cols + 0.5, rows + 0.5
        br, bc = np.nonzero(self.blocked)
        seen = np.zeros(self.n, dtype=bool)
        if len(br) == 0:
            seen[:] = True
        else:
            for px, py in self.shooter_points(src):
                seen |= ~segments_blocked(px, py, tx, ty, br, bc).any(axis=1)
        seen &= ~self.blocked.ravel()
        return seen


_EPS = 1e-9


def segments_blocked(px: float, py: float, tx: np.ndarray, ty: np.ndarray, box_rows: np.ndarray, box_cols: np.ndarray) -> np.ndarray:
    """Vectorised Liang-Barsky: for the segments from (px, py) to each point (tx[i], ty[i]), a
    (points x boxes) array, True where segment i enters the open inside of the unit square at
    (box_rows[j], box_cols[j]) (x is the column, y the row; touching an edge or corner is not
    entering)."""
    dx, dy = (tx - px)[:, None], (ty - py)[:, None]
    lo_x, hi_x = box_cols[None, :] + _EPS, box_cols[None, :] + 1 - _EPS
    lo_y, hi_y = box_rows[None, :] + _EPS, box_rows[None, :] + 1 - _EPS
    shape = (len(tx), len(box_rows))
    t0 = np.zeros(shape)
    t1 = np.ones(shape)
    inside = np.ones(shape, dtype=bool)
    with np.errstate(divide="ignore", invalid="ignore"):
        for p, q in ((-dx, px - lo_x), (dx, hi_x - px), (-dy, py - lo_y), (dy, hi_y - py)):
            p = np.broadcast_to(p, shape)
            q = np.broadcast_to(q, shape)
            zero = p == 0
            inside &= ~(zero & (q < 0))
            t = np.where(zero, 0.0, q / np.where(zero, 1.0, p))
            t0 = np.where(~zero & (p < 0), np.maximum(t0, t), t0)
            t1 = np.where(~zero & (p > 0), np.minimum(t1, t), t1)
    return inside & (t0 < t1 - _EPS)


def _segment_enters_boxes(p0, p1, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Entry parameter t (NaN if none) of the segment p0-p1 into each open unit box (xs, ys)."""
    (ax, ay), (bx, by) = p0, p1
    dx, dy = bx - ax, by - ay
    t0 = np.zeros(len(xs))
    t1 = np.ones(len(xs))
    inside = np.ones(len(xs), dtype=bool)
    for p, q in ((-dx, ax - (xs + _EPS)), (dx, (xs + 1 - _EPS) - ax), (-dy, ay - (ys + _EPS)), (dy, (ys + 1 - _EPS) - ay)):
        if p == 0:
            inside &= q >= 0
        elif p < 0:
            t0 = np.maximum(t0, q / p)
        else:
            t1 = np.minimum(t1, q / p)
    return np.where(inside & (t0 < t1 - _EPS), t0, np.nan)


@lru_cache(maxsize=None)
def board_from_rows(rows: tuple[str, ...], extra_open: str = "") -> Board:
    """One shared Board per distinct map (boards are immutable, their caches are shared)."""
    return Board(list(rows), extra_open)
