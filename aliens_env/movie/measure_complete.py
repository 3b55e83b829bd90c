"""Measure the Complete Movie Scenario: built-in marines against the dice hive over seeded episodes.

    python -m aliens_env.movie.measure_complete --episodes 1000 --seed 100000

Prints the win / draw / loss rates of the campaign (Wilson 95% intervals), how often the Queen
was killed, the mean Victory Point tally (normal 95% interval), how often each path was taken
(Wilson intervals) and each stage's mean points and result rates where it was played. Episode i
is played with seed SEED+i (the hive's policy with SEED+i+1)."""
from __future__ import annotations

import argparse
from collections import Counter

from ..core.policy import play_out
from ..core.stats import mean_interval, wilson_interval
from ..envs import make_policy
from .complete import CompleteMovie


def measure(episodes: int, seed: int, marines: str = "heuristic", hive: str = "dice") -> dict:
    game = CompleteMovie()
    results, queens, points, paths, turns = [], 0, [], Counter(), []
    stages: dict[str, dict[str, list]] = {s: {"points": [], "results": []} for s in game.stages}
    for i in range(episodes):
        game.reset(seed + i)
        play_out(game, {"marines": make_policy("CompleteMovie", "marines", marines, seed=seed + i),
                        "hive": make_policy("CompleteMovie", "hive", hive, seed=seed + i + 1)})
        out = game.outcome()
        results.append(out["marines"])
        queens += out["score"]["queen_killed"]
        points.append(float(out["score"]["victory_points"]))
        turns.append(float(out["score"]["turns"]))
        paths[" > ".join(out["score"]["path"])] += 1
        for r in game.records:
            stages[r["stage"]]["points"].append(float(r["victory_points"]))
            stages[r["stage"]]["results"].append(r["result"])
    rate = lambda k, n: (k / n, *wilson_interval(k, n))  # noqa: E731
    return {
        "episodes": episodes, "seed": seed, "marines": marines, "hive": hive,
        "rates": {name: rate(results.count(r), episodes) for name, r in (("win", 1), ("draw", 0), ("loss", -1))},
        "queen_killed": rate(queens, episodes), "victory_points": mean_interval(points), "turns": mean_interval(turns),
        "paths": {p: rate(k, episodes) for p, k in paths.most_common()},
        "stages": {s: {"played": len(v["results"]), "points": sum(v["points"]) / len(v["points"]),
                       "win": v["results"].count(1) / len(v["results"])}
                   for s, v in stages.items() if v["results"]},
    }


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--marines", default="heuristic")
    parser.add_argument("--hive", default="dice")
    args = parser.parse_args(argv)
    out = measure(args.episodes, args.seed, args.marines, args.hive)
    print(f"CompleteMovie: {out['marines']} marines v {out['hive']} hive, {out['episodes']} episodes, "
          f"seeds {out['seed']}-{out['seed'] + out['episodes'] - 1}")
    print("  result        " + "  ".join(f"{k} {p:.3f} [{lo:.3f}, {hi:.3f}]" for k, (p, lo, hi) in out["rates"].items()))
    p, lo, hi = out["queen_killed"]
    print(f"  queen killed  {p:.3f} [{lo:.3f}, {hi:.3f}]")
    for key in ("victory_points", "turns"):
        m, lo, hi = out[key]
        print(f"  {key:13s} {m:.2f} [{lo:.2f}, {hi:.2f}]")
    for path, (p, lo, hi) in out["paths"].items():
        print(f"  path {p:.3f} [{lo:.3f}, {hi:.3f}]  {path}")
    for stage, s in out["stages"].items():
        print(f"  {stage:20s} played {s['played']:4d}  mean points {s['points']:5.2f}  won {s['win']:.3f}")
    return out


if __name__ == "__main__":
    main()
