"""A run directory of train.py: its config, its lock, metrics.csv and the checkpoints.

    runs/<name>/config.yaml           the resolved config (a resume reads it back)
    runs/<name>/train.lock            held (fcntl.flock) by the process training in the directory
    runs/<name>/metrics.csv           one row per evaluation during training
    runs/<name>/checkpoints/<stage>/  ckpt_<steps>_steps.zip, written after a PPO update

A checkpoint holds the weights after the update of every rollout it counts, so a run killed at
any moment and resumed loses at most the steps since its last checkpoint.
"""
from __future__ import annotations

import contextlib
import csv
import fcntl
import glob
import json
import os
import re
import time
import zipfile

from . import config as cfglib

METRIC_FIELDS = ["stage", "timesteps", "wall_time", "opponent", "episodes", "win", "win_lo", "win_hi", "draw", "loss", "mean_length"]
LOCK_FILE = "train.lock"
#: the config keys a resume may change
RESUME_MAY_CHANGE = ("timesteps", "progress_bar", "progress_seconds", "keep_checkpoints", "eval.workers")


class RunError(RuntimeError):
    """A run directory that cannot be used as asked; the message says why and what to do."""


# -- the config ----------------------------------------------------------------------------------
def resolve(config_path: str | None, resume_dir: str | None, overrides: dict) -> tuple[dict, str, bool]:
    """(config, run directory, resuming?) for a new run from ``config_path`` or a resume of
    ``resume_dir`` (its own config.yaml, where only RESUME_MAY_CHANGE may be overridden)."""
    if resume_dir:
        run_dir = resume_dir.rstrip("/")
        saved = os.path.join(run_dir, "config.yaml")
        if not os.path.isfile(saved):
            raise RunError(f"cannot resume {run_dir!r}: no config.yaml there (is it a run directory of train.py?)")
        if config_path:
            raise RunError("--resume takes the run's own config.yaml; do not pass --config")
        bad = sorted(set(overrides) - set(RESUME_MAY_CHANGE))
        if bad:
            raise RunError(f"cannot change {bad} when resuming; only {sorted(RESUME_MAY_CHANGE)} may change")
        return cfglib.override(cfglib.load(saved), overrides), run_dir, True
    config = cfglib.override(cfglib.load(config_path), overrides)
    name = config["run_name"] or "{}-{}-s{}-{}".format(
        config["env"], config["side"] if config["mode"] == "single" else config["mode"], config["seed"], time.strftime("%Y%m%d-%H%M%S"))
    run_dir = os.path.join(config["output_dir"], name)
    if os.path.exists(os.path.join(run_dir, "config.yaml")):
        raise RunError(f"run directory {run_dir!r} already exists; use --resume {run_dir} or another --run-name")
    return config, run_dir, False


def write_config(run_dir: str, config: dict) -> None:
    with open(os.path.join(run_dir, "config.yaml"), "w") as f:
        f.write(cfglib.dump(config))


# -- the lock ------------------------------------------------------------------------------------
@contextlib.contextmanager
def lock(run_dir: str):
    """Hold the run directory for this process: a second process (a concurrent --resume) is
    refused with a RunError naming the holder's pid. The operating system releases the lock
    when the process ends, however it ends (the file stays, unlocked)."""
    os.makedirs(run_dir, exist_ok=True)
    path = os.path.join(run_dir, LOCK_FILE)
    with open(path, "a+") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            f.seek(0)
            holder = f.read().strip() or "unknown"
            raise RunError(f"run directory {run_dir} is in use: another process (pid {holder}) is training in it; "
                           f"wait for it to end or stop it") from None
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


# -- metrics.csv ---------------------------------------------------------------------------------
def metrics_path(run_dir: str) -> str:
    return os.path.join(run_dir, "metrics.csv")


def read_metrics(run_dir: str) -> list[dict]:
    path = metrics_path(run_dir)
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def append_metrics(run_dir: str, row: dict) -> None:
    """Add one evaluation (the file is rewritten whole and replaced at once: never half written)."""
    rows = read_metrics(run_dir)
    fields = list(dict.fromkeys([*METRIC_FIELDS, *(k for r in rows for k in r), *row]))
    rows.append({k: row.get(k, "") for k in fields})
    _write_metrics(run_dir, fields, rows)


def truncate_metrics(run_dir: str, stage: str, timesteps: int) -> None:
    """On resume: drop the evaluations made after the checkpoint (they will be made again)."""
    rows = read_metrics(run_dir)
    keep = [r for r in rows if r["stage"] != stage or int(r["timesteps"]) <= timesteps]
    if len(keep) != len(rows):
        _write_metrics(run_dir, list(rows[0]), keep)


def _write_metrics(run_dir: str, fields: list[str], rows: list[dict]) -> None:
    path = metrics_path(run_dir)
    with open(path + ".tmp", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    os.replace(path + ".tmp", path)


def check_metrics(run_dir: str, stage: str, timesteps: int, eval_freq: int) -> None:
    """On resume: metrics.csv must hold every evaluation that the stage's checkpoint at
    ``timesteps`` steps was trained through (one per ``eval_freq`` steps), each row whole.
    A damaged file is an error, not repaired: its lost evaluations cannot be made again (they
    were of the weights of their time), and a run continued without them would silently miss them."""
    path = metrics_path(run_dir)
    where = f"cannot resume {run_dir}: {path} is damaged"
    remedy = "restore it from a copy, or start a new run from the checkpoint with --set init_model=CHECKPOINT"
    rows = []
    if os.path.exists(path):
        with open(path, newline="") as f:
            text = f.read()
        if text and not text.endswith("\n"):
            raise RunError(f"{where}: its last line is cut short (a partial row); {remedy}")
        reader = csv.DictReader(text.splitlines())
        for line, row in enumerate(reader, start=2):
            if None in row or None in row.values() or not row.get("timesteps", "").isdigit():
                raise RunError(f"{where}: row {line} does not have the header's {len(reader.fieldnames)} fields; {remedy}")
            rows.append(row)
    expected = timesteps // eval_freq if eval_freq else 0
    found = sum(1 for r in rows if r["stage"] == stage and int(r["timesteps"]) <= timesteps)
    if found < expected:
        raise RunError(f"{where}: it has {found} evaluations of stage {stage!r} up to step {timesteps}, "
                       f"the checkpoint at {timesteps} steps was evaluated {expected} times (every {eval_freq} steps); "
                       f"rows were lost; {remedy}")


# -- checkpoints ---------------------------------------------------------------------------------
def checkpoint_path(directory: str, steps: int) -> str:
    return os.path.join(directory, f"ckpt_{steps}_steps.zip")


def checkpoints(directory: str) -> list[tuple[int, str]]:
    """(steps, path) of every checkpoint in ``directory``, oldest first."""
    found = []
    for path in glob.glob(os.path.join(directory, "ckpt_*_steps.zip")):
        m = re.search(r"ckpt_(\d+)_steps\.zip$", path)
        if m:
            found.append((int(m.group(1)), path))
    return sorted(found)


def latest_checkpoint(directory: str) -> tuple[str, int] | None:
    found = checkpoints(directory)
    if not found:
        return None
    steps, path = found[-1]
    return path, steps


def prune_checkpoints(directory: str, keep: int | None) -> list[str]:
    """Delete all but the newest ``keep`` checkpoints (None: keep all); returns the deleted paths."""
    if keep is None:
        return []
    old = [path for _, path in checkpoints(directory)[:-keep]]
    for path in old:
        os.remove(path)
    return old


def saved_timesteps(path: str) -> int | None:
    """num_timesteps recorded in a saved model, without loading it (None if unreadable)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return int(json.loads(archive.read("data"))["num_timesteps"])
    except Exception:
        return None


def resume_point(checkpoint_dir: str, model_path: str) -> tuple[str, int] | None:
    """The newest saved state of a stage: its latest checkpoint, or its finished model when that
    is newer (a finished stage continued with more timesteps)."""
    point = latest_checkpoint(checkpoint_dir)
    if os.path.exists(model_path):
        steps = saved_timesteps(model_path)
        if steps is not None and (point is None or steps > point[1]):
            point = (model_path, steps)
    return point


def make_checkpoints(freq: int, directory: str, keep: int | None = None):
    """The callback that writes ckpt_<steps>_steps.zip after the PPO update that completes
    every ``freq`` steps (and after the last one), never in the middle of a rollout, keeping the
    newest ``keep`` (None: all); also ``save_interrupted(model)`` for Ctrl-C."""
    from stable_baselines3.common.callbacks import BaseCallback

    class Checkpoints(BaseCallback):
        def __init__(self):
            super().__init__()
            self.next_save = None
            self.updated_steps = None  # num_timesteps of the weights, None during an update

        def _on_training_start(self) -> None:
            self.next_save = (self.model.num_timesteps // freq + 1) * freq
            self.updated_steps = self.model.num_timesteps

        def _on_rollout_start(self) -> None:  # the update of the rollout before is done
            self.updated_steps = self.model.num_timesteps
            self._save_if_due()

        def _on_rollout_end(self) -> None:  # the update starts
            self.updated_steps = None

        def _on_training_end(self) -> None:
            self.updated_steps = self.model.num_timesteps
            self._save_if_due()

        def _on_step(self) -> bool:
            return True

        def _save_if_due(self) -> None:
            if self.model.num_timesteps >= self.next_save:
                self.save(self.model)
                self.next_save = (self.model.num_timesteps // freq + 1) * freq

        def save(self, model) -> str:
            os.makedirs(directory, exist_ok=True)
            path = checkpoint_path(directory, model.num_timesteps)
            model.save(path)
            prune_checkpoints(directory, keep)
            return path

        def save_interrupted(self, model) -> str | None:
            """Save the weights of the last update with its step count (the steps of the rollout
            in progress are dropped); None when interrupted during an update."""
            if self.updated_steps is None:
                return None
            collected, model.num_timesteps = model.num_timesteps, self.updated_steps
            try:
                return self.save(model)
            finally:
                model.num_timesteps = collected

    return Checkpoints()
