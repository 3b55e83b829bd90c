"""Policy specs (agents.make_policy), trained-model policies and config validation."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import aliens_env  # noqa: F401
from agents import PPOPolicy, make_policy, policy_names
from agents import config as cfglib
from aliens_env.envs.registry import REGISTRY, builtin_policy_names

GAME = "ReactorRoom"


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    """A MaskablePPO model trained for a few steps on Reactor Room marines vs random."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = gym.make("aliens_env/ReactorRoom-v0", side="marines", opponent="random")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=32, batch_size=32, n_epochs=1, policy_kwargs={"net_arch": [8]}, seed=0, device="cpu")
    model.learn(32)
    path = tmp_path_factory.mktemp("model") / "model.zip"
    model.save(path)
    return str(path)


def play(game_name, marines, hive, seed=0, max_moves=5000, **options):
    from aliens_env.envs.registry import get_spec

    game = get_spec(game_name).make_game(**options)
    game.reset(seed)
    players = {"marines": marines, "hive": hive}
    for _ in range(max_moves):
        if game.is_terminal():
            return game
        player = game.current_player()
        action = players[player].act(game, player)
        assert game.legal_mask(player)[action], f"{player} chose an illegal action"
        game.apply(action)
    return game


@pytest.mark.parametrize("game_name", sorted(REGISTRY))
@pytest.mark.parametrize("side", ["marines", "hive"])
def test_builtin_specs_make_working_policies(game_name, side):
    for name in builtin_policy_names(game_name):
        try:
            policy = make_policy(name, game=game_name, side=side, seed=1)
        except (ImportError, AttributeError):  # a built-in still being written
            continue
        assert hasattr(policy, "act")
    assert "ppo:PATH" in policy_names(game_name)


def test_random_and_dice_play_a_full_game():
    game = play(GAME, make_policy("random", game=GAME, side="marines", seed=0), make_policy("dice", game=GAME, side="hive"))
    assert game.is_terminal()


def test_unknown_specs_name_the_alternatives():
    with pytest.raises(ValueError, match="built-in"):
        make_policy("nonsense", game=GAME, side="hive")
    with pytest.raises(ValueError, match=r"unknown policy spec prefix 'foo:'; prefixes: .*'ppo:', 'pretrained:'"):
        make_policy("foo:bar", game=GAME, side="hive")
    with pytest.raises(ValueError, match="unknown pretrained policy 'nope'; available"):
        make_policy("pretrained:nope", game=GAME, side="hive")
    with pytest.raises(ValueError, match="needs a model path"):
        make_policy("ppo:", game=GAME, side="hive")
    with pytest.raises(FileNotFoundError, match="no model file"):
        make_policy("ppo:/no/such/model.zip", game=GAME, side="hive")


def test_corrupt_model_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip at all")
    with pytest.raises(ValueError, match="not a MaskablePPO model"):
        make_policy(f"ppo:{bad}", game=GAME, side="marines")


def test_ppo_policy_always_legal_and_reproducible(tiny_model):
    marines = make_policy(f"ppo:{tiny_model}", game=GAME, side="marines", seed=0)
    assert isinstance(marines, PPOPolicy) and marines.deterministic
    game = play(GAME, marines, make_policy("dice", game=GAME, side="hive"), seed=3)
    assert game.is_terminal()
    sampler = make_policy(f"ppo:{tiny_model}@sample", game=GAME, side="marines", seed=5)
    assert not sampler.deterministic
    g1 = play(GAME, sampler, make_policy("random", game=GAME, side="hive", seed=1), seed=4)
    sampler.seed(5)
    g2 = play(GAME, sampler, make_policy("random", game=GAME, side="hive", seed=1), seed=4)
    assert g1.to_dict() == g2.to_dict()


def test_ppo_policy_probabilities_respect_the_mask(tiny_model):
    policy = PPOPolicy(tiny_model)
    from aliens_env.envs.registry import get_spec

    game = get_spec(GAME).make_game()
    game.reset(0)
    player = game.current_player()
    probs = policy.probabilities(game, player)
    mask = game.legal_mask(player).astype(bool)
    assert probs[~mask].sum() == 0 and abs(probs.sum() - 1) < 1e-6


def test_ppo_spec_as_env_opponent(tiny_model):
    env = gym.make("aliens_env/ReactorRoom-v0", side="hive", opponent=f"ppo:{tiny_model}")
    obs, _ = env.reset(seed=0)
    for _ in range(50):
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break


def test_model_for_another_side_shape_is_checked(tiny_model):
    from aliens_env.core.actions import ActionLayout

    class FakeGame:
        name, obs_layout, observation_shape = "FakeGame", None, (3,)  # (what an Observer reads of a game)
        layout = ActionLayout([("act", 2)])  # (and a SideActions)
        row_slice_names = row_aimed_slice_names = compact_row_columns = None

        def side_slices(self, side):
            return ("act",)

        def observe(self, player):
            return np.zeros(3, dtype=np.float32)

        def legal_mask(self, player):
            return np.ones(2, dtype=np.int8)

    with pytest.raises(ValueError, match="trained for another game"):
        PPOPolicy(tiny_model).act(FakeGame(), "marines")


# -- configs ------------------------------------------------------------------------------------
def test_config_defaults_and_coercion():
    c = cfglib.validate({"ppo": {"learning_rate": "3e-4", "gamma": 1}})
    assert c["ppo"]["learning_rate"] == pytest.approx(3e-4) and isinstance(c["ppo"]["gamma"], float)
    assert c["side"] == "marines" and c["eval"]["episodes"] == 50


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"timestep": 5}, r"unknown config key 'timestep' at the top level; allowed keys: \[.*'timesteps'"),
        ({"ppo": {"lr": 1}}, r"unknown config key 'ppo.lr' in section 'ppo'; allowed keys: \[.*'learning_rate'"),
        ({"side": "aliens"}, r"config key 'side': 'aliens' is not allowed; allowed values: \['marines', 'hive'\]"),
        ({"env": "Nowhere"}, r"config key 'env': 'Nowhere' is not allowed; allowed values: \[.*'ReactorRoom'"),
        ({"timesteps": "many"}, r"config key 'timesteps': expected integer, got str 'many'"),
        ({"shaping": 1}, r"config key 'shaping': expected true/false, got int"),
        ({"n_envs": True}, r"config key 'n_envs': expected integer, got bool"),
        ({"n_envs": 0}, r"config key 'n_envs': 0 is below the minimum 1"),
        ({"ppo": {"net_arch": [64, "x"]}}, r"config key 'ppo.net_arch': item 1 must be a integer"),
        ({"eval": 3}, r"config 'eval': expected a mapping"),
        ({"vec_env": "ray"}, r"allowed values: \['dummy', 'subproc'\]"),
    ],
)
def test_config_errors_name_the_key(bad, message):
    with pytest.raises(cfglib.ConfigError, match=message):
        cfglib.validate(bad)


def test_config_overrides_are_validated():
    c = cfglib.override(cfglib.validate({}), {"ppo.n_steps": 64, "seed": 3})
    assert c["ppo"]["n_steps"] == 64 and c["seed"] == 3
    with pytest.raises(cfglib.ConfigError, match="'ppo.n_step'"):
        cfglib.override(c, {"ppo.n_step": 64})
    with pytest.raises(cfglib.ConfigError, match="KEY=VALUE"):
        cfglib.parse_assignment("ppo.n_steps")
    assert cfglib.parse_assignment("eval.opponents=[dice, random]") == ("eval.opponents", ["dice", "random"])


def test_shipped_configs_are_valid():
    import glob
    import os

    root = os.path.join(os.path.dirname(__file__), "..", "configs")
    files = glob.glob(os.path.join(root, "*.yaml"))
    assert any(f.endswith("default.yaml") for f in files)
    import yaml

    for path in files:
        with open(path) as f:
            raw = yaml.safe_load(f)
        if raw.get("env", "ReactorRoom") not in REGISTRY:
            continue  # a ruleset not registered in this checkout
        config = cfglib.load(path)
        assert config["side"] in ("marines", "hive")


def test_exported_policy_file_plays_like_the_model(tiny_model, tmp_path):
    from agents.ppo import export_policy
    from aliens_env.envs.registry import get_spec

    out = tmp_path / "small.safetensors"
    size = export_policy(tiny_model, str(out), game=GAME, side="marines")
    assert size < 200_000
    full, small = PPOPolicy(tiny_model), PPOPolicy(str(out))
    game = get_spec(GAME).make_game()
    game.reset(2)
    player = game.current_player()
    assert np.allclose(full.probabilities(game, player), small.probabilities(game, player), atol=2e-3)


def test_pretrained_registry_checks_game_and_side(tiny_model, tmp_path, monkeypatch):
    import agents.pretrained as pre
    from agents.ppo import export_policy

    export_policy(tiny_model, str(tmp_path / "m.safetensors"), game=GAME, side="marines")
    monkeypatch.setattr(pre, "HERE", str(tmp_path))
    monkeypatch.setattr(pre, "_index", lambda: {"tiny": {"file": "m.safetensors", "game": GAME, "side": "marines"}})
    assert pre.pretrained_names(GAME, "marines") == ["tiny"]
    policy = make_policy("pretrained:tiny", game=GAME, side="marines", seed=0)
    assert isinstance(policy, PPOPolicy)
    with pytest.raises(ValueError, match="plays the marines side, not hive"):
        make_policy("pretrained:tiny", game=GAME, side="hive")
    with pytest.raises(ValueError, match="plays ReactorRoom, not AlienMenace"):
        pre.pretrained_path("tiny", game="AlienMenace")


def test_shipped_pretrained_policies_load():
    from agents.pretrained import PRETRAINED
    from aliens_env.envs.registry import get_spec

    for name, entry in PRETRAINED.items():
        if entry["game"] not in REGISTRY:
            continue
        policy = make_policy(f"pretrained:{name}", game=entry["game"], side=entry["side"], seed=0)
        game = play(entry["game"], *(policy if s == entry["side"] else make_policy("random", game=entry["game"], side=s, seed=0)
                                     for s in ("marines", "hive")), **entry.get("env_options", {}))
        assert game.is_terminal()  # (in the game it was trained in: the index's env_options)


@pytest.mark.parametrize("game_name", sorted(REGISTRY))
@pytest.mark.parametrize("side", ["marines", "hive"])
def test_selfplay_env_passes_check_env(game_name, side):
    """Self-play trains in the Gymnasium env, the other side's policy playing inside step()."""
    from gymnasium.utils.env_checker import check_env

    from aliens_env.envs.gym_env import AliensEnv

    env = AliensEnv(game_name, side=side, opponent="random", shaping=True)
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    total, done = 0.0, False
    while not done:
        obs, reward, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        total += reward
    assert "outcome" in info


def teacher_cross_entropy(model, data) -> float:
    import torch

    from agents.imitation import teacher_batch

    obs, actions, masks = teacher_batch(model.policy, data, slice(None))
    with torch.no_grad():
        _, log_prob, _ = model.policy.evaluate_actions(obs, actions, action_masks=masks)
    return float(-log_prob.mean())


def test_imitation_anchor_keeps_ppo_near_the_teacher():
    """The same PPO run with and without the anchor: the anchored policy fits the teacher's
    decisions better than before and better than the unanchored one."""
    from sb3_contrib import MaskablePPO

    from agents.imitation import collect, make_anchor

    data = collect("AlienMenace", "marines", "dice", "dice", episodes=3, seed=0, gamma=0.99, shaping=False)
    fits = {}
    for coef in (0.0, 2.0):
        env = gym.make("aliens_env/AlienMenace-v0", side="marines", opponent="dice")
        model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=2, learning_rate=3e-3,
                            policy_kwargs={"net_arch": [16]}, seed=0, device="cpu")
        before = teacher_cross_entropy(model, data)
        model.learn(384, callback=[make_anchor(data, coef, seed=0)] if coef else None)
        fits[coef] = (before, teacher_cross_entropy(model, data))
    assert fits[0.0][0] == pytest.approx(fits[2.0][0])  # same start
    assert fits[2.0][1] < fits[2.0][0] and fits[2.0][1] < fits[0.0][1] - 0.05, fits


def test_dagger_labels_the_drivers_positions_with_the_teachers_actions():
    """collect(driver=...) plays the driver's moves and records, at each position it reaches,
    what the teacher would have done there (DAgger's labels)."""
    from aliens_env.envs.registry import get_spec

    from agents.imitation import collect

    class Recording:
        """A random driver that keeps each position it saw, to ask the teacher again afterwards."""

        def __init__(self):
            self.random = make_policy("random", game="ReactorRoom", side="marines", seed=5)
            self.positions, self.moves = [], []

        def seed(self, seed):
            self.random.seed(seed)

        def act(self, game, player):
            self.positions.append(game.to_json())
            self.moves.append(self.random.act(game, player))
            return self.moves[-1]

    driver = Recording()
    data = collect("ReactorRoom", "marines", "heuristic", "dice", episodes=1, seed=7, gamma=0.99, shaping=True, driver=driver)
    assert len(data["action"]) == len(driver.positions) > 20
    teacher = make_policy("heuristic", game="ReactorRoom", side="marines", seed=0)
    game_class = type(get_spec("ReactorRoom").make_game())
    labels = [teacher.act(game_class.from_json(p), "marines") for p in driver.positions]
    assert data["action"].tolist() == labels
    assert labels != driver.moves  # the game followed the driver, not the teacher
