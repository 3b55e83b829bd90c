"""Bug Hunt's state: the records (squad figures, Aliens, the open decision), the game's base class
``GameRecords`` (compiled, the extension type whose struct holds every record of a game:
state.pxd), the constants the other modules share, and the small queries and changes over the
game state."""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..core.board import DIRECTIONS, NO, UNREACHABLE  # noqa: F401  (importable from here)
from ..core.game import PhasedGame
from . import data_files
from .colony import PASSABLE

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

DIAGONALS = ((-1, 1), (1, 1), (1, -1), (-1, -1))  # NE SE SW NW
MAX_SQUAD = data_files.MAX_SQUAD
MAX_TARGETS = 12
ALIEN_KINDS = ("face_hugger", "dog", "alien", "queen", "chest_burster")
APC_OPTION = MAX_SQUAD  # the APC's entry among the options of an "activate" decision
PASSABLE_BY_CODE = tuple(bool(x) for x in PASSABLE)  # by cell code, as plain bools (cheaper to index)
#: the direction (DIRECTIONS' index) of the step (dr, dc) by (dr + 1) * 3 + dc + 1; NO for (0, 0)
STEP_DIRECTION = tuple(DIRECTIONS.index((dr, dc)) if (dr, dc) != (0, 0) else NO for dr in (-1, 0, 1) for dc in (-1, 0, 1))


@dataclass
class Human:
    name: str
    role: str
    weapon: str
    leader: bool = False
    can_lead: bool = False
    equipment: bool = False
    pos: int = NO
    status: str = "active"  # active | dead | captured | unconscious
    lp: int = 1
    ap: int = 0
    activated: bool = False
    overwatch: bool = False
    moved: bool = False
    hugger: int = NO  # the Face-Hugger attached to this figure
    squad: int = 0  # which squad the figure belongs to
    dreadnaught: bool = False  # Dreadnaught Tactical Armour (+1 in close combat)
    out_of_ammo: bool = False  # an M4 Power Loader's midi-guns ran dry
    in_apc: bool = False  # inside the M12 APC (its square is pos): safe from harm (option apc)

    def __reduce__(self):
        """Pickled and copied as its class and fields: the same pickle compiled and pure."""
        return type(self), tuple(getattr(self, name) for name in HUMAN_FIELDS)


@dataclass
class Alien:
    kind: str
    pos: int = NO
    alive: bool = True
    lp: int = 1
    ap: int = 0
    new: bool = True  # placed this turn: does not move in the next Aliens-move phase
    attached: int = NO  # Face-Hugger: the human it is attached to
    attached_turn: int = 0
    anchored: bool = False  # the Brood Chamber's Queen: confined to her chamber (ASSUMPTION A22)

    def __reduce__(self):
        """Pickled and copied as its class and fields: the same pickle compiled and pure."""
        return type(self), tuple(getattr(self, name) for name in ALIEN_FIELDS)


class GameRecords(PhasedGame):
    """The base of BugHunt (game.py), which holds its rules: compiled, an extension type whose
    struct holds every record of a game (state.pxd), so that the rule modules, which game.py
    imports and so cannot import BugHunt, read them without Python's attribute lookup where they
    name this type for their ``game`` (``@cython.locals(game=GameRecords)``)."""


HUMAN_FIELDS = tuple(field.name for field in fields(Human))
ALIEN_FIELDS = tuple(field.name for field in fields(Alien))


#: the decision kinds that are the marines' (BugHunt.marine_decisions); all others are the hive's
MARINE_DECISIONS = frozenset({"activate", "act", "overwatch_fire", "extra_hit", "drive"})
DECISION_KINDS = ("activate", "act", "order", "step", "approach", "attack", "summon", "appear", "overwatch_fire",
                  "extra_hit")  # one-hot in the observation's globals
ALL_DECISION_KINDS = DECISION_KINDS + ("drive",)  # "drive": the APC is being driven (its own feature)
#: the rows a Bug Master may pick from when `bug_master_picks` is on (the appears table, with its
#: second roll split into "1D6 Aliens" and "the Queen")
APPEAR_ROWS = (
    {"kind": "face_hugger", "count": "one"}, {"kind": "dog", "count": "d3"}, {"kind": "dog", "count": "d6"},
    {"kind": "alien", "count": "d3"}, {"kind": "alien", "count": "d6"}, {"kind": "queen", "count": "one"},
)
APPEAR_NAMES = ("face_hugger", "d3_dogs", "d6_dogs", "d3_aliens", "d6_aliens", "queen")


@cython.locals(game=GameRecords)
def able_humans(game) -> list[int]:
    return [i for i, h in enumerate(game.humans) if h.status == "active" and h.pos != NO]


@cython.locals(game=GameRecords, a=Alien)
def live_aliens(game) -> list[int]:
    live = []
    for i, a in enumerate(game.aliens):
        if a.alive:
            live.append(i)
    return live


@cython.locals(game=GameRecords, occ=set)
def occupied(game) -> set[int]:
    """Squares no figure may enter: those _occupancy lists. (occ typed: compiled, its adds are C
    calls, not method calls.)"""
    occ = set()
    _occupancy(game, feature_index(game).sentries, NO, occ)
    return occ


def sentry_squares(features: list, width: int) -> tuple[int, ...]:
    """The squares of the auto sentries among `features`, in any state (a square from its row and
    column, as geometry.sq)."""
    return tuple([f["pos"][0] * width + f["pos"][1] for f in features if f["kind"] == "sentry"])


# the features a figure may fire at: kind -> (the state they are shot in, their targets' name)
FEATURES_FIRED_AT = {"egg_cache": ("intact", "egg"), "sentry": ("active", "sentry")}


class FeatureIndex:
    """What occupied, marines.targets, marines.marine_mask and xeno._open_steps read of game.features that never
    changes: the squares of the auto sentries (`sentries`, in any state: sentry_squares) and the
    features that may be fired at (`fired_at`: (index, the state they are shot in, their target,
    row, column) in the features' order). The game only ever appends features, and never moves
    one nor changes the kind of a sentry or an egg cache (an impregnated human's kind turns to
    burst_human, a kind not read here; a destroyed sentry stays, in state "destroyed"): the index
    holds for as long as the list is the same object (a clone or a codec's copy is another) of
    the same length (`fits`). (A list edited in place otherwise, a feature removed and another
    added, would keep a stale index: a test that edits the features gives the game another list.)"""

    def __init__(self, features: list, width: int):
        self.features, self.count = features, len(features)
        self.sentries = sentry_squares(features, width)
        fired_at = []
        for k, f in enumerate(features):
            shot = FEATURES_FIRED_AT.get(f["kind"])
            if shot is not None:
                fired_at.append((k, shot[0], (shot[1], k), f["pos"][0], f["pos"][1]))
        self.fired_at = tuple(fired_at)


def items_read(kept_list, count: int, items: list) -> int:
    """The rule of a reading kept of an append-only list (a list the game only ever appends to; a
    copied game, or one read from a file, holds another list): how many of `items`' first items
    a reading of `count` items of `kept_list` holds: `count` when kept_list is items itself (by
    identity) and items holds that many, else NO (it is not a reading of this list: read anew).
    (cpdef, state.pxd: feature_index, geometry's room pieces and exploration goals call it in C.)"""
    return count if kept_list is items and count <= len(items) else NO


# the FeatureIndex feature_index handed out last (compiled: a C global, state.pxd): it serves the game played last
# (a features list is one game's: a clone or a codec's copy has its own); games stepped in turn (a vector of envs)
# miss it and read theirs from the lasting cache
_last_feature_index = None


@cython.locals(game=GameRecords, shared=dict, lasting=dict, kept=FeatureIndex)
def feature_index(game) -> FeatureIndex:
    """game's FeatureIndex, kept among the results kept across layout versions (the dict
    geometry.lasting_cache keeps in game._shared, under "lasting") while its features list is the
    one it was made from, as long as it was. Made afresh, and not kept there, while the game has no
    such dict yet (a new game or a clone before its first kept result: geometry, which imports this
    module, makes it). The one handed out last is checked first, on the same rule (an identity and
    a length, no cache look-up)."""
    global _last_feature_index
    kept = _last_feature_index
    if kept is not None and items_read(kept.features, kept.count, game.features) == len(game.features):
        return kept
    shared = game._shared
    lasting = shared.get("lasting")
    kept = None if lasting is None else lasting.get("feature_index")
    if kept is None or items_read(kept.features, kept.count, game.features) != len(game.features):
        kept = FeatureIndex(game.features, game.size)
        if lasting is not None:
            lasting["feature_index"] = kept
    _last_feature_index = kept
    return kept


def taken_beside(game, s: int, sentries: tuple) -> int:
    """The squares beside square s that occupied(game) holds, as bits: bit d for the square in
    direction d (DIRECTIONS' order, as Grid.around's). `sentries`: the auto sentries' squares
    (feature_index(game).sentries, which the caller has). For marine_mask's moves: _occupancy's
    one pass over the figures on C integers, no set made."""
    return _occupancy(game, sentries, s, None)


@cython.locals(game=GameRecords, h=Human, a=Alien, p=object, width=cython.Py_ssize_t, r0=cython.Py_ssize_t,
               c0=cython.Py_ssize_t, bits=cython.long, bit=cython.long, collect=cython.bint)
def _occupancy(game, sentries: tuple, s: int, occ: set | None) -> int:
    """The one listing of the squares figures hold, which no figure may enter: active squad figures
    (one off the map holds none), live Aliens but an attached Face-Hugger (it rides its victim),
    the auto sentry pods in any state (ASSUMPTION A23; `sentries`: their squares, sentry_squares)
    and the APC's square (figures board it with a move, A55). Each held square is added to `occ`
    when it is a set (occupied), and the bits of those beside square s are returned
    (taken_beside's; s NO: none is beside it). Without a set, a figure's state is read only when
    it stands beside s (on C integers when compiled)."""
    width = game.size
    if s >= 0:
        r0 = s // width
        c0 = s - r0 * width
    else:
        r0 = c0 = -2  # (no square of the board is beside it)
    collect = occ is not None
    bits = 0
    for h in game.humans:
        bit = _bit(h.pos, r0, c0, width)
        if (bit or collect) and h.status == "active":
            bits |= bit
            _hold(occ, h.pos)
    for a in game.aliens:
        bit = _bit(a.pos, r0, c0, width)
        if (bit or collect) and a.alive and a.attached == -1:  # (NO written out: compiled, a C constant)
            bits |= bit
            _hold(occ, a.pos)
    for p in sentries:
        bit = _bit(p, r0, c0, width)
        if bit or collect:
            bits |= bit
            _hold(occ, p)
    if game.apc is not None:
        p = game.apc["pos"]
        bit = _bit(p, r0, c0, width)
        if bit or collect:
            bits |= bit
            _hold(occ, p)
    return bits


def _hold(occ: set | None, p: int) -> None:
    """_occupancy's held square p added to `occ` when it is a set (occupied's; p NO, a figure off
    the map, holds none)."""
    if occ is not None and p >= 0:
        occ.add(p)


@cython.locals(r=cython.Py_ssize_t, dr=cython.Py_ssize_t, dc=cython.Py_ssize_t, d=cython.Py_ssize_t)
def _bit(p: int, r0: int, c0: int, width: int) -> int:
    """Bit d when square p is beside the square at row r0, column c0 in direction d (a king's step
    away, DIRECTIONS' order), else 0 (and for p NO, a figure off the map, or the square itself)."""
    if p < 0:
        return 0
    r = p // width
    dr, dc = r - r0, p - r * width - c0
    if dr < -1 or dr > 1 or dc < -1 or dc > 1:
        return 0
    d = STEP_DIRECTION[(dr + 1) * 3 + dc + 1]
    return 0 if d < 0 else 1 << d  # (d NO: p is the square itself)


@cython.locals(game=GameRecords, h=Human, a=Alien)
def figure_at(game, s: int) -> tuple[str, int] | None:
    """The figure a blast or a door on square s would hit (figures inside the APC are safe)."""
    for i, h in enumerate(game.humans):
        if h.status == "active" and h.pos == s and not h.in_apc:
            return ("human", i)
    for i, a in enumerate(game.aliens):
        if a.alive and a.pos == s and a.attached == NO:
            return ("alien", i)
    return None


@cython.locals(game=GameRecords, pid=cython.Py_ssize_t)
def room_of(game, s: int) -> int:
    pid = game.colony.piece_ids[s]  # (the piece ids by flat index, Colony._share_piece: s NO reads the last, as .flat's)
    if pid >= 0 and game.colony.pieces[pid]["kind"] == "room":
        return pid
    return NO


@cython.locals(game=GameRecords, h=Human)
def exposed(game, h: Human) -> bool:
    """An active figure the Aliens (and acid, blasts, sentries, eggs) can reach: not inside the
    APC (PRINTED: anyone inside is safe from harm). combat.humans_beside writes it inline (hot)."""
    return h.status == "active" and not h.in_apc


@cython.locals(game=GameRecords)
def crew(game) -> list[int]:
    """Active figures inside the APC."""
    return [i for i, h in enumerate(game.humans) if h.status == "active" and h.in_apc]


@cython.locals(game=GameRecords)
def available_ap(game, i: int) -> int:
    sq = game.humans[i].squad
    return game.humans[i].ap + (0 if game.pools_lost[sq] else game.pools[sq])


@cython.locals(game=GameRecords, h=Human, ap=cython.long, spent=cython.long, own=cython.long,
               pools=list)  # (h's writes C writes: Human is final, state.pxd; the AP C longs)
def spend(game, i: int, cost: int) -> None:
    h = game.humans[i]
    ap, spent = h.ap, cost
    own = spent if spent < ap else ap  # (the figure's own AP first: min(ap, cost))
    h.ap = ap - own
    pools = game.pools
    pools[h.squad] -= spent - own
    h.overwatch = False  # expending AP in its own phase ends over-watch (PRINTED)


def add_alien(game, kind: str, s: int, anchored: bool = False) -> int:
    if len(live_aliens(game)) >= game.max_aliens:
        game.events.append(f"no {kind} counter left (pool of {game.max_aliens})")
        return NO
    a = Alien(kind, pos=int(s), lp=game.rules["queen_lp"] if kind == "queen" else 1, anchored=anchored)
    slot = next((k for k, old in enumerate(game.aliens) if not old.alive), NO)
    if slot == NO:
        game.aliens.append(a)
        slot = len(game.aliens) - 1
    else:
        game.aliens[slot] = a
        if slot in game.queue:
            game.queue.remove(slot)
    game.stats["aliens_placed"] += 1
    return slot
