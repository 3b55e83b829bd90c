"""BugHuntTactics (ASSUMPTION A66): Bug Hunt with the Marines choosing, per figure activation,
a tactic of the scripted squad that then plays it."""
import random

import numpy as np
import pytest

from aliens_env.bug_hunt import data_files, tactics_obs
from aliens_env.bug_hunt import marines as bh_marines
from aliens_env.bug_hunt.colony import CARDINAL
from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.tactics import TACTICS, BugHuntTactics, HeuristicCommander, TacticMarines
from aliens_env.core.board import NO

from bh_helpers import activate, assert_no_step_back, build, corridor, play, watch

HIVE = BugHuntDiceAI()


def test_the_tactics_come_from_rules_yaml_and_tactic_zero_is_the_scripted_squad():
    game = BugHuntTactics(mission="kill_queen")
    assert [t.tactic for t in game.tactics] == data_files.rules()["tactics"]
    assert game.tactics[0].tactic == "heuristic" and set(data_files.rules()["tactics"]) <= set(TACTICS)


def test_an_unknown_tactic_is_refused_with_the_allowed_names():
    with pytest.raises(ValueError, match="unknown Bug Hunt tactic 'charge'.*heuristic"):
        TacticMarines("charge")


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristic_commander_plays_the_scripted_squads_game_move_for_move(seed):
    plain, tactics = BugHunt(mission="kill_queen"), BugHuntTactics(mission="kill_queen")
    plain.reset(seed)
    tactics.reset(seed)
    play(plain, ScriptedMarines())
    play(tactics, HeuristicCommander())
    assert tactics.result == plain.result and tactics.stats == plain.stats and tactics.turn == plain.turn
    assert tactics.to_dict()["humans"] == plain.to_dict()["humans"]


def test_the_marines_only_choose_tactics_and_the_hive_keeps_its_bug_hunt_actions():
    game = BugHuntTactics(mission="kill_queen")
    game.reset(1)  # (seed 5 until the 13th tactic, 0 until the 14th: cycling 14 tactics, seed 0 brings the hive only 9 decisions)
    span = game.layout.span("tactic")
    seen = {"marines": 0, "hive": 0}

    def check(g, _action):
        mask = g.legal_mask("marines")
        assert mask[span].all() and mask.sum() == len(g.tactics)

    class Hive:
        def act(self, g, player):
            assert not g.legal_mask("hive")[span].any()
            seen["hive"] += 1
            return HIVE.act(g, player)

    class Commander:
        def act(self, g, player):
            seen["marines"] += 1
            return g.layout.encode("tactic", seen["marines"] % len(g.tactics))

    play(game, Commander(), hive=Hive(), on_marines=check)
    assert seen["marines"] > 10 and seen["hive"] > 10


def first_act(seed):
    """A kill_queen game at the first figure's first action of turn 1."""
    game = BugHunt(mission="kill_queen")
    game.reset(seed)
    while game.decision.kind != "act":
        game.apply(ScriptedMarines().act(game, game.current_player()))
    return game


def walk_distance(game, goals):
    return game.walk_steps(goals).get(game.humans[game.active].pos)


def test_hold_never_steps_where_the_scripted_squad_walks():
    game = first_act(0)
    kind, _ = game.layout.decode(ScriptedMarines().act(game, "marines"))
    assert kind == "move"  # the scripted squad sets out to explore
    held = TacticMarines("hold").act(game, "marines")
    assert held in (game.layout.encode("overwatch"), game.layout.encode("end"))


def test_regroup_steps_toward_the_nearest_squad_mate_or_holds_beside_one():
    for seed in range(6):
        game = first_act(seed)
        action = TacticMarines("regroup").act(game, "marines")
        kind, _ = game.layout.decode(action)
        mates = [h.pos for i, h in enumerate(game.humans) if i != game.active and h.status == "active"]
        before = walk_distance(game, mates)
        if kind == "move":
            game.apply(action)
            assert walk_distance(game, mates) < before
        elif kind in ("overwatch", "end"):
            assert before <= 1
        else:  # every tactic shoots as the scripted squad does
            assert action == ScriptedMarines().act(game, "marines")


def test_press_walks_on_toward_the_goals_before_shooting_and_otherwise_plays_as_the_scripted_squad():
    base, press, rooms = ScriptedMarines(), TacticMarines("press"), TacticMarines("rooms")
    seen = {"walk": 0, "shot skipped": 0, "room": 0}

    def check(g, _action):
        if g.decision.kind != "act":
            return
        scripted, pressed = base.act(g, "marines"), press.act(g, "marines")
        mask = g.legal_mask("marines")
        step = ScriptedMarines.step_toward(g, base._goals(g), mask)
        if g.layout.decode(scripted)[0] == "comms" or step is None:
            assert pressed == scripted
        else:
            assert pressed == step
            seen["walk"] += 1
            seen["shot skipped"] += g.layout.decode(scripted)[0] in ("fire", "grenade")
        # rooms: shoots as the scripted squad; else toward the nearest room not entered
        left = [p for p in g.colony.pieces if p["kind"] == "room" and not p["entered"]]
        kind = g.layout.decode(scripted)[0]
        if left and kind not in ("fire", "grenade", "comms") and not any(a.alive and a.kind == "queen" for a in g.aliens):
            centres = [g.sq(((p["rect"][0] + p["rect"][2]) // 2, (p["rect"][1] + p["rect"][3]) // 2)) for p in left]
            to_room = ScriptedMarines.step_toward(g, centres, mask)
            if to_room is not None:
                assert rooms.act(g, "marines") == to_room
                seen["room"] += 1

    for seed in range(3):
        game = BugHunt(mission="kill_queen")
        game.reset(seed)
        play(game, base, on_marines=check)
    assert seen["walk"] > 0 and seen["shot skipped"] > 0 and seen["room"] > 0


def test_spread_walks_toward_the_goal_no_squad_mate_is_nearer_to():
    # a corridor: goal A two steps west of figure 1 with its mate beside A, goal B three steps east
    g, (a, b), scripted, spread = corridor(["###########", "#.2..1....#", "###########"], 1, [(1, 3), (1, 8)], "spread")
    mask = g.legal_mask("marines")
    west, east = ScriptedMarines.step_toward(g, [a], mask), ScriptedMarines.step_toward(g, [b], mask)
    assert scripted.act(g, "marines") == west  # the scripted squad makes for the nearer goal
    assert spread.act(g, "marines") == east
    # with no mate on the map both goals are its own: as the scripted squad
    g.humans[2].status, g.humans[2].pos = "dead", -1
    assert spread.act(g, "marines") == west
    # a mate nearer to both goals (3 steps to each, figure 1 5 to A and 7 to B) leaves none to
    # spread to: as the scripted squad, west (dropping only the mate's nearest goal would go east)
    g = build(["#########", "#...2...#", "#.#####.#", "#.#####.#", "#..1....#", "#########"])
    activate(g, 0)
    a, b = g.sq((1, 1)), g.sq((1, 7))
    mask = g.legal_mask("marines")
    west, east = ScriptedMarines.step_toward(g, [a], mask), ScriptedMarines.step_toward(g, [b], mask)
    assert west != east and scripted.act(g, "marines") == west
    assert spread.act(g, "marines") == west


def test_grenades_throws_at_any_alien_in_reach_with_no_squad_figure_beside_it():
    base, grenades = ScriptedMarines(), TacticMarines("grenades")
    seen = {"thrown": 0}

    def check(g, chosen):
        scripted = base.act(g, "marines")
        kind, slot = g.layout.decode(chosen)
        if chosen == scripted:
            return
        assert kind == "grenade" and g.layout.decode(scripted)[0] != "grenade"
        square = bh_marines.grenade_squares(g, g.active)[slot]
        target = [a for a in g.aliens if a.alive and a.pos == square]
        assert target and target[0].kind != "face_hugger"
        assert not any(o.status == "active" and g.rng(o.pos, square) <= 1 for o in g.humans)
        seen["thrown"] += 1

    watch(range(4), check, marines=grenades)
    assert seen["thrown"] > 0


def test_grenades_are_never_thrown_at_range_below_3():
    g = build(["##########", "#1.AA....#", "##########"])  # Aliens at range 2 and 3 of figure 1
    activate(g, 0)
    kind, slot = g.layout.decode(TacticMarines("grenades").act(g, "marines"))
    assert kind == "grenade" and bh_marines.grenade_squares(g, 0)[slot] == g.sq((1, 4))
    g = build(["##########", "#1.A.....#", "##########"])  # only the Alien at range 2
    activate(g, 0)
    assert g.legal_mask("marines")[g.layout.span("grenade")].any()  # a grenade could be thrown
    assert TacticMarines("grenades").act(g, "marines") == g.layout.encode("fire", 0)


def test_spare_eggs_shoots_the_alien_behind_a_nearer_egg_cache():
    egg = {"kind": "egg_cache", "pos": [1, 3], "state": "intact"}
    g = build(["##########", "#1...A...#", "##########"], features=[egg])
    activate(g, 0)
    assert g.targets() == [("egg", 0), ("alien", 0)]
    assert ScriptedMarines().act(g, "marines") == g.layout.encode("fire", 0)
    assert TacticMarines("spare_eggs").act(g, "marines") == g.layout.encode("fire", 1)


def test_spare_eggs_never_shoots_an_egg_cache_where_the_scripted_squad_does():
    base, spare = ScriptedMarines(), TacticMarines("spare_eggs")
    seen = {"spared": 0}

    def check(g, _action):
        scripted, chosen = base.act(g, "marines"), spare.act(g, "marines")
        kind, index = g.layout.decode(scripted)
        if kind == "fire" and g.targets()[index][0] == "egg":
            kind, index = g.layout.decode(chosen)
            assert chosen != scripted and kind in ("fire", "grenade", "move", "door", "pick_lock", "overwatch", "end")
            assert kind != "fire" or g.targets()[index][0] != "egg"
            seen["spared"] += 1
        else:
            assert chosen == scripted

    watch(range(8), check)
    assert seen["spared"] > 0


def test_the_compact_observation_keeps_bug_hunts_rows_and_adds_the_tactical_distances():
    """A67 through the Game contract's hook: compact_layout and observe_compact."""
    game = BugHuntTactics(mission="kill_queen")
    compact = game.compact_layout
    assert compact.names() == ["squad", "globals", "targets", "optional", "tactical", "situation"]
    assert compact.size == 338 < 500 < game.observation_shape[0]
    seen = {"checked": 0}
    for seed in range(2):
        game.reset(seed)
        while not game.is_terminal():
            player = game.current_player()
            a, b = game.observe(player), game.observe_compact(player)
            assert b.dtype == np.float32 and b.shape == compact.shape and 0.0 <= b.min() and b.max() <= 1.0
            full, kept = game.obs_layout.views(a), compact.views(b)
            for view in ("squad", "globals", "optional"):  # Bug Hunt's values after the map planes
                assert np.array_equal(kept[view], full[view])
            assert np.array_equal(kept["targets"], full["targets"][:6])  # the first 6 target rows (A76)
            tactical = kept["tactical"]
            d = game.decision
            if player == "marines" and d.kind == "activate":
                nxt = game.layout.decode(ScriptedMarines().act(game, "marines"))[1]
                goals = ScriptedMarines()._goals(game)
                steps = game.walk_steps(goals) if goals else {}
                if nxt < len(game.humans):
                    assert tactical[nxt, 1] == 1.0 and tactical[:, 1].sum() == 1.0
                    assert tactical[nxt, 2] == pytest.approx(min(steps.get(game.humans[nxt].pos, 30), 30) / 30)
                    seen["checked"] += 1
            for i, h in enumerate(game.humans):
                assert tactical[i, 0] == float(h.status == "active" and h.pos != -1 and not h.in_apc)
            policy = HeuristicCommander() if player == "marines" else HIVE  # the dice AI rolls each game's own dice
            game.apply(policy.act(game, player))
    assert seen["checked"] > 10
    again = BugHuntTactics.from_dict(game.to_dict())
    assert np.array_equal(again.observe_compact("marines"), game.observe_compact("marines"))


def test_the_compact_targets_are_the_first_rows_bug_hunts_compact_spec_shows():
    """A76: the targets view has as many rows as core/compact.yaml's BugHunt spec shows (read there,
    6), each row the full observation's; an act with 8 Aliens in sight shows the first 6."""
    from aliens_env.bug_hunt import observation
    from aliens_env.core.compact import compact_specs

    assert tactics_obs.target_rows() == compact_specs()["BugHunt"]["rows"]["targets"] == 6
    g = build(["#########", "#1......#", "#....A..#", "#AAAA.AA#", "#.A.....#", "#########"])
    activate(g, 0)
    assert g.decision.kind == "act" and len(bh_marines.targets(g)) == 8
    compact = tactics_obs.layout(g.obs_layout)
    assert compact.shapes["targets"] == (6, observation.TARGET_FEATURES) and compact.size == 338
    full = g.obs_layout.views(g.observe("marines"))
    shown = compact.views(observation.observe_without_planes(g, "marines", compact))
    assert full["targets"][:, 0].sum() == 8 and np.array_equal(shown["targets"], full["targets"][:6])
    assert np.array_equal(shown["optional"], full["optional"])  # (the rows past the 6th written nowhere)


def test_a_bad_target_rows_entry_names_what_is_wrong(monkeypatch):
    from aliens_env.core.actions import ObsLayout
    from aliens_env.bug_hunt import observation

    tactics_obs.target_rows.cache_clear()
    monkeypatch.setattr(tactics_obs, "compact_specs", lambda: {"BugHunt": {"rows": {"targets": 13}}})
    try:
        with pytest.raises(ValueError, match=r"rows: \{targets: k\} must be a whole number 1..12.*got 13"):
            tactics_obs.target_rows()
    finally:
        tactics_obs.target_rows.cache_clear()
    monkeypatch.undo()
    assert tactics_obs.target_rows() == 6
    game = BugHuntTactics()
    wide = ObsLayout([(n, (13, 9) if n == "targets" else s, d) for n, s, _, d in game.compact_layout.rows()])
    with pytest.raises(ValueError, match=r"targets view must be 1 to 12 rows of 9 features, got shape \(13, 9\)"):
        observation.observe_without_planes(game, "marines", wide)


def test_bug_hunt_tactics_has_no_compact_action_aimed_at_the_target_rows():
    """A76 cuts no action: the commander's side takes the tactics alone, the hive none of the slices aimed
    at the targets' rows (fire, grenade), and its own compact observation shows no rows the actions are cut to."""
    from aliens_env.envs.actions import SideActions
    from aliens_env.envs.observations import Observer

    game = BugHuntTactics()
    game.reset(0)
    aimed = {name for names in (*game.row_slice_names.values(), *game.row_aimed_slice_names.values()) for name in names}
    assert aimed == {"fire", "grenade"} and Observer(game, "compact").shown_rows == {}
    for side in ("marines", "hive"):
        assert not aimed & set(game.side_slices(side)), (side, game.side_slices(side))
    assert list(game.side_slices("marines")) == ["tactic"] and SideActions(game, "marines", "side").n == len(TACTICS)


def test_the_compact_tactical_and_situation_values_of_a_built_position():
    egg = {"kind": "egg_cache", "pos": [2, 5], "state": "intact"}
    g = build(["############", "#1.A...Q...#", "#2.........#", "############"], mission="kill_queen", features=[egg],
              game_class=BugHuntTactics)
    g.colony.pieces.append({"kind": "room", "rect": (1, 8, 2, 10), "entered": False})  # centre (1, 9)
    g.grenade_pools[0] = 3
    views = g.compact_layout.views(g.observe_compact("marines"))
    lim = g.rules["compact_limits"]
    steps, near = lim["steps"], lim["aliens_near"]
    # figure 1 at (1,1): 6 steps to the Queen (the goal), 8 to the room centre, the Alien at range 2
    # (the Queen at 6); figure 2 at (2,1): 7 and 9 steps, the same ranges
    expected = np.zeros((8, 7), dtype=np.float32)
    expected[0] = (1, 1, 6 / steps, 8 / steps, 2 / lim["alien_range"], 1 / near, 1 / near)
    expected[1] = (1, 0, 7 / steps, 9 / steps, 2 / lim["alien_range"], 1 / near, 1 / near)
    assert views["tactical"] == pytest.approx(expected)
    situation = (1 / lim["goals"], 1 / lim["rooms"], 1.0, 6 / steps, 2 / lim["aliens"], 1 / lim["egg_caches"],
                 (g.turn_limit - 1) / g.turn_limit, 0.0, 2 / 8, 3 / g.rules["grenade_pool"])
    assert views["situation"] == pytest.approx(np.array(situation, dtype=np.float32))


def test_the_former_game_option_observation_compact_is_refused_naming_the_environments_option():
    """observation was a BugHuntTactics option until session 64: "compact" as an argument, in a
    position's config or as an environment's game option (evaluate.py's --env-option) is refused
    with a ValueError that names the environments' option; "full" (then the default, which every
    position saved before holds) loads as the game it was."""
    import gymnasium as gym

    import aliens_env  # noqa: F401  (registers the environments)
    from aliens_env.envs.registry import get_spec

    moved = r"observation is no longer an option of BugHuntTactics.*environments' observation=\"compact\""
    with pytest.raises(ValueError, match=moved):
        BugHuntTactics(observation="compact")
    with pytest.raises(ValueError, match=moved):
        get_spec("BugHuntTactics").make_game(observation="compact")
    game = BugHuntTactics(mission="kill_queen")
    game.reset(3)
    data = game.to_dict()
    assert "observation" not in data["config"]
    data["config"]["observation"] = "compact"
    with pytest.raises(ValueError, match=moved):
        BugHuntTactics.from_dict(data)
    data["config"]["observation"] = "full"  # a position saved before session 64
    old = BugHuntTactics.from_dict(data)
    assert old.to_dict() == game.to_dict() and np.array_equal(old.observe("marines"), game.observe("marines"))
    for kind, size in (("compact", 338), ("full", 14701)):
        env = gym.make("aliens_env/BugHuntTactics-v0", side="marines", mission="kill_queen", observation=kind)
        assert env.observation_space["observation"].shape == (size,)


def test_a_game_pickled_with_the_former_option_loads_with_the_hook():
    """A pickle's state from before session 64 (the option observation kept, no compact_layout;
    A67's layout as obs_layout when it was "compact") loads as a game of this version."""
    from aliens_env.core.game import rebuild_game

    game = BugHuntTactics(mission="kill_queen")
    game.reset(3)
    rebuild, (cls, state) = game.__reduce__()
    del state["compact_layout"]
    state.update(observation="compact", obs_layout=tactics_obs.layout(game.obs_layout))
    old = rebuild_game(cls, state)
    assert not hasattr(old, "observation")
    assert old.obs_layout.shape == game.obs_layout.shape and old.compact_layout.shape == (338,)
    assert np.array_equal(old.observe("marines"), game.observe("marines"))
    assert np.array_equal(old.observe_compact("marines"), game.observe_compact("marines"))


def test_a_game_that_ended_in_an_aliens_move_saves_and_loads():
    # random play, seed 0 (random.Random(20) with the fourteen tactics; 67 with thirteen, 33 with
    # twelve): over-watch kills the moving Alien and the game ends in its move (its mover and
    # over-watch queue left as they stood); the loader refused that position
    game, pick = BugHuntTactics(), random.Random(20)
    game.reset(0)
    while not game.is_terminal():
        game.apply(pick.choice(game.legal_actions()))
    assert game.phase == "over" and game.mover != NO and not game.aliens[game.mover].alive
    assert BugHuntTactics.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_push_walks_round_a_blocking_squad_mate_to_the_next_goal_where_the_scripted_squad_waits():
    # a corridor: figure 2 behind figure 1 on the way to goal A (east); goal B lies west
    g, (a, b), scripted, push = corridor(["##########", "#....21..#", "##########"], 1, [(1, 8), (1, 1)], "push")
    mask = g.legal_mask("marines")
    assert ScriptedMarines.step_toward(g, [a, b], mask) is None  # the nearer goal's way is blocked
    assert g.layout.decode(scripted.act(g, "marines"))[0] in ("overwatch", "end")
    west = g.layout.encode("move", CARDINAL.index((0, -1)))
    assert push.act(g, "marines") == ScriptedMarines.step_toward(g, [b], mask) == west
    # with no other goal there is no way round: as the scripted squad
    push._goals = scripted._goals = lambda game: [a]
    assert push.act(g, "marines") == scripted.act(g, "marines")


def test_push_takes_no_detour_that_lengthens_the_walk_to_the_nearest_goal():
    # figure 2 blocked 3 steps from goal A (east); goal B 5 steps west: a step west would take it
    # 4 from either goal and the scripted squad would step straight back toward A at its next action
    g, (a, b), scripted, push = corridor(["###########", "#.....21..#", "###########"], 1, [(1, 9), (1, 1)], "push")
    mask = g.legal_mask("marines")
    assert ScriptedMarines.step_toward(g, [b], mask) == g.layout.encode("move", CARDINAL.index((0, -1)))
    assert g.layout.decode(scripted.act(g, "marines"))[0] in ("overwatch", "end")
    assert push.act(g, "marines") == scripted.act(g, "marines")


def test_run_past_walks_on_past_a_far_alien_and_shoots_one_within_two_squares():
    base, run = ScriptedMarines(), TacticMarines("run_past")
    for rows, shoots in ((["############", "#1......A..#", "############"], False),
                         (["############", "#1.A.......#", "############"], True)):
        g = build(rows)
        activate(g, 0)
        goal = g.sq((1, 10 if not shoots else 2))
        base._goals = run._goals = lambda game, goal=goal: [goal]
        scripted = base.act(g, "marines")
        assert g.layout.decode(scripted)[0] == "fire"
        chosen = run.act(g, "marines")
        if shoots:
            assert chosen == scripted
        else:
            assert chosen == ScriptedMarines.step_toward(g, [goal], g.legal_mask("marines")) and g.layout.decode(chosen)[0] == "move"


def test_push_and_run_past_play_whole_games_stepping_only_where_the_scripted_squad_would_not():
    base, push, run = ScriptedMarines(), TacticMarines("push"), TacticMarines("run_past")
    seen = {"push": 0, "run": 0}

    def check(g, _action):
        scripted = base.act(g, "marines")
        for name, t in (("push", push), ("run", run)):
            chosen = t.act(g, "marines")
            if chosen != scripted:
                assert g.layout.decode(chosen)[0] in ("move", "door", "pick_lock")
                if name == "push":
                    assert g.layout.decode(scripted)[0] in ("overwatch", "end")
                else:
                    pos = g.humans[g.active].pos
                    assert g.layout.decode(scripted)[0] != "comms"
                    assert not any(a.alive and g.rng(a.pos, pos) <= 2 for a in g.aliens)
                seen[name] += 1

    watch(range(3), check)
    assert seen["push"] > 0 and seen["run"] > 0


@pytest.mark.parametrize("name", ["push", "run_past"])
def test_push_and_run_past_as_the_marines_choose_legal_actions_and_never_walk_back_after_their_own_step(name):
    # the scripted squad itself steps back now and then (about 2 moves a game: a goal reached or
    # gone); what is checked is the move after a step the tactic took in place of the scripted
    # squad's action: it must not undo that step (push's detours once oscillated until the AP ran out)
    base, tactic = ScriptedMarines(), TacticMarines(name)
    seen = {"own steps": 0}
    last = {}  # (turn, figure): (the square before the tactic's own step, the square it led to)

    def check(g, chosen):
        scripted = base.act(g, "marines")
        assert g.legal_mask("marines")[chosen]
        key, pos, kind, to = assert_no_step_back(g, chosen, last)
        if chosen != scripted and kind == "move":
            last[key] = (pos, to)
            seen["own steps"] += 1

    watch(range(3), check, marines=tactic)
    assert seen["own steps"] > 0


def test_run_past_uses_the_comms_terminal_as_the_scripted_squad_does():
    terminal = {"kind": "comms_terminal", "pos": [1, 1], "state": "ready"}
    g = build(["#########", "#.2.....#", "#.1.....#", "#########"], mission="kill_queen", satellite_comms=True,
              features=[terminal])
    activate(g, 1)  # Hicks, the operator, beside the terminal; no Alien on the map
    mask = g.legal_mask("marines")
    assert ScriptedMarines().act(g, "marines") == g.layout.encode("comms")
    assert ScriptedMarines.step_toward(g, [g.sq((1, 1))], mask) is not None  # a step it could take instead
    assert TacticMarines("run_past").act(g, "marines") == g.layout.encode("comms")


def test_the_commanders_observation_shows_the_operator_can_use_the_comms_terminal():
    """When the commander decides at a figure's act (its activation forced: the last figure), the
    optional block's "comms usable" feature is the figure's, not read from the commander's mask
    (which holds only tactics)."""
    from aliens_env.bug_hunt.observation import EXTRA_FEATURES

    terminal = {"kind": "comms_terminal", "pos": [1, 1], "state": "ready"}
    g = build(["#########", "#.2.....#", "#.......#", "#########"], mission="kill_queen", satellite_comms=True,
              features=[terminal])  # Hicks, the operator, alone beside the terminal
    commanded = BugHuntTactics.from_dict(dict(g.to_dict(), game="BugHuntTactics"))
    assert commanded.decision.kind == "act" and not commanded.legal_mask("marines")[commanded.layout.encode("comms")]
    assert g.legal_mask("marines")[g.layout.encode("comms")]
    assert commanded.observe("marines")[-EXTRA_FEATURES:][31] == g.observe("marines")[-EXTRA_FEATURES:][31] == 1


def test_the_commanders_shaping_pays_rooms_entered_and_the_brood_chamber_found_only():
    game = BugHuntTactics(mission="kill_queen")
    game.reset(0)
    w = game.rules["tactics_shaping"]
    assert game.shaping_value("marines") == 0.0
    game.rooms_entered, game.brood_found = 4, True
    game.stats["aliens_killed"], game.stats["humans_dead"] = 7, 2  # kills and losses pay nothing
    assert game.shaping_value("marines") == pytest.approx(4 * w["room_entered"] + w["brood_found"])
    assert game.shaping_value("hive") == -game.shaping_value("marines")


@pytest.mark.parametrize("name", TACTICS)
def test_the_scripted_squad_and_every_tactic_only_read_the_games_kept_mask(name):
    # (they read legal_mask_kept, the open decision's own array, with no copy: a write would
    # change the legal actions of the game's next act)
    tactic, seen = TacticMarines(name), {"acts": 0}

    def check(g, action):
        kept = g.legal_mask_kept("marines")
        kept.flags.writeable = False  # (any write into it while the tactic acts raises)
        try:
            assert tactic.act(g, "marines") == action and g.legal_mask_kept("marines") is kept
        finally:
            kept.flags.writeable = True
        seen["acts"] += 1

    game = BugHunt(mission="kill_queen", electronic_locks=True, satellite_comms=True)
    game.reset(4)
    play(game, tactic, on_marines=check)
    assert seen["acts"] > 50


def _primitive_mask(g, overwatch=False):
    """The tactics game made from plain game g's position, and its Marines' script mask, the mask
    a tactic reads (``script_mask`` while a tactic plays: BugHunt._compute_script_mask); the
    active figure on over-watch when `overwatch`."""
    commanded = BugHuntTactics.from_dict(dict(g.to_dict(), game="BugHuntTactics"))
    commanded.humans[commanded.active].overwatch = overwatch
    commanded._executing = True
    commanded._cache.clear()
    mask = commanded.script_mask("marines").copy()
    whole, plain = commanded.legal_mask("marines"), _plain_mask(g, overwatch)  # the whole mask: the plain game's
    assert (whole[:len(plain)] == plain).all() and not whole[len(plain):].any()  # (then the tactic slice)
    return commanded, mask


def _plain_mask(g, overwatch=False):
    g.humans[g.active].overwatch = overwatch
    g._cache.clear()
    return g.legal_mask("marines")


def test_the_tactics_masks_leave_out_the_grenade_slots_only_with_no_alien_in_reach():
    """The script mask (marine_mask with `script`): the grenade slots no tactic reads are left out;
    every other entry is the plain game's mask's."""
    g = build(["##########", "#1.......#", "##########"])
    activate(g, 0)
    commanded, mask = _primitive_mask(g)
    plain = _plain_mask(g)
    grenade = g.layout.span("grenade")
    assert plain[grenade].any() and not mask[grenade].any()
    rest = np.ones(len(plain), dtype=bool)  # (the tactics' layout: the plain one, then the tactic slice)
    rest[grenade] = False
    assert (mask[:len(plain)][rest] == plain[rest]).all()
    # an Alien in reach: the slots are set (a tactic may throw at it), as the plain game's
    g = build(["##########", "#1....A..#", "##########"])
    activate(g, 0)
    commanded, mask = _primitive_mask(g)
    plain = _plain_mask(g)
    assert (mask[:len(plain)] == plain).all() and mask[grenade].any()


def test_the_tactics_masks_keep_the_grenade_slots_when_only_end_is_legal_besides():
    """The phase machine ends an activation itself when end is its one legal action: with nothing
    but end and grenades legal, the slots are set, so the count is the plain mask's."""
    g = build(["####", "#12#", "####"])  # boxed in by figure 2, nothing in sight to shoot
    activate(g, 0)
    commanded, mask = _primitive_mask(g, overwatch=True)  # (over-watch already: not legal again)
    plain = _plain_mask(g, overwatch=True)
    assert np.count_nonzero(plain) == 2 and plain[g.layout.span("grenade")].any()
    assert (mask[:len(plain)] == plain).all()
