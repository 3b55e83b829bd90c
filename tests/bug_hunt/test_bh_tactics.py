"""BugHuntTactics (ASSUMPTION A66): Bug Hunt with the Marines choosing, per figure activation,
a tactic of the scripted squad that then plays it."""
import numpy as np
import pytest

from aliens_env.bug_hunt import data_files
from aliens_env.bug_hunt import marines as bh_marines
from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.tactics import TACTICS, BugHuntTactics, HeuristicCommander, TacticMarines

HIVE = BugHuntDiceAI()


def play(game, marines, hive=HIVE, on_marines=None):
    while not game.is_terminal():
        player = game.current_player()
        if player == "marines" and on_marines is not None:
            on_marines(game)
        game.apply((marines if player == "marines" else hive).act(game, player))
    return game


def test_the_tactics_come_from_rules_yaml_and_tactic_zero_is_the_scripted_squad():
    game = BugHuntTactics(mission="kill_queen")
    assert [t.tactic for t in game.tactics] == data_files.rules()["tactics"]
    assert game.tactics[0].tactic == "heuristic" and set(data_files.rules()["tactics"]) <= set(TACTICS)
    # every Bug Hunt action keeps its number; the tactics come after them
    plain = BugHunt(mission="kill_queen")
    assert game.layout.names()[:plain.layout.size] == plain.layout.names()
    assert game.layout.span("tactic") == slice(plain.layout.size, plain.layout.size + len(game.tactics))


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
    game.reset(5)
    span = game.layout.span("tactic")
    seen = {"marines": 0, "hive": 0}

    def check(g):
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

    def check(g):
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


def watch(seeds, check, marines=None):
    """Play kill_queen games of the scripted squad, calling check(game) at every Marine act."""
    for seed in seeds:
        game = BugHunt(mission="kill_queen")
        game.reset(seed)
        play(game, marines or ScriptedMarines(), on_marines=lambda g: g.decision.kind == "act" and check(g))


def test_spread_walks_toward_a_goal_no_squad_mate_is_nearer_to():
    base, spread = ScriptedMarines(), TacticMarines("spread")
    seen = {"apart": 0, "same": 0}

    def check(g):
        scripted, chosen = base.act(g, "marines"), spread.act(g, "marines")
        kind = g.layout.decode(scripted)[0]
        goals = base._goals(g)
        queen = any(a.alive and a.kind == "queen" for a in g.aliens)
        if kind not in ("move", "door", "pick_lock") or len(goals) < 2 or queen:
            assert chosen == scripted
            return
        taken = set()
        for i, o in enumerate(g.humans):
            if i != g.active and o.status == "active" and o.pos != -1 and not o.in_apc:
                dist = g.walk_steps([o.pos])
                taken.add(min(goals, key=lambda x: (dist.get(x, 10**6), x)))
        rest = [x for x in goals if x not in taken]
        step = ScriptedMarines.step_toward(g, rest, g.legal_mask("marines")) if rest else None
        assert chosen == (scripted if step is None else step)
        seen["apart" if chosen != scripted else "same"] += 1

    watch(range(3), check)
    assert seen["apart"] > 0 and seen["same"] > 0


def test_grenades_throws_at_any_alien_in_reach_with_no_squad_figure_beside_it():
    base, grenades = ScriptedMarines(), TacticMarines("grenades")
    seen = {"thrown": 0}

    def check(g):
        scripted, chosen = base.act(g, "marines"), grenades.act(g, "marines")
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


def test_spare_eggs_never_shoots_an_egg_cache_where_the_scripted_squad_does():
    base, spare = ScriptedMarines(), TacticMarines("spare_eggs")
    seen = {"spared": 0}

    def check(g):
        scripted, chosen = base.act(g, "marines"), spare.act(g, "marines")
        kind, index = g.layout.decode(scripted)
        if kind == "fire" and g.targets()[index][0] == "egg":
            assert chosen != scripted and g.layout.decode(chosen)[0] in ("move", "door", "pick_lock", "overwatch", "end")
            seen["spared"] += 1
        else:
            assert chosen == scripted

    watch(range(8), check)
    assert seen["spared"] > 0


def test_the_compact_observation_keeps_bug_hunts_rows_and_adds_the_tactical_distances():
    full, compact = BugHuntTactics(mission="kill_queen"), BugHuntTactics(mission="kill_queen", observation="compact")
    assert compact.obs_layout.names() == ["squad", "globals", "targets", "optional", "tactical", "situation"]
    assert compact.observation_shape[0] < 500 < full.observation_shape[0]
    seen = {"checked": 0}
    for seed in range(2):
        full.reset(seed)
        compact.reset(seed)
        while not compact.is_terminal():
            player = compact.current_player()
            a, b = full.observe(player), compact.observe(player)
            assert 0.0 <= b.min() and b.max() <= 1.0
            rest = a[full.obs_layout.offset("squad"):]
            assert np.array_equal(b[:rest.size], rest)  # Bug Hunt's values after the map planes
            tactical = compact.obs_layout.views(b)["tactical"]
            d = compact.decision
            if player == "marines" and d.kind == "activate":
                nxt = compact.layout.decode(ScriptedMarines().act(compact, "marines"))[1]
                goals = ScriptedMarines()._goals(compact)
                steps = compact.walk_steps(goals) if goals else {}
                if nxt < len(compact.humans):
                    assert tactical[nxt, 1] == 1.0 and tactical[:, 1].sum() == 1.0
                    assert tactical[nxt, 2] == pytest.approx(min(steps.get(compact.humans[nxt].pos, 30), 30) / 30)
                    seen["checked"] += 1
            for i, h in enumerate(compact.humans):
                assert tactical[i, 0] == float(h.status == "active" and h.pos != -1 and not h.in_apc)
            policy = HeuristicCommander() if player == "marines" else HIVE  # the dice AI rolls each game's own dice
            full.apply(policy.act(full, player))
            compact.apply(policy.act(compact, player))
    assert seen["checked"] > 10
    again = BugHuntTactics.from_dict(compact.to_dict())
    assert again.observation == "compact" and np.array_equal(again.observe("marines"), compact.observe("marines"))


def test_an_unknown_observation_is_refused_with_the_allowed_names():
    with pytest.raises(ValueError, match="unknown BugHuntTactics observation 'planes'.*compact"):
        BugHuntTactics(observation="planes")


def test_the_compact_observation_passes_the_gymnasium_and_sb3_checkers():
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env as gym_check_env
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    import aliens_env  # noqa: F401  (registers the environments)

    env = gym.make("aliens_env/BugHuntTactics-v0", side="marines", mission="kill_queen", observation="compact")
    assert env.observation_space["observation"].shape == BugHuntTactics(observation="compact").observation_shape
    gym_check_env(env.unwrapped, skip_render_check=True)
    sb3_check_env(env.unwrapped, warn=False)
