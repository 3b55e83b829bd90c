"""The environments without the training stack: with torch, Stable-Baselines3, sb3-contrib,
TensorBoard, matplotlib and the agents package blocked, every registered environment imports and
plays through Gymnasium and PettingZoo, every built-in policy plays, the command-line tools run,
and a ppo:/pretrained: spec is a one-line error that says to install the training extra."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRAINING_STACK = ["torch", "stable_baselines3", "sb3_contrib", "tensorboard", "matplotlib", "tqdm", "rich", "agents",
                  "aliens_env.agents"]

BLOCK = f"""
import sys
BLOCKED = {TRAINING_STACK!r}
for name in BLOCKED:
    sys.modules[name] = None  # "import name" raises ImportError
"""


def run_blocked(code: str, *, blocked: list[str] = TRAINING_STACK, pythonpath: str | None = None) -> subprocess.CompletedProcess:
    script = BLOCK.replace(repr(TRAINING_STACK), repr(blocked)) + textwrap.dedent(code)
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)


PLAY_EVERY_ENV = """
import importlib
import gymnasium as gym
import numpy as np
import aliens_env
from aliens_env.envs.registry import REGISTRY, builtin_policy_names, make_policy
from aliens_env.pettingzoo_names import pettingzoo_module_name

rng = np.random.default_rng(0)
for name, spec in REGISTRY.items():
    for side in ("marines", "hive"):  # gym, a whole game, the default opponent inside step()
        env = gym.make(spec.env_id, side=side)
        obs, info = env.reset(seed=1)
        done, steps = False, 0
        while not done:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            done, steps = terminated or truncated, steps + 1
        print("gym", name, side, steps)
    env = importlib.import_module(f"aliens_env.pettingzoo.{pettingzoo_module_name(name)}").env()
    env.reset(seed=2)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        steps += 1
    print("pettingzoo", name, steps)
    for policy_name in builtin_policy_names(name):  # every built-in policy plays the marines against the dice AI
        game = spec.make_game()
        game.reset(3)
        policies = {"marines": make_policy(name, "marines", policy_name, seed=0), "hive": make_policy(name, "hive", "dice")}
        while not game.is_terminal():
            player = game.current_player()
            game.apply(policies[player].act(game, player))
        print("policy", name, policy_name, game.outcome()["marines"])
leaked = sorted(m for m in BLOCKED if sys.modules.get(m) is not None)
assert not leaked, leaked
print("OK", len(REGISTRY))
"""


def test_every_environment_plays_without_the_training_stack():
    proc = run_blocked(PLAY_EVERY_ENV)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    import aliens_env

    assert proc.stdout.splitlines()[-1] == f"OK {len(aliens_env.REGISTRY)}"
    for name in aliens_env.REGISTRY:
        assert f"pettingzoo {name} " in proc.stdout and f"gym {name} hive " in proc.stdout
        assert f"policy {name} random " in proc.stdout and f"policy {name} dice " in proc.stdout


TRY_SPECS = """
import aliens_env
from aliens_env.envs.registry import make_policy
for spec in ("ppo:runs/x/model.zip", "pretrained:reactor_room_hive"):
    try:
        make_policy("ReactorRoom", "hive", spec)
    except ValueError as exc:
        print("ValueError:", exc)
"""


def test_ppo_and_pretrained_specs_say_to_install_the_training_extra():
    proc = run_blocked(TRY_SPECS)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2, proc.stdout
    for line, prefix in zip(lines, ("ppo:", "pretrained:")):
        assert line.startswith("ValueError:") and prefix in line and 'pip install -e ".[train]"' in line


def fake_distribution(tmp_path) -> str:
    """A directory holding the metadata of a distribution that declares the agents package's
    resolvers as entry points, as an install of this project does."""
    info = tmp_path / "resolvers-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: resolvers\nVersion: 0\n")
    (info / "entry_points.txt").write_text('[aliens_env.policies]\nppo = aliens_env.agents:make_policy\n'
                                         'pretrained = aliens_env.agents:make_policy\n')
    return str(tmp_path)


def test_an_installed_resolver_is_found_through_its_entry_point(tmp_path):
    """aliens_env does not import agents; the entry point brings it in on the first ppo: spec."""
    code = """
    import aliens_env
    from aliens_env.envs.registry import make_policy
    assert "aliens_env.agents" not in sys.modules
    try:
        make_policy("ReactorRoom", "hive", "ppo:/no/model.zip")
    except FileNotFoundError as exc:
        print("FileNotFoundError:", exc)
    policy = make_policy("ReactorRoom", "hive", "pretrained:reactor_room_hive")
    print(type(policy).__module__, "aliens_env.agents" in sys.modules)
    """
    proc = run_blocked(code, blocked=[], pythonpath=fake_distribution(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "FileNotFoundError: no model file at '/no/model.zip'" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "aliens_env.agents.ppo True"  # the agents folder is aliens_env.agents


def test_the_entry_point_without_the_training_stack_says_to_install_it(tmp_path):
    path = fake_distribution(tmp_path)
    # the agents package absent; the agents package there but not torch
    for blocked in (["agents", "aliens_env.agents"], ["torch", "sb3_contrib"]):
        proc = run_blocked(TRY_SPECS, blocked=blocked, pythonpath=path)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        lines = proc.stdout.splitlines()
        assert len(lines) == 2 and all('pip install -e ".[train]"' in line for line in lines), (blocked, proc.stdout)


def test_the_command_line_tools_run_without_the_training_stack():
    code = """
    import io, contextlib
    from aliens_env import __main__ as listing
    from aliens_env import benchmark, play
    print(listing.table().splitlines()[0])
    answers = iter(["q"])
    play.main(["ReactorRoom", "--opponent", "dice"], read=lambda prompt: next(answers), write=lambda text: None)
    play.main(["BugHunt", "--side", "hive", "--opponent", "heuristic"], read=lambda prompt: "q", write=lambda text: None)
    rows = benchmark.main(["--seconds", "0.05"])
    assert set(aliens_env.REGISTRY) <= set(rows)
    leaked = sorted(m for m in BLOCKED if sys.modules.get(m) is not None)
    assert not leaked, leaked
    print("tools OK")
    """
    proc = run_blocked("import aliens_env\n" + textwrap.dedent(code))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-1] == "tools OK"
