"""The Marines' phase of Bug Hunt: which figure acts, each figure's legal actions and their
effects (moves, doors, welds, equipment, fire, grenades, over-watch), and driving the APC."""
from __future__ import annotations

import numpy as np

from ..core.grid import Grid
from . import combat, explore, geometry, state
from .combat import sentries_fire, weapon_range
from .explore import reveal
from .geometry import lasting_cache, layout_cache, step_range
from .colony import CARDINAL, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR
from .state import (APC_OPTION, MAX_TARGETS, NO, PASSABLE_BY_CODE, Alien, FeatureIndex, GameRecords, Human,
                    feature_index, figure_at, occupied, room_of, spend, taken_beside)

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

@cython.locals(records=GameRecords, h=Human)
def step_marines(game) -> None:
    records = game  # (typed, read only: compiled, its records read from the struct, _decide a C call; writes: game)
    apc = records.apc
    if apc is not None and apc["driving"]:
        if state.crew(game):
            records._decide("drive", [])
            return
        apc["driving"], apc["moves"] = False, 0
    if records.active != NO:
        h = records.humans[records.active]
        if h.status == "active" and h.hugger == NO:
            records._decide("act", [])
            return
        game.active = NO
    pending = []
    for i, h in enumerate(records.humans):
        if h.status == "active" and h.pos != NO and not h.activated and h.hugger == NO:
            pending.append(i)
    if apc is not None and not apc["activated"] and state.crew(game):
        pending.append(APC_OPTION)  # the APC is driven by whoever is inside (A55)
    if not pending:
        game.active = NO
        game._start_phase("xeno")
        return
    records._decide("activate", pending)


class MaskNumbers:
    """The action slots, AP costs and ranges marine_mask and targets read, looked up once per rules
    and action layout (kept in geometry.lasting_cache, which a pickle or clone leaves out: remade on
    use; compiled, C fields: marines.pxd), not read from their dicts at every mask."""

    def __init__(self, rules: dict, slot: dict):
        self.rules, self.slot = rules, slot  # (what they were read from: marine_numbers checks them)
        cost = rules["ap_cost"]
        self.move_cost, self.door_cost, self.weld_cost = cost["move"], cost["door"], cost["weld"]
        self.unweld_cost, self.equip_cost, self.pick_lock_cost = cost["unweld"], cost["equip"], cost["pick_lock"]
        self.overwatch_cost, self.grenade_cost = cost["overwatch"], cost["grenade"]
        # the least AP of an action on a square beside the figure (a move, door, weld, cut, sentry or
        # lock; boarding the APC aside): with fewer, marine_mask reads none of those squares
        self.step_cost = min(self.move_cost, self.door_cost, self.weld_cost, self.unweld_cost, self.equip_cost,
                             self.pick_lock_cost)
        self.fire_cost = {name[len("fire_"):]: ap for name, ap in cost.items() if name.startswith("fire_")}  # by weapon
        # each weapon's range (combat.weapon_range: 0 for none), the grenade's and the sight range
        self.fire_range = {name: 0 if w is None else w["range"] for name, w in rules["weapons"].items()}
        self.grenade_range, self.sight_range = rules["weapons"]["grenade"]["range"], rules["sight_range"]
        self.move, self.move_diagonal, self.door, self.weld = slot["move"], slot["move_diagonal"], slot["door"], slot["weld"]
        self.unweld, self.equip, self.pick_lock, self.comms = slot["unweld"], slot["equip"], slot["pick_lock"], slot["comms"]
        self.fire, self.overwatch, self.grenade, self.end = slot["fire"], slot["overwatch"], slot["grenade"], slot["end"]
        # one past the last slot marine_mask writes by index (4 sides or diagonals from each such
        # slot, MAX_TARGETS fire slots; the grenade slots it checks one by one): compiled, the mask
        # it writes through a C pointer is checked to be that long (marines.pxd's _mask_bytes)
        self.written = max(max(self.move, self.move_diagonal, self.door, self.weld, self.unweld, self.equip,
                               self.pick_lock) + 4, self.fire + MAX_TARGETS,
                           max(self.comms, self.overwatch, self.end) + 1)


# the MaskNumbers marine_numbers handed out last (compiled: a C global, marines.pxd): it serves every game of
# the same rules and action layout, games stepped in turn (a vector of envs) too: the games of a layout share
# one action-slot dict (BugHunt's _shared_slots). A game of other rules or slots reads its own from the lasting
# cache
_last_numbers = None


@cython.locals(game=GameRecords, lasting=dict, kept=MaskNumbers)
def marine_numbers(game) -> MaskNumbers:
    """game's MaskNumbers: kept while its rules and action slots are the same objects (a game
    given other rules, as some tests do, gets its own). The rules and slots are never changed in
    place (data_files.rules() is one dict every game shares): a changed cost is a new dict. The
    one handed out last is checked first (two identity checks, no cache look-up: it serves every
    game of the same rules and layout, whose slots are one dict); games of other rules or layouts
    keep theirs in the lasting cache."""
    global _last_numbers
    kept = _last_numbers
    if kept is not None and kept.rules is game.rules and kept.slot is game._slot:
        return kept
    lasting = lasting_cache(game)
    kept = lasting.get("marine_numbers")
    if kept is None or kept.rules is not game.rules or kept.slot is not game._slot:
        kept = lasting["marine_numbers"] = MaskNumbers(game.rules, game._slot)
    _last_numbers = kept
    return kept


@cython.locals(game=GameRecords, h=Human, a=Alien, col=Grid,
               reach=cython.Py_ssize_t, sight=cython.Py_ssize_t, width=cython.Py_ssize_t, hr=cython.Py_ssize_t,
               hc=cython.Py_ssize_t, r=cython.Py_ssize_t, s=cython.Py_ssize_t, fr=cython.Py_ssize_t, fc=cython.Py_ssize_t,
               pos=cython.Py_ssize_t, sr=cython.Py_ssize_t, i=cython.Py_ssize_t,
               k=cython.Py_ssize_t, out=list, features=list, shot=tuple, cache=dict, kept=tuple)
def _targets_kept(game, numbers: MaskNumbers = None, index: FeatureIndex = None) -> tuple[list, list]:
    """(targets, their ranges), as targets and target_ranges give them: worked out together and
    kept as one entry of game._cache (one look-up, one entry written). `numbers`, `index`: as
    targets'. (Compiled: the colony a typed Grid, its has_los a C call; the squares, rows, columns
    and ranges C integers, the reaches read from marine_numbers' C fields; the features fired at
    and their squares from feature_index, their states alone read.)"""
    cache = game._cache
    kept = cache.get("targets")
    if kept is not None:
        return kept
    if numbers is None:
        numbers = marine_numbers(game)
    if game.active == NO and game.apc is not None and game.apc["driving"]:
        pos, reach = game.apc["pos"], weapon_range(game, game.rules["apc"]["weapon"])
    else:
        h = game.humans[game.active]
        pos = h.pos
        reach = numbers.fire_range[h.weapon]
        if numbers.grenade_range > reach and can_grenade(game, game.active):  # (can_grenade asked only when it matters)
            reach = numbers.grenade_range
    out = []
    if reach > 0:
        col, sight = game.colony, numbers.sight_range
        width = col.width
        hr = pos // width  # (the rows and columns of the squares, as geometry.rc: on C integers when compiled)
        hc = pos - hr * width
        if sight < reach:  # (in reach and in sight: within the nearer of the two)
            reach = sight
        # sight asked per square in reach (has_los: the one segment's squares unless the figure's
        # whole view is kept, as los_from's answer): a new square's whole view is not worked out
        for i, a in enumerate(game.aliens):
            if a.alive:
                s = a.pos  # (compiled: a C integer, compared and its range worked out in C, none boxed)
                if s != pos and s >= 0:  # (one off the map, NO, is not seen: as it holds no square, state._occupancy)
                    sr = s // width
                    r = step_range(sr - hr, s - sr * width - hc)
                    if r <= reach and col.has_los(pos, s, sight):
                        out.append((r, 0, i, ("alien", i)))
        features = game.features
        if index is None:
            index = feature_index(game)
        for shot in index.fired_at:  # (k, the state it is shot in, its target, row, column)
            # as an Alien: in reach (its range from its row and column: its state read only then), seen
            fr, fc = shot[3], shot[4]
            r = step_range(fr - hr, fc - hc)
            if r <= reach:
                k = shot[0]
                if features[k]["state"] == shot[1] and col.has_los(pos, fr * width + fc, sight):  # (its square, as geometry.sq)
                    out.append((r, 1, k, shot[2]))
    if out:  # (most often none in reach: nothing sorted nor read)
        out.sort()
        if len(out) > MAX_TARGETS:  # (most often fewer: no slice made)
            del out[MAX_TARGETS:]
        kept = ([t[3] for t in out], [t[0] for t in out])
    else:
        kept = ([], [])
    cache["targets"] = kept
    return kept


def targets(game, numbers: MaskNumbers = None, index: FeatureIndex = None) -> list[tuple[str, int]]:
    """Visible targets of the active figure within its weapon's (or the grenade's) reach:
    ("alien", i), ("egg", feature) and ("sentry", feature), by (range, kind, id). While the APC is driven: its
    midi-gun's targets, from its square. Kept per decision state (game._cache, _targets_kept's). `numbers` and
    `index`: marine_numbers(game) and feature_index(game) where the caller has them (marine_mask),
    else looked up here."""
    return _targets_kept(game, numbers, index)[0]


def target_ranges(game, numbers: MaskNumbers = None, index: FeatureIndex = None) -> list[int]:
    """The range of each of targets(game), in its order, from the square they are seen from
    (worked out with them: kept beside them, _targets_kept). `numbers`, `index`: as targets'."""
    return _targets_kept(game, numbers, index)[1]


@cython.locals(game=GameRecords, h=Human)
def can_grenade(game, i: int) -> bool:
    # ASSUMPTION A26: grenades are launched from the pulse rifle's under-slung launcher
    h = game.humans[i]
    return h.weapon == "pulse_rifle" and game.grenade_pools[h.squad] > 0


def grenade_offsets(game) -> list[tuple[int, int]]:
    """The grenade slice: one action per (dr, dc) from the firer within the grenade's range, row
    by row (the slice has a fixed size; which are legal depends on the position)."""
    reach = game.rules["weapons"]["grenade"]["range"]
    return [(dr, dc) for dr in range(-reach, reach + 1) for dc in range(-reach, reach + 1)]


@cython.locals(game=GameRecords)
def grenade_squares(game, i: int) -> dict[int, int]:
    """slot -> square a grenade of figure i may be nominated at (PRINTED: "the firer nominates
    the square"): every open square (floor or open doorway) the figure sees within the grenade's
    range, its own excepted (ASSUMPTION A47)."""
    return _grenade_targets(game, game.humans[i].pos)


def _grenade_targets(game, pos: int) -> dict[int, int]:
    """grenade_squares from square pos (marine_mask sets its slots, the keys); kept per layout
    version and square."""
    key = ("grenade_squares", pos)  # depends only on the layout and the square
    shared = layout_cache(game)
    cached = shared.get(key)
    if cached is None:
        cached = shared[key] = _grenade_targets_kept(game, pos)
    return cached


@cython.locals(game=GameRecords)
def _grenade_targets_kept(game, pos: int) -> dict[int, int]:
    """_grenade_targets_uncached, kept across layout versions (geometry.lasting_cache) keyed on
    the cells of the block within grenade range of pos: all it reads. A square of the block is
    a target when it is passable and seen, and whether pos sees it depends on the opaque squares
    its centre-to-centre segment crosses alone (within the sight range, the colony's rule, A3),
    all in the block: its bounding box is. Edge walls or the shooter-corner rule (not Bug Hunt's)
    would be read too: then nothing is kept across versions."""
    col = game.colony
    if col.shooter_corners or col._has_edge_walls():
        return _grenade_targets_uncached(game, pos)
    size, reach = game.size, game.rules["weapons"]["grenade"]["range"]
    r0, c0 = divmod(pos, size)
    block = col.cells[max(0, r0 - reach):r0 + reach + 1, max(0, c0 - reach):c0 + reach + 1]
    key = ("grenade_squares", pos, size, reach, game.rules["sight_range"], block.tobytes())
    lasting = lasting_cache(game)
    out = lasting.get(key)
    if out is None:
        out = lasting[key] = _grenade_targets_uncached(game, pos)
    return out


@cython.locals(game=GameRecords, size=cython.Py_ssize_t, reach=cython.Py_ssize_t, side=cython.Py_ssize_t,
               r0=cython.Py_ssize_t, c0=cython.Py_ssize_t, rs=cython.Py_ssize_t, re=cython.Py_ssize_t,
               cs=cython.Py_ssize_t, ce=cython.Py_ssize_t, r=cython.Py_ssize_t, c=cython.Py_ssize_t,
               at=cython.Py_ssize_t, slot=cython.Py_ssize_t, seen=bytes, cells=bytes, squares=dict)
def _grenade_targets_uncached(game, pos: int) -> dict[int, int]:
    """The squares within grenade range of pos (its block of 2 reach + 1 a side) that pos sees
    and that are passable, pos itself excepted: {slot: square}, row by row; a slot is the
    square's place in the block. One loop over the block's squares, read from bytes of the
    block's rows (on C ints when compiled)."""
    size, reach = game.size, game.rules["weapons"]["grenade"]["range"]
    side = 2 * reach + 1
    r0, c0 = divmod(pos, size)
    rs, cs = max(0, r0 - reach), max(0, c0 - reach)
    re, ce = min(size, r0 + reach + 1), min(size, c0 + reach + 1)
    seen = game.colony.los_from(pos, game.rules["sight_range"])[rs * size:re * size].tobytes()
    cells = game.colony.cells[rs:re].tobytes()  # (codes 0..6: a byte each, as unsigned)
    squares = {}
    for r in range(rs, re):
        for c in range(cs, ce):
            at = (r - rs) * size + c
            if seen[at] and PASSABLE_BY_CODE[cells[at]] and (r != r0 or c != c0):
                slot = (r - r0 + reach) * side + (c - c0 + reach)
                squares[slot] = r * size + c
    return squares


@cython.locals(game=GameRecords, h=Human, numbers=MaskNumbers, reach=cython.Py_ssize_t, side=cython.Py_ssize_t,
               width=cython.Py_ssize_t, r0=cython.Py_ssize_t, c0=cython.Py_ssize_t, s=cython.Py_ssize_t,
               dr=cython.Py_ssize_t, dc=cython.Py_ssize_t, k=cython.Py_ssize_t, action=cython.Py_ssize_t, out=list,
               listed=list)
def grenades_at_targets(game, rows: int) -> list[int]:
    """The game's grenade action at the square of each of the acting figure's first `rows` targets
    (the observation's ``targets`` rows; BugHunt.row_aimed_actions), -1 where there is none: no
    figure acting (another decision, or the game over: the rows are then no figure's targets, or none), an empty row,
    a target beyond the grenade's range (a weapon may reach farther), or a square an earlier row's
    grenade already lands on (an Alien on an egg cache: one row per action). The action is the slot
    of the square's offset (grenade_offsets' order), legal or not: the mask says which is."""
    out = [-1] * rows
    if game.decision is None or game.decision.kind != "act" or game.active == NO:  # (None: the game is over)
        return out
    h = game.humans[game.active]
    numbers = marine_numbers(game)
    reach = numbers.grenade_range
    side, width = 2 * reach + 1, game.size
    r0 = h.pos // width
    c0 = h.pos - r0 * width
    listed = targets(game, numbers)
    for k in range(min(rows, len(listed))):
        s = combat.target_square(game, listed[k])
        dr = s // width - r0
        dc = s - (s // width) * width - c0
        if -reach <= dr <= reach and -reach <= dc <= reach:
            action = numbers.grenade + (dr + reach) * side + (dc + reach)  # (the slot as _grenade_targets_uncached's)
            if action not in out:
                out[k] = action
    return out


def grenade_slot(game, i: int, square: int) -> int | None:
    """The grenade action (its index in the slice) of figure i at `square`, None if not legal."""
    for k, s in grenade_squares(game, i).items():
        if s == square:
            return k
    return None


@cython.locals(game=GameRecords)
def adjacent_door(game, i: int, d: int) -> int:
    dr, dc = CARDINAL[d]
    return geometry.step_sq(game, game.humans[i].pos, dr, dc)


@cython.locals(game=GameRecords)
def can_use_comms(game, i: int) -> bool:
    """Figure i may use a satellite comms terminal now (the ``comms`` action): an equipment
    operator outside the APC with the AP, a ready terminal on or beside it that would still tell
    something (explore.comms_terminal)."""
    h = game.humans[i]
    return (game.satellite_comms and h.equipment and not h.in_apc
            and state.available_ap(game, i) >= game.rules["ap_cost"]["comms"] and explore.comms_terminal(game, h.pos) != NO)


def marine_mask(game, mask: np.ndarray, script: bool = False) -> None:
    """The active figure's legal actions set in `mask`. With `script`, the script mask
    (BugHunt._compute_script_mask): the grenade slots are left out when the squad does not read
    them (_grenade_slots_read): it reads a grenade slot at an Alien's square alone
    (ScriptedMarines.shot, TacticMarines.grenades), and working the slots out costs the figure's
    whole view within grenade range (most scripted actions have no Alien in reach). (Typed in
    marines.pxd: compiled, the int8 mask written through `m`, a C pointer to its bytes, the AP,
    costs and slots C integers (the costs and slots C fields of marine_numbers), this module's
    functions C calls.) With `script` the mask is zeroed first (the script mask's array is one the
    game keeps and writes anew: compiled, through `m`, its buffer not asked for a second time)."""
    numbers = marine_numbers(game)
    if cython.compiled:  # (its buffer checked once: int8, contiguous, as long as the slots written)
        m = _mask_bytes(mask, numbers.written, cython.address(size))  # noqa: F821  (defined in marines.pxd)
        if script:
            memset(m, 0, size)  # noqa: F821  (declared in marines.pxd)
    else:
        m = mask
        size = len(mask)
        if script:
            mask.fill(0)
    i = game.active
    h = game.humans[i]
    ap = h.ap + (0 if game.pools_lost[h.squad] else game.pools[h.squad])  # as state.available_ap
    move_cost = numbers.move_cost
    move = numbers.move
    index = feature_index(game)
    # the squares beside taken (state.occupied's, as state.taken_beside's bits: bit d for around's
    # direction d), worked out only when a move may be afforded at all: no square costs less than
    # one move to enter (its terrain's cost at least 1, hazards added)
    taken = taken_beside(game, h.pos, index.sentries) if ap >= move_cost else 0
    if h.in_apc:  # inside the APC: only leaving it (a move, PRINTED 1 AP like a normal square)
        if ap >= move_cost:  # (the square's around row read only when a move may be afforded)
            around = game.colony.around(h.pos)  # (square, cell, AP to enter, no corner cut) by direction
            for d in range(4):  # CARDINAL (N, E, S, W) are DIRECTIONS 0, 2, 4, 6
                near = around[2 * d]
                if (near is not None and PASSABLE_BY_CODE[near[1]] and not taken >> 2 * d & 1
                        and near[2] * move_cost <= ap):
                    m[move + d] = 1
        m[numbers.end] = 1
        return
    apc_sq, board = NO, False
    if game.apc is not None:
        apc_sq = game.apc["pos"]
        board = (h.role in game.rules["apc"]["crew_roles"] and ap >= game.rules["apc"]["board_cost"] * move_cost
                 and len(state.crew(game)) < game.rules["apc"]["capacity"])
    equipment = h.equipment
    # the auto sentries the operator may switch (on a square beside it), when it has the AP
    sentries = index.sentries if equipment and ap >= numbers.equip_cost else ()
    # the sides (and a Predator's diagonals) read from the square's around row only when some action
    # on a square beside it may be afforded (step_cost: the least of their AP costs, boarding aside):
    # with too few AP left (a figure's last AP spent, its squad's pool too) none is legal
    beside = ap >= numbers.step_cost or board
    if beside:
        around = game.colony.around(h.pos)  # (square, cell, AP to enter, no corner cut) by direction
        for d in range(4):  # CARDINAL (N, E, S, W) are DIRECTIONS 0, 2, 4, 6
            near = around[2 * d]
            if near is None:
                continue
            n, cell, enter, _ = near
            if PASSABLE_BY_CODE[cell] and not taken >> 2 * d & 1 and enter * move_cost <= ap:
                m[move + d] = 1
            elif n == apc_sq and board:
                m[move + d] = 1  # board the APC
            if cell == DOOR_OPEN or cell == DOOR_CLOSED:
                if ap >= numbers.door_cost and (cell == DOOR_CLOSED or figure_at(game, n) is None):
                    m[numbers.door + d] = 1
                if cell == DOOR_CLOSED and ap >= numbers.weld_cost:
                    m[numbers.weld + d] = 1
            if cell == DOOR_WELDED and ap >= numbers.unweld_cost and game.unweld_turn.get(str(n)) != game.turn:
                m[numbers.unweld + d] = 1
            if sentries and n in sentries:  # (most often none: no look-up in an empty tuple)
                m[numbers.equip + d] = 1
            if cell == DOOR_LOCKED:  # (option electronic_locks, A58) cut like a weld, or picked by the operator
                if ap >= numbers.unweld_cost and game.unweld_turn.get(str(n)) != game.turn:
                    m[numbers.unweld + d] = 1
                if equipment and ap >= numbers.pick_lock_cost:
                    m[numbers.pick_lock + d] = 1
    if can_use_comms(game, i):
        m[numbers.comms] = 1
    if beside and h.role == "predator":  # Predators move as Alien Warriors: diagonals too (PRINTED, optional)
        for k in range(4):  # DIAGONALS (NE, SE, SW, NW) are DIRECTIONS 1, 3, 5, 7
            near = around[2 * k + 1]
            if near is not None:
                n, cell, enter, corner_ok = near
                if PASSABLE_BY_CODE[cell] and not taken >> 2 * k + 1 & 1 and corner_ok and enter * move_cost <= ap:
                    m[numbers.move_diagonal + k] = 1
    if h.weapon != "none" and not h.out_of_ammo:
        if ap >= numbers.fire_cost[h.weapon]:
            ranges = target_ranges(game, numbers, index)  # (the targets in the grenade's reach too: the weapon's alone)
            if ranges:  # (most often none: the weapon's range and the slice are not looked up)
                rng_w = numbers.fire_range[h.weapon]
                fire = numbers.fire
                for k in range(min(len(ranges), MAX_TARGETS)):  # (targets keeps MAX_TARGETS: m is a raw pointer)
                    if ranges[k] <= rng_w:
                        m[fire + k] = 1
        if ap >= numbers.overwatch_cost and not h.overwatch:
            m[numbers.overwatch] = 1
        if ap >= numbers.grenade_cost and can_grenade(game, i) and (not script or _grenade_slots_read(game, m, size)):
            grenade = numbers.grenade  # (the slots set one by one through m, each checked against the mask's size)
            for slot in _grenade_targets(game, h.pos):
                if not 0 <= grenade + slot < size:
                    raise IndexError(f"grenade slot {slot} lies beyond the action mask ({size} slots)")
                m[grenade + slot] = 1
    m[numbers.end] = 1


def _grenade_slots_read(game, mask: np.ndarray, size: int) -> bool:
    """Must marine_mask set the grenade slots (the last it sets before end) in a script mask? When
    an Alien is among the targets (the squad reads a grenade slot at an Alien's square alone), or
    when no other action than end is legal so far (the phase machine takes a decision with one
    legal action itself: the count must be above 1 exactly when the whole mask's is). The targets
    first (marine_mask has them already: a grenade's AP buys a pulse rifle's shot), then the mask
    read up to its first legal action, of its `size` slots (typed in marines.pxd: a C loop over
    marine_mask's pointer, most often over the first slots, where the moves are; numpy's
    count_nonzero was a call of several thousand instructions)."""
    for t in targets(game):
        if t[0] == "alien":
            return True
    for k in range(size):
        if mask[k]:
            return False
    return True


@cython.locals(records=GameRecords, h=Human, numbers=MaskNumbers, enter=cython.long)
def marine_action(game, kind: str, index: int) -> None:
    records = game  # (typed, read only: compiled, its records read from the struct, spend a C call; writes: game)
    i = records.active
    h = records.humans[i]  # (h typed: its fields read and written in the struct; Human is final, state.pxd)
    numbers = marine_numbers(game)  # (the AP costs but comms' and boarding's: compiled, C fields, not the rules' dicts)
    if kind == "end":
        records.events.append(f"{h.name} ends")
        game.active = NO
        return
    if kind in ("move", "move_diagonal"):
        # the square and its AP to enter as marine_mask read them: N E S W (CARDINAL) are
        # DIRECTIONS 0, 2, 4, 6 in around's row, NE SE SW NW (DIAGONALS) 1, 3, 5, 7
        n, _, enter, _ = records.colony.around(h.pos)[2 * index if kind == "move" else 2 * index + 1]
        apc = records.apc
        if apc is not None and n == apc["pos"]:  # boarding the APC (PRINTED 1 AP)
            spend(records, i, records.rules["apc"]["board_cost"] * numbers.move_cost)
            h.pos, h.in_apc, h.moved = n, True, True
            records.events.append(f"{h.name} boards the APC")
            return
        spend(records, i, enter * numbers.move_cost)
        if h.in_apc:
            h.in_apc = False
            records.events.append(f"{h.name} leaves the APC")
        h.pos = n
        h.moved = True
        after_human_move(game, i)
    elif kind == "door":
        n = adjacent_door(game, i, index)
        spend(records, i, numbers.door_cost)
        opening = geometry.cell(game, n) == DOOR_CLOSED
        game.colony.cells.flat[n] = DOOR_OPEN if opening else DOOR_CLOSED
        game.colony.changed()
        game.events.append(f"{h.name} {'opens' if opening else 'closes'} a door")
        reveal(game)
    elif kind == "weld":
        n = adjacent_door(game, i, index)
        spend(records, i, numbers.weld_cost)
        game.colony.cells.flat[n] = DOOR_WELDED
        game.welds[str(n)] = 0
        game.colony.changed()
        game.events.append(f"{h.name} welds a door shut")
    elif kind == "unweld":
        n = adjacent_door(game, i, index)
        spend(records, i, numbers.unweld_cost)
        done = game.welds.get(str(n), 0) + 1
        game.unweld_turn[str(n)] = game.turn
        if done >= game.rules["unweld_turns"]:
            game.colony.cells.flat[n] = DOOR_CLOSED
            game.welds.pop(str(n), None)
            game.colony.changed()
            game.events.append(f"{h.name} cuts the weld: the door is shut but free")
        else:
            game.welds[str(n)] = done
            game.events.append(f"{h.name} works on the weld ({done}/{game.rules['unweld_turns']})")
    elif kind == "equip":
        n = adjacent_door(game, i, index)
        spend(records, i, numbers.equip_cost)
        f = next(f for f in game.features if f["kind"] == "sentry" and geometry.sq(game, f["pos"]) == n)
        f["state"] = "inactive" if f["state"] == "active" else "active"
        game.events.append(f"{h.name} switches an auto sentry {'on' if f['state'] == 'active' else 'off'}")
    elif kind == "pick_lock":
        n = adjacent_door(game, i, index)
        spend(records, i, numbers.pick_lock_cost)
        roll = game.dice.d6()
        if roll >= game.rules["electronic_locks"]["pick_on"]:
            game.colony.cells.flat[n] = DOOR_CLOSED
            game.colony.changed()
            game.events.append(f"{h.name} picks the electronic lock ({roll}): the door is shut but free")
        else:
            game.events.append(f"{h.name} fails to pick the lock ({roll})")
    elif kind == "comms":
        k = explore.comms_terminal(game, h.pos)
        spend(records, i, records.rules["ap_cost"]["comms"])
        game.features[k]["state"] = "used"
        game.brood_located = True
        game.events.append(f"{h.name} makes the satellite uplink: the scan locates the Brood Chamber")
    elif kind == "overwatch":
        spend(records, i, numbers.overwatch_cost)
        h.overwatch = True
        game.events.append(f"{h.name} goes into over-watch")
        game.active = NO
    elif kind == "fire":
        t = targets(game)[index]
        spend(records, i, numbers.fire_cost[h.weapon])
        game.fired_squads[h.squad] = True
        combat.fire(game, i, t)
    elif kind == "grenade":
        square = grenade_squares(game, i)[index]
        spend(records, i, numbers.grenade_cost)
        game.fired_squads[h.squad] = True
        game.grenade_pools[h.squad] -= 1
        combat.grenade(game, i, square)
    if h.status != "active" or h.hugger != NO:
        game.active = NO


def apc_mask(game, mask: np.ndarray) -> None:
    """Driving the APC: one square N/E/S/W onto open floor (1 movement, 2 onto acid holes or
    debris; not through doorways unless apc.through_doors), a manual midi-gun burst at a
    target in sight and range (apc.fire_cost movement), or end."""
    s = game._slot
    apc, cfg = game.apc, game.rules["apc"]
    occ = occupied(game)
    for d, (dr, dc) in enumerate(CARDINAL):
        n = geometry.step_sq(game, apc["pos"], dr, dc)
        if n == NO:
            continue
        cell = geometry.cell(game, n)
        if (cell == FLOOR or (cell == DOOR_OPEN and cfg["through_doors"])) and n not in occ \
                and geometry.enter_cost(game, n) <= apc["moves"]:
            mask[s["drive"] + d] = 1
    if not apc["out_of_ammo"] and apc["moves"] >= cfg["fire_cost"]:
        for k in range(len(targets(game))):
            mask[s["fire"] + k] = 1
    mask[s["end"]] = 1


def apc_action(game, kind: str, index: int) -> None:
    apc, cfg = game.apc, game.rules["apc"]
    if kind == "end":
        apc["driving"], apc["moves"] = False, 0  # unused movement is lost, like unused AP
        game.events.append("the APC stops")
    elif kind == "drive":
        dr, dc = CARDINAL[index]
        n = geometry.step_sq(game, apc["pos"], dr, dc)
        apc["moves"] -= geometry.enter_cost(game, n)
        apc["pos"], apc["moved"] = n, True
        crew = state.crew(game)
        for j in crew:
            game.humans[j].pos = n
        reveal(game, n)  # the crew sees from the APC's square
        room = room_of(game, n)
        if crew and room != NO and not game.colony.pieces[room]["entered"]:
            explore.enter_room(game, room, crew[0])
    elif kind == "fire":
        t = targets(game)[index]
        apc["moves"] -= cfg["fire_cost"]
        for j in state.crew(game):
            game.fired_squads[game.humans[j].squad] = True
        game.events.append("the APC's crew fires the twin midi-gun")
        combat.apc_fire(game, t)


@cython.locals(game=GameRecords, h=Human)
def after_human_move(game, i: int) -> None:
    h = game.humans[i]
    # (most colonies have no auto sentry: its fire, and its dice, not asked. Exact while a sentry comes
    # only with a feature appended: feature_index is made again when the list is replaced or grows)
    if feature_index(game).sentries:
        sentries_fire(game, ("human", i))
    if h.status != "active":
        return
    reveal(game, h.pos)
    room = room_of(game, h.pos)
    if room != NO and not game.colony.pieces[room]["entered"]:
        explore.enter_room(game, room, i)
