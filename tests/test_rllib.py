"""The RLlib backend (backend: rllib): the multi-agent env wrapper, the masked RLModule, and a
tiny local run of train.py that trains, checkpoints, resumes and exports a policy file that
ppo:PATH, evaluate.py and opponent= load."""
from __future__ import annotations

import csv
import os
import re
import subprocess
import sys

import numpy as np
import pytest
import yaml

pytest.importorskip("ray.rllib", reason='the RLlib backend needs the extra: pip install -e ".[rllib]"')

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.rl_module.rl_module import RLModule  # noqa: E402

import aliens_env  # noqa: E402,F401
from agents import config as cfglib  # noqa: E402
from agents import make_policy, policy_file, rllib_backend  # noqa: E402
from agents.ppo import PPOPolicy  # noqa: E402
from aliens_env.core.game import RESULTS  # noqa: E402
from aliens_env.core.policy import RandomPolicy  # noqa: E402
from aliens_env.envs.registry import get_spec  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TINY = {
    "backend": "rllib", "env": "ReactorRoom", "side": "marines", "opponent": "dice", "timesteps": 256, "n_envs": 1,
    "checkpoint_freq": 128, "progress_bar": False, "rllib": {"env_runners": 1, "num_cpus": 2},
    "ppo": {"n_steps": 64, "batch_size": 64, "n_epochs": 1, "net_arch": [16]},
    "eval": {"freq": 128, "episodes": 2, "final_episodes": 2, "references": [], "workers": 1},
}


def train(*args):
    return subprocess.run([sys.executable, "train.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def fails(argv) -> str:
    """The message train.py exits with for these arguments (in this process: no Ray starts)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_train_script", os.path.join(ROOT, "train.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    with pytest.raises(SystemExit) as exc:
        module.main(argv)
    return str(exc.value)


def write_config(path, **changes) -> str:
    config = {**TINY, **changes}
    with open(path, "w") as f:
        yaml.safe_dump(config, f)
    return str(path)


def module_weights(checkpoint: str, side: str) -> dict:
    module = RLModule.from_checkpoint(os.path.join(checkpoint, "learner_group", "learner", "rl_module", side))
    return {k: v.detach().clone() for k, v in module.state_dict().items()}


def distance(a: dict, b: dict) -> float:
    return max(float((a[k] - b[k]).abs().max()) for k in a)


def new_module(hidden: list[int]):
    """A MaskedPPOModule as the backend builds it, for the Reactor Room."""
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig

    raw = rllib_backend.AliensMultiAgentEnv({"game": "ReactorRoom", "learners": ["marines"], "opponent": "dice"}).raw
    return rllib_backend.MaskedPPOModule(observation_space=raw.observation_space("marines"), action_space=raw.action_space("marines"),
                                         model_config=DefaultModelConfig(fcnet_hiddens=hidden, vf_share_layers=False))


# -- the config -----------------------------------------------------------------------------------
def test_backend_key_is_validated():
    with pytest.raises(cfglib.ConfigError, match=r"'backend': 'ray' is not allowed; allowed values: \['sb3', 'rllib'\]"):
        cfglib.validate({"backend": "ray"})
    with pytest.raises(cfglib.ConfigError, match=r"'rllib.env_runner'.*allowed keys: \['env_runners', 'num_cpus'\]"):
        cfglib.validate({"rllib": {"env_runner": 2}})


@pytest.mark.parametrize("changes, message", [
    ({"mode": "selfplay"}, "mode 'selfplay'.*use mode 'both'"),
    ({"bc": {"teacher": "heuristic"}}, "'bc.teacher'"),
    ({"init_model": "x.zip"}, "'init_model'"),
    ({"rllib": {"env_runners": 3, "num_cpus": 2}}, "3 env runners need a CPU each and this local Ray has 2"),
])
def test_what_the_backend_cannot_do_is_a_clear_error_before_anything_is_written(tmp_path, changes, message):
    error = fails(["--config", write_config(tmp_path / "c.yaml", **changes), "--output-dir", str(tmp_path / "runs")])
    assert error.startswith("config error") and re.search(message, error), error
    assert not os.path.exists(tmp_path / "runs")


def test_mode_both_needs_the_rllib_backend(tmp_path):
    error = fails(["--config", write_config(tmp_path / "c.yaml", backend="sb3", mode="both"), "--output-dir", str(tmp_path / "runs")])
    assert "mode 'both'" in error and "needs backend 'rllib'" in error
    assert not os.path.exists(tmp_path / "runs")


# -- the environment and the network --------------------------------------------------------------
@pytest.mark.parametrize("learners", [["marines", "hive"], ["hive"]])
def test_the_env_gives_each_learner_its_turns_and_its_whole_reward(learners):
    env = rllib_backend.AliensMultiAgentEnv({"game": "ReactorRoom", "learners": learners, "opponent": "random", "seed": 1})
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in learners}
    obs, _ = env.reset(seed=5)
    for _ in range(5000):
        (agent,) = obs  # one agent to move, a learner, with a legal move
        assert agent in learners and obs[agent]["action_mask"].any()
        assert agent == env.raw.game.current_player()
        action = int(rng.choice(np.flatnonzero(obs[agent]["action_mask"])))
        obs, rewards, terminated, truncated, _ = env.step({agent: action})
        for a, r in rewards.items():
            totals[a] += r
        if terminated["__all__"] or truncated["__all__"]:
            break
    assert terminated["__all__"] and set(obs) == set(learners)  # the end: every learner's last observation
    outcome = env.raw.game.outcome()
    assert totals == {a: {"win": 1.0, "draw": 0.0, "loss": -1.0}[RESULTS[outcome[a]]] for a in learners}


def test_the_module_never_samples_an_illegal_action():
    module = new_module([8])
    space = module.observation_space
    mask = np.zeros((64, space["action_mask"].shape[0]), dtype=np.int8)
    mask[np.arange(64), np.arange(64) % 5] = 1
    mask[:, 7] = 1
    batch = {Columns.OBS: {"observation": torch.rand(64, *space["observation"].shape), "action_mask": torch.tensor(mask)}}
    for forward in (module.forward_exploration, module.forward_inference, module.forward_train):
        logits = forward(dict(batch))[Columns.ACTION_DIST_INPUTS]
        sampled = torch.distributions.Categorical(logits=logits).sample((20,))
        assert mask[np.arange(64)[None, :].repeat(20, 0), sampled.numpy()].all()


@pytest.mark.parametrize("extractor", ["flat", "observation"])
def test_the_env_and_the_export_observe_the_configs_kind(tmp_path, extractor):
    """observation: compact reaches the RLlib env (the PettingZoo env's observations) and the
    exported policy file, whose policy observes compact observations in any game; with
    ppo.extractor observation the file's network reads the observation alone, as the module."""
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig

    from aliens_env.envs.observations import Observer

    env = rllib_backend.AliensMultiAgentEnv({"game": "ReactorRoom", "learners": ["marines"], "opponent": "random",
                                             "observation": "compact", "seed": 1})
    size = Observer(get_spec("ReactorRoom").make_game(), "compact").shape
    obs, _ = env.reset(seed=0)
    assert env.observation_spaces["marines"]["observation"].shape == size == obs["marines"]["observation"].shape
    module = rllib_backend.MaskedPPOModule(observation_space=env.raw.observation_space("marines"), action_space=env.raw.action_space("marines"),
                                           model_config=DefaultModelConfig(fcnet_hiddens=[8], vf_share_layers=False))
    config = cfglib.validate({**TINY, "observation": "compact", "ppo": {**TINY["ppo"], "net_arch": [8], "extractor": extractor}})
    rllib_backend.check_config(config)
    path = rllib_backend.export_policy(module, config, "marines", str(tmp_path / "m.safetensors"))
    header = policy_file.read_header(path)
    assert header["observation"] == "compact"
    assert header["network"].get("extractor") == (None if extractor == "flat" else {"type": "observation"})
    policy = PPOPolicy(path, game="ReactorRoom", side="marines")
    game = env.raw.game
    obs = {"observation": torch.tensor(obs["marines"]["observation"][None]), "action_mask": torch.tensor(game.legal_mask("marines")[None])}
    with torch.no_grad():
        logits = module.forward_inference({Columns.OBS: obs})[Columns.ACTION_DIST_INPUTS]
    np.testing.assert_allclose(torch.softmax(logits, -1)[0].numpy(), policy.probabilities(game, "marines"), atol=1e-5)


# -- a tiny local run: trains, checkpoints, resumes, exports --------------------------------------
@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("rllib")
    proc = train("--config", write_config(out / "tiny.yaml"), "--output-dir", str(out), "--run-name", "tiny")
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    run = os.path.join(out, "tiny")
    before = module_weights(os.path.join(run, "checkpoints", "main", "ckpt_256_steps"), "marines")
    resumed = train("--resume", run, "--set", "timesteps=384")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr[-3000:]
    return run, before, resumed


def test_a_run_writes_the_sb3_backends_files(tiny_run):
    run, _, _ = tiny_run
    for name in ("config.yaml", "train.lock", "metrics.csv", "policies/model.safetensors", "policies/best_model.safetensors",
                 "final_eval.json"):
        assert os.path.exists(os.path.join(run, name)), name
    assert not [f for f in os.listdir(run) if f.endswith(".zip")]  # no pickled model: the policy files only
    assert sorted(os.listdir(os.path.join(run, "checkpoints", "main"))) == ["ckpt_128_steps", "ckpt_256_steps", "ckpt_384_steps"]
    with open(os.path.join(run, "metrics.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["stage"], r["timesteps"], r["opponent"]) for r in rows] == [("main", "128", "dice"), ("main", "256", "dice"), ("main", "384", "dice")]
    assert cfglib.load(os.path.join(run, "config.yaml"))["backend"] == "rllib"


def test_resume_continues_from_the_checkpoint(tiny_run):
    run, before, resumed = tiny_run
    assert "resuming from" in resumed.stdout and "ckpt_256_steps at 256 steps" in resumed.stdout
    after = module_weights(os.path.join(run, "checkpoints", "main", "ckpt_384_steps"), "marines")
    torch.manual_seed(12345)
    fresh = new_module([16]).state_dict()
    # two small updates away from the checkpoint, not a new network
    assert distance(before, after) < 0.2 * distance(before, fresh)
    assert 0 < distance(before, after)


def test_the_export_computes_what_the_rllib_module_computes(tiny_run):
    run, _, _ = tiny_run
    module = RLModule.from_checkpoint(os.path.join(run, "checkpoints", "main", "ckpt_384_steps", "learner_group", "learner", "rl_module", "marines"))
    path = os.path.join(run, "policies", "model.safetensors")
    assert policy_file.read_header(path)["game"] == "ReactorRoom"
    policy = PPOPolicy(path, game="ReactorRoom", side="marines")
    game, other = get_spec("ReactorRoom").make_game(), RandomPolicy(0)
    game.reset(7)
    checked = 0
    while not game.is_terminal() and checked < 20:
        player = game.current_player()
        if player == "marines":
            obs = {"observation": torch.tensor(game.observe(player)[None]), "action_mask": torch.tensor(game.legal_mask(player)[None])}
            with torch.no_grad():
                logits = module.forward_inference({Columns.OBS: obs})[Columns.ACTION_DIST_INPUTS]
            np.testing.assert_allclose(torch.softmax(logits, -1)[0].numpy(), policy.probabilities(game, player), atol=1e-5)
            checked += 1
        game.apply(other.act(game, player))
    assert checked == 20


def test_the_export_plays_through_every_policy_entry_point(tiny_run):
    import gymnasium as gym

    from agents.evaluation import play_matchup

    run, _, _ = tiny_run
    spec = "ppo:" + os.path.join(run, "policies", "model.safetensors")
    assert play_matchup("ReactorRoom", spec, "dice", 2, seed=0)["episodes"] == 2
    env = gym.make("aliens_env/ReactorRoom-v0", side="hive", opponent=spec)  # opponent=
    env.reset(seed=0)
    done, steps = False, 0
    while not done:
        mask = env.unwrapped.action_masks()
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(mask)[0]))
        done, steps = terminated or truncated, steps + 1
    assert steps > 0
    proc = subprocess.run([sys.executable, "evaluate.py", "--env", "ReactorRoom", "--marines", spec, "--hive", "dice", "--episodes", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "marines" in proc.stdout


def test_both_sides_learn_at_once_and_export_a_policy_each(tmp_path):
    config = write_config(tmp_path / "both.yaml", mode="both", opponent=None, timesteps=128, eval={"freq": 0, "final_episodes": 0})
    proc = train("--config", config, "--output-dir", str(tmp_path), "--run-name", "both")
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    run = tmp_path / "both"
    for side in ("marines", "hive"):
        policy = make_policy(f"ppo:{run / 'policies' / f'model_{side}.safetensors'}", game="ReactorRoom", side=side, seed=0)
        game = get_spec("ReactorRoom").make_game()
        game.reset(0)
        while game.current_player() != side:
            game.apply(RandomPolicy(0).act(game, game.current_player()))
        assert game.legal_mask(side)[policy.act(game, side)]
    assert sorted(os.listdir(run / "checkpoints" / "main")) == ["ckpt_128_steps"]


def test_ray_is_local_by_default_and_joins_a_cluster_when_given_an_address(monkeypatch):
    import ray

    calls = []
    monkeypatch.setattr(ray, "init", lambda **kwargs: calls.append(kwargs))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    config = cfglib.validate({"backend": "rllib", "rllib": {"num_cpus": 2}})
    rllib_backend.init_ray(config, None)
    assert calls[-1]["address"] == "local" and calls[-1]["num_cpus"] == 2 and calls[-1]["include_dashboard"] is False
    rllib_backend.init_ray(config, "10.1.2.3:6379")
    assert calls[-1] == {"address": "10.1.2.3:6379"}  # the cluster's CPUs count, not rllib.num_cpus
    monkeypatch.setenv("RAY_ADDRESS", "10.1.2.4:6379")
    rllib_backend.init_ray(config, None)
    assert calls[-1] == {"address": "10.1.2.4:6379"}
    config = cfglib.override(config, {"rllib.env_runners": 5})  # more runners than local CPUs: fine on a cluster
    rllib_backend.check_config(config, "10.1.2.3:6379")


def test_the_views_extractor_is_refused_naming_the_two_it_supports():
    config = cfglib.validate({**TINY, "ppo": {**TINY["ppo"], "extractor": "views"}})
    with pytest.raises(cfglib.ConfigError, match=r"does not support config key 'ppo.extractor' \(got 'views'\); "
                                                 r"set it to flat or observation"):
        rllib_backend.check_config(config)
