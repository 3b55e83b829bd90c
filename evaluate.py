"""Evaluate policies of an aliens_env game against each other.

    python evaluate.py --env ReactorRoom --marines ppo:runs/x/model.zip --hive dice --episodes 1000 --seed 0
    python evaluate.py --env ReactorRoom --marines heuristic ppo:runs/x/model.zip --hive dice random \\
        --episodes 500 --json results/t.json --plot          # tournament: every marine vs every hive
    python evaluate.py --plot runs/a runs/b                  # learning curves of run directories
    python evaluate.py --env BugHunt --marines heuristic --hive dice --episodes 50 --replays 3 replays/ --video 1
                                                             # the first games as replay files and GIFs
    python evaluate.py --league ReactorRoom --games 100 --out results/league   # every agent vs every agent

A policy is a spec string: random, the game's built-in policies (dice, heuristic, ...),
mcts[:BUDGET] (the search agent), ppo:PATH (a model saved by train.py) or pretrained:NAME; in a
Tactics environment tactic:NAME is one fixed tactic as the marines' commander, e.g.

    python evaluate.py --env BugHuntTactics --env-option mission=kill_queen --marines heuristic tactic:fan_out --hive dice

--league RULESET plays every built-in and shipped agent of one side against every agent of the
other (agents/league.py: the agents, the seeds, the ratings with bootstrap intervals) and writes
league_RULESET.json and .png to --out (default results/league); --games per pair (default 100),
--seed the first seed (default 200000, seeds no training used).

One matchup prints win / draw / loss rates of the marines with Wilson 95% intervals (and, when an
episode cap such as --env-option turn_limit=N cut games, the truncated rate: a cut game has no
result and counts as none of win, draw or loss), the mean of
every numeric entry of the scenario's score with a 95% interval, and the mean episode length
(decisions of both sides). Episode i is played with seed SEED+i, so results are reproducible and
do not depend on --workers. Several marines or hives make a tournament: a results matrix and
Bradley-Terry ratings on the Elo scale (400 log10 odds, a draw counting half) with 95% intervals.
Marines only meet hives, so a rating compares agents of the same side; the gap between a marine
and a hive gives their expected score against each other.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys

import numpy as np
import torch

import aliens_env  # noqa: F401  (registers the environments)
from aliens_env.agents.evaluation import ELO, Z95, bradley_terry, default_workers, play_matchup
from aliens_env.core.game import other_side
from aliens_env.envs.registry import REGISTRY, get_spec


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", help=f"registered environment: {sorted(REGISTRY)}")
    p.add_argument("--marines", nargs="+", metavar="SPEC", help="marine policies")
    p.add_argument("--hive", nargs="+", metavar="SPEC", help="hive policies")
    p.add_argument("--episodes", type=int, default=1000)
    p.add_argument("--seed", type=int, default=None, help="first seed (default 0; with --league 200000)")
    p.add_argument("--league", metavar="RULESET", help="every agent of each side against every agent of the other")
    p.add_argument("--games", type=int, default=None, help="games per pair in --league (default 100)")
    p.add_argument("--out", default="results/league", help="where --league writes its JSON and PNG")
    p.add_argument("--workers", type=int, default=default_workers(), help="worker processes")
    p.add_argument("--env-option", action="append", default=[], metavar="KEY=VALUE", help="game option, e.g. turn_limit=20")
    p.add_argument("--json", metavar="PATH", help="write the results as JSON")
    p.add_argument("--csv", metavar="PATH", help="write the results as CSV (one row per matchup)")
    p.add_argument("--compact", action="store_true",
                   help="one narrow table per matchup (a row per measure) that fits 80 columns, instead of one wide table")
    p.add_argument("--plot", nargs="*", metavar="RUN_DIR",
                   help="PNG plots: learning curves of the given run directories, and a bar chart of the tournament")
    p.add_argument("--plot-dir", default="plots", help="where PNGs go (default: plots/)")
    p.add_argument("--replays", nargs=2, metavar=("N", "DIR"),
                   help="record the first N games of each matchup as replay files in DIR "
                        "(python -m aliens_env.replay check|view|video FILE)")
    p.add_argument("--video", type=int, metavar="N", help="write the first N games of each matchup as GIFs (needs imageio)")
    p.add_argument("--video-dir", default="videos", help="where --video writes (default: videos/)")
    return p.parse_args(argv)


def env_options(pairs: list[str]) -> dict:
    import yaml

    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--env-option expects KEY=VALUE, got {pair!r}")
        try:
            out[key] = yaml.safe_load(value)
        except yaml.YAMLError as exc:
            raise SystemExit(f"--env-option {pair}: the value is not YAML ({type(exc).__name__})") from None
    return out


def check_matchups(env: str, options: dict, marines: list[str], hive: list[str], seed: int) -> None:
    """Before any worker starts: the game takes the options, and every policy spec loads (once)
    and fits the game (a model's observation and action sizes). Each failure is a one-line exit."""
    from aliens_env.agents import make_policy

    try:
        game = get_spec(env).make_game(**options)
        game.reset(seed)
    except (ValueError, TypeError) as exc:
        raise SystemExit(f"--env-option: {exc}") from None
    for side, specs in (("marines", marines), ("hive", hive)):
        for spec in specs:
            try:
                policy = make_policy(spec, game=env, side=side, seed=0)
                if hasattr(policy, "check"):
                    policy.check(game, side)
            except (ValueError, FileNotFoundError, KeyError) as exc:
                raise SystemExit(f"--{side} {spec}: {exc}") from None


# ------------------------------------------------------------------------------------------------
# tables
# ------------------------------------------------------------------------------------------------
def fmt_rate(rate: float, ci) -> str:
    return f"{rate:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"


def print_matchups(results: list[dict], compact: bool = False) -> None:
    from rich.console import Console
    from rich.table import Table

    if compact:
        return print_matchups_compact(results)
    score_keys = list(results[0]["score"]) if results else []
    rates = ["win", "draw", "loss"] + (["truncated"] if any(r["marines_truncated"] > 0 for r in results) else [])
    table = Table(title=f"{results[0]['game']}: marines' results, {results[0]['episodes']} games each, seed {results[0]['seed']} (95% intervals)")
    for col in ["marines", "hive", *rates, *score_keys, "length"]:
        table.add_column(col, overflow="fold")
    for r in results:
        table.add_row(r["marines"], r["hive"], *(fmt_rate(r[f"marines_{k}"], r[f"marines_{k}_ci"]) for k in rates),
                      *(f"{r['score'][k]['mean']:.2f} ±{(r['score'][k]['ci'][1] - r['score'][k]['ci'][0]) / 2:.2f}" for k in score_keys),
                      f"{r['mean_length']:.1f}")
    Console(width=250).print(table)


def print_matchups_compact(results: list[dict]) -> None:
    """A row per measure, a table per matchup: fits 80 columns however many scores a game has."""
    from rich.console import Console
    from rich.table import Table

    console = Console(width=80)
    rates = ["win", "draw", "loss"] + (["truncated"] if any(r["marines_truncated"] > 0 for r in results) else [])
    for r in results:
        table = Table(title=f"{r['game']}: marines {r['marines']} vs hive {r['hive']}, {r['episodes']} games, seed {r['seed']}")
        for col in ("measure", "mean", "95% interval"):
            table.add_column(col, overflow="fold")
        for k in rates:
            ci = r[f"marines_{k}_ci"]
            table.add_row(f"marines {k}", f"{r[f'marines_{k}']:.3f}", f"[{ci[0]:.3f}, {ci[1]:.3f}]")
        for k, s in r["score"].items():
            table.add_row(k, f"{s['mean']:.2f}", f"[{s['ci'][0]:.2f}, {s['ci'][1]:.2f}]")
        table.add_row("length", f"{r['mean_length']:.1f}", "")
        console.print(table)


def tournament(results: list[dict], marines: list[str], hives: list[str]) -> dict:
    """The results matrix (marines' expected score: win 1, draw 1/2) and Bradley-Terry ratings,
    over the games with a result (a truncated game is left out)."""
    names = [f"marines:{m}" for m in marines] + [f"hive:{h}" for h in hives]
    n = len(names)
    games, wins = np.zeros((n, n)), np.zeros((n, n))
    matrix = np.zeros((len(marines), len(hives)))
    for r in results:
        i, j = marines.index(r["marines"]), len(marines) + hives.index(r["hive"])
        decided = (1.0 - r["marines_truncated"]) * r["episodes"]
        score = (r["marines_win"] + 0.5 * r["marines_draw"]) * r["episodes"]
        games[i, j] = games[j, i] = decided
        wins[i, j], wins[j, i] = score, decided - score
        matrix[i, j - len(marines)] = score / decided if decided else float("nan")
    ratings, se = bradley_terry(games, wins, prior_draws=1.0)
    return {
        "marines": marines, "hive": hives, "matrix": matrix.tolist(),
        "ratings": [{"agent": name, "elo": float(rt), "ci": [float(rt - Z95 * s), float(rt + Z95 * s)]}
                    for name, rt, s in zip(names, ratings, se)],
    }


def print_tournament(t: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=250)
    table = Table(title="marines' expected score (win 1, draw 1/2) against each hive")
    table.add_column("marines \\ hive")
    for h in t["hive"]:
        table.add_column(h, overflow="fold")
    for m, row in zip(t["marines"], t["matrix"]):
        table.add_row(m, *(f"{x:.3f}" for x in row))
    console.print(table)
    table = Table(title="Bradley-Terry ratings (Elo scale, mean 0, 95% intervals)")
    for col in ("agent", "elo", "95% interval"):
        table.add_column(col, overflow="fold")
    for r in sorted(t["ratings"], key=lambda r: -r["elo"]):
        table.add_row(r["agent"], f"{r['elo']:.0f}", f"[{r['ci'][0]:.0f}, {r['ci'][1]:.0f}]")
    console.print(table)


def write_csv(path: str, results: list[dict]) -> None:
    score_keys = list(results[0]["score"]) if results else []
    fields = ["game", "marines", "hive", "episodes", "seed"]
    for name in ("win", "draw", "loss", "truncated"):
        fields += [f"marines_{name}", f"marines_{name}_lo", f"marines_{name}_hi"]
    for k in score_keys:
        fields += [f"score_{k}", f"score_{k}_lo", f"score_{k}_hi"]
    fields += ["mean_length", "mean_marines_moves", "mean_hive_moves"]
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for r in results:
            row = {k: r[k] for k in ("game", "marines", "hive", "episodes", "seed", "mean_length", "mean_marines_moves", "mean_hive_moves")}
            for name in ("win", "draw", "loss", "truncated"):
                row[f"marines_{name}"] = r[f"marines_{name}"]
                row[f"marines_{name}_lo"], row[f"marines_{name}_hi"] = r[f"marines_{name}_ci"]
            for k in score_keys:
                row[f"score_{k}"] = r["score"][k]["mean"]
                row[f"score_{k}_lo"], row[f"score_{k}_hi"] = r["score"][k]["ci"]
            w.writerow(row)


# ------------------------------------------------------------------------------------------------
# plots
# ------------------------------------------------------------------------------------------------
def learning_curves(run: str) -> list[dict]:
    """A run directory's evaluations during training, one curve per stage: steps, the win rate
    with its 95% interval, and the mean result reward of the run's config (``result_reward``:
    what training optimises and best_model keeps)."""
    import yaml

    from aliens_env.agents.stages import result_value

    path = os.path.join(run, "metrics.csv")
    if not os.path.exists(path):
        raise SystemExit(f"no metrics.csv in {run!r}: not a train.py run directory, or no evaluation yet")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    with open(os.path.join(run, "config.yaml")) as f:
        result_reward = yaml.safe_load(f)["result_reward"]
    curves = []
    for stage in dict.fromkeys(r["stage"] for r in rows):
        part = [r for r in rows if r["stage"] == stage]
        curves.append({
            "label": os.path.basename(run.rstrip("/")) + ("" if stage == "main" else f" {stage}"),
            "steps": [int(r["timesteps"]) for r in part], "win": [float(r["win"]) for r in part],
            "win_lo": [float(r["win_lo"]) for r in part], "win_hi": [float(r["win_hi"]) for r in part],
            "result_reward": result_reward, "value": [result_value(r, result_reward) for r in part],
        })
    return curves


def plot_learning_curves(run_dirs: list[str], out_dir: str) -> str:
    """Two panels: the win rate with its 95% interval, and the mean result reward the run's config optimises."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax_win, ax_value) = plt.subplots(1, 2, figsize=(11, 4.5))
    for run in run_dirs:
        for c in learning_curves(run):
            reward_text = ", ".join(f"{k} {v:g}" for k, v in c["result_reward"].items())
            line, = ax_win.plot(c["steps"], c["win"], marker="o", label=c["label"])
            ax_win.fill_between(c["steps"], c["win_lo"], c["win_hi"], color=line.get_color(), alpha=0.15)
            ax_value.plot(c["steps"], c["value"], marker="o", color=line.get_color(), label=f"{c['label']} ({reward_text})")
    ax_win.set_ylabel("win rate (95% interval)")
    ax_win.set_ylim(0, 1)
    ax_value.set_ylabel("mean result reward (the config's result_reward)")
    for ax in (ax_win, ax_value):
        ax.set_xlabel("training steps")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.suptitle("evaluation during training")
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, "learning_curves.png")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def plot_tournament(t: dict, out_dir: str) -> str:
    from aliens_env.agents.league import plot_ratings

    os.makedirs(out_dir, exist_ok=True)
    return plot_ratings(t["ratings"], "tournament (blue: marines, red: hive)", os.path.join(out_dir, "tournament.png"), dpi=120)


# ------------------------------------------------------------------------------------------------
# replays and videos
# ------------------------------------------------------------------------------------------------
def recording(args) -> tuple[str, int] | None:
    """(DIR, N) of the games to record: --replays N DIR, and --video N (recorded in --video-dir)."""
    n, directory = 0, None
    if args.replays:
        count, directory = args.replays
        if not count.isdigit():
            raise SystemExit(f"--replays N DIR: N must be a whole number, got {count!r}")
        n = int(count)
    if args.video is not None:
        if args.video < 0:
            raise SystemExit("--video N: N must be at least 0")
        n = max(n, args.video)
        directory = directory or args.video_dir
    return (directory, n) if n else None


def write_recordings(args, paths: list[str]) -> list[str]:
    """The replay files (when --replays asked for them) and the GIFs of the first --video N of
    each matchup."""
    written = list(paths) if args.replays else []
    if args.video:
        from aliens_env.replay import ReplayError, load
        from aliens_env.replay.video import write

        per_matchup: dict[str, int] = {}
        for path in paths:
            matchup = os.path.basename(path).rsplit("_seed", 1)[0]
            per_matchup[matchup] = per_matchup.get(matchup, 0) + 1
            if per_matchup[matchup] > args.video:
                continue
            out = os.path.join(args.video_dir, os.path.splitext(os.path.basename(path))[0] + ".gif")
            try:
                written.append(write(load(path), out))
            except ReplayError as exc:
                raise SystemExit(f"--video: {exc}") from None
            if not args.replays:
                os.remove(path)
    return written


# ------------------------------------------------------------------------------------------------
def main(argv=None) -> int:
    args = parse_args(argv)
    torch.set_num_threads(1)
    if args.league:
        return league(args)
    if args.seed is None:
        args.seed = 0
    written = []
    if args.plot:
        written.append(plot_learning_curves(args.plot, args.plot_dir))
    if not (args.env or args.marines or args.hive):
        if not args.plot:
            raise SystemExit("nothing to do: give --env, --marines and --hive (or --plot RUN_DIR ...); see --help")
        print("\n".join(f"wrote {w}" for w in written))
        return 0
    if not (args.env and args.marines and args.hive):
        raise SystemExit("a matchup needs --env, --marines SPEC... and --hive SPEC...")
    if args.env.removeprefix("aliens_env/").removesuffix("-v0") not in REGISTRY:
        raise SystemExit(f"unknown environment {args.env!r}; registered: {sorted(REGISTRY)}")
    env = args.env.removeprefix("aliens_env/").removesuffix("-v0")
    if args.episodes < 1:
        raise SystemExit("--episodes must be at least 1")
    options = env_options(args.env_option)
    replays = recording(args)
    check_matchups(env, options, args.marines, args.hive, args.seed)
    results, speeds = [], []
    for m in args.marines:
        for h in args.hive:
            speeds.append({})
            results.append(play_matchup(env, m, h, args.episodes, seed=args.seed, workers=args.workers, env_options=options,
                                        replays=replays, speed=speeds[-1]))
    print_matchups(results, compact=args.compact)
    for r, speed in zip(results, speeds):  # a search agent's speed
        for side in ("marines", "hive"):
            if str(r[side]).startswith("mcts"):
                print(f"{side} {r[side]} against {r[other_side(side)]}: {speed[side]:.1f} decisions per second")
    if replays is not None:
        written += write_recordings(args, [path for r in results for path in r.get("replays", [])])
    report = {"env": env, "episodes": args.episodes, "seed": args.seed, "env_options": options, "matchups": results}
    if len(args.marines) > 1 or len(args.hive) > 1:
        t = tournament(results, args.marines, args.hive)
        print_tournament(t)
        report["tournament"] = t
        if args.plot is not None:
            written.append(plot_tournament(t, args.plot_dir))
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
        written.append(args.json)
    if args.csv:
        write_csv(args.csv, results)
        written.append(args.csv)
    for w in written:
        print(f"wrote {w}")
    return 0


def league(args) -> int:
    from aliens_env.agents.league import DEFAULT_GAMES, DEFAULT_SEED, print_league, run_league, write_league

    env = args.league.removeprefix("aliens_env/").removesuffix("-v0")
    if env not in REGISTRY:
        raise SystemExit(f"--league: unknown ruleset {args.league!r}; registered: {sorted(REGISTRY)}")
    games = DEFAULT_GAMES if args.games is None else args.games
    if games < 1:
        raise SystemExit("--games must be at least 1")
    report = run_league(env, games, DEFAULT_SEED if args.seed is None else args.seed, workers=args.workers)
    print_league(report)
    for path in write_league(report, args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
