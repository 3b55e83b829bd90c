"""Win rates of a marine policy against the solo dice AI over seeded games, with Wilson 95%
intervals, and the speed of play.

    python -m aliens_env.bug_hunt.evaluate --mission explore --marines heuristic --games 1000
    python -m aliens_env.bug_hunt.evaluate --bench    # PettingZoo random play, steps/s

Game i uses seed start+i for the colony, the dice and the marine policy.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time

from .game import BugHunt
from .policies import BugHuntDiceAI, ScriptedMarines


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(mission: str, marines: str, games: int, start: int = 0) -> dict:
    game = BugHunt(mission=mission)
    hive = BugHuntDiceAI()
    wins = steps = 0
    totals: dict[str, float] = {}
    t0 = time.perf_counter()
    for seed in range(start, start + games):
        game.reset(seed)
        rng = random.Random(seed)
        scripted = ScriptedMarines(seed)
        while not game.is_terminal():
            player = game.current_player()
            if player == "hive":
                action = hive.act(game, player)
            elif marines == "random":
                action = rng.choice(game.legal_actions(player))
            else:
                action = scripted.act(game, player)
            game.apply(action)
            steps += 1
        out = game.outcome()
        wins += out["marines"] == 1
        for key in ("turns", "rooms_entered", "aliens_killed", "humans_dead", "captured", "unconscious", "squad_able"):
            totals[key] = totals.get(key, 0) + out["score"][key]
    secs = time.perf_counter() - t0
    lo, hi = wilson(wins, games)
    return {
        "mission": mission, "marines": marines, "hive": "dice", "games": games, "first_seed": start,
        "marine_wins": wins, "win_rate": round(wins / games, 4), "wilson95": [round(lo, 4), round(hi, 4)],
        "mean": {k: round(v / games, 3) for k, v in totals.items()},
        "steps": steps, "steps_per_second": round(steps / secs), "seconds": round(secs, 1),
    }


def bench(env, steps: int = 6000, seed: int = 0) -> float:
    """Environment steps per second of uniformly random legal play in a PettingZoo AEC env
    (observation and mask read every step, as a learner would)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    done = 0
    t0 = time.perf_counter()
    while done < steps:
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            done += 1
            if done >= steps:
                break
        env.reset(seed=int(rng.integers(1 << 30)))
    return done / (time.perf_counter() - t0)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mission", default="explore")
    parser.add_argument("--marines", choices=["random", "heuristic"], default="heuristic")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--bench", action="store_true", help="measure steps/s against connect_four_v3 instead")
    args = parser.parse_args(argv)
    if args.bench:
        from pettingzoo.classic import connect_four_v3

        from ..pettingzoo import bug_hunt_v0

        c4 = bench(connect_four_v3.env())
        bh = bench(bug_hunt_v0.env())
        print(json.dumps({"bug_hunt_v0": round(bh), "connect_four_v3": round(c4), "ratio": round(bh / c4, 2)}))
        return
    print(json.dumps(evaluate(args.mission, args.marines, args.games, args.start)))


if __name__ == "__main__":
    main()
