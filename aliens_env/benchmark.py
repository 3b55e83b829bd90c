"""Steps per second of every registered environment under random legal play, against
PettingZoo's connect_four_v3 measured in the same run.

    python -m aliens_env.benchmark [--seconds 5] [--json out.json]

The environments are measured in interleaved quarter-second slices, so that other load on the
machine falls on the peer and on each environment alike. Two figures per environment:
- "AEC steps/s": PettingZoo AEC env, random legal actions for both agents, every agent step
  counted (the same loop as for connect_four_v3, so the ratio compares like with like);
- "Gym steps/s": Gymnasium env for the marines with a random legal opponent inside step()
  (each step includes the opponent's turns).
The peer needs pygame (PettingZoo's classic games import it; the extra "dev" installs it):
without it the environments are measured alone, with no ratio.
"""
from __future__ import annotations

import argparse
import importlib
import json
import time

import gymnasium as gym
import numpy as np

import aliens_env
from aliens_env.pettingzoo_names import pettingzoo_module_name


class AECRunner:
    """Random legal play in a PettingZoo AEC env, resumable in slices."""

    def __init__(self, make_env, seed: int = 0):
        self.env = make_env()
        self.rng = np.random.default_rng(seed)
        self.seed, self.episode = seed, 0
        self.env.reset(seed=seed)

    def run(self, seconds: float) -> tuple[int, float]:
        env, steps = self.env, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(100):
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    self.episode += 1
                    env.reset(seed=self.seed + self.episode)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[self.rng.integers(len(legal))]))
                steps += 1
        return steps, time.perf_counter() - start


class GymRunner:
    """Random legal play for the marines in the Gymnasium env, a random opponent inside step()."""

    def __init__(self, env_id: str, seed: int = 0):
        self.env = gym.make(env_id, side="marines", opponent="random")
        self.rng = np.random.default_rng(seed)
        self.seed, self.episode = seed, 0
        self.obs, _ = self.env.reset(seed=seed)

    def run(self, seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(100):
                legal = np.flatnonzero(self.obs["action_mask"])
                self.obs, _, terminated, truncated, _ = self.env.step(int(legal[self.rng.integers(len(legal))]))
                steps += 1
                if terminated or truncated:
                    self.episode += 1
                    self.obs, _ = self.env.reset(seed=self.seed + self.episode)
        return steps, time.perf_counter() - start


def measure(runners: dict, seconds: float, slice_seconds: float = 0.25) -> dict[str, float]:
    """Steps/s of each runner, measured in interleaved slices so that a change of load on the
    machine touches every runner alike; one untimed warm-up slice each first."""
    for runner in runners.values():
        runner.run(slice_seconds)
    totals = {name: [0, 0.0] for name in runners}
    for _ in range(max(1, round(seconds / slice_seconds))):
        for name, runner in runners.items():
            steps, elapsed = runner.run(slice_seconds)
            totals[name][0] += steps
            totals[name][1] += elapsed
    return {name: steps / elapsed for name, (steps, elapsed) in totals.items()}


PEER = "connect_four_v3"


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="measured time per environment (default 5)")
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    runners = {}
    try:
        from pettingzoo.classic import connect_four_v3

        runners[PEER] = AECRunner(connect_four_v3.env)
    except ImportError as exc:  # connect_four imports pygame
        print(f"no peer: {PEER} needs pygame ({exc}); measuring the environments alone (pip install pygame for the ratio)")
    for name in sorted(aliens_env.REGISTRY):
        module = importlib.import_module(f"aliens_env.pettingzoo.{pettingzoo_module_name(name)}")
        runners[name] = AECRunner(module.env)
        runners[f"{name} (gym)"] = GymRunner(f"aliens_env/{name}-v0")
    rates = measure(runners, args.seconds)
    peer = rates.get(PEER)
    rows = {PEER: {"aec_steps_per_s": peer, "ratio": 1.0}} if peer else {}
    for name in sorted(aliens_env.REGISTRY):
        ratio = {"ratio": rates[name] / peer} if peer else {}
        rows[name] = {"aec_steps_per_s": rates[name], **ratio, "gym_steps_per_s": rates[f"{name} (gym)"]}
    print(f"{'environment':<18}{'AEC steps/s':>14}{'vs ' + PEER:>20}{'Gym steps/s':>14}")
    for name, row in rows.items():
        gym_col = f"{row['gym_steps_per_s']:>14,.0f}" if "gym_steps_per_s" in row else f"{'':>14}"
        ratio = f"{row['ratio']:>19.2f}x" if "ratio" in row else f"{'-':>20}"
        print(f"{name:<18}{row['aec_steps_per_s']:>14,.0f}{ratio}{gym_col}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return rows


if __name__ == "__main__":
    main()
