"""The colony as the squad sees it: laying what a figure sees (open ends and open doors), the
sealed-grid door (A54), equipment laid with new sections (electronic locks, comms terminals),
rooms entered and the Brood Chamber's contents."""
from __future__ import annotations

try:  # random.py's own SHA-512 (hashlib's goes through OpenSSL: about 5,000 instructions more a call)
    from _sha512 import sha512  # (Python 3.10-3.11)
except ImportError:
    try:
        from _sha2 import sha512  # (Python 3.12 on)
    except ImportError:
        from hashlib import sha512

from ..core.dice import Dice
from . import geometry, layout as lay, state
from ..core.grid import line_steps
from .geometry import lasting_cache, layout_cache
from .colony import CARDINAL, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, OPAQUE, TERRAINS, WALL
from .state import NO, GameRecords, items_read

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

def enter_room(game, room: int, i: int) -> None:
    piece = game.colony.pieces[room]
    piece["entered"] = True
    before = game.rooms_entered
    game.rooms_entered += 1
    game.events.append(f"{game.humans[i].name} enters a {piece['room'].replace('_', ' ')} (room {game.rooms_entered})")
    if game.mission["brood_chamber"] and not game.brood_found and not piece.get("brood") and game.brood_located:
        # the satellite scan's fix (A60): the next new room is the Brood Chamber, no roll
        piece["brood"] = True
        piece["special"] = "brood_chamber"
        game.events.append("Brood Chamber found where the satellite scan placed it!")
        fill_brood(game, room, game.humans[i].pos)
    elif (game.mission["brood_chamber"] and not game.brood_found and not piece.get("brood")
            and before >= game.rules["brood_check_after_rooms"]):
        roll = game.dice.d6()
        if roll >= game.rules["brood_found_on"]:
            piece["brood"] = True
            piece["special"] = "brood_chamber"
            game.events.append(f"Brood Chamber found ({roll})!")
            fill_brood(game, room, game.humans[i].pos)


def reveal(game, viewer: int = NO) -> None:
    """Lay every open end (or open door) a squad figure sees within reveal range, until no
    new one is seen (PRINTED: you only lay what the Marines can see). After a figure's own
    move only its view has changed, so only it is checked until something new is laid; a square
    that saw nothing is not checked again until the layout changes (``layout_ports``' blind).
    (cpdef, explore.pxd: the Marines' moves call it in C; the scan is ``_first_seen``'s.)"""
    col = game.colony
    while True:
        kept = layout_ports(game)
        blind = kept[3]
        if viewer != NO:  # (after a move: a square found blind already, the common case, is not scanned)
            viewers = [] if viewer in blind else [viewer]
            viewer = NO
        else:  # (a loop, h typed: its fields read from its struct, compiled)
            viewers = []
            for h in game.humans:
                if h.status == "active" and h.pos != NO and h.pos not in blind:
                    viewers.append(h.pos)
        found = _first_seen(game, col, kept[1], viewers) if viewers else NO
        if found == NO:
            for v in viewers:  # (add, a C call: update was a method call even for none)
                blind.add(v)
            if not kept[2]:  # (reopen's own first test, from the ports just read)
                reopen(game)
            return
        before = len(col.pieces)
        brood_exists = game.brood_found
        if not brood_exists:  # or any piece a brood chamber (a loop: no generator to make)
            for piece in col.pieces:
                if piece.get("brood"):
                    brood_exists = True
                    break
        # (laid with the game's kept LayoutDice: the d6 of layout_dice's own Dice, no random.Random made)
        new = lay.resolve_port(col, found, seeded_dice(game, layout_seed(game, col.ports[found])), game.rules,
                               brood_exists)
        game.stats["sections_laid"] += len(col.pieces) - before
        game.features.extend(new)
        equip_new_pieces(game, before)
        for pid in range(before, len(col.pieces)):
            if col.pieces[pid].get("brood"):
                game.events.append("the door opens on the Brood Chamber!")
                port = col.ports[found]
                entrance = port["door"] if port["door"] is not None else port["cells"][0]
                fill_brood(game, pid, geometry.sq(game, entrance))


# the rules _first_seen read its ranges from last, and those ranges (compiled: C globals, explore.pxd)
_ranges_rules = None
_sight_range = _reveal_reach = 0


def _first_seen(game, col, mouths_now: list, viewers: list) -> int:
    """The first port of `mouths_now` (``layout_ports``' mouths, in their order) that a square of
    `viewers` sees a mouth of within reveal range (``geometry.los``), or NO. (cdef, explore.pxd: C
    ints, and the rows and columns read from the colony's lists, no number boxed.)"""
    global _ranges_rules, _sight_range, _reveal_reach
    if game.rules is not _ranges_rules:  # (the rules are never changed in place: another dict is other rules)
        _sight_range = game.rules["sight_range"]
        _reveal_reach = min(game.rules["reveal_range"], _sight_range)
        _ranges_rules = game.rules
    sight, reach = _sight_range, _reveal_reach
    rows, cols = col.rows_cols  # as col.range, inline
    cells = None  # the colony's cell codes, once a mouth is in reach (``cell_codes``)
    for i in range(len(mouths_now)):
        entry = mouths_now[i]
        mouths = entry[1]
        for j in range(len(viewers)):
            v = viewers[j]
            vr, vc = rows[v], cols[v]
            for t in range(len(mouths)):
                m = mouths[t]
                mr, mc = rows[m], cols[m]
                if -reach <= mr - vr <= reach and -reach <= mc - vc <= reach:
                    if cells is None:
                        cells = cell_codes(game)
                    if _sees(col, cells.codes, v, m, sight):
                        return entry[0]
    return NO


def _sees(col, cells, v: int, m: int, sight: int) -> bool:
    """``col.has_los(v, m, sight)``, m within sight of v (`cells`: the colony's cell codes): the
    colony's sight is the one segment's (ASSUMPTION A3: no edge walls, no shooter corners), so where
    v does not block sight and m is on the grid, neither m nor a square the segment between their
    centres passes through (``line_steps``) may block sight, read from the cell codes themselves
    (Grid.has_los reads a table of every square, made again at every change of the layout, for a
    few segments). (C ints compiled, on a typed view of the cells.)"""
    width = col.width
    opaque = OPAQUE
    if m < 0 or opaque[cells[v // width, v % width]]:
        return col.has_los(v, m, sight)
    if opaque[cells[m // width, m % width]]:
        return False
    for step in line_steps(m // width - v // width, m % width - v % width, width):
        s = v + step
        if opaque[cells[s // width, s % width]]:
            return False
    return True


class CellCodes:
    """The colony's cell codes as ``_sees`` reads them: ``array``, the colony's array, and ``codes``,
    compiled a typed view of it (explore.pxd: a view made at each scan cost about 1,700
    instructions), in pure Python the array itself."""

    def __init__(self, array):
        self.array = array
        self.codes = array


def cell_codes(game) -> CellCodes:
    """The colony's cell codes (a CellCodes), kept across layout versions in geometry.lasting_cache
    while the colony's array is the same object (a view reads the array as it is now: the layout's
    writes are in place)."""
    lasting = lasting_cache(game)
    kept = lasting.get("cell_codes")
    if kept is None or kept.array is not game.colony.cells:
        kept = lasting["cell_codes"] = CellCodes(game.colony.cells)
    return kept


def layout_ports(game) -> tuple:
    """(layout version, mouths, whether any port is pending, blind), kept per layout version
    (every change of a port or a door bumps it). mouths: (port index, the squares a figure must
    see to lay it) for every pending open end and every pending door that stands open; blind: the
    squares ``reveal`` found to see no mouth (a square's view and the mouths follow from the layout
    alone), filled by reveal. The ports read start at the first one pending at the last reading
    (``settled_ports``, kept across versions in geometry.lasting_cache with the ports list, read on
    by state.items_read's rule: a port is added pending, and once joined, dead or done it stays so).
    (cpdef, explore.pxd: reveal calls it in C at every turn of its loop; its ports typed dict,
    their state and kind str.)"""
    col = game.colony
    shared = layout_cache(game)  # (emptied at a new layout version: what it holds is this version's)
    cached = shared.get("mouths")
    if cached is not None:
        return cached
    out = []
    pending = False
    width, height = col.width, col.height
    cells = col.cells
    ports = col.ports
    lasting = lasting_cache(game)
    settled = lasting.get("settled_ports")  # (ports list, n): its first n ports were settled at the last reading
    first = NO if settled is None else items_read(settled[0], settled[1], ports)
    kept_first = first
    if first == NO:
        first = 0
    first_pending = len(ports)
    for k in range(first, len(ports)):
        port = ports[k]
        state = port["state"]
        if state != "pending":
            continue
        if not pending:
            pending = True
            first_pending = k
        kind = port["kind"]
        if kind == "door":
            r, c = port["door"]
            if cells.item(r, c) != DOOR_OPEN:  # (item: an int, no numpy scalar)
                continue
            out.append((k, [r * width + c]))  # (geometry.sq, inline)
        else:
            dr, dc = CARDINAL[port["d"]]
            mouths = []
            for q in port["cells"]:  # the square a step back from each (geometry.step_sq, inline)
                r, c = q[0], q[1]  # (C ints: the square's number boxes nothing)
                s = r * width + c
                r, c = s // width - dr, s % width - dc
                mouths.append(r * width + c if 0 <= r < height and 0 <= c < width else NO)
            out.append((k, mouths))
    if first_pending != kept_first:  # (written only when it changes: a new list, or a port settled or added)
        lasting["settled_ports"] = (ports, first_pending)
    cached = shared["mouths"] = (col.version, out, pending, set())
    return cached


def reopen(game) -> None:
    """ASSUMPTION A54: the tabletop layout never runs out, but sections laid on a finite grid
    can seal every open end. Then a closed door is found in the wall of a laid corridor or
    room where a section would fit beyond it (picked with dice seeded from the layout seed),
    and exploration goes on through it."""
    col = game.colony
    if layout_ports(game)[2] or "reopen_failed" in layout_cache(game):  # (a port is pending)
        return
    candidates = []
    for pid, piece in enumerate(col.pieces):
        if piece["kind"] not in ("corridor", "room", "entry"):
            continue
        r0, c0, r1, c1 = piece["rect"]
        sides = (
            (0, [(r0 - 1, c) for c in range(c0, c1 + 1)]), (2, [(r1 + 1, c) for c in range(c0, c1 + 1)]),
            (1, [(r, c1 + 1) for r in range(r0, r1 + 1)]), (3, [(r, c0 - 1) for r in range(r0, r1 + 1)]),
        )
        for d, line in sides:
            dr, dc = CARDINAL[d]
            for r, c in line:
                if col.cells[r, c] != WALL:
                    continue
                beyond = (r + dr, c + dc)
                if col.fits(col.rect_cells(beyond, d, 2, 2)):
                    candidates.append((r, c, d, pid))
    if not candidates:
        layout_cache(game)["reopen_failed"] = True  # the grid is full: look again only once it changes
        return
    candidates.sort()
    dice = Dice(f"bug-hunt-reopen:{game.layout_seed}:{len(col.ports)}")
    r, c, d, pid = candidates[dice.pick(len(candidates))]
    dr, dc = CARDINAL[d]
    col.cells[r, c] = DOOR_CLOSED
    col.add_port([(r + dr, c + dc)], d, "door", pid, (r, c))
    col.changed()
    game.events.append("every way on is sealed: a closed door is found")


def equip_new_pieces(game, before: int) -> None:
    """Optional equipment in newly laid sections: electronic locks on closed doors (A58) and
    a comms terminal in communications centres (A59); each lock is rolled with a die seeded
    from the layout seed and the door's square, so a seed still fixes the colony (A48)."""
    col = game.colony
    for pid in range(before, len(col.pieces)):
        piece = col.pieces[pid]
        if game.electronic_locks:
            for r, c in piece.get("doors", ()):
                if col.cells[r, c] == DOOR_CLOSED and game.lock_roll((r, c)) >= game.rules["electronic_locks"]["locked_on"]:
                    col.cells[r, c] = DOOR_LOCKED
                    col.changed()
        if game.satellite_comms and piece["kind"] == "room" \
                and piece.get("special") in game.rules["satellite_comms"]["rooms"]:
            r0, c0, r1, c1 = piece["rect"]
            # a console on the room's first row, middle (clear of the centre item; it does not block)
            game.features.append({"kind": "comms_terminal", "pos": [r0, (c0 + c1) // 2], "state": "ready"})


def lock_roll(game, door: tuple[int, int]) -> int:
    """The d6 that says whether a closed door laid at `door` is electronically locked."""
    return seeded_dice(game, f"bug-hunt-lock:{game.layout_seed}:{door[0]}:{door[1]}").d6()


@cython.locals(game=GameRecords)
def comms_terminal(game, pos: int) -> int:
    """The ready comms terminal on or beside square pos (a feature index), when using it
    would still do something: the mission has a Brood Chamber not yet found or located."""
    if not game.satellite_comms or not game.mission["brood_chamber"] or game.brood_found or game.brood_located:
        return NO
    for k, f in enumerate(game.features):
        if f["kind"] == "comms_terminal" and f["state"] == "ready" and geometry.rng(game, geometry.sq(game, f["pos"]), pos) <= 1:
            return k
    return NO


def layout_seed(game, port: dict) -> str:
    """The seed of the dice that lay what lies at an open end: the game's layout seed and the end's
    first square and direction."""
    r, c = port["cells"][0]
    return f"bug-hunt-layout:{game.layout_seed}:{r}:{c}:{port['d']}"


def layout_dice(game, port: dict) -> Dice:
    """The dice that lay what lies at an open end (a Dice of its own, seeded by ``layout_seed``).
    reveal lays with the game's kept LayoutDice seeded alike, which rolls the same d6 (layout.py's
    only rolls)."""
    return Dice(layout_seed(game, port))


def seeded_dice(game, seed: str) -> LayoutDice:
    """The game's LayoutDice (kept in geometry.lasting_cache) seeded with `seed`: its d6 rolls as
    ``Dice(seed).d6()`` would, until the game's next call (each caller rolls what it needs first)."""
    lasting = lasting_cache(game)
    dice = lasting.get("layout_dice")
    if dice is None:
        dice = lasting["layout_dice"] = LayoutDice()
    dice.seed(seed)
    return dice


# Python's Mersenne Twister (MT19937, CPython's Modules/_randommodule.c), for LayoutDice
_N, _M = 624, 397
_MATRIX_A, _UPPER_MASK, _LOWER_MASK = 0x9908B0DF, 0x80000000, 0x7FFFFFFF
_TEMPER_B, _TEMPER_C = 0x9D2C5680, 0xEFC60000
# a word's bits (compiled, these constants are C unsigned ints: a literal past 2**31 would be a Python int)
_WORD = 0xFFFFFFFF


def _twister_start() -> list:
    """The state init_genrand(19650218) makes: init_by_array's first step, the same for every key."""
    mt = [19650218]
    for i in range(1, _N):
        mt.append((1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _WORD)
    return mt


#: init_genrand(19650218)'s state (compiled, a C array: explore.pxd); read only
_TWISTER_START = _twister_start()


class LayoutDice:
    """The dice of the layout's seeded rolls (the layout and lock dice: each seeded by a string
    of the layout seed and a square, d6 alone rolled): ``seed(s)`` then ``d6()`` roll what
    ``Dice(s).d6()`` rolls, Python's Mersenne Twister seeded from a str as random.Random.seed seeds
    it (version 2: the int of the str's UTF-8 bytes followed by their SHA-512, its 32-bit words
    from the lowest, init_by_array; read here from the bytes, no int made), and d6 as Dice._below draws it (3 bits, drawn again while 6
    or more). Compiled (explore.pxd), the state is a C array and a word is twisted only when it
    is drawn (the same words: a word's twist reads the words after it untwisted, those before it
    twisted, as the batch twist does): a Dice(s) was a new random.Random, 2.5 KB seeded through
    random.py's Python code, then all 624 words twisted for the few a section rolls."""

    def __init__(self):
        if not cython.compiled:  # (compiled, a C array in the object, written whole by seed)
            self.mt = [0] * _N
        self.index = _N

    def seed(self, seed: str) -> None:
        data = seed.encode()
        # the int random.Random.seed makes of the str, its bytes from the highest (three zero bytes
        # first: every byte of its highest word is there); its 32-bit words, the lowest first, are the key
        key = b"\0\0\0" + data + sha512(data).digest()
        last = len(key) - 1
        top = 3
        while top < last and key[top] == 0:  # (leading zero bytes are no words of the int: at least one word)
            top += 1
        n_key = (last - top + 4) // 4
        kp = key  # (compiled, its bytes read in C)
        mt = self.mt
        start = _TWISTER_START
        n, word = _N, _WORD  # (compiled, C locals: the state's writes cannot change them)
        for i in range(n):
            mt[i] = start[i]
        i, j = 1, 0
        for k in range(max(n, n_key)):  # init_by_array
            at = last - 4 * j - 3  # the key's word j, its bytes from the highest
            w = cython.cast(cython.uint, kp[at]) << 24 | kp[at + 1] << 16 | kp[at + 2] << 8 | kp[at + 3]
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & word)) + w + j) & word
            i += 1
            j += 1
            if i >= n:
                mt[0] = mt[n - 1]
                i = 1
            if j >= n_key:
                j = 0
        for k in range(n - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & word)) - i) & word
            i += 1
            if i >= n:
                mt[0] = mt[n - 1]
                i = 1
        mt[0] = _UPPER_MASK  # (init_by_array's last step: the top bit set, the state not all zero)
        self.index = 0

    def _draw(self) -> int:
        """The next 32-bit output (genrand_uint32), its word twisted now."""
        mt = self.mt
        k = self.index
        y = (mt[k] & _UPPER_MASK) | (mt[(k + 1) % _N] & _LOWER_MASK)
        mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self.index = (k + 1) % _N
        y = mt[k]
        y ^= y >> 11
        y ^= (y << 7) & _TEMPER_B
        y ^= (y << 15) & _TEMPER_C
        return y ^ (y >> 18)

    def d6(self) -> int:
        if self.index >= _N:  # (as made: no state until seeded; once seeded, the index stays below _N)
            raise ValueError("a LayoutDice rolls only once seeded: call seed(s) first")
        while True:
            r = self._draw() >> 29
            if r < 6:
                return r + 1


def fill_brood(game, room: int, entrance: int) -> None:
    """A Queen, 1D6+2 egg caches and 2D6 Aliens (PRINTED); the Queen at the square farthest
    from where the squad comes in, eggs nearest her, Aliens on the next farthest free squares;
    what does not fit is not placed (ASSUMPTION A21)."""
    game.brood_found = True
    eggs = game.dice.d6() + game.rules["brood_eggs_base"]
    n_aliens = sum(game.dice.d6() for _ in range(game.rules["brood_alien_dice"]))
    squares = [geometry.sq(game, q) for q in lay.piece_squares(game.colony, room)]
    occ = state.occupied(game)
    free = sorted((s for s in squares if s not in occ), key=lambda s: (-geometry.rng(game, s, entrance), s))
    if not free:
        return
    queen_sq = free.pop(0)
    state.add_alien(game, "queen", queen_sq, anchored=True)
    for s in sorted(squares, key=lambda s: (geometry.rng(game, s, queen_sq), s))[1:eggs + 1]:
        game.features.append({"kind": "egg_cache", "pos": list(geometry.rc(game, s)), "state": "intact"})
    for s in free[:n_aliens]:
        state.add_alien(game, "alien", s)
