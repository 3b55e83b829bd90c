"""The views extractor (agents/extractors.py): it reads the game's named views (map planes
through a CNN, the rest through an MLP), the config chooses it by a validated key, policy files
rebuild it from their header, and the Bug Hunt configs train with it."""
from __future__ import annotations

import os
import subprocess
import sys

import gymnasium as gym
import numpy as np
import pytest
import torch

import aliens_env  # noqa: F401
from agents import config as cfglib
from agents import extractors, make_policy, policy_file
from aliens_env.envs.registry import get_spec

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def bug_hunt():
    """A Bug Hunt model with the views extractor (untrained) and two real observations."""
    from sb3_contrib import MaskablePPO

    torch.manual_seed(0)
    env = gym.make("aliens_env/BugHunt-v0", side="marines", opponent="dice")
    spec = extractors.spec_for("views", "BugHunt")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8], **extractors.policy_kwargs(spec)})
    obs = [env.reset(seed=s)[0] for s in (0, 1)]
    batch = {k: torch.as_tensor(np.stack([o[k] for o in obs])).float() for k in obs[0]}
    return model, spec, batch


def test_the_spec_names_every_view_of_the_layout():
    layout = get_spec("BugHunt").make_game().obs_layout
    spec = extractors.spec_for("views", "BugHunt")
    assert spec["views"] == [[name, list(shape)] for name, shape in layout.shapes.items()]
    assert ["board", [23, 25, 25]] in spec["views"] and sum(int(np.prod(s)) for _, s in spec["views"]) == 14701
    assert extractors.spec_for("flat", "BugHunt") is None


def test_features_have_the_cnn_and_mlp_widths(bug_hunt):
    model, spec, batch = bug_hunt
    extractor = model.policy.features_extractor
    assert isinstance(extractor, extractors.ViewsExtractor)
    assert extractor.features_dim == spec["planes_features"] + spec["vector_features"] == 384
    assert extractor(batch).shape == (2, 384)
    assert model.policy.share_features_extractor


def test_map_planes_reach_only_the_cnn_and_other_views_only_the_mlp(bug_hunt):
    model, spec, batch = bug_hunt
    extractor = model.policy.features_extractor
    layout = get_spec("BugHunt").make_game().obs_layout
    base = extractor(batch).detach()
    planes = spec["planes_features"]
    for view, changed, same in (("board", slice(0, planes), slice(planes, None)),
                                ("squad", slice(planes, None), slice(0, planes))):
        obs = batch["observation"].clone()
        obs[:, layout.span(view)] = torch.rand(obs[:, layout.span(view)].shape)
        out = extractor({**batch, "observation": obs}).detach()
        assert not torch.allclose(out[:, changed], base[:, changed]), view
        assert torch.equal(out[:, same], base[:, same]), view


def test_the_config_key_is_validated():
    assert cfglib.validate({})["ppo"]["extractor"] == "flat"
    assert cfglib.validate({"ppo": {"extractor": "views"}})["ppo"]["extractor"] == "views"
    with pytest.raises(cfglib.ConfigError, match=r"'ppo.extractor': 'cnn' is not allowed; allowed values: \['flat', 'observation', 'views'\]"):
        cfglib.validate({"ppo": {"extractor": "cnn"}})
    with pytest.raises(ValueError, match=r"unknown extractor 'cnn'; allowed: \['flat', 'observation', 'views'\]"):
        extractors.spec_for("cnn", "BugHunt")


def test_a_game_without_named_views_is_a_config_error_naming_the_key(monkeypatch):
    from aliens_env.envs import registry
    from agents.stages import check_policies

    class NoViews:
        pass

    spec = registry.get_spec("BugHunt")
    monkeypatch.setattr(type(spec), "make_game", lambda self, **kw: NoViews())
    config = cfglib.validate({"env": "BugHunt", "ppo": {"extractor": "views"}})
    with pytest.raises(cfglib.ConfigError, match="'ppo.extractor': extractor 'views' needs the game's named observation views; "
                                                 "BugHunt declares none"):
        check_policies(config)


def test_views_without_map_planes_use_the_mlp_alone():
    from sb3_contrib import MaskablePPO

    env = gym.make("aliens_env/AlienMenace-v0", side="hive", opponent="random")
    spec = extractors.spec_for("views", "AlienMenace")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=16, batch_size=16, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8], **extractors.policy_kwargs(spec)})
    extractor = model.policy.features_extractor
    assert extractor.cnn is None and extractor.features_dim == spec["vector_features"]


@pytest.mark.parametrize("change, message", [
    ({"views": [["board", [23, 25, 25]]]}, "extractor views hold 14375 values, the observation has 14701"),
    ({"views": [["board", "23x25x25"]]}, "must be \\[name, shape\\]"),
    ({"channels": []}, "'channels' must be a list"),
    ({"planes_features": 0}, "'planes_features' must be a whole number"),
    ({"type": "os.system"}, "must be an object with type 'views'"),
])
def test_a_bad_spec_is_refused_naming_the_field(change, message):
    spec = {**extractors.spec_for("views", "BugHunt"), **change}
    with pytest.raises(ValueError, match=message):
        extractors.check_spec(spec, 14701)


def test_a_policy_file_rebuilds_the_extractor_from_its_header(bug_hunt, tmp_path):
    model, spec, batch = bug_hunt
    path = str(tmp_path / "bh.safetensors")
    policy_file.save(model.policy, path, "BugHunt", "marines")
    header = policy_file.read_header(path)
    assert header["network"]["extractor"] == spec
    from safetensors import safe_open

    with safe_open(path, framework="pt") as f:  # the shared extractor is stored once
        assert not [k for k in f.keys() if k.startswith(("pi_features_extractor.", "vf_features_extractor."))]
    loaded = make_policy(f"ppo:{path}", game="BugHunt", side="marines")
    from agents.ppo import PPOPolicy

    game = get_spec("BugHunt").make_game()
    game.reset(3)
    player = game.current_player()
    assert np.allclose(PPOPolicy(model).probabilities(game, player), loaded.probabilities(game, player), atol=1e-6)
    bad = {**header, "network": {**header["network"], "extractor": {**spec, "views": spec["views"][:1]}}}
    with pytest.raises(policy_file.PolicyFileError, match="'network.extractor': extractor views hold 14375 values"):
        policy_file.check_header(bad, path)


@pytest.mark.parametrize("name", ["bug_hunt_marines", "bug_hunt_hive"])
def test_the_bug_hunt_config_trains_a_few_steps(name, tmp_path):
    """The shipped config, shrunk to seconds: imitation, PPO with the views extractor, the policy file."""
    tiny = ["timesteps=64", "n_envs=1", "bc.episodes=1", "bc.epochs=1", "ppo.n_steps=32", "ppo.batch_size=32",
            "ppo.n_epochs=1", "eval.freq=0", "eval.final_episodes=1", "eval.references=[]", "checkpoint_freq=64"]
    args = [sys.executable, "train.py", "--config", f"configs/{name}.yaml", "--output-dir", str(tmp_path), "--run-name", "t"]
    for item in tiny:
        args += ["--set", item]
    proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    path = tmp_path / "t" / "policies" / "model.safetensors"
    header = policy_file.read_header(str(path))
    assert header["game"] == "BugHunt" and header["network"]["extractor"]["type"] == "views"
