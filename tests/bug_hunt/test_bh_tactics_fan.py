"""BugHuntTactics' fan_out and fire_teams (ASSUMPTION A70): the squad's walking figures share
the goals out (rooms not entered, doors and open ends), one figure (fan_out) or two (fire_teams)
to a goal, so rooms are made for in parallel instead of in file behind the lead."""
import pytest

from aliens_env.bug_hunt.colony import CARDINAL
from aliens_env.bug_hunt.policies import ScriptedMarines, walkers
from aliens_env.bug_hunt.tactics import TacticMarines

from bh_helpers import activate, assert_no_step_back, build, corridor, watch

# a one-square corridor: goal A at column 2, figures 1-3 at columns 4-6, goal B at column 11
CORRIDOR = ["#############", "#...123.....#", "#############"]


def _claims(g, tactic, per_goal):
    """Each walking figure's claimed goal (the active figure set in turn, then restored)."""
    goals, active, out = tactic._goals(g), g.active, {}
    for i in walkers(g):
        g.active = i
        out[i] = tactic._claimed_goal(g, goals, per_goal)
    g.active = active
    return out


def test_the_goals_are_shared_out_nearest_pairs_first_one_or_two_figures_to_a_goal():
    g = build(CORRIDOR)
    activate(g, 2)
    a, b = g.sq((1, 2)), g.sq((1, 11))
    t = TacticMarines("fan_out")
    t._goals = lambda game: [a, b]
    # steps to A: 2, 3, 4; to B: 7, 6, 5. Nearest pairs first: figure 0 takes A, then figure 2 B
    # (5 steps) before figure 1 (6 steps): one to a goal leaves figure 1 without one
    assert _claims(g, t, 1) == {0: a, 1: None, 2: b}
    # two to a goal: figures 0 and 1 take A, figure 2 B
    assert _claims(g, t, 2) == {0: a, 1: a, 2: b}


@pytest.mark.parametrize("name", ["fan_out", "fire_teams"])
def test_a_figure_blocked_behind_its_mates_makes_for_the_other_goal_where_the_scripted_squad_waits(name):
    # figure 3, last in the file: A is nearer (4 steps against 5) but the way is blocked
    g, (a, b), scripted, tactic = corridor(CORRIDOR, 2, [(1, 2), (1, 11)], name)
    mask = g.legal_mask("marines")
    east = ScriptedMarines.step_toward(g, [b], mask)
    assert ScriptedMarines.step_toward(g, [a], mask) is None
    assert g.layout.decode(scripted.act(g, "marines"))[0] in ("overwatch", "end")
    assert tactic.act(g, "marines") == east
    # with one goal there is nothing to share: as the scripted squad
    scripted._goals = tactic._goals = lambda game: [a]
    assert tactic.act(g, "marines") == scripted.act(g, "marines")


def test_a_figure_left_without_a_goal_plays_as_the_scripted_squad():
    # figure 2: under fan_out figures 1 and 3 hold both goals
    g, (a, b), scripted, fan = corridor(CORRIDOR, 1, [(1, 2), (1, 11)], "fan_out")
    assert fan.act(g, "marines") == scripted.act(g, "marines")


def test_fan_out_leaves_the_scripted_squads_shots_and_its_over_watch_on_aliens_in_reach():
    g, (a, b), scripted, fan = corridor(["#############", "#A..12......#", "#############"], 1, [(1, 2), (1, 10)], "fan_out")
    action = scripted.act(g, "marines")
    assert g.layout.decode(action)[0] in ("fire", "grenade", "overwatch")
    assert fan.act(g, "marines") == action


@pytest.mark.parametrize("name, per_goal", [("fan_out", 1), ("fire_teams", 2)])
def test_fan_out_and_fire_teams_play_whole_games_with_figures_making_for_different_goals(name, per_goal):
    base, tactic = ScriptedMarines(), TacticMarines(name)
    seen = {"own steps": 0, "apart": 0, "holds": 0}
    last = {}  # (turn, figure): (the square before the tactic's own step, the square it led to)

    def check(g, chosen):
        scripted = base.act(g, "marines")
        assert g.legal_mask("marines")[chosen]
        claims = _claims(g, tactic, per_goal)
        held = [c for c in claims.values() if c is not None]
        assert all(held.count(c) <= per_goal for c in held)
        key, pos, kind, to = assert_no_step_back(g, chosen, last)
        if chosen != scripted:
            # the tactic's own step: toward this figure's claimed goal, which the scripted squad's
            # action does not approach (it makes for another goal, or waits)
            # or, with no step toward it, a hold where the scripted squad steps away from it
            goal = claims[g.active]
            mask = g.legal_mask("marines")
            assert not any(h.alive and h.kind == "queen" for h in g.aliens)
            if kind in ("overwatch", "end"):
                field = g.walk_steps([goal])
                assert ScriptedMarines.step_toward(g, [goal], mask) is None
                assert field[TacticMarines._leads_to(g, scripted)] > field[pos]
                seen["holds"] += 1
                return
            assert kind in ("move", "door", "pick_lock") and chosen == ScriptedMarines.step_toward(g, [goal], mask)
            seen["own steps"] += 1
            if len(set(held)) >= 2:
                seen["apart"] += 1
            if kind == "move":
                last[key] = (pos, to)

    watch(range(3), check, marines=tactic)
    assert seen["own steps"] > 0 and seen["apart"] > 0


def test_a_figure_without_the_equipment_claims_no_goal_behind_an_electronic_lock():
    # figure 1 (Apone, no equipment) between a locked door with goal A behind it (west) and goal B
    # (east), figure 3 further east: claimed through the lock, figure 1 would hold every turn
    g, (a, b), scripted, fan = corridor(["#........L1...3..#", "##################"], 0, [(0, 1), (0, 16)], "fan_out")
    assert not g.humans[0].equipment
    assert _claims(g, fan, 1) == {0: None, 2: b}  # (through the lock figure 1 would claim A and hold)
    assert fan.act(g, "marines") == scripted.act(g, "marines") == g.layout.encode("move", CARDINAL.index((0, 1)))


def test_a_figure_with_a_face_hugger_on_it_claims_no_goal():
    g, (a, b), scripted, fan = corridor(CORRIDOR, 2, [(1, 2), (1, 11)], "fan_out")
    assert _claims(g, fan, 1) == {0: a, 1: None, 2: b}
    g.humans[0].hugger = 0  # (it does not activate: it must not keep goal A from the others)
    assert _claims(g, fan, 1) == {0: None, 1: a, 2: b}


def test_only_a_figure_with_the_equipment_claims_a_comms_terminal():
    g, (a, b), scripted, fan = corridor(CORRIDOR, 1, [(1, 2), (1, 11)], "fan_out")
    assert _claims(g, fan, 1) == {0: a, 1: None, 2: b}
    g.features.append({"kind": "comms_terminal", "pos": [1, 2], "state": "ready"})  # at goal A
    assert [i for i in range(3) if g.humans[i].equipment] == [1]
    assert _claims(g, fan, 1) == {0: None, 1: a, 2: b}


def _claim_by_figure_searches(g, goals, per_goal, everyone_equipped=False):
    """The share-out as A70 states it, the steps searched from each figure (the definition the
    per-goal fields of _claimed_goal must equal); everyone_equipped: as if every figure carried
    the equipment (locks and terminals ignored)."""
    from aliens_env.bug_hunt.colony import UNEQUIPPED_WALKER, WALKER
    from aliens_env.bug_hunt.state import NO, UNREACHABLE

    figures = [i for i in walkers(g) if g.humans[i].hugger == NO]
    if g.active not in figures:
        return None
    terminals = {g.sq(f["pos"]) for f in g.features if f["kind"] == "comms_terminal"}
    pairs = []
    for i in figures:
        h = g.humans[i]
        equipped = h.equipment or everyone_equipped
        field = g.colony.field([h.pos], WALKER if equipped else UNEQUIPPED_WALKER)
        pairs += [(int(field[x]), i, x) for x in goals if field[x] < UNREACHABLE and (equipped or x not in terminals)]
    taken, load = {}, {}
    for _, i, x in sorted(pairs):
        if i not in taken and load.get(x, 0) < per_goal:
            taken[i], load[x] = x, load.get(x, 0) + 1
    return taken.get(g.active)


@pytest.mark.parametrize("options, seeds", [({}, (0, 1)), ({"electronic_locks": True, "satellite_comms": True}, (4, 9))])
def test_the_share_out_read_from_per_goal_fields_equals_a_search_from_each_figure(options, seeds):
    # (seeds 4 and 9 with the locks: figures without the equipment whose claims a lock changes)
    from aliens_env.bug_hunt.game import BugHunt

    from bh_helpers import play

    tactic, seen = TacticMarines("fan_out"), {"positions": 0, "equipment_mattered": 0}

    def check(g, action):
        goals = tactic._goals(g)
        if g.decision.kind != "act" or len(goals) < 2:
            return
        for per_goal in (1, 2):
            assert tactic._claimed_goal(g, goals, per_goal) == _claim_by_figure_searches(g, goals, per_goal)
        seen["positions"] += 1
        seen["equipment_mattered"] += (_claim_by_figure_searches(g, goals, 1)
                                       != _claim_by_figure_searches(g, goals, 1, everyone_equipped=True))

    for seed in seeds:
        game = BugHunt(mission="kill_queen", **options)
        game.reset(seed)
        play(game, tactic, on_marines=check)
    assert seen["positions"] > 50
    if options:  # (the positions include some where a lock or a terminal changed a claim)
        assert seen["equipment_mattered"] > 0


def test_the_lock_check_is_kept_per_layout_and_redone_when_a_lock_is_picked():
    from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_LOCKED
    from aliens_env.bug_hunt.tactics import _locks_laid

    g, (a, b), scripted, fan = corridor(["#........L1...3..#", "##################"], 0, [(0, 1), (0, 16)], "fan_out")
    lock = g.sq((0, 9))
    assert g.colony.cells.flat[lock] == DOOR_LOCKED and _locks_laid(g)
    g.colony.cells.flat[lock] = DOOR_CLOSED  # picked (as marine_action: the cell, then the layout's version)
    g.colony.changed()
    assert not _locks_laid(g)
    assert _claims(g, fan, 1) == {0: a, 2: b}  # (no lock left: figure 1 claims A through the door)
    g.colony.cells.flat[lock] = DOOR_LOCKED
    g.colony.changed()
    assert _locks_laid(g) and _claims(g, fan, 1) == {0: None, 2: b}
