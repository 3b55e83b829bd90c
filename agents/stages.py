"""The stages of a training run and what train.py builds for each: environments, evaluation
during training, behaviour cloning before PPO, and the final table.

A run in single mode is one stage ("main"); selfplay is one stage per round ("round0", ...),
each training one side against the other side's latest policy.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass

import numpy as np

from aliens_env.core.game import RESULTS, other_side
from aliens_env.envs.registry import get_spec

from . import runs
from .evaluation import play_matchup, side_view
from . import policy_file
from .ppo import PPOPolicy, load_model


@dataclass
class Stage:
    name: str  # "main" or "round2"
    side: str
    opponent_spec: str | None  # a policy spec for the other side
    opponent_label: str
    model_path: str  # where the finished stage's model goes
    init_path: str | None  # start from this model (previous round of the same side / init_model)

    @property
    def suffix(self) -> str:
        return "" if self.name == "main" else f"_{self.name}"

    def checkpoint_dir(self, run_dir: str) -> str:
        return os.path.join(run_dir, "checkpoints", self.name)

    def policy_path(self, run_dir: str) -> str:
        """The finished stage's policy as a policy file (agents.policy_file) in the run's policies/."""
        return policy_path(run_dir, self.model_path)

    def resume_point(self, run_dir: str) -> tuple[str, int] | None:
        return runs.resume_point(self.checkpoint_dir(run_dir), self.model_path)


def policy_path(run_dir: str, model_path: str) -> str:
    """runs/x/policies/<model name>.safetensors: the policy file of a model of the run."""
    name = os.path.splitext(os.path.basename(model_path))[0]
    return os.path.join(run_dir, "policies", name + policy_file.SUFFIX)


def export(config: dict, run_dir: str, model, model_path: str, side: str) -> str:
    """Write ``model``'s policy as a policy file in the run's policies/ (float32: it plays exactly as the model)."""
    path = policy_path(run_dir, model_path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    policy_file.save(model.policy, path, config["env"], side, made_by=f"train.py {run_dir}: {os.path.basename(model_path)}",
                     observation=config["observation"], actions=config["actions"])
    return path


def plan_stages(config: dict, run_dir: str) -> list[Stage]:
    spec = get_spec(config["env"])
    if config["mode"] == "single":
        opponent = config["opponent"] or spec.default_opponent[other_side(config["side"])]
        return [Stage("main", config["side"], opponent, opponent, os.path.join(run_dir, "model.zip"), config["init_model"])]
    sp = config["selfplay"]
    stages, latest = [], {}
    side = sp["first_side"]
    for k in range(sp["rounds"]):
        other = other_side(side)
        if other in latest:
            opponent = "ppo:" + os.path.abspath(policy_path(run_dir, latest[other]))
            label = f"round{stages[-1].name[5:]}_{other}"
        else:
            opponent = sp["initial_opponent"] or spec.default_opponent[other]
            label = opponent
        path = os.path.join(run_dir, "rounds", f"round{k}_{side}.zip")
        stages.append(Stage(f"round{k}", side, opponent, label, path, latest.get(side)))
        latest[side] = path
        side = other
    return stages


def check_policies(config: dict) -> None:
    """Every policy spec of the config makes a policy for its side, and ``ppo.extractor`` fits
    the game, before any training: a ConfigError names the key otherwise."""
    from . import make_policy
    from .config import ConfigError

    learner = config["side"] if config["mode"] == "single" else None
    named = [("opponent", config["opponent"], other_side(config["side"])), ("bc.teacher", config["bc"]["teacher"], learner),
             *(("eval.opponents", spec, other_side(config["side"])) for spec in config["eval"]["opponents"]),
             *(("eval.references", spec, config["side"]) for spec in config["eval"]["references"]),
             ("selfplay.initial_opponent", config["selfplay"]["initial_opponent"], other_side(config["selfplay"]["first_side"]))]
    try:
        from .extractors import spec_for

        spec_for(config["ppo"]["extractor"], config["env"], config["observation"])
    except ValueError as exc:
        raise ConfigError(f"config key 'ppo.extractor': {exc}") from None
    for key, spec, side in named:
        if spec is None or (config["mode"] == "selfplay" and key in ("opponent", "eval.references")):
            continue
        for s in [side] if side else ["marines", "hive"]:
            try:
                make_policy(spec, game=config["env"], side=s, seed=0)
            except (ValueError, FileNotFoundError, ImportError) as exc:
                raise ConfigError(f"config key {key!r}: {exc}") from None


def check_resumable(config: dict, run_dir: str, stages: list[Stage]) -> None:
    """A resume needs a saved state of some stage, and metrics.csv intact up to each readable
    one (an unreadable checkpoint is reported when the stage loads it)."""
    points = {stage.name: stage.resume_point(run_dir) for stage in stages}
    if not any(points.values()):
        raise runs.RunError(f"cannot resume {run_dir}: no checkpoint in {os.path.join(run_dir, 'checkpoints')} and no finished model")
    for name, point in points.items():
        steps = runs.saved_timesteps(point[0]) if point else None
        if steps is not None:
            runs.check_metrics(run_dir, name, steps, config["eval"]["freq"])


def stage_done(config: dict, stage: Stage) -> bool:
    steps = runs.saved_timesteps(stage.model_path) if os.path.exists(stage.model_path) else None
    return steps is not None and steps >= config["timesteps"]


def result_value(rates: dict, result_reward: dict) -> float:
    """The mean result reward of an evaluation's win/draw/loss rates: what best_model.zip maximises."""
    return sum(float(rates[key]) * result_reward[key] for key in RESULTS.values())


# -- environments --------------------------------------------------------------------------------
def make_env_fn(config: dict, side: str, opponent: str | None, rank: int):
    """A thunk building one monitored training environment (picklable for SubprocVecEnv): the
    Gymnasium env, the opponent (a fixed policy, or in self-play the other side's frozen policy
    of the round before) playing inside step()."""

    def thunk():
        import gymnasium as gym
        import torch
        from stable_baselines3.common.monitor import Monitor

        import aliens_env  # noqa: F401

        torch.set_num_threads(1)
        env = gym.make(get_spec(config["env"]).env_id, side=side, opponent=opponent, shaping=config["shaping"],
                       result_reward=config["result_reward"], observation=config["observation"],
                       actions=config["actions"], **config["env_options"])
        env = Monitor(env)
        env.reset(seed=config["seed"] * 1000 + rank)
        return env

    return thunk


def make_vec_env(config: dict, stage: Stage):
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    fns = [make_env_fn(config, stage.side, stage.opponent_spec, i) for i in range(config["n_envs"])]
    if config["vec_env"] == "subproc" and len(fns) > 1:
        return SubprocVecEnv(fns, start_method="spawn")
    return DummyVecEnv(fns)


# -- evaluation during training ------------------------------------------------------------------
def make_evaluation(config: dict, run_dir: str, stage: Stage):
    """The callback that, every `eval.freq` steps, plays `eval.episodes` games through the Game
    API with the current model (always masked), logs win rate and score to TensorBoard and
    metrics.csv, and keeps the best model (the best mean result reward, ``result_value``)."""
    from stable_baselines3.common.callbacks import BaseCallback

    class MaskedEval(BaseCallback):
        def __init__(self):
            super().__init__()
            self.next_eval = None
            rows = [r for r in runs.read_metrics(run_dir) if r["stage"] == stage.name]
            self.best = max((result_value(r, config["result_reward"]) for r in rows), default=-np.inf)
            done = [float(r["wall_time"]) for r in rows]
            self.start = time.time() - (max(done) if done else 0.0)  # wall time continues on resume

        def _on_training_start(self):
            freq = config["eval"]["freq"]
            self.next_eval = (self.num_timesteps // freq + 1) * freq if freq else None

        def _on_step(self) -> bool:
            if self.next_eval is not None and self.num_timesteps >= self.next_eval:
                self.next_eval += config["eval"]["freq"]
                self.evaluate()
            return True

        def evaluate(self):
            e = config["eval"]
            policy = PPOPolicy(self.model, deterministic=e["deterministic"], observation=config["observation"],
                               actions=config["actions"])
            players = {stage.side: policy, other_side(stage.side): stage.opponent_spec}
            summary = play_matchup(config["env"], players["marines"], players["hive"], e["episodes"],
                                   seed=10_000_000 + config["seed"], env_options=config["env_options"])
            view = side_view(summary, stage.side)
            self.logger.record("eval/win_rate", view["win"])
            self.logger.record("eval/draw_rate", view["draw"])
            self.logger.record("eval/loss_rate", view["loss"])
            for key, s in summary["score"].items():
                self.logger.record(f"eval/score_{key}", s["mean"])
            row = {"stage": stage.name, "timesteps": self.num_timesteps, "wall_time": round(time.time() - self.start, 1),
                   "opponent": stage.opponent_label, "episodes": summary["episodes"], "win": view["win"],
                   "win_lo": view["win_ci"][0], "win_hi": view["win_ci"][1], "draw": view["draw"], "loss": view["loss"],
                   "mean_length": summary["mean_length"], **{f"score_{k}": s["mean"] for k, s in summary["score"].items()}}
            runs.append_metrics(run_dir, row)
            value = result_value(view, config["result_reward"])
            print(f"[{stage.name}] evaluation at {self.num_timesteps} steps, {summary['episodes']} games against "
                  f"{stage.opponent_label}: win {view['win']:.3f} [{view['win_ci'][0]:.3f}, {view['win_ci'][1]:.3f}], "
                  f"draw {view['draw']:.3f}, loss {view['loss']:.3f}, result reward {value:+.3f}"
                  + (" (best so far)" if value > self.best else ""), flush=True)
            if value > self.best:
                self.best = value
                path = os.path.join(run_dir, f"best_model{stage.suffix}.zip")
                self.model.save(path)
                export(config, run_dir, self.model, path, stage.side)

    return MaskedEval()


# -- progress lines -------------------------------------------------------------------------------
def make_progress(config: dict, stage: Stage, target: int):
    """The callback that prints a plain progress line (steps, steps/s, time left) at the end of
    a rollout when `progress_seconds` have passed since the last: for output to a file or a
    pipe, where a progress bar shows nothing until the end."""
    from stable_baselines3.common.callbacks import BaseCallback

    every = config["progress_seconds"]

    class Progress(BaseCallback):
        def _on_training_start(self) -> None:
            self.start = self.last = time.monotonic()
            self.start_steps = self.num_timesteps

        def _on_rollout_end(self) -> None:
            now = time.monotonic()
            if every and now - self.last >= every:
                self.last = now
                print(progress_line(stage.name, self.num_timesteps - self.start_steps, now - self.start,
                                    self.num_timesteps, target), flush=True)

        def _on_step(self) -> bool:
            return True

    return Progress()


def progress_line(stage_name: str, steps_done: int, seconds: float, timesteps: int, target: int) -> str:
    """"[main] 12288/500000 steps (2.5%), 410 steps/s, 19m50s left" (the rate of this process)."""
    rate = steps_done / seconds if seconds > 0 else 0.0
    left = (target - timesteps) / rate if rate > 0 else None
    left_text = "?" if left is None else f"{int(left // 60)}m{int(left % 60):02d}s"
    return (f"[{stage_name}] {timesteps}/{target} steps ({100 * timesteps / target:.1f}%), "
            f"{rate:.0f} steps/s, {left_text} left")


# -- behaviour cloning and DAgger before PPO -----------------------------------------------------
def teacher_data(config: dict, stage: Stage, run_dir: str) -> dict:
    """The teacher's decisions: `bc.episodes` teacher games, then one labelled batch of the
    learner's games per DAgger round that is done (its learner is saved as dagger_K.zip, so a
    resume collects the same decisions again)."""
    bc = config["bc"]
    t = time.time()
    data = collect_round(config, stage, 0)
    for k in range(1, bc["dagger"] + 1):
        path = dagger_path(run_dir, stage, k)
        if not os.path.exists(path):
            break
        data = merge(data, collect_round(config, stage, k, load_model(path)))
    print(f"[{stage.name}] teacher {bc['teacher']}: {len(data['action'])} decisions ({time.time() - t:.0f} s)")
    return data


def collect_round(config: dict, stage: Stage, k: int, learner=None) -> dict:
    """Round 0: the teacher's own games. Round k > 0: the games of ``learner`` (a model), labelled by the teacher."""
    from .imitation import collect

    bc = config["bc"]
    driver = None if learner is None else PPOPolicy(learner, game=config["env"], side=stage.side, seed=config["seed"] + k,
                                                    observation=config["observation"], actions=config["actions"])
    return collect(config["env"], stage.side, bc["teacher"], stage.opponent_spec, bc["episodes"],
                   seed=30_000_000 + config["seed"] + 1_000_000 * k, gamma=config["ppo"]["gamma"],
                   shaping=config["shaping"], env_options=config["env_options"], driver=driver,
                   result_reward=config["result_reward"], observation=config["observation"], actions=config["actions"])


def merge(a: dict, b: dict) -> dict:
    return {key: np.concatenate([a[key], b[key]]) for key in a}


def dagger_path(run_dir: str, stage: Stage, k: int) -> str:
    return os.path.join(stage.checkpoint_dir(run_dir), f"dagger_{k}.zip")


def imitate(config: dict, run_dir: str, stage: Stage, model, data: dict) -> dict:
    """Behaviour cloning of `bc.teacher` before PPO, then `bc.dagger` rounds of DAgger (Ross et
    al. 2011); saved as checkpoint 0 (resume starts after it). Returns every label collected."""
    from .imitation import clone

    bc = config["bc"]
    t = time.time()
    os.makedirs(stage.checkpoint_dir(run_dir), exist_ok=True)
    for k in range(bc["dagger"] + 1):
        if k:
            model.save(dagger_path(run_dir, stage, k))
            data = merge(data, collect_round(config, stage, k, model))
            print(f"[{stage.name}] DAgger round {k}: {len(data['action'])} decisions")
        clone(model, data, bc["epochs"], bc["batch_size"], bc["learning_rate"], bc["value_coef"], seed=config["seed"] + k)
    model.save(runs.checkpoint_path(stage.checkpoint_dir(run_dir), 0))
    print(f"[{stage.name}] imitation done in {time.time() - t:.0f} s")
    return data


# -- the final table: the trained policy and the references against each opponent ----------------
def final_table(config: dict, run_dir: str, stages: list[Stage]) -> list[dict]:
    e = config["eval"]
    if e["final_episodes"] == 0:
        return []
    finals = {}
    for stage in stages:  # the last model of each side
        finals[stage.side] = (stage, stage.model_path)
    rows = []
    for side, (stage, path) in finals.items():
        opponents = e["opponents"] or [stage.opponent_spec if config["mode"] == "single" else get_spec(config["env"]).default_opponent[other_side(side)]]
        trained = policy_path(run_dir, path) if os.path.exists(policy_path(run_dir, path)) else path  # a policy file when written
        agents = [("trained", "ppo:" + os.path.abspath(trained))] + [(r, r) for r in e["references"] if config["mode"] == "single"]
        for opponent in opponents:
            for label, agent in agents:
                players = {side: agent, other_side(side): opponent}
                s = play_matchup(config["env"], players["marines"], players["hive"], e["final_episodes"],
                                 seed=20_000_000 + config["seed"], workers=e["workers"], env_options=config["env_options"])
                rows.append({"side": side, "agent": label, "opponent": opponent, **side_view(s, side),
                             "score": s["score"], "mean_length": s["mean_length"], "episodes": s["episodes"]})
    with open(os.path.join(run_dir, "final_eval.json"), "w") as f:
        json.dump(rows, f, indent=1)
    print_table(rows, title=f"{config['env']}: {e['final_episodes']} games per row (95% Wilson intervals)")
    return rows


def print_table(rows: list[dict], title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    score_keys = list(rows[0]["score"])[:4] if rows else []
    for col in ["side", "agent", "opponent", "win", "draw", "loss", *score_keys, "length"]:
        table.add_column(col)
    for r in rows:
        table.add_row(r["side"], r["agent"], r["opponent"],
                      f"{r['win']:.3f} [{r['win_ci'][0]:.3f}, {r['win_ci'][1]:.3f}]", f"{r['draw']:.3f}", f"{r['loss']:.3f}",
                      *(f"{r['score'][k]['mean']:.2f}" for k in score_keys), f"{r['mean_length']:.0f}")
    Console(width=200).print(table)
