"""Each side's own action space (aliens_env/envs/actions.py) end to end: the Game contract's
``side_slices``, the adapters' option ``actions=``, policy files that record the kind, PPO policies
that act through it, imitation and train.py's config key. (The conformance suite checks every
environment's declared slices by random play and runs the API checks with ``actions="side"``.)"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
import torch

import aliens_env
from agents import config as cfglib
from agents import extractors, make_policy, policy_file
from agents.imitation import collect
from agents.ppo import PPOPolicy, export_policy
from agents.pretrained import HERE, PRETRAINED
from aliens_env.core.game import IllegalActionError
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.actions import ACTIONS, SideActions
from aliens_env.envs.registry import get_spec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = "ReactorRoomTactics"  # the marines take 6 of its 187 actions, the hive 114
NAMES = sorted(aliens_env.REGISTRY)


# -- the declarations and SideActions --------------------------------------------------------------
#: the splits the rules give (declared by each ruleset: side_slice_names, CommandedSide.side_slices)
TACTICS_MARINES = ("tactic",)


@pytest.mark.parametrize("name", ["ReactorRoomTactics", "BugHuntTactics", "GloriousDayTactics",
                                  "HuntForTheQueenTactics", "OperationsAirDuctsTactics"])
def test_commanded_marines_take_only_tactics(name):
    game = get_spec(name).make_game()
    assert game.side_slices("marines") == TACTICS_MARINES
    assert "tactic" not in game.side_slices("hive")
    assert SideActions(game, "marines", "side").n == len(game.tactics)


def test_the_declared_splits_of_a_few_rulesets():
    rr = get_spec("ReactorRoom").make_game()
    assert rr.side_slices("hive") == ("order", "target", "move_to", "place")
    assert rr.side_slices("marines") == ("move", "aim", "fire", "fire_pair", "melee", "push", "hand_off", "end")
    bh = get_spec("BugHuntTactics").make_game()
    assert bh.side_slices("hive") == ("order", "step", "stop", "approach", "attack", "summon", "appear", "close_door")
    am = get_spec("AlienMenace").make_game()  # both decks hold events and combat actions
    assert set(am.side_slices("marines")) & set(am.side_slices("hive")) == {"keep", "mulligan", "room", "event", "combat",
                                                                            "flip", "pass"}
    with pytest.raises(ValueError, match="unknown side 'aliens'"):
        rr.side_slices("aliens")


def test_the_default_is_every_slice_for_both_sides():
    from aliens_env.core.game import Game
    from aliens_env.reactor_room.game import ReactorRoom

    class Undeclared(ReactorRoom):
        side_slice_names = None

    assert Game.side_slice_names is None
    game = Undeclared()
    assert game.side_slices("marines") == game.side_slices("hive") == tuple(game.layout.slices)
    assert SideActions(game, "hive", "side").n == game.layout.size


def test_side_actions_map_both_ways():
    game = get_spec(GAME).make_game()
    marines, hive = SideActions(game, "marines", "side"), SideActions(game, "hive", "side")
    start, count = game.layout.slices["tactic"]
    assert marines.n == count and [marines.to_game(i) for i in range(count)] == list(range(start, start + count))
    assert hive.n == sum(game.layout.slices[s][1] for s in game.side_slices("hive"))
    for side_actions in (marines, hive):
        for i in range(side_actions.n):
            assert side_actions.from_game(side_actions.to_game(i)) == i
    assert marines.to_game(np.int64(2)) == start + 2 and marines.to_game(np.array(1)) == start + 1
    everything = SideActions(game, "marines", "all")
    assert everything.n == game.layout.size and everything.to_game(5) == 5 and everything.from_game(7) == 7


# -- the actions at rows the observation does not show (Game.row_slice_names) ----------------------
def test_with_the_compact_observation_the_marines_fire_only_at_the_targets_it_shows():
    from aliens_env.envs.observations import Observer

    game = get_spec("ReactorRoom").make_game()
    assert game.row_slice_names["targets"][:3] == ("fire", "fire_pair", "melee")
    shown = Observer(game, "compact").shown_rows
    assert shown == {"targets": 8} and game.obs_layout.shapes["targets"][0] == 16
    full, compact = SideActions(game, "marines", "side"), SideActions(game, "marines", "side", shown)
    assert full.n == 67 and compact.n == 67 - 3 * 8  # fire, fire_pair, melee at targets 8-15 left out
    kept = {game.layout.name(a) for a in compact.actions}
    for kind in ("fire", "fire_pair", "melee"):
        start = game.layout.slices[kind][0]
        assert {f"{kind}[{k}]" for k in range(8)} <= kept and f"{kind}[8]" not in kept
        with pytest.raises(ValueError, match="is not one of the actions of the marines"):
            compact.from_game(start + 8)
        assert compact.to_game(compact.from_game(start + 7)) == start + 7
    hive = SideActions(game, "hive", "side", shown)  # (the hive's slices name no target row)
    assert hive.n == SideActions(game, "hive", "side").n
    assert SideActions(game, "marines", "all", shown).n == game.layout.size  # "all": the game's every action
    assert Observer(game, "full").shown_rows == {}


@pytest.mark.parametrize("name, declared, full, compact", [
    ("ReactorRoom", "fire fire_pair melee", 67, 43),
    ("OperationsAirDucts", "fire fire_pair melee grenade", 85, 53),
    ("MovieScenario", "fire melee grenade", 69, 45),  # (no fire_pair: tests/test_compact_dead_entries.py)
    ("HuntForTheQueen", "fire melee grenade", 91, 43),
    ("MarineAssault", "fire melee grenade", 102, 54),
    ("RescueOfNewt", "fire melee grenade flame", 115, 51),
    ("CompleteMovie", "fire melee grenade flame", 134, 70),
    ("BugHunt", "fire", 511, 70),  # (and its 441 grenade offsets: one grenade per target shown, below)
])
def test_each_rulesets_actions_at_targets_are_cut_to_the_targets_shown(name, declared, full, compact):
    from aliens_env.envs.observations import Observer

    game = get_spec(name).make_game()
    shown = Observer(game, "compact").shown_rows
    cut = SideActions(game, "marines", "side", shown)
    assert [s for s in game.row_slice_names["targets"] if s in game.side_slices("marines")] == declared.split()
    assert SideActions(game, "marines", "side").n == full and cut.n == compact
    for kind in declared.split():  # the first shown rows' actions kept, the others' not
        start, _ = game.layout.slices[kind]
        assert cut.from_game(start + shown["targets"] - 1, game) >= 0
        with pytest.raises(ValueError, match="is not one of the actions of the marines"):
            cut.from_game(start + shown["targets"], game)


#: options whose slices a ruleset declares, though no registered game has them by default (the lairs'
#: marines' prime and throw: the thrown grenades, an option of theirs)
OPTION_SLICES = {"HuntForTheQueen": {"thrown_grenades": True}}


def test_every_declared_slice_name_is_a_slice_of_some_registered_layout():
    """(A misspelt name in side_slice_names or row_slice_names would be dropped silently: a name may
    be missing from one layout, an option's slice, but not from every registered game's.)"""
    slices, declared = set(), {}
    for name in NAMES:
        game = get_spec(name).make_game()
        slices |= set(game.layout.slices) | set(get_spec(name).make_game(**OPTION_SLICES.get(name, {})).layout.slices)
        for table in (game.side_slice_names or {}), (game.row_slice_names or {}):
            for names in table.values():
                declared.update({slice_name: name for slice_name in names})
    assert {s: n for s, n in declared.items() if s not in slices} == {}


def test_the_adapters_with_compact_and_side_give_the_cut_space():
    from aliens_env.pettingzoo import reactor_room_v0

    env = gym.make("aliens_env/ReactorRoom-v0", observation="compact", actions="side")
    assert env.action_space.n == 43
    obs, _ = env.reset(seed=2)
    game = env.unwrapped.game
    assert np.array_equal(obs["action_mask"], game.legal_mask("marines")[env.unwrapped.actions.actions])
    aec = reactor_room_v0.env(observation="compact", actions="side")
    assert aec.action_space("marines").n == 43 and aec.action_space("hive").n == SideActions(game, "hive", "side").n


def test_a_row_slice_whose_size_is_not_its_views_rows_is_refused():
    from aliens_env.reactor_room.game import ReactorRoom

    class Misdeclared(ReactorRoom):
        row_slice_names = {"targets": ("move",)}  # 8 directions, not 16 targets

    game = Misdeclared()
    with pytest.raises(ValueError, match=r"names 'move' for view 'targets', but the slice has 8 actions and the view "
                                         r"16 rows"):
        SideActions(game, "marines", "side", {"targets": 8})


def test_imitation_leaves_out_a_teacher_action_the_learner_cannot_take():
    from aliens_env.core.policy import Policy

    class FarthestFirst(Policy):  # fires at the farthest target it may, else takes the first legal action
        def act(self, game, player):
            legal = np.flatnonzero(game.legal_mask(player))
            start, count = game.layout.slices["fire"]
            shots = [a for a in legal if start <= a < start + count]
            return int(shots[-1] if shots else legal[0])

    kwargs = dict(game_name="ReactorRoom", side="marines", teacher=FarthestFirst(), opponent="dice", episodes=20, seed=0,
                  gamma=0.99, shaping=False, actions="side")
    everything = collect(observation="full", **kwargs)
    compact = collect(observation="compact", **kwargs)
    game = get_spec("ReactorRoom").make_game()
    side = SideActions(game, "marines", "side")
    aimed = [game.layout.decode(side.to_game(int(i))) for i in everything["action"]]
    far = sum(1 for kind, k in aimed if kind == "fire" and k >= 8)
    assert far > 0  # (the teacher fired past the 8th target in these games)
    assert len(compact["action"]) == len(everything["action"]) - far
    assert len(compact["observation"]) == len(compact["action_mask"]) == len(compact["return"]) == len(compact["action"])
    assert compact["action_mask"].shape[1] == 43 and compact["action"].max() < 43

    class Garbled(Policy):  # an action that is no game action at all is still an error, not left out
        def act(self, game, player):
            return 1.5

    with pytest.raises(ValueError, match="a game action is a whole number, got 1.5"):
        collect(observation="compact", **{**kwargs, "teacher": Garbled(), "episodes": 1})


def test_an_index_out_of_range_and_a_foreign_action_are_clear_errors():
    game = get_spec(GAME).make_game()
    marines = SideActions(game, "marines", "side")
    for bad in (6, -1, 2.0, True, "1"):
        with pytest.raises(IllegalActionError, match=r"is not an index of the 6 actions of the marines \(0-5, actions='side'\)"):
            marines.to_game(bad)
    with pytest.raises(ValueError, match="game action 0 is not one of the actions of the marines"):
        marines.from_game(0)


def test_a_bad_kind_is_refused_naming_the_kinds():
    from aliens_env.pettingzoo import reactor_room_tactics_v0

    assert ACTIONS == ("all", "side")
    message = r"unknown actions 'mine'; allowed: \['all', 'side'\]"
    with pytest.raises(ValueError, match=message):
        gym.make(f"aliens_env/{GAME}-v0", actions="mine")
    with pytest.raises(ValueError, match=message):
        reactor_room_tactics_v0.raw_env(actions="mine")
    with pytest.raises(ValueError, match=message):
        SideActions(get_spec(GAME).make_game(), "marines", "mine")
    with pytest.raises(cfglib.ConfigError, match=r"'actions': 'mine' is not allowed; allowed values: \['all', 'side'\]"):
        cfglib.validate({"actions": "mine"})
    assert cfglib.validate({})["actions"] == "all"
    with pytest.raises(cfglib.ConfigError, match="'env_options.actions': the kind of action space is the top-level key 'actions'"):
        cfglib.validate({"env": GAME, "env_options": {"actions": "side"}})


# -- the adapters ----------------------------------------------------------------------------------
def test_the_gymnasium_adapter_acts_in_the_sides_space():
    env = gym.make(f"aliens_env/{GAME}-v0", side="marines", opponent="random", actions="side")
    obs, _ = env.reset(seed=1)
    game = env.unwrapped.game
    assert env.action_space.n == 6 and obs["action_mask"].shape == (6,)
    full = game.legal_mask("marines")
    assert np.array_equal(obs["action_mask"], full[env.unwrapped.actions.actions])
    assert np.array_equal(env.unwrapped.action_masks(), obs["action_mask"])
    before = game.to_dict()
    obs, _, _, _, _ = env.step(3)  # tactic 3
    assert game.to_dict() != before
    # the hive: an illegal action's message names the side's index and the game's action
    env = gym.make(f"aliens_env/{GAME}-v0", side="hive", opponent="random", actions="side", illegal_action="raise")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    action = env.unwrapped.actions.to_game(illegal)
    name = env.unwrapped.game.layout.name(action)
    with pytest.raises(IllegalActionError, match=re.escape(f"hive action {illegal} (the game's {action}, {name}): {name} "
                                                           f"is not legal for hive now")):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="is not an index of the 114 actions of the hive"):
        env.step(114)
    penalized = gym.make(f"aliens_env/{GAME}-v0", side="hive", opponent="random", actions="side")
    penalized.reset(seed=2)
    _, reward, terminated, _, info = penalized.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"].startswith(f"hive action {illegal} (the game's {action}")


def test_the_pettingzoo_adapter_gives_each_agent_its_space():
    from aliens_env.pettingzoo import reactor_room_tactics_v0

    aec = reactor_room_tactics_v0.env(actions="side")
    aec.reset(seed=3)
    assert aec.action_space("marines").n == 6 and aec.action_space("hive").n == 114
    rng = np.random.default_rng(3)
    for _ in range(200):
        agent = aec.agent_selection
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            break
        other = "hive" if agent == "marines" else "marines"
        assert aec.observation_space(agent).contains(obs) and obs["action_mask"].shape == (aec.action_space(agent).n,)
        assert not aec.observe(other)["action_mask"].any()
        game = aec.unwrapped.game
        assert np.array_equal(aec.unwrapped.actions[agent].expand(obs["action_mask"]), game.legal_mask(agent))
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_a_position_reset_keeps_the_sides_space():
    from aliens_env.pettingzoo import reactor_room_tactics_v0

    env = gym.make(f"aliens_env/{GAME}-v0", side="marines", actions="side")
    env.reset(seed=3)
    position = env.unwrapped.game.to_dict()
    obs, _ = env.reset(options={"position": position})
    game = env.unwrapped.game
    assert np.array_equal(obs["action_mask"], SideActions(game, "marines", "side").mask(game))
    aec = reactor_room_tactics_v0.env(actions="side")
    aec.reset(options={"position": position})
    agent = aec.agent_selection
    game = aec.unwrapped.game
    assert np.array_equal(aec.observe(agent)["action_mask"], SideActions(game, agent, "side").mask(game))


# -- PPO: training, policy files, policies ----------------------------------------------------------
@pytest.fixture(scope="module")
def side_model():
    """A MaskablePPO model of the Reactor Room Tactics marines' 6 tactics on compact observations
    (a short run: it learns a few hundred steps)."""
    from sb3_contrib import MaskablePPO

    torch.manual_seed(0)
    env = gym.make(f"aliens_env/{GAME}-v0", side="marines", opponent="random", observation="compact", actions="side")
    spec = extractors.spec_for("observation", GAME, "compact")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8], **extractors.policy_kwargs(spec)})
    model.learn(128)
    assert model.action_space.n == 6 and model.policy.action_net.out_features == 6
    return model


def marines_to_move():
    game = get_spec(GAME).make_game()
    hive = RandomPolicy(0)
    game.reset(3)
    while game.current_player() != "marines":
        game.apply(hive.act(game, "hive"))
    return game


def test_a_side_policy_gives_probabilities_over_the_games_actions(side_model):
    game = marines_to_move()
    policy = PPOPolicy(side_model, observation="compact", actions="side")
    probs = policy.probabilities(game, "marines")
    assert probs.shape == (game.layout.size,) and np.isclose(probs.sum(), 1.0)
    start, count = game.layout.slices["tactic"]
    assert probs[start:start + count].sum() == pytest.approx(1.0) and not probs[:start].any()
    assert game.legal_mask("marines")[policy.act(game, "marines")]
    # a model without a header acts through the kind whose action count it has
    by_size = PPOPolicy(side_model, observation="compact")
    assert np.allclose(by_size.probabilities(game, "marines"), probs) and by_size.actions == "side"


def test_a_policy_file_records_the_kind_and_plays_as_an_opponent(side_model, tmp_path):
    path = str(tmp_path / "side.safetensors")
    policy_file.save(side_model.policy, path, GAME, "marines", observation="compact", actions="side")
    header = policy_file.read_header(path)
    assert header["actions"] == "side" and header["n_actions"] == 6
    loaded = make_policy(f"ppo:{path}", game=GAME, side="marines")
    assert loaded.actions == "side"
    game = marines_to_move()
    in_memory = PPOPolicy(side_model, observation="compact", actions="side").probabilities(game, "marines")
    assert np.allclose(in_memory, loaded.probabilities(game, "marines"), atol=1e-6)
    # a side-space policy plays as the opponent inside step() of an "all" environment
    env = gym.make(f"aliens_env/{GAME}-v0", side="hive", opponent=f"ppo:{path}")
    obs, _ = env.reset(seed=0)
    assert env.action_space.n == game.layout.size
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            break
    with pytest.raises(ValueError, match="was trained on actions='side', not 'all'"):
        PPOPolicy(path, actions="all")
    # a header without the key: "all" (as every file written before it)
    from safetensors.torch import load_file, save_file

    del header["actions"]
    old = str(tmp_path / "old.safetensors")
    save_file(load_file(path), old, metadata={policy_file.HEADER_KEY: json.dumps(header)})
    policy = PPOPolicy(old, game=GAME, side="marines")
    assert policy.actions == "all"
    with pytest.raises(ValueError, match=r"expects .* and 6 actions, .* and 187 \(actions='all'\)"):
        policy.act(game, "marines")
    with pytest.raises(policy_file.PolicyFileError, match=r"'actions' must be one of \['all', 'side'\], got 'mine'"):
        policy_file.check_header({**header, "actions": "mine"}, old)


def test_an_exported_zip_records_the_kind_of_its_action_count(side_model, tmp_path):
    zipped = str(tmp_path / "side.zip")
    side_model.save(zipped)
    out = str(tmp_path / "side.safetensors")
    export_policy(zipped, out, game=GAME, side="marines", half=False)
    header = policy_file.read_header(out)
    assert header["actions"] == "side" and header["observation"] == "compact"
    with pytest.raises(ValueError, match=r"no kind of action space of the hive of ReactorRoomTactics .* pass actions="):
        export_policy(zipped, str(tmp_path / "x.safetensors"), game=GAME, side="hive")


def test_the_shipped_policies_act_in_the_games_whole_space():
    for name, entry in PRETRAINED.items():
        header = policy_file.read_header(os.path.join(HERE, entry["file"]))
        assert "actions" not in header and policy_file.actions_of(header) == "all", name
        assert make_policy(f"pretrained:{name}", game=entry["game"], side=entry["side"]).actions == "all"


def test_imitation_maps_the_teachers_actions_into_the_sides_space():
    data = collect(GAME, "marines", "heuristic", "random", episodes=1, seed=0, gamma=0.99, shaping=False,
                   observation="compact", actions="side")
    assert data["action_mask"].shape[1] == 6 and len(data["action"]) > 0
    assert all(mask[a] for mask, a in zip(data["action_mask"], data["action"]))  # each a legal index


def test_the_rllib_backend_refuses_side_actions():
    from agents import rllib_backend

    config = cfglib.validate({"backend": "rllib", "actions": "side"})
    with pytest.raises(cfglib.ConfigError, match="actions: side is not supported by the rllib backend yet"):
        rllib_backend.check_config(config)


# -- train.py ------------------------------------------------------------------------------------
def test_a_side_config_imitates_trains_evaluates_and_exports(tmp_path):
    """The smoke config (Reactor Room marines: 67 of 181 actions) with actions: side, imitation and a
    DAgger round first: every mask and action train.py hands the network (environments, the
    teacher's games, evaluations, the final table through the policy file) is the side's, else
    the network refuses its size."""
    tiny = ["actions=side", "bc.teacher=heuristic", "bc.episodes=1", "bc.epochs=1", "bc.dagger=1"]
    args = [sys.executable, "train.py", "--config", "configs/smoke.yaml", "--output-dir", str(tmp_path), "--run-name", "s"]
    for item in tiny:
        args += ["--set", item]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run = tmp_path / "s"
    header = policy_file.read_header(str(run / "policies" / "model.safetensors"))
    game = get_spec("ReactorRoom").make_game()
    assert header["actions"] == "side" and header["n_actions"] == SideActions(game, "marines", "side").n == 67
    rows = json.loads((run / "final_eval.json").read_text())
    assert [r["agent"] for r in rows] == ["trained", "random"] and all(r["episodes"] == 4 for r in rows)
    assert "evaluation at 128 steps" in proc.stdout and "evaluation at 256 steps" in proc.stdout


def test_a_position_whose_action_slices_differ_is_refused(monkeypatch):
    """A position of another config whose layout has as many actions in other slices would be
    mapped wrongly by the environment's side actions: it is refused before anything changes."""
    from aliens_env.core.actions import ActionLayout
    from aliens_env.envs import gym_env

    env = gym.make(f"aliens_env/{GAME}-v0", side="marines", actions="side")
    env.reset(seed=0)
    game = env.unwrapped.game
    position = game.to_dict()
    other = type(game).from_dict(position)
    other.layout = ActionLayout([("renamed", game.layout.size)])  # as many actions, other slices
    monkeypatch.setattr(type(game), "from_dict", classmethod(lambda cls, data: other))
    before = game.to_dict()
    with pytest.raises(ValueError, match="make the environment with the position's config"):
        gym_env.position_from_options(game, {"position": position})
    with pytest.raises(ValueError, match="make the environment with the position's config"):
        env.reset(options={"position": position})
    assert env.unwrapped.game.to_dict() == before


def test_from_game_takes_whole_numbers_only():
    marines = SideActions(get_spec(GAME).make_game(), "marines", "side")
    first = marines.to_game(0)
    assert marines.from_game(first) == marines.from_game(np.int64(first)) == marines.from_game(np.array(first)) == 0
    for bad in (float(first) + 0.7, str(first), True):
        with pytest.raises(ValueError, match="a game action is a whole number"):
            marines.from_game(bad)


def test_a_model_of_another_kind_of_actions_is_refused_naming_the_config_keys(tmp_path):
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from agents.ppo import load_model

    make = lambda actions: gym.make("aliens_env/ReactorRoom-v0", observation="compact", actions=actions)  # noqa: E731
    path = str(tmp_path / "side.zip")
    MaskablePPO("MultiInputPolicy", make("side"), n_steps=32, seed=0, device="cpu").save(path)
    assert load_model(path, env=DummyVecEnv([lambda: make("side")])).action_space.n == 43
    with pytest.raises(ValueError, match=r"spaces do not match: .*\(43,\).* != .*\(181,\).* \(the model was trained on "
                                         r".* the config's env, env_options, observation and actions must be the model's"):
        load_model(path, env=DummyVecEnv([lambda: make("all")]))


def test_a_headerless_compact_side_model_is_read_as_its_kinds(tmp_path):
    """A .zip records neither kind: export_policy and PPOPolicy take the kinds whose sizes it has,
    the side's count with the compact observation's shown rows (43 of ReactorRoom's 67)."""
    from sb3_contrib import MaskablePPO

    path, out = str(tmp_path / "m.zip"), str(tmp_path / "m.safetensors")
    env = gym.make("aliens_env/ReactorRoom-v0", observation="compact", actions="side")
    MaskablePPO("MultiInputPolicy", env, n_steps=32, seed=0, device="cpu").save(path)
    export_policy(path, out, "ReactorRoom", "marines")
    header = policy_file.read_header(out)
    assert (header["observation"], header["actions"], header["n_actions"]) == ("compact", "side", 43)
    game = get_spec("ReactorRoom").make_game()
    game.reset(4)
    with pytest.warns(UserWarning, match="unpickled"):
        policy = PPOPolicy(path, game="ReactorRoom", side="marines")
    while game.current_player() != "marines":
        game.apply(RandomPolicy(4).act(game, game.current_player()))
    assert game.legal_mask("marines")[policy.act(game, "marines")] == 1
    assert (policy.observation, policy.actions) == ("compact", "side")


def test_python_m_aliens_env_lists_both_counts_where_compact_cuts():
    from aliens_env.__main__ import side_count

    game = get_spec("ReactorRoom").make_game()
    assert side_count(game, "marines") == "67 (43 with compact)" and side_count(game, "hive") == "114"
    assert side_count(get_spec("ReactorRoomTactics").make_game(), "marines") == "6"
    assert side_count(get_spec("BugHunt").make_game(), "marines") == "511 (70 with compact)"


# -- the actions aimed at a view's rows decision by decision (Game.row_aimed_slice_names) ------------
# (Bug Hunt's grenade at target k's square at a forced position: tests/bug_hunt/test_bh_grenade_rows.py)
def test_a_misdeclared_aimed_slice_is_refused_and_an_undeclared_mapping_is_a_clear_error():
    from aliens_env.reactor_room.game import ReactorRoom

    class NoView(ReactorRoom):
        row_aimed_slice_names = {"squares": ("move",)}

    class Twice(ReactorRoom):
        row_aimed_slice_names = {"targets": ("fire",)}  # (fire is a row slice already)

    class Unmapped(ReactorRoom):
        row_aimed_slice_names = {"targets": ("move",)}

    with pytest.raises(ValueError, match=r"NoView.row_aimed_slice_names names view 'squares'; its views: \['board'"):
        SideActions(NoView(), "marines", "side", {"targets": 8})
    with pytest.raises(ValueError, match="Twice declares 'fire' both in row_slice_names and in row_aimed_slice_names"):
        SideActions(Twice(), "marines", "side", {"targets": 8})
    game = Unmapped()
    assert SideActions(game, "marines", "side").n == 67  # (every row shown: the slice as it is)
    side = SideActions(game, "marines", "side", {"targets": 8})
    assert side.n == 67 - 3 * 8 - 8 + 8  # (move's 8 directions: 8 rows)
    with pytest.raises(NotImplementedError, match=r"Unmapped declares row_aimed_slice_names \{'targets': \('move',\)\} "
                                                  r"but implements no row_aimed_actions"):
        side.mask(game)


def grenade_positions(seed: int, count: int):
    """BugHunt games in random play, at each of the first ``count`` marines' decisions where a shown
    target row's grenade is legal (with the compact observation's rows): (game, side actions)."""
    from aliens_env.envs.observations import Observer

    game = get_spec("BugHunt").make_game()
    side = SideActions(game, "marines", "side", Observer(game, "compact").shown_rows)
    (_, first, rows, _), = side.aimed
    policy, found = RandomPolicy(seed), 0
    game.reset(seed)
    while found < count:
        if game.is_terminal():
            seed += 1
            game.reset(seed)
        player = game.current_player()
        if player == "marines" and side.mask(game)[first:first + rows].any():
            found += 1
            yield game, side
        game.apply(policy.act(game, player))


def test_the_gym_environment_throws_grenades_at_the_shown_targets():
    env = gym.make("aliens_env/BugHunt-v0", observation="compact", actions="side", illegal_action="raise")
    env.reset(seed=0)
    actions = env.unwrapped.actions
    assert env.action_space.n == actions.n == 70
    (_, first, rows, _), = actions.aimed
    game, _ = next(grenade_positions(0, 1))
    env.reset(options={"position": game.to_dict()})
    game = env.unwrapped.game
    mask = env.unwrapped.action_masks()
    k = int(np.flatnonzero(mask[first:first + rows])[0])
    action = game.row_aimed_actions("grenade", rows)[k]
    assert mask[first + k] == game.legal_mask("marines")[action] == 1 and game.layout.decode(action)[0] == "grenade"
    squad = game.humans[game.active].squad
    grenades = game.grenade_pools[squad]
    env.step(first + k)
    assert game.grenade_pools[squad] == grenades - 1


def test_a_compact_side_bughunt_model_and_its_policy_file_act_legally(tmp_path):
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = gym.make("aliens_env/BugHunt-v0", observation="compact", actions="side")
    path, out = str(tmp_path / "m.zip"), str(tmp_path / "m.safetensors")
    MaskablePPO("MultiInputPolicy", env, n_steps=32, policy_kwargs={"net_arch": [8]}, seed=0, device="cpu").save(path)
    export_policy(path, out, "BugHunt", "marines")
    assert policy_file.read_header(out)["n_actions"] == 70
    with pytest.warns(UserWarning, match="unpickled"):
        from_zip = PPOPolicy(path, game="BugHunt", side="marines")
    policies = (from_zip, PPOPolicy(out, game="BugHunt", side="marines", deterministic=False, seed=1))
    for game, side in grenade_positions(1, 6):
        first, rows = side.aimed[0][1:3]
        legal = game.legal_mask("marines").astype(bool)
        aimed = [a for a in game.row_aimed_actions("grenade", rows) if a >= 0 and legal[a]]
        for policy in policies:
            probs = policy.probabilities(game, "marines")
            assert abs(probs.sum() - 1) < 1e-6 and probs[~legal].sum() == 0
            assert all(probs[a] > 0 for a in aimed)  # (the network's mass at row k: at its grenade)
            assert legal[policy.act(game, "marines")]
        assert (from_zip.observation, from_zip.actions) == ("compact", "side")


def test_imitation_leaves_out_a_grenade_at_a_square_no_shown_target_stands_on():
    from aliens_env.core.policy import Policy

    class Grenadier(Policy):  # with a shown target in grenade reach: a grenade at its square and at another
        def __init__(self):   # by turns; else the heuristic marines' action
            self.heuristic = make_policy("heuristic", game="BugHunt", side="marines", seed=0)
            self.at_targets = self.unseen = self.turn = 0

        def act(self, game, player):
            legal = np.flatnonzero(game.legal_mask(player))
            start, count = game.layout.slices["grenade"]
            aimed = set(game.row_aimed_actions("grenade", 6))
            at_targets = sorted(a for a in aimed if a >= 0 and game.legal_mask(player)[a])
            others = [int(a) for a in legal if start <= a < start + count and a not in aimed]
            if at_targets and others:
                self.turn += 1
                action = at_targets[0] if self.turn % 2 else others[0]
            else:
                action = self.heuristic.act(game, player)
            kind, k = game.layout.decode(action)  # what the learner cannot take: a grenade at no shown target's
            self.at_targets += kind == "grenade" and action in aimed  # square, a shot past the 6th target
            self.unseen += (kind == "grenade" and action not in aimed) or (kind == "fire" and k >= 6)
            return action

    kwargs = dict(game_name="BugHunt", side="marines", opponent="dice", episodes=2, seed=0, gamma=0.99, shaping=False,
                  actions="side")
    everything = collect(observation="full", teacher=Grenadier(), **kwargs)
    teacher = Grenadier()
    compact = collect(observation="compact", teacher=teacher, **kwargs)
    assert teacher.unseen > 0 and teacher.at_targets > 0
    assert len(compact["action"]) == len(everything["action"]) - teacher.unseen
    game = get_spec("BugHunt").make_game()
    first = SideActions(game, "marines", "side", {"targets": 6}).aimed[0][1]
    assert int(((compact["action"] >= first) & (compact["action"] < first + 6)).sum()) == teacher.at_targets
    assert compact["action_mask"].shape[1] == 70
