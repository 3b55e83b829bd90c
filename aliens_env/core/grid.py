"""The one square-grid engine every ruleset stands on: terrain, doors, edge walls, markers,
capacity, movement with cost rules, distance fields, line of sight and large models.

A `Grid` holds the state of a board that may change while a game is played (Bug Hunt lays its
colony as the squad explores; doors open, close and are sealed; fire counters come and go).
Everything derived from it (neighbour tables, costs, distance fields, line of sight) is kept in
one cache that lives as long as the grid's `version`: every edit bumps the version and starts a
fresh cache, so an unchanged board is as fast as an immutable one, and copies of a grid share
their cache until one of them changes. The cost lists and per-square tables of a new version are
made from the last ones built (`_last_built`), redoing only the squares whose cost, value or cell
code differ (a square's entry follows from its own: this cannot go stale); the movement tables
(steps free of walls, who may enter, step keys: what the distance searches read) are worked out again by typed loops
only near the squares whose cell code, marker or edge walls differ from what they were read from,
and a grid with none built starts from those of the blank grid of its size; ``Grid.around``'s rows
of the last version are kept but near such a square or one whose extra differs.
Like OpenSpiel's `ChessBoard` (one engine, with
switches for chess variants), the rules differences are switches, not subclasses:

- the terrain table (`Terrain`): what each cell code costs to enter, whether it blocks sight,
  whether it is a closed door (opened before it is entered) or part of a joined wall;
- the grid's diagonal rule: "squeeze" (1989: a diagonal step is refused only between two joined
  wall squares, "unless the obstruction itself clearly connects them") or "corner" (Bug Hunt,
  A24: a diagonal step may not cut the corner of a square one could not walk on);
- the mover (`Mover`): per-terrain cost overrides (Aliens climb Stairwells that Marines never
  enter) and whether it opens doors and at what cost (Face-Huggers cannot);
- the grid's shooter_corners switch (line of sight);
- per query: weighted (Dijkstra on entering costs) or plain steps (BFS), a sight radius.

Settled here, for every ruleset:
- Movement is one square in any of 8 directions. A closed door is entered and left only
  orthogonally. A marker (e.g. a fire counter) on a square bars entering it.
- An edge wall lies between two orthogonal neighbours: a step across it is refused; a diagonal
  step is refused when the walls at the corner it passes separate its two squares (both ways
  round, through either side square, cross a wall).
- Range is the 8-neighbour (Chebyshev) distance.
- Line of sight: the straight segment between square centres must pass through the open inside
  of no sight-blocking square and cross no edge wall (touching a corner, running along an edge or
  touching the free end of a wall is clear; a segment through a point where walls meet is blocked
  when the walls lie on both sides of it). A sight-blocking square is never seen. A query may
  give a radius (Chebyshev) beyond which nothing is seen; the grid's shooter_corners switch (the
  1989 rulebook's "fire from the obstruction's edge") lets a shooter whose square touches a
  sight-blocking square also draw the line from its square's four corners (a corner an edge
  wall touches is not one of them).
- Large models stand on size x size squares named by their top-left square; a footprint must
  lie on squares the mover may enter without opening a door, with no edge wall between them,
  and a step moves every square of it the same way (each of those steps must be open).
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass, field as dataclass_field
from functools import lru_cache
from operator import itemgetter
from typing import Iterable, Sequence

import numpy as np

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from . import pure_cython as cython

DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
UNREACHABLE = 10_000
DIAGONAL_RULES = ("squeeze", "corner")
_FIELD_CACHE_LIMIT = 4096  # distance fields kept per version (a cap for boards that never change)


@dataclass(frozen=True)
class Terrain:
    """What a cell code means. cost: AP to enter for a mover with no rule of its own (None: no
    one enters unless its Mover says so); blocks_sight; joined: a wall square joined to its
    neighbours (no diagonal squeezes between two of them); door: a closed door, opened (at the
    mover's door_cost) before it is entered."""
    name: str
    cost: int | None = 1
    blocks_sight: bool = False
    joined: bool = False
    door: bool = False

    def __post_init__(self):
        _check_cost(self.cost, f"terrain {self.name!r} cost")

    @property
    def walkable(self) -> bool:
        """Anyone may walk on it without opening anything (the corner rule's test)."""
        return self.cost is not None and not self.door


@dataclass(frozen=True)
class Mover:
    """A movement rule: costs overrides the terrain's entering cost by terrain name (None: may
    not enter); door_cost is the extra cost of opening a closed door before entering it (None:
    cannot open doors); diagonal: whether it steps diagonally (Bug Hunt's Marines do not)."""
    name: str = "figure"
    costs: tuple = dataclass_field(default=())
    door_cost: int | None = 1
    diagonal: bool = True

    def __post_init__(self):
        object.__setattr__(self, "costs", tuple(sorted(dict(self.costs).items())))
        for terrain, cost in self.costs:
            _check_cost(cost, f"mover {self.name!r} cost of {terrain!r}")
        _check_cost(self.door_cost, f"mover {self.name!r} door_cost")

    def __hash__(self) -> int:
        """By name alone (equal movers have equal names): every table query hashes its mover in the
        cache key (not ``field``, which keys its fields by the mover's identity), and the generated
        hash built a tuple of all fields."""
        return hash(self.name)


def _check_cost(cost, what: str) -> None:
    """Entering costs are whole numbers from 0 to UNREACHABLE (or None: no entry): the weighted
    distance search sorts squares into buckets by whole distances, on C ints when compiled
    (``Grid.field``, ``_dial``); a cost of UNREACHABLE or more reaches nothing anyway."""
    if cost is not None and (type(cost) is not int or not 0 <= cost <= UNREACHABLE):
        raise ValueError(f"{what} is {cost!r}; allowed: a whole number from 0 to {UNREACHABLE} (UNREACHABLE), "
                         "or None (may not enter)")


DEFAULT_MOVER = Mover()


#: the attributes a Grid keeps in its struct when compiled (grid.pxd), but for ``_last`` (the last
#: tables built: a copy shares them, a pickle leaves them out); a subclass's own are in its __dict__
_GRID_FIELDS = ("height", "width", "n", "terrains", "diagonal", "shooter_corners", "cells", "extra", "marker",
                "capacity", "wall_e", "wall_s", "rows_cols", "version", "frozen", "_cache")


def _rebuild_grid(cls: type, fields: dict, last: dict | None = None) -> "Grid":
    """A grid of class `cls` with `fields` (``_GRID_FIELDS`` by name) and the last tables built
    `last` (None: none yet), without ``__init__`` (``Grid.__reduce__``, ``Grid.copy``): the pickle of
    a compiled process loads in a pure-Python one and the other way round."""
    grid = cls.__new__(cls)
    for name, value in fields.items():
        setattr(grid, name, value)
    grid._last = last
    return grid


class Grid:
    """A square grid of cell codes (indices into `terrains`), with per-square extra entering
    cost, markers and capacity, and edge walls. Squares are numbered r * width + c.
    Compiled, an extension type (grid.pxd): its fields (``_GRID_FIELDS``) live in its struct."""

    def __init__(self, height: int, width: int, terrains: Sequence[Terrain], cells=None,
                 diagonal: str = "squeeze", shooter_corners: bool = False):
        if height < 1 or width < 1:
            raise ValueError(f"a grid needs at least one row and one column, got {height}x{width}")
        if diagonal not in DIAGONAL_RULES:
            raise ValueError(f"diagonal rule {diagonal!r} is unknown; allowed are {list(DIAGONAL_RULES)}")
        if not terrains:
            raise ValueError("a grid needs at least one terrain")
        self.height, self.width, self.n = height, width, height * width
        self.terrains = tuple(terrains)
        self.diagonal = diagonal
        self.shooter_corners = shooter_corners
        self.cells = np.zeros((height, width), dtype=np.int8) if cells is None else np.array(cells, dtype=np.int8)
        if self.cells.shape != (height, width):
            raise ValueError(f"cells must be {height}x{width}, got {self.cells.shape}")
        self._check_codes(self.cells)
        self.extra = np.zeros((height, width), dtype=np.int8)  # added to the cost of entering
        self.marker = np.zeros((height, width), dtype=np.int8)  # counters barring entry while > 0
        self.capacity = np.ones((height, width), dtype=np.int8)  # figures a square holds
        self.wall_e = np.zeros((height, width), dtype=bool)  # wall between (r, c) and (r, c + 1)
        self.wall_s = np.zeros((height, width), dtype=bool)  # wall between (r, c) and (r + 1, c)
        self.rows_cols = _rows_cols(height, width)  # each square's row and column (shared lists, for hot loops)
        self.version = 0
        self.frozen = False
        self._cache: dict = {}
        self._last = None  # (the last tables built, ``_last_built``: made at the first)

    # -- indexing ------------------------------------------------------------------------------
    def index(self, r: int, c: int) -> int:
        return r * self.width + c

    def rc(self, i: int) -> tuple[int, int]:
        return divmod(i, self.width)

    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width

    def step(self, i: int, direction: int, squares: int = 1) -> int | None:
        """The square `squares` steps away in a direction, or None off the grid (walls aside)."""
        r, c = divmod(i, self.width)
        dr, dc = DIRECTIONS[direction]
        r, c = r + dr * squares, c + dc * squares
        return r * self.width + c if 0 <= r < self.height and 0 <= c < self.width else None

    def range(self, a: int, b: int) -> int:
        rows, cols = self.rows_cols
        return max(abs(rows[a] - rows[b]), abs(cols[a] - cols[b]))

    def terrain(self, i: int) -> Terrain:
        return self.terrains[self.cells.flat[i]]

    # -- edits: each bumps the version -----------------------------------------------------------
    def changed(self) -> None:
        """Bump the version and drop every derived cache. The setters call it; code that writes
        the arrays in bulk (a section laid at once) calls it once afterwards."""
        if self.frozen:
            raise ValueError("this grid is frozen (shared between games); edit a copy()")
        self.version += 1
        self._cache = {}

    def _editable(self, *squares: int) -> None:
        if self.frozen:
            raise ValueError("this grid is frozen (shared between games); edit a copy()")
        for s in squares:
            if not (isinstance(s, (int, np.integer)) and 0 <= s < self.n):
                raise ValueError(f"square {s!r} is not on the {self.height}x{self.width} grid (0..{self.n - 1})")

    def _check_codes(self, cells: np.ndarray) -> None:
        if cells.size and (cells.min() < 0 or cells.max() >= len(self.terrains)):
            raise ValueError(f"cell codes must be 0..{len(self.terrains) - 1} ({[t.name for t in self.terrains]})")

    def set_cell(self, i: int, code: int) -> None:
        """Change a square's terrain (lay it, open, close or seal a door, clear it...)."""
        self.set_cells([i], code)

    def set_cells(self, squares: Iterable[int], code: int) -> None:
        squares = list(squares)
        self._editable(*squares)
        if not 0 <= code < len(self.terrains):
            raise ValueError(f"cell code {code!r} is unknown; allowed are 0..{len(self.terrains) - 1}")
        self.cells.flat[squares] = code
        self.changed()

    def set_extra(self, i: int, cost: int) -> None:
        """Extra cost of entering square i (e.g. debris), on top of its terrain's."""
        self._set_square(self.extra, i, cost, 0, "an extra entering cost must be >= 0")

    def set_marker(self, i: int, count: int) -> None:
        """Markers on square i (fire counters...): no one enters it while count > 0."""
        self._set_square(self.marker, i, count, 0, "a marker count must be >= 0")

    def set_capacity(self, i: int, figures: int) -> None:
        self._set_square(self.capacity, i, figures, 1, "a square holds at least 1 figure")

    def _set_square(self, grid: np.ndarray, i: int, value: int, minimum: int, rule: str) -> None:
        """Write one square of a per-square array, refusing a value below `minimum`."""
        self._editable(i)
        if value < minimum:
            raise ValueError(f"{rule}, got {value}")
        grid.flat[i] = value
        self.changed()

    def set_edge_wall(self, a: int, b: int, wall: bool = True) -> None:
        """Put (or take away) a wall between orthogonal neighbours a and b."""
        self._editable(a, b)
        (ra, ca), (rb, cb) = self.rc(a), self.rc(b)
        if abs(ra - rb) + abs(ca - cb) != 1:
            raise ValueError(f"an edge wall lies between orthogonal neighbours; {self.rc(a)} and {self.rc(b)} are not")
        if ra == rb:
            self.wall_e[ra, min(ca, cb)] = wall
        else:
            self.wall_s[min(ra, rb), ca] = wall
        self.changed()

    def edge_wall(self, a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = self.rc(a), self.rc(b)
        if ra == rb and abs(ca - cb) == 1:
            return bool(self.wall_e[ra, min(ca, cb)])
        if ca == cb and abs(ra - rb) == 1:
            return bool(self.wall_s[min(ra, rb), ca])
        return False

    def room_for(self, i: int, figures_there: int) -> bool:
        """May one more figure stand on square i, where `figures_there` already stand?"""
        return figures_there < self.capacity.flat[i]

    def copy(self) -> "Grid":
        new = _rebuild_grid(type(self), self._fields(), self._last)
        new.__dict__.update(self.__getstate__())
        for name in ("cells", "extra", "marker", "capacity", "wall_e", "wall_s"):
            arr = getattr(self, name).copy()
            arr.flags.writeable = True
            setattr(new, name, arr)
        new.frozen = False
        return new  # shares the cache (keyed on the version, its contents never mutated) and _last_built (see there)

    def _fields(self) -> dict:
        """The grid's own attributes (``_GRID_FIELDS``) by name."""
        return {name: getattr(self, name) for name in _GRID_FIELDS}

    def __reduce__(self):
        """Pickled, copied and deep-copied as its class and its fields by name (``_rebuild_grid``;
        the last tables built left out: made again), then the rest of its ``__dict__`` (a
        subclass's own attributes: its ``__setstate__``, if any, reads them)."""
        return _rebuild_grid, (type(self), self._fields()), self.__getstate__()

    def __getstate__(self) -> dict:
        """The ``__dict__`` but for the grid's fields and the last tables built (``__reduce__``:
        compiled, they live in the struct; run as Python, in the ``__dict__`` too)."""
        state = dict(vars(self))
        for name in _GRID_FIELDS:
            state.pop(name, None)
        state.pop("_last", None)
        return state

    def to_dict(self) -> dict:
        return {"cells": self.cells.tolist(), "extra": self.extra.tolist(), "marker": self.marker.tolist(),
                "capacity": self.capacity.tolist(), "wall_e": self.wall_e.astype(int).tolist(),
                "wall_s": self.wall_s.astype(int).tolist(), "version": self.version}

    @classmethod
    def from_dict(cls, data: dict, terrains: Sequence[Terrain], diagonal: str = "squeeze",
                  shooter_corners: bool = False) -> "Grid":
        """A grid from to_dict(); a malformed one is a ValueError naming the field."""
        if not isinstance(data, dict):
            raise ValueError(f"a grid must be a dict of its arrays, got {type(data).__name__}")
        try:
            cells = np.array(data["cells"])
        except KeyError:
            raise ValueError("grid field 'cells' is missing") from None
        if cells.ndim != 2 or cells.dtype.kind not in "iu":
            raise ValueError("grid field 'cells' must be a rectangle of whole numbers")
        grid = cls(cells.shape[0], cells.shape[1], terrains, cells, diagonal, shooter_corners)
        for name, kind, lo in (("extra", np.int8, 0), ("marker", np.int8, 0), ("capacity", np.int8, 1),
                               ("wall_e", bool, 0), ("wall_s", bool, 0)):
            if name not in data:
                raise ValueError(f"grid field {name!r} is missing")
            arr = np.array(data[name])
            if arr.shape != cells.shape or arr.dtype.kind not in "iub" or (arr.size and (arr.min() < lo or arr.max() > 127)):
                raise ValueError(f"grid field {name!r} must be {cells.shape[0]}x{cells.shape[1]} whole numbers in {lo}..127")
            setattr(grid, name, arr.astype(kind))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            raise ValueError(f"grid field 'version' must be a whole number >= 0, got {version!r}")
        grid.version = version
        return grid

    # -- derived tables (kept per version) -------------------------------------------------------
    @cython.locals(cache=dict)
    def _cached(self, key, build, *args):
        """The kept value of `key`, made by ``build(*args)`` the first time (a module function with
        its arguments: a caller on a hot path then makes no closure at each call)."""
        cache = self._cache
        out = cache.get(key)
        if out is None:
            out = cache[key] = build(*args)
        return out

    def _by_code(self, attr: str) -> np.ndarray:
        """Per cell code, the terrain's `attr` (kept with the last tables built: shared and read-only;
        a grid's terrains never change)."""
        kept = self._last_built()
        out = kept.get(("by_code", attr))
        if out is None:
            out = kept[("by_code", attr)] = np.array([getattr(t, attr) for t in self.terrains])
            out.flags.writeable = False
        return out

    def _code_bytes(self, attr: str) -> bytes:
        """``_by_code(attr)`` as bytes, one a cell code (1 where the terrain's attr is true), for the
        typed loops (``_kept_code_bytes``)."""
        return _kept_code_bytes(self, attr)

    def sight_blocked(self) -> np.ndarray:
        """Flat bool: squares that block line of sight (read-only: over ``_kept_sight_bytes``)."""
        return self._cached("sight", _sight_blocked, self)

    def costs(self, mover: Mover = DEFAULT_MOVER) -> list:
        """Per square, what entering it costs the mover (terrain, extra and door opening), or
        None where it may not enter."""
        def build():
            cost = self._cost_table(mover)[0]
            base = self._last_built().get(("costs", mover, self.width))
            if base is None or len(base[1]) != self.n:  # (none built yet: from no square entered)
                base = ([None] * self.n, np.full(self.n, -1, dtype=np.int32))
            out = list(base[0])  # the last list built, redone where it differs
            redo = (cost != base[1]).nonzero()[0]  # (np.flatnonzero, without its Python-level call)
            for i, c in zip(redo.tolist(), cost[redo].tolist()):
                out[i] = None if c < 0 else c
            self._last_built()[("costs", mover, self.width)] = (out, cost)
            return out
        return self._cached(("costs", mover), build)

    def _cost_table(self, mover: Mover) -> tuple:
        """What entering each square costs the mover, as a flat int32 array (-1: may not enter;
        ``_cost_ints``), and the dearest of those costs: kept per version (``costs`` reads the array,
        the weighted ``field`` both). Its key is not "cost_ints": a grid pickled by an older tree keeps
        the bare array under that one."""
        return self._cached(("cost_table", mover), _cost_ints, self, mover)

    def _last_built(self) -> dict:
        """The last tables built (movement tables, ``around``'s rows, cost lists and tables read
        through the cells, and the per-code tables they read), by kind, mover and width, with
        what they follow from (of any version, of this grid or a copy: a changed version redoes
        only the squares near a change, or whose cost, value or cell code differ from them; a
        pickle leaves them out)."""
        return _last_tables(self)

    def _code_costs(self, mover: Mover) -> np.ndarray:
        """Per cell code, what entering costs the mover (-1: may not enter; ``_kept_code_costs``)."""
        return _kept_code_costs(self, mover)

    def enterable(self, mover: Mover = DEFAULT_MOVER) -> np.ndarray:
        """Flat bool: squares the mover may enter (its terrain allows it, no marker there; read-only)."""
        return np.frombuffer(_kept_enterable(self, mover), _BOOL)

    def step_open(self) -> np.ndarray:
        """(8, n) bool: is the step from each square in each direction on the grid and free of
        walls (edge walls and the diagonal rule), whatever stands on the squares (``_open_bits``
        unpacked)."""
        def build():
            bits = np.frombuffer(_kept_open_bits(self), dtype=np.uint8)
            return np.unpackbits(bits[:, None], axis=1, bitorder="little").T.astype(bool)
        return self._cached("step_open", build)

    def neighbour_table(self, mover: Mover = DEFAULT_MOVER) -> list:
        """Per square, the (direction, square) pairs the mover may step to, in DIRECTIONS order
        (from any square, onto squares it may enter; a closed door only orthogonally)."""
        def build():
            keys, offsets = self.step_keys(mover), _direction_offsets(self.width)
            table: list = [()] * self.n  # squares with no step out share one empty tuple
            for sq in np.frombuffer(keys, dtype=np.uint8).nonzero()[0].tolist():
                table[sq] = tuple([(d, sq + offsets[d]) for d in _STEP_DIRECTIONS[keys[sq]]])
            return table
        return self._cached(("pairs", mover), build)

    @cython.locals(cache=dict)
    def step_keys(self, mover: Mover = DEFAULT_MOVER) -> bytes:
        """Per square, its step key for the mover (a byte: bit d is set when the step in direction
        d is open to the mover, ``_step_keys``): the movement table the distance searches read,
        with the squares the steps lead to (``_direction_offsets``). Kept per version; made from the
        last one built (``_remade``; compiled, the builders are C calls)."""
        cache = self._cache  # (a typed dict local: the look-up is a C call, not a method call)
        key = ("step_keys", mover)
        out = cache.get(key)
        if out is None:
            out = cache[key] = _step_key_bytes(self, mover)
        return out

    @cython.locals(cache=dict, kept=tuple, table=dict)
    def around(self, i: int) -> list:
        """Square i's 8 neighbours in DIRECTIONS order, each (square, cell code, cost to enter by
        terrain and extra, the step is free of walls) or None off the grid; for rules that read
        the squares themselves (doors to open, figures in the way). Kept per version with what a
        row is read from (one lookup, no closure, per call); the rows of the last version built
        that no edit can have changed are carried over (``_around_kept``)."""
        # (not "around", "around_rows", "around_codes" nor "around_bits": older pickles keep {square: row} and
        # rows read from lists, from step_open's columns, or from array("b") copies, there)
        cache = self._cache  # (typed dict and tuple locals: their look-ups are C calls, not method calls)
        kept = cache.get("around_bytes")
        if kept is None:
            kept = cache["around_bytes"] = _around_kept(self)
        table = kept[0]  # kept: (rows made so far by square, cells, extra, code_cost, open bits), _around's args
        out = table.get(i)
        if out is None:
            out = table[i] = _around(i, kept[1], kept[2], kept[3], kept[4][i], self.height, self.width, _ROW_STEPS,
                                     _COLUMN_STEPS)
        return out

    def can_step(self, a: int, b: int, mover: Mover = DEFAULT_MOVER) -> bool:
        return any(sq == b for _, sq in self.neighbour_table(mover)[a])

    # -- distance fields -------------------------------------------------------------------------
    @cython.locals(cache=dict, kept=tuple, tables=tuple, frontier=list, dist=cython.int[::1], sq=cython.Py_ssize_t)
    def field(self, sources: Sequence[int], mover: Mover = DEFAULT_MOVER, weighted: bool = False,
              goal_cost: int | None = None, closed: tuple[int, ...] = ()) -> np.ndarray:
        """Cost from every square to the nearest source for the mover (int32, UNREACHABLE where
        none; read-only, cached per version). weighted: entering a square costs what `costs`
        says (Dijkstra); else every step is 1 (BFS). The step onto a source costs goal_cost when
        given (a figure that attacks the source from beside it), else the source's own cost. A
        source on a square the mover could not enter spreads nothing. The squares of `closed`
        are never entered (UNREACHABLE), a source on one excepted; `closed` is a tuple (hashable:
        it is part of the field's cache key)."""
        # the mover in the key by identity (a Mover's own hash is a Python-level call); the entry holds
        # the mover, so its id names no other object while the entry lives (an equal mover of another
        # identity, or one unpickled, misses and makes the same field again)
        mover_id = id(mover)  # (one call of id: the search tables below are kept under it too)
        key = ("field", tuple(sources), mover_id, weighted, goal_cost, closed)
        cache = self._cache  # (typed dict and tuple locals: their look-ups are C calls, not method calls)
        kept = cache.get(key)
        if kept is not None and kept[0] is mover:
            return kept[1]
        if goal_cost is not None:
            _check_cost(goal_cost, "goal_cost")
        n = self.n
        # a square counted from the end (Python's negative index) as the square it names: the typed
        # searches read squares 0..n-1 only (one off the grid is an IndexError below, as before)
        sources = [s + n if s < 0 else s for s in sources]
        # what a search reads for this mover at this version, looked up once (by the mover's identity,
        # as the fields are): its step keys, the steps' offsets and who may enter where
        tables = cache.get(("search_tables", mover_id))
        if tables is None or tables[0] is not mover:
            tables = cache[("search_tables", mover_id)] = (
                mover, self.step_keys(mover), _direction_offsets(self.width),
                _kept_enterable(self, mover))
        keys, offsets, enter = tables[1], tables[2], tables[3]
        frontier = [s for s in sources if enter[s]]  # (who may enter: where costs(mover) is not None)
        # the field's own array (UNREACHABLE repeated: a slice of a kept array of them, one memcpy of
        # the whole, counted about an instruction a byte under callgrind, cost six times as much); `dist`,
        # its typed view, written on C ints compiled
        distances = _ONE_UNREACHABLE * n
        dist = distances
        for sq in closed:
            dist[sq] = -1  # (below any distance: never entered; UNREACHABLE again after the search)
        for sq in sources:
            dist[sq] = 0
        if weighted:  # Dial's algorithm on C ints (_dial's loop is typed, grid.pxd)
            cost, dearest = self._cost_table(mover)
            _dial(_keys_view(keys), _offsets_view(offsets), cost, dearest, dist, frontier,
                  set() if goal_cost is None else set(sources),
                  -1 if goal_cost is None else goal_cost)  # (the sources read only with goal_cost)
        else:  # breadth first on C ints (_breadth_first's loop is typed, grid.pxd)
            _breadth_first(_keys_view(keys), _offsets_view(offsets), dist, frontier, UNREACHABLE)
        for sq in closed:
            if dist[sq] < 0:
                dist[sq] = UNREACHABLE
        # the field's array read without a copy, read-only as its buffer is (setting the flag on a
        # writeable view cost about five times as much)
        out = np.frombuffer(memoryview(distances).toreadonly(), _INT32)  # (a dtype object, by position: no keyword
        # dict, no conversion of the type np.int32 to its dtype at each call)
        if len(self._cache) > _FIELD_CACHE_LIMIT:
            self._cache = {k: v for k, v in self._cache.items() if not (isinstance(k, tuple) and k[0] == "field")}
        self._cache[key] = (mover, out)
        return out

    # -- large models ----------------------------------------------------------------------------
    def footprint(self, anchor: int, size: int = 2) -> list[int] | None:
        """The size x size squares of a model whose top-left square is anchor, or None if it
        runs off the grid."""
        r, c = self.rc(anchor)
        if r + size > self.height or c + size > self.width:
            return None
        return [(r + i) * self.width + c + j for i in range(size) for j in range(size)]

    def stands(self, anchor: int, mover: Mover = DEFAULT_MOVER, size: int = 2) -> bool:
        """May a size x size model stand there: every square one the mover enters without
        opening a door, and no edge wall splitting it."""
        squares = self.footprint(anchor, size)
        if squares is None:
            return False
        cost = self.costs(mover)
        door = self._by_code("door")[self.cells].ravel()
        if any(cost[s] is None or door[s] for s in squares):
            return False
        r, c = self.rc(anchor)
        return not (self.wall_e[r:r + size, c:c + size - 1].any() or self.wall_s[r:r + size - 1, c:c + size].any())

    def large_steps(self, anchor: int, mover: Mover = DEFAULT_MOVER, size: int = 2) -> list[tuple[int, int, int]]:
        """(direction, new anchor, cost) for each step of a size x size model: every square
        steps the same way along an open step, the model stands where it lands, and the cost
        is the dearest square newly entered."""
        squares = self.footprint(anchor, size)
        if squares is None or not self.stands(anchor, mover, size):
            return []
        opened = self.step_open()
        cost = self.costs(mover)
        out = []
        for d in range(8):
            new = self.step(anchor, d)
            if new is None or not all(opened[d, s] for s in squares) or not self.stands(new, mover, size):
                continue
            entered = set(self.footprint(new, size)) - set(squares)
            out.append((d, new, max(cost[s] for s in entered)))
        return out

    def large_step_table(self, mover: Mover = DEFAULT_MOVER, size: int = 2) -> list:
        """Per anchor, the (direction, new anchor) steps of a size x size model on the bare grid
        (``large_steps`` for every square, kept per version; the searches read its flat copy,
        ``_large_next``)."""
        def build():
            return [tuple((d, new) for d, new, _ in self.large_steps(a, mover, size)) for a in range(self.n)]
        return self._cached(("large_table", mover, size), build)

    def large_reach(self, anchor: int, closed: set | frozenset = frozenset(), limit: int = UNREACHABLE,
                    mover: Mover = DEFAULT_MOVER, size: int = 2) -> dict[int, int]:
        """{anchor: steps} a size x size model reaches in at most `limit` large steps, never
        standing on a square of `closed` (models, Barricades: what the rules of the moment bar)
        at any point of its move; its start counts as reached whatever stands there."""
        return self._large_bfs([anchor], closed, limit, mover, size, True)

    def large_field(self, goals: Iterable[int], closed: set | frozenset = frozenset(),
                    mover: Mover = DEFAULT_MOVER, size: int = 2) -> dict[int, int]:
        """{anchor: large steps to the nearest of `goals`} over anchors whose squares avoid
        `closed` (steps are symmetric, so the field is grown from the goals; a goal off the grid or
        where the model cannot stand is no start)."""
        table = self.large_stands(mover, size)
        starts = [g for g in goals if 0 <= g < self.n and table[g]]
        return self._large_bfs(starts, closed, UNREACHABLE, mover, size, False)

    def large_stands(self, mover: Mover = DEFAULT_MOVER, size: int = 2) -> tuple[bool, ...]:
        """``stands`` for every anchor of the grid (kept per version, shared)."""
        return self._cached(("stands", mover, size), lambda: tuple(self.stands(a, mover, size) for a in range(self.n)))

    def _large_bfs(self, starts: list[int], closed: set | frozenset, limit: int, mover: Mover, size: int,
                   barred_starts: bool) -> dict[int, int]:
        """Breadth-first large steps from ``starts`` (distance 0), up to ``limit``, onto anchors
        none of whose squares is in ``closed``; a start such a square bars is kept if
        ``barred_starts``, else left out (_large_search's loops are typed, grid.pxd)."""
        first, nexts = self._cached(("large_next", mover, size), _large_next, self, mover, size)
        dist = array("i", [UNREACHABLE]) * self.n
        queue = array("i", [0]) * self.n
        return _large_search(first, nexts, dist, queue, closed, self.width, size, starts, barred_starts, limit,
                             UNREACHABLE)

    # -- line of sight ---------------------------------------------------------------------------
    @cython.locals(cache=dict)
    def los_from(self, src: int, radius: int | None = None) -> np.ndarray:
        """Flat bool over squares (read-only, cached per version): does src see each square
        (within radius, if given)."""
        key = ("los", src, radius)
        cache = self._cache  # (a typed dict local: the look-up is a C call, not a method call)
        seen = cache.get(key)
        if seen is None:
            seen = self._compute_los(src, radius)
            seen.flags.writeable = False
            cache[key] = seen
        return seen

    @cython.locals(cache=dict)
    def los_list(self, src: int, radius: int | None = None) -> list[bool]:
        """los_from as a Python list (fast to index from Python code; shared: do not modify)."""
        key = ("los_list", src, radius)
        cache = self._cache  # (a typed dict local: the look-up is a C call, not a method call)
        out = cache.get(key)
        if out is None:
            out = cache[key] = self.los_from(src, radius).tolist()
        return out

    @cython.locals(cache=dict, seen=list, kept=tuple)
    def has_los(self, src: int, dst: int, radius: int | None = None) -> bool:
        """``los_from(src, radius)[dst]``, from src's kept view; when it is not kept and the
        windowed test applies (a radius, no edge walls, no shooter corners, both squares on the
        grid, src not blocking sight), the squares of the one segment (``line_steps``, as
        ``line_squares`` without its list) are read instead of making the whole view."""
        cache = self._cache  # (typed dict, list and tuple locals: their look-ups are C calls)
        seen = cache.get(("los_list", src, radius))
        if seen is not None:
            return seen[dst]
        view = cache.get(("los", src, radius))
        if view is not None:
            return bool(view[dst])
        if radius is None or self.shooter_corners or not (0 <= src < self.n and 0 <= dst < self.n):
            return self.los_list(src, radius)[dst]
        kept = cache.get("line_sight")  # (sight_blocked as bytes, any edge wall): read per square
        if kept is None:
            kept = cache["line_sight"] = (_kept_sight_bytes(self), self._has_edge_walls())
        blocked, walls = kept
        if blocked[src] or walls:
            return self.los_list(src, radius)[dst]
        return _line_clear(blocked, src, dst, radius, self.width)

    def _has_edge_walls(self) -> bool:
        return self._cached("any_edge", _any_edge_wall, self)

    def shooter_points(self, src: int) -> list[tuple[float, float]]:
        """(x, y) points a shooter on src may draw lines from under the shooter-corner rule: its
        centre, and if it touches a sight-blocking square, the corners no edge wall touches."""
        r, c = self.rc(src)
        points = [(c + 0.5, r + 0.5)]
        blocked = self.sight_blocked()
        touches = any(
            self.inside(r + dr, c + dc) and blocked[(r + dr) * self.width + c + dc] for dr, dc in DIRECTIONS
        )
        if touches:
            for y, x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)):
                if not self._arms(y, x):
                    points.append((float(x), float(y)))
        return points

    def _arms(self, y: int, x: int) -> list[tuple[int, int]]:
        """The edge walls leaving lattice point (x, y), as directions (dx, dy)."""
        arms = []
        h, w = self.height, self.width
        if 0 < x <= w:  # vertical walls on the line between columns x - 1 and x
            if 0 < y <= h and x < w and self.wall_e[y - 1, x - 1]:
                arms.append((0, -1))
            if 0 <= y < h and x < w and self.wall_e[y, x - 1]:
                arms.append((0, 1))
        if 0 < y <= h and y < h:  # horizontal walls on the line between rows y - 1 and y
            if 0 < x <= w and self.wall_s[y - 1, x - 1]:
                arms.append((-1, 0))
            if 0 <= x < w and self.wall_s[y - 1, x]:
                arms.append((1, 0))
        return arms

    def _compute_los(self, src: int, radius: int | None) -> np.ndarray:
        if radius is not None and not self.shooter_corners and not self.sight_blocked()[src] and not self._has_edge_walls():
            return self._los_window(src, radius)
        return self._compute_los_direct(src, radius)

    def _compute_los_direct(self, src: int, radius: int | None) -> np.ndarray:
        """Each see-through square in range against each sight-blocking square (and edge wall)."""
        blocked = self.sight_blocked()
        corners = self.shooter_corners
        r, c = self.rc(src)
        h, w = self.height, self.width
        big = max(h, w) if radius is None else radius
        r0, c0, r1, c1 = max(0, r - big), max(0, c - big), min(h, r + big + 1), min(w, c + big + 1)
        opaque = blocked.reshape(h, w)[r0:r1, c0:c1]
        tr, tc = np.nonzero(~opaque)
        seen = np.zeros(self.n, dtype=bool)
        if len(tr) == 0:
            return seen
        tr, tc = tr + r0, tc + c0
        br, bc = np.nonzero(opaque)
        br, bc = br + r0, bc + c0
        tx, ty = tc + 0.5, tr + 0.5
        points = self.shooter_points(src) if corners else [(c + 0.5, r + 0.5)]
        ok = np.zeros(len(tr), dtype=bool)
        for px, py in points:
            clear = np.ones(len(tr), dtype=bool) if len(br) == 0 else ~segments_blocked(px, py, tx, ty, br, bc).any(axis=1)
            if self._has_edge_walls():
                clear &= ~self._walls_cross(px, py, tx, ty)
            ok |= clear
        seen[(tr * w + tc)[ok]] = True
        return seen

    def _walls_cross(self, px: float, py: float, tx: np.ndarray, ty: np.ndarray) -> np.ndarray:
        """For segments (px, py) -> (tx, ty): True where one crosses an edge wall inside it, or
        passes through a point where walls meet with walls on both of its sides."""
        dx, dy = tx - px, ty - py
        out = np.zeros(len(tx), dtype=bool)
        with np.errstate(divide="ignore", invalid="ignore"):
            for walls, vertical in ((self.wall_e, True), (self.wall_s, False)):
                wr, wc = np.nonzero(walls)
                if not len(wr):
                    continue
                # a vertical wall is x = wc + 1, y in (wr, wr + 1); a horizontal one y = wr + 1
                line = (wc + 1.0) if vertical else (wr + 1.0)
                lo = wr if vertical else wc
                p0, d0, q0, e0 = (px, dx, py, dy) if vertical else (py, dy, px, dx)
                t = (line[None, :] - p0) / d0[:, None]
                along = q0 + t * e0[:, None]
                hit = (t > _EPS) & (t < 1 - _EPS) & (along > lo[None, :] + _EPS) & (along < lo[None, :] + 1 - _EPS)
                out |= hit.any(axis=1)
            joints = self._cached("joints", self._joints)
            for (x, y), arms in joints:
                cross = (x - px) * dy - (y - py) * dx
                t = ((x - px) * dx + (y - py) * dy) / (dx * dx + dy * dy)
                through = (np.abs(cross) < _EPS * np.hypot(dx, dy)) & (t > _EPS) & (t < 1 - _EPS)
                if not through.any():
                    continue
                sides = np.array([dx * ay - dy * ax for ax, ay in arms])  # per arm, per segment
                both = (sides > _EPS).any(axis=0) & (sides < -_EPS).any(axis=0)
                out |= through & both
        return out

    def _joints(self) -> list:
        """Lattice points where two or more edge walls meet, with their arms."""
        out = []
        for y in range(self.height + 1):
            for x in range(self.width + 1):
                arms = self._arms(y, x)
                if len(arms) >= 2:
                    out.append(((float(x), float(y)), arms))
        return out

    def _los_window(self, src: int, radius: int) -> np.ndarray:
        """The same test, with the geometry done once per radius: `_hidden_by` gives, for every
        square of the window, the targets whose centre-to-centre segment crosses its open inside
        (as bits); a square is seen when it does not block sight and no blocking square of the
        window hides it. Only the blocking squares beside a see-through one are read: the first
        blocking square a segment from the viewer enters is one (the square it leaves for it is
        the viewer's or one the segment crossed before, so see-through), and any one hides.
        The window is read by `_window_sight`'s loops (on C ints when compiled: the dozen numpy
        calls they replace cost about 1.7 times as many instructions on Bug Hunt's 25 x 25 window)."""
        w = self.width
        r, c = divmod(src, w)
        opaque, edge = self._cached(("padded_bytes", radius), _padded_sight, self, radius)
        hidden_by, words = _hidden_by(radius)
        seen = bytearray(self.n)
        _window_sight(opaque, edge, hidden_by, array("Q", [0]) * words, r, c, radius, self.height, w, seen)
        return np.frombuffer(seen, _BOOL)

    def line_squares(self, src: int, dst: int) -> list[int]:
        """Squares whose inside the centre-to-centre segment passes through, nearest first,
        excluding src and dst (used for 'the first thing in the line'; geometry only). They depend
        on the segment's offset alone (``line_steps``), so nothing is kept per pair of squares: a
        cache per pair grew with every new pair (746,000 on the lairs' map)."""
        w = self.width
        r0, c0 = divmod(src, w)
        r1, c1 = divmod(dst, w)
        return [src + step for step in line_steps(r1 - r0, c1 - c0, w)]


_EPS = 1e-9
#: the dtypes of the arrays made over kept buffers (np.frombuffer reads a dtype object given by position at
#: no cost; the type np.int32 or bool by keyword cost it a dict and a conversion at each call)
_INT32 = np.dtype(np.int32)
_BOOL = np.dtype(bool)
_NO_TERRAIN = b"\x02"  # (``_code_table``'s byte for a cell code with no terrain: neither 0 nor 1)
_ONE_UNREACHABLE = array("i", [UNREACHABLE])  # (repeated: a field's distances before its search)
#: per direction, its row and column steps (signed bytes, read by ``_open_bits``'s and ``_around``'s typed loops;
#: compiled, typed views kept in C globals, grid.pxd)
_ROW_STEPS = array("b", [dr for dr, _ in DIRECTIONS])
_COLUMN_STEPS = array("b", [dc for _, dc in DIRECTIONS])
#: the directions open, per step key (bit d: the step in direction d, ``Grid.step_keys``)
_STEP_DIRECTIONS = tuple(tuple(d for d in range(8) if bits >> d & 1) for bits in range(256))


@lru_cache(maxsize=None)
def _direction_offsets(width: int) -> array:
    """Per direction, how far (in flat squares, on a grid `width` wide) its step leads (an int
    array, read by ``_step_keys``'s typed loop)."""
    return array("i", [dr * width + dc for dr, dc in DIRECTIONS])


def _sight_blocked(grid: Grid) -> np.ndarray:
    """``Grid.sight_blocked``'s table (kept per version by ``_cached``): the sight bytes as bools."""
    return np.frombuffer(_kept_sight_bytes(grid), _BOOL)


def _any_edge_wall(grid: Grid) -> bool:
    """Whether the grid has an edge wall (``Grid._has_edge_walls``, kept per version by ``_cached``;
    np.count_nonzero costs a third of what ndarray.any() does)."""
    return bool(np.count_nonzero(grid.wall_e) or np.count_nonzero(grid.wall_s))


def _around(i: int, cells: bytes, extra: bytes, code_cost: list, opened: int, height: int, width: int, row_steps,
            column_steps) -> list:
    """``Grid.around``'s row of square i from the grid's cell codes and extras (flat bytes, one a square;
    both are 0..127), each code's cost to enter, square i's open steps (``_open_bits``: bit d, the step
    in direction d) and the directions' steps (``_ROW_STEPS``, ``_COLUMN_STEPS``; compiled, on C ints:
    grid.pxd)."""
    r = i // width
    c = i - r * width
    out = []
    for d in range(8):
        rr, cc = r + row_steps[d], c + column_steps[d]
        if 0 <= rr < height and 0 <= cc < width:
            n = rr * width + cc
            code = cells[n]
            out.append((n, code, code_cost[code] + extra[n], opened >> d & 1 == 1))
        else:
            out.append(None)
    return out


def _around_kept(grid: Grid) -> tuple:
    """``Grid.around``'s kept rows by square at the grid's version, and what a row is read from (``_around``'s
    args): the cell codes (the movement tables' copy), extras (bytes: read as ints, in C too; pickled), each
    code's cost and the open steps. The rows start as those of the last version built (``_last_built``, of
    this grid or a copy, with the cell codes, markers, edge walls and extras they were read from) but for
    the squares within a step of one whose cell code, marker, edge walls or extra differ: a row reads
    nothing else (its neighbours' codes and extras, and its own open steps, which read the codes and edge
    walls within a step, ``_open_bits``; the codes' costs are the terrains', which a grid never changes).
    The dict is the version's own (a copy): the rows added later, read from these bytes, are kept with them."""
    now = _kept_square_bytes(grid)
    extra = grid.extra.astype(np.int8, copy=False).tobytes()
    kind = ("around", grid.width)
    last = _last_tables(grid).get(kind)
    rows = {}
    if last is not None and len(last[1]) == grid.n:
        stale = _near_changes(grid, last[0])
        if len(stale) < grid.n:  # (every square: nothing to carry)
            rows = dict(last[2])
            for sq in stale:
                rows.pop(sq, None)
            if extra != last[1]:
                stale = []
                _near_differences(extra, last[1], grid.height, grid.width, bytearray(grid.n), stale)
                for sq in stale:
                    rows.pop(sq, None)
    _last_tables(grid)[kind] = (now, extra, rows)
    return rows, now[0], extra, [t.cost or 1 for t in grid.terrains], _kept_open_bits(grid)


def _cost_ints(grid: Grid, mover: Mover) -> tuple[np.ndarray, int]:
    """``Grid.costs(mover)`` as a flat int32 array (-1 where the mover may not enter; read-only) and the
    dearest of its costs (-1 if none): what ``_dial`` reads (``Grid._cost_table``, kept per version).
    Worked out square by square (``_square_costs``, a typed loop: the numpy expression it replaces made
    five arrays), from the cell codes and markers the movement tables read (``_kept_square_bytes``) and
    the extras as they are now."""
    cells, marker = _kept_square_bytes(grid)[:2]
    cost = np.empty(grid.n, _INT32)
    dearest = _square_costs(cells, marker, grid.extra.astype(np.int8, copy=False).ravel(), _kept_code_costs(grid, mover),
                            cost)
    cost.flags.writeable = False
    return cost, int(dearest)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _square_costs(cells, marker, extra, code_cost, out) -> int:
    """Per square into `out` (an int32 array, one entry a square), what entering it costs a mover: its
    cell code's cost (`code_cost`, an int32 array per code, -1: may not enter) plus its extra, or -1 where
    that cost is -1 or a marker stands (cells and marker: flat bytes, one a square; extra: flat int8).
    Returns the dearest (-1 if none). Compiled, on C ints (grid.pxd), the arrays read with no check of each
    index: the sizes and each cell code read are checked here."""
    n = len(out)
    codes = len(code_cost)
    if len(cells) != n or len(marker) != n or len(extra) != n:  # (a None array's length is 0, compiled)
        raise ValueError("the cells, markers, extras and costs do not fit one grid")
    dearest = -1
    for sq in range(n):
        code = cells[sq]
        if code >= codes:
            raise IndexError(f"the cell code of square {sq} has no terrain")
        step = code_cost[code]
        if step < 0 or marker[sq] != 0:
            step = -1
        else:
            step += extra[sq]
        out[sq] = step
        if step > dearest:
            dearest = step
    return dearest


_SEARCH_POOL = array("i")  # the one kept pool of the searches' scratch ints (``_search_pool``; compiled, a typed view)


def _search_pool(size: int) -> array:
    """An int array of at least `size` entries for a search's scratch (``_dial``'s bucket entries, the
    breadth-first queue of ``Grid.field``), kept for the process (its contents are written before they
    are read: nothing is cleared at each search; one search runs at a time, none calls another).
    Compiled alone: the search then runs in C holding the GIL, so no other thread writes the pool
    meanwhile; run as Python a thread switch may fall inside a search, so each search has its own.
    (``_dial`` and ``_breadth_first`` write their frontiers into it after their typed views are taken
    and nothing is written to it outside a search: a garbage collection in between, whose finalizer ran
    a search, cannot overwrite a frontier.) Compiled, a cpdef function returning the kept typed view
    (grid.pxd): a search takes it with no buffer asked of the array at each call."""
    global _SEARCH_POOL
    if not cython.compiled:
        return array("i", [0]) * size
    if len(_SEARCH_POOL) < size:
        _SEARCH_POOL = array("i", [0]) * size
    return _SEARCH_POOL


# The step keys and offsets the last search read, as typed views (grid.pxd: compiled, C globals): the fields of a
# version are mostly asked one after another for one mover, so each search after the first takes its tables with no
# buffer asked of the bytes or the array nor their format read again. Each kept view holds the object it was taken
# from (`*_VIEWED`): compared by identity, no other object can be mistaken for it while it is kept.
_KEYS_VIEWED = b""
_KEYS_VIEW = _KEYS_VIEWED
_OFFSETS_VIEWED = array("i")
_OFFSETS_VIEW = _OFFSETS_VIEWED


def _keys_view(keys: bytes):
    """`keys` (``Grid.step_keys``) as the searches read them: the kept view when it was taken from these
    bytes, else a new view kept in its place (as Python, the bytes themselves). It is returned, not read
    from the global by the caller: a search started by a finalizer while a later view is taken can
    replace the kept one, never the one handed out."""
    global _KEYS_VIEWED, _KEYS_VIEW
    if keys is not _KEYS_VIEWED:
        _KEYS_VIEW = keys
        _KEYS_VIEWED = keys
    return _KEYS_VIEW


def _offsets_view(offsets: array):
    """`offsets` (``_direction_offsets``) as the searches read them, kept as ``_keys_view`` keeps the keys."""
    global _OFFSETS_VIEWED, _OFFSETS_VIEW
    if offsets is not _OFFSETS_VIEWED:
        _OFFSETS_VIEW = offsets
        _OFFSETS_VIEWED = offsets
    return _OFFSETS_VIEW


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _dial(keys, offsets, cost, dearest: int, dist, frontier: list, sources: set, goal_cost: int) -> int:
    """Weighted distances into `dist` (an int array: 0 on the sources, -1 on closed squares, never
    entered, UNREACHABLE elsewhere) from the `frontier` squares (the sources the mover may
    enter), as ``Grid.field`` says: reaching square m from square s costs what entering s costs
    (`cost`, an int array, ``_cost_ints``, none dearer than `dearest`), or `goal_cost` (when >= 0)
    where s is one of the `sources`. Dial's algorithm: entering costs are whole numbers from 0 to UNREACHABLE
    (_check_cost: a C int holds any distance plus a cost), so buckets by distance replace the heap,
    in a circle of one more than the dearest step (`heads`: each bucket's first entry), so the squares
    waiting lie less than that beyond the distance read. A bucket is a linked list of entries in
    `pool` (an int array kept for the process, ``_search_pool``: entry e's square at 2e, the next entry
    at 2e + 1, -1 at the end); an entry is added for each square reached or reached cheaper, so the
    frontier's and 8 a square expanded at most.
    A square is expanded from the bucket of its final distance (an entry left behind by a later
    improvement is skipped; a bucket is read while steps of cost 0 add to it). The steps out of s: the
    directions d of its step key (`keys`, ``Grid.step_keys``), each to s + offsets[d]. The distances
    do not depend on the order a bucket is read in (each square's least cost).
    Compiled, the loop runs on C ints (grid.pxd), its arrays read with no check of each index: the
    sizes and the frontier's squares are checked here, and every other index stays in bounds by
    construction (a step key's bit is set only for a step that stays on the grid onto a square the
    mover may enter, ``_step_keys``: a square expanded has a cost from 0 to `dearest`, checked; a bucket
    is a distance modulo their number; the pool's room is checked as an entry is added)."""
    n = len(dist)
    if len(keys) != n or len(cost) != n or len(offsets) != 8:  # (a None array's length is 0, compiled)
        raise ValueError("the step keys, costs, offsets and distances do not fit one grid")
    for s in frontier:
        if not 0 <= s < n:
            raise IndexError(f"square {s} is not on the grid of {n} squares")
    span = max(goal_cost, dearest, 0) + 1  # buckets: one more than the dearest step
    heads = array("i", [-1]) * span
    room = 8 * n + len(frontier)
    pool = _search_pool(2 * room)
    used = 0
    for s in frontier:
        pool[2 * used] = s
        pool[2 * used + 1] = heads[0]
        heads[0] = used
        used += 1
    waiting = used
    d0 = 0
    b = 0  # the bucket of distance d0 (d0 modulo span)
    while waiting > 0:
        while heads[b] >= 0:
            e = heads[b]
            heads[b] = pool[2 * e + 1]
            waiting -= 1
            s = pool[2 * e]
            if dist[s] != d0:
                continue
            if d0 == 0 and goal_cost >= 0 and s in sources:
                nd = goal_cost
            else:
                step = cost[s]
                if not 0 <= step <= dearest:
                    raise ValueError(f"square {s}, reached, may not be entered, or costs more than the dearest {dearest}")
                nd = d0 + step  # the step from a neighbour into s
            key = keys[s]
            for j in range(8):
                if key >> j & 1:
                    m = s + offsets[j]
                    if nd < dist[m]:
                        dist[m] = nd
                        k = b + nd - d0  # (nd modulo span: nd - d0 is below span)
                        if k >= span:
                            k -= span
                        if used == room:  # (never: see above)
                            raise IndexError("Dial's pool of bucket entries is full")
                        pool[2 * used] = m
                        pool[2 * used + 1] = heads[k]
                        heads[k] = used
                        used += 1
                        waiting += 1
        d0 += 1
        b = 0 if b == span - 1 else b + 1
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _breadth_first(keys, offsets, dist, frontier: list, unreachable: int) -> int:
    """Breadth first from the `frontier` squares (their `dist` set; only squares whose dist is
    `unreachable` are entered, so closed ones, at -1, never are): a square first reached from square
    s gets dist[s] + 1 (the least, breadth first), and is queued after the rest; the steps out of s
    are the directions d of its step key (`keys`, ``Grid.step_keys``), in DIRECTIONS order, each to
    s + offsets[d]. dist is an int array (``array("i")``). The queue: the frontier, then room for
    every square once, in the kept scratch ints (``_search_pool``; the frontier written after its
    typed view is taken); compiled, the loop runs on C ints (grid.pxd).
    Returns the squares queued in all.
    Compiled, the arrays are read with no check of each index (a square's dist read three times,
    its key once and the queue twice, per square reached): the sizes and the frontier's squares are
    checked here, and every other index stays in bounds by construction: a step key's bit is set only
    for a step that stays on the grid (``_open_bits``), so s + offsets[d] is a square of it, and a
    square is queued once at most (when entered), the queue's end (its room, not the pool's: a square
    queued again, on a grid of more than `unreachable` squares, fills it) checked as it is written."""
    n = len(dist)
    if len(keys) != n or len(offsets) != 8:  # (a None array's length is 0, compiled)
        raise ValueError("the step keys, offsets and distances do not fit one grid")
    tail = len(frontier)
    room = tail + n
    queue = _search_pool(room)
    for head in range(tail):
        s = frontier[head]
        if not 0 <= s < n:
            raise IndexError(f"square {s} is not on the grid of {n} squares")
        queue[head] = s
    head = 0
    while head < tail:
        s = queue[head]
        head += 1
        d = dist[s] + 1
        key = keys[s]
        for j in range(8):
            if key >> j & 1:
                m = s + offsets[j]
                if dist[m] == unreachable:
                    if tail == room:  # (a square at distance `unreachable` is entered again: a grid of that many squares)
                        raise IndexError("the breadth-first queue is full")
                    dist[m] = d
                    queue[tail] = m
                    tail += 1
    return tail


def _square_bytes(grid: Grid) -> tuple[bytes, bytes, bytes, bytes]:
    """The grid's cell codes, markers and edge walls (east, south) as they are now, flat, one byte a
    square each: what the movement tables are read from (``_remade``; codes and markers are >= 0)."""
    return grid.cells.tobytes(), grid.marker.tobytes(), grid.wall_e.tobytes(), grid.wall_s.tobytes()


# The movement tables of a version, kept per version: read and made by C calls when compiled (grid.pxd: the
# builders are C functions, called with no Python-level call through ``Grid._cached`` and a function object)
def _kept_square_bytes(grid: Grid) -> tuple:
    """``_square_bytes`` of the grid's version (kept per version)."""
    cache = grid._cache
    out = cache.get("square_bytes")
    if out is None:
        out = cache["square_bytes"] = _square_bytes(grid)
    return out


def _kept_open_bits(grid: Grid) -> bytes:
    """``_step_open_bits`` of the grid's version (kept per version)."""
    cache = grid._cache
    out = cache.get("open_bits")
    if out is None:
        out = cache["open_bits"] = _step_open_bits(grid)
    return out


def _kept_enterable(grid: Grid, mover: Mover) -> bytes:
    """``_enterable_bytes(grid, mover)`` of the grid's version (kept per version)."""
    cache = grid._cache
    key = ("enter_bytes", mover)
    out = cache.get(key)
    if out is None:
        out = cache[key] = _enterable_bytes(grid, mover)
    return out


def _kept_sight_bytes(grid: Grid) -> bytes:
    """Per square, one byte: 1 where its terrain blocks sight (the cell codes, ``_kept_square_bytes``,
    translated by ``_code_table``: one pass in C, no numpy array made; kept per version; ``Grid.sight_blocked``
    reads it as bools, ``Grid.has_los`` as it is)."""
    cache = grid._cache
    out = cache.get("sight_bytes")
    if out is None:
        out = _kept_square_bytes(grid)[0].translate(_code_table(grid, "blocks_sight"))
        if _NO_TERRAIN in out:  # (a cell code written straight into the array, past the setters' check)
            raise IndexError(f"a cell code of the grid has no terrain (codes 0..{len(grid.terrains) - 1})")
        cache["sight_bytes"] = out
    return out


# The last tables built and the per-code tables, read by C calls when compiled (grid.pxd): ``Grid._last_built``,
# ``Grid._code_bytes`` and ``Grid._code_costs`` are these, for other modules and the tests
def _last_tables(grid: Grid) -> dict:
    """``Grid._last_built``: the grid's last tables built (made empty at the first call)."""
    last = grid._last
    if last is None:
        last = grid._last = {}
    return last


def _kept_code_bytes(grid: Grid, attr: str) -> bytes:
    """``Grid._code_bytes``: per cell code, one byte, 1 where the terrain's `attr` is true (kept with the
    last tables built, as ``Grid._by_code``)."""
    kept = _last_tables(grid)
    out = kept.get(("code_bytes", attr))
    if out is None:
        out = kept[("code_bytes", attr)] = grid._by_code(attr).astype(np.uint8).tobytes()
    return out


def _code_table(grid: Grid, attr: str) -> bytes:
    """``_kept_code_bytes(grid, attr)`` as a table of ``bytes.translate`` (one byte for each of the 256
    byte values; a value past the terrains, a cell code ``Grid._check_codes`` refuses, negative ones
    included, reads ``_NO_TERRAIN``), kept as it is."""
    kept = _last_tables(grid)
    out = kept.get(("code_table", attr))
    if out is None:
        out = kept[("code_table", attr)] = _kept_code_bytes(grid, attr).ljust(256, _NO_TERRAIN)
    return out


def _kept_code_costs(grid: Grid, mover: Mover) -> np.ndarray:
    """``Grid._code_costs``: per cell code, what entering costs the mover (-1: may not enter; an int32
    array, read-only, kept with the last tables built as ``Grid._by_code``)."""
    kept = _last_tables(grid)
    out = kept.get(("code_costs", mover))
    if out is None:
        override = dict(mover.costs)
        per_code = []
        for t in grid.terrains:
            base = override.get(t.name, t.cost)
            if base is not None and t.door:
                base = None if mover.door_cost is None else base + mover.door_cost
            per_code.append(-1 if base is None else base)
        out = kept[("code_costs", mover)] = np.array(per_code, dtype=np.int32)  # (0..UNREACHABLE plus a door)
        out.flags.writeable = False
    return out


@lru_cache(maxsize=None)
def _all_squares(n: int) -> list[int]:
    """Every square of a grid of n squares (shared: do not modify)."""
    return list(range(n))


def _remade(grid: Grid, kind: tuple, make, args: tuple) -> tuple[bytearray, list]:
    """A movement table of one byte a square to make from the last one of `kind` built
    (``_last_built``: kept with the ``_square_bytes`` it was read from and a bytearray equal to it,
    its work copy): that work copy, to write the new table into, and the squares to work out again
    (``_near_changes``). The work copy is taken out of the last tables built (no new copy of the
    table a version: the last one is cold by then); whoever takes it (this grid or a copy sharing
    them, in any thread) is the only one to write it, and a build an error leaves half done leaves
    no entry (a frozen grid's, shared, is copied and left in place). A grid with none of this size
    starts from a copy of the blank grid's (``_blank_grid``: ``make(blank, *args)`` makes it there);
    the blank grid itself from every square of a table of zeros."""
    n = grid.n
    tables = _last_tables(grid)
    last = tables.get(kind) if grid.frozen else tables.pop(kind, None)
    if last is not None and len(last[1]) == n:
        return (bytearray(last[1]) if grid.frozen else last[2]), _near_changes(grid, last[0])
    blank = _blank_grid(grid)
    if grid is blank:
        return bytearray(n), _all_squares(n)
    last = _last_tables(blank).get(kind)
    if last is None:
        make(blank, *args)
        last = _last_tables(blank)[kind]
    return bytearray(last[1]), _near_changes(grid, last[0])


def _kept_table(grid: Grid, kind: tuple, now: tuple, out: bytearray) -> bytes:
    """A movement table `_remade` made and filled, as bytes, kept as the last one of `kind` built
    with the ``_square_bytes`` it was read from (`now`) and `out`, its work copy (``_remade``)."""
    table = bytes(out)
    _last_tables(grid)[kind] = (now, table, out)
    return table


def _near_changes(grid: Grid, before: tuple) -> list:
    """The squares within a step (8 directions) of a square whose cell code, marker or edge walls
    differ from `before` (a ``_square_bytes`` of this grid, a copy or the blank grid, of any
    version): a movement table's entry reads nothing farther (``_near_differences``). Every square
    (one shared list) when more than half of them are. Kept per version by before's identity (the
    tables of a version are mostly made from ones of the same last version)."""
    cache = grid._cache
    kept = cache.get(("near", id(before)))
    if kept is not None and kept[0] is before:  # (it holds `before`: no other object has its id)
        return kept[1]
    n = grid.n
    out = []
    marked = None
    for table, was in zip(_kept_square_bytes(grid), before):
        if table != was:  # (bytes compared whole first: most of them are unchanged)
            if marked is None:
                marked = bytearray(n)
            _near_differences(table, was, grid.height, grid.width, marked, out)
    if 2 * len(out) > n:
        out = _all_squares(n)
    cache[("near", id(before))] = (before, out)
    return out


_BLANK_GRIDS: dict = {}  # (terrains, diagonal rule, height, width): a blank grid (_blank_grid)


def _blank_grid(grid: Grid) -> Grid:
    """The blank grid of `grid`'s terrains, diagonal rule and size (cell code 0 everywhere, no
    marker, no edge wall; frozen, one per process): a grid with no movement tables built starts
    from its tables (``_remade``: a new Bug Hunt colony differs from it in the few dozen squares
    laid at the start)."""
    key = (grid.terrains, grid.diagonal, grid.height, grid.width)
    blank = _BLANK_GRIDS.get(key)
    if blank is None:
        blank = _BLANK_GRIDS[key] = Grid(grid.height, grid.width, grid.terrains, diagonal=grid.diagonal)
        blank.frozen = True
    return blank


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _near_differences(now, was, height: int, width: int, marked, out: list) -> int:
    """Appends to `out` the squares within a step (8 directions, on the grid) of a square where `now`
    and `was` (bytes, one a square) differ, each once (`marked`: a bytearray, one a square, 1 where a
    square is in `out` already; written). A row is read square by square only where it differs at
    all (compiled, on C ints, grid.pxd: the test of a row, an OR of XORs with no branch, runs on
    vector registers, where numpy's compare, nonzero and tolist made three arrays; its indices are
    Py_ssize_t: a C int wraps under -fwrapv, and gcc then reads the row a byte at a time). Compiled, the
    arrays are read with no check of each index: their sizes are checked here, and the rows and
    columns round a square are kept on the grid."""
    n = height * width
    if len(now) != n or len(was) != n or len(marked) != n:  # (a None array's length is 0, compiled)
        raise ValueError("the tables and marks do not fit the grid")
    for r in range(height):
        at = r * width
        differ = 0
        for c in range(width):
            differ |= now[at + c] ^ was[at + c]
        if differ == 0:
            continue
        for c in range(width):
            if now[at + c] != was[at + c]:
                for rr in range(max(r - 1, 0), min(r + 2, height)):
                    for cc in range(max(c - 1, 0), min(c + 2, width)):
                        t = rr * width + cc
                        if not marked[t]:
                            marked[t] = 1
                            out.append(t)
    return 0


def _enterable_bytes(grid: Grid, mover: Mover) -> bytes:
    """Per square, one byte: 1 where the mover may enter (as ``costs(mover)`` is not None there:
    its cell code's cost, ``_code_costs``, is >= 0 and no marker stands there), read a square at
    a time by the breadth-first ``Grid.field`` and by ``_step_keys`` (made from the last one
    built, ``_remade``)."""
    now = _kept_square_bytes(grid)
    kind = ("enter_bytes", mover, grid.width)
    out, redo = _remade(grid, kind, _enterable_bytes, (mover,))
    _enter_bytes(redo, now[0], now[1], _kept_code_costs(grid, mover), out)
    return _kept_table(grid, kind, now, out)


def _enter_bytes(squares: list, cells, marker, code_cost, out) -> int:
    """``_enterable_bytes`` of the `squares` into `out`, from the cell codes and markers (bytes, one
    a square) and the mover's cost per code (an int array, -1: may not enter). Compiled, on C ints
    (grid.pxd)."""
    for sq in squares:
        out[sq] = 1 if code_cost[cells[sq]] >= 0 and marker[sq] == 0 else 0
    return 0


def _step_open_bits(grid: Grid) -> bytes:
    """``Grid.step_open`` as one byte a square (bit d: the step in direction d), by ``_open_bits``
    (made from the last one built, ``_remade``)."""
    now = _kept_square_bytes(grid)
    cells, _, wall_e, wall_s = now
    kind = ("open_bits", grid.width)
    out, redo = _remade(grid, kind, _step_open_bits, ())
    squeeze = grid.diagonal == "squeeze"
    _open_bits(redo, cells, wall_e, wall_s, _kept_code_bytes(grid, "joined" if squeeze else "walkable"), squeeze,
               grid.height, grid.width, _ROW_STEPS, _COLUMN_STEPS, out)
    return _kept_table(grid, kind, now, out)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _open_bits(squares: list, cells, wall_e, wall_s, side, squeeze: bool, height: int, width: int, row_steps,
               column_steps, out) -> int:
    """Per square of `squares` into `out`, the steps free of walls (bit d: the step in direction d
    stays on the grid and is open): an orthogonal step crosses no edge wall; a diagonal one is
    refused when both ways round its corner (through either side square) cross an edge wall, and
    by the diagonal rule on its two side squares: `side` per cell code marks joined walls
    (squeeze: refused between two) or squares open to anyone (corner: refused unless both are).
    cells, wall_e and wall_s are flat bytes, one a square (wall_e: between a square and the next
    one east; wall_s: south). Compiled, on C ints (grid.pxd), the arrays read with no check of each
    index: the sizes, each square of `squares` and each cell code read are checked here, and the
    squares a step passes lie on the grid (the step, so its side squares, is tested to stay on it
    first; a wall west or north of a square is read only when the step goes that way, off a square
    with a column, a row, there)."""
    n = height * width
    codes = len(side)
    if len(cells) != n or len(wall_e) != n or len(wall_s) != n or len(out) != n or len(row_steps) != 8 \
            or len(column_steps) != 8:  # (a None array's length is 0, compiled)
        raise ValueError("the cells, walls, steps and table do not fit one grid")
    for here in squares:
        if not 0 <= here < n:
            raise IndexError(f"square {here} is not on the grid of {n} squares")
        r = here // width
        c = here - r * width
        bits = 0
        for d in range(8):
            dr, dc = row_steps[d], column_steps[d]  # (DIRECTIONS: each -1, 0 or 1)
            if not (0 <= r + dr < height and 0 <= c + dc < width):
                continue
            west, north = min(dc, 0), min(dr, 0) * width  # (the wall east, south, of the square west, north)
            if dr == 0:
                walled = wall_e[here + west]
            elif dc == 0:
                walled = wall_s[here + north]
            else:
                a, b = here + dc, here + dr * width  # the side squares (0, dc) and (dr, 0)
                # walls at the corner passed: here to a or a to the target, and here to b or b to the target
                walled = (wall_e[here + west] or wall_s[a + north]) and (wall_s[here + north] or wall_e[b + west])
                if not walled:
                    if cells[a] >= codes or cells[b] >= codes:
                        raise IndexError(f"a cell code beside square {here} has no terrain")
                    if squeeze:
                        walled = side[cells[a]] and side[cells[b]]
                    else:
                        walled = not (side[cells[a]] and side[cells[b]])
            if not walled:
                bits |= 1 << d
        out[here] = bits
    return 0


def _step_key_bytes(grid: Grid, mover: Mover) -> bytes:
    """``Grid.step_keys``'s table (kept per version by it), by ``_step_keys`` (made from the last one
    built, ``_remade``)."""
    now = _kept_square_bytes(grid)
    kind = ("step_keys", mover, grid.width)
    out, redo = _remade(grid, kind, _step_key_bytes, (mover,))
    _step_keys(redo, _kept_open_bits(grid), now[0], _kept_enterable(grid, mover), _kept_code_bytes(grid, "door"),
               mover.diagonal, _direction_offsets(grid.width), out)
    return _kept_table(grid, kind, now, out)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _step_keys(squares: list, opened, cells, enter, door, diagonal: bool, offsets, out) -> int:
    """Per square of `squares` into `out`, its step key for a mover: bit d set when the step in
    direction d is free of walls (`opened`, ``_open_bits``) onto a square the mover may enter
    (`enter`, one byte a square), and if diagonal, only for a mover that steps diagonally
    (`diagonal`) and neither from nor onto a closed door (`door`, per cell code). offsets: per
    direction, how far the step leads (flat). Compiled, on C ints (grid.pxd), the arrays read with
    no check of each index: the sizes, each square of `squares` and each cell code read are checked
    here, and a step free of walls stays on the grid (``_open_bits``), so sq + offsets[d] is a square."""
    n = len(out)
    codes = len(door)
    if len(opened) != n or len(cells) != n or len(enter) != n or len(offsets) != 8:  # (a None array's length is 0)
        raise ValueError("the open steps, cells, entries and table do not fit one grid")
    for sq in squares:
        if not 0 <= sq < n:
            raise IndexError(f"square {sq} is not on the grid of {n} squares")
        bits = opened[sq]
        key = 0
        for d in range(8):
            if bits >> d & 1:
                to = sq + offsets[d]
                if not enter[to]:
                    continue
                if d % 2 == 1:  # a diagonal step (the even directions are the orthogonal ones, DIRECTIONS)
                    if not diagonal:
                        continue
                    if cells[sq] >= codes or cells[to] >= codes:
                        raise IndexError(f"the cell code of square {sq} or {to} has no terrain")
                    if door[cells[sq]] or door[cells[to]]:
                        continue
                key |= 1 << d
        out[sq] = key
    return 0


def _large_next(grid: Grid, mover: Mover, size: int) -> tuple[array, array]:
    """``large_step_table``'s new anchors, flat (``flat_table``), for _large_search."""
    return flat_table([[new for _, new in steps] for steps in grid.large_step_table(mover, size)])


def flat_table(rows: list) -> tuple[array, array]:
    """A list of lists of ints flat in two int arrays, `first` and `nexts`: row i is
    ``nexts[first[i]:first[i + 1]]`` (read in C by a typed loop with no Python int to convert per
    entry, and no object per row for the garbage collector to visit)."""
    first, nexts = array("i", [0]), array("i")
    for row in rows:
        nexts.extend(row)
        first.append(len(nexts))
    return first, nexts


def _large_search(first, nexts, dist, queue, closed, width: int, size: int, starts: list, barred_starts: bool,
                  limit: int, unreachable: int) -> dict:
    """{anchor: large steps} breadth first from `starts` (in their order, each once) up to
    `limit` steps along ``_large_next``'s `first` and `nexts`, never onto an anchor that puts a
    square of `closed` under the model (marked -1 in `dist` first); a barred start is kept if
    `barred_starts`. dist (UNREACHABLE everywhere) and queue are int arrays of one entry per
    square (every anchor queued once at most); the dict's order is the order reached.
    Compiled, the loops run on C ints (grid.pxd; UNREACHABLE passed in as `unreachable`, a C int)."""
    n = len(dist)
    for s in closed:
        for i in range(size):
            for j in range(size):
                a = s - i * width - j
                if 0 <= a < n:
                    dist[a] = -1
    tail = 0
    for a in starts:
        if dist[a] == 0 or (dist[a] == -1 and not barred_starts):  # a repeated start, or barred
            continue
        dist[a] = 0
        queue[tail] = a
        tail += 1
    head = 0
    while head < tail:
        a = queue[head]
        d = dist[a] + 1
        if d > limit:  # breadth first: every anchor left in the queue is as far
            break
        head += 1
        for k in range(first[a], first[a + 1]):
            m = nexts[k]
            if dist[m] == unreachable:
                dist[m] = d
                queue[tail] = m
                tail += 1
    out = {}
    for i in range(tail):
        a = queue[i]
        out[a] = dist[a]
    return out


@lru_cache(maxsize=None)
def _rows_cols(height: int, width: int) -> tuple[list[int], list[int]]:
    rows, cols = np.divmod(np.arange(height * width), width)
    return rows.tolist(), cols.tolist()


_LINE_STEPS: dict = {}  # (dr, dc, width): line_steps' answer, kept for the process


def line_steps(dr: int, dc: int, width: int) -> tuple[int, ...]:
    """How far (in flat squares, on a grid `width` wide) from a square lie the squares the
    segment to the square (dr, dc) away passes through, nearest first (``_line_squares``; the
    segment's squares lie between its ends, so on the grid wherever both ends are). Kept by
    offset and width in a dict (cpdef, grid.pxd: ``_line_clear`` calls it in C, a dict look-up
    where lru_cache's wrapper cost about three times as much)."""
    kept = _LINE_STEPS  # (a typed dict local: its look-up is a C call)
    key = (dr, dc, width)
    out = kept.get(key)
    if out is None:
        out = kept[key] = _make_line_steps(dr, dc, width)
    return out


@cython.locals(width=cython.int, r0=cython.int, c0=cython.int, span=cython.int, sq=cython.int, out=list)
def _make_line_steps(dr: int, dc: int, width: int) -> tuple[int, ...]:
    """``line_steps``' answer worked out (from ``_line_squares`` on the segment's own small box; a loop
    on C ints compiled, where a generator expression did the arithmetic on Python ints)."""
    r0, c0 = max(0, -dr), max(0, -dc)
    span = abs(dc) + 1
    out = []
    for sq in _line_squares(span, (r0, c0), (r0 + dr, c0 + dc)):
        out.append((sq // span - r0) * width + sq % span - c0)
    return tuple(out)


def _line_clear(blocked: bytes, src: int, dst: int, radius: int, width: int) -> bool:
    """``Grid.has_los``'s windowed test of one pair of squares (on a grid `width` wide, src not
    blocking sight): dst lies within radius (in king's moves) and neither it nor a square the
    segment between their centres passes through (``line_steps``) blocks sight (`blocked`, one
    byte a square). Compiled, on C ints (grid.pxd)."""
    dr = dst // width - src // width
    dc = dst % width - src % width
    if max(abs(dr), abs(dc)) > radius or blocked[dst]:
        return False
    for step in line_steps(dr, dc, width):
        if blocked[src + step]:
            return False
    return True


def _line_squares(width: int, a: tuple[int, int], b: tuple[int, int]) -> list[int]:
    """The squares (on a grid `width` wide) whose open inside the segment between the centres of
    squares a and b (row, column) enters, a and b left out, nearest first (by ``_segment_entry``;
    equal entries in row-major order)."""
    (r0, c0), (r1, c1) = a, b
    ax, ay, bx, by = c0 + 0.5, r0 + 0.5, c1 + 0.5, r1 + 0.5
    src, dst = r0 * width + c0, r1 * width + c1
    entered = []
    for r in range(min(r0, r1), max(r0, r1) + 1):
        for c in range(min(c0, c1), max(c0, c1) + 1):
            square = r * width + c
            if square != src and square != dst:
                t = _segment_entry(ax, ay, bx, by, c, r)
                if t >= 0:
                    entered.append((t, square))
    entered.sort(key=itemgetter(0))  # (a stable sort)
    return [square for _, square in entered]


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


def _segment_entry(ax: float, ay: float, bx: float, by: float, x: float, y: float) -> float:
    """Entry parameter t (from 0 at (ax, ay) to 1 at (bx, by)) of the segment into the open unit
    box at column x, row y (Liang-Barsky on the box shrunk by _EPS: touching an edge or a corner is
    not entering), or -1.0 if it does not enter it (on C doubles when compiled, grid.pxd: the same
    IEEE arithmetic as Python's floats)."""
    dx, dy = bx - ax, by - ay
    eps = _EPS
    t0, t1 = 0.0, 1.0
    for side in range(4):  # p: how fast the segment runs out across the side; q: how far inside it starts
        if side == 0:
            p, q = -dx, ax - (x + eps)
        elif side == 1:
            p, q = dx, (x + 1 - eps) - ax
        elif side == 2:
            p, q = -dy, ay - (y + eps)
        else:
            p, q = dy, (y + 1 - eps) - ay
        if p == 0:
            if q < 0:
                return -1.0
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 if t0 < t1 - eps else -1.0


def _padded_sight(grid: Grid, radius: int) -> tuple[bytes, bytes]:
    """The grid's sight-blocking squares padded by `radius` on every side (so a window of the
    viewer's square is the block from (r, c) on), and those of them beside a see-through square
    (8 directions): each (height + 2 radius) x (width + 2 radius) flat, one byte a square. The
    padding (off the grid) blocks, and never lies on a segment between two squares of the grid.
    Written by ``_pad_sight``'s typed loops from the sight bytes (``_kept_sight_bytes``): the numpy
    padding and ORs they replace made about a dozen arrays of the padded size, each written cold."""
    h, w = grid.height, grid.width
    size = (h + 2 * radius) * (w + 2 * radius)
    opaque = bytearray(b"\1") * size
    edge = bytearray(size)
    _pad_sight(_kept_sight_bytes(grid), h, w, radius, opaque, edge)
    return bytes(opaque), bytes(edge)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _pad_sight(blocked, height: int, width: int, radius: int, opaque, edge) -> int:
    """``_padded_sight``'s tables written into `opaque` (all 1 on entry: the padding blocks) and `edge`
    (all 0 on entry) from `blocked` (one byte a square of the grid, 1 where it blocks sight): the grid's
    squares copied in, then each blocking square with a see-through one among the 3 x 3 round it (a
    square off the padded grid blocks) marked in `edge`: inside the padded grid's border by an AND of
    the nine, with no branch (only in the rows and columns within a step of the grid's: the padding
    beyond has no see-through square near it), and on the border, reached only when the radius is
    below 2, square by square. Compiled, on C ints (grid.pxd; Py_ssize_t indices, as
    ``_near_differences``'), the arrays read with no check of each index: the sizes are checked here,
    and the rows and columns read are kept on the padded grid."""
    padded_width = width + 2 * radius
    padded_height = height + 2 * radius
    if radius < 0 or len(blocked) != height * width or len(opaque) != padded_height * padded_width \
            or len(edge) != padded_height * padded_width:  # (a None array's length is 0, compiled)
        raise ValueError("the blocking squares and the padded tables do not fit one grid")
    for r in range(height):
        at = (r + radius) * padded_width + radius
        start = r * width
        for c in range(width):
            opaque[at + c] = blocked[start + c]
    for r in range(max(radius - 1, 1), min(radius + height + 1, padded_height - 1)):
        at = r * padded_width
        for c in range(max(radius - 1, 1), min(radius + width + 1, padded_width - 1)):
            p = at + c
            edge[p] = opaque[p] & ~(opaque[p - padded_width - 1] & opaque[p - padded_width] & opaque[p - padded_width + 1]
                                    & opaque[p - 1] & opaque[p + 1] & opaque[p + padded_width - 1]
                                    & opaque[p + padded_width] & opaque[p + padded_width + 1]) & 1
    if radius < 2:
        for r in range(padded_height):
            for c in range(padded_width):
                if 0 < r < padded_height - 1 and 0 < c < padded_width - 1:
                    continue
                near = 0
                for rr in range(max(r - 1, 0), min(r + 2, padded_height)):
                    for cc in range(max(c - 1, 0), min(c + 2, padded_width)):
                        if not opaque[rr * padded_width + cc]:
                            near = 1
                edge[r * padded_width + c] = opaque[r * padded_width + c] & near
    return 0


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _window_sight(opaque, edge, hidden_by, hidden, r: int, c: int, radius: int, height: int, width: int, seen) -> int:
    """Marks in `seen` (a bytearray, one byte per square of the grid) the squares seen from (r, c)
    within `radius`: `hidden` (one row of `words` 64-bit words, zeros on entry: bit k set when
    window square k is hidden) gathers the window squares the blocking squares of `edge` hide,
    then each window square on the grid that does not block sight (`opaque`, as `_padded_sight`) and is not hidden is seen. Compiled,
    the loops run on C ints (grid.pxd), the arrays read with no check of each index: the viewer's
    square and the sizes are checked here (the padded grids, `_hidden_by`'s words for each window
    square, and enough of them for every window square), and the window of a square of the grid
    lies on the padded grid, its squares on the grid are those of the second loop's ranges."""
    side = 2 * radius + 1
    words = len(hidden)
    padded_width = width + 2 * radius
    if not (radius >= 0 and len(seen) == height * width and len(opaque) == len(edge) == (height + 2 * radius) * padded_width
            and len(hidden_by) == side * side * words and side * side <= 64 * words):  # (a None array's length is 0)
        raise ValueError("the padded grids, the window's words or the marks do not fit one grid")
    if not (0 <= r < height and 0 <= c < width):
        raise IndexError(f"the viewer's square ({r}, {c}) is not on the {height}x{width} grid")
    for i in range(side):
        at = (r + i) * padded_width + c
        for j in range(side):
            if edge[at + j]:
                k = (i * side + j) * words
                for word in range(words):
                    hidden[word] |= hidden_by[k + word]
    for i in range(max(0, radius - r), min(side, height + radius - r)):
        at = (r + i) * padded_width + c
        to = (r - radius + i) * width + c - radius
        for j in range(max(0, radius - c), min(side, width + radius - c)):
            k = i * side + j
            if not opaque[at + j] and not (hidden[k >> 6] >> (k & 63)) & 1:
                seen[to + j] = 1
    return 0


@lru_cache(maxsize=None)
def _hidden_by(radius: int) -> tuple[array, int]:
    """For a (2r+1)^2 window centred on the viewer: per window square (row-major), the targets
    whose segment from the viewer's centre crosses its open inside (the `segments_blocked` test;
    the viewer's and the target's own squares left out), as bits (target k is bit k % 64 of word
    k // 64), flat in an unsigned 64-bit array (a square's words follow one another); and the
    words a square has."""
    side = 2 * radius + 1
    rr, cc = np.divmod(np.arange(side * side), side)
    crosses = segments_blocked(radius + 0.5, radius + 0.5, cc + 0.5, rr + 0.5, rr, cc)  # [target, square]
    crosses[:, radius * side + radius] = False
    crosses[np.arange(side * side), np.arange(side * side)] = False
    words = -(-side * side // 64)
    bits = np.zeros((side * side, words * 64), dtype=bool)
    bits[:, :side * side] = crosses.T
    # packbits gives little-endian bytes (bit k of the row in byte k // 8): read as little-endian
    # 64-bit words, then as native ones, so bit k is bit k % 64 of word k // 64 on any machine
    packed = np.packbits(bits, axis=1, bitorder="little").view("<u8")
    return array("Q", packed.astype(np.uint64).tobytes()), words
