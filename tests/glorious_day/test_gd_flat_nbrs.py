"""Glorious Day's flat neighbour table (``_flat_nbrs``: kept per map, compiled as the typed views of
its two arrays) holds each map's ``nbrs`` row by row, and the searches reading it answer as a plain
search over ``nbrs``."""
from __future__ import annotations

from collections import deque

from aliens_env.core.board import UNREACHABLE
from aliens_env.glorious_day.game import GloriousDay

MISSIONS = ('apc_chase', 'escape', 'loader_bay', 'nest', 'newt', 'purge', 'queen_apc', 'queen_lair', 'retrieve',
            'sulaco', 'survive', 'uplink')


def test_the_kept_table_holds_each_maps_neighbours_row_by_row():
    """For every mission's map, asked twice (made, then kept): row s of the table is ``nbrs[s]``."""
    for mission in MISSIONS:
        g = GloriousDay(mission=mission)
        g.reset(1)
        for _ in range(2):
            first, nexts = g._flat_nbrs()
            assert len(first) == len(g.nbrs) + 1
            for s, row in enumerate(g.nbrs):
                assert [nexts[k] for k in range(first[s], first[s + 1])] == list(row)


def _plain_steps(nbrs, start: int, n: int) -> list[int]:
    """Steps from `start` over `nbrs`, a plain breadth-first search."""
    dist, todo = [UNREACHABLE] * n, deque([start])
    dist[start] = 0
    while todo:
        s = todo.popleft()
        for m in nbrs[s]:
            if dist[m] == UNREACHABLE:
                dist[m] = dist[s] + 1
                todo.append(m)
    return dist


def test_bfs_and_reach_read_the_kept_table_as_the_neighbours():
    """``bfs`` and ``_bfs_reach`` (which read the kept table) from every seventh square of each map
    answer as a plain search over ``nbrs``."""
    searches = 0
    for mission in MISSIONS:
        g = GloriousDay(mission=mission)
        g.reset(2)
        n = g.board.n
        for start in range(0, n, 7):
            if not g.passable[start]:
                continue
            dist = _plain_steps(g.nbrs, start, n)
            assert g.bfs([start], set()) == dist
            assert sorted(g._bfs_reach(start, (), 3)[0]) == [s for s in range(n) if dist[s] <= 3]
            searches += 1
    assert searches > 100
