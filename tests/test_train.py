"""train.py on the tiny smoke config: a run's files, resume round-trips, clear errors."""
from __future__ import annotations

import csv
import os
import subprocess
import sys

import pytest
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SMOKE = os.path.join(ROOT, "configs", "smoke.yaml")


def train(*args, timeout=180):
    return subprocess.run([sys.executable, "train.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def load_script(name):
    """train.py / evaluate.py as modules, to call main(argv) without a new process."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_{name}_script", os.path.join(ROOT, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def fails(argv) -> str:
    """The message train.py exits with for these arguments."""
    with pytest.raises(SystemExit) as exc:
        load_script("train").main(argv)
    return str(exc.value)


def metrics(run_dir):
    with open(os.path.join(run_dir, "metrics.csv"), newline="") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def smoke_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("runs")
    proc = train("--config", SMOKE, "--output-dir", str(out), "--run-name", "smoke", "--seed", "3")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return os.path.join(out, "smoke"), proc


def test_smoke_run_writes_everything(smoke_run):
    run_dir, proc = smoke_run
    for name in ("config.yaml", "model.zip", "metrics.csv", "final_eval.json", "best_model.zip"):
        assert os.path.isfile(os.path.join(run_dir, name)), name
    assert os.listdir(os.path.join(run_dir, "tb")), "no TensorBoard logs"
    assert sorted(os.listdir(os.path.join(run_dir, "checkpoints", "main"))) == ["ckpt_128_steps.zip", "ckpt_256_steps.zip"]
    config = yaml.safe_load(open(os.path.join(run_dir, "config.yaml")))
    assert config["seed"] == 3 and config["timesteps"] == 256 and config["ppo"]["gamma"] == 0.995  # resolved defaults
    assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256"]
    assert "trained" in proc.stdout and "win" in proc.stdout  # the final table


def test_saved_model_loads_as_a_policy_spec(smoke_run):
    run_dir, _ = smoke_run
    from agents.evaluation import play_matchup

    s = play_matchup("ReactorRoom", f"ppo:{run_dir}/model.zip", "random", 2, seed=0)
    assert s["episodes"] == 2


def test_resume_continues_from_the_last_checkpoint(tmp_path):
    proc = train("--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "r", "--set", "eval.final_episodes=0")
    assert proc.returncode == 0, proc.stderr
    run_dir = os.path.join(tmp_path, "r")
    os.remove(os.path.join(run_dir, "model.zip"))  # as if interrupted after the last checkpoint
    proc = train("--resume", run_dir, "--timesteps", "384")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "resuming from" in proc.stdout and "at 256 steps" in proc.stdout
    from agents.ppo import load_model

    assert load_model(os.path.join(run_dir, "model.zip")).num_timesteps == 384
    assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256", "384"]  # nothing lost, nothing doubled
    assert yaml.safe_load(open(os.path.join(run_dir, "config.yaml")))["timesteps"] == 384


def test_resume_drops_evaluations_after_the_checkpoint(tmp_path):
    proc = train("--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "r", "--set", "eval.final_episodes=0")
    assert proc.returncode == 0, proc.stderr
    run_dir = os.path.join(tmp_path, "r")
    os.remove(os.path.join(run_dir, "model.zip"))
    os.remove(os.path.join(run_dir, "checkpoints", "main", "ckpt_256_steps.zip"))
    proc = train("--resume", run_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "at 128 steps" in proc.stdout
    assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256"]


def test_resume_errors_are_clear(tmp_path):
    assert "no config.yaml" in fails(["--resume", str(tmp_path / "nowhere")])
    run_dir = tmp_path / "r"
    (run_dir / "checkpoints" / "main").mkdir(parents=True)
    (run_dir / "config.yaml").write_text(open(SMOKE).read())
    assert "no checkpoint" in fails(["--resume", str(run_dir)])
    (run_dir / "checkpoints" / "main" / "ckpt_128_steps.zip").write_bytes(b"PK\x03\x04 truncated")
    message = fails(["--resume", str(run_dir)])
    assert "corrupt" in message and "ckpt_128_steps.zip" in message
    assert "cannot change ['seed']" in fails(["--resume", str(run_dir), "--seed", "4"])


def test_config_errors_on_the_command_line(tmp_path):
    message = fails(["--config", SMOKE, "--output-dir", str(tmp_path), "--set", "ppo.n_step=3"])
    assert "unknown config key 'ppo.n_step'" in message and "n_steps" in message
    bad = tmp_path / "bad.yaml"
    bad.write_text("side: alien\n")
    message = fails(["--config", str(bad), "--output-dir", str(tmp_path)])
    assert "'side'" in message and "['marines', 'hive']" in message
    assert "does not exist" in fails(["--config", str(tmp_path / "missing.yaml")])


def test_selfplay_keeps_every_round(tmp_path):
    proc = train("--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "sp", "--set", "mode=selfplay",
                 "--set", "selfplay.rounds=2", "--timesteps", "128", "--set", "eval.final_episodes=2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run_dir = os.path.join(tmp_path, "sp")
    assert sorted(os.listdir(os.path.join(run_dir, "rounds"))) == ["round0_marines.zip", "round1_hive.zip"]
    for side in ("marines", "hive"):
        assert os.path.isfile(os.path.join(run_dir, f"model_{side}.zip"))
    assert {r["stage"] for r in metrics(run_dir)} == {"round0", "round1"}
    assert "against round0_marines" in proc.stdout


def test_dagger_rounds_save_their_learners_and_resume_collects_the_same_labels(tmp_path):
    """bc.dagger: each round's learner is kept (dagger_K.zip); a resumed run, whose anchor
    needs every label again, collects exactly the decisions of the fresh run."""
    args = ["--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "d", "--set", "eval.final_episodes=0",
            "--set", "bc.teacher=heuristic", "--set", "bc.episodes=1", "--set", "bc.epochs=1", "--set", "bc.dagger=2",
            "--set", "bc.anchor=0.5"]
    proc = train(*args)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run_dir = os.path.join(tmp_path, "d")
    assert {"dagger_1.zip", "dagger_2.zip"} <= set(os.listdir(os.path.join(run_dir, "checkpoints", "main")))
    rounds = [line for line in proc.stdout.splitlines() if "DAgger round" in line]
    assert len(rounds) == 2
    labels = rounds[-1].split(": ")[1]  # "<n> decisions"
    os.remove(os.path.join(run_dir, "model.zip"))
    resumed = train("--resume", run_dir, "--timesteps", "384")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert f"teacher heuristic: {labels}" in resumed.stdout


def test_best_model_is_the_best_mean_result_reward_of_the_config():
    from agents.stages import result_value

    gambler = {"win": 0.10, "draw": 0.40, "loss": "0.50"}  # metrics.csv rows hold strings
    holder = {"win": 0.02, "draw": 0.70, "loss": 0.28}
    plus_minus = {"win": 1.0, "draw": 0.0, "loss": -1.0}
    wins_only = {"win": 1.0, "draw": 0.0, "loss": 0.0}
    assert result_value(gambler, plus_minus) == pytest.approx(-0.40)
    assert result_value(holder, plus_minus) > result_value(gambler, plus_minus)
    assert result_value(gambler, wins_only) == pytest.approx(0.10)
    assert result_value(gambler, wins_only) > result_value(holder, wins_only)


def weights_equal(a: dict, b: dict) -> bool:
    import torch

    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def record_updates(monkeypatch, stop_before: int | None = None) -> list[dict]:
    """The policy's weights after each PPO update of this process; with ``stop_before=k`` the
    process dies (a RuntimeError) as the k-th update starts, its rollout collected."""
    from sb3_contrib import MaskablePPO

    updates = []
    real_train = MaskablePPO.train

    def train_and_record(self):
        if stop_before is not None and len(updates) + 1 == stop_before:
            raise RuntimeError("killed")
        real_train(self)
        updates.append({k: v.clone() for k, v in self.policy.state_dict().items()})

    monkeypatch.setattr(MaskablePPO, "train", train_and_record)
    return updates


def test_a_killed_run_resumes_from_the_weights_of_its_last_update(tmp_path, monkeypatch):
    """Rollouts of 128 steps, a checkpoint every 128: killed during the third update, the run
    has checkpoints 128 and 256 holding the weights after updates 1 and 2; the resume starts at
    256 (losing only the 128 steps since) and ends at 512 with every evaluation once."""
    from agents.ppo import load_model

    updates = record_updates(monkeypatch, stop_before=3)
    with pytest.raises(RuntimeError, match="killed"):
        load_script("train").main(["--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "k",
                                   "--timesteps", "512", "--set", "eval.final_episodes=0"])
    monkeypatch.undo()
    run_dir = os.path.join(tmp_path, "k")
    checkpoints = os.path.join(run_dir, "checkpoints", "main")
    assert sorted(os.listdir(checkpoints)) == ["ckpt_128_steps.zip", "ckpt_256_steps.zip"]
    assert len(updates) == 2
    for steps, weights in zip((128, 256), updates):
        model = load_model(os.path.join(checkpoints, f"ckpt_{steps}_steps.zip"))
        assert model.num_timesteps == steps and weights_equal(model.policy.state_dict(), weights)
    assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256", "384"]  # 384 was evaluated before the kill
    proc = train("--resume", run_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "at 256 steps" in proc.stdout
    assert load_model(os.path.join(run_dir, "model.zip")).num_timesteps == 512
    assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256", "384", "512"]


def test_ctrl_c_in_a_rollout_saves_the_weights_of_the_last_update_with_its_step_count(tmp_path, monkeypatch):
    from agents import runs
    from agents.ppo import load_model

    updates = record_updates(monkeypatch)
    append = runs.append_metrics

    def interrupt_at_384(run_dir, row):  # the evaluation at step 384, in the third rollout
        append(run_dir, row)
        if row["timesteps"] == 384:
            raise KeyboardInterrupt

    monkeypatch.setattr(runs, "append_metrics", interrupt_at_384)
    message = fails(["--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "c", "--timesteps", "512",
                     "--set", "checkpoint_freq=100000", "--set", "eval.final_episodes=0"])
    saved = os.path.join(tmp_path, "c", "checkpoints", "main", "ckpt_256_steps.zip")
    assert f"saved {saved}" in message and "--resume" in message
    model = load_model(saved)
    assert len(updates) == 2 and model.num_timesteps == 256 and weights_equal(model.policy.state_dict(), updates[1])


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    """A run of 256 steps (evaluations at 128 and 256) whose model.zip is gone: resumable at 256."""
    out = tmp_path_factory.mktemp("finished")
    proc = train("--config", SMOKE, "--output-dir", str(out), "--run-name", "f", "--set", "eval.final_episodes=0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    run_dir = os.path.join(out, "f")
    os.remove(os.path.join(run_dir, "model.zip"))
    return run_dir


def copy_run(run_dir, tmp_path) -> str:
    import shutil

    return shutil.copytree(run_dir, os.path.join(tmp_path, "copy"))


def test_a_second_process_in_a_run_directory_is_refused_until_the_first_ends(finished_run, tmp_path):
    from agents import runs

    run_dir = copy_run(finished_run, tmp_path)
    holder = subprocess.Popen([sys.executable, "-c", "import sys\nfrom agents.runs import lock\nwith lock(sys.argv[1]):\n"
                               "    print('held', flush=True)\n    sys.stdin.read()", run_dir],
                              cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        message = fails(["--resume", run_dir])
        assert f"run directory {run_dir} is in use" in message and f"pid {holder.pid}" in message
        assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256"]  # the refused process changed nothing
    finally:
        holder.kill()  # a crash: the operating system releases the lock
        holder.wait()
    with runs.lock(run_dir):
        pass


def test_a_truncated_metrics_csv_stops_a_resume(finished_run, tmp_path):
    run_dir = copy_run(finished_run, tmp_path)
    path = os.path.join(run_dir, "metrics.csv")
    text = open(path, newline="").read()
    with open(path, "w", newline="") as f:
        f.write(text[:-10])  # the last row cut short
    message = fails(["--resume", run_dir])
    assert f"{path} is damaged" in message and "last line is cut short" in message
    lines = text.splitlines(keepends=True)
    with open(path, "w", newline="") as f:
        f.write("".join(lines[:-1]))  # the last row lost whole
    message = fails(["--resume", run_dir])
    assert "1 evaluations of stage 'main' up to step 256" in message and "evaluated 2 times" in message
    assert open(path, newline="").read() == "".join(lines[:-1])  # left as it was
    with open(path, "w", newline="") as f:
        f.write(text)
    proc = train("--resume", run_dir, "--timesteps", "384")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert [r["timesteps"] for r in metrics(run_dir)] == ["128", "256", "384"]


def test_output_to_a_file_shows_progress_evaluations_and_keeps_the_newest_checkpoints(tmp_path):
    """Piped output (not a terminal): plain progress lines and every evaluation as it is made;
    keep_checkpoints=1 leaves one checkpoint; the run's policies are policy files."""
    from agents import policy_file

    proc = train("--config", SMOKE, "--output-dir", str(tmp_path), "--run-name", "p", "--set", "progress_seconds=0.000001",
                 "--set", "keep_checkpoints=1", "--set", "eval.final_episodes=0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    progress = [line for line in lines if "steps/s" in line]
    assert progress and all(line.startswith("[main] ") and "/256 steps (" in line and " left" in line for line in progress)
    evaluations = [line for line in lines if "evaluation at" in line]
    assert [line.split("evaluation at ")[1].split()[0] for line in evaluations] == ["128", "256"]
    assert all("win " in line and "result reward" in line for line in evaluations)
    assert lines.index(evaluations[0]) < lines.index(evaluations[1]) < lines.index(next(x for x in lines if "saved" in x))
    run_dir = tmp_path / "p"
    assert os.listdir(run_dir / "checkpoints" / "main") == ["ckpt_256_steps.zip"]
    for name in ("model", "best_model"):
        header = policy_file.read_header(str(run_dir / "policies" / f"{name}.safetensors"))
        assert (header["game"], header["side"]) == ("ReactorRoom", "marines")


def test_progress_line_reports_rate_and_time_left():
    from agents.stages import progress_line

    assert progress_line("main", 4000, 10.0, 12000, 500000) == "[main] 12000/500000 steps (2.4%), 400 steps/s, 20m20s left"
    assert progress_line("round1", 0, 0.0, 0, 100).endswith("0 steps/s, ? left")


def test_keep_checkpoints_is_validated_and_prunes_the_oldest(tmp_path):
    from agents import config as cfglib
    from agents import runs

    with pytest.raises(cfglib.ConfigError, match="'keep_checkpoints': 0 is below the minimum 1"):
        cfglib.validate({"keep_checkpoints": 0})
    with pytest.raises(cfglib.ConfigError, match="'keep_checkpoints': expected integer or null"):
        cfglib.validate({"keep_checkpoints": "all"})
    for steps in (0, 128, 256, 1024):
        (tmp_path / f"ckpt_{steps}_steps.zip").write_bytes(b"x")
    (tmp_path / "dagger_1.zip").write_bytes(b"x")
    assert runs.prune_checkpoints(str(tmp_path), None) == []
    runs.prune_checkpoints(str(tmp_path), 2)
    assert sorted(os.listdir(tmp_path)) == ["ckpt_1024_steps.zip", "ckpt_256_steps.zip", "dagger_1.zip"]


def test_learning_curves_show_the_win_rate_and_the_reward_the_config_optimises(tmp_path):
    evaluate = load_script("evaluate")
    run = tmp_path / "run"
    run.mkdir()
    (run / "config.yaml").write_text(yaml.safe_dump({"result_reward": {"win": 1.0, "draw": 0.0, "loss": -1.0}}))
    (run / "metrics.csv").write_text("stage,timesteps,win,win_lo,win_hi,draw,loss\n"
                                     "main,100,0.1,0.05,0.2,0.6,0.3\nmain,200,0.2,0.1,0.3,0.2,0.6\n")
    (curve,) = evaluate.learning_curves(str(run))
    assert curve["steps"] == [100, 200] and curve["win"] == [0.1, 0.2] and curve["win_lo"] == [0.05, 0.1]
    assert curve["value"] == pytest.approx([-0.2, -0.4])  # win - loss: falls while the win rate rises
    out = evaluate.plot_learning_curves([str(run)], str(tmp_path / "plots"))
    assert os.path.getsize(out) > 10_000


def test_a_policy_spec_of_the_config_that_cannot_be_made_is_a_config_error(tmp_path):
    message = fails(["--config", SMOKE, "--output-dir", str(tmp_path), "--set", "opponent=telepath"])
    assert message.startswith("config error: config key 'opponent': unknown policy 'telepath'") and "random" in message
    message = fails(["--config", SMOKE, "--output-dir", str(tmp_path), "--set", "eval.references=[pretrained:nope]"])
    assert "config key 'eval.references'" in message and "unknown pretrained policy 'nope'" in message
    assert not os.listdir(tmp_path)  # nothing was created
