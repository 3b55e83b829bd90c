"""Playing matches through the Game API, and the statistics of their results.

``play_matchup`` plays ``episodes`` games of one marine policy against one hive policy; episode
``i`` uses seed ``seed + i`` for the game's dice and for both policies, so results do not depend
on the number of worker processes. Wilson score intervals for win/draw/loss rates, normal
intervals for score means, and a Bradley-Terry fit (Elo scale) for tournaments, all numpy.
"""
from __future__ import annotations

import math
import multiprocessing as mp
import os
import time
from typing import Any, Sequence

import numpy as np

from aliens_env.core.stats import Z95, mean_interval, wilson_interval  # noqa: F401 (mean_interval: re-exported)

ELO = 400.0 / math.log(10.0)  # Elo points per natural-log unit of odds


# -- statistics ----------------------------------------------------------------------------------
def bradley_terry(
    games: np.ndarray, wins: np.ndarray, prior_draws: float = 0.0, iters: int = 100
) -> tuple[np.ndarray, np.ndarray]:
    """Maximum-likelihood Bradley-Terry strengths.

    ``games[i, j]``: games between i and j (symmetric); ``wins[i, j]``: i's score against j
    (a win 1, a draw 1/2), so ``wins + wins.T == games``. ``prior_draws`` adds that many virtual
    draws to every pair that played (keeps perfect records finite).
    Returns (ratings, standard errors) on the Elo scale (400 log10 odds), centred on mean 0.
    P(i beats j) = 1 / (1 + 10 ** ((r_j - r_i) / 400)).
    """
    games = np.asarray(games, dtype=np.float64)
    wins = np.asarray(wins, dtype=np.float64)
    played = games > 0
    games = games + prior_draws * played
    wins = wins + 0.5 * prior_draws * played
    n = len(games)
    theta = np.zeros(n)
    for _ in range(iters):
        diff = theta[:, None] - theta[None, :]
        p = 1.0 / (1.0 + np.exp(-diff))
        grad = (wins - games * p).sum(axis=1)
        w = games * p * (1 - p)
        hess = -np.diag(w.sum(axis=1)) + w  # Hessian of the log-likelihood
        step = np.linalg.lstsq(-hess, grad, rcond=None)[0]
        step -= step.mean()
        theta += step
        theta -= theta.mean()
        if np.max(np.abs(step)) < 1e-10:
            break
    diff = theta[:, None] - theta[None, :]
    p = 1.0 / (1.0 + np.exp(-diff))
    w = games * p * (1 - p)
    info = np.diag(w.sum(axis=1)) - w  # Fisher information (singular along the common shift)
    cov = np.linalg.pinv(info)  # covariance of the mean-zero parametrisation
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    return theta * ELO, se * ELO


# -- playing ------------------------------------------------------------------------------------
def _make(spec, game: str, side: str, seed: int):
    from . import make_policy

    return make_policy(spec, game=game, side=side, seed=seed)


def _reseed(policy, seed: int) -> None:
    if hasattr(policy, "seed") and callable(policy.seed):
        policy.seed(seed)


def replay_path(directory: str, game: str, marines, hive, seed: int) -> str:
    """Where ``--replays`` writes the replay of one episode."""
    import re

    def safe(label) -> str:
        return re.sub(r"[^A-Za-z0-9_.-]+", "_", _label(label))[-60:]

    return os.path.join(directory, f"{game}_{safe(marines)}_vs_{safe(hive)}_seed{seed}.json")


def play_episodes(game_name: str, marines, hive, seeds: Sequence[int], env_options: dict | None = None,
                  replays: tuple[str, int] | None = None) -> list[dict]:
    """Play one game per seed; returns per-episode records (result for the marines, score, length).
    A game cut by an episode cap (an env option such as turn_limit) has result None and
    ``truncated_by`` naming the cap: it is neither a win, a draw nor a loss. ``replays`` =
    (DIR, LAST): the games of seeds below LAST are recorded as replay files in DIR (the record
    names its file under "replay")."""
    import aliens_env  # noqa: F401
    from aliens_env.envs.registry import get_spec

    game = get_spec(game_name).make_game(**(env_options or {}))
    policies = {
        "marines": _make(marines, game_name, "marines", seeds[0] if len(seeds) else 0),
        "hive": _make(hive, game_name, "hive", seeds[0] if len(seeds) else 0),
    }
    records = []
    for seed in seeds:
        recorder = None
        if replays is not None and seed < replays[1]:
            from aliens_env.replay import record

            recorder = record(game, players={"marines": _label(marines), "hive": _label(hive)})
        (game if recorder is None else recorder).reset(int(seed))
        _reseed(policies["marines"], 2 * int(seed) + 1)
        _reseed(policies["hive"], 2 * int(seed) + 2)
        moves = {"marines": 0, "hive": 0}
        seconds = {"marines": 0.0, "hive": 0.0}  # time in act(): decisions per second of each side
        apply = game.apply if recorder is None else recorder.apply
        while not game.is_terminal():
            player = game.current_player()
            start = time.perf_counter()
            action = policies[player].act(game, player)
            seconds[player] += time.perf_counter() - start
            apply(action)
            moves[player] += 1
        out = game.outcome()
        cut = game.truncated_by()
        records.append({"seed": int(seed), "result": None if cut else int(out["marines"]), "truncated_by": cut,
                        "score": dict(out.get("score", {})),
                        "length": moves["marines"] + moves["hive"], **{f"{k}_moves": v for k, v in moves.items()},
                        **{f"{k}_seconds": v for k, v in seconds.items()}})
        if recorder is not None:
            records[-1]["replay"] = replay_path(replays[0], game_name, marines, hive, int(seed))
            recorder.save(records[-1]["replay"])
            recorder.stop()
    return records


def _worker_init() -> None:
    import torch

    torch.set_num_threads(1)


def _play_chunk(args) -> list[dict]:
    return play_episodes(*args)


def play_matchup(game: str, marines, hive, episodes: int, seed: int = 0, workers: int = 1,
                 env_options: dict | None = None, replays: tuple[str, int] | None = None,
                 speed: dict | None = None) -> dict:
    """Play and summarise ``episodes`` games (seeds seed..seed+episodes-1).

    Policies given as spec strings can be played by ``workers`` processes; policy objects
    (e.g. a model in memory) are played in this process. ``replays`` = (DIR, N) records the
    first N games as replay files in DIR (listed under "replays" in the summary). A ``speed``
    dict receives each side's decisions per second (``decisions_per_second``)."""
    if replays is not None:
        replays = (replays[0], seed + replays[1])
    seeds = list(range(seed, seed + episodes))
    strings = isinstance(marines, str) and isinstance(hive, str)
    workers = max(1, min(workers, episodes))
    if workers == 1 or not strings:
        records = play_episodes(game, marines, hive, seeds, env_options, replays)
    else:
        chunks = [seeds[i::workers] for i in range(workers)]
        # fork (Linux) starts at once and needs no __main__ guard; torch runs 1 thread per worker
        ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(workers, initializer=_worker_init) as pool:
            parts = pool.map(_play_chunk, [(game, marines, hive, c, env_options, replays) for c in chunks])
        records = sorted((r for part in parts for r in part), key=lambda r: r["seed"])
    if speed is not None:
        speed.update(decisions_per_second(records))
    summary = summarize(records, game=game, marines=_label(marines), hive=_label(hive), seed=seed)
    if replays is not None:
        summary["replays"] = [r["replay"] for r in records if "replay" in r]
    return summary


def _label(policy) -> str:
    return policy if isinstance(policy, str) else getattr(policy, "label", None) or getattr(policy, "name", type(policy).__name__)


def summarize(records: list[dict], **meta) -> dict:
    """Rates with Wilson intervals (from the marines' view and the hive's), score means with
    intervals for every numeric entry of outcome()["score"], mean lengths. Rates are shares of
    all episodes: win + draw + loss + truncated = 1 (truncated: cut by an episode cap, no result)."""
    n = len(records)
    results = [r["result"] for r in records]
    out: dict[str, Any] = {**meta, "episodes": n}
    for name, value in (("win", 1), ("draw", 0), ("loss", -1), ("truncated", None)):
        k = sum(1 for r in results if r == value)
        lo, hi = wilson_interval(k, n)
        out[f"marines_{name}"] = k / n if n else float("nan")
        out[f"marines_{name}_ci"] = [lo, hi]
    keys = [k for k in (records[0]["score"] if records else {}) if all(_numeric(r["score"].get(k)) for r in records)]
    out["score"] = {}
    for key in keys:
        m, lo, hi = mean_interval([float(r["score"][key]) for r in records])
        out["score"][key] = {"mean": m, "ci": [lo, hi]}
    for key in ("length", "marines_moves", "hive_moves"):
        out[f"mean_{key}"] = float(np.mean([r[key] for r in records])) if n else float("nan")
    return out


def decisions_per_second(records: list[dict]) -> dict[str, float]:
    """Each side's decisions per second (time spent in its policy's act()), from the records of
    ``play_episodes``; kept out of ``summarize``, whose figures a seed fixes."""
    out = {}
    for side in ("marines", "hive"):
        spent = sum(r[f"{side}_seconds"] for r in records)
        out[side] = sum(r[f"{side}_moves"] for r in records) / spent if spent else float("nan")
    return out


def _numeric(value) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, str)


def side_view(summary: dict, side: str) -> dict[str, Any]:
    """win/draw/loss rates and intervals from ``side``'s point of view."""
    if side == "marines":
        names = {"win": "win", "draw": "draw", "loss": "loss"}
    else:
        names = {"win": "loss", "draw": "draw", "loss": "win"}
    return {k: summary[f"marines_{v}"] for k, v in names.items()} | {
        f"{k}_ci": summary[f"marines_{v}_ci"] for k, v in names.items()
    }


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))
