"""Bug Hunt's observation: a window of map planes centred on the acting figure, the squad's rows,
the global features, the target rows and the optional block (docs/rules/bug_hunt.md), the named
views of ``layout(window)``."""
from __future__ import annotations

import struct

import numpy as np

from . import combat, geometry, marines, state
from .colony import DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR, WALL
from .geometry import lasting_cache
from .marines import target_ranges, targets
from ..core.actions import ObsLayout
from .state import ALIEN_KINDS, DECISION_KINDS, MAX_SQUAD, MAX_TARGETS, NO, Alien, GameRecords, Human, items_read

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: the map planes of the window, in order (the value is 1 where the name holds, unless noted)
PLANES = ("floor", "wall", "open_door", "closed_door", "sealed_door", "hazard", "entry", "marine", "civilian",
          "android", *ALIEN_KINDS, "egg_cache", "sentry_on", "sentry_off", "scenery", "room", "overwatch",
          "acting", "open_end")
N_PLANES = len(PLANES)
P = {name: i for i, name in enumerate(PLANES)}
assert PLANES[:7] == ("floor", "wall", "open_door", "closed_door", "sealed_door", "hazard", "entry")  # map_planes' block
#: the planes after the first seven that map_planes marks (the others stay 0 in its planes: the
#: figures are marked on the window by observe())
_MARKED = (P["egg_cache"], P["sentry_on"], P["sentry_off"], P["scenery"], P["room"], P["open_end"])
#: _MARKED as map_planes' three kinds of marks, each rewritten on its own key: the features', the
#: rooms', the open ends'
_FEATURE_PLANES = (P["egg_cache"], P["sentry_on"], P["sentry_off"], P["scenery"])
_ROOM_PLANE, _OPEN_END_PLANE = P["room"], P["open_end"]
assert _FEATURE_PLANES + (_ROOM_PLANE, _OPEN_END_PLANE) == _MARKED
_EGG_CACHE_PLANE, _SENTRY_ON_PLANE, _SENTRY_OFF_PLANE, _SCENERY_PLANE = _FEATURE_PLANES
_WALL_PLANE = P["wall"]
#: per plane, 1 where map_planes may mark it (the first seven and _MARKED): the compiled board
#: converts only these (the figures' planes are 0 in the map planes: it zeroes them in the board)
_MAPPED = bytes(p < 7 or p in _MARKED for p in range(N_PLANES))
SQUAD_FEATURES = 20
_FLOAT32 = np.dtype(np.float32)  # (the observation's dtype, passed by position: no keyword dict a call)
_EMPTY = np.empty  # (observe()'s allocation: read once here, not looked up on numpy's module at each call)
GLOBAL_FEATURES = 26
TARGET_FEATURES = 9
EXTRA_FEATURES = 32  # the optional APC and equipment, at the end of the observation (optional_features)
_ALIEN_PLANE = {kind: P[kind] for kind in ALIEN_KINDS}
_OVERWATCH_PLANE, _ACTING_PLANE = P["overwatch"], P["acting"]  # (_write_features': no dict look-ups)
_ROLE_PLANE = {"marine": P["marine"], "predator": P["marine"], "power_loader": P["marine"], "civilian": P["civilian"],
               "android": P["android"]}
#: compiled, the board (zeroed whole before the spans' columns are converted: _window_c) and new map planes
#: (_zero_planes) are zeroed this many bytes at a time (glibc's memset takes a vector loop up to 2 KB, above
#: it `rep stosb`, which callgrind counts an instruction a byte)
_ZERO_PIECE = 2048


def layout(window: int) -> ObsLayout:
    """The observation's views for a window of window x window squares."""
    return ObsLayout([
        ("board", (N_PLANES, window, window), "planes: " + ", ".join(PLANES) + " (the Queen: LP/6; room: 0.5 unentered, "
         "1 entered; sealed_door: 1 welded, 0.5 locked; acting: 0.5 the over-watch target)"),
        ("squad", (MAX_SQUAD, SQUAD_FEATURES), "per figure: status (active, dead, captured, unconscious), hugged, AP, "
         "activated, over-watch, leader, role (marine, civilian, android), weapon (pulse rifle, pistol, smart-gun, "
         "flame-thrower), row, column, LP, squad"),
        ("globals", GLOBAL_FEATURES, "turn, the squad's pool, grenades, rooms entered, Brood Chamber found, Queen LP, "
         "decision kind (one-hot: " + ", ".join(DECISION_KINDS) + "), side is marines, objective (explore and return, "
         "kill the Queen), pool lost, mover AP, Aliens alive, between activations, rooms to enter, window centre "
         "(row, column)"),
        ("targets", (MAX_TARGETS, TARGET_FEATURES), "per target: present, range/12, Alien kind (5), egg or scenery, LP"),
        ("optional", EXTRA_FEATURES, "the APC, the equipment operators, electronic locks, satellite comms "
         "(docs/rules/bug_hunt.md)"),
    ])


class ObsNumbers:
    """What observe() and _write_features read of a game that stays for it (obs_numbers): the
    observation layout's size and offsets of the board (-1: no board), squad, globals, targets and
    optional views, the targets view's rows (MAX_TARGETS, or fewer in a layout that shows only the
    first: BugHuntTactics' compact one, A76), the Queen's LP and the grenade pool
    (the rules'), the rooms to enter and the objective (the mission's), read from the very rules,
    mission and layout objects it holds; the optional block packed as float32 (optional_packed) from
    the very tuple optional_of; and the decision kinds' numbers of _KINDS_AT (C ints when compiled)."""

    def __init__(self, rules: dict, mission: dict, layout: ObsLayout):
        self.rules, self.mission, self.layout = rules, mission, layout
        offsets = layout.offsets
        self.obs_size, self.board_at = layout.size, offsets.get("board", -1)
        self.squad_at, self.globals_at = offsets["squad"], offsets["globals"]
        self.targets_at, self.optional_at = offsets["targets"], offsets["optional"]
        self.target_rows = layout.shapes["targets"][0]
        if not 0 < self.target_rows <= MAX_TARGETS or layout.shapes["targets"][1:] != (TARGET_FEATURES,):
            raise ValueError(f"the targets view must be 1 to {MAX_TARGETS} rows of {TARGET_FEATURES} features, "
                             f"got shape {layout.shapes['targets']}")
        self.queen_lp, self.grenade_pool = float(rules["queen_lp"]), float(rules["grenade_pool"])
        self.rooms_goal = float(mission.get("rooms", 0))
        objective = mission["objective"]
        self.explore, self.kill_queen = objective == "explore_and_return", objective == "kill_queen"
        self.optional_of, self.optional = None, b""
        self.act, self.step, self.attack, self.overwatch_fire, self.extra_hit, self.drive = _KINDS_AT


@cython.locals(game=GameRecords, shared=dict, numbers=ObsNumbers)
def obs_numbers(game) -> ObsNumbers:
    """The game's ObsNumbers, in the layout caches (game._shared: emptied at each layout version, so
    read again then), made again when the game's rules, mission or observation layout is another
    object than those it was read from."""
    shared = game._shared
    numbers = shared.get("obs_numbers")
    if (numbers is None or numbers.rules is not game.rules or numbers.mission is not game.mission
            or numbers.layout is not game.obs_layout):
        numbers = shared["obs_numbers"] = ObsNumbers(game.rules, game.mission, game.obs_layout)
    return numbers


@cython.locals(numbers=ObsNumbers)
def optional_packed(numbers: ObsNumbers, values: tuple) -> bytes:
    """The optional block's values kept for the game (game._optional_static, a tuple of floats)
    packed as float32: kept in `numbers` while they are the very tuple they were packed from."""
    if values is not numbers.optional_of:
        numbers.optional_of, numbers.optional = values, struct.pack(f"{len(values)}f", *values)
    return numbers.optional


# (the decision kind as its _KIND_INDEX number, compared as C numbers: one dict look-up, not a string
# comparison for each kind asked about)
def focus(game) -> int:
    """The square the observation window is centred on: the acting figure (the moving or
    attacking Alien for the hive), else the squad's leader, else any squad figure."""
    return _focus(game, obs_numbers(game))


@cython.locals(game=GameRecords, h=Human, kinds=dict, numbers=ObsNumbers, kind_at=cython.Py_ssize_t)
def _focus(game, numbers) -> int:
    """focus(game), the kinds' numbers read from `numbers` (the game's obs_numbers: observe() has them)."""
    _need_numbers(numbers)
    d = game.decision
    kinds = _KIND_INDEX  # (the kinds' numbers as C ints in `numbers`)
    kind_at = kinds.get(None if d is None else d.kind, -1)  # (-1: none of those below)
    if kind_at == numbers.act and game.active != NO:
        return game.humans[game.active].pos
    if kind_at == numbers.step and game.mover != NO:
        return game.aliens[game.mover].pos
    if kind_at == numbers.attack and game.queue:
        return game.aliens[game.queue[0]].pos
    if kind_at == numbers.overwatch_fire and game.ow_queue:
        return game.humans[game.ow_queue[0]].pos
    if kind_at == numbers.extra_hit and game.extra is not None:
        return game.humans[game.extra["shooter"]].pos
    if kind_at == numbers.drive:
        return game.apc["pos"]
    first = None  # the first able leader, else the first able figure
    for h in game.humans:
        if h.status == "active":
            if h.leader:
                return h.pos
            if first is None:
                first = h
    return first.pos if first is not None else geometry.sq(game, (game.size - 2, game.size // 2))


def _need_numbers(numbers) -> None:
    """A TypeError unless `numbers` is an ObsNumbers: compiled, a function typed to take one is handed
    None by a Python caller without a word (a cpdef cannot refuse it: `not None` is def's), and would
    read its fields through None."""
    if not isinstance(numbers, ObsNumbers):
        raise TypeError(f"the game's ObsNumbers (obs_numbers(game)) are needed, not {type(numbers).__name__}")


def map_planes(game) -> np.ndarray:
    """The planes that depend on the layout and its contents only, over the whole grid,
    padded by half a window on every side so a window is a plain slice; cached per layout
    version (every change of a square, a port or a hazard bumps it), rooms entered (only
    `explore.enter_room` marks a room) and the features' kinds and states. Kept in half
    steps, as uint8 (2 is 1.0, 1 is 0.5: every map-plane value is one of 0, 0.5 and 1), a
    quarter of the memory of float32; write_board() turns a window of them into the observation's floats. The
    array is the game's own, rewritten in place when the key changes: keep a copy, not it (kept
    in geometry.lasting_cache, which a new layout version leaves, to be rewritten). A rewrite in
    place writes only what may have changed, so a write into the planes would never be repaired
    (nor would one that leaves their row spans, _scan_spans, behind: they say where a row may be
    nonzero): compiled, the rows of the first seven planes whose squares changed; the features'
    planes (egg_cache, sentry_on, sentry_off, scenery) only when their kinds or states changed (the
    game only appends features and never moves one: state.FeatureIndex); the room plane only when
    the rooms entered or the number of pieces changed (the colony only appends pieces, never
    changes a rect, and marks a room entered only with rooms_entered counted up); the open ends'
    plane each time, from the port pending first at the last rewrite (ports are only appended, and
    a port that is not pending never is again: state.items_read's rule)."""
    return _kept_planes(game)[3]


def _kept_planes(game) -> tuple:
    """map_planes' entry in the lasting cache, made or rewritten as map_planes says: (version, rooms
    entered, _feature_marks, planes, seen, pieces, colony, ports list, its first pending, spans), the
    last the planes' row spans (_scan_spans: compiled, write_board converts only the columns they
    span, and the marked planes after the first seven are cleared only there)."""
    version, rooms = game.colony.version, game.rooms_entered  # (compiled, read as C ints through the typed game)
    lasting = lasting_cache(game)
    cached = lasting.get("map_planes")
    # (the version and rooms entered compared as C longs: no key tuple made a call)
    if cached is not None and cached[0] == version and cached[1] == rooms and _same_features(cached[2], game.features):
        return cached
    n, half = game.size, game.window // 2
    side = n + 2 * half
    colony = game.colony
    pieces, ports = len(colony.pieces), colony.ports
    if cached is not None and cached[3].shape == (N_PLANES, side, side) and cached[6] is colony:
        # rewritten in place: its margin never changes, the first seven planes' rows whose squares
        # changed are written again, and of the planes it marks after the first seven those whose
        # marks may have changed are cleared (their margin is 0 too) and written again
        planes, seen, spans, every_row = cached[3], cached[4], cached[9], False
        features_changed = not _same_features(cached[2], game.features)
        rooms_changed = cached[1] != rooms or cached[5] != pieces
        first_unread = items_read(cached[7], cached[8], ports)
        _clear_planes(planes, spans, (_FEATURE_PLANES if features_changed else ())
                      + ((_ROOM_PLANE,) if rooms_changed else ()) + (_OPEN_END_PLANE,))
    else:
        planes = np.empty((N_PLANES, side, side), dtype=np.uint8)
        _zero_planes(planes, range(N_PLANES))
        planes[_WALL_PLANE] = 2  # off the grid reads as wall
        spans = bytearray(4 * N_PLANES * side)  # (every row empty, (0, 0), but the wall plane's:)
        _scan_spans(planes, spans, (_WALL_PLANE,))
        # (`seen` is written whole with every row: compiled, _square_planes_c; as Python it is not read)
        seen, every_row, features_changed, rooms_changed, first_unread = np.empty((3, n, n), dtype=np.int8), True, True, True, NO
    inner = planes[:, half:half + n, half:half + n]
    _square_planes(planes, colony, half, seen, every_row, spans)
    # each mark written into `inner`, its padded row's span widened to hold it
    if features_changed:
        for f in game.features:
            r, c = f["pos"]
            if f["kind"] == "egg_cache" and f["state"] == "intact":
                plane = _EGG_CACHE_PLANE
            elif f["kind"] == "sentry" and f["state"] != "destroyed":
                plane = _SENTRY_ON_PLANE if f["state"] == "active" else _SENTRY_OFF_PLANE
            else:
                plane = _SCENERY_PLANE
            _mark(inner, spans, side, half, plane, r, c, r, c, 2)
    if rooms_changed:
        for p in colony.pieces:
            if p["kind"] == "room":
                r0, c0, r1, c1 = p["rect"]
                _mark(inner, spans, side, half, _ROOM_PLANE, r0, c0, r1, c1, 1 + bool(p["entered"]))  # 0.5 unentered, 1 entered
    first_pending = len(ports)
    for k in range(0 if first_unread == NO else first_unread, len(ports)):
        port = ports[k]
        if port["state"] == "pending":
            first_pending = min(first_pending, k)
            for r, c in port["cells"]:
                _mark(inner, spans, side, half, _OPEN_END_PLANE, r, c, r, c, 2)
    cached = lasting["map_planes"] = (version, rooms, _feature_marks(game.features), planes, seen, pieces, colony, ports,
                                      first_pending, spans)
    return cached


def _zero_planes(array, planes) -> None:
    """The planes of `array` (C-contiguous, planes along its first axis) whose indices `planes` lists
    set to 0: compiled, through one buffer, _ZERO_PIECE bytes a memset (_zero_planes_c, observation.pxd)."""
    if cython.compiled:
        _zero_planes_c(array, planes, _ZERO_PIECE)  # noqa: F821  (defined in observation.pxd)
    else:
        array[list(planes)] = 0


def _span_view(planes, spans: bytearray) -> np.ndarray:
    """`spans` as the int16 array (planes, rows, 2) it holds for `planes` (a ValueError unless its
    size is that)."""
    return np.frombuffer(spans, dtype=np.int16).reshape(planes.shape[0], planes.shape[1], 2)


def _scan_spans(planes, spans: bytearray, listed) -> None:
    """The row spans of each plane of the map planes that `listed` names, made from its bytes: in
    `spans` (a bytearray of two int16 a row, planes by rows), for plane p's row y, the first column
    holding a nonzero byte and one past the last, (0, 0) for a row of zeros. Compiled, eight bytes a
    step from either end (_scan_spans_c, observation.pxd)."""
    if cython.compiled:
        _scan_spans_c(planes, spans, listed)  # noqa: F821  (defined in observation.pxd)
    else:
        view = _span_view(planes, spans)
        for p in listed:
            nonzero = planes[p] != 0
            held, side = nonzero.any(axis=1), nonzero.shape[1]
            view[p, :, 0] = np.where(held, nonzero.argmax(axis=1), 0)
            view[p, :, 1] = np.where(held, side - nonzero[:, ::-1].argmax(axis=1), 0)


def _clear_planes(planes, spans: bytearray, listed) -> None:
    """The planes `listed` names set to 0 and their row spans to (0, 0): compiled, only the columns
    each row's span holds are written (_clear_planes_c, observation.pxd; the spans say where a row may
    be nonzero, _scan_spans), where a plane is 7.7 KB of which a few squares are marked."""
    if cython.compiled:
        _clear_planes_c(planes, spans, listed)  # noqa: F821  (defined in observation.pxd)
    else:
        listed = list(listed)
        planes[listed] = 0
        _span_view(planes, spans)[listed] = 0


def _mark(inner, spans: bytearray, side: int, half: int, plane: int, r0: int, c0: int, r1: int, c1: int, value: int) -> int:
    """`value` written into `inner` (the colony's squares of the padded planes, half squares in from
    each edge: `side` rows a plane) over plane's rows r0..r1 and columns c0..c1, the spans of its padded
    rows widened to hold it (``_widen``). A place off the colony is refused: numpy would wrap a negative
    one, or clip a rectangle past the edge, where the spans widened would not hold what it wrote."""
    n = inner.shape[1]
    if not (0 <= r0 <= r1 < n and 0 <= c0 <= c1 < n):
        raise IndexError(f"rows {r0}..{r1} and columns {c0}..{c1} are not on the {n}x{n} colony")
    for r in range(r0, r1 + 1):  # (compiled, C bytes written through the typed view)
        for c in range(c0, c1 + 1):
            inner[plane, r, c] = value
    _widen(spans, side, plane, half + r0, half + r1 + 1, half + c0, half + c1 + 1)
    return 0


def _widen(spans: bytearray, height: int, plane: int, y0: int, y1: int, x0: int, x1: int) -> None:
    """The spans of the rows y0..y1 - 1 of `plane` (in `spans`, `height` rows a plane, _scan_spans)
    widened to hold the columns x0..x1 - 1 (a mark written there: x1 > x0)."""
    if cython.compiled:
        _widen_c(spans, height, plane, y0, y1, x0, x1)  # noqa: F821  (defined in observation.pxd)
    else:
        if not (plane >= 0 and 0 <= y0 <= y1 <= height and 0 <= x0 < x1 < 2 ** 15
                and (plane + 1) * height * 4 <= len(spans)):  # (two int16 a row, as compiled)
            raise IndexError(f"rows {y0}..{y1} and columns {x0}..{x1} are no span of a plane of {height} rows")
        rows = np.frombuffer(spans, dtype=np.int16, count=(plane + 1) * height * 2).reshape(-1, height, 2)[plane, y0:y1]
        empty = rows[:, 1] <= rows[:, 0]
        rows[:, 0] = np.where(empty, x0, np.minimum(rows[:, 0], x0))
        rows[:, 1] = np.where(empty, x1, np.maximum(rows[:, 1], x1))


#: the first five map planes (floor, wall, open_door, closed_door, sealed_door) by cell code: per
#: plane the two codes read as 1 and the one then taken back to 0.5 (_NONE: none): an open door is
#: floor, a locked door (A58) closed and sealed 0.5
_NONE = -1
_CELL_PLANES = ((FLOOR, DOOR_OPEN, _NONE), (WALL, WALL, _NONE), (DOOR_OPEN, DOOR_OPEN, _NONE),
                (DOOR_CLOSED, DOOR_LOCKED, _NONE), (DOOR_WELDED, DOOR_LOCKED, DOOR_LOCKED))
assert len(_CELL_PLANES) + 2 == P["entry"] + 1  # (then hazard and entry: the first seven planes)
_CELL_CODES = np.array(_CELL_PLANES, dtype=np.int8)  # (as _square_planes_c reads them)


def _square_planes(planes, colony, half: int, seen, every_row: bool, spans: bytearray) -> None:
    """The first seven map planes (floor, wall, open_door, closed_door, sealed_door, hazard, entry)
    written over the grid's squares of `planes` (the padded map planes, in half steps) from the
    colony's cells, hazards and entry squares, by _CELL_PLANES' rule, and the spans of the rows written
    made again (_scan_spans). `seen` (int8, 3 x size x size) holds the cells, hazards and entry squares
    they were last written from: compiled, only the rows that differ from it are written (every row if
    every_row), and it takes them; run as Python, every row is written (the same planes) and `seen` is
    not read."""
    cells, hazard = colony.cells, colony.hazard
    if cython.compiled:  # one loop a plane's row in C (observation.pxd), where numpy takes a dozen calls
        # (the entry squares as the bytes the bool array views: no numpy call to view it as uint8)
        _square_planes_c(planes, cells, hazard, colony.entry_flags, half, _CELL_CODES, seen, every_row,  # noqa: F821
                         spans)
    else:
        entry = colony.entry
        n = len(cells)
        inner = planes[:, half:half + n, half:half + n]
        for p, (one, other, back) in enumerate(_CELL_PLANES):
            inner[p] = 2 * ((cells == one) | (cells == other)) - (cells == back)
        inner[len(_CELL_PLANES)] = 2 * (hazard > 0)
        inner[len(_CELL_PLANES) + 1] = 2 * entry
        _scan_spans(planes, spans, range(len(_CELL_PLANES) + 2))


def _feature_marks(features: list) -> list:
    """The features' kinds and states, one after the other (map_planes' key: a list made once a
    rebuild, not on each call)."""
    marks = []
    for f in features:
        marks.append(f["kind"])
        marks.append(f["state"])
    return marks


@cython.locals(marks=list, features=list, f=dict, i=cython.Py_ssize_t)
def _same_features(marks, features) -> bool:
    """Have `features` still the kinds and states _feature_marks kept?"""
    if len(marks) != 2 * len(features):
        return False
    for i in range(len(features)):
        f = features[i]
        if f["kind"] != marks[2 * i] or f["state"] != marks[2 * i + 1]:
            return False
    return True


def write_board(game, out, at: int, fr: int, fc: int) -> None:
    """The window whose top-left square is (fr, fc) in the padded map planes written into `out`
    (float32) from `at` on: N_PLANES blocks of window x window floats, the map planes' half steps / 2,
    so the figures' planes 0 (observe() marks the figures after). An IndexError, nothing written, for
    a window outside the planes or a board outside `out`. Compiled, in one C loop straight from the
    uint8 planes, converting only the columns the rows' spans hold (_window_c, observation.pxd, which
    checks the bounds on the buffers it reads); as Python, with numpy. (Session 62: this replaced
    float32 stripes of the planes kept per column and band of rows, which saved converting but held
    about 1 MB per env and missed the cache more than the conversion costs, docs/speed.md.)"""
    w = game.window
    kept = _kept_planes(game)
    planes = kept[3]
    if cython.compiled:
        _window_c(out, at, planes, kept[9], fr, fc, w, _MAPPED, _ZERO_PIECE)  # noqa: F821  (defined in observation.pxd)
    else:
        side = planes.shape[1]  # (the padded planes are square)
        if not (0 <= fr <= side - w and 0 <= fc <= side - w and 0 <= at <= len(out) - N_PLANES * w * w):
            raise IndexError(f"the window at ({fr}, {fc}) of width {w} lies outside the map planes ({side} squares a "
                             f"side), or its board from {at} outside the observation ({len(out)} values)")
        np.multiply(planes[:, fr:fr + w, fc:fc + w], np.float32(0.5),
                    out=out[at:at + N_PLANES * w * w].reshape(N_PLANES, w, w))


def _role_flags(role: str, weapon: str) -> tuple[float, ...]:
    """A squad row's role (marine, civilian, android) and weapon (pulse rifle, pistol, smart-gun,
    flame-thrower) flags, as floats (kept per role and weapon in _FLAGS by read_row: a handful of pairs)."""
    return tuple(map(float, (role in ("marine", "predator"), role in ("civilian", "power_loader"),
                             role in ("android", "predator", "power_loader"),
                             weapon in ("pulse_rifle", "combi_weapon"), weapon in ("pistol", "midi_guns"),
                             weapon in ("smart_gun", "combi_weapon", "midi_guns"), weapon == "flame_thrower")))


#: read_row's _role_flags per (role, weapon) (a dict look-up: a functools.cache call cost more)
_FLAGS: dict = {}


#: a squad row's SQUAD_FEATURES values packed as float32 (as observe() writes them: it copies the
#: bytes); compiled, observation.pxd's _pack_row_c packs them alike, from C doubles
_PACK_ROW = struct.Struct(f"{SQUAD_FEATURES}f").pack


#: SquadRow's fields before a figure is first read into it (no figure's field is this object)
_UNSEEN = object()


class SquadRow:
    """A squad figure's row as observe() last wrote it (kept per figure, squad_rows): the figure's
    fields it was made from (the very objects: while a figure's fields are all still these, its row
    is reused after a few pointer comparisons), its role and weapon flags and its role's map plane,
    its SQUAD_FEATURES values packed as float32 (_PACK_ROW), and for an active figure its map plane,
    row and column and whether it is on over-watch (plane -1: a figure not on the map)."""

    def __init__(self):
        self.status = self.pos = self.hugger = self.ap = self.activated = self.overwatch = _UNSEEN
        self.leader = self.lp = self.squad = self.role = self.weapon = _UNSEEN
        self.flags = ()
        self.role_plane = -1
        self.values = b""
        self.plane, self.r, self.c, self.on_watch = -1, 0, 0, False


@cython.locals(game=GameRecords, shared=dict, rows=list)
def squad_rows(game) -> list:
    """A SquadRow per squad figure, in the layout caches (game._shared: emptied at each layout
    version; a clone, a pickled game and a new game start with none)."""
    shared = game._shared
    rows = shared.get("squad_rows")
    if rows is None or len(rows) != len(game.humans):
        rows = shared["squad_rows"] = [SquadRow() for _ in game.humans]
    return rows


@cython.locals(game=GameRecords, h=Human, row=SquadRow, kept=dict, flags=tuple, size=cython.long, pos=cython.long,
               r=cython.long, c=cython.long, active=cython.double, dead=cython.double, captured=cython.double,
               other=cython.double, row_at=cython.double, column=cython.double, ap=cython.long, lp=cython.long,
               squad=cython.long, squads=cython.long, hugged=cython.double, ap_left=cython.double,
               activated=cython.double, overwatch=cython.double, leader=cython.double, lp_left=cython.double,
               squad_at=cython.double)
def read_row(game, h: Human, row: SquadRow) -> None:
    """`row` made from figure h: its fields, then its row of SQUAD_FEATURES values (status: active,
    dead, captured, unconscious; hugged, AP, activated, over-watch, leader, role: marine, civilian,
    android; weapon: pulse rifle, pistol, smart-gun, flame-thrower; row, column, LP, squad) and where
    an active figure is marked. (AP, LP, the squads and the square are C longs when compiled, each
    quotient a C double: small ints, exact as doubles, so it is the one Python's int division gives.)"""
    role, weapon = h.role, h.weapon
    if role is not row.role or weapon is not row.weapon:  # (the flags and plane of the role and weapon read last kept)
        kept = _FLAGS
        flags = kept.get((role, weapon))
        if flags is None:
            flags = kept[role, weapon] = _role_flags(role, weapon)
        row.flags, row.role_plane = flags, _ROLE_PLANE[role]
    flags = row.flags
    row.status, row.pos, row.hugger, row.ap, row.activated = h.status, h.pos, h.hugger, h.ap, h.activated
    row.overwatch, row.leader, row.lp, row.squad, row.role, row.weapon = h.overwatch, h.leader, h.lp, h.squad, role, weapon
    status = h.status
    r = c = 0
    if status == "active":
        size, pos = game.size, h.pos
        r, c = pos // size, pos % size
        active, dead, captured, other, row_at, column = 1.0, 0.0, 0.0, 0.0, r / size, c / size
    else:
        dead, captured = 1.0 if status == "dead" else 0.0, 1.0 if status == "captured" else 0.0
        active, other, row_at, column = 0.0, 1.0 - dead - captured, 0.0, 0.0
    ap, lp, squad, squads = h.ap, h.lp, h.squad, game.n_squads
    hugged, ap_left = 1.0 if h.hugger != NO else 0.0, min(ap, 4) / 4
    activated, overwatch, leader = 1.0 if h.activated else 0.0, 1.0 if h.overwatch else 0.0, 1.0 if h.leader else 0.0
    lp_left, squad_at = min(lp, 4) / 4, squad / max(1, squads - 1)
    if cython.compiled:  # the C doubles packed as they are: no tuple of Python floats made and freed
        row.values = _pack_row_c(active, dead, captured, other, hugged, ap_left, activated, overwatch,  # noqa: F821
                                 leader, flags, row_at, column, lp_left, squad_at)  # (defined in observation.pxd)
    else:
        row.values = _PACK_ROW(active, dead, captured, other, hugged, ap_left, activated, overwatch, leader, *flags,
                               row_at, column, lp_left, squad_at)
    if status == "active":
        row.plane, row.r, row.c, row.on_watch = row.role_plane, r, c, bool(h.overwatch)
    else:
        row.plane, row.r, row.c, row.on_watch = -1, 0, 0, False


@cython.locals(row=SquadRow)
def squad_entry(game, h: Human) -> tuple:
    """What observe() reads of a squad figure (read_row's): its row of SQUAD_FEATURES values packed
    as float32, then for an active figure its map plane, row and column and whether it is on
    over-watch (plane -1, 0, 0, False for a figure not on the map)."""
    row = SquadRow()
    read_row(game, h, row)
    return row.values, row.plane, row.r, row.c, row.on_watch


@cython.locals(game=GameRecords, w=cython.Py_ssize_t, size=cython.Py_ssize_t, focus_sq=cython.Py_ssize_t,
               fr=cython.Py_ssize_t, fc=cython.Py_ssize_t, board_at=cython.Py_ssize_t, numbers=ObsNumbers)
def observe(game, player: str) -> np.ndarray:
    """The window's planes are converted from the cached map planes (write_board; a fresh array
    each call, of game.obs_layout), then _write_features writes the rest. (The game's fields and the
    window's numbers typed when compiled: C reads and C arithmetic, not Python attribute look-ups and
    int objects; the layout's size and board offset read from the game's ObsNumbers.)"""
    w, size = game.window, game.size
    numbers = obs_numbers(game)
    focus_sq = _focus(game, numbers)
    fr, fc = focus_sq // size, focus_sq % size
    board_at = numbers.board_at
    if board_at < 0:
        raise ValueError(f"observe() needs a layout with the board view, got {game.obs_layout.names()} "
                         f"(a layout without it: observe_without_planes)")
    obs = _EMPTY(numbers.obs_size, _FLOAT32)
    write_board(game, obs, board_at, fr, fc)
    _write_features(game, player, obs, focus_sq, board_at, w, numbers)
    return obs


@cython.locals(game=GameRecords, shared=dict, numbers=ObsNumbers)
def observe_without_planes(game, player: str, layout: ObsLayout) -> np.ndarray:
    """observe()'s squad rows, globals, target rows (as many as `layout` has: BugHuntTactics' compact
    observation shows the first, A76) and optional block at their places in
    `layout`, a layout without the "board" view (BugHuntTactics' compact observation, A67): every
    square reads as outside the window, and the views this function does not write are zeros. Its
    ObsNumbers kept in the layout caches beside observe()'s, made again for another rules, mission
    or layout object."""
    shared = game._shared
    numbers = shared.get("numbers_without_planes")
    if numbers is None or numbers.rules is not game.rules or numbers.mission is not game.mission or numbers.layout is not layout:
        if "board" in layout.offsets:
            raise ValueError(f"observe_without_planes takes a layout without the board view, got {layout.names()}")
        numbers = shared["numbers_without_planes"] = ObsNumbers(game.rules, game.mission, layout)
    obs = np.zeros(numbers.obs_size, _FLOAT32)
    _write_features(game, player, obs, _focus(game, numbers), 0, 0, numbers)
    return obs


#: the globals' values before the decision kind's one-hot's end, and each decision kind's place in
#: it (-1, no decision, and -2, "drive", set none: driving is the optional block's; a kind not here is
#: a KeyError for _write_features, and focus reads it as -1: no acting figure)
_AFTER_KINDS = 6 + len(DECISION_KINDS)
assert _AFTER_KINDS + 10 == GLOBAL_FEATURES
_KIND_INDEX = {None: -1, "drive": -2, **{kind: i for i, kind in enumerate(DECISION_KINDS)}}
#: the kinds _write_features and focus ask about, by their _KIND_INDEX values (read into C ints: they
#: compare numbers, not strings)
_KINDS_AT = tuple(_KIND_INDEX[kind] for kind in ("act", "step", "attack", "overwatch_fire", "extra_hit", "drive"))


# (the window's geometry and the features as C numbers when compiled: written into the float32
# observation through `out`, a typed view of it, without a Python float made for each)
@cython.locals(game=GameRecords, h=Human, a=Alien, size=cython.int, fr=cython.int, fc=cython.int, r0=cython.int,
               c0=cython.int, area=cython.int, overwatch_at=cython.Py_ssize_t, acting_at=cython.Py_ssize_t,
               at=cython.Py_ssize_t, end=cython.Py_ssize_t, plane=cython.int, r=cython.int, c=cython.int,
               k=cython.Py_ssize_t, i=cython.Py_ssize_t, kind_at=cython.Py_ssize_t, kept=list, row=SquadRow,
               square=cython.long, alive=cython.int, lp=cython.double, queen=cython.double,
               queen_lp=cython.double, value=cython.double, turn=cython.double, turn_limit=cython.double,
               pool=cython.double, grenades=cython.double, grenade_pool=cython.double, rooms=cython.double,
               rooms_goal=cython.double, max_aliens=cython.double, distance=cython.double, row_size=cython.Py_ssize_t,
               target_size=cython.Py_ssize_t, numbers=ObsNumbers, alien_planes=dict, queen_plane=cython.int,
               squads=cython.Py_ssize_t, target_rows=cython.Py_ssize_t, static=tuple, s=cython.long,
               act=cython.Py_ssize_t, step=cython.Py_ssize_t, attack=cython.Py_ssize_t,
               overwatch_fire=cython.Py_ssize_t, extra_hit=cython.Py_ssize_t, drive=cython.Py_ssize_t,
               active=cython.Py_ssize_t, mover=cython.Py_ssize_t, my_squad=cython.Py_ssize_t)
def _write_features(game, player: str, out, focus_sq: int, board_at: int, w: int, numbers: ObsNumbers) -> None:
    """observe()'s figures on the window's planes (plane p's square (r, c) is out[board_at + p *
    w * w + r * w + c]; w 0: no planes), then the squad rows, the globals, the target rows and the
    optional block at the layout's offsets, every value of them written (`out` is the observation,
    its board already in place; `numbers`: the game's obs_numbers)."""
    _need_numbers(numbers)
    size = game.size
    fr, fc = divmod(focus_sq, size)
    r0, c0 = fr - w // 2, fc - w // 2
    area = w * w
    # (the sizes and planes as C numbers first: the offsets are then worked out without Python ints)
    row_size, target_size = SQUAD_FEATURES, TARGET_FEATURES
    overwatch_at, acting_at = _OVERWATCH_PLANE, _ACTING_PLANE
    overwatch_at, acting_at = board_at + overwatch_at * area, board_at + acting_at * area
    humans, aliens, d = game.humans, game.aliens, game.decision
    # the squad: on the map planes, and its rows of features (each figure's kept while its fields are
    # the very objects it was read from: an identity test, a few pointer comparisons)
    at = numbers.squad_at
    squads = MAX_SQUAD
    end = at + squads * row_size
    kept = squad_rows(game)
    i = 0
    for h in humans:
        row = kept[i]
        i += 1
        if not (row.status is h.status and row.pos is h.pos and row.hugger is h.hugger and row.ap is h.ap
                and row.activated is h.activated and row.overwatch is h.overwatch and row.leader is h.leader
                and row.lp is h.lp and row.squad is h.squad and row.role is h.role and row.weapon is h.weapon):
            read_row(game, h, row)
        _put_packed(out, at, row.values)
        at += row_size
        if row.plane >= 0:  # active: marked on its role's plane (and the over-watch plane)
            r, c = row.r - r0, row.c - c0
            if 0 <= r < w and 0 <= c < w:
                k = r * w + c
                out[board_at + row.plane * area + k] = 1.0
                if row.on_watch:
                    out[overwatch_at + k] = 1.0
    _zero(out, at, end)  # (the rows of no figure)
    queen_lp = numbers.queen_lp
    alien_planes, queen_plane = _ALIEN_PLANE, _ALIEN_PLANE["queen"]
    queen = 0.0
    alive = 0
    for a in aliens:
        if a.alive:
            alive += 1
            square = a.pos  # (a C long: its row and column without a Python divmod)
            r, c = square // size - r0, square % size - c0
            plane = alien_planes[a.kind]
            if plane == queen_plane:
                lp = float(a.lp)  # (float(): an int read as a C double by a direct call when compiled)
                if lp > queen:
                    queen = lp
                value = lp / queen_lp
            else:
                value = 1.0
            if 0 <= r < w and 0 <= c < w:
                out[board_at + plane * area + r * w + c] = value
    kind = None if d is None else d.kind
    kind_at = _KIND_INDEX[kind]
    act, step, attack, overwatch_fire = numbers.act, numbers.step, numbers.attack, numbers.overwatch_fire
    extra_hit, drive = numbers.extra_hit, numbers.drive
    if kind_at == act or kind_at == step or kind_at == attack or kind_at == overwatch_fire:
        # the acting figure 1, an over-watch target 0.5
        r, c = fr - r0, fc - c0
        if 0 <= r < w and 0 <= c < w:
            out[acting_at + r * w + c] = 1.0
        if kind_at == overwatch_fire and game.ow_target != NO:
            s = aliens[game.ow_target].pos
            r, c = s // size - r0, s % size - c0
            if 0 <= r < w and 0 <= c < w:
                out[acting_at + r * w + c] = 0.5
    # global features
    active = game.active
    my_squad = 0
    if active != NO:
        h = humans[active]
        my_squad = h.squad
    mover = game.mover
    at = numbers.globals_at
    # (float(): as above; these are ints)
    turn, turn_limit, pool = float(game.turn), float(game.turn_limit), float(game.pools[my_squad])
    grenades, grenade_pool = float(game.grenade_pools[my_squad]), numbers.grenade_pool
    rooms, rooms_goal, max_aliens = float(game.rooms_entered), numbers.rooms_goal, float(game.max_aliens)
    out[at] = min(turn / turn_limit, 1.0)
    out[at + 1] = min(pool, 6.0) / 6
    out[at + 2] = grenades / grenade_pool
    out[at + 3] = min(rooms, 10.0) / 10
    out[at + 4] = 1.0 if game.brood_found else 0.0  # (a flag: no float conversion of a bool object)
    out[at + 5] = queen / queen_lp
    end = _AFTER_KINDS
    _zero(out, at + 6, at + end)
    if kind_at >= 0:
        out[at + 6 + kind_at] = 1.0
    at += end
    out[at] = 1.0 if player == "marines" else 0.0
    out[at + 1] = 1.0 if numbers.explore else 0.0
    out[at + 2] = 1.0 if numbers.kill_queen else 0.0
    out[at + 3] = 1.0 if game.pools_lost[my_squad] else 0.0  # (the squad's flags: read by a C index)
    out[at + 4] = aliens[mover].ap / 6 if (mover != NO and kind_at == step) else 0.0
    out[at + 5] = alive / max_aliens
    out[at + 6] = 1.0 if active == NO else 0.0
    out[at + 7] = min(rooms_goal, 10.0) / 10
    out[at + 8] = fr / size
    out[at + 9] = fc / size
    # target features, the layout's rows (those of no target 0; a layout of fewer rows than MAX_TARGETS
    # shows the first targets only)
    at = numbers.targets_at
    target_rows = numbers.target_rows
    _zero(out, at, at + target_rows * target_size)
    listed, ranges = (), ()
    if (kind_at == act or kind_at == extra_hit or kind_at == drive) and (active != NO or game.extra is not None
                                                                         or kind_at == drive):
        if kind_at == extra_hit:
            pos = humans[game.extra["shooter"]].pos
            listed = [("alien", option) for option in d.options]
            ranges = [geometry.rng(game, pos, combat.target_square(game, t)) for t in listed]
        else:  # (the ranges worked out with the targets, from the square they are seen from)
            listed, ranges = targets(game), target_ranges(game)
    if len(listed) > MAX_TARGETS:
        raise ValueError(f"{len(listed)} targets, more than the observation's {MAX_TARGETS} rows")
    for i in range(min(len(listed), target_rows)):
        t = listed[i]
        out[at] = 1.0
        distance = float(ranges[i])
        out[at + 1] = min(distance, 12.0) / 12
        if t[0] == "alien":
            a = aliens[t[1]]
            k = ALIEN_KINDS.index(a.kind)
            out[at + 2 + k] = 1.0
            lp = float(a.lp)
            out[at + 8] = lp / queen_lp
        else:
            out[at + 7] = 1.0 if t[0] == "egg" else 0.5
        at += target_size
    # every feature is built inside [0, 1] (the property tests check it)
    static = game._optional_static
    if static is None:  # (the block may change: written value by value)
        _put(out, numbers.optional_at, optional_values(game))
    else:
        _put_packed(out, numbers.optional_at, optional_packed(numbers, static))


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.nonecheck(False)
def _put(out, at: int, values: tuple) -> int:
    """out[at + k] = values[k] for each of the values (floats): compiled, C floats written with no
    check of each index, the span checked here once (observation.pxd)."""
    n = len(values)
    if at < 0 or at + n > len(out):
        raise IndexError(f"{n} values from {at} do not fit an observation of {len(out)}")
    for k in range(n):
        out[at + k] = values[k]
    return 0


def _put_packed(out, at: int, packed: bytes) -> int:
    """out[at:at + k] = the k float32 values `packed` holds (as struct packs them): compiled, one
    memcpy (_copy_c, observation.pxd), the span checked here once."""
    n = len(packed) // 4
    if len(packed) % 4 or at < 0 or at + n > len(out):
        raise IndexError(f"{len(packed)} bytes from {at} are not floats inside an observation of {len(out)}")
    if cython.compiled:
        _copy_c(out, at, packed)  # noqa: F821  (defined in observation.pxd)
    else:
        out[at:at + n] = np.frombuffer(packed, dtype=np.float32)
    return 0


def _zero(out, start: int, end: int) -> int:
    """out[start:end] = 0: compiled, one memset (_zero_c, observation.pxd), the span checked here once."""
    if start < 0 or end > len(out):
        raise IndexError(f"{start}..{end} is not inside an observation of {len(out)}")
    if cython.compiled:
        _zero_c(out, start, end)  # noqa: F821  (defined in observation.pxd)
    else:
        out[start:end] = 0.0
    return 0


def optional_values(game) -> tuple:
    """The optional block's values (float32 values, as floats); kept for the game while they cannot
    change (the APC and satellite comms off: then only the operator and option flags are set)."""
    out = tuple(optional_features(game).tolist())
    if game.apc is None and not game.satellite_comms:
        game._optional_static = out
    return out


def optional_features(game) -> np.ndarray:
    """The last EXTRA_FEATURES values of the observation: the optional APC and equipment
    (with the options off only the operator flags 17-24 are set). Layout (docs/rules/
    bug_hunt.md, the observation): 0 APC in play, 1-2 its row/col / grid, 3 movement left / 10, 4 activated this turn,
    5 being driven now, 6 midi-gun out of ammo, 7 crew / capacity, 8 automated bursts left,
    9-16 figure f is inside the APC, 17-24 figure f may operate equipment, 25 electronic
    locks in play, 26 satellite comms in play, 27 the uplink has located the Brood Chamber,
    28 a ready comms terminal is laid, 29-30 the nearest one's row/col / grid, 31 the acting
    figure can use it now."""
    apc, size = game.apc, game.size
    out = np.zeros(EXTRA_FEATURES, dtype=np.float32)
    if apc is not None:
        cfg = game.rules["apc"]
        r, c = divmod(apc["pos"], size)
        out[0:9] = (1, r / size, c / size, min(apc["moves"], cfg["movement"]) / cfg["movement"], apc["activated"],
                    apc["driving"], apc["out_of_ammo"], min(len(state.crew(game)), cfg["capacity"]) / cfg["capacity"],
                    min(apc["auto"], max(cfg["auto_bursts"], 1)) / max(cfg["auto_bursts"], 1))
    for i, h in enumerate(game.humans):
        out[9 + i] = h.status == "active" and h.in_apc
        out[17 + i] = h.equipment
    out[25:28] = (game.electronic_locks, game.satellite_comms, game.brood_located)
    ref = focus(game)
    terminals = [geometry.sq(game, f["pos"]) for f in game.features if f["kind"] == "comms_terminal" and f["state"] == "ready"]
    if terminals:
        t = min(terminals, key=lambda q: (geometry.rng(game, q, ref), q))
        out[28:31] = (1, t // size / size, t % size / size)
    d = game.decision
    if d is not None and d.kind == "act" and game.active != NO:
        out[31] = marines.can_use_comms(game, game.active)  # (not the mask: a commander's holds tactics)
    return out
