"""Hashes of the benchmark's random legal play (``aliens_env.benchmark.AECRunner``'s loop): per
environment, one hash over TURNS loop turns of who acts, the reward, every observation array (the
action mask among them) and each reset. A speed change keeps behaviour when the hashes of the tree
before it and after it are equal, compiled and pure Python alike:

    python tools/steps_hash.py 20000                  # every registered environment
    python tools/steps_hash.py 5000 BugHunt BugHuntTactics

prints "ENV HASH" lines. The games are played by ``AECRunner`` itself, so they are the ones the
benchmark and ``tools/callgrind_steps.py`` measure: many more positions than tests/recorded_games.py's
seeded built-in policies reach. A few minutes for all environments at 20,000 turns (compiled).
"""
from __future__ import annotations

import argparse
import hashlib

import numpy as np

import aliens_env
from aliens_env.benchmark import AECRunner, aec_env_function


class HashedEnv:
    """An AEC env whose ``last()`` (each loop turn's look) and ``reset()`` are hashed as they are
    played: the benchmark's runner plays it, so the games hashed are the ones it measures."""

    def __init__(self, env):
        self.env, self.hash = env, hashlib.sha256()

    def last(self):
        obs, reward, terminated, truncated, info = self.env.last()
        self.hash.update(f"{self.env.agent_selection}:{float(reward)!r};".encode())
        for key in sorted(obs):
            self.hash.update(key.encode())
            self.hash.update(np.ascontiguousarray(obs[key]).tobytes())
        return obs, reward, terminated, truncated, info

    def reset(self, seed=None):
        self.hash.update(f"reset {seed};".encode())
        self.env.reset(seed=seed)

    def step(self, action):
        self.env.step(action)


def steps_hash(name: str, turns: int, seed: int = 0) -> str:
    """The hash of `turns` loop turns of ``AECRunner``'s random legal play in `name`'s AEC env from
    `seed`."""
    make_env = aec_env_function(name)
    runner = AECRunner(lambda: HashedEnv(make_env()), seed=seed)
    runner.steps(turns)
    return runner.env.hash.hexdigest()[:16]


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
