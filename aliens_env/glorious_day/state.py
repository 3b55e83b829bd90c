"""Glorious Day's constants (the action and observation shapes, phases, decisions, ends) and the
queries the rules and the policies share (stats, who stands where, reach and distance fields), a
rule class of ``GloriousDay``. The constants are importable from game.py as before."""
from __future__ import annotations

from array import array

from ..core.board import NO, UNREACHABLE
from ..core.grid import flat_table
from . import missions as objectives
from .apc import APC_TARGET, SEATS, VehicleRules
from .data_files import ENTRY_MARKS, HAZARDS
from .large_models import kept_footprint

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

MAX_CHARACTERS = 8
MAX_ALIENS = 24
ENDURANCE_MAX = 91  # 85 Endurance cards and the 6 Hive Hazards
INTERACTS = ("remove_hazard", "newt")
ENDS = ("", "rescued", "wiped_out", "exhausted", "time", "escaped", "survived", "cleared", "purged", "overrun",
        "airlock", "queen_killed", "drove_out", "wrecked")
PHASES = ("marine", "hivemind", "discard", "aliens", "blips", "tracker", "round_end", "over")
DECISIONS = {"activate": "marines", "action": "marines", "place": "hive", "target": "hive",
             "hivemind": "hive", "swap_second": "hive", "discard": "hive", "react": "hive"}
DECISION_INDEX = {k: i for i, k in enumerate(DECISIONS)}
MT_KINDS = ("quiet", "movement", *(f"blip_{e}" for e in ENTRY_MARKS), *(f"swarm_{e}" for e in ENTRY_MARKS))
QUEEN_MT_KINDS = ("queen_hunts", "queen_brood", "queen_heals")
#: the large models' view (missions with the Queen or the Power Loader)
LARGE_FEATURES = ("queen_present", "queen_damage/15", "queen_frenzy", "queen_rests", "queen_row/h", "queen_col/w",
                  "queen_moved", "loader_present", "loader_piloted", "loader_row/h", "loader_col/w",
                  "loader_second_attack", *(f"pilot={c}" for c in range(8)))
#: the APC's view (missions with the M577 APC): its state, and each Character's crew position
APC_FEATURES = ("apc_present", "apc_row/h", "apc_col/w", "apc_damage/damage_tokens", "apc_moves_left/drive_pass", "apc_door_open",
                "apc_got_in_or_out", "apc_door_gunner_fired")
SEAT_FEATURES = ("aboard", *(f"seat={k}" for k in SEATS), "seat=repair")
#: the moments a Reaction card answers
REACTION_OF = {"reveal": "hidden", "defense": "savage", "kill": "resilient", "run_over": "savage"}
PLANES = ("wall", "door", "barricade", "exit", "entry", "character", "knocked_down", "alien",
          "blip", "blip_value/3 (hive only)", "newt")
CHAR_FEATURES = ("alive", "on_board", "hero", "speed/9", "defense/9", "melee/9", "tech/9", "aim/9",
                 "actions_left/2", "activated", "active", "knocked_down", "carries_newt",
                 *(f"hazard_{h}" for h in HAZARDS), "row/h", "col/w")
ALIEN_FEATURES = ("present", "count/3", "row/h", "col/w")
#: the views the missions past mission 1 add (``extended``)
CHAR_EXTRA = ("synthetic", "newt", "can_carry_newt", "escaped", "carried")
MISSION_FEATURES = (*(f"objective={k}" for k in objectives.OBJECTIVES), "progress", "bug_hunt",
                    "campaign_stage/missions")
OUTS = ("", "escaped", "carried")

#: distance fields to the Characters, by mission and position (pure functions of the fixed maps:
#: shared by every game)
_FIELDS: dict[tuple, list[int]] = {}
#: the most fields kept (then all dropped): a field is keyed by every Character's square, which
#: seldom repeats across games, so an unbounded cache grew ~3.4 KB a field (+21 MB in 100,000
#: steps); nearly all hits fall within a few hundred fields: 250 (under ~1 MB) missed 1,462 of
#: 6,211 asks in 20,000 benchmark steps, 1,000 missed 1,376 while one env's memory rose for 100,000
#: steps filling them (session 27)
FIELD_CACHE_SIZE = 250
_DIST_ROWS: dict[tuple, list[int]] = {}  # (map id, square): steps on the open map to every square
_REACH: dict[tuple, list[int]] = {}  # (map id, square, limit): reach on the open map
_DOOR_STEPS: dict[tuple, list] = {}  # (map id, square): the doors one step from it
_STEPS: dict[tuple, array] = {}  # (map id, square): ``_dist_row`` (C ints)
#: (map id, anchor): the least of ``_STEPS``' rows over the APC's squares with its anchor there
#: (C ints), the APC's row in ``_nearest_steps``
_VEHICLE_STEPS: dict[tuple, array] = {}
#: (map id, square, limit, the closed squares within `limit` steps of it on the open map, the only
#: ones that can change it): ``_bfs_reach``'s answer (the Characters by the APC, whose 21 squares
#: are closed to their Moves, search again and again among the same few closed squares); at most
#: CLOSED_REACH_SIZE kept (then all dropped)
_CLOSED_REACH: dict[tuple, tuple] = {}
CLOSED_REACH_SIZE = 500

#: [what ``_character_squares`` answered from last, its answer]: the Aliens ask at each of their
#: moves, while no Character moves; `where` (``_character_places``) holds all the answer reads
_LAST_CHARACTER_SQUARES: list = [None, ()]

#: (map id): ``nbrs`` flat (``flat_table``), for the typed loops of ``bfs`` and ``_bfs_reach``
#: (``_reach_layers``), one per map
_FLAT_NBRS: dict[tuple, tuple] = {}
#: ``_bfs_reach``'s search queue, by board size: scratch (``_reach_layers`` writes each entry
#: before it is read; one search at a time, its squares copied out before it returns), not a new
#: array of the board's size at each search
_REACH_QUEUES: dict[int, array] = {}

#: ``StateQueries._occupied_marks``' bits: a Character's model stands on the square; the square is
#: ``occupied()``; (added by ``move_targets`` and ``vehicle_moves`` to the marks they are given) a
#: Move may end there
CHARACTER_MARK, OTHER_MARK, MOVE_MARK = 1, 2, 4


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _breadth_first_layers(first, nexts, dist: list, mark: bytearray, want: bytearray, left: int, queue, hi: int,
                          limit) -> int:
    """``StateQueries.bfs``'s search, layer by layer from `queue[:hi]` (the sources: steps 0,
    marked) up to `limit` steps: each square not marked gets its steps in `dist`, is marked and
    appended to `queue` (an int array with room for every square after the sources); the search
    stops after the layer where the last of the `left` squares of `want` is reached (left -1:
    never). Returns the steps of the last layer. Compiled, the loops run on C ints (state.pxd): no
    list made per layer, no Python int made per square but its steps; and no index checked (none is
    None; the sources are squares of the board, ``bfs`` checks them; every other index is a square of
    `first` and `nexts`, ``flat_table``'s of the board, or a place in `queue`, which holds each square
    once at most after the sources)."""
    d, lo, tail = 0, 0, hi
    while lo < hi and d < limit:
        d += 1
        for i in range(lo, hi):
            s = queue[i]
            for k in range(first[s], first[s + 1]):
                m = nexts[k]
                if not mark[m]:
                    mark[m] = 1
                    dist[m] = d
                    queue[tail] = m
                    tail += 1
                    if want[m]:
                        left -= 1
        lo, hi = hi, tail
        if left == 0:
            break
    return d


def _reach_layers(first, nexts, mark: bytearray, queue, lo: int, hi: int, limit: int) -> int:
    """The layered search of ``StateQueries._bfs_reach`` and of ``nearest_in_reach``
    (aliens.py): from `queue[lo:hi]` (the last layer found, its squares marked), `limit` layers
    more over the flat neighbour table, each square not marked appended to `queue` (an int array
    with room for every square) and marked, layer by layer; returns how many squares `queue`
    holds then (the search stops when a layer adds none). Compiled, the loops run on C ints
    (state.pxd): no Python int made per square."""
    tail = hi
    for layer in range(limit):  # (layer: unused, a C int compiled)
        for i in range(lo, hi):
            s = queue[i]
            for k in range(first[s], first[s + 1]):
                m = nexts[k]
                if not mark[m]:
                    mark[m] = 1
                    queue[tail] = m
                    tail += 1
        if tail == hi:
            break
        lo, hi = hi, tail
    return tail


def _lower_steps(least, row, n: int) -> int:
    """``_nearest_steps``' least of the sources' steps: `least` lowered to `row` where `row` is
    less, square by square (C ints compiled, state.pxd)."""
    for s in range(n):
        if row[s] < least[s]:
            least[s] = row[s]
    return 0


def _steps_list(least, n: int) -> list:
    """The steps `least` as a list, as bfs's lists hold them: UNREACHABLE the one shared int (memory)."""
    out, far = [UNREACHABLE] * n, UNREACHABLE  # (far: UNREACHABLE in a C int compiled)
    for s in range(n):
        if least[s] < far:
            out[s] = least[s]
    return out


def _marked_squares(marks: bytearray, bit: int, n: int) -> list:
    """The squares whose byte in `marks` holds `bit`, ascending: the Moves' ends listed in square
    order by one pass over the board's `n` bytes (C ints compiled, state.pxd), not sorted."""
    out = []
    for s in range(n):
        if marks[s] & bit:
            out.append(s)
    return out


def is_jammed(ch: dict) -> bool:
    """The Character's weapon is Jammed (the Hazard, or the Hive's)."""
    hazards = ch["hazards"]
    return "jammed" in hazards or "hive:jammed" in hazards


@cython.locals(dist=list, best=cython.int, least=cython.int, d=cython.int, s=cython.int, found=cython.bint)
def nearest_square(squares, dist: list):
    """The square of `squares` with the fewest steps in `dist` (a list, bfs's), the lowest of
    equals; None for no square: ``min(squares, key=lambda s: (dist[s], s), default=None)``
    without a key tuple made per square (C ints compiled)."""
    best, least, found = 0, 0, False
    for s in squares:
        d = dist[s]
        if not found or d < least or (d == least and s < best):
            best, least, found = s, d, True
    return best if found else None


class StateQueries(VehicleRules):
    """The queries the rules and the policies share."""

    def stats_of(self, c: int) -> dict:
        """The Character's stat line (its Hero or Grunt side), Speed lowered by its Hazards (at
        least 1). A shared dict when no Hazard changes it: do not modify."""
        ch = self.chars[c]
        stats = self.data["characters"][ch["name"]]["hero" if ch["hero"] else "grunt"]
        if ch["hazards"]:
            hazards = self.data["decks"]["hazards"]
            slow = 0
            for h in ch["hazards"]:  # (a loop: a generator would be a closure, which a cpdef method (state.pxd) refuses)
                slow += hazards[h.removeprefix("hive:")].get("speed", 0)
            if slow:
                stats = dict(stats, speed=max(1, stats["speed"] + slow))
        if self.loader is not None:
            stats = self.overlay(c, stats)
        return stats

    def weapon_of(self, c: int) -> dict:
        return self.data["weapons"][self.data["characters"][self.chars[c]["name"]]["weapon"]]

    def on_board(self) -> list[int]:
        """The Characters on the board (not Killed, escaped or carried)."""
        return [c for c, ch in enumerate(self.chars) if ch["pos"] != NO]

    @cython.locals(ch=dict)  # (compiled: dict reads without lookups)
    def synthetic_on_board(self) -> bool:
        """``any(synthetic(c) for c in on_board())`` (a loop: no generator, which a cpdef method refuses)."""
        names = self.synthetic_names
        if not names:
            return False
        for ch in self.chars:
            if ch["pos"] != NO and ch["name"] in names:
                return True
        return False

    def in_play(self) -> list[int]:
        """The Characters who activate: alive and not escaped (a carried Newt activates, to Rest)."""
        return [c for c, ch in enumerate(self.chars) if ch["alive"] and ch["out"] != "escaped"]

    def synthetic(self, c: int) -> bool:
        return c != APC_TARGET and self.chars[c]["name"] in self.synthetic_names  # the APC is no Synthetic

    def can_carry(self, c: int) -> bool:
        """Whether the Character may pick Newt the Character up (Enraged Ripley)."""
        return self.newt_char != NO and self.data["characters"][self.chars[c]["name"]].get("carries") == self.data["newt"]

    def alien_at(self) -> dict[int, int]:
        return {a["pos"]: k for k, a in enumerate(self.aliens) if a is not None}

    def char_at(self) -> dict[int, int]:
        """{square: Character} of the Characters' models on the board (the Power Loader's four
        squares for its pilot)."""
        out = {ch["pos"]: c for c, ch in enumerate(self.chars) if ch["pos"] != NO}
        if self.loader is not None and self.loader["pilot"] != NO:
            out.update(dict.fromkeys(self.loader_squares(), self.loader["pilot"]))
        return out

    def blip_at(self) -> dict[int, int]:
        return {bl["pos"]: k for k, bl in enumerate(self.blips) if bl is not None}

    def pilot(self) -> int:
        """The Power Loader's pilot, NO without one (or without the Loader)."""
        return self.loader["pilot"] if self.loader is not None else NO

    def queen_squares(self) -> tuple[int, ...]:
        """The Queen's squares (the tuple kept per board: shared), () without her."""
        return kept_footprint(self.board, self.queen["pos"], self.size) if self.queen is not None else ()

    def loader_squares(self) -> tuple[int, ...]:
        """The Power Loader's squares (the tuple kept per board: shared), () without it."""
        return kept_footprint(self.board, self.loader["pos"], self.size) if self.loader is not None else ()

    @cython.locals(out=set, marks=bytearray, n=cython.Py_ssize_t, s=cython.Py_ssize_t)  # (compiled: C ints)
    def occupied(self) -> set[int]:
        """Squares that hold a model, a Blip or Newt: nothing else may end a move there (a new set:
        callers add to it)."""
        out = set(self.vehicle_set())  # (first, from its kept set: copied without hashing its 21 squares again)
        n = self.board.n
        marks = bytearray(n)
        self._mark_held(marks, OTHER_MARK, 0)
        for s in range(n):  # (each marked square added: no generic update call)
            if marks[s]:
                out.add(s)
        return out

    @cython.locals(model=dict, squares=tuple, n=cython.Py_ssize_t, s=cython.Py_ssize_t,
                   i=cython.Py_ssize_t, mark=cython.int, both=cython.int)  # (compiled: C ints, dict reads without lookups)
    def _mark_held(self, marks: bytearray, other: int, character: int) -> int:
        """The one listing of what holds a square, but the APC (for ``occupied()`` and
        ``_occupied_marks``): `other` added to the byte in `marks` of each Alien's, Blip's and
        Character's model on the board, of Newt's token, of the Queen's and the Power Loader's
        squares, and `character` too under each Character's model. Squares off the board (NO) are
        left out: no square of a search is one."""
        n, both = len(marks), other | character
        for models in (self.aliens, self.blips):
            for model in models:
                if model is not None:
                    s = model["pos"]
                    if 0 <= s < n:
                        mark = marks[s]  # (each byte read and written as a C int)
                        marks[s] = mark | other
        for model in self.chars:  # (NO off the board: left out below)
            s = model["pos"]
            if 0 <= s < n:
                mark = marks[s]
                marks[s] = mark | both
        if self.newt_carrier == NO and self.newt != NO:
            s = self.newt
            if 0 <= s < n:
                mark = marks[s]
                marks[s] = mark | other
        if self.has_large:  # (each square marked: nothing for a tuple ())
            for squares in (self.queen_squares(), self.loader_squares()):
                for i in range(len(squares)):
                    s = squares[i]
                    mark = marks[s]
                    marks[s] = mark | other
        return 0

    @cython.locals(dist=list, mark=bytearray, want=bytearray, s=cython.int, n=cython.int, left=cython.int,
                   queue=cython.int[:], hi=cython.Py_ssize_t)  # (compiled: C ints, the queue a C array)
    def bfs(self, sources, closed: set[int], limit: int = UNREACHABLE, until=None) -> list[int]:
        """Steps from the sources over passable squares not in `closed` (sources always spread).
        `until`: the squares the caller reads; the search stops once each of them has its steps
        (the squares not reached by then are left UNREACHABLE: read only those)."""
        n = self.board.n
        dist = [UNREACHABLE] * n
        # the squares reached or closed (a byte each: cheaper than comparing steps and testing `closed`
        # at every step; a square reached in a later layer never has fewer steps)
        mark = bytearray(n)
        for s in closed:
            if 0 <= s < n:
                mark[s] = 1
        sources = list(sources)
        queue, hi = array("i", [0]) * (len(sources) + n), 0  # (the sources, then each square reached)
        for s in sources:
            if not 0 <= s < n:  # (the search reads its squares' neighbours unchecked)
                raise IndexError(f"bfs: source {s} is not a square of the board's {n}")
            dist[s] = 0
            mark[s] = 1
            queue[hi] = s
            hi += 1
        # the squares of `until` not reached yet, a byte each, and how many (-1: no `until`)
        want, left = bytearray(n), -1
        if until is not None:
            left = 0
            for s in until:
                if dist[s] != 0 and not want[s]:
                    want[s] = 1
                    left += 1
        flat = self._flat_nbrs()
        _breadth_first_layers(flat[0], flat[1], dist, mark, want, left, queue, hi, limit)
        return dist

    @cython.locals(kept=dict, first=cython.int[:], nexts=cython.int[:])  # (compiled: the typed views kept)
    def _flat_nbrs(self) -> tuple:
        """``nbrs`` flat (``flat_table``: `first`, `nexts`), kept once per map, for the typed searches.
        Compiled, kept as the typed views of the two arrays (Cython memoryviews): a search's typed
        argument takes one as it is, not the array's buffer acquired and its format checked anew."""
        kept = _FLAT_NBRS
        flat = kept.get(self.map_id)
        if flat is None:
            first, nexts = flat_table(self.nbrs)
            flat = kept[self.map_id] = (first, nexts)
        return flat

    def reach(self, start: int, closed: set[int], limit: int, more=()) -> tuple[int, ...]:
        """The squares within `limit` steps of `start` (not entering `closed`, nor `more`: further
        closed squares, the APC's, given apart so that no union is made), `start` first (a tuple,
        shared by the games of the process). When no closed square lies within `limit` steps on the
        open map, the answer is the map's own (kept once per map)."""
        near = self._closed_near(start, closed, limit, more)
        if not near:
            return self._open_reach(start, limit)
        return self._closed_reach(start, near, limit)[0]

    def reach_split(self, start: int, closed: set[int], limit: int, more=()) -> tuple[tuple[int, ...], int]:
        """``reach(start, closed, limit, more)`` (layer by layer) and how many of its first squares lie
        within limit - 1 steps (limit >= 1): one search for both (when no closed square lies
        within `limit` steps, none does within limit - 1: reach's open-map answers, both)."""
        near = self._closed_near(start, closed, limit, more)
        if not near:
            return self._open_reach(start, limit), len(self._open_reach(start, limit - 1))
        return self._closed_reach(start, near, limit)

    @cython.locals(row=list, near=list, s=cython.int, d=cython.int, most=cython.int)  # (compiled: C ints)
    def _closed_near(self, start: int, closed, limit: int, more=()) -> frozenset:
        """The squares of `closed` and of `more` within `limit` steps of `start` on the open map:
        the only ones that can change a reach of `limit` steps from it."""
        row, near, most = self._dist_row(start), [], limit
        for s in closed:
            d = row[s]
            if d <= most:
                near.append(s)
        for s in more:
            d = row[s]
            if d <= most:
                near.append(s)
        return frozenset(near)

    @cython.locals(kept=dict)  # (compiled: a dict read without a method lookup)
    def _dist_row(self, start: int) -> list[int]:
        """Steps on the open map from `start` to every square (kept once per map and square)."""
        kept, key = _DIST_ROWS, (self.map_id, start)
        row = kept.get(key)
        if row is None:
            row = kept[key] = self.board.distances()[start].tolist()
        return row

    @cython.locals(kept=dict)  # (compiled: a dict read without a method lookup)
    def _open_reach(self, start: int, limit: int) -> tuple[int, ...]:
        """``reach(start, (), limit)``, kept once per map."""
        kept, key = _REACH, (self.map_id, start, limit)
        out = kept.get(key)
        if out is None:
            out = kept[key] = self._bfs_reach(start, (), limit)[0]
        return out

    @cython.locals(kept=dict)  # (compiled: dict reads and writes without method lookups)
    def _closed_reach(self, start: int, near: frozenset, limit: int) -> tuple[tuple[int, ...], int]:
        """``_bfs_reach(start, near, limit)`` kept (_CLOSED_REACH);
        `near`: the closed squares within `limit` steps of `start` on the open map (a farther one
        cannot be reached within `limit` steps, so it changes nothing)."""
        kept, key = _CLOSED_REACH, (self.map_id, start, limit, near)
        out = kept.get(key)
        if out is None:
            if len(kept) >= CLOSED_REACH_SIZE:
                kept.clear()
            out = kept[key] = self._bfs_reach(start, near, limit)
        return out

    @cython.locals(mark=bytearray, flat=tuple, s=cython.int, near=cython.Py_ssize_t, tail=cython.Py_ssize_t,
                   i=cython.Py_ssize_t, found=list, first=cython.int[:], nexts=cython.int[:],
                   view=cython.int[:])  # (the search: _reach_layers)
    def _bfs_reach(self, start: int, closed, limit: int) -> tuple[tuple[int, ...], int]:
        """The squares within `limit` steps of `start` (not entering `closed`), layer by layer,
        `start` first (a tuple: the answers are kept and shared by every game of the process, so
        that no caller can change another's), and how many of them lie within limit - 1 steps."""
        n = self.board.n
        mark = bytearray(n)
        for s in closed:
            mark[s] = 1
        mark[start] = 1
        queue = _REACH_QUEUES.get(n)
        if queue is None:
            view = array("i", [0]) * n
            queue = _REACH_QUEUES[n] = view  # (compiled: kept as its typed view, as ``_flat_nbrs``' table)
        flat = self._flat_nbrs()
        first, nexts, view = flat[0], flat[1], queue  # (compiled: typed views taken once for both searches)
        view[0] = start
        near = _reach_layers(first, nexts, mark, view, 0, 1, limit - 1)
        tail = near
        if limit >= 1:
            # the last layer: every neighbour of a square nearer than limit - 1 steps is marked
            # already, so searching on from all of queue[:near] adds just the squares one step on from
            # those at limit - 1 steps, in the order a search from them alone adds them
            tail = _reach_layers(first, nexts, mark, view, 0, near, 1)
        found = []
        for i in range(tail):  # (compiled: each square read from the view as a C int)
            found.append(view[i])
        return tuple(found), near

    @cython.locals(taken=bytearray, reach=tuple, i=cython.Py_ssize_t, s=cython.int, mark=cython.int, end=cython.int,
                   closed=set, model=dict, squares=tuple)
    def move_targets(self, c: int) -> list[int]:
        """Squares a Character's Move reaches: Speed steps, through friendly models, never
        through Aliens or Barricades, ending on a free square."""
        key = ("move_targets", c)
        out = self._cache.get(key)
        if out is None and c == self.pilot():
            out = self._cache[key] = self.loader_moves(c)
        if out is None:
            ch = self.chars[c]
            closed = set(self.barricades)  # (a new set, each square added to it: no set made to be joined)
            for model in self.aliens:
                if model is not None:
                    closed.add(model["pos"])
            if self.has_large:
                squares = self.queen_squares()
                for pos in squares:
                    closed.add(pos)
            if self.newt_carrier == NO and self.newt != NO:  # (Newt on her own square, when she is in the mission)
                closed.add(self.newt)
            if self.apc is not None:
                out = self._cache[key] = self.vehicle_moves(c, closed, self.stats_of(c)["speed"])
                return out
            taken, end = self._occupied_marks(), MOVE_MARK  # (the squares of the reach no model holds)
            reach = self.reach(ch["pos"], closed, self.stats_of(c)["speed"])
            for i in range(len(reach)):
                s = reach[i]
                mark = taken[s]  # (read into a C int: no Python int made to test)
                if not mark:
                    taken[s] = end
            out = self._cache[key] = _marked_squares(taken, end, self.board.n)
        return out

    @cython.locals(taken=bytearray, inside=frozenset, reach=tuple, squares=tuple, near=cython.Py_ssize_t,
                   i=cython.Py_ssize_t, s=cython.int, mark=cython.int, character=cython.int, end=cython.int,
                   step=cython.int, may_board=cython.bint)  # (compiled: C ints)
    def vehicle_moves(self, c: int, closed: set[int], speed: int) -> list[int]:
        """Where a Character's Move ends with the APC on the board (ascending): outside it never
        crosses the APC; through the door it boards (any space aboard no Character stands on) or
        gets out (from the door step). (No square twice: the reach never enters the APC, closed to
        it.)"""
        inside, step, taken = self.vehicle_set(), self.door_step(), self._occupied_marks()
        squares, end = self.vehicle_squares(), MOVE_MARK  # (squares: the APC's closed squares, walked as a tuple)
        if self.chars[c]["pos"] in inside:
            may_board = True  # (the mover's own square is not free: it stands there)
            if step != NO and step not in closed and step not in inside:
                reach = self.reach(step, closed, speed - 1, squares)
                for i in range(len(reach)):
                    s = reach[i]
                    mark = taken[s]  # (read into a C int: no Python int made to test)
                    if not mark:
                        taken[s] = end
        else:
            reach, near = self.reach_split(self.chars[c]["pos"], closed, speed, squares)
            for i in range(len(reach)):
                s = reach[i]
                mark = taken[s]
                if not mark:
                    taken[s] = end
            # a step to spare: the door step within speed - 1 steps (reach's start counts at 0 steps,
            # so this is the bfs test dist[step] <= speed - 1 only because Speed >= 1: the printed
            # Speeds and the Power Loader's are, and stats_of clamps one lowered by Hazards to 1)
            may_board = False
            if step != NO:
                for i in range(near):
                    s = reach[i]
                    if s == step:
                        may_board = True
                        break
        if may_board:
            character = CHARACTER_MARK  # (a C int compiled)
            for i in range(len(squares)):
                s = squares[i]
                mark = taken[s]
                if not mark & character:
                    taken[s] = mark | end
        return _marked_squares(taken, end, self.board.n)

    @cython.locals(taken=bytearray, n=cython.int, s=cython.int, other=cython.int, squares=tuple,
                   i=cython.Py_ssize_t)  # (compiled: C ints)
    def _occupied_marks(self) -> bytearray:
        """``occupied()`` as a byte per square: OTHER_MARK on each of its squares (nonzero:
        occupied), CHARACTER_MARK added where a Character's model stands (the squares aboard the APC
        a Move may end on have none). Squares off the board (NO) are left out: no square of a
        search is one. (The APC's squares and ``_mark_held``, as ``occupied()``: no set made.)"""
        n, other = self.board.n, OTHER_MARK
        taken = bytearray(n)
        squares = self.vehicle_squares()
        for i in range(len(squares)):
            s = squares[i]
            taken[s] = other
        self._mark_held(taken, other, CHARACTER_MARK)
        return taken

    def attack_targets(self, c: int) -> tuple[int, ...]:
        """The Aliens (slots) the Character's Attack may target (kept per position in ``_cache``,
        a tuple: no caller can change the kept answer)."""
        key = ("attack_targets", c)
        out = self._cache.get(key)
        if out is None:
            out = self._cache[key] = tuple(self._attack_targets(c))
        return out

    @cython.locals(ranges=list, sight=list, out=list, k=cython.Py_ssize_t, model=dict,
                   at=cython.Py_ssize_t)  # (compiled: a C count, list reads at a C index)
    def _attack_targets(self, c: int) -> list[int]:
        if c == self.pilot():
            return self.loader_targets()
        seat = self.seat_of(c)  # ("" outside the APC, or without it)
        if seat != "" and seat != "door_gunner":
            return []  # PRINTED: aboard, only the Door Gunner attacks Aliens outside (none come in: A42)
        ch, weapon = self.chars[c], self.weapon_of(c)
        if is_jammed(ch) or len(self.hand) < weapon["cost"]:
            return []
        pos, reach = ch["pos"], weapon["range"]
        ranges, sight, out = self.board.range_row(pos), self.sight[pos], []
        k = 0
        for model in self.aliens:
            if model is not None:
                at = model["pos"]  # (read once)
                if ranges[at] <= reach and sight[at]:
                    out.append(k)
            k += 1
        return out

    @cython.locals(ranges=list, sight=list)
    def can_attack_queen(self, c: int) -> bool:
        """An Attack on the Queen: next to her in the Power Loader, else with the weapon (range
        and sight to a square of hers)."""
        if self.queen is None:
            return False
        if c == self.pilot():
            return self.loader_reaches_queen()
        seat = self.seat_of(c)  # ("" outside the APC, or without it)
        if seat != "" and seat != "door_gunner":
            return self.turret_reaches_queen(c)
        ch, weapon = self.chars[c], self.weapon_of(c)
        if is_jammed(ch) or len(self.hand) < weapon["cost"]:
            return False
        pos, reach = ch["pos"], weapon["range"]
        ranges, sight = self.board.range_row(pos), self.sight[pos]
        for q in self.queen_squares():
            if ranges[q] <= reach and sight[q]:
                return True
        return False

    def barricade_dirs(self, c: int) -> list[int]:
        pos = self.chars[c]["pos"]
        if self.has_apc and self.aboard(c):
            return []  # the APC's walls: no door outside is next to its crew
        doors = self._door_steps(pos)
        if not doors:
            return []
        occupied = self.occupied()
        return [d for d, s in doors if s not in occupied]

    def _door_steps(self, pos: int) -> list[tuple[int, int]]:
        """(direction, door) of the doors one step from `pos` (kept per map)."""
        key = (self.map_id, pos)
        out = _DOOR_STEPS.get(key)
        if out is None:
            b = self.board
            out = _DOOR_STEPS[key] = [(d, s) for d in range(8) if (s := b.step(pos, d)) is not None
                                      and s in self.doors and s in self.nbrs[pos]]
        return out

    def newt_adjacent(self, c: int) -> bool:
        """Newt may be picked up: the token next to the Character; Newt the Character next to
        one who may carry her (Enraged Ripley)."""
        if self.newt_char != NO:
            newt = self.chars[self.newt_char]["pos"]
            return self.can_carry(c) and newt != NO and newt in self.nbrs[self.chars[c]["pos"]]
        return self.newt_carrier == NO and self.newt != NO and self.newt in self.nbrs[self.chars[c]["pos"]]

    def set_down_dirs(self, c: int) -> list[int]:
        """Where Enraged Ripley may set Newt down: a free square next to her (PRINTED)."""
        if self.newt_char == NO or self.newt_carrier != c:
            return []
        occupied = self.occupied() | self.barricades
        return [d for d, s in self.board.neighbours[self.chars[c]["pos"]] if s not in occupied]

    def token_targets(self, c: int) -> list[int]:
        """The objective tokens (slots) next to the Character."""
        pos = self.chars[c]["pos"]
        return [k for k, t in enumerate(self.tokens) if t != NO and t in self.nbrs[pos]]

    def character_field(self, through_barricades: bool = False, targets: tuple | None = None) -> list[int]:
        """Steps from every square to the nearest Character (or the nearest of the `targets`
        squares; Aliens pass no Character); a shared list: do not modify."""
        return self._character_field(self._character_squares(), through_barricades, targets)

    @cython.locals(last=list, where=list)  # (compiled: list reads and writes without lookups)
    def _character_squares(self) -> tuple[int, ...]:
        """The squares of the Characters' models (``char_at``) and of the APC, which counts as a
        Character, ascending (the answer kept while ``_character_places`` is unchanged)."""
        last, where = _LAST_CHARACTER_SQUARES, self._character_places()
        if last[0] != where:
            last[1] = self._merged_character_squares()
            last[0] = where
        return last[1]

    @cython.locals(where=list, ch=dict)  # (compiled: list adds and dict reads without lookups)
    def _character_places(self) -> list:
        """What ``_character_squares`` reads: the map, the large models' size, the APC's anchor,
        the Power Loader's pilot and anchor, each Character's square (NO for none)."""
        apc, loader = self.apc if self.has_apc else None, self.loader
        where = [self.map_id, self.size, NO if apc is None else apc["pos"], NO if loader is None else loader["pilot"],
                 NO if loader is None else loader["pos"]]
        for ch in self.chars:
            where.append(ch["pos"])
        return where

    @cython.locals(merged=list)  # (compiled: list adds and the sort without lookups)
    def _merged_character_squares(self) -> tuple[int, ...]:
        """``_character_squares`` worked out."""
        if self.loader is None or self.loader["pilot"] == NO:
            squares = {ch["pos"] for ch in self.chars if ch["pos"] != NO}
        else:
            squares = set(self.char_at())
        inside = self.vehicle_squares() if self.has_apc else ()  # the APC counts as a Character
        if not inside:
            return tuple(sorted(squares))
        # (its kept squares, ascending (row by row): the crew aboard stand on them, only the
        # Characters outside are merged in, not 21 squares hashed and sorted again)
        inside_set, merged = self.vehicle_set(), list(inside)  # (its squares first: one ascending run to sort)
        for s in squares:
            if s not in inside_set:
                merged.append(s)
        if len(merged) == len(inside):
            return inside
        merged.sort()
        return tuple(merged)

    @cython.locals(kept=dict)  # (compiled: dict reads and writes without method lookups)
    def _character_field(self, chars: tuple, through_barricades: bool, targets: tuple | None) -> list[int]:
        """``character_field`` with the Characters' squares given (``_character_squares``)."""
        key = (self.map_id, chars, () if through_barricades or not self.barricades else tuple(sorted(self.barricades)),
               targets)
        kept = _FIELDS
        out = kept.get(key)
        if out is None:
            if len(kept) > FIELD_CACHE_SIZE:
                kept.clear()
            if targets is None and not key[2]:  # every closed square is a source: the nearest one's steps
                out = kept[key] = self._nearest_steps(chars)
            else:
                out = kept[key] = self.bfs(chars if targets is None else targets, set(chars) | set(key[2]))
        return out

    def _nearest_steps(self, sources: tuple) -> list[int]:
        """``bfs(sources, set(sources))``: steps to the nearest source, the least of each one's
        open-map steps (a source always spreads, so closing the sources closes nothing). The APC's
        21 squares, all among the sources when it counts as a Character (``_character_squares``),
        count as one row: their least, kept per anchor (``_vehicle_steps``)."""
        least = None
        inside = self.vehicle_set()
        if inside and inside.issubset(sources):
            least = array("i", self._vehicle_steps())  # (a copy: lowered in place)
            sources = [s for s in sources if s not in inside]
        least = self._least_row(sources, least)
        if least is None:
            return [UNREACHABLE] * self.board.n
        return _steps_list(least, self.board.n)

    def _least_row(self, squares, least: array | None = None) -> array | None:
        """``_square_steps``' rows of `squares`, square by square their least: `least` (if given)
        lowered in place, else a new array (None when there are no squares)."""
        n = self.board.n
        for s in squares:
            row = self._square_steps(s)
            if least is None:
                least = array("i", row)  # (a copy: the kept row is never lowered)
            else:
                _lower_steps(least, row, n)
        return least

    def _square_steps(self, square: int) -> array:
        """``_dist_row(square)`` as C ints (``bfs`` steps from it on the open map, as the square
        is passable: a Character's, the APC's), kept per map and square."""
        row = _STEPS.get((self.map_id, square))
        if row is None:
            row = _STEPS[(self.map_id, square)] = array("i", self._dist_row(square))
        return row

    def _vehicle_steps(self) -> array:
        """The least of ``_square_steps`` over the APC's squares, kept per map and anchor (C ints;
        the APC must be on the board)."""
        key = (self.map_id, self.apc["pos"])
        least = _VEHICLE_STEPS.get(key)
        if least is None:
            least = _VEHICLE_STEPS[key] = self._least_row(self.vehicle_squares())
        return least

    def can_react(self, moment: str) -> bool:
        """A Reaction window opens on public information only: the Hive holds a card, has the
        Willpower for the fitting Reaction and has played none this turn."""
        card = REACTION_OF[moment]
        return (self.hive_player and bool(self.hm_hand) and self.reaction_round != self.round
                and self.willpower >= self.cards[card]["cost"])

    def players(self) -> int:
        return sum(ch["hero"] for ch in self.chars)

    def tracker_draws(self) -> int:
        return next(r["cards"] for r in self.rules["motion_tracker_draws"] if self.players() <= r["max_players"])
