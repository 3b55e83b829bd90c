"""The replay viewer in a real browser: Chromium (the system package) driven headless by
playwright. For each registered ruleset a recorded replay is opened and stepped; the board must
change and the page must show the replay's action names; a screenshot per ruleset is written to
$ALIENS_ARTIFACTS (default tests/artifacts/). A replay whose names hold markup shows it as text.

Skipped, with the reason, only when Chromium or playwright is not installed (CI installs both:
.ci/run)."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from aliens_env.envs.registry import REGISTRY
from aliens_env.replay import viewer

CHROMIUM = os.environ.get("ALIENS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(os.environ.get("ALIENS_ARTIFACTS", Path(__file__).parent / "artifacts"))

if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
    pytest.skip(f"Chromium is not installed ({CHROMIUM}): apt-get install -y chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed: pip install playwright")


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
            args=ARGS, headless=True)
        yield context
        context.close()


def open_page(browser, html: str, path: Path):
    path.write_text(html, encoding="utf-8")
    page = browser.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: requests.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    page.goto(path.as_uri())
    page.wait_for_selector("body[data-ready=yes]", timeout=30_000)
    return page, errors, requests


def board_pixels(page) -> str:
    return page.evaluate("document.getElementById('board').toDataURL()")


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_the_viewer_steps_a_replay_of_every_ruleset(browser, tmp_path, name):
    from tests.test_replay import recorded

    replay = recorded(name, seed=2, steps=25)
    page, errors, requests = open_page(browser, viewer.page(replay), tmp_path / f"{name}.html")
    steps = replay["steps"]
    assert page.text_content("#step") == f"step 0 / {len(steps)}"
    assert page.text_content("#action") == "(the starting position)"
    boards = [board_pixels(page)]
    for i, step in enumerate(steps[:12], start=1):
        page.click("#next")
        assert page.text_content("#step") == f"step {i} / {len(steps)}"
        assert page.text_content("#action") == step["name"]  # the replay's own action name
        assert page.text_content("#player").startswith(step["player"])
        boards.append(board_pixels(page))
    assert len(set(boards)) > 1, "the board never changed"
    # the slider jumps, and the last step shows the end
    page.eval_on_selector("#slider", f"(s) => {{ s.value = '{len(steps)}'; s.dispatchEvent(new Event('input')); }}")
    assert page.text_content("#action") == steps[-1]["name"]
    assert board_pixels(page) != boards[0]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"replay_{name}.png"), full_page=True)
    # play runs on by itself
    page.click("#first")
    page.select_option("#speed", "100")
    page.click("#play")
    for _ in range(100):  # (page.wait_for_function evaluates a string: the page's CSP forbids that)
        if page.input_value("#slider") != "0":
            break
        page.wait_for_timeout(100)
    assert page.input_value("#slider") != "0" and page.text_content("#play") == "pause"
    page.click("#play")
    assert errors == [] and requests == []
    page.close()


def test_markup_in_a_replay_shows_as_text(browser, tmp_path, monkeypatch):
    from tests.test_replay import markup_replay

    replay = markup_replay(monkeypatch)
    page, errors, requests = open_page(browser, viewer.page(replay), tmp_path / "markup.html")
    page.click("#next")
    assert page.text_content("#action") == replay["steps"][0]["name"]
    assert page.text_content("#action").startswith("<script>window.pwned = 1</script><b>")
    assert "<img src=x" in page.text_content("#player") or "</script><script>" in page.text_content("#player")
    assert "<img src=x" in page.text_content("#meta")
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.evaluate("document.querySelectorAll('#side b, #side img, #meta img, body script').length") == 2
    assert errors == [] and requests == []
    page.close()
