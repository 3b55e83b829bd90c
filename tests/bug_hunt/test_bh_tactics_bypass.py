"""BugHuntTactics' bypass (ASSUMPTION A73): ambush, with every walking distance the squad reads
taken round the auto sentry pods, which occupy their squares (A23) while the game's walking
fields walk through them."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.colony import CARDINAL, UNEQUIPPED_WALKER, WALKER, WALL
from aliens_env.bug_hunt.policies import ScriptedMarines, squad_goals, squad_hold
from aliens_env.bug_hunt.state import NO, UNREACHABLE
from aliens_env.bug_hunt.tactics import TacticMarines, _pod_field, _pod_squares

from bh_helpers import activate, build, play

# a 2-square corridor: Apone (1) in the west lane, a sentry pod in that lane just north of him,
# the goal at the top of the west lane
POD_IN_LANE = ["####", "#..#", "#..#", "#..#", "#1.#", "####"]
EAST = CARDINAL.index((0, 1))
WEST = CARDINAL.index((0, -1))
NORTH = CARDINAL.index((-1, 0))


def _pod(rc, state="inactive"):
    return {"kind": "sentry", "pos": list(rc), "state": state}


def _with_goals(g, goals, *names):
    """TacticMarines of each name making for `goals` (squares)."""
    out = []
    for name in names:
        t = TacticMarines(name)
        t._goals = lambda game: list(goals)
        out.append(t)
    return out


@pytest.mark.parametrize("state", ["inactive", "destroyed"])
def test_a_figure_behind_a_pod_in_its_lane_steps_into_the_free_lane_where_ambush_waits(state):
    g = build(POD_IN_LANE, features=[_pod((3, 1), state)])
    activate(g, 0)
    goal = g.sq((1, 1))
    mask = g.legal_mask("marines")
    assert not mask[g.layout.encode("move", NORTH)]  # the pod occupies its square (A23)
    # by the game's walking steps (through the pod) 3 steps; the free lane's first step reads 4
    assert g.walk_steps([goal])[g.sq((4, 1))] == 3 and g.walk_steps([goal])[g.sq((4, 2))] == 4
    assert ScriptedMarines.step_toward(g, [goal], mask) is None
    scripted, ambush, bypass = _with_goals(g, [goal], "heuristic", "ambush", "bypass")
    assert g.layout.decode(scripted.act(g, "marines"))[0] in ("overwatch", "end")
    assert ambush.act(g, "marines") == scripted.act(g, "marines")
    # round the pod: 5 steps from here, 4 from the east lane
    field = _pod_field(g, [goal])
    assert field[g.sq((4, 1))] == 5 and field[g.sq((4, 2))] == 4 and field[g.sq((3, 1))] == UNREACHABLE
    assert bypass.step_toward(g, [goal], mask) == bypass.act(g, "marines") == g.layout.encode("move", EAST)


def test_without_a_pod_bypass_reads_the_games_own_walking_steps():
    g = build(POD_IN_LANE)
    activate(g, 0)
    goal = g.sq((1, 1))
    assert _pod_squares(g) == ()
    assert np.array_equal(_pod_field(g, [goal]), g.colony.field([goal], WALKER))
    scripted, ambush, bypass = _with_goals(g, [goal], "heuristic", "ambush", "bypass")
    assert bypass.act(g, "marines") == ambush.act(g, "marines") == g.layout.encode("move", NORTH)


def test_a_goal_on_a_pods_square_is_walked_up_to():
    # (an open end's goal square may hold a pod: the end is laid once seen from beside it)
    g = build(POD_IN_LANE, features=[_pod((1, 1))])
    activate(g, 0)
    goal = g.sq((1, 1))
    field = _pod_field(g, [goal])
    assert field[goal] == 0 and field[g.sq((4, 1))] == 3
    bypass, = _with_goals(g, [goal], "bypass")
    assert bypass.act(g, "marines") == g.layout.encode("move", NORTH)


def test_a_goal_only_a_pod_leads_to_is_not_claimed_and_the_figure_makes_for_the_other():
    # a 1-square corridor: goal A (west) lies behind a pod, goal B farther east. By the game's
    # steps A is nearer (3 against 6): fan_out and ambush claim it and walk up to the pod, where
    # the figure would stop for good; round the pods A cannot be reached and B is claimed
    g = build(["#############", "#...1......#", "#############"], features=[_pod((1, 2))])
    activate(g, 0)
    a, b = g.sq((1, 1)), g.sq((1, 10))
    ambush, bypass = _with_goals(g, [a, b], "ambush", "bypass")
    assert ambush._claimed_goal(g, [a, b], 1) == a
    assert bypass._claimed_goal(g, [a, b], 1) == b
    assert _pod_field(g, [a])[g.sq((1, 4))] == UNREACHABLE
    assert ambush.act(g, "marines") == g.layout.encode("move", WEST)
    assert bypass.act(g, "marines") == g.layout.encode("move", EAST)


def test_the_check_against_a_step_away_from_the_claimed_goal_reads_the_steps_round_the_pods():
    # a loop of 1-square corridors: Apone (1) at (4, 3), a pod two squares north of him at (2, 3),
    # goal G at (1, 3) just past it; the other way round the loop (east, through acid holes at
    # (4, 4)) is 9 steps. A spur west of (3, 3) ends at goal H (3, 1), with Hicks (2) standing
    # nearer it, so Hicks claims H and Apone claims G. With 1 AP (pool 0) Apone cannot enter the
    # acid holes (2 AP): no step toward G. The scripted step (toward the nearest goal round the
    # pods, H) is north to (3, 3): 2 steps from G by the game's steps (through the pod), 10 round
    # the pods, a step away from G. _fan holds instead; read through the pod the step would not
    # lengthen the walk, and the figure would take it (as ambush does)
    g = build(["#########", "###....##", "###.##.##", "#.2.##.##", "###1:..##", "#########"],
              features=[_pod((2, 3))])
    activate(g, 0)
    g.humans[0].ap = 1
    g._cache.clear()
    goal, other = g.sq((1, 3)), g.sq((3, 1))
    here, north = g.sq((4, 3)), g.sq((3, 3))
    mask = g.legal_mask("marines")
    assert mask[g.layout.encode("move", NORTH)] and not mask[g.layout.encode("move", EAST)]
    plain, round_pods = g.walk_steps([goal]), _pod_field(g, [goal])
    assert (plain[here], plain[north]) == (3, 2) and (round_pods[here], round_pods[north]) == (9, 10)
    ambush, bypass = _with_goals(g, [goal, other], "ambush", "bypass")
    assert bypass._claimed_goal(g, [goal, other], 1) == goal
    g.active = 1
    assert bypass._claimed_goal(g, [goal, other], 1) == other
    g.active = 0
    assert bypass.step_toward(g, [goal], mask) is None
    assert ScriptedMarines.act(bypass, g, "marines") == g.layout.encode("move", NORTH)
    assert bypass.act(g, "marines") == squad_hold(g, mask) == g.layout.encode("end")
    assert ambush.act(g, "marines") == g.layout.encode("move", NORTH)


def test_the_figure_activated_next_is_the_one_nearest_the_goals_round_the_pods():
    # the squad on its way home (every room of the explore mission entered): its goal is the entry
    # square at the top of the east lane, a pod in that lane. Apone (1) right behind the pod:
    # 3 steps by the game's steps, 5 round it; Hicks (2) beside him in the west lane: 4 either way
    g = build(["####", "#.E#", "#..#", "#..#", "#21#", "####"], features=[_pod((3, 2))])
    assert g.decision.kind == "activate"
    g.rooms_entered = g.mission["rooms"]
    goal = g.sq((1, 2))
    assert squad_goals(g) == [goal]
    scripted, bypass = TacticMarines("heuristic"), TacticMarines("bypass")
    assert scripted.act(g, "marines") == g.layout.encode("activate", 0)
    assert bypass.act(g, "marines") == g.layout.encode("activate", 1)


def _walled(g):
    """A copy of the colony with every pod's square made wall (the pods as the walls they act as)."""
    col = g.colony.copy()
    for s in _pod_squares(g):
        col.cells.flat[s] = WALL
    col.changed()
    return col


def test_whole_games_bypass_plays_ambush_until_a_pod_is_laid_and_walks_round_pods_as_round_walls():
    """Whole kill_queen games against the dice AI, played by bypass: at every Marine decision
    with no sentry pod on the map bypass's action is ambush's (activate and act alike); with pods
    laid, the walking field it reads for each goal not on a pod is the game's field on the colony
    with the pods' squares made wall, and its actions differ from ambush's in some positions.
    Seed 16 is a game where ambush's squad stands behind a pod in a corridor lane from turn 10 to
    the turn limit without entering a room; bypass's squad enters rooms."""
    ambush, bypass = TacticMarines("ambush"), TacticMarines("bypass")
    seen = {"same without pods": 0, "fields checked": 0, "differ with pods": 0}

    def check(g, chosen):
        assert g.legal_mask("marines")[chosen]
        if g.decision.kind not in ("act", "activate"):
            return
        other = ambush.act(g, "marines")
        pods = _pod_squares(g)
        if not pods:
            assert chosen == other
            seen["same without pods"] += 1
            return
        seen["differ with pods"] += chosen != other
        if g.decision.kind == "act" and seen["fields checked"] < 400:
            col = _walled(g)
            for goal in bypass._goals(g):
                if goal in pods or goal < 0:
                    continue
                assert np.array_equal(_pod_field(g, [goal]), col.field([goal], WALKER)), goal
                seen["fields checked"] += 1

    rooms = {}
    for seed in (16, 0, 1):
        game = BugHunt(mission="kill_queen")
        game.reset(seed)
        play(game, bypass, on_marines=check)
        rooms[seed] = game.rooms_entered
    assert all(seen.values()), seen
    stuck = BugHunt(mission="kill_queen")
    stuck.reset(16)
    play(stuck, ambush)
    assert stuck.rooms_entered == 0 and rooms[16] > 0


def _pod_field_plain(g, goals, mover=WALKER):
    """_pod_field's rule written plainly: breadth first from the goals (NO skipped; a goal the
    mover cannot enter spreads nothing), never into a pod's square that is not a goal."""
    col = g.colony
    nbrs, cost = [[sq for _, sq in row] for row in col.neighbour_table(mover)], col.costs(mover)
    barred = set(_pod_squares(g)) - set(goals)
    dist = np.full(col.n, UNREACHABLE, dtype=np.int32)
    frontier = []
    for s in goals:
        if s != NO:
            dist[s] = 0
            if cost[s] is not None:
                frontier.append(s)
    d = 1
    while frontier:
        ring = []
        for s in frontier:
            for m in nbrs[s]:
                if dist[m] == UNREACHABLE and m not in barred:
                    dist[m] = d
                    ring.append(m)
        frontier, d = ring, d + 1
    return dist


def test_the_field_round_the_pods_is_the_plain_breadth_first_search_over_whole_games():
    """_pod_field (the colony's field with the pods' squares closed) equals the plain search over positions
    of whole games with pods laid and electronic locks (the two walkers then walk differently): for
    the squad's goals, a pod's square as a goal, every pod's, a goal list holding NO, and a goal the
    walker cannot enter (a wall); the field an int32 array, read-only (it is kept)."""
    bypass = TacticMarines("bypass")
    checked, differ = [0], [0]

    def check(g, chosen):
        pods = _pod_squares(g)
        if not pods or g.decision.kind != "act" or checked[0] >= 300:
            return
        wall = int(np.flatnonzero(g.colony.cells.ravel() == WALL)[0])
        for goals in (bypass._goals(g), list(pods[:1]), list(pods), [pods[-1], NO], [wall, g.humans[g.active].pos]):
            fields = []
            for mover in (WALKER, UNEQUIPPED_WALKER):
                g.colony._cache = {}  # (searched afresh, not read from the colony's fields of this version)
                field = _pod_field(g, goals, mover)
                assert np.array_equal(field, _pod_field_plain(g, goals, mover)), (goals, mover)
                assert field.dtype == np.int32 and not field.flags.writeable
                fields.append(field)
                checked[0] += 1
            differ[0] += not np.array_equal(*fields)

    game = BugHunt(mission="kill_queen", electronic_locks=True)
    game.reset(4)
    play(game, bypass, on_marines=check)
    assert checked[0] >= 300 and differ[0] >= 20, (checked, differ)
