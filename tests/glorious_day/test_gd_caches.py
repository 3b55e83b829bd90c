"""The shared caches of Glorious Day stay bounded over many games (issue 16: the distance
fields, keyed by every Character's square, once grew without end) and keep the play unchanged."""
from __future__ import annotations

import random

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.glorious_day import state
from aliens_env.glorious_day.game import GloriousDay


def _play(steps: int, seed: int = 0) -> tuple[list[int], int]:
    """Random legal play over games seeded seed, seed + 1, ... from empty caches: the actions
    taken and the most entries either field cache held."""
    state._FIELDS.clear()
    rng, g, taken, most = random.Random(seed), GloriousDay(), [], 0
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
            continue
        action = rng.choice(g.legal_actions())
        taken.append(action)
        g.apply(action)
        most = max(most, len(state._FIELDS))
    return taken, most


def test_field_caches_stay_under_their_cap_and_play_is_unchanged(monkeypatch):
    uncapped, most = _play(3000)
    assert most > 40  # enough distinct fields that a cap of 20 must act
    monkeypatch.setattr(state, "FIELD_CACHE_SIZE", 20)
    capped, most = _play(3000)
    assert most <= 21  # the cap, and the one field just computed
    assert capped == uncapped  # a cache only saves work: the same games are played


def test_kept_reach_answers_are_tuples_no_caller_can_change():
    """reach and reach_split keep their answers in module caches shared by every game of the
    process (open map and with closed squares near): they hand out tuples, the same answer as a
    search done anew."""
    g = GloriousDay()
    g.reset(0)
    start = g.chars[0]["pos"]
    near = [s for s in g.reach(start, set(), 2) if s != start][:2]
    for closed in (set(), set(near)):
        out = g.reach(start, closed, 3)
        split, within = g.reach_split(start, closed, 3)
        assert type(out) is tuple and type(split) is tuple and out == split
        assert (out, within) == g._bfs_reach(start, closed, 3)
        assert not set(closed) & set(out)


def _nearest_by_search(g: GloriousDay, start: int, steps: int, through: bool) -> list[int]:
    """nearest_in_reach worked out plainly: a search of `steps` from the start (Characters and
    Barricades closed), the free squares of it at each level of the field from the start's
    distance less `steps` up, the first level holding any."""
    chars = g._character_squares()
    dist = g.bfs([start], set(chars) | g.barricades, limit=steps)
    taken = g.occupied() - {start}
    seen = [s for s in range(g.board.n) if dist[s] <= steps and s not in taken]
    field = g.character_field(through_barricades=through)
    if field[start] >= UNREACHABLE:
        return seen
    for level in range(max(1, field[start] - steps), field[start] + 1):
        found = [s for s in seen if field[s] == level]
        if found:
            return found
    raise AssertionError("the start square is always in reach")


def test_nearest_in_reach_is_the_plain_search_nearest():
    """nearest_in_reach (its typed search, aliens._nearest_free, read level by level) answers as
    the plain search does, for every Alien and Blip of positions of random play, at each speed,
    through Barricades or not."""
    rng, g, seed, checked = random.Random(3), GloriousDay(), 0, 0
    g.reset(seed)
    for _ in range(1500):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
            continue
        for model in [*g.aliens, *g.blips]:
            if model is not None:
                for steps in (1, 3, 6, 7):
                    for through in (False, True):
                        assert g.nearest_in_reach(model["pos"], steps, through) == \
                            _nearest_by_search(g, model["pos"], steps, through)
                        checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 1000


def test_nearest_in_reach_with_no_character_reached_is_every_free_square_in_reach():
    """With no Character reached (the field UNREACHABLE everywhere) nearest_in_reach answers every
    free square within its steps, as the plain search finds them; with no step, the start alone."""
    rng, g, seed, checked = random.Random(5), GloriousDay(), 0, 0
    g.reset(seed)
    nowhere = [UNREACHABLE] * g.board.n
    for _ in range(600):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
            continue
        chars = g._character_squares()
        taken = g.occupied()
        for model in [*g.aliens, *g.blips]:
            if model is not None:
                start = model["pos"]
                assert g.nearest_in_reach(start, 0, _field=nowhere) == [start]
                for steps in (2, 6):
                    dist = g.bfs([start], set(chars) | g.barricades, limit=steps)
                    plain = [s for s in range(g.board.n) if dist[s] <= steps and (s == start or s not in taken)]
                    assert g.nearest_in_reach(start, steps, _field=nowhere) == plain
                    checked += 1
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 300


def test_bfs_is_the_plain_breadth_first_search():
    """bfs (marks in a bytearray, C ints) gives the steps of a plain search: sources spread even
    when closed, closed squares are never entered (NO in `closed` closes nothing), `limit`
    bounds the steps, `until` leaves correct the squares it names and stops the search after the
    layer that reaches the last of them (bfs counts them down in a bytearray: typed, flat
    neighbour tables)."""
    g = GloriousDay()
    g.reset(0)
    rng, n = random.Random(5), g.board.n
    passable = [s for s in range(n) if g.nbrs[s]]
    for _ in range(200):
        sources = rng.sample(passable, rng.randint(1, 3))
        closed = set(rng.sample(passable, rng.randint(0, 40))) | {NO} | set(sources[:1])
        limit = rng.choice([2, 5, UNREACHABLE])
        dist = {s: 0 for s in sources}
        frontier = list(dist)
        for d in range(1, limit + 1):
            frontier = [m for s in frontier for m in g.nbrs[s] if m not in closed and m not in dist]
            dist.update((m, d) for m in frontier)
            if not frontier:
                break
        plain = [dist.get(s, UNREACHABLE) for s in range(n)]
        assert g.bfs(sources, closed, limit) == plain
        until = rng.sample(passable, 3) + sources[:1]
        until += until[:1]  # a square named twice, and a source
        out = g.bfs(sources, closed, limit, until=until)
        assert [out[s] for s in until] == [plain[s] for s in until]
        last = max(plain[s] for s in until)
        if last < UNREACHABLE:  # every one reached: the search stops after the layer of the farthest (the first at least)
            assert out == [d if d <= max(last, 1) else UNREACHABLE for d in plain]


def test_bfs_reach_is_the_plain_search_layer_by_layer():
    """_bfs_reach (_reach_layers: an int array queue, C ints over the flat neighbour table)
    answers as a plain search does: the start first, then the squares within `limit` steps
    (never entering `closed`) layer by layer, each layer in the order found from the one before;
    and how many lie within limit - 1 steps (all of them when the search ends early)."""
    g = GloriousDay()
    g.reset(0)
    rng, n = random.Random(7), g.board.n
    passable = [s for s in range(n) if g.nbrs[s]]
    for _ in range(300):
        start = rng.choice(passable)
        closed = set(rng.sample(passable, rng.randint(0, 60))) - {start}
        limit = rng.choice([0, 1, 2, 4, 6, 60])  # (0: reach_split(..., 1), Speed 1 in vehicle_moves)
        plain, seen, frontier, near = [start], {start} | closed, [start], 1
        for _ in range(limit):
            near = len(plain)
            frontier = [m for s in frontier for m in g.nbrs[s] if not (m in seen or seen.add(m))]
            if not frontier:
                break
            plain += frontier
        assert g._bfs_reach(start, closed, limit) == (tuple(plain), near)


def test_nearest_steps_is_the_search_from_all_the_sources():
    """_nearest_steps (the least of each source's kept open-map steps, lowered in C ints) is the
    search from all the sources at once, on two maps, for the same sources asked again and in
    other sets (a kept row is never lowered itself), with the APC's squares among them (their
    least kept per anchor) or some of them; unreachable squares hold the one shared UNREACHABLE,
    as bfs's lists do. The sources are passable squares, as the models' squares it is asked from
    are (a source's row is its _dist_row, the map's distances, which start from such a square)."""
    rng = random.Random(11)
    for mission in ("survive", "queen_apc"):
        g = GloriousDay(mission=mission)
        g.reset(0)
        passable = [s for s in range(g.board.n) if g.passable[s]]
        for _ in range(60):
            sources = tuple(sorted(rng.sample(passable, rng.randint(1, 5))))
            out = g._nearest_steps(sources)
            assert out == g.bfs(sources, set(sources))
            assert all(d is UNREACHABLE for d in out if d >= UNREACHABLE)
        assert g._nearest_steps(()) == [UNREACHABLE] * g.board.n
    g = GloriousDay(mission="queen_apc")  # the APC's squares among the sources: their least row kept per anchor
    g.reset(0)
    passable = [s for s in range(g.board.n) if g.passable[s]]
    stands = [s for s in passable if len(g.vehicle_squares(s)) == 21 and all(g.passable[t] for t in g.vehicle_squares(s))]
    for anchor in rng.sample(stands, 5):  # (where the APC may stand: its squares passable)
        g.apc["pos"] = anchor
        inside = g.vehicle_squares()
        for _ in range(4):  # (each ask lowers a copy of the kept row, not the row itself)
            sources = tuple(sorted(set(inside) | set(rng.sample(passable, rng.randint(0, 4)))))
            assert g._nearest_steps(sources) == g.bfs(sources, set(sources))
            assert (g.map_id, anchor) in state._VEHICLE_STEPS  # (the APC's row was asked for)
        partly = inside[1:]  # not all of them: each square's own row
        assert g._nearest_steps(partly) == g.bfs(partly, set(partly))


def test_the_free_squares_nearest_a_spawn_are_the_plain_search_nearest():
    """_free_near (its rings by range worked out in C loops, kept per map and squares) answers as
    the plain reading does: the free open squares at the least range from any of the squares,
    for the Queen's squares on many stands and for single squares, with models on the board."""
    from aliens_env.glorious_day import aliens

    g, rng = GloriousDay(mission="queen_apc"), random.Random(5)
    g.reset(5)
    for _ in range(60):  # (some play: Aliens, Blips and Characters on the board)
        g.apply(rng.choice(g.legal_actions()))
    aliens._RINGS.clear()
    taken = g.occupied() | g.barricades
    for _ in range(40):
        squares = rng.sample([s for s in range(g.board.n) if g.passable[s]], rng.choice((1, 4)))
        free = [s for s in range(g.board.n) if g.passable[s] and s not in taken]
        near = min(min(g.board.range(s, t) for t in squares) for s in free)
        assert g._free_near(squares) == [s for s in free if min(g.board.range(s, t) for t in squares) == near]


def test_goal_steps_is_the_search_from_the_goal_and_reads_as_the_search_stopped_early(monkeypatch):
    """large_policies.goal_steps (bfs kept per map, goal and closed squares, shared by _toward and
    apc_policy's _outside) is the whole search from the goal, so it reads as the search stopped once
    the squares a script reads are reached (the search it replaced) on every one of them; asked
    again it hands out the kept list; the cache stays under its cap."""
    from aliens_env.glorious_day import large_policies

    large_policies._GOAL_STEPS.clear()
    monkeypatch.setattr(large_policies, "GOAL_STEPS_SIZE", 30)
    g = GloriousDay()
    g.reset(0)
    rng, n = random.Random(11), g.board.n
    passable = [s for s in range(n) if g.nbrs[s]]
    for _ in range(200):
        goal = rng.sample(passable, rng.randint(1, 4))
        closed = set(rng.sample(passable, rng.randint(0, 40))) - set(goal)
        read = rng.sample(passable, rng.randint(1, 6))
        dist = large_policies.goal_steps(g, goal, closed)
        assert dist == g.bfs(goal, closed)
        stopped = g.bfs(goal, closed, until=read)
        assert [dist[s] for s in read] == [stopped[s] for s in read]
        assert large_policies.goal_steps(g, list(goal), set(closed)) is dist
        assert len(large_policies._GOAL_STEPS) <= 30
