"""Hashes of the benchmark's random legal play (``aliens_env.benchmark.AECRunner``'s loop): per
environment, one hash over TURNS loop turns of who acts, the reward, every observation array (the
action mask among them) and each reset. A speed change keeps behaviour when the hashes of the tree
before it and after it are equal, compiled and pure Python alike:

    python tools/steps_hash.py 20000                  # every registered environment
    python tools/steps_hash.py 5000 BugHunt BugHuntTactics

prints "ENV HASH" lines. It plays the games the benchmark and ``tools/callgrind_steps.py`` measure,
many more positions than tests/recorded_games.py's seeded built-in policies reach, and runs in a
few minutes for all environments at 20,000 turns (compiled).
"""
from __future__ import annotations

import argparse
import hashlib
import random

import numpy as np

import aliens_env
from aliens_env.benchmark import aec_env_function, random_legal


def steps_hash(name: str, turns: int, seed: int = 0) -> str:
    """The hash of `turns` loop turns of random legal play in `name`'s AEC env from `seed`."""
    env = aec_env_function(name)()
    rng = random.Random(seed)
    episode = 0
    env.reset(seed=seed)
    h = hashlib.sha256()
    for _ in range(turns):
        obs, reward, terminated, truncated, _ = env.last()
        h.update(f"{env.agent_selection}:{float(reward)!r};".encode())
        for key in sorted(obs):
            h.update(key.encode())
            h.update(np.ascontiguousarray(obs[key]).tobytes())
        if terminated or truncated:
            episode += 1
            env.reset(seed=seed + episode)
            h.update(b"reset;")
            continue
        env.step(random_legal(rng, obs["action_mask"]))
    return h.hexdigest()[:16]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("turns", type=int, help="loop turns played per environment")
    parser.add_argument("env", nargs="*", help="registered environments (default: every one)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.env) - set(aliens_env.REGISTRY))
    if unknown:
        parser.error(f"unknown environment(s) {unknown}; registered: {sorted(aliens_env.REGISTRY)}")
    if args.turns <= 0:
        parser.error(f"turns must be above 0, got {args.turns}")
    for name in args.env or sorted(aliens_env.REGISTRY):
        print(name, steps_hash(name, args.turns), flush=True)


if __name__ == "__main__":
    main()
