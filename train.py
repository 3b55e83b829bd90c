"""Train a MaskablePPO agent on an aliens_env game.

    python train.py                                   # configs/default.yaml: Reactor Room marines vs the dice AI
    python train.py --config configs/reactor_room_hive.yaml --seed 1 --timesteps 300000
    python train.py --config configs/X.yaml --set ppo.n_steps=256 --set eval.freq=0
    python train.py --resume runs/ReactorRoom-marines-s0-20260101-120000
    python train.py --config configs/rllib_reactor_room.yaml     # RLlib's PPO (backend: rllib, docs/scaling.md)

A run directory holds: config.yaml (the resolved config), checkpoints/, model.zip (single mode)
or rounds/ and model_<side>.zip (selfplay), metrics.csv (evaluations during training),
best_model.zip, tb/ (TensorBoard), policies/ (each of those models as a policy file,
<model name>.safetensors: the weights and a JSON header, safe to share and to load from
strangers, where a .zip is unpickled on load: load only your own zips), final_eval.json (the table printed at the end), train.lock
(held while a process trains in it: a second train.py there is refused).

Modes:
  single    one side (config `side`) learns against a fixed opponent (`opponent`: any policy
            spec, e.g. dice, heuristic, ppo:runs/x/model.zip for a frozen trained policy).
  selfplay  `selfplay.rounds` rounds of the Gymnasium env; round k trains one side
            (alternating, starting with `selfplay.first_side`) against the other side's latest
            policy; every round's policy is kept in rounds/.
  both      (backend rllib) both sides learn at once, one policy per side: model_<side>.zip.

Backends (config `backend`): sb3 (MaskablePPO in this process, the default) or rllib (RLlib's
PPO on a local Ray or, with --address / RAY_ADDRESS, a cluster: agents/rllib_backend.py,
docs/scaling.md); both write the same run directory and model files.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import time

import torch
from sb3_contrib import MaskablePPO

import aliens_env  # noqa: F401  (registers the environments)
from aliens_env.agents import config as cfglib
from aliens_env.agents import extractors
from aliens_env.agents import runs
from aliens_env.agents.imitation import make_anchor
from aliens_env.agents.ppo import load_model
from aliens_env.agents.stages import (Stage, check_policies, check_resumable, export, final_table, imitate, make_evaluation,
                                      make_progress, make_vec_env, plan_stages, policy_path, stage_done, teacher_data)

# configs/ of a checkout; an install holds it as aliens_env/configs (in a checkout a link to it)
DEFAULT_CONFIG = os.path.join(os.path.dirname(os.path.abspath(aliens_env.__file__)), "configs", "default.yaml")


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
    p.add_argument("--no-progress", action="store_true", help="no progress bar (plain progress lines instead)")
    p.add_argument("--address", help="backend rllib: join the Ray cluster at this address (default: RAY_ADDRESS, else a local Ray)")
    return p.parse_args(argv)


def overrides(args) -> dict:
    out = {k: getattr(args, k) for k in ("seed", "timesteps", "n_envs", "output_dir", "run_name") if getattr(args, k) is not None}
    out.update(dict(cfglib.parse_assignment(a) for a in args.set))
    if args.no_progress:
        out["progress_bar"] = False
    return out


def train_stage(config: dict, run_dir: str, stage: Stage, resume: bool) -> None:
    """One stage: its environments, its model (resumed, started from a saved model, or new),
    imitation of a teacher if configured, then PPO with evaluations and checkpoints."""
    envs = make_vec_env(config, stage)

    # the model: from the stage's last checkpoint, from a given model, or a new network
    checkpoint = stage.resume_point(run_dir) if resume else None
    if checkpoint:
        path, _ = checkpoint
        try:
            model = load_model(path, env=envs)
        except (ValueError, FileNotFoundError) as exc:
            raise runs.RunError(f"cannot resume {run_dir}: checkpoint {path} is corrupt or unreadable ({exc}). "
                                f"Delete it to resume from the checkpoint before, or start a new run.") from None
        model.set_random_seed(config["seed"] + model.num_timesteps)
        runs.truncate_metrics(run_dir, stage.name, model.num_timesteps)
        print(f"[{stage.name}] resuming from {path} at {model.num_timesteps} steps")
    elif stage.init_path:
        model = load_model(stage.init_path, env=envs)
        model.num_timesteps = 0
        print(f"[{stage.name}] starting from {stage.init_path}")
    else:
        p = config["ppo"]
        model = MaskablePPO(
            "MultiInputPolicy", envs,
            learning_rate=p["learning_rate"], n_steps=p["n_steps"], batch_size=p["batch_size"], n_epochs=p["n_epochs"],
            gamma=p["gamma"], gae_lambda=p["gae_lambda"], clip_range=p["clip_range"], ent_coef=p["ent_coef"],
            vf_coef=p["vf_coef"], max_grad_norm=p["max_grad_norm"], target_kl=p["target_kl"],
            policy_kwargs={"net_arch": list(p["net_arch"]), **extractors.policy_kwargs(extractors.spec_for(p["extractor"], config["env"], config["observation"]))},
            tensorboard_log=os.path.join(run_dir, "tb"),
            seed=config["seed"], device="cpu", verbose=0,
        )
    model.tensorboard_log = os.path.join(run_dir, "tb")

    # imitation: behaviour cloning and DAgger on a new network; the teacher's labels again for the anchor
    fresh = not checkpoint and not stage.init_path
    bc = config["bc"]
    data = teacher_data(config, stage, run_dir) if bc["teacher"] and (fresh or bc["anchor"]) else None
    if data is not None and fresh:
        data = imitate(config, run_dir, stage, model, data)

    # PPO: checkpoints after updates, evaluations, and the imitation anchor if configured
    remaining = config["timesteps"] - (model.num_timesteps if checkpoint else 0)
    print(f"[{stage.name}] training {stage.side} against {stage.opponent_label}: {remaining} steps")
    if remaining > 0:
        checkpoints = runs.make_checkpoints(config["checkpoint_freq"], stage.checkpoint_dir(run_dir), config["keep_checkpoints"])
        bar = config["progress_bar"] and sys.stdout.isatty()
        callbacks = [checkpoints, make_evaluation(config, run_dir, stage)]
        if not bar:  # output to a file or a pipe: plain lines instead of a bar
            callbacks.append(make_progress(config, stage, config["timesteps"]))
        if data is not None and bc["anchor"]:
            callbacks.append(make_anchor(data, bc["anchor"], seed=config["seed"] + model.num_timesteps))
        try:
            model.learn(remaining, callback=callbacks, tb_log_name=stage.name,
                        reset_num_timesteps=not checkpoint, progress_bar=bar)
        except KeyboardInterrupt:
            envs.close()
            path = checkpoints.save_interrupted(model)
            saved = f"saved {path}" if path else "interrupted during an update: nothing saved after the last checkpoint"
            raise SystemExit(f"\ninterrupted: {saved}; continue with  python train.py --resume {run_dir}") from None
    os.makedirs(os.path.dirname(stage.model_path), exist_ok=True)
    model.save(stage.model_path)
    export(config, run_dir, model, stage.model_path, stage.side)
    envs.close()
    print(f"[{stage.name}] saved {stage.model_path} and its policy file {stage.policy_path(run_dir)}")


def train_run(config: dict, run_dir: str, resume: bool) -> None:
    """Every stage of the run in turn (a resumed run skips the finished ones), then the final table."""
    runs.write_config(run_dir, config)
    print(f"run directory: {run_dir}")
    stages = plan_stages(config, run_dir)
    if resume:
        check_resumable(config, run_dir, stages)
    start = time.time()
    for stage in stages:
        if resume and stage_done(config, stage):
            print(f"[{stage.name}] already done: {stage.model_path}")
            if not os.path.exists(stage.policy_path(run_dir)):  # a run of aliens-env 0.1 had no policy files
                export(config, run_dir, load_model(stage.model_path), stage.model_path, stage.side)
            continue
        train_stage(config, run_dir, stage, resume)
        resume = True  # later stages of this run resume from their own checkpoints, if any
    if config["mode"] == "selfplay":
        for side in ("marines", "hive"):
            last = [s for s in stages if s.side == side]
            if last:
                shutil.copyfile(last[-1].model_path, os.path.join(run_dir, f"model_{side}.zip"))
                shutil.copyfile(last[-1].policy_path(run_dir), policy_path(run_dir, f"model_{side}.zip"))
    print(f"training took {time.time() - start:.0f} s")
    final_table(config, run_dir, stages)
    print(f"total {time.time() - start:.0f} s; run directory: {run_dir}")


def backend(config: dict, address: str | None = None):
    """The train_run of the config's backend (a ConfigError for keys it cannot honour)."""
    if config["backend"] == "rllib":
        from aliens_env.agents import rllib_backend

        rllib_backend.require_ray()
        rllib_backend.check_config(config, address)
        return rllib_backend.train_run
    if config["mode"] == "both":
        raise cfglib.ConfigError("mode 'both' (both sides learn at once) needs backend 'rllib'; "
                                 "the sb3 backend trains 'single' or 'selfplay'")
    return lambda config, run_dir, resume, address: train_run(config, run_dir, resume)


def main(argv=None) -> int:
    args = parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)  # progress reaches a log file as it is printed
    try:
        config_path = args.config or (None if args.resume else DEFAULT_CONFIG)
        config, run_dir, resume = runs.resolve(config_path, args.resume, overrides(args))
        check_policies(config)
    except cfglib.ConfigError as exc:
        raise SystemExit(f"config error: {exc}") from None
    except runs.RunError as exc:
        raise SystemExit(str(exc)) from None
    try:
        run = backend(config, args.address)
    except cfglib.ConfigError as exc:
        raise SystemExit(f"config error: {exc}") from None
    torch.set_num_threads(1)
    try:
        with runs.lock(run_dir):  # a second train.py in this directory is refused
            run(config, run_dir, resume, args.address)
    except runs.RunError as exc:
        raise SystemExit(str(exc)) from None
    return 0


if __name__ == "__main__":
    sys.exit(main())
