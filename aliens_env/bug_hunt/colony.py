"""The colony: a fixed square grid the layout is laid into as the squad explores.

Squares start UNKNOWN. Sections are laid at open ends ("ports") from the rulebook's tables with
the game's dice, so a seed fixes the colony. Geometry (ASSUMPTIONS A1, A2, A5, A18 in
docs/rules/bug_hunt.md):

- every section is a rectangle of FLOOR with a one-square WALL ring; a section is laid only
  where every square of its rectangle is still UNKNOWN and inside the grid (so sections never
  overlap), and only through a port of an already laid section (so the colony stays connected);
- corridors are 2 squares wide, laid in sections of `corridor_length`; junctions and bends are
  2x2 blocks after a one-square stub; doors are single squares in a wall ring; rooms are SxS beyond a door, centred on
  it when they fit, else shifted, else the next smaller size, else a corridor, else the door is
  sealed (becomes wall); a corridor section that does not fit is shortened, down to 1 square,
  and an open end where nothing fits is walled off (a dead end);
- a room has a second door, in the wall the room_extra_door table picks.

Geometry is the core grid engine's (core/grid.py): a Colony is a Grid whose cell codes are the
ones below, with the "corner" diagonal rule (A24: a diagonal step may not cut a wall or door
corner; a closed door is entered only orthogonally). Line of sight (ASSUMPTION A3): a straight
segment between square centres that passes through the open inside of no opaque square (wall,
closed or welded door, unknown), within sight range; touching a corner is clear (the engine's
rule, without its shooter-corner switch). Acid holes and debris add `hazard_ap` to the cost of
entering their squares.
"""
from __future__ import annotations

import copy
from array import array

import numpy as np

from ..core.grid import Grid, Mover, Terrain
from ..core.positions import Fields, check_int, check_list

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

UNKNOWN, FLOOR, WALL, DOOR_OPEN, DOOR_CLOSED, DOOR_WELDED, DOOR_LOCKED = range(7)
CELL_NAMES = ("unknown", "floor", "wall", "door_open", "door_closed", "door_welded", "door_locked")
CARDINAL = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N E S W
CARDINAL_NAMES = ("N", "E", "S", "W")
# a locked door (option electronic_locks, ASSUMPTION A58) is a closed door no one may open until
# the equipment operator picks its lock (or the squad cuts it like a weld)
TERRAINS = (
    Terrain("unknown", cost=None, blocks_sight=True),
    Terrain("floor"),
    Terrain("wall", cost=None, blocks_sight=True),
    Terrain("door_open"),
    Terrain("door_closed", blocks_sight=True, door=True),
    Terrain("door_welded", cost=None, blocks_sight=True),
    Terrain("door_locked", cost=None, blocks_sight=True),
)
#: per cell code, 1 where its terrain blocks sight (Grid.sight_blocked's table, by code; explore.reveal's)
OPAQUE = bytes(t.blocks_sight for t in TERRAINS)
PASSABLE = np.array([t.cost is not None and not t.door for t in TERRAINS])
ALIEN = Mover("alien")  # opens a closed door (1 AP, then steps in)
FACE_HUGGER = Mover("face_hugger", door_cost=None)  # cannot open doors
# a figure walking the squad's way: orthogonal steps, through closed and locked doors (opened or
# picked on the way), never welded ones
WALKER = Mover("walker", costs={"door_locked": 1}, diagonal=False)
# a figure without the equipment walking the squad's way: an electronic lock bars it (A70)
UNEQUIPPED_WALKER = Mover("walker_unequipped", diagonal=False)


def right(d: int) -> int:
    return (d + 1) % 4


def left(d: int) -> int:
    return (d + 3) % 4


def add(p, d: int, k: int = 1):
    """The square k steps from square p (row, column) in direction d."""
    dr, dc = CARDINAL[d]
    return (p[0] + dr * k, p[1] + dc * k)


class Colony(Grid):
    def __init__(self, size: int, hazard_ap: int):
        super().__init__(size, size, TERRAINS, diagonal="corner")
        self.size = size
        self.hazard_ap = hazard_ap
        self.hazard = np.zeros((size, size), dtype=np.int8)  # 0 none, 1 acid holes, 2 debris
        self._share_piece(np.full((size, size), -1, dtype=np.int16))
        self._share_entry(np.zeros((size, size), dtype=bool))
        self.pieces: list[dict] = []
        self.ports: list[dict] = []

    def set_edge_wall(self, a: int, b: int, wall: bool = True) -> None:
        """Refused: the colony's walls are squares, it has no edge walls (ASSUMPTION A3; explore.reveal
        reads sight from the cells alone, on that rule)."""
        raise ValueError("a Bug Hunt colony has no edge walls (ASSUMPTION A3: its walls are squares, WALL cells)")

    def _share_entry(self, marks) -> None:
        """The entry squares (A2) become `marks` (size x size), held in the bytearray
        ``entry_flags`` (a byte a square, by flat index) that the bool array ``entry`` views: one
        memory, so a write to the array (the layout marks the entry corridor in it) is the bytes'
        too, and BugHunt._check_end reads a square's byte without numpy's indexing."""
        self.entry_flags = bytearray(np.asarray(marks, dtype=bool).tobytes())
        self.entry = np.frombuffer(self.entry_flags, dtype=bool).reshape(self.size, self.size)

    def _share_piece(self, ids) -> None:
        """The piece ids (-1 where no section lies) become `ids` (size x size), held in the
        array("h") ``piece_ids`` (an int16 a square, by flat index) that the int16 array ``piece``
        views: one memory, so a write to the array (Colony.place's, a test's) is the array("h")'s
        too, and state.room_of reads a square's id by indexing it, not by ndarray.item."""
        self.piece_ids = array("h", np.asarray(ids, dtype=np.int16).tobytes())
        self.piece = np.frombuffer(self.piece_ids, dtype=np.int16).reshape(self.size, self.size)

    def __setstate__(self, state: dict) -> None:
        """From a pickle or a deep copy, which hold the arrays and their flat copies apart: views again."""
        self.__dict__.update(state)
        self._share_piece(self.piece)
        self._share_entry(self.entry)

    # -- state --------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "size": self.size, "cells": self.cells.tolist(), "hazard": self.hazard.tolist(),
            "piece": self.piece.tolist(), "entry": self.entry.astype(int).tolist(),
            "pieces": copy.deepcopy(self.pieces), "ports": copy.deepcopy(self.ports), "version": self.version,
        }

    @classmethod
    def from_dict(cls, data: "dict | Fields", hazard_ap: int, size: int | None = None) -> "Colony":
        """Rebuild a colony saved by to_dict (from the dict or a position's ``Fields`` of it),
        every field checked (a PositionError, a ValueError, names the one that is wrong); with
        `size`, the grid must be that size. The colony holds copies of what it is given."""
        f = data if isinstance(data, Fields) else Fields("colony", data)
        f = Fields(f.what, f.data, f.path, keys=("size", "cells", "hazard", "piece", "entry", "pieces", "ports", "version"))
        col = cls(f.int("size", size or 3, size or 1000), hazard_ap)
        n = col.size
        pieces = f.records("pieces", keys=None)
        col.pieces = [_read_piece(p, k, n) for k, p in enumerate(pieces)]
        col.ports = [_read_port(p, len(col.pieces), n) for p in f.records("ports", keys=PORT_KEYS)]
        col.cells = _read_grid(f, "cells", 0, len(CELL_NAMES) - 1, n, np.int8)
        col.hazard = _read_grid(f, "hazard", 0, 2, n, np.int8)
        col._share_piece(_read_grid(f, "piece", -1, len(col.pieces) - 1, n, np.int16))
        col._share_entry(_read_grid(f, "entry", 0, 1, n, bool))
        col.version = f.int("version", 0)
        col.extra = np.where(col.hazard > 0, hazard_ap, 0).astype(np.int8)
        return col

    def copy(self) -> "Colony":
        new = super().copy()  # shares the engine's caches (Grid.copy: what they may share)
        new.hazard = self.hazard.copy()
        new._share_piece(self.piece)
        new._share_entry(self.entry)
        new.pieces = [dict(p) for p in self.pieces]
        new.ports = [dict(p) for p in self.ports]
        return new

    def set_hazard(self, q, value: int) -> None:
        """Acid holes (1) or debris (2) on square q: entering it costs hazard_ap more. Like the
        other bulk writes while laying, call changed() afterwards."""
        self.hazard[q] = value
        self.extra[q] = self.hazard_ap if value else 0

    # -- queries ------------------------------------------------------------------------------
    def cell(self, p) -> int:
        """The cell code at (row, column) p; off the grid counts as wall."""
        return int(self.cells[p]) if self.inside(*p) else WALL

    # -- laying sections ------------------------------------------------------------------------
    @cython.locals(depth=cython.int, width=cython.int, offset=cython.int, dr=cython.int, dc=cython.int,
                   pr=cython.int, pc=cython.int, r0=cython.int, c0=cython.int, i=cython.int, j=cython.int, out=list)
    def rect_cells(self, base, d: int, depth: int, width: int, offset: int = 0) -> list[tuple[int, int]]:
        """The squares of the rectangle `depth` squares along d from base by `width` squares to its
        right (starting `offset` squares to base's left), row by row along d: the first and the
        last are opposite corners. (Loops on C ints when compiled.)"""
        dr, dc = CARDINAL[d]
        pr, pc = CARDINAL[right(d)]
        r0, c0 = base[0] - pr * offset, base[1] - pc * offset
        out = []
        for i in range(depth):
            for j in range(width):
                out.append((r0 + dr * i + pr * j, c0 + dc * i + pc * j))
        return out

    def fits(self, cells) -> bool:
        """May a section be laid on `cells` (a rectangle's squares, as rect_cells lists them): all
        of them inside the grid's one-square margin and still unknown?"""
        r0, c0, r1, c1 = _bounds(cells)
        hi = self.size - 2
        return 1 <= r0 and 1 <= c0 and r1 <= hi and c1 <= hi and _all_unknown(self.cells, r0, c0, r1, c1)

    def place(self, cells, kind: str, keep_open=(), doors=(), **info) -> int:
        """Lay a section on `cells` (a rectangle's squares, as rect_cells lists them): floor there,
        wall on the still-unknown ring except the squares in `keep_open` (its own open ends), then
        doors [(square, state)]. Returns the piece id."""
        pid = len(self.pieces)
        r0, c0, r1, c1 = _bounds(cells)
        if len(cells) != (r1 - r0 + 1) * (c1 - c0 + 1):
            raise ValueError(f"a section's squares must fill a rectangle, got {cells}")
        piece = {"id": pid, "kind": kind, "rect": [r0, c0, r1, c1], **info}
        self.pieces.append(piece)
        _lay(self.cells, self.piece, pid, r0, c0, r1, c1, keep_open, doors)
        if doors:
            piece["doors"] = [list(q) for q, _ in doors]  # the doors laid with it (locks, A58)
        self.changed()
        return pid

    def add_port(self, cells, d: int, kind: str, parent: int, door=None) -> None:
        """A new port, pending, appended: the only way a port is pending (once joined, dead or
        done, a port never becomes pending again; explore.layout_ports reads on from the first
        port pending at its last reading)."""
        self.ports.append({
            "cells": [list(q) for q in cells], "d": d, "kind": kind, "parent": parent,
            "door": None if door is None else list(door), "state": "pending",
        })

    @cython.locals(port=dict, v=cython.int, laid=cython.bint, joined=cython.bint)
    def refresh_ports(self) -> None:
        """Ports whose squares were taken by a later section are joined (floor) or dead (wall)."""
        cells = self.cells
        for port in self.ports:
            if port["state"] != "pending":
                continue
            laid = joined = False  # any square no longer unknown; any of them open to walk through
            for q in port["cells"]:
                v = cells.item(q[0], q[1])  # (item: an int, no numpy scalar)
                if v != UNKNOWN:
                    laid = True
                    if v == FLOOR or v == DOOR_OPEN or v == DOOR_CLOSED or v == DOOR_LOCKED:
                        joined = True
            if not laid:
                continue
            if joined:
                port["state"] = "joined"
            else:
                port["state"] = "dead"
                self.seal(port)

    def seal(self, port: dict) -> None:
        """A dead end: the open end's unknown squares become wall; a door to nowhere is walled up."""
        port["state"] = "dead"
        for q in port["cells"]:
            if self.cells[tuple(q)] == UNKNOWN:
                self.cells[tuple(q)] = WALL
        if port["door"] is not None:
            door = tuple(port["door"])
            beyond = tuple(port["cells"][0])
            if self.cells[beyond] not in (FLOOR, DOOR_OPEN, DOOR_CLOSED, DOOR_LOCKED):
                self.cells[door] = WALL
        self.changed()


def _all_unknown(grid, r0: int, c0: int, r1: int, c1: int) -> bool:
    """Is every square of rows r0..r1, columns c0..c1 of the cell codes `grid` UNKNOWN? (Compiled,
    a C loop on a typed view: colony.pxd.)"""
    unknown = UNKNOWN
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if grid[r, c] != unknown:
                return False
    return True


def _lay(grid, owner, pid: int, r0: int, c0: int, r1: int, c1: int, keep_open, doors) -> None:
    """``Colony.place``'s writes: floor and the piece id `pid` on rows r0..r1, columns c0..c1 of the
    cell codes `grid` and the piece ids `owner`; wall on the still-unknown squares of the ring round
    them (a section lies a square inside the grid's edge) except those in `keep_open` unknown
    before; then doors [(square, code)]. (Compiled, C loops on typed views: colony.pxd.)"""
    unknown, floor, wall = UNKNOWN, FLOOR, WALL
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            grid[r, c] = floor
            owner[r, c] = pid
    reopen = []
    for q in keep_open:
        if grid[q[0], q[1]] == unknown:
            reopen.append(q)
    for r in range(r0 - 1, r1 + 2):
        for c in range(c0 - 1, c1 + 2):
            if grid[r, c] == unknown:
                grid[r, c] = wall
    for q in reopen:
        grid[q[0], q[1]] = unknown
    for q, code in doors:
        grid[q[0], q[1]] = code


def _bounds(cells) -> tuple[int, int, int, int]:
    """The top row, left column, bottom row and right column of a rectangle's squares listed
    from one corner to the opposite one (as rect_cells lists them)."""
    (ra, ca), (rb, cb) = cells[0], cells[-1]
    return min(ra, rb), min(ca, cb), max(ra, rb), max(ca, cb)


# -- reading a saved colony ------------------------------------------------------------------------
PIECE_KINDS = ("entry", "corridor", "junction", "bend", "room")
PORT_KEYS = ("cells", "d", "kind", "parent", "door", "state")
#: a piece's own fields beyond id, kind and rect, with how each is read
_PIECE_INFO = {"doors": "squares", "special": "name", "room": "name", "contents": "name", "shape": "name",
               "brood": "bool", "entered": "bool", "length": "int", "d": "int", "size": "int"}


def _read_square(what: str, path: str, value, n: int) -> list[int]:
    pair = check_list(what, path, value, length=2)
    return [check_int(what, f"{path}[{i}]", v, 0, n - 1) for i, v in enumerate(pair)]


def _read_piece(p: Fields, k: int, n: int) -> dict:
    for key in p.data:
        if key not in ("id", "kind", "rect") and key not in _PIECE_INFO:
            raise p.fail(key, f"is not a field of a piece; the fields are {sorted(['id', 'kind', 'rect', *_PIECE_INFO])}")
    piece = {"id": p.int("id", k, k), "kind": p.choice("kind", PIECE_KINDS)}
    rect = p.ints("rect", 0, n - 1, length=4)
    if rect[0] > rect[2] or rect[1] > rect[3]:
        raise p.fail("rect", "must be [top row, left column, bottom row, right column]", rect)
    piece["rect"] = rect
    for key, how in _PIECE_INFO.items():
        if key not in p.data:
            continue
        value = p.raw(key)
        if how == "squares":
            piece[key] = [_read_square(p.what, p.at(key) + f"[{i}]", q, n) for i, q in enumerate(p.list(key))]
        elif how == "name":
            if value is not None and not isinstance(value, str):
                raise p.fail(key, "must be a string or null", value)
            piece[key] = value
        elif how == "bool":
            piece[key] = p.bool(key)
        else:
            piece[key] = p.int(key, 0, n)
    return piece


def _read_port(p: Fields, n_pieces: int, n: int) -> dict:
    cells = [_read_square(p.what, p.at("cells") + f"[{i}]", q, n) for i, q in enumerate(p.list("cells"))]
    if not cells:
        raise p.fail("cells", "must list one or more squares", cells)
    door = p.raw("door")
    return {
        "cells": cells, "d": p.int("d", 0, len(CARDINAL) - 1), "kind": p.choice("kind", ("open", "door")),
        "parent": p.index("parent", "colony.pieces", n_pieces, none=None),
        "door": None if door is None else _read_square(p.what, p.at("door"), door, n),
        "state": p.choice("state", ("pending", "joined", "dead", "done")),
    }


def _read_grid(f: Fields, key: str, lo: int, hi: int, n: int, dtype) -> np.ndarray:
    rows = f.list(key, length=n)
    for r, row in enumerate(rows):
        row = check_list(f.what, f.at(key) + f"[{r}]", row, length=n)
        if not all(type(v) is int and lo <= v <= hi for v in row):
            for c, v in enumerate(row):
                check_int(f.what, f.at(key) + f"[{r}][{c}]", v, lo, hi)
    return np.array(rows, dtype=dtype)
