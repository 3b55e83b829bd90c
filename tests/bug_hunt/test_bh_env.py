"""The Bug Hunt environments (both adapters) and the built-in players."""
import ast
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import aliens_env  # noqa: F401  (registers the environments)
from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.pettingzoo import bug_hunt_v0
from bh_helpers import plain_exploration_goals, plain_room_centres


@pytest.mark.parametrize("side", ["marines", "hive"])
@pytest.mark.parametrize("mission", ["explore", "kill_queen"])
def test_gym_make_with_side_and_mission(side, mission):
    env = gym.make("aliens_env/BugHunt-v0", side=side, mission=mission)
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    assert env.unwrapped.game.mission_name == mission
    rng = np.random.default_rng(0)
    for _ in range(200):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated:
            break


def test_gym_rejects_unknown_missions():
    with pytest.raises(ValueError, match="unknown mission"):
        gym.make("aliens_env/BugHunt-v0", mission="moon")


def test_pettingzoo_agents_take_turns():
    env = bug_hunt_v0.env()
    env.reset(seed=2)
    assert env.possible_agents == ["marines", "hive"]
    seen = set()
    for agent in env.agent_iter(max_iter=3000):
        obs, reward, term, trunc, info = env.last()
        seen.add(agent)
        if term or trunc:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert seen == {"marines", "hive"}


def test_dice_ai_plays_only_legal_rulebook_moves():
    g = BugHunt(mission="kill_queen")
    g.reset(5)
    ai, sm = BugHuntDiceAI(), ScriptedMarines(5)
    for _ in range(3000):
        if g.is_terminal():
            break
        p = g.current_player()
        a = ai.act(g, p) if p == "hive" else sm.act(g, p)
        assert g.legal_mask(p)[a]
        if p == "hive" and g.decision.kind == "step":
            kind, index = g.layout.decode(a)
            assert (kind == "stop") == (not g.rulebook_steps(g.mover))
        g.apply(a)


def test_shaping_is_zero_sum():
    g = BugHunt()
    g.reset(0)
    g.rooms_entered = 2
    assert g.shaping_value("marines") == -g.shaping_value("hive") > 0


def test_shaping_weights_come_from_rules_yaml():
    g = BugHunt()
    assert g.rules["shaping"] == {"room_entered": 0.05, "alien_killed": 0.02, "figure_lost": -0.05}  # the documented design
    g.rules = {**g.rules, "shaping": {"room_entered": 1.0, "alien_killed": 10.0, "figure_lost": -100.0}}
    g.rooms_entered = 3
    g.stats.update(aliens_killed=2, humans_dead=1, captured=1, unconscious=1)
    assert g.shaping_value("marines") == 3 + 20 - 300
    assert g.shaping_value("hive") == -(3 + 20 - 300)


@pytest.mark.parametrize("name, bad", [
    ("shaping", None), ("shaping", {"room_entered": 0.05, "alien_killed": 0.02}),
    ("shaping", {"room_entered": "x", "alien_killed": 0.02, "figure_lost": -0.05}),
    ("tactics_shaping", {"room_entered": 0.05}), ("tactics_shaping", {"room_entered": 0.05, "brood_found": True})])
def test_malformed_shaping_weights_are_a_clear_error(name, bad):
    from aliens_env.bug_hunt.data_files import check_shaping, rules
    check_shaping(rules()[name], name)  # the shipped weights pass
    with pytest.raises(ValueError, match=f"rules.yaml {name} must give a number for each of"):
        check_shaping(bad, name)


@pytest.mark.parametrize("bad, named", [
    (None, "must map each action"), ({}, "must map each action"), ({"move": 1.5}, "'move'"),
    ({"move": 1, "door": -1}, "'door'"), ({"move": True}, "'move'"), ({"weld": "6"}, "'weld'")])
def test_malformed_ap_costs_are_a_clear_error(bad, named):
    """The compiled mask reads the AP costs as C integers (marines.MaskNumbers): rules.yaml's must
    be whole numbers, or the compiled and the Python mask would differ."""
    from aliens_env.bug_hunt.data_files import check_ap_costs, rules
    check_ap_costs(rules()["ap_cost"])  # the shipped costs pass
    with pytest.raises(ValueError, match="rules.yaml ap_cost") as error:
        check_ap_costs(bad)
    assert named in str(error.value)


def test_walk_steps_go_through_closed_and_locked_doors_but_not_welded_ones():
    from bh_helpers import build
    rows = ["#########",
            "#1.+.L..#",
            "#########",
            "#.X.....#",
            "#########"]
    g = build(rows)
    steps = g.walk_steps([g.sq((1, 7))])
    assert [steps.get(g.sq((1, c))) for c in range(1, 8)] == [6, 5, 4, 3, 2, 1, 0]
    assert g.sq((3, 1)) not in steps and g.sq((3, 2)) not in steps  # walled off; a welded door is shut
    assert g.walk_steps([g.sq((3, 7))])[g.sq((3, 3))] == 4
    assert g.sq((3, 1)) not in g.walk_steps([g.sq((3, 7))])


def test_entry_squares_are_the_entry_corridor_through_play_clones_and_positions():
    """``game.entry_squares()`` is kept per layout version (the corridor is marked only when it is
    laid): it stays the colony's entry squares through play, a clone, a loaded position and a new
    game on the same object, and it is a tuple (a caller cannot change the kept answer)."""
    def entries(game):
        return tuple(np.flatnonzero(game.colony.entry).tolist())

    g = BugHunt()
    marines, hive = ScriptedMarines(), BugHuntDiceAI()
    for seed in (1, 2):
        g.reset(seed)
        assert isinstance(g.entry_squares(), tuple) and len(g.entry_squares()) == 12
        for step in range(200):
            if g.is_terminal():
                break
            assert g.entry_squares() == entries(g)
            if step % 50 == 0:
                for other in (g.clone(), BugHunt.from_dict(g.to_dict())):
                    assert other.entry_squares() == entries(other) == entries(g)
            player = g.current_player()
            g.apply(marines.act(g, player) if player == "marines" else hive.act(g, player))


def test_exploration_goals_are_the_unentered_rooms_and_pending_ports_through_play_and_clones():
    """``game.room_centres()`` and ``game.exploration_goals()`` are kept per layout version and rooms
    entered: through play, a clone and a loaded position they stay the centres of the rooms not
    entered, then the pending doors and the squares inside the pending open ends, as tuples."""
    g = BugHunt()
    marines, hive = ScriptedMarines(), BugHuntDiceAI()
    entered = set()
    for seed in (1, 2):
        g.reset(seed)
        for step in range(300):
            if g.is_terminal():
                break
            assert isinstance(g.room_centres(), tuple) and isinstance(g.exploration_goals(), tuple)
            assert g.room_centres() == plain_room_centres(g) and g.exploration_goals() == plain_exploration_goals(g)
            entered.add(g.rooms_entered)
            if step % 50 == 0:
                for other in (g.clone(), BugHunt.from_dict(g.to_dict())):
                    assert other.exploration_goals() == plain_exploration_goals(other) == plain_exploration_goals(g)
            player = g.current_player()
            g.apply(marines.act(g, player) if player == "marines" else hive.act(g, player))
    assert len(entered) > 1  # rooms were entered along the way


def test_walk_field_is_walk_steps_on_every_square_through_play():
    """``game.walk_field(goals)`` (the array the scripted step reads) and ``game.walk_steps(goals)``
    (the same by square) agree: the walked squares' steps, UNREACHABLE elsewhere, whatever the
    goals' order; a goal is 0 steps from itself, and steps_on reads the field as walk_steps."""
    from aliens_env.bug_hunt.geometry import steps_on
    from aliens_env.bug_hunt.state import NO, UNREACHABLE
    g = BugHunt()
    marines, hive = ScriptedMarines(), BugHuntDiceAI()
    g.reset(3)
    checked = 0
    for step in range(200):
        if g.is_terminal():
            break
        goals = list(g.exploration_goals())
        if goals:
            field, steps = g.walk_field(goals), g.walk_steps(goals)
            assert np.array_equal(field, g.walk_field(goals[::-1]))
            assert {sq: int(field[sq]) for sq in range(len(field)) if field[sq] < UNREACHABLE} == steps
            assert all(field[goal] == 0 for goal in goals if goal in steps)
            # steps_on (the squad's read of a few squares) is walk_steps' .get(square, 10**6), NO too
            assert [steps_on(field, sq) for sq in (NO, *range(len(field)))] == \
                [steps.get(sq, 10**6) for sq in (NO, *range(len(field)))]
            checked += 1
        player = g.current_player()
        g.apply(marines.act(g, player) if player == "marines" else hive.act(g, player))
    assert checked > 50


def _private_reads(source: str) -> list[str]:
    """The private names a policy module's source reads: attributes starting with "_" of the game
    (a local or parameter named game or records), or of a module of the package it imports
    (``from . import geometry``), and private names imported from the package's modules."""
    tree = ast.parse(source)
    modules = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level
               and node.module is None for alias in node.names}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and isinstance(node.value, ast.Name) \
                and node.value.id in {"game", "records"} | modules:
            found.append(f"{node.value.id}.{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.level:
            found += [f"{node.module}.{alias.name}" for alias in node.names if alias.name.startswith("_")]
    return found


def test_the_scripted_squad_uses_only_public_rule_queries():
    """The scripted squad and its tactics read the open state and the game's public rule queries:
    no private field of the game (compiled, the game is typed, so a stand-in game checking the
    reads cannot be handed to them: their sources are read instead), no private function of a rule
    module; and they play the real game."""
    from aliens_env.bug_hunt import policies, tactics

    for module in (policies, tactics):
        source = Path(module.__file__).parent / (module.__name__.rpartition(".")[2] + ".py")  # (compiled: the .so's)
        assert _private_reads(source.read_text()) == [], module.__name__
    for source, read in (("def f(game):\n    return game._cache\n", "game._cache"),
                         ("def f(records):\n    return records._shared.get(1)\n", "records._shared"),
                         ("from . import geometry\ngeometry._x(1)\n", "geometry._x"),
                         ("from .marines import targets, _grenade_targets\n", "marines._grenade_targets")):
        assert _private_reads(source) == [read], source  # (a private read is found)
    assert _private_reads("def f(self, game):\n    return self._goals_kept, game.targets()\n") == []
    for options in ({}, {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True}):
        g = BugHunt(**options)
        g.reset(3)
        marines, hive = ScriptedMarines(), BugHuntDiceAI()
        for _ in range(300):
            if g.is_terminal():
                break
            player = g.current_player()
            g.apply(marines.act(g, player) if player == "marines" else hive.act(g, player))
