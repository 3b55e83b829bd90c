"""Bug Hunt's geometry on the laid colony: squares and their indices, range, line of sight,
neighbours, the Aliens' movement graph and the distance fields over it (Dijkstra in AP, BFS in
steps), and the squares out of view the Aliens approach from. Plain functions of the game; the
layout-derived results are cached in game._shared per layout version."""
from __future__ import annotations

import heapq
from collections import deque

import numpy as np

from ..core.board import DIRECTIONS
from . import state
from .colony import CARDINAL, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, PASSABLE
from .state import NO, PASSABLE_BY_CODE, UNREACHABLE


def sq(game, rc) -> int:
    return rc[0] * game.size + rc[1]


def rc(game, s: int) -> tuple[int, int]:
    return divmod(s, game.size)


def cell(game, s: int) -> int:
    return int(game.colony.cells.flat[s])


def step_sq(game, s: int, dr: int, dc: int) -> int:
    r, c = divmod(s, game.size)
    r, c = r + dr, c + dc
    if 0 <= r < game.size and 0 <= c < game.size:
        return r * game.size + c
    return NO


def rng(game, a: int, b: int) -> int:
    ar, ac = divmod(a, game.size)
    br, bc = divmod(b, game.size)
    return max(abs(ar - br), abs(ac - bc))


def los(game, a: int, b: int, radius: int | None = None) -> bool:
    """Line of sight from a to b within `radius` (at most the sight range)."""
    sight = game.rules["sight_range"]
    ar, ac = divmod(a, game.size)
    br, bc = divmod(b, game.size)
    if max(abs(ar - br), abs(ac - bc)) > (sight if radius is None else min(radius, sight)):
        return False
    return bool(game.colony.los_from((ar, ac), sight).flat[b])


def enter_cost(game, s: int) -> int:
    return 1 + (game.rules["hazard_extra_ap"] if game.colony.hazard.flat[s] else 0)


def diag_ok(game, s: int, dr: int, dc: int) -> bool:
    """A diagonal step may not cut a wall or door corner (ASSUMPTION A24)."""
    if not (dr and dc):
        return True
    a, b = step_sq(game, s, dr, 0), step_sq(game, s, 0, dc)
    return a != NO and b != NO and PASSABLE[cell(game, a)] and PASSABLE[cell(game, b)]


def around(game, s: int) -> list:
    """Square s's 8 neighbours in DIRECTIONS order (N, NE, E, ... NW) on the laid map, each
    (square, cell, AP to enter it, a diagonal step to it cuts no corner) or None off the
    grid; cached per layout version (every change of a square or hazard bumps it)."""
    version = game.colony.version
    cache = game._shared.get("around")
    if cache is None or cache[0] != version:
        cache = game._shared["around"] = (version, {})
    out = cache[1].get(s)
    if out is None:
        cells, hazard = cache[2:] if len(cache) > 2 else (None, None)
        if cells is None:
            cells, hazard = game.colony.cells.ravel().tolist(), game.colony.hazard.ravel().tolist()
            cache = game._shared["around"] = (version, cache[1], cells, hazard)
        size, extra = game.size, game.rules["hazard_extra_ap"]
        r, c = divmod(s, size)
        out = []
        for dr, dc in DIRECTIONS:  # as step_sq, cell, enter_cost and diag_ok, on plain lists
            rr, cc = r + dr, c + dc
            if not (0 <= rr < size and 0 <= cc < size):
                out.append(None)
                continue
            n = rr * size + cc
            corner_ok = not (dr and dc) or (PASSABLE_BY_CODE[cells[rr * size + c]] and PASSABLE_BY_CODE[cells[r * size + cc]])
            out.append((n, cells[n], 1 + (extra if hazard[n] else 0), corner_ok))
        cache[1][s] = out
    return out


def graph(game) -> list[list[tuple[int, bool]]]:
    """Moves an Alien could make on the laid map (8 directions, no corner cutting), from and
    into open squares and closed doors, as (square, diagonal) per square (an empty tuple for
    squares off the walkable map); built once per layout version."""
    version = game.colony.version
    shared = game._shared
    if shared.get("graph_version") != version:
        shared.clear()
        shared["graph_version"] = version
        size = game.size
        cells = game.colony.cells
        passable = np.pad(PASSABLE[cells], 1)
        door = np.pad(cells == DOOR_CLOSED, 1)
        walkable = passable | door

        def at(grid: np.ndarray, dr: int, dc: int) -> np.ndarray:
            """grid[r + dr, c + dc] for every square (r, c) of the map; off the map is False."""
            return grid[1 + dr:1 + dr + size, 1 + dc:1 + dc + size]

        nbrs: list = [()] * (size * size)  # squares no Alien can stand on share one empty tuple
        for s in np.flatnonzero(at(walkable, 0, 0)).tolist():
            nbrs[s] = []
        for dr, dc in DIRECTIONS:  # each square's list in DIRECTIONS order
            ok = at(walkable, 0, 0) & at(walkable, dr, dc)
            diag = bool(dr and dc)
            if diag:  # no diagonal through a closed door or across a wall or door corner
                ok &= ~at(door, 0, 0) & ~at(door, dr, dc) & at(passable, 0, dc) & at(passable, dr, 0)
            off = dr * size + dc
            for s in np.flatnonzero(ok).tolist():
                nbrs[s].append((s + off, diag))
        shared["graph"] = nbrs
    return shared["graph"]


def dijkstra(game, targets: list[int], hugger: bool) -> np.ndarray:
    key = ("dijkstra", tuple(sorted(targets)), hugger)
    nbrs = graph(game)
    cached = game._shared.get(key)
    if cached is not None:
        return cached
    n = game.size * game.size
    dist = [UNREACHABLE] * n
    heap = []
    for t in targets:
        dist[t] = 0
        heap.append((0, t))
    heapq.heapify(heap)
    cells = game.colony.cells.ravel().tolist()
    hazard = game.colony.hazard.ravel().tolist()
    extra = game.rules["hazard_extra_ap"]
    while heap:
        d0, s = heapq.heappop(heap)
        if d0 > dist[s]:
            continue
        cs = cells[s]
        # the cost of entering s from a neighbour: 1 (+1 hazard); a closed door is opened first (+1)
        if d0 == 0:
            enter = 1
        elif cs == DOOR_CLOSED:
            if hugger:
                continue
            enter = 2
        else:
            enter = 1 + (extra if hazard[s] else 0)
        nd = d0 + enter
        for m, _diag in nbrs[s]:
            if nd < dist[m]:
                if hugger and cells[m] == DOOR_CLOSED:
                    continue
                dist[m] = nd
                heapq.heappush(heap, (nd, m))
    out = np.array(dist, dtype=np.int32)
    game._shared[key] = out
    return out


def placement_candidates(game) -> dict[int, list[tuple[int, int]]]:
    """direction -> [(path distance from the squad, square)] of open squares out of view
    (ASSUMPTION A30: directions are the compass quarter seen from the squad's centre).
    Read-only; kept for the position (asked again when the approach is placed)."""
    key = ("placement", game.colony.version, game.xeno_squad,
           tuple((h.status, h.pos, h.squad) for h in game.humans),
           tuple(a.pos for a in game.aliens if a.alive and a.attached == NO),
           tuple(tuple(f["pos"]) for f in game.features if f["kind"] == "sentry"))
    cached = game._shared.get(key)
    if cached is None:
        cached = game._shared[key] = _placement_candidates_uncached(game)
    return cached


def _placement_candidates_uncached(game) -> dict[int, list[tuple[int, int]]]:
    sq = max(game.xeno_squad, 0)
    squad = [h.pos for h in game.humans if h.status == "active" and h.squad == sq]
    if not squad:
        return {}
    dist = bfs(game, squad)
    occ = state.occupied(game)
    seen = np.zeros(game.size * game.size, dtype=bool)
    for v in (h.pos for h in game.humans if h.status == "active"):  # out of everyone's view
        seen |= game.colony.los_from(rc(game, v), game.rules["sight_range"]).ravel()
    rows = [rc(game, v)[0] for v in squad]
    cols = [rc(game, v)[1] for v in squad]
    cr, cc = sum(rows) / len(rows), sum(cols) / len(cols)
    out: dict[int, list] = {}
    free = PASSABLE[game.colony.cells.ravel()]
    free[list(occ)] = False
    hidden = np.flatnonzero((dist < UNREACHABLE) & ~seen & free)
    if not len(hidden):
        # ASSUMPTION A31: no laid square is out of view: they come out of the dark at the
        # edge of what is laid, at least min_placement squares away
        hidden = np.flatnonzero((dist < UNREACHABLE) & (dist >= game.rules["min_placement"]) & free)
    r, c = np.divmod(hidden, game.size)
    dr, dc = r - cr, c - cc
    side = np.where(np.abs(dr) >= np.abs(dc), np.where(dr < 0, 0, 2), np.where(dc > 0, 1, 3))
    for s, d, far in zip(hidden.tolist(), side.tolist(), dist[hidden].tolist()):
        out.setdefault(d, []).append((far, s))
    return out


def bfs(game, sources: list[int]) -> np.ndarray:
    """Squares (steps) from the sources over open squares and doors an Alien could open
    (read-only; kept per layout version and sources)."""
    nbrs = graph(game)
    key = ("bfs", tuple(sources))
    cached = game._shared.get(key)
    if cached is not None:
        return cached
    dist = [UNREACHABLE] * (game.size * game.size)
    q = deque()
    for s in sources:
        dist[s] = 0
        q.append(s)
    while q:
        s = q.popleft()
        d1 = dist[s] + 1
        for m, _diag in nbrs[s]:
            if dist[m] == UNREACHABLE:
                dist[m] = d1
                q.append(m)
    out = np.array(dist, dtype=np.int32)
    out.flags.writeable = False
    game._shared[key] = out
    return out


def walk_steps(game, goals: list[int]) -> dict[int, int]:
    """Orthogonal steps from every square a figure can walk to (open squares and doors that are
    not welded: open, closed or locked) to the nearest goal, by square (read-only; kept per
    layout version and goals)."""
    graph(game)  # keeps the shared cache on this layout version
    key = ("walk_steps", tuple(sorted(goals)))
    cached = game._shared.get(key)
    if cached is None:
        cached = game._shared[key] = _walk_steps_uncached(game, goals)
    return cached


def _walk_steps_uncached(game, goals: list[int]) -> dict[int, int]:
    dist = {g: 0 for g in goals}
    q = deque(goals)
    while q:
        s = q.popleft()
        for dr, dc in CARDINAL:
            n = step_sq(game, s, dr, dc)
            if n == NO or n in dist:
                continue
            c = cell(game, n)
            if not (PASSABLE[c] or c == DOOR_CLOSED or c == DOOR_OPEN or c == DOOR_LOCKED):
                continue
            dist[n] = dist[s] + 1
            q.append(n)
    return dist


def free_near(game, s: int) -> int:
    occ = state.occupied(game)
    if PASSABLE[cell(game, s)] and s not in occ:
        return s
    dist = bfs(game, [s])
    best = [(int(dist[m]), int(m)) for m in np.flatnonzero(dist < UNREACHABLE) if PASSABLE[cell(game, int(m))] and int(m) not in occ]
    return min(best)[1] if best else NO
