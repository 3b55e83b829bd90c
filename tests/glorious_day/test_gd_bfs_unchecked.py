"""``StateQueries.bfs``, whose search (state.py ``_breadth_first_layers``) reads its arrays with no
check of each index when compiled: it answers as a plain breadth-first search over ``nbrs`` with
closed squares, several sources, a limit and the squares read (``until``), on every mission's map;
and a source off the board is an IndexError (never a read past the neighbour table)."""
from __future__ import annotations

import random
from collections import deque

import pytest

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.glorious_day.game import GloriousDay
from test_gd_flat_nbrs import MISSIONS


def plain_bfs(nbrs, sources, closed, limit: int, n: int) -> list[int]:
    """Steps from `sources` (always spread) over `nbrs`, never into `closed`, up to `limit` steps."""
    dist, todo = [UNREACHABLE] * n, deque()
    for s in sources:
        dist[s] = 0
        todo.append(s)
    while todo:
        s = todo.popleft()
        if dist[s] >= limit:
            continue
        for m in nbrs[s]:
            if dist[m] == UNREACHABLE and m not in closed:
                dist[m] = dist[s] + 1
                todo.append(m)
    return dist


def test_bfs_answers_as_a_plain_search():
    rng, searches = random.Random(7), 0
    for mission in MISSIONS:
        g = GloriousDay(mission=mission)
        g.reset(3)
        n, open_squares = g.board.n, [s for s in range(g.board.n) if g.passable[s]]
        for _ in range(25):
            sources = rng.sample(open_squares, rng.randint(1, 4))
            closed = set(rng.sample(open_squares, rng.randint(0, len(open_squares) // 4))) - set(sources)
            limit = rng.choice([UNREACHABLE, 1, 3, 6])
            want = plain_bfs(g.nbrs, sources, closed, limit, n)
            assert g.bfs(sources, closed, limit) == want
            until = rng.sample(open_squares, 3)
            got = g.bfs(sources, closed, limit, until)
            assert [got[s] for s in until] == [want[s] for s in until]
            searches += 1
    assert searches == 25 * len(MISSIONS)


@pytest.mark.parametrize("off", [NO, -5, "n"])
def test_a_source_off_the_board_is_an_index_error(off):
    g = GloriousDay(mission="queen_apc")
    g.reset(0)
    source = g.board.n if off == "n" else off
    with pytest.raises(IndexError, match="not a square of the board"):
        g.bfs([0, source], set())
