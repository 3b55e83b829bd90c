"""The league (agents/league.py, evaluate.py --league): its agents, its ratings, its files."""
import json

import numpy as np
import pytest

pytest.importorskip("torch")

from agents.league import LEAGUE_MCTS, league_agents, rate  # noqa: E402
from aliens_env.envs.registry import REGISTRY  # noqa: E402


def test_ratings_recover_a_known_order():
    """Marines and hives of known strength play a synthetic table; the fit orders them right and
    the bootstrap intervals hold each true rating (Elo scale, centred like the fit)."""
    rng = np.random.default_rng(0)
    strength = {"marines:a": 300.0, "marines:b": 0.0, "marines:c": -250.0, "hive:x": 150.0, "hive:y": -200.0}
    names = list(strength)
    counts = []
    for i, m in enumerate(names[:3]):
        for j, h in enumerate(names[3:], start=3):
            p = 1 / (1 + 10 ** ((strength[h] - strength[m]) / 400))
            w = rng.binomial(400, p)
            counts.append((i, j, w, 0, 400 - w))
    ratings = rate(names, counts, rounds=100)
    marines = [r["agent"] for r in ratings if r["agent"].startswith("marines:")]
    hives = [r["agent"] for r in ratings if r["agent"].startswith("hive:")]
    assert marines == ["marines:a", "marines:b", "marines:c"] and hives == ["hive:x", "hive:y"]
    mean = np.mean(list(strength.values()))
    for r in ratings:
        assert r["ci"][0] < r["elo"] < r["ci"][1]
        assert r["ci"][0] - 30 < strength[r["agent"]] - mean < r["ci"][1] + 30


def test_the_league_of_every_ruleset_has_both_sides_builtins_search_and_shipped_agents():
    for name in REGISTRY:
        agents = league_agents(name)
        assert agents["marines"][0] == agents["hive"][0] == "random"
        assert LEAGUE_MCTS in agents["marines"] and LEAGUE_MCTS in agents["hive"]
        assert "dice" in agents["hive"]
    assert "pretrained:reactor_room_hive" in league_agents("ReactorRoom")["hive"]
    assert "heuristic" in league_agents("ReactorRoom")["marines"] and "dice" not in league_agents("ReactorRoom")["marines"]
    assert "pretrained:alien_menace_marines" in league_agents("AlienMenace")["marines"]


def test_the_league_leaves_out_agents_trained_in_another_game_variant():
    from aliens_env.agents.pretrained import PRETRAINED

    variants = {n for n, e in PRETRAINED.items() if e.get("env_options")}
    assert {"glorious_day_hive_escape", "bug_hunt_hive"} <= variants
    for name, entry in PRETRAINED.items():
        hives = league_agents(entry["game"])[entry["side"]]
        assert (f"pretrained:{name}" in hives) == (name not in variants), name


def test_evaluate_league_writes_json_and_png_with_every_agent(tmp_path, monkeypatch):
    import agents.league as league
    from evaluate import main

    monkeypatch.setattr(league, "LEAGUE_MCTS", "mcts:2")
    code = main(["--league", "RipleyQueen", "--games", "3", "--seed", "5", "--workers", "1", "--out", str(tmp_path)])
    assert code == 0
    report = json.loads((tmp_path / "league_RipleyQueen.json").read_text())
    rated = {r["agent"] for r in report["ratings"]}
    assert rated == {f"marines:{m}" for m in report["agents"]["marines"]} | {f"hive:{h}" for h in report["agents"]["hive"]}
    assert "marines:mcts:2" in rated and "hive:dice" in rated
    assert len(report["matchups"]) == len(report["agents"]["marines"]) * len(report["agents"]["hive"])
    assert report["seeds"] == [5, 7]
    assert (tmp_path / "league_RipleyQueen.png").stat().st_size > 1000


def test_evaluate_league_rejects_an_unknown_ruleset():
    from evaluate import main

    with pytest.raises(SystemExit, match="unknown ruleset"):
        main(["--league", "Chess"])
