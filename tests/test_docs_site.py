"""The documentation site: one page per registered environment generated from the registry
(tools/env_pages.py, a mkdocs hook), and `mkdocs build --strict` over docs/."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest
import yaml

import aliens_env
from aliens_env.envs.actions import SideActions
from aliens_env.envs.observations import Observer
from aliens_env.envs.registry import REGISTRY, builtin_policy_names

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_generator():
    spec = importlib.util.spec_from_file_location("_env_pages", os.path.join(ROOT, "tools", "env_pages.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pages():
    return load_generator().pages()


def test_there_is_a_page_for_every_registered_environment(pages):
    assert sorted(pages) == sorted([f"environments/{name}.md" for name in REGISTRY] + ["environments/index.md"])
    for name in REGISTRY:
        assert f"[{name}]({name}.md)" in pages["environments/index.md"]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_page_holds_what_the_registry_says(pages, name):
    spec = REGISTRY[name]
    text = pages[f"environments/{name}.md"]
    game = spec.make_game()
    assert f'gym.make("{spec.env_id}"' in text and f'pettingzoo.make("aec", "{spec.env_id}")' in text
    assert f"## Actions: {game.layout.size}," in text
    for side in ("marines", "hive"):  # each side's own actions (actions="side"), their count and slices
        slices = ", ".join(f"`{s}`" for s in game.side_slices(side))
        n, compact = (SideActions(game, side, "side", rows).n for rows in (None, Observer(game, "compact").shown_rows))
        count = str(n) if compact == n else f"{n} ({compact} with compact)"
        assert f"the {side} {count}: {slices}" in text
    named = "\n".join(line for line in text.splitlines() if line.startswith("| `"))
    for slice_name, (start, count) in game.layout.slices.items():
        labels = [game.layout.name(a) for a in range(start, start + count)]
        assert all(f"`{label}`" in named for label in (labels if count <= 3 or labels[0] != f"{slice_name}[0]" else labels[::count - 1]))
    assert f"## Observation: {game.obs_layout.size} float32" in text
    for view, shape, offset, meaning in game.obs_layout.rows():
        assert f"| `{view}` | {' x '.join(map(str, shape))} | {offset} |" in text
    for policy in builtin_policy_names(name):
        assert f"| `{policy}` |" in text
    for side, other in (("marines", "hive"), ("hive", "marines")):
        assert f"| `{side}` | `{spec.default_opponent[other]}` |" in text
    with open(os.path.join(ROOT, "agents", "pretrained", "index.yaml")) as f:
        shipped = [n for n, e in yaml.safe_load(f).items() if e["game"] == name]
    for policy in shipped:
        assert f"`pretrained:{policy}`" in text


def test_game_options_and_their_defaults_are_listed(pages):
    text = pages["environments/BugHunt.md"]
    assert "| `mission` | `'explore'` |" in text and "| `turn_limit` | `None` |" in text
    text = pages["environments/ReactorRoom.md"]
    assert "| `frost_rule` | `False` |" in text  # an optional rule: a default from the ruleset's YAML
    # constructors of classes that are extension types when compiled (their __init__ then has no
    # signature: read from the source), the same page either way
    assert "| `turn_limit` | `None` |" in text
    assert "| `scenario` | `'operations'` |" in pages["environments/OperationsAirDucts.md"]
    assert "| `marine_order` | `None` |" in pages["environments/HuntForTheQueen.md"]
    assert "| `mission` | `'newt'` |" in pages["environments/GloriousDay.md"]
    game = REGISTRY["ReactorRoom"].make_game(frost_rule=True)
    assert game.options["frost_rule"] is True  # ... and a real option of the game


def test_measured_baselines_are_shown(pages):
    with open(os.path.join(ROOT, "docs", "baselines.yaml")) as f:
        baselines = yaml.safe_load(f)
    assert set(baselines) <= set(REGISTRY)
    for name, tables in baselines.items():
        for b in tables:
            assert b["command"] in pages[f"environments/{name}.md"]
            assert all(len(row) == len(b["columns"]) for row in b["rows"])


@pytest.mark.skipif(shutil.which("mkdocs") is None and importlib.util.find_spec("mkdocs") is None,
                    reason="mkdocs is not installed (the extra 'docs')")
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("material", reason="mkdocs-material is not installed (the extra 'docs')")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "not included in the \"nav\"" not in proc.stderr, proc.stderr  # every page of docs/ is reachable
    for name in REGISTRY:
        html = (tmp_path / "environments" / name / "index.html").read_text()
        assert REGISTRY[name].env_id in html
    assert (tmp_path / "index.html").is_file() and (tmp_path / "training" / "index.html").is_file()
    assert f"aliens-env {aliens_env.__version__} registers {len(REGISTRY)} environments" in (
        tmp_path / "environments" / "index.html").read_text()
