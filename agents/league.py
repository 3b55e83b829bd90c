"""The league of a ruleset: every built-in and shipped agent of each side against every agent of
the other side, and Bradley-Terry ratings of all of them with bootstrap intervals.

    python evaluate.py --league ReactorRoom --games 100 --seed 200000 --out results/league

The agents of a side (``league_agents``): ``random``; the ruleset's built-in policies for that
side (the registry's default player of the side, and for the marines every other built-in but the
hive's dice AI); the search agent at a small budget (``LEAGUE_MCTS``); and every shipped
``pretrained:`` agent of the ruleset and side trained in the default game (the league plays the
default game: an agent trained with ``env_options``, e.g. another Glorious Day mission, plays a
game of another size or with decisions the default game never asks, so it is left out). Pair (m, h) plays ``games`` games on seeds
``seed .. seed + games - 1`` (the default 200000 on: training resets its environments from seeds
below 1,000 and evaluates from 10,000,000 up, and the README's other figures use 100000-103000).

Ratings: ``agents.evaluation.bradley_terry`` (Newton's method on the logistic likelihood, one
virtual draw per pair so a perfect record stays finite; a draw counts half, a truncated game not
at all) on the Elo scale, mean 0. Marines only meet hives, so a rating compares agents of one
side, and the gap between a marine and a hive gives their expected score against each other.
The 95% interval of each rating is the 2.5-97.5 percentile of the ratings refitted on
``BOOTSTRAP`` resamples of the games (each pair's games drawn again with replacement).
"""
from __future__ import annotations

import json
import os

import numpy as np

from .evaluation import bradley_terry, play_matchup
from .pretrained import pretrained_names

#: the search agent's spec in the league (small: some rulesets have hundreds of decisions a game)
LEAGUE_MCTS = "mcts:10"
DEFAULT_SEED = 200_000
DEFAULT_GAMES = 100
BOOTSTRAP = 200


def league_agents(env: str) -> dict[str, list[str]]:
    """The spec strings of each side's agents in the league of ``env``."""
    from aliens_env.envs.registry import get_spec

    spec = get_spec(env)
    hive_default = spec.default_opponent["hive"]
    marines = ["random", spec.default_opponent["marines"]]
    marines += [p for p in spec.policies if p not in marines and p != hive_default]
    hive = ["random", hive_default]
    return {
        "marines": [*marines, LEAGUE_MCTS, *(f"pretrained:{n}" for n in pretrained_names(env, "marines", default_game=True))],
        "hive": [*hive, LEAGUE_MCTS, *(f"pretrained:{n}" for n in pretrained_names(env, "hive", default_game=True))],
    }


def pair_tables(names: list[str], counts: list[tuple[int, int, float, float, float]]):
    """``games`` and ``wins`` matrices for ``bradley_terry`` from (i, j, wins, draws, losses) of i
    against j."""
    n = len(names)
    games, wins = np.zeros((n, n)), np.zeros((n, n))
    for i, j, w, d, l in counts:
        games[i, j] = games[j, i] = w + d + l
        wins[i, j], wins[j, i] = w + 0.5 * d, l + 0.5 * d
    return games, wins


def rate(names: list[str], counts, rounds: int = BOOTSTRAP, seed: int = 0) -> list[dict]:
    """Bradley-Terry ratings (Elo scale, mean 0) with bootstrap 95% intervals, best first."""
    elo, _ = bradley_terry(*pair_tables(names, counts), prior_draws=1.0)
    rng = np.random.default_rng(seed)
    samples = np.empty((rounds, len(names)))
    for b in range(rounds):
        again = []
        for i, j, w, d, l in counts:
            n = int(round(w + d + l))
            k = rng.multinomial(n, np.array([w, d, l]) / n) if n else (0, 0, 0)
            again.append((i, j, *k))
        samples[b] = bradley_terry(*pair_tables(names, again), prior_draws=1.0)[0]
    lo, hi = np.percentile(samples, [2.5, 97.5], axis=0)
    rows = [{"agent": a, "elo": float(e), "ci": [float(x), float(y)]} for a, e, x, y in zip(names, elo, lo, hi)]
    return sorted(rows, key=lambda r: -r["elo"])


def run_league(env: str, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, workers: int = 1,
               agents: dict[str, list[str]] | None = None) -> dict:
    """Play every pair and rate every agent; returns the JSON-able report."""
    agents = agents or league_agents(env)
    names = [f"marines:{m}" for m in agents["marines"]] + [f"hive:{h}" for h in agents["hive"]]
    matchups, counts = [], []
    for a, m in enumerate(agents["marines"]):
        for b, h in enumerate(agents["hive"]):
            speed: dict = {}
            r = play_matchup(env, m, h, games, seed=seed, workers=workers, speed=speed)
            matchups.append({**r, **{f"{side}_decisions_per_second": v for side, v in speed.items()}})
            k = {x: r[f"marines_{x}"] * r["episodes"] for x in ("win", "draw", "loss")}
            counts.append((a, len(agents["marines"]) + b, k["win"], k["draw"], k["loss"]))
    return {"env": env, "games": games, "seeds": [seed, seed + games - 1], "agents": agents,
            "bootstrap": BOOTSTRAP, "ratings": rate(names, counts),
            "matchups": [{k: r[k] for k in ("marines", "hive", "episodes", "marines_win", "marines_win_ci",
                                            "marines_draw", "marines_loss", "marines_truncated",
                                            "marines_decisions_per_second", "hive_decisions_per_second")}
                         for r in matchups]}


def print_league(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=200)
    hives = report["agents"]["hive"]
    table = Table(title=f"{report['env']}: marines' win rate against each hive, {report['games']} games each, "
                        f"seeds {report['seeds'][0]}-{report['seeds'][1]}")
    table.add_column("marines \\ hive")
    for h in hives:
        table.add_column(h, overflow="fold")
    for m in report["agents"]["marines"]:
        row = {r["hive"]: r["marines_win"] for r in report["matchups"] if r["marines"] == m}
        table.add_row(m, *(f"{row[h]:.3f}" for h in hives))
    console.print(table)
    table = Table(title=f"Bradley-Terry ratings (Elo scale, mean 0; 95% bootstrap intervals, {report['bootstrap']} resamples)")
    for col in ("agent", "elo", "95% interval"):
        table.add_column(col)
    for r in report["ratings"]:
        table.add_row(r["agent"], f"{r['elo']:.0f}", f"[{r['ci'][0]:.0f}, {r['ci'][1]:.0f}]")
    console.print(table)


def plot_ratings(ratings: list[dict], title: str, path: str, dpi: int = 110) -> str:
    """A bar chart of Bradley-Terry ratings (Elo scale) with their intervals, strongest on top,
    marines in blue and the hive in red, saved to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ratings = sorted(ratings, key=lambda r: r["elo"])
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(ratings) + 1.5))
    y = np.arange(len(ratings))
    elo = np.array([r["elo"] for r in ratings])
    err = np.array([[r["elo"] - r["ci"][0], r["ci"][1] - r["elo"]] for r in ratings]).T
    colors = ["tab:blue" if r["agent"].startswith("marines:") else "tab:red" for r in ratings]
    ax.barh(y, elo, xerr=err, color=colors, capsize=3)
    ax.set_yticks(y, [r["agent"] for r in ratings], fontsize=8)
    ax.axvline(0, color="k", lw=0.8)
    ax.set_xlabel("Bradley-Terry rating (Elo scale), 95% interval")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
    return path


def write_league(report: dict, out_dir: str) -> list[str]:
    """``league_<env>.json`` and ``league_<env>.png`` (ratings with intervals) in out_dir."""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, f"league_{report['env']}")
    with open(base + ".json", "w") as f:
        json.dump(report, f, indent=1)
    plot_ratings(report["ratings"], f"{report['env']} league, {report['games']} games a pair "
                 "(blue: marines, red: hive; bootstrap intervals)", base + ".png")
    return [base + ".json", base + ".png"]
