"""Measure the Movie Scenario: built-in marines against the dice hive over seeded episodes.

    python -m aliens_env.movie.measure --episodes 1000 --seed 100000             # the Movie Scenario
    python -m aliens_env.movie.measure --episodes 1000 --seed 100000 --no-healing  # the Tournament pairing

Prints the mean Victory Points (both stages, and each stage) with normal 95% intervals, and the
win / draw / loss rates of the episode and of each stage with Wilson 95% intervals. Episode i is
played with seed SEED+i."""
from __future__ import annotations

import argparse

from ..core.policy import play_out
from ..core.stats import mean_interval, wilson_interval
from ..envs import make_policy
from .game import MovieScenario


def measure(episodes: int, seed: int, healing: bool = True, marines: str = "heuristic", hive: str = "dice") -> dict:
    game = MovieScenario(healing=healing)
    scores = []
    for i in range(episodes):
        game.reset(seed + i)
        play_out(game, {"marines": make_policy("MovieScenario", "marines", marines, seed=seed + i),
                        "hive": make_policy("MovieScenario", "hive", hive, seed=seed + i + 1)})
        scores.append(game.outcome()["score"])
    out: dict = {"episodes": episodes, "seed": seed, "healing": healing, "marines": marines, "hive": hive}
    for key in ("victory_points", "reactor_room_points", "operations_points", "reactor_room_exited", "operations_exited", "turns"):
        out[key] = mean_interval([float(s[key]) for s in scores])
    for stage in ("reactor_room", "operations"):
        results = [s[f"{stage}_result"] for s in scores]
        out[f"{stage}_rates"] = {name: (results.count(r) / episodes, *wilson_interval(results.count(r), episodes))
                                 for name, r in (("win", 1), ("draw", 0), ("loss", -1))}
    return out


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--no-healing", action="store_true", help="the Tournament pairing (healing=False)")
    parser.add_argument("--marines", default="heuristic")
    parser.add_argument("--hive", default="dice")
    args = parser.parse_args(argv)
    out = measure(args.episodes, args.seed, not args.no_healing, args.marines, args.hive)
    print(f"MovieScenario healing={out['healing']}: {out['marines']} marines v {out['hive']} hive, "
          f"{out['episodes']} episodes, seeds {out['seed']}-{out['seed'] + out['episodes'] - 1}")
    for key in ("victory_points", "reactor_room_points", "operations_points", "reactor_room_exited", "operations_exited", "turns"):
        m, lo, hi = out[key]
        print(f"  {key:20s} {m:6.2f} [{lo:.2f}, {hi:.2f}]")
    for stage in ("reactor_room", "operations"):
        rates = "  ".join(f"{name} {p:.3f} [{lo:.3f}, {hi:.3f}]" for name, (p, lo, hi) in out[f"{stage}_rates"].items())
        print(f"  {stage:20s} {rates}")
    return out


if __name__ == "__main__":
    main()
