"""The squares the Aliens approach from (geometry._placement_candidates_uncached, its squares sorted
into quarters by one typed loop, _quarters) against the rules read square by square: reached by the
squad's search, open, not occupied, out of every active figure's view (A30); and where no square is
out of view, at least min_placement steps away (A31). Both branches are met."""
from __future__ import annotations

import pytest

from aliens_env.bug_hunt import geometry, state
from aliens_env.bug_hunt.colony import PASSABLE
from aliens_env.bug_hunt.state import UNREACHABLE
from bh_helpers import positions


def _quarter(square: int, size: int, squad: list[int]) -> int:
    """The compass quarter of square seen from the squad's centre (N 0, E 1, S 2, W 3; a diagonal
    square to the row's quarter)."""
    dr = square // size - sum(s // size for s in squad) / len(squad)
    dc = square % size - sum(s % size for s in squad) / len(squad)
    if abs(dr) >= abs(dc):
        return 0 if dr < 0 else 2
    return 1 if dc > 0 else 3


def candidates_square_by_square(game) -> tuple[dict, bool]:
    """(direction -> [(steps, square)] in square order, whether A31's edge of the dark was used)."""
    squad = [h.pos for h in game.humans if h.status == "active" and h.squad == max(game.xeno_squad, 0)]
    if not squad:
        return {}, False
    col, size = game.colony, game.size
    dist = geometry.bfs(game, squad)
    occupied = state.occupied(game)
    views = [col.los_from(h.pos, game.rules["sight_range"]) for h in game.humans if h.status == "active"]
    free = [s for s in range(col.n)
            if dist[s] < UNREACHABLE and PASSABLE[col.cells.flat[s]] and s not in occupied]
    chosen = [s for s in free if not any(view[s] for view in views)]
    dark = not chosen
    if dark:
        chosen = [s for s in free if dist[s] >= game.rules["min_placement"]]
    out: dict = {}
    for s in chosen:
        out.setdefault(_quarter(s, size, squad), []).append((int(dist[s]), s))
    return out, dark


@pytest.mark.parametrize("seed,mission,options", [(5, "explore", {}), (6, "kill_queen", {}),
                                                 (7, "explore", {"squad": "two_squads"}),
                                                 (8, "kill_queen", {"apc": True, "squad": "apc_crew"})])
def test_placement_candidates_follow_the_rules_square_by_square(seed, mission, options):
    """With two squads the squad searched from and centred on is not every figure that watches; with
    the APC its square is taken and its crew watches from it: each read as the rules say."""
    hidden = dark = apart = apc = 0
    for g in positions(seed, mission, every=7, steps=1000, **options):
        kept = g.xeno_squad
        try:
            for squad in range(-1, g.n_squads):
                g.xeno_squad = squad
                got = geometry._placement_candidates_uncached(g)
                want, in_the_dark = candidates_square_by_square(g)
                assert list(got.items()) == list(want.items()), (seed, g.turn, squad)
                assert all(type(far) is int and type(s) is int for pairs in got.values() for far, s in pairs)
                if want:
                    dark += in_the_dark
                    hidden += not in_the_dark
                    active = [h for h in g.humans if h.status == "active"]
                    apart += any(h.squad != max(squad, 0) for h in active)
                    apc += g.apc is not None
        finally:
            g.xeno_squad = kept
    assert hidden > 50
    assert dark > 5
    assert (apart > 20) == (options.get("squad") == "two_squads"), apart  # (the squad is not every watcher)
    assert (apc > 20) == bool(options.get("apc")), apc
