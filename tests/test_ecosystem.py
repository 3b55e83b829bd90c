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
