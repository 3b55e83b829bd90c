"""The heuristic marines' goal search, kept and shared (policies.goal_steps_here): the heuristic's
Move and the compact move rows (compact_rows.move_rows) read one search a decision, kept across
decisions by large_policies.goal_steps. Each checked against the code it replaced (kept here as
the reference) over random play, on the one game played on (a kept answer from an earlier
position would show)."""
import numpy as np
import pytest

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.glorious_day import compact_rows, policies
from aliens_env.glorious_day.missions import goal_squares
from aliens_env.glorious_day.policies import HeuristicMarines, goal_steps_here

from gd_helpers import random_positions

MISSIONS = ["newt", "escape", "survive", "uplink", "purge", "queen_apc", "loader_bay"]


def reference_goal_steps(game, c):
    """The heuristic marines' search before it was kept: from the goal, stopped once the
    Character's square and its Move's ends have their steps."""
    goal = goal_squares(game, c)
    if not goal:
        return None
    return game.bfs(goal, game.barricades, UNREACHABLE, [game.chars[c]["pos"], *game.move_targets(c)])


def reference_move_rows(game, rows):
    """compact_rows.move_rows before its goal search was shared and its values written in place
    (the rows' squares and values)."""
    from array import array

    c = compact_rows._acting(game)
    squares, table = [-1] * rows, [(0.0,) * len(compact_rows.MOVE_COLUMNS)] * rows
    mask, first = game.legal_mask("marines"), game.layout.slices["move"][0]
    moves = [i for i in game.move_targets(c) if mask[first + i]] if c != NO else []
    if moves:
        width, height = game.width, game.height
        origin = game.chars[c]["pos"]
        r0, c0 = origin // width, origin % width
        reach = sorted(moves)
        m = len(moves)
        goal = goal_squares(game, c)
        dist = game.bfs(goal, game.barricades, UNREACHABLE, [origin, *moves]) if goal else None
        kind, square = game.layout.decode(HeuristicMarines().act(game, "marines"))
        advised = square if kind == "move" and square in moves else -1
        picks = [advised if advised >= 0 else policies.nearest_square(moves, dist) if dist is not None else -1]
        foe, owner = compact_rows._foe_squares(game)
        n = len(foe)
        nfoes = owner[n - 1] + 1 if n else 0
        best_d, best_at = [UNREACHABLE] * nfoes, [-1] * nfoes
        to_foe, foe_distance = array("i", [0]) * nfoes, [0] * m
        away, away_at = -1, -1
        for i in range(m):
            s = reach[i]
            sr, sc = s // width, s % width
            for f in range(nfoes):
                to_foe[f] = UNREACHABLE
            for j in range(n):
                q = foe[j]
                d = max(abs(sr - q // width), abs(sc - q % width))
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
        ally, ally_d, ally_at = -1, UNREACHABLE, -1
        for k in range(len(game.chars)):
            s = game.chars[k]["pos"]
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
        for f in range(nfoes):
            to_foe[f] = UNREACHABLE
        for j in range(n):
            q = foe[j]
            d = max(abs(r0 - q // width), abs(c0 - q % width))
            f = owner[j]
            if d < to_foe[f]:
                to_foe[f] = d
        nearest_first = sorted([(to_foe[f], f) for f in range(nfoes)])
        for _, f in nearest_first[:max(rows - len(picks), 0)]:
            picks.append(best_at[f])
        far, steps = max(height, width) - 1, height + width
        index = {reach[i]: i for i in range(m)}
        for k in range(min(rows, len(picks))):
            s = picks[k]
            if s < 0 or s in squares[:k]:
                continue
            squares[k] = s
            table[k] = (1.0, (s // width - r0 + height - 1) / (2 * max(height - 1, 1)),
                        (s % width - c0 + width - 1) / (2 * max(width - 1, 1)),
                        min(dist[s], steps) / steps if dist is not None else 1.0,
                        min(foe_distance[index[s]], far) / far if nfoes else 1.0, float(s in game.exits))
    return squares, np.array(table, np.float32)


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_kept_goal_steps_read_as_the_search_they_replaced(mission):
    """At every action of a Character: its square's and its Move's ends' steps equal the search
    the heuristic marines made anew (None exactly without a goal), asked again of the same
    position (kept) and of the same game played on (never an earlier position's)."""
    checked = 0
    for g in random_positions(mission, 400, 11):
        if g.decision is None or g.decision.kind != "action" or g.chars[g.active]["pos"] == NO:
            continue
        c = g.active
        dist, theirs = goal_steps_here(g, c), reference_goal_steps(g, c)
        assert (dist is None) == (theirs is None)
        if dist is not None:
            read = [g.chars[c]["pos"], *g.move_targets(c)]
            assert [dist[s] for s in read] == [theirs[s] for s in read]
            assert goal_steps_here(g, c) is dist
            checked += 1
    assert checked > 20 or mission in ("queen_apc", "loader_bay")


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_heuristic_marines_play_as_with_the_search_made_anew(mission, monkeypatch):
    """The heuristic marines' action with the kept search equals their action with the search
    they made before (the reference, patched in for goal_steps_here), at every decision."""
    made = []

    def anew(game, c):
        made.append(c)
        return reference_goal_steps(game, c)

    heuristic, actions = HeuristicMarines(), 0
    for g in random_positions(mission, 400, 5):
        if g.current_player() != "marines":
            continue
        kept = heuristic.act(g, "marines")
        with monkeypatch.context() as patch:
            patch.setattr(policies, "goal_steps_here", anew)
            g._cache.clear()
            assert heuristic.act(g, "marines") == kept
        g._cache.clear()
        actions += 1
    assert actions > 50 and (made or mission in ("queen_apc", "loader_bay"))


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_move_rows_equal_the_code_they_replaced(mission):
    """compact_rows.move_rows (the shared search, the values written in place) against the
    reference: the same squares and the same float32 values, at every decision of random play."""
    checked = 0
    for g in random_positions(mission, 400, 7):
        squares, values = compact_rows.move_rows(g, 6)
        theirs = reference_move_rows(g, 6)
        assert squares == theirs[0]
        assert values.dtype == theirs[1].dtype and values.shape == theirs[1].shape
        assert np.array_equal(values, theirs[1])
        checked += any(s >= 0 for s in squares)
    assert checked > 50


def reference_target_rows(game, rows):
    """compact_rows.target_rows before its values were written in place and its sort took no key
    function (the rows' slots and values)."""
    slots, values = [-1] * rows, np.zeros((rows, len(compact_rows.TARGET_COLUMNS)), np.float32)
    c = compact_rows._acting(game)
    if c != NO:
        origin, width, height = game.chars[c]["pos"], game.width, game.height
        ranges = game.board.range_row(origin)
        mask, first = game.legal_mask("marines"), game.layout.slices["attack"][0]
        targets = sorted([k for k in game.attack_targets(c) if mask[first + k]],
                         key=lambda k: (ranges[game.aliens[k]["pos"]], k))
        far = max(height, width) - 1
        r0, c0 = divmod(origin, width)
        for row, k in enumerate(targets[:rows]):
            alien = game.aliens[k]
            r, col = divmod(alien["pos"], width)
            slots[row] = k
            values[row] = (1.0, (r - r0 + height - 1) / (2 * max(height - 1, 1)), (col - c0 + width - 1) / (2 * max(width - 1, 1)),
                           min(ranges[alien["pos"]], far) / far, min(alien["count"], compact_rows.MOST_ALIENS) / compact_rows.MOST_ALIENS)
    return slots, values


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_target_rows_equal_the_code_they_replaced(mission):
    """compact_rows.target_rows (values written in place) against the reference: the same slots
    and float32 values, at every decision of random play (several targets in some)."""
    several = 0
    for g in random_positions(mission, 600, 9):
        slots, values = compact_rows.target_rows(g, 4)
        theirs = reference_target_rows(g, 4)
        assert slots == theirs[0]
        assert values.dtype == theirs[1].dtype and values.shape == theirs[1].shape
        assert np.array_equal(values, theirs[1])
        several += sum(k >= 0 for k in slots) >= 2
    assert several > 5 or mission in ("escape", "survive")
