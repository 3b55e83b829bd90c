"""The kinds of observation (aliens_env/envs/observations.py) end to end: the adapters' option
``observation=``, the ``observation`` extractor, policy files that record the kind, PPO policies
that observe through it, and train.py's config key. (The conformance suite runs the API checks
over every environment's compact kind.)"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
import torch

import aliens_env
from agents import config as cfglib
from agents import extractors, make_policy, policy_file
from agents.ppo import PPOPolicy
from agents.pretrained import HERE, PRETRAINED
from aliens_env.bug_hunt import tactics_obs
from aliens_env.core.compact import compact_observation
from aliens_env.envs.observations import OBSERVATIONS, Observer
from aliens_env.envs.registry import get_spec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = "ReactorRoom"  # its compact observation is a few hundred values of its 4,067
NAMES = sorted(aliens_env.REGISTRY)


def test_a_bad_kind_is_refused_naming_the_kinds():
    from aliens_env.pettingzoo import reactor_room_v0

    assert OBSERVATIONS == ("full", "compact")
    message = r"unknown observation 'tiny'; allowed: \['full', 'compact'\]"
    with pytest.raises(ValueError, match=message):
        gym.make(f"aliens_env/{GAME}-v0", observation="tiny")
    with pytest.raises(ValueError, match=message):
        reactor_room_v0.raw_env(observation="tiny")
    with pytest.raises(cfglib.ConfigError, match=r"'observation': 'tiny' is not allowed; allowed values: \['full', 'compact'\]"):
        cfglib.validate({"observation": "tiny"})
    assert cfglib.validate({})["observation"] == "full"


def test_the_kind_is_the_top_level_key_never_an_env_option():
    """env_options reach the environments and the games made for imitation and evaluation: the
    kind is chosen once, by the key every part of a run reads."""
    with pytest.raises(cfglib.ConfigError, match="'env_options.observation': the kind of observation is the top-level key 'observation'"):
        cfglib.validate({"env": "BugHuntTactics", "env_options": {"mission": "kill_queen", "observation": "compact"}})
    assert cfglib.validate({"env": "BugHuntTactics", "observation": "compact"})["observation"] == "compact"


@pytest.mark.parametrize("name", NAMES)
def test_the_observer_of_each_kind(name):
    """full: the game's observation and layout; compact: the game's own (BugHuntTactics': A67), else
    the transform's, else the full ones (the observation is already small)."""
    game = get_spec(name).make_game()
    game.reset(5)
    player = game.current_player()
    full, compact = Observer(game, "full"), Observer(game, "compact")
    assert full.layout is game.obs_layout and full.shape == game.observation_shape
    assert np.array_equal(full(game, player), game.observe(player))
    transform = compact_observation(game)
    if name == "BugHuntTactics":  # its own compact observation, not a transform of the full one
        assert transform is None and compact.layout is game.compact_layout and compact.shape == (338,)
        assert np.array_equal(compact(game, player), tactics_obs.observe(game, player))
    elif transform is None:
        assert compact.layout is game.obs_layout and np.array_equal(compact(game, player), game.observe(player))
    else:
        obs = compact(game, player)
        assert compact.shape == transform.shape == obs.shape == compact.layout.shape and obs.dtype == np.float32
        expected = transform(game.observe(player))  # (then the game's own rows: Glorious Day's moves and targets)
        for view, rows, _ in transform.game_rows:
            expected[transform.layout.span(view)] = game.compact_rows(view, rows, player).ravel()
        assert np.array_equal(obs, expected)
        assert 0 < compact.shape[0] < full.shape[0]


def test_the_compact_transform_reads_the_kept_observation_and_leaves_it_as_it_was():
    """Where the game keeps its observation (observe_kept: the Reactor Room family) the transform
    reads that buffer, observe's copy spared, and gives a new array, the buffer unchanged; a game
    that keeps none (observe_kept None) is read through observe."""
    game = get_spec(GAME).make_game()
    game.reset(4)
    player = game.current_player()
    observer = Observer(game, "compact")
    expected = compact_observation(game)(game.observe(player))

    class KeptOnly:  # the game, its observe refused
        def observe_kept(self, side):
            return game.observe_kept(side)

        def observe(self, side):
            raise AssertionError("observe's copy was read")

    class KeepsNone:
        def observe_kept(self, side):
            return None

        def observe(self, side):
            return game.observe(side)

    kept = game.observe_kept(player)
    before = kept.copy()
    obs = observer(KeptOnly(), player)
    assert np.array_equal(obs, expected) and not np.shares_memory(obs, kept)
    assert game.observe_kept(player) is kept and np.array_equal(kept, before)
    assert np.array_equal(observer(KeepsNone(), player), expected)


@pytest.mark.parametrize("kind", OBSERVATIONS)
def test_both_adapters_observe_through_the_observer(kind):
    from aliens_env.pettingzoo import reactor_room_v0

    env = gym.make(f"aliens_env/{GAME}-v0", observation=kind)
    obs, _ = env.reset(seed=1)
    game = env.unwrapped.game
    observer = Observer(game, kind)
    assert env.observation_space["observation"].shape == observer.shape
    rng = np.random.default_rng(0)
    for _ in range(20):
        assert env.observation_space.contains(obs)
        assert np.array_equal(obs["observation"], observer(game, env.unwrapped.side))
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated or truncated:
            break
    aec = reactor_room_v0.env(observation=kind)
    aec.reset(seed=2)
    for agent in aec.possible_agents:
        seen = aec.observe(agent)
        assert aec.observation_space(agent).contains(seen)
        assert np.array_equal(seen["observation"], observer(aec.unwrapped.game, agent))


def test_a_position_reset_keeps_the_kind():
    from aliens_env.pettingzoo import reactor_room_v0

    env = gym.make(f"aliens_env/{GAME}-v0", observation="compact")
    env.reset(seed=3)
    position = env.unwrapped.game.to_dict()
    obs, _ = env.reset(options={"position": position})
    game = env.unwrapped.game
    assert obs["observation"].shape == env.observation_space["observation"].shape
    assert np.array_equal(obs["observation"], Observer(game, "compact")(game, env.unwrapped.side))
    aec = reactor_room_v0.env(observation="compact")
    aec.reset(options={"position": position})
    agent = aec.agent_selection
    assert np.array_equal(aec.observe(agent)["observation"], Observer(aec.unwrapped.game, "compact")(aec.unwrapped.game, agent))


# -- the observation extractor, policy files and PPO policies --------------------------------------
def marines_to_move():
    """A Reactor Room game at a decision of the marines (the hive's first moves random)."""
    from aliens_env.core.policy import RandomPolicy

    game, hive = get_spec(GAME).make_game(), RandomPolicy(0)
    game.reset(3)
    while game.current_player() != "marines":
        game.apply(hive.act(game, "hive"))
    return game


@pytest.fixture(scope="module")
def compact_model():
    """A MaskablePPO model of the Reactor Room's compact observation with the observation extractor (untrained)."""
    from sb3_contrib import MaskablePPO

    torch.manual_seed(0)
    env = gym.make(f"aliens_env/{GAME}-v0", side="marines", opponent="random", observation="compact")
    spec = extractors.spec_for("observation", GAME, "compact")
    return MaskablePPO("MultiInputPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
                       policy_kwargs={"net_arch": [8], **extractors.policy_kwargs(spec)})


def test_the_observation_extractor_feeds_the_observation_alone(compact_model):
    extractor = compact_model.policy.features_extractor
    size = compact_model.observation_space["observation"].shape[0]
    assert isinstance(extractor, extractors.ObservationExtractor) and extractor.features_dim == size
    assert extractor.spec == {"type": "observation"} == extractors.spec_for("observation", GAME)
    assert compact_model.policy.mlp_extractor.policy_net[0].in_features == size  # the mask is no input
    n = compact_model.action_space.n
    batch = {"observation": torch.rand(3, size), "action_mask": torch.zeros(3, n)}
    assert torch.equal(extractor(batch), batch["observation"])
    assert torch.equal(extractor({**batch, "action_mask": torch.ones(3, n)}), batch["observation"])


def test_the_extractor_key_and_spec_are_checked():
    assert cfglib.validate({"ppo": {"extractor": "observation"}})["ppo"]["extractor"] == "observation"
    extractors.check_spec({"type": "observation"}, 217)
    with pytest.raises(ValueError, match="extractor 'observation' has no other field than 'type'"):
        extractors.check_spec({"type": "observation", "views": []})


def test_the_views_extractor_of_compact_observations_names_the_compact_views():
    game = get_spec(GAME).make_game()
    layout = Observer(game, "compact").layout
    spec = extractors.spec_for("views", GAME, "compact")
    assert spec["views"] == [[name, list(shape)] for name, shape in layout.shapes.items()]
    extractors.check_spec(spec, layout.size)


def test_a_policy_file_records_the_kind_and_the_extractor(compact_model, tmp_path):
    path = str(tmp_path / "compact.safetensors")
    policy_file.save(compact_model.policy, path, GAME, "marines", observation="compact")
    header = policy_file.read_header(path)
    assert header["observation"] == "compact" and header["network"]["extractor"] == {"type": "observation"}
    assert header["observation_size"] == Observer(get_spec(GAME).make_game(), "compact").shape[0]
    loaded = make_policy(f"ppo:{path}", game=GAME, side="marines")
    assert loaded.observation == "compact"
    game = marines_to_move()
    in_memory = PPOPolicy(compact_model, observation="compact").probabilities(game, "marines")
    assert np.allclose(in_memory, loaded.probabilities(game, "marines"), atol=1e-6)
    # a compact-trained policy plays in any environment: here the opponent of a full one
    env = gym.make(f"aliens_env/{GAME}-v0", side="hive", opponent=f"ppo:{path}")
    obs, _ = env.reset(seed=0)
    assert obs["observation"].shape == get_spec(GAME).make_game().observation_shape
    for _ in range(30):
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated or truncated:
            break
    with pytest.raises(ValueError, match="was trained on compact observations, not full"):
        PPOPolicy(path, observation="full")


def test_a_model_without_a_header_observes_the_kind_of_its_size(compact_model, tmp_path):
    """A .zip records no kind: a compact-trained one plays compact observations (its size), in a
    full environment too; a model whose size no kind gives is refused as a full one."""
    path = str(tmp_path / "compact.zip")
    compact_model.save(path)
    game = marines_to_move()
    policy = PPOPolicy(path)
    assert policy.observation is None  # read from the first game it plays
    expected = PPOPolicy(compact_model, observation="compact").probabilities(game, "marines")
    assert np.allclose(policy.probabilities(game, "marines"), expected, atol=1e-6)
    assert policy.observation == "compact"
    other = get_spec("OperationsAirDucts").make_game()  # no kind of it has the model's size
    other.reset(0)
    fresh = PPOPolicy(path)
    with pytest.raises(ValueError, match=r"gives \(7250,\) \(full observation\)"):
        fresh.act(other, other.current_player())


def test_an_exported_zip_records_the_kind_of_its_size(compact_model, tmp_path):
    """export_policy reads the kind of a .zip from its size (a compact run's zip is written as
    compact); a kind named that does not exist is refused, one no size fits too."""
    from agents.ppo import export_policy

    zipped = str(tmp_path / "compact.zip")
    compact_model.save(zipped)
    out = str(tmp_path / "compact.safetensors")
    export_policy(zipped, out, game=GAME, side="marines", half=False)
    assert policy_file.read_header(out)["observation"] == "compact"
    with pytest.raises(ValueError, match=r"unknown observation 'tiny'; allowed: \['full', 'compact'\]"):
        export_policy(zipped, str(tmp_path / "x.safetensors"), game=GAME, side="marines", observation="tiny")
    with pytest.raises(ValueError, match=r"no kind of observation of OperationsAirDucts .* pass observation="):
        export_policy(zipped, str(tmp_path / "y.safetensors"), game="OperationsAirDucts", side="marines")


def test_a_header_without_the_kind_is_full_and_the_size_check_stays_clear(compact_model, tmp_path):
    from safetensors.torch import load_file, save_file

    path = str(tmp_path / "compact.safetensors")
    policy_file.save(compact_model.policy, path, GAME, "marines", observation="compact")
    header = policy_file.read_header(path)
    del header["observation"]  # as a file written before the key existed
    old = str(tmp_path / "old.safetensors")
    save_file(load_file(path), old, metadata={policy_file.HEADER_KEY: json.dumps(header)})
    policy = PPOPolicy(old, game=GAME, side="marines")
    assert policy.observation == "full"
    game = marines_to_move()
    with pytest.raises(ValueError, match=r"expects observation \(\d+,\).* gives \(4067,\) \(full observation\).*kind of observation"):
        policy.act(game, "marines")
    bad = {**header, "observation": "tiny"}
    with pytest.raises(policy_file.PolicyFileError, match=r"'observation' must be one of \['full', 'compact'\], got 'tiny'"):
        policy_file.check_header(bad, old)


#: the shipped policy trained on a compact observation (BugHuntTactics' own, A67); the others: full
SHIPPED_COMPACT = {"bug_hunt_marines"}


def test_the_shipped_policies_are_full_but_bug_hunt_marines():
    for name, entry in PRETRAINED.items():
        header = policy_file.read_header(os.path.join(HERE, entry["file"]))
        if name in SHIPPED_COMPACT:
            assert header["observation"] == "compact", name
        else:
            assert "observation" not in header and policy_file.observation_of(header) == "full", name
        want = "compact" if name in SHIPPED_COMPACT else "full"
        assert make_policy(f"pretrained:{name}", game=entry["game"], side=entry["side"]).observation == want


@pytest.mark.parametrize("kind", OBSERVATIONS)
def test_the_shipped_compact_policy_plays_in_either_environment(kind):
    """pretrained:bug_hunt_marines observes A67 (BugHuntTactics' observe_compact) wherever it plays:
    as the opponent inside step() of an environment of either kind, and as the learner's policy
    fed the compact environment's observation."""
    policy = make_policy("pretrained:bug_hunt_marines", game="BugHuntTactics", side="marines")
    env = gym.make("aliens_env/BugHuntTactics-v0", side="hive", opponent="pretrained:bug_hunt_marines",
                   mission="kill_queen", observation=kind)
    obs, _ = env.reset(seed=4)
    rng, done = np.random.default_rng(4), False
    while not done:
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = terminated or truncated
    assert "outcome" in info
    if kind == "compact":
        env = gym.make("aliens_env/BugHuntTactics-v0", side="marines", opponent="dice", mission="kill_queen",
                       observation="compact")
        obs, _ = env.reset(seed=5)
        game = env.unwrapped.game
        assert np.array_equal(obs["observation"], tactics_obs.observe(game, "marines"))
        greedy = policy.model.policy.predict(obs, action_masks=obs["action_mask"].astype(bool), deterministic=True)[0]
        assert policy.act(game, "marines") == int(greedy)


# -- train.py ------------------------------------------------------------------------------------
def test_a_compact_config_imitates_trains_evaluates_and_exports(tmp_path):
    """The smoke config on compact observations with the observation extractor, a teacher's
    imitation and a DAgger round first: every observation train.py makes (environments, the
    teacher's and the learner's games, evaluations, the final table through the policy file) is
    compact, else the network refuses its size."""
    tiny = ["observation=compact", "ppo.extractor=observation", "bc.teacher=heuristic", "bc.episodes=1", "bc.epochs=1",
            "bc.dagger=1"]
    args = [sys.executable, "train.py", "--config", "configs/smoke.yaml", "--output-dir", str(tmp_path), "--run-name", "c"]
    for item in tiny:
        args += ["--set", item]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run = tmp_path / "c"
    header = policy_file.read_header(str(run / "policies" / "model.safetensors"))
    assert header["observation"] == "compact" and header["network"]["extractor"] == {"type": "observation"}
    assert header["observation_size"] == Observer(get_spec(GAME).make_game(), "compact").shape[0]
    rows = json.loads((run / "final_eval.json").read_text())
    assert [r["agent"] for r in rows] == ["trained", "random"] and all(r["episodes"] == 4 for r in rows)
    assert "evaluation at 128 steps" in proc.stdout and "evaluation at 256 steps" in proc.stdout
