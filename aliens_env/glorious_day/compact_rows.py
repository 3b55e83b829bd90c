"""Glorious Day's own rows of its compact observation (core/compact.yaml's ``game_rows``, the Game
contract's ``compact_rows``) and the actions aimed at them (``row_aimed_actions``): with
``observation="compact"`` and ``actions="side"`` the marines' Move and Attack are one action per
row, instead of one per square (240) and per Alien slot (24). ASSUMPTION A74 of
docs/rules/glorious_day.md: a network moves to and attacks what these rows show.

- ``moves``: squares the acting Character's Move may end on now (``move_targets`` whose Move is
  legal: none while it may not Move, e.g. Knocked Down), worked out at each decision: the heuristic
  marines' Move when their action now is one (their rules of thumb: the mission's goal, the Queen,
  the APC, the Power Loader), else the one nearest the mission's goal by path (``goal_squares``,
  ``nearest_square``); the one farthest from the foes (Aliens, Blips, the Queen: the least
  Chebyshev distance to any, greatest); the one nearest another Character on the board; then the
  one nearest each foe, nearest foe first. Ties: the lowest square, the first foe (Aliens, then
  Blips, then the Queen, whose squares are one foe). A square an earlier row holds is not repeated
  (that row is empty). Columns: present, row and column offset from the Character ((offset + size
  - 1) / (2 (size - 1))), steps to the goal after it (/ (height + width), 1 beyond or without a
  goal), distance to the nearest foe (/ (max(height, width) - 1), 1 without one), an exit.
- ``targets``: the Aliens its Attack may target now (``attack_targets`` whose Attack is legal),
  the nearest first (range, then slot). Columns: present, row and column offset, range (/
  (max(height, width) - 1)), the Aliens in the slot (/ 3).

Both are empty (zeros, no action) when no Character acts (the Hive's decisions, an activation's
choice, the game's end). They read only what the board shows both sides (positions, Barricades,
the mission's goal), never a Blip's value.
"""
from __future__ import annotations

from array import array

import numpy as np

from ..core.board import NO, UNREACHABLE

_zeros = np.zeros  # (read once: no look-up of zeros on the numpy module per decision)

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython
from .state import nearest_square

MOVE_COLUMNS = ("present", "row offset", "column offset", "goal steps", "foe distance", "exit")
TARGET_COLUMNS = ("present", "row offset", "column offset", "range", "count/3")
#: the game's own row views and their columns (GloriousDay.compact_row_columns)
ROW_COLUMNS = {"moves": MOVE_COLUMNS, "targets": TARGET_COLUMNS}
#: the aimed slice of each row view (GloriousDay.row_aimed_slice_names)
AIMED = {"moves": ("move",), "targets": ("attack",)}
MOST_ALIENS = 3  # the Aliens a slot holds at most (the full observation's count/3)


def _acting(game) -> int:
    """The Character whose action is decided now, NO when none is (or it stands on no square)."""
    decision, active = game.decision, game.active  # (each attribute read once: a walk of the rule classes)
    if decision is None or decision.kind != "action" or active == NO:
        return NO
    return active if game.chars[active]["pos"] != NO else NO


@cython.locals(mask=cython.schar[:], first=cython.Py_ssize_t)  # (compiled: the mask's bytes read in C)
def _legal(game, name: str, indices) -> list[int]:
    """The entries of slice `name` among `indices` whose action is legal now (the marines' mask, read only)."""
    mask, first = game.legal_mask_kept("marines"), game.layout.slices[name][0]
    return [i for i in indices if mask[first + i]]


def _foe_squares(game) -> tuple[array, array]:
    """(every foe's squares, the foe each is of, numbered from 0): the Aliens' (slot order), the
    Blips' (slot order), the Queen's."""
    squares, owner, n = array("i"), array("i"), 0
    for a in game.aliens:
        if a is not None:
            squares.append(a["pos"])
            owner.append(n)
            n += 1
    for b in game.blips:
        if b is not None:
            squares.append(b["pos"])
            owner.append(n)
            n += 1
    if game.queen is not None:
        for q in game.queen_squares():
            squares.append(q)
            owner.append(n)
    return squares, owner


def _heuristic_move(game, c: int, moves: list[int]) -> tuple:
    """(the square of the heuristic marines' Move now, -1 when their action now is no Move (their
    rules of thumb: the mission's goal, the Queen, the APC, the Power Loader); the steps from the
    mission's goal they read, None without one)."""
    from .policies import HeuristicMarines, goal_steps_here  # (here: policies imports the game, which imports this module)

    kind, square = game.layout.decode(HeuristicMarines().act(game, "marines"))
    return square if kind == "move" and square in moves else -1, goal_steps_here(game, c)


@cython.locals(width=cython.int, height=cython.int, origin=cython.int, n=cython.Py_ssize_t, m=cython.Py_ssize_t,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t, f=cython.Py_ssize_t, nfoes=cython.Py_ssize_t, s=cython.int,
               q=cython.int, d=cython.int, e=cython.int, sr=cython.int, sc=cython.int, nearest=cython.int,
               away=cython.int, away_at=cython.int, ally=cython.int, ally_d=cython.int, ally_at=cython.int,
               far=cython.int, steps=cython.int, r0=cython.int, c0=cython.int, k=cython.Py_ssize_t,
               reach=cython.int[:], foe=cython.int[:], owner=cython.int[:], to_foe=cython.int[:],
               best_d=cython.int[:], best_at=cython.int[:], foe_distance=cython.int[:], scratch=cython.int[:],
               values=cython.float[:, :])
def move_rows(game, rows: int) -> tuple[list[int], np.ndarray]:
    """([the square of each of the first `rows` move rows, -1 for an empty one], their values).
    Distances are Chebyshev's (C ints compiled: a few hundred squares compared at each decision)."""
    key = ("compact_moves", rows)
    kept = game._cache.get(key)
    if kept is not None:
        return kept
    squares, table = [-1] * rows, _zeros((rows, len(MOVE_COLUMNS)), np.float32)  # (an empty row: zeros)
    c = _acting(game)
    moves = _legal(game, "move", game.move_targets(c)) if c != NO else []
    if moves:
        width, height = game.width, game.height
        origin = game.chars[c]["pos"]
        r0, c0 = origin // width, origin % width
        # ascending, each best kept on a strict improvement: the lowest square on a tie
        reach = array("i", sorted(moves))
        m = len(moves)
        advised, dist = _heuristic_move(game, c, moves)
        picks = [advised if advised >= 0 else nearest_square(moves, dist) if dist is not None else -1]
        foe, owner = _foe_squares(game)
        n = len(foe)
        nfoes = owner[n - 1] + 1 if n else 0
        # per foe: the Move ending nearest it (best_at) and how near (best_d); per Move: its nearest
        # foe's distance (foe_distance); the Move farthest from every foe (away_at). (One array cut
        # in four: one made and its view taken once a decision.)
        scratch = array("i", [0]) * (3 * nfoes + m)
        best_d, best_at = scratch[:nfoes], scratch[nfoes:2 * nfoes]
        to_foe, foe_distance = scratch[2 * nfoes:3 * nfoes], scratch[3 * nfoes:]
        for f in range(nfoes):
            best_d[f], best_at[f] = UNREACHABLE, -1
        away, away_at = -1, -1
        for i in range(m):
            s = reach[i]
            sr, sc = s // width, s % width
            for f in range(nfoes):
                to_foe[f] = UNREACHABLE
            for j in range(n):
                q = foe[j]
                d = sr - q // width
                e = sc - q % width
                d = max(abs(d), abs(e))
                f = owner[j]
                if d < to_foe[f]:
                    to_foe[f] = d
            nearest = UNREACHABLE
            for f in range(nfoes):
                d = to_foe[f]
                if d < best_d[f]:
                    best_d[f], best_at[f] = d, s
                if d < nearest:
                    nearest = d
            foe_distance[i] = nearest
            if nfoes and nearest > away:
                away, away_at = nearest, s
        picks.append(away_at)
        ally, ally_d, ally_at, chars = -1, UNREACHABLE, -1, game.chars
        for k in range(len(chars)):  # the other Character nearest, the first on a tie
            s = chars[k]["pos"]
            if k != c and s != NO:
                d = max(abs(s // width - r0), abs(s % width - c0))
                if d < ally_d:
                    ally_d, ally = d, s
        if ally >= 0:
            ally_d = UNREACHABLE
            for i in range(m):
                s = reach[i]
                d = max(abs(s // width - ally // width), abs(s % width - ally % width))
                if d < ally_d:
                    ally_d, ally_at = d, s
        picks.append(ally_at)
        for f in range(nfoes):  # (now: each foe's distance from the Character)
            to_foe[f] = UNREACHABLE
        for j in range(n):
            q = foe[j]
            d = max(abs(r0 - q // width), abs(c0 - q % width))
            f = owner[j]
            if d < to_foe[f]:
                to_foe[f] = d
        nearest_first = sorted([(to_foe[f], f) for f in range(nfoes)])  # (the first foe on a tie)
        for _, f in nearest_first[:max(rows - len(picks), 0)]:
            picks.append(best_at[f])
        far, steps = max(height, width) - 1, height + width
        values, exits = table, game.exits
        for k in range(min(rows, len(picks))):
            s = picks[k]
            if s < 0 or s in squares[:k]:
                continue
            squares[k] = s
            i = 0
            while reach[i] != s:  # (s is a Move's end: its place in reach)
                i += 1
            values[k, 0] = 1.0
            values[k, 1] = (s // width - r0 + height - 1) / (2 * max(height - 1, 1))
            values[k, 2] = (s % width - c0 + width - 1) / (2 * max(width - 1, 1))
            values[k, 3] = min(dist[s], steps) / steps if dist is not None else 1.0
            values[k, 4] = min(foe_distance[i], far) / far if nfoes else 1.0
            values[k, 5] = s in exits
    out = game._cache[key] = (squares, table)
    return out


@cython.locals(origin=cython.int, width=cython.int, height=cython.int, far=cython.int, r0=cython.int, c0=cython.int,
               r=cython.int, col=cython.int, row=cython.Py_ssize_t, k=cython.Py_ssize_t, pos=cython.int,
               ranges=list, alien=dict, values=cython.float[:, :])
def target_rows(game, rows: int) -> tuple[list[int], np.ndarray]:
    """([the Alien slot of each of the first `rows` target rows, -1 for an empty one], their values)."""
    key = ("compact_targets", rows)
    kept = game._cache.get(key)
    if kept is not None:
        return kept
    slots, table = [-1] * rows, _zeros((rows, len(TARGET_COLUMNS)), np.float32)
    c = _acting(game)
    if c != NO:
        origin, width, height = game.chars[c]["pos"], game.width, game.height
        ranges = game.board.range_row(origin)
        # nearest first: (range, slot) pairs sorted (no two with one slot)
        targets = sorted([(ranges[game.aliens[k]["pos"]], k) for k in _legal(game, "attack", game.attack_targets(c))])
        far = max(height, width) - 1
        r0, c0 = origin // width, origin % width
        values = table
        for row in range(min(rows, len(targets))):
            k = targets[row][1]
            alien = game.aliens[k]
            pos = alien["pos"]
            r, col = pos // width, pos % width
            slots[row] = k
            values[row, 0] = 1.0
            values[row, 1] = (r - r0 + height - 1) / (2 * max(height - 1, 1))
            values[row, 2] = (col - c0 + width - 1) / (2 * max(width - 1, 1))
            values[row, 3] = min(ranges[pos], far) / far
            values[row, 4] = min(alien["count"], MOST_ALIENS) / MOST_ALIENS
    out = game._cache[key] = (slots, table)
    return out


def compact_rows(game, view: str, rows: int, player: str) -> np.ndarray:
    """(GloriousDay.compact_rows) the rows of `view`; the same for both sides: they show what the
    board shows both."""
    if view == "moves":
        return move_rows(game, rows)[1]
    if view == "targets":
        return target_rows(game, rows)[1]
    raise ValueError(f"GloriousDay has no compact row view {view!r}; its row views: {list(ROW_COLUMNS)}")


def row_aimed_actions(game, name: str, rows: int) -> list[int]:
    """(GloriousDay.row_aimed_actions) the Move to each move row's square, the Attack on each target
    row's Alien, -1 for an empty row."""
    layout = game.layout
    if name == "move":
        return [layout.encode("move", s) if s >= 0 else -1 for s in move_rows(game, rows)[0]]
    if name == "attack":
        return [layout.encode("attack", k) if k >= 0 else -1 for k in target_rows(game, rows)[0]]
    raise ValueError(f"GloriousDay aims no {name!r} at its compact rows; row_aimed_slice_names: {AIMED}")
