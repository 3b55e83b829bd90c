"""Bug Hunt's geometry on the laid colony, as the core grid engine answers it (the Colony is a
core.grid.Grid): squares and their indices, range, line of sight, neighbours, the distance
fields (Dijkstra in AP, BFS in steps), and the squares out of view the Aliens approach from.
Plain functions of the game; the engine keeps its results per layout version, and game._shared
(other layout-derived caches) is emptied when the layout changes."""
from __future__ import annotations

import numpy as np

from . import state
from .colony import ALIEN, CARDINAL, FACE_HUGGER, PASSABLE, WALKER
from .state import NO, PASSABLE_BY_CODE, UNREACHABLE, GameRecords, items_read

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


@cython.locals(game=GameRecords)
def sq(game, rc) -> int:
    return game.colony.index(rc[0], rc[1])


@cython.locals(game=GameRecords)
def rc(game, s: int) -> tuple[int, int]:
    return game.colony.rc(s)


@cython.locals(game=GameRecords)
def cell(game, s: int) -> int:
    return game.colony.cells.item(s)  # (a Python int: cells.flat[s] made a numpy scalar first)


@cython.locals(game=GameRecords, s=cython.long, dr=cython.long, dc=cython.long, width=cython.long, r=cython.long,
               c=cython.long)
def step_sq(game, s: int, dr: int, dc: int) -> int:
    """The square (dr, dc) away from square s, NO off the grid (the colony's rc, inside and index,
    inline on C longs: Python's floor division, so a square off the grid reads as divmod does)."""
    width = game.colony.width
    r = s // width + dr
    c = s % width + dc
    return r * width + c if 0 <= r < game.colony.height and 0 <= c < width else NO


def step_range(dr: int, dc: int) -> int:
    """The range of a step of dr rows and dc columns: max(|dr|, |dc|), the one rule of range (on C
    longs when compiled, geometry.pxd: Python's abs and max of C integers box them)."""
    if dr < 0:
        dr = -dr
    if dc < 0:
        dc = -dc
    return dr if dr > dc else dc


def rng(game, a: int, b: int) -> int:
    """The range from square a to square b (cpdef, geometry.pxd: the policies call it in C)."""
    rows, cols = game.colony.rows_cols  # as colony.range, inline (called very often; on C longs)
    return step_range(rows[a] - rows[b], cols[a] - cols[b])


@cython.locals(game=GameRecords)
def los(game, a: int, b: int, radius: int | None = None) -> bool:
    """Line of sight from a to b within `radius` (at most the sight range)."""
    sight = game.rules["sight_range"]
    rows, cols = game.colony.rows_cols
    if step_range(rows[a] - rows[b], cols[a] - cols[b]) > (sight if radius is None else min(radius, sight)):
        return False
    return bool(game.colony.has_los(a, b, sight))  # (los_from(a, sight)[b], without making a's whole view)


@cython.locals(game=GameRecords)
def enter_cost(game, s: int) -> int:
    return 1 + game.colony.extra.item(s)  # (a Python int: extra.flat[s] made a numpy scalar first)


def layout_cache(game) -> dict:
    """game._shared, emptied when the layout has changed since it was last asked for (but for
    its "lasting" dict: see lasting_cache). (cpdef, geometry.pxd: this module's functions call it
    in C, and read the dict it returns by C calls: `shared` typed dict.)"""
    shared = game._shared
    kept = shared.get("layout_version", NO)  # (compiled, a C long compared with the colony's C int: no boxing)
    if kept != game.colony.version:
        lasting = shared.get("lasting")
        shared.clear()
        shared["layout_version"] = game.colony.version
        if lasting is not None:
            shared["lasting"] = lasting
    return shared


def lasting_cache(game) -> dict:
    """Results kept across layout versions (in game._shared, which a clone does not share): each
    keyed on what it reads, so a new layout leaves it valid (state.feature_index's entry on its
    features list's identity and length: see there; observation.map_planes' entry
    holds its own key, the layout version among it, and an array it rewrites; marines.MaskNumbers is
    keyed by the identity of the game's rules and action slots, which are never changed in place: a
    game given other rules gets other dicts). Emptied when it holds LASTING_LIMIT entries (a bound on
    a long game's memory). (cpdef, geometry.pxd: marines and observation call it in C.)"""
    shared = game._shared
    lasting = shared.get("lasting")
    limit = LASTING_LIMIT  # (compiled, a C int: the dict's length compared in C, not boxed)
    if lasting is None or len(lasting) >= limit:
        lasting = shared["lasting"] = {}
    return lasting


LASTING_LIMIT = 2048


@cython.locals(game=GameRecords)
def dijkstra(game, targets: list[int], hugger: bool) -> np.ndarray:
    """AP from every square to beside the nearest target, through doors an Alien may open (1
    means adjacent; Face-Huggers cannot open doors)."""
    layout_cache(game)
    return game.colony.field(sorted(targets), FACE_HUGGER if hugger else ALIEN, weighted=True, goal_cost=1)


@cython.locals(shared=dict)
def placement_candidates(game) -> dict[int, list[tuple[int, int]]]:
    """direction -> [(path distance from the squad, square)] of open squares out of view
    (ASSUMPTION A30: directions are the compass quarter seen from the squad's centre).
    Read-only; kept for the position (asked again when the approach is placed)."""
    # (the squads' figures, and the squares no figure may enter as state.occupied finds them: one source, so a
    # square it counts, the APC's say, is never missing from the key)
    key = ("placement", game.colony.version, game.xeno_squad,
           tuple((h.status, h.pos, h.squad) for h in game.humans), tuple(sorted(state.occupied(game))))
    shared = layout_cache(game)
    cached = shared.get(key)
    if cached is None:
        cached = shared[key] = _placement_candidates_uncached(game)
    return cached


def _placement_candidates_uncached(game) -> dict[int, list[tuple[int, int]]]:
    sq = max(game.xeno_squad, 0)
    squad = [h.pos for h in game.humans if h.status == "active" and h.squad == sq]
    if not squad:
        return {}
    dist = bfs(game, squad)
    col, size = game.colony, game.size
    taken = bytearray(col.n)  # the squares no figure may enter (state.occupied's on the grid)
    for s in state.occupied(game):
        if 0 <= s < col.n:
            taken[s] = 1
    sight = game.rules["sight_range"]
    seen = None
    for v in (h.pos for h in game.humans if h.status == "active"):  # out of everyone's view (one at least: squad)
        seen = col.los_from(v, sight) if seen is None else seen | col.los_from(v, sight)
    cells = col.cells.ravel()
    cr = sum(s // size for s in squad) / len(squad)  # the squad's centre
    cc = sum(s % size for s in squad) / len(squad)
    # the squares the squad reaches, in square order (dozens to hundreds of the grid's thousands, found by numpy's C methods:
    # np.flatnonzero is a Python function)
    reached = memoryview((dist < UNREACHABLE).nonzero()[0].astype(np.int32))
    dist = memoryview(dist)  # (their items Python ints in pure Python, as the pairs hold them; compiled, typed views)
    out = _quarters(reached, dist, cells, taken, seen.view(np.uint8), 0, size, cr, cc)
    if not out:
        # ASSUMPTION A31: no laid square is out of view: they come out of the dark at the
        # edge of what is laid, at least min_placement squares away
        out = _quarters(reached, dist, cells, taken, None, game.rules["min_placement"], size, cr, cc)
    return out


#: per cell code, 1 where a figure may stand (PASSABLE_BY_CODE as bytes: a typed loop reads a code's in C)
PASSABLE_CODES = bytes(PASSABLE_BY_CODE)


@cython.boundscheck(False)
@cython.wraparound(False)
def _quarters(reached, dist, cells, taken: bytearray, seen, nearest: int, width: int, cr: float,
              cc: float) -> dict[int, list[tuple[int, int]]]:
    """_placement_candidates_uncached's share-out: direction -> [(path distance, square)], in the
    order of `reached` (the squares the squad reaches, in square order), of those squares the squad's
    field `dist` finds at least `nearest` steps away, open (`cells`' codes PASSABLE), not `taken`
    and not `seen` (a flag a square; None: every square counts); the direction the compass quarter
    of the square seen from the squad's centre (cr, cc) (A30); the directions in the order of their
    first square. (cdef, geometry.pxd: one loop over the reached squares on C ints and doubles, the
    arrays typed views read unchecked once their lengths and each square are checked, in place of
    numpy's index arrays and masks; a float's sums as Python's.)"""
    n = len(taken)
    if len(dist) < n or len(cells) < n or (seen is not None and len(seen) < n):
        raise ValueError("the field, cells and view do not cover every square")
    found = ([], [], [], [])  # the pairs by direction
    order = []  # the directions in the order of their first square
    passable, unreachable = PASSABLE_CODES, UNREACHABLE  # (typed locals: no module look-up or boxing a square)
    codes = len(passable)
    for i in range(len(reached)):
        square = reached[i]
        if not 0 <= square < n:
            raise IndexError(f"reached square {square} is off the grid")
        far = dist[square]
        if far >= unreachable or far < nearest:
            continue
        code = cells[square]
        if not 0 <= code < codes:
            raise IndexError(f"square {square}'s cell code {code} has no terrain")
        if not passable[code] or taken[square]:
            continue
        if seen is not None and seen[square]:
            continue
        dr, dc = square // width - cr, square % width - cc
        d = (0 if dr < 0 else 2) if abs(dr) >= abs(dc) else (1 if dc > 0 else 3)
        pairs = found[d]
        if not pairs:
            order.append(d)
        pairs.append((far, square))
    return {d: found[d] for d in order}


@cython.locals(game=GameRecords)
def bfs(game, sources: list[int]) -> np.ndarray:
    """Squares (steps) from the sources over open squares and doors an Alien could open
    (read-only; kept per layout version and sources)."""
    layout_cache(game)
    return game.colony.field(sources, ALIEN)


def walk_field(game, goals: list[int]) -> np.ndarray:
    """Orthogonal steps from every square to the nearest goal for a figure walking (over open
    squares and doors that are not welded: open, closed or locked), UNREACHABLE where none: the
    colony's WALKER field of the sorted goals (flat, read-only). Kept in the layout cache by the
    goals as given (walk_kept). (cpdef, geometry.pxd, as walk_kept, entry_squares,
    room_centres and exploration_goals: the policies call walk_kept and the others in C.)"""
    return walk_kept(game, goals).field


class WalkKept:
    """A walking field as walk_kept keeps it: ``field``, walk_field's array; ``steps``, its int32
    steps for a typed reader (compiled, a C slice made once with the field: a C caller reads it
    as a C array with no buffer asked of the field at each read, geometry.pxd). In pure Python both
    are the field."""

    def __init__(self, field: np.ndarray):
        self.field = field
        self.steps = field


def walk_kept(game, goals: list[int]) -> WalkKept:
    """walk_field's field of the goals with its typed steps (a WalkKept), kept in the layout
    cache by the goals as given (one tuple of ints hashed, where the colony's own key is a tuple of
    the sources, the mover and its options built at each call; the order changes nothing but the
    key), at most WALK_FIELDS_LIMIT of them a layout version."""
    shared = layout_cache(game)
    fields = shared.get("walk_fields")
    if fields is None:
        fields = shared["walk_fields"] = {}
    key = tuple(goals)
    kept = fields.get(key)
    if kept is None:
        if len(fields) >= WALK_FIELDS_LIMIT:
            fields.clear()
        kept = fields[key] = WalkKept(game.colony.field(sorted(goals), WALKER))
    return kept


#: walk_field's fields kept a layout version (a bound on the memory of a version that lasts long)
WALK_FIELDS_LIMIT = 512


#: ``steps_on``'s steps where a walk does not reach (above any real walk: sorts after them)
NOT_WALKED = 10**6


def steps_on(field: np.ndarray, square: int) -> int:
    """A walking field's steps at square (``walk_field``, tactics' ``_pod_field``), NOT_WALKED where
    the walk does not reach it or square is NO: ``walk_steps(goals).get(square, NOT_WALKED)`` read
    from the field itself (a caller reading a few squares makes no dict of every square). (cpdef,
    geometry.pxd: policies and tactics call it in C; it returns a C long.)"""
    if square == NO:
        return NOT_WALKED
    steps = field.item(square)  # (a Python int: int(field[square]) made a numpy scalar first)
    return steps if steps < UNREACHABLE else NOT_WALKED


@cython.locals(shared=dict)
def walk_steps(game, goals: list[int]) -> dict[int, int]:
    """``walk_field`` by square, for the squares a figure can walk to (read-only; kept per layout
    version and goals)."""
    shared = layout_cache(game)
    key = ("walk_steps", tuple(sorted(goals)))
    cached = shared.get(key)
    if cached is None:
        field = walk_field(game, key[1])
        reached = np.flatnonzero(field < UNREACHABLE)
        cached = shared[key] = dict(zip(reached.tolist(), field[reached].tolist()))
    return cached


def entry_squares(game) -> tuple[int, ...]:
    """The entry corridor's squares (the way out, ASSUMPTION A2), in square order (a tuple: kept
    per layout version, it is handed to every caller; they are marked when the entry corridor is
    laid, never after)."""
    shared = layout_cache(game)
    cached = shared.get("entry_squares")
    if cached is None:
        cached = shared["entry_squares"] = tuple(np.flatnonzero(game.colony.entry).tolist())
    return cached


def room_centres(game) -> tuple[int, ...]:
    """The centre squares of the rooms laid and not yet entered, in the order they were laid (a
    tuple, kept per layout version and rooms entered: only explore.enter_room marks a room; kept
    as (rooms entered, centres) under one name, read without making a key)."""
    shared = layout_cache(game)
    kept = shared.get("room_centres")
    if kept is not None and kept[0] == game.rooms_entered:
        return kept[1]
    width, centres = game.colony.width, []
    for p in _rooms(game):
        if not p["entered"]:
            r0, c0, r1, c1 = p["rect"]
            centres.append((r0 + r1) // 2 * width + (c0 + c1) // 2)
    kept = shared["room_centres"] = (game.rooms_entered, tuple(centres))
    return kept[1]


def _rooms(game) -> tuple[dict, ...]:
    """The colony's room pieces in the order laid. Kept across layout versions (lasting_cache) with
    the pieces list and how many of its pieces were read: the colony only ever appends a piece
    (Colony.place) and never changes a piece's kind, so only the pieces added since are read (a
    copied colony, or one read from a file, has another list)."""
    pieces = game.colony.pieces
    lasting = lasting_cache(game)
    kept = lasting.get("room_pieces")  # (pieces list, pieces read, the rooms among them)
    if kept is None or items_read(kept[0], kept[1], pieces) == NO:
        kept = (pieces, 0, ())
    if kept[1] < len(pieces):
        added = tuple([p for p in pieces[kept[1]:] if p["kind"] == "room"])
        kept = lasting["room_pieces"] = (pieces, len(pieces), kept[2] + added)
    return kept[2]


def exploration_goals(game) -> tuple[int, ...]:
    """Where the squad explores: the centres of the rooms not yet entered (room_centres), then,
    in port order, every pending door and the square inside every pending open end (a step back
    from its first square; NO off the grid). A tuple, kept per layout version and rooms entered
    (a port changes only with the layout; kept as (rooms entered, goals) under one name, as
    room_centres). The ports read start at the first one pending at the last reading (kept in
    lasting_cache with the ports list: a port is added pending, and once joined, dead or done it
    stays so, Colony.add_port)."""
    shared = layout_cache(game)
    kept = shared.get("exploration_goals")
    if kept is not None and kept[0] == game.rooms_entered:
        return kept[1]
    col = game.colony
    goals = list(room_centres(game))
    ports = col.ports
    lasting = lasting_cache(game)
    settled = lasting.get("goal_ports")  # (ports list, n): its first n ports were settled at the last reading
    first = NO if settled is None else items_read(settled[0], settled[1], ports)
    kept_first = first
    if first == NO:
        first = 0
    first_pending = len(ports)
    for k in range(first, len(ports)):
        port = ports[k]
        if port["state"] != "pending":
            continue
        first_pending = min(first_pending, k)
        if port["kind"] == "door":
            r, c = port["door"]
            goals.append(r * col.width + c)
        else:
            dr, dc = CARDINAL[port["d"]]
            r, c = port["cells"][0]
            r, c = r - dr, c - dc
            goals.append(r * col.width + c if 0 <= r < col.height and 0 <= c < col.width else NO)
    if first_pending != kept_first:  # (written only when it changes: a new list, or a port settled or added)
        lasting["goal_ports"] = (ports, first_pending)
    kept = shared["exploration_goals"] = (game.rooms_entered, tuple(goals))
    return kept[1]


def free_near(game, s: int) -> int:
    occ = state.occupied(game)
    if PASSABLE[cell(game, s)] and s not in occ:
        return s
    dist = bfs(game, [s])
    best = [(int(dist[m]), int(m)) for m in np.flatnonzero(dist < UNREACHABLE) if PASSABLE[cell(game, int(m))] and int(m) not in occ]
    return min(best)[1] if best else NO
