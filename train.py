"""Train a MaskablePPO agent on an aliens_env game.

    python train.py                                   # configs/default.yaml: Reactor Room marines vs the dice AI
    python train.py --config configs/reactor_room_hive.yaml --seed 1 --timesteps 300000
    python train.py --config configs/X.yaml --set ppo.n_steps=256 --set eval.freq=0
    python train.py --resume runs/ReactorRoom-marines-s0-20260101-120000

A run directory holds: config.yaml (the resolved config), checkpoints/, model.zip (single mode)
or rounds/ and model_<side>.zip (selfplay), metrics.csv (evaluations during training),
best_model.zip, tb/ (TensorBoard), final_eval.json (the table printed at the end).

Modes:
  single    one side (config `side`) learns against a fixed opponent (`opponent`: any policy
            spec, e.g. dice, heuristic, ppo:runs/x/model.zip for a frozen trained policy).
  selfplay  `selfplay.rounds` rounds through the PettingZoo environment; round k trains one side
            (alternating, starting with `selfplay.first_side`) against the other side's latest
            policy; every round's policy is kept in rounds/.
"""
from __future__ import annotations

import argparse
import csv
import glob
import os
import re
import shutil
import sys
import time
from dataclasses import dataclass

import numpy as np
import torch

import aliens_env  # noqa: F401  (registers the environments)
from agents import config as cfglib
from agents.evaluation import play_matchup, side_view
from agents.ppo import PPOPolicy, load_model
from aliens_env.core.game import RESULTS, other_side
from aliens_env.envs.registry import get_spec

DEFAULT_CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "configs", "default.yaml")
METRIC_FIELDS = ["stage", "timesteps", "wall_time", "opponent", "episodes", "win", "win_lo", "win_hi", "draw", "loss", "mean_length"]


# ------------------------------------------------------------------------------------------------
# command line and config
# ------------------------------------------------------------------------------------------------
def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--config", help="YAML config (default: configs/default.yaml)")
    p.add_argument("--resume", metavar="RUN_DIR", help="continue an interrupted run from its last checkpoint")
    p.add_argument("--seed", type=int)
    p.add_argument("--timesteps", type=int)
    p.add_argument("--n-envs", type=int, dest="n_envs")
    p.add_argument("--output-dir", dest="output_dir")
    p.add_argument("--run-name", dest="run_name")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="override any config key, e.g. ppo.n_steps=256")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p.parse_args(argv)


def resolve_config(args) -> tuple[dict, str, bool]:
    """(config, run directory, resuming?)"""
    overrides = {k: getattr(args, k) for k in ("seed", "timesteps", "n_envs", "output_dir", "run_name") if getattr(args, k) is not None}
    overrides.update(dict(cfglib.parse_assignment(a) for a in args.set))
    if args.no_progress:
        overrides["progress_bar"] = False
    if args.resume:
        run_dir = args.resume.rstrip("/")
        saved = os.path.join(run_dir, "config.yaml")
        if not os.path.isfile(saved):
            raise SystemExit(f"cannot resume {run_dir!r}: no config.yaml there (is it a run directory of train.py?)")
        if args.config:
            raise SystemExit("--resume takes the run's own config.yaml; do not pass --config")
        config = cfglib.load(saved)
        allowed = {"timesteps", "progress_bar", "eval.workers"}  # may change on resume
        bad = sorted(set(overrides) - allowed)
        if bad:
            raise SystemExit(f"cannot change {bad} when resuming; only {sorted(allowed)} may change")
        return cfglib.override(config, overrides), run_dir, True
    config = cfglib.load(args.config or DEFAULT_CONFIG)
    config = cfglib.override(config, overrides)
    name = config["run_name"] or "{}-{}-s{}-{}".format(
        config["env"], config["side"] if config["mode"] == "single" else "selfplay", config["seed"], time.strftime("%Y%m%d-%H%M%S"))
    run_dir = os.path.join(config["output_dir"], name)
    if os.path.exists(os.path.join(run_dir, "config.yaml")):
        raise SystemExit(f"run directory {run_dir!r} already exists; use --resume {run_dir} or another --run-name")
    return config, run_dir, False


# ------------------------------------------------------------------------------------------------
# environments
# ------------------------------------------------------------------------------------------------
def make_env_fn(config: dict, side: str, opponent: str | None, rank: int, through_pettingzoo: bool):
    """A thunk building one monitored training environment (picklable for SubprocVecEnv)."""

    def thunk():
        import gymnasium as gym
        from stable_baselines3.common.monitor import Monitor

        import aliens_env  # noqa: F401

        torch.set_num_threads(1)
        if through_pettingzoo:
            from agents.selfplay import VersusEnv

            env = VersusEnv(config["env"], side=side, opponent=opponent, shaping=config["shaping"],
                            result_reward=config["result_reward"], **config["env_options"])
        else:
            env = gym.make(get_spec(config["env"]).env_id, side=side, opponent=opponent, shaping=config["shaping"],
                           result_reward=config["result_reward"], **config["env_options"])
        env = Monitor(env)
        env.reset(seed=config["seed"] * 1000 + rank)
        return env

    return thunk


def make_vec_env(config: dict, side: str, opponent: str | None, through_pettingzoo: bool = False):
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv

    fns = [make_env_fn(config, side, opponent, i, through_pettingzoo) for i in range(config["n_envs"])]
    if config["vec_env"] == "subproc" and len(fns) > 1:
        return SubprocVecEnv(fns, start_method="spawn")
    return DummyVecEnv(fns)


# ------------------------------------------------------------------------------------------------
# callbacks: masked evaluation with metrics, checkpoints
# ------------------------------------------------------------------------------------------------
def make_callbacks(config: dict, run_dir: str, stage: "Stage"):
    from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback

    n_envs = config["n_envs"]

    class MaskedEval(BaseCallback):
        """Every `eval.freq` steps: play `eval.episodes` games through the Game API with the
        current model (always masked), log win rate and score to TensorBoard and metrics.csv,
        keep the best model (the best mean result reward, ``result_value``)."""

        def __init__(self):
            super().__init__()
            self.next_eval = None
            rows = [r for r in read_metrics(run_dir) if r["stage"] == stage.name]
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
            policy = PPOPolicy(self.model, deterministic=e["deterministic"])
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
            append_metrics(run_dir, row)
            value = result_value(view, config["result_reward"])
            if value > self.best:
                self.best = value
                self.model.save(os.path.join(run_dir, f"best_model{stage.suffix}.zip"))

    checkpoints = CheckpointCallback(save_freq=max(1, config["checkpoint_freq"] // n_envs), save_path=stage.checkpoint_dir(run_dir), name_prefix="ckpt")
    return [checkpoints, MaskedEval()]


def result_value(rates: dict, result_reward: dict) -> float:
    """The mean result reward of an evaluation's win/draw/loss rates: what best_model.zip maximises."""
    return sum(float(rates[key]) * result_reward[key] for key in RESULTS.values())


def append_metrics(run_dir: str, row: dict) -> None:
    path = os.path.join(run_dir, "metrics.csv")
    rows = read_metrics(run_dir)
    fields = list(dict.fromkeys([*METRIC_FIELDS, *(k for r in rows for k in r), *row]))
    rows.append({k: row.get(k, "") for k in fields})
    with open(path + ".tmp", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    os.replace(path + ".tmp", path)


def read_metrics(run_dir: str) -> list[dict]:
    path = os.path.join(run_dir, "metrics.csv")
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def truncate_metrics(run_dir: str, stage: str, timesteps: int) -> None:
    """On resume: drop the evaluations made after the checkpoint (they will be made again)."""
    rows = read_metrics(run_dir)
    keep = [r for r in rows if r["stage"] != stage or int(r["timesteps"]) <= timesteps]
    if len(keep) != len(rows) and rows:
        with open(os.path.join(run_dir, "metrics.csv"), "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(keep)


# ------------------------------------------------------------------------------------------------
# stages: single mode is one stage; selfplay is one stage per round
# ------------------------------------------------------------------------------------------------
@dataclass
class Stage:
    name: str  # "main" or "round2"
    side: str
    opponent_spec: str | None  # a policy spec for the other side
    opponent_label: str
    model_path: str  # where the finished stage's model goes
    init_path: str | None  # start from this model (previous round of the same side / init_model)
    through_pettingzoo: bool = False

    @property
    def suffix(self) -> str:
        return "" if self.name == "main" else f"_{self.name}"

    def checkpoint_dir(self, run_dir: str) -> str:
        return os.path.join(run_dir, "checkpoints", self.name)


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
            opponent = "ppo:" + os.path.abspath(latest[other])
            label = f"round{stages[-1].name[5:]}_{other}"
        else:
            opponent = sp["initial_opponent"] or spec.default_opponent[other]
            label = opponent
        path = os.path.join(run_dir, "rounds", f"round{k}_{side}.zip")
        stages.append(Stage(f"round{k}", side, opponent, label, path, latest.get(side), through_pettingzoo=True))
        latest[side] = path
        side = other
    return stages


def latest_checkpoint(directory: str) -> tuple[str, int] | None:
    found = []
    for path in glob.glob(os.path.join(directory, "ckpt_*_steps.zip")):
        m = re.search(r"ckpt_(\d+)_steps\.zip$", path)
        if m:
            found.append((int(m.group(1)), path))
    if not found:
        return None
    steps, path = max(found)
    return path, steps


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
    from agents.imitation import collect

    bc = config["bc"]
    driver = None if learner is None else PPOPolicy(learner, game=config["env"], side=stage.side, seed=config["seed"] + k)
    return collect(config["env"], stage.side, bc["teacher"], stage.opponent_spec, bc["episodes"],
                   seed=30_000_000 + config["seed"] + 1_000_000 * k, gamma=config["ppo"]["gamma"],
                   shaping=config["shaping"], env_options=config["env_options"], driver=driver,
                   result_reward=config["result_reward"])


def merge(a: dict, b: dict) -> dict:
    return {key: np.concatenate([a[key], b[key]]) for key in a}


def dagger_path(run_dir: str, stage: Stage, k: int) -> str:
    return os.path.join(stage.checkpoint_dir(run_dir), f"dagger_{k}.zip")


def imitate(config: dict, run_dir: str, stage: Stage, model, data: dict) -> dict:
    """Behaviour cloning of `bc.teacher` before PPO, then `bc.dagger` rounds of DAgger (Ross et
    al. 2011); saved as checkpoint 0 (resume starts after it). Returns every label collected."""
    from agents.imitation import clone

    bc = config["bc"]
    t = time.time()
    os.makedirs(stage.checkpoint_dir(run_dir), exist_ok=True)
    for k in range(bc["dagger"] + 1):
        if k:
            model.save(dagger_path(run_dir, stage, k))
            data = merge(data, collect_round(config, stage, k, model))
            print(f"[{stage.name}] DAgger round {k}: {len(data['action'])} decisions")
        clone(model, data, bc["epochs"], bc["batch_size"], bc["learning_rate"], bc["value_coef"], seed=config["seed"] + k)
    model.save(os.path.join(stage.checkpoint_dir(run_dir), "ckpt_0_steps.zip"))
    print(f"[{stage.name}] imitation done in {time.time() - t:.0f} s")
    return data


def saved_timesteps(path: str) -> int | None:
    """num_timesteps recorded in a saved model, without loading it (None if unreadable)."""
    import json
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            return int(json.loads(archive.read("data"))["num_timesteps"])
    except Exception:
        return None


def stage_done(config: dict, stage: Stage) -> bool:
    steps = saved_timesteps(stage.model_path) if os.path.exists(stage.model_path) else None
    return steps is not None and steps >= config["timesteps"]


def train_stage(config: dict, run_dir: str, stage: Stage, resume: bool) -> None:
    from sb3_contrib import MaskablePPO

    venv = make_vec_env(config, stage.side, stage.opponent_spec, stage.through_pettingzoo)
    checkpoint = latest_checkpoint(stage.checkpoint_dir(run_dir)) if resume else None
    if resume and os.path.exists(stage.model_path):  # a finished stage continued with more timesteps
        steps = saved_timesteps(stage.model_path)
        if steps is not None and (checkpoint is None or steps > checkpoint[1]):
            checkpoint = (stage.model_path, steps)
    if checkpoint:
        path, steps = checkpoint
        try:
            model = load_model(path, env=venv)
        except (ValueError, FileNotFoundError) as exc:
            raise SystemExit(f"cannot resume {run_dir}: checkpoint {path} is corrupt or unreadable ({exc}). "
                             f"Delete it to resume from the checkpoint before, or start a new run.") from None
        model.set_random_seed(config["seed"] + model.num_timesteps)
        truncate_metrics(run_dir, stage.name, model.num_timesteps)
        print(f"[{stage.name}] resuming from {path} at {model.num_timesteps} steps")
    elif stage.init_path:
        model = load_model(stage.init_path, env=venv)
        model.num_timesteps = 0
        print(f"[{stage.name}] starting from {stage.init_path}")
    else:
        p = config["ppo"]
        model = MaskablePPO(
            "MultiInputPolicy", venv,
            learning_rate=p["learning_rate"], n_steps=p["n_steps"], batch_size=p["batch_size"], n_epochs=p["n_epochs"],
            gamma=p["gamma"], gae_lambda=p["gae_lambda"], clip_range=p["clip_range"], ent_coef=p["ent_coef"],
            vf_coef=p["vf_coef"], max_grad_norm=p["max_grad_norm"], target_kl=p["target_kl"],
            policy_kwargs={"net_arch": list(p["net_arch"])}, tensorboard_log=os.path.join(run_dir, "tb"),
            seed=config["seed"], device="cpu", verbose=0,
        )
    fresh = not checkpoint and not stage.init_path
    bc = config["bc"]
    data = teacher_data(config, stage, run_dir) if bc["teacher"] and (fresh or bc["anchor"]) else None
    if data is not None and fresh:
        data = imitate(config, run_dir, stage, model, data)
    model.tensorboard_log = os.path.join(run_dir, "tb")
    done = model.num_timesteps if checkpoint else 0
    remaining = config["timesteps"] - done
    print(f"[{stage.name}] training {stage.side} against {stage.opponent_label}: {remaining} steps")
    try:
        if remaining > 0:
            callbacks = make_callbacks(config, run_dir, stage)
            if data is not None and bc["anchor"]:
                from agents.imitation import make_anchor
                callbacks.append(make_anchor(data, bc["anchor"], seed=config["seed"] + model.num_timesteps))
            model.learn(remaining, callback=callbacks, tb_log_name=stage.name,
                        reset_num_timesteps=not checkpoint, progress_bar=config["progress_bar"])
    except KeyboardInterrupt:
        path = os.path.join(stage.checkpoint_dir(run_dir), f"ckpt_{model.num_timesteps}_steps.zip")
        model.save(path)
        venv.close()
        raise SystemExit(f"\ninterrupted: saved {path}; continue with  python train.py --resume {run_dir}")
    os.makedirs(os.path.dirname(stage.model_path), exist_ok=True)
    model.save(stage.model_path)
    venv.close()
    print(f"[{stage.name}] saved {stage.model_path}")


# ------------------------------------------------------------------------------------------------
# the final table: the trained policy and the references against each opponent
# ------------------------------------------------------------------------------------------------
def final_table(config: dict, run_dir: str, stages: list[Stage]) -> list[dict]:
    import json

    e = config["eval"]
    if e["final_episodes"] == 0:
        return []
    finals = {}
    for stage in stages:  # the last model of each side
        finals[stage.side] = (stage, stage.model_path)
    rows = []
    for side, (stage, path) in finals.items():
        opponents = e["opponents"] or [stage.opponent_spec if config["mode"] == "single" else get_spec(config["env"]).default_opponent[other_side(side)]]
        agents = [("trained", "ppo:" + os.path.abspath(path))] + [(r, r) for r in e["references"] if config["mode"] == "single"]
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


# ------------------------------------------------------------------------------------------------
def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        config, run_dir, resume = resolve_config(args)
    except cfglib.ConfigError as exc:
        raise SystemExit(f"config error: {exc}") from None
    torch.set_num_threads(1)
    os.makedirs(run_dir, exist_ok=True)
    with open(os.path.join(run_dir, "config.yaml"), "w") as f:
        f.write(cfglib.dump(config))
    print(f"run directory: {run_dir}")
    stages = plan_stages(config, run_dir)
    if resume and not any(os.path.exists(s.model_path) or latest_checkpoint(s.checkpoint_dir(run_dir)) for s in stages):
        raise SystemExit(f"cannot resume {run_dir}: no checkpoint in {os.path.join(run_dir, 'checkpoints')} and no finished model")
    start = time.time()
    for stage in stages:
        if resume and stage_done(config, stage):
            print(f"[{stage.name}] already done: {stage.model_path}")
            continue
        train_stage(config, run_dir, stage, resume)
        resume = True  # later stages of this run resume from their own checkpoints, if any
    if config["mode"] == "selfplay":
        for side in ("marines", "hive"):
            last = [s for s in stages if s.side == side]
            if last:
                shutil.copyfile(last[-1].model_path, os.path.join(run_dir, f"model_{side}.zip"))
    print(f"training took {time.time() - start:.0f} s")
    final_table(config, run_dir, stages)
    print(f"total {time.time() - start:.0f} s; run directory: {run_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
