"""Policy files (agents.policy_file): weights and a checked JSON header, loaded without unpickling."""
from __future__ import annotations

import json
import os
import pickle

import pytest

import aliens_env  # noqa: F401
from agents import make_policy, policy_file
from agents.ppo import PPOPolicy
from agents.pretrained import HERE, PRETRAINED
from aliens_env.envs.registry import REGISTRY, get_spec

DATA = os.path.join(os.path.dirname(__file__), "data", "pretrained_actions.json")


def played_actions(policy, game_name: str, side: str, seed: int, env_options: dict | None = None) -> list[int]:
    """``policy``'s actions in the game of ``seed`` (with ``env_options``) against a random opponent seeded with ``seed``."""
    game = get_spec(game_name).make_game(**(env_options or {}))
    game.reset(seed)
    other = make_policy("random", game=game_name, side="hive" if side == "marines" else "marines", seed=seed)
    actions = []
    while not game.is_terminal():
        player = game.current_player()
        if player == side:
            action = policy.act(game, player)
            actions.append(action)
        else:
            action = other.act(game, player)
        game.apply(action)
    return actions


def test_shipped_policies_play_as_the_pickled_files_they_replace():
    """tests/data/pretrained_actions.json holds the actions of the shipped policies as loaded from
    their former torch-pickle files (aliens-env 0.1), in seeded games; the policy files must play
    every one of them."""
    with open(DATA) as f:
        recorded = json.load(f)
    assert sorted(recorded) == sorted(PRETRAINED)
    for name, entry in recorded.items():
        if entry["game"] not in REGISTRY:
            continue
        policy = make_policy(f"pretrained:{name}", game=entry["game"], side=entry["side"])
        for seed, actions in entry["actions"].items():
            played = played_actions(policy, entry["game"], entry["side"], int(seed), entry.get("env_options"))
            assert played == actions, (name, seed)


def test_shipped_policies_load_without_unpickling(monkeypatch):
    import torch

    def refuse(*args, **kwargs):
        raise AssertionError("a policy file was unpickled")

    from agents import ppo

    ppo._cached_model.cache_clear()
    for target, name in ((pickle, "load"), (pickle, "loads"), (pickle, "Unpickler"), (torch, "load")):
        monkeypatch.setattr(target, name, refuse)
    for name, entry in PRETRAINED.items():
        path = os.path.join(HERE, entry["file"])
        assert path.endswith(".safetensors")
        header = policy_file.read_header(path)
        assert (header["game"], header["side"]) == (entry["game"], entry["side"])
        policy, _ = policy_file.load(path)
        assert policy.action_net.out_features == header["n_actions"]


def test_no_pickle_is_shipped():
    assert all(e["file"].endswith(".safetensors") for e in PRETRAINED.values())
    assert not [f for f in os.listdir(HERE) if f.endswith((".pt", ".pth", ".pkl", ".zip"))]


@pytest.fixture
def shipped(tmp_path):
    """A copy of a shipped policy file and its header, to damage."""
    name = "alien_menace_hive"
    path = os.path.join(HERE, PRETRAINED[name]["file"])
    return path, policy_file.read_header(path)


def rewrite(tmp_path, source: str, header: dict | None = None, drop: str | None = None, name="p.safetensors") -> str:
    from safetensors.torch import load_file, save_file

    state = load_file(source)
    if drop:
        del state[drop]
    out = str(tmp_path / name)
    save_file(state, out, metadata=None if header is None else {"aliens_env": json.dumps(header)})
    return out


@pytest.mark.parametrize("change, message", [
    ({"format": "other"}, "'format' must be 'aliens_env.policy'"),
    ({"format_version": 2}, "'format_version' 2 is not supported; this version reads 1"),
    ({"side": "aliens"}, "'side' must be 'marines' or 'hive'"),
    ({"n_actions": 0}, "positive integer 'n_actions'"),
    ({"observation_size": "218"}, "positive integer 'observation_size'"),
    ({"network": {"type": "maskable_ppo_mlp", "pi": [128, -1], "vf": [128, 128], "activation": "tanh"}}, "'network.pi'"),
    ({"network": {"type": "maskable_ppo_mlp", "pi": [128, 128], "vf": [128, 128], "activation": "os.system"}},
     "'network.activation' must be one of"),
])
def test_a_bad_header_is_refused_naming_the_field(shipped, tmp_path, change, message):
    source, header = shipped
    path = rewrite(tmp_path, source, {**header, **change})
    with pytest.raises(policy_file.PolicyFileError, match=message):
        policy_file.load(path)


def test_tensors_that_do_not_fit_the_header_are_refused(shipped, tmp_path):
    source, header = shipped
    with pytest.raises(policy_file.PolicyFileError, match="has shape"):
        policy_file.load(rewrite(tmp_path, source, {**header, "n_actions": header["n_actions"] + 1}))
    with pytest.raises(policy_file.PolicyFileError, match="missing \\['action_net.bias'\\]"):
        policy_file.load(rewrite(tmp_path, source, header, drop="action_net.bias"))
    with pytest.raises(policy_file.PolicyFileError, match="without an aliens_env policy header"):
        policy_file.load(rewrite(tmp_path, source, None))


def test_a_corrupt_or_missing_file_is_a_clear_error(shipped, tmp_path):
    source, _ = shipped
    cut = tmp_path / "cut.safetensors"
    cut.write_bytes(open(source, "rb").read()[:5000])
    with pytest.raises(policy_file.PolicyFileError, match="corrupt or truncated"):
        policy_file.load(str(cut))
    with pytest.raises(FileNotFoundError, match="no policy file"):
        policy_file.read_header(str(tmp_path / "none.safetensors"))


def test_a_policy_file_for_another_game_or_side_is_refused(shipped):
    source, header = shipped
    with pytest.raises(ValueError, match="trained for another game: AlienMenace, not ReactorRoom"):
        PPOPolicy(source, game="ReactorRoom", side="hive")
    with pytest.raises(ValueError, match="plays the hive side, not marines"):
        make_policy(f"ppo:{source}", game="AlienMenace", side="marines")


def test_other_files_are_refused_and_a_zip_warns(tmp_path):
    old = tmp_path / "old.pt"
    old.write_bytes(b"\x80\x02}q\x00.")  # a pickle: never read
    with pytest.raises(ValueError, match="not read"):
        PPOPolicy(str(old))


def test_a_zip_model_loads_with_a_warning_to_trust_it(tmp_path):
    import gymnasium as gym
    from sb3_contrib import MaskablePPO

    env = gym.make("aliens_env/AlienMenace-v0", side="hive", opponent="random")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=16, batch_size=16, policy_kwargs={"net_arch": [8]}, seed=0, device="cpu")
    path = tmp_path / "m.zip"
    model.save(path)
    with pytest.warns(UserWarning, match="load only zips you trust"):
        policy = make_policy(f"ppo:{path}", game="AlienMenace", side="hive")
    from agents.ppo import export_policy

    out = tmp_path / "m.safetensors"
    export_policy(str(path), str(out), game="AlienMenace", side="hive", half=False)
    exported = make_policy(f"ppo:{out}", game="AlienMenace", side="hive")
    for seed in range(2):
        policy.seed(0)
        assert played_actions(exported, "AlienMenace", "hive", seed) == played_actions(policy, "AlienMenace", "hive", seed)
    with pytest.raises(ValueError, match="written as .safetensors"):
        export_policy(str(path), str(tmp_path / "m.pt"), game="AlienMenace", side="hive")
