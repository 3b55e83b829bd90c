"""Fitting the ecosystem: PettingZoo's registry, the version, the console scripts, the package."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import aliens_env
from aliens_env.envs.registry import REGISTRY

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_pettingzoo_make_builds_every_registered_environment(name):
    pettingzoo = pytest.importorskip("pettingzoo")
    if not hasattr(pettingzoo, "make"):
        pytest.skip(f"pettingzoo {pettingzoo.__version__} has no registry (pettingzoo.make)")
    import importlib

    spec = REGISTRY[name]
    env = pettingzoo.make("aec", spec.env_id, illegal_action="raise")
    module = importlib.import_module(f"aliens_env.pettingzoo.{aliens_env.pettingzoo_names.pettingzoo_module_name(name)}")
    same = module.env(illegal_action="raise")
    for e in (env, same):
        e.reset(seed=4)
    assert type(env) is type(same) and type(env.unwrapped.game) is type(spec.make_game())
    assert env.metadata["name"] == same.metadata["name"]
    assert env.possible_agents == same.possible_agents == ["marines", "hive"]
    for _ in range(30):  # both play the same game move for move
        if not env.agents:
            break
        obs, _, terminated, truncated, _ = env.last()
        obs2, *_ = same.last()
        assert env.agent_selection == same.agent_selection
        assert (obs["observation"] == obs2["observation"]).all() and (obs["action_mask"] == obs2["action_mask"]).all()
        action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
        env.step(action)
        same.step(action)
    assert spec.env_id in pettingzoo.aec_registry


def test_the_package_reports_one_version():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "aliens_env.__version__"}
    proc = subprocess.run([sys.executable, "-m", "aliens_env", "--version"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == f"aliens-env {aliens_env.__version__}"
    with open(os.path.join(ROOT, "CITATION.cff")) as f:
        assert f"version: {aliens_env.__version__}\n" in f.read()
    with open(os.path.join(ROOT, "CHANGELOG.md")) as f:
        changelog = f.read()
    assert f"— {aliens_env.__version__}" in changelog or f"[{aliens_env.__version__}]" in changelog
    assert os.path.isfile(os.path.join(ROOT, "aliens_env", "py.typed"))


# -- the installed package: its namespace and its commands --------------------------------------
def scripts() -> dict:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["scripts"]


def run_script(target: str, *args: str) -> subprocess.CompletedProcess:
    """The console script ``target`` ("module:function") as pip's wrapper runs it."""
    module, _, function = target.partition(":")
    code = f"import sys; sys.argv = ['x', *{list(args)!r}]; from {module} import {function}; sys.exit({function}())"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("name", ["aliens-train", "aliens-evaluate", "aliens-play"])
def test_console_scripts_run(name):
    proc = run_script(scripts()[name], "--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: "), proc.stderr


def test_aliens_replay_script_runs():
    import importlib.util

    target = scripts()["aliens-replay"]
    assert target == "aliens_env.replay.__main__:main"
    if importlib.util.find_spec("aliens_env.replay") is None:
        pytest.skip("aliens_env.replay is not in this checkout yet (another branch writes it); the script points at it")
    proc = run_script(target, "--help")
    assert proc.returncode == 0 and "usage" in proc.stdout, proc.stderr


def test_train_py_and_evaluate_py_are_the_installed_commands():
    """The README's entry points and the console scripts run the same files."""
    for script, module in (("train.py", "train_cli.py"), ("evaluate.py", "evaluate_cli.py")):
        assert os.path.realpath(os.path.join(ROOT, "agents", module)) == os.path.realpath(os.path.join(ROOT, script))
    assert scripts()["aliens-train"] == "aliens_env.agents.train_cli:main"
    assert scripts()["aliens-evaluate"] == "aliens_env.agents.evaluate_cli:main"


def test_the_checkout_agents_folder_is_the_namespaced_package():
    """``import agents`` in a checkout gives the modules of aliens_env.agents, not copies."""
    import agents
    import agents.runs
    import aliens_env.agents
    import aliens_env.agents.runs

    assert agents is aliens_env.agents and agents.runs is aliens_env.agents.runs
    assert agents.runs.__spec__.name == "aliens_env.agents.runs"
    from agents.ppo import PPOPolicy

    assert PPOPolicy is aliens_env.agents.PPOPolicy


def test_an_install_puts_everything_under_aliens_env(tmp_path):
    """pip install . (not editable, no dependencies): no top-level package but aliens_env, the
    training code as aliens_env.agents with its shipped policies and the configs, the scripts."""
    import shutil

    source, target = tmp_path / "source", tmp_path / "site"  # a copy: the build leaves build/ and egg-info behind
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "runs", "build", "*.egg-info", "__pycache__", ".hypothesis", "plots", "videos", "site",
        "*.so", "*.c", "compiled_sources.txt"))
    # pure Python (ALIENS_ENV_PURE): what goes where, not the compiling (tests/test_compiled.py)
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                           "--target", str(target), str(source)], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "ALIENS_ENV_PURE": "1"})
    if proc.returncode != 0 and "No module named pip" in proc.stderr:
        pytest.skip("pip is not available")
    assert proc.returncode == 0, proc.stderr[-3000:]
    packages = sorted(p.name for p in target.iterdir() if (p / "__init__.py").exists())
    assert packages == ["aliens_env"]
    assert not (target / "agents").exists()
    installed = target / "aliens_env"
    for path in ("agents/__init__.py", "agents/train_cli.py", "agents/evaluate_cli.py", "agents/policy_file.py",
                 "agents/pretrained/index.yaml", "configs/default.yaml", "py.typed"):
        assert (installed / path).is_file(), path
    assert not (installed / "agents" / "train_cli.py").is_symlink()
    for entry in PRETRAINED_FILES():
        assert (installed / "agents" / "pretrained" / entry).is_file()
    (info,) = target.glob("aliens_env-*.dist-info")
    points = (info / "entry_points.txt").read_text()
    assert "aliens-train = aliens_env.agents.train_cli:main" in points
    assert "ppo = aliens_env.agents:make_policy" in points
    assert "agents:" not in points.replace("aliens_env.agents:", "")


def PRETRAINED_FILES() -> list[str]:
    import yaml

    with open(os.path.join(ROOT, "agents", "pretrained", "index.yaml")) as f:
        return [e["file"] for e in yaml.safe_load(f).values()]
