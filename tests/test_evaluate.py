"""Interval and rating code against known values; match play; the evaluate.py command line."""
from __future__ import annotations

import csv
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

from agents.evaluation import ELO, bradley_terry, mean_interval, play_matchup, side_view, summarize, wilson_interval

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize(
    "k, n, lo, hi",
    [  # published Wilson 95% intervals (Newcombe 1998, Table I; Brown, Cai & DasGupta 2001)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (8, 10, 0.4902, 0.9433),
    ],
)
def test_wilson_interval_known_values(k, n, lo, hi):
    got = wilson_interval(k, n)
    assert got[0] == pytest.approx(lo, abs=1e-4) and got[1] == pytest.approx(hi, abs=1e-4)


def test_wilson_edge_cases():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)


def test_mean_interval():
    m, lo, hi = mean_interval([1, 2, 3, 4])
    half = 1.959963984540054 * np.std([1, 2, 3, 4], ddof=1) / 2
    assert m == 2.5 and lo == pytest.approx(2.5 - half) and hi == pytest.approx(2.5 + half)


def test_bradley_terry_two_players_closed_form():
    # A scores 75 of 100 against B: odds 3, so the gap is 400 log10(3) = 190.85 Elo
    games = np.array([[0, 100], [100, 0]])
    wins = np.array([[0, 75], [25, 0]])
    ratings, se = bradley_terry(games, wins)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert ratings.sum() == pytest.approx(0, abs=1e-9)
    # the standard error of the log-odds gap is 1/sqrt(n p (1-p)); each rating carries half of it
    se_gap = 1 / math.sqrt(100 * 0.75 * 0.25) * ELO
    assert se[0] == pytest.approx(se_gap / 2, rel=1e-6)


def _mm_fit(games, wins, iters=5000):
    """Hunter's (2004) MM algorithm, an independent check of the Newton fit."""
    n = len(games)
    gamma = np.ones(n)
    for _ in range(iters):
        for i in range(n):
            denom = sum(games[i, j] / (gamma[i] + gamma[j]) for j in range(n) if j != i and games[i, j] > 0)
            gamma[i] = wins[i].sum() / denom
        gamma /= np.exp(np.log(gamma).mean())
    return np.log(gamma) * ELO


def test_bradley_terry_matches_the_mm_algorithm():
    # two marines against two hives (the tournament's bipartite design), draws already halved
    games = np.zeros((4, 4))
    wins = np.zeros((4, 4))
    for (i, j, n, w) in [(0, 2, 200, 130), (0, 3, 200, 90.5), (1, 2, 200, 70), (1, 3, 200, 41)]:
        games[i, j] = games[j, i] = n
        wins[i, j], wins[j, i] = w, n - w
    ratings, se = bradley_terry(games, wins)
    assert ratings == pytest.approx(_mm_fit(games, wins), abs=1e-3)
    assert np.all(se > 0)


def test_bradley_terry_prior_keeps_perfect_records_finite():
    games = np.array([[0, 10], [10, 0]])
    wins = np.array([[0, 10], [0, 0]])
    ratings, _ = bradley_terry(games, wins, prior_draws=1.0)
    # 10.5 of 11: odds 21
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(21), abs=1e-6)


def test_summary_rates_scores_and_side_view():
    records = [
        {"result": 1, "score": {"exited": 7, "flag": True, "name": "x"}, "length": 10, "marines_moves": 6, "hive_moves": 4},
        {"result": -1, "score": {"exited": 1, "flag": False, "name": "y"}, "length": 20, "marines_moves": 12, "hive_moves": 8},
        {"result": 0, "score": {"exited": 4, "flag": False, "name": "z"}, "length": 30, "marines_moves": 18, "hive_moves": 12},
    ]
    s = summarize(records)
    assert s["marines_win"] == pytest.approx(1 / 3) and s["marines_draw"] == pytest.approx(1 / 3)
    assert s["score"]["exited"]["mean"] == 4 and s["score"]["flag"]["mean"] == pytest.approx(1 / 3)
    assert "name" not in s["score"]
    assert s["mean_length"] == 20
    hive = side_view(s, "hive")
    assert hive["win"] == s["marines_loss"] and hive["win_ci"] == s["marines_loss_ci"]


def test_matchups_are_reproducible_and_independent_of_workers():
    one = play_matchup("ReactorRoom", "random", "dice", 4, seed=7, workers=1)
    two = play_matchup("ReactorRoom", "random", "dice", 4, seed=7, workers=2)
    assert one == two
    other = play_matchup("ReactorRoom", "random", "dice", 4, seed=8, workers=1)
    assert other["score"] != one["score"]


def run(*args, timeout=120):
    proc = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return proc


def test_evaluate_cli_tournament_json_csv_plot(tmp_path):
    proc = run("evaluate.py", "--env", "ReactorRoom", "--marines", "random", "--hive", "dice", "random",
               "--episodes", "3", "--workers", "1", "--seed", "0", "--json", str(tmp_path / "r.json"),
               "--csv", str(tmp_path / "r.csv"), "--plot", "--plot-dir", str(tmp_path / "plots"))
    assert proc.returncode == 0, proc.stderr
    assert "Bradley-Terry" in proc.stdout and "win" in proc.stdout
    report = json.loads((tmp_path / "r.json").read_text())
    assert len(report["matchups"]) == 2 and report["matchups"][0]["episodes"] == 3
    assert {r["agent"] for r in report["tournament"]["ratings"]} == {"marines:random", "hive:dice", "hive:random"}
    rows = list(csv.DictReader(open(tmp_path / "r.csv")))
    assert len(rows) == 2 and "score_exited" in rows[0] and "marines_win_lo" in rows[0]
    assert (tmp_path / "plots" / "tournament.png").stat().st_size > 1000


def test_evaluate_cli_errors():
    proc = run("evaluate.py", "--env", "Nowhere", "--marines", "random", "--hive", "dice", "--episodes", "1")
    assert proc.returncode != 0 and "registered" in proc.stderr
    proc = run("evaluate.py", "--env", "ReactorRoom", "--marines", "ppo:/no/model.zip", "--hive", "dice", "--episodes", "1")
    assert proc.returncode != 0 and "no model file" in proc.stderr


def one_line_error(proc) -> str:
    """evaluate.py failed with a one-line message (no traceback from the worker pool)."""
    assert proc.returncode != 0 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_bad_env_options_are_one_line_errors_before_any_worker():
    base = ["evaluate.py", "--env", "ReactorRoom", "--marines", "random", "--hive", "dice", "--episodes", "4", "--workers", "2"]
    message = one_line_error(run(*base, "--env-option", "frost=1"))
    assert message.startswith("--env-option") and "'frost'" in message and "turn_limit" in message
    message = one_line_error(run(*base, "--env-option", "turn_limit=abc"))
    assert "turn_limit" in message and "'abc'" in message
    message = one_line_error(run(*base, "--env-option", "turn_limit=[1"))
    assert "turn_limit=[1" in message and "YAML" in message


def test_a_model_for_another_game_is_a_one_line_error_before_any_worker():
    model = os.path.join(ROOT, "agents", "pretrained", "alien_menace_hive.safetensors")  # trained on Alien Menace
    proc = run("evaluate.py", "--env", "ReactorRoom", "--marines", "random", "--hive", f"ppo:{model}",
               "--episodes", "4", "--workers", "2")
    message = one_line_error(proc)
    assert message.startswith(f"--hive ppo:{model}:") and "trained for another game" in message


def test_compact_tables_fit_80_columns_with_every_score(tmp_path):
    proc = run("evaluate.py", "--env", "BugHunt", "--marines", "random", "--hive", "random", "dice",
               "--episodes", "2", "--workers", "1", "--compact", "--json", str(tmp_path / "r.json"), timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    scores = json.loads((tmp_path / "r.json").read_text())["matchups"][0]["score"]
    assert len(scores) > 8  # the wide table of these does not fit
    for key in scores:
        assert sum(line.startswith(f"│ {key} ") for line in lines) == 2, key  # one row per matchup
    assert sum("marines random vs hive" in line for line in lines) == 2
