"""The benchmark command runs and reports every registered environment against the peer."""
import json
import random
import statistics

import numpy as np
import pytest

import aliens_env
from aliens_env import benchmark
from aliens_env.benchmark import main


def test_benchmark_reports_every_environment_against_connect_four(tmp_path, capsys):
    out = tmp_path / "bench.json"
    rows = main(["--seconds", "0.5", "--json", str(out)])
    assert set(rows) == {"connect_four_v3", *aliens_env.REGISTRY}
    for name in aliens_env.REGISTRY:
        assert rows[name]["aec_steps_per_s"] > 0 and rows[name]["gym_steps_per_s"] > 0
        assert len(rows[name]["ratios"]) == 2  # (0.5 s in quarter-second slices: two pairs)
        assert rows[name]["ratio"] == statistics.median(rows[name]["ratios"])
    assert json.loads(out.read_text()) == rows
    printed = capsys.readouterr().out
    assert "vs connect_four_v3" in printed and all(name in printed for name in aliens_env.REGISTRY)


def test_env_measures_the_named_environments_only_beside_the_peer(capsys):
    rows = main(["--seconds", "0.3", "--env", "BugHunt", "--env", "ReactorRoom"])
    assert set(rows) == {"connect_four_v3", "BugHunt", "ReactorRoom"}
    assert rows["BugHunt"]["aec_steps_per_s"] > 0 and rows["ReactorRoom"]["gym_steps_per_s"] > 0
    printed = capsys.readouterr().out
    assert "BugHunt" in printed and "AlienMenace" not in printed
    with pytest.raises(SystemExit):
        main(["--env", "BugHnut"])
    error = capsys.readouterr().err
    assert "'BugHnut'" in error and "BugHuntTactics" in error  # the unknown name, and the allowed ones


def test_train_mode_reports_every_environment_in_both_settings_and_the_default_config(monkeypatch, capsys):
    """--train with tiny rollouts (16 steps x 4 envs, one update each): the structure, not the speed."""
    from aliens_env import benchmark
    from aliens_env.envs.actions import SideActions
    from aliens_env.envs.observations import Observer

    monkeypatch.setattr(benchmark, "TRAIN_N_STEPS", 16)
    monkeypatch.setattr(benchmark, "DEFAULT_CONFIG_SET", {"ppo.n_steps": 16, "ppo.batch_size": 64})
    rows = main(["--train", "--seconds", "0.01"])
    assert set(rows) == {"connect_four_v3", *aliens_env.REGISTRY, "default config"}
    for name in ("connect_four_v3", *aliens_env.REGISTRY):
        for setting in ("full", "compact"):
            row, peer = rows[name][setting], rows["connect_four_v3"][setting]
            assert row["train_steps_per_s"] > 0
            if name == "connect_four_v3":
                assert row["ratio"] == 1.0 and "ratios" not in row
            else:  # paired slices: the median of the pairs' ratios, one pair a round (a single round here)
                assert len(row["ratios"]) == 1 and row["ratio"] == row["ratios"][0] > 0
    for name, spec in aliens_env.REGISTRY.items():  # each setting trains on its own observation and actions
        game = spec.make_game()
        assert rows[name]["full"]["observation"] == game.observation_shape[0]
        assert rows[name]["compact"]["observation"] == Observer(game, "compact").shape[0]
        assert rows[name]["full"]["actions"] == game.layout.size
        assert rows[name]["compact"]["actions"] == SideActions(game, "marines", "side", Observer(game, "compact").shown_rows).n
    assert rows["connect_four_v3"]["full"]["observation"] == 84 and rows["connect_four_v3"]["full"]["actions"] == 7
    assert rows["default config"]["train_steps_per_s"] > 0
    printed = capsys.readouterr().out
    assert "MaskablePPO, 4 DummyVecEnv, n_steps 16, MLP 64x64, 1 torch thread" in printed
    assert "compact" in printed and "actions=\"side\"" in printed and "default training config" in printed
    assert all(name in printed for name in aliens_env.REGISTRY)


def test_train_mode_measures_the_environments_named(monkeypatch):
    from aliens_env import benchmark

    monkeypatch.setattr(benchmark, "TRAIN_N_STEPS", 16)
    monkeypatch.setattr(benchmark, "default_config_model", lambda path=None: None)
    rows = main(["--train", "--seconds", "0.01", "--env", "DropShip"])
    assert set(rows) == {"connect_four_v3", "DropShip"}


def test_the_train_cost_tool_measures_a_do_nothing_env(capsys):
    """tools/train_cost.py: one row per OBSERVATIONxACTIONS pair; a bad pair names the form."""
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).parent.parent / "tools" / "train_cost.py"
    spec = importlib.util.spec_from_file_location("train_cost", path)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    env = tool.NullEnv(5, 3)
    obs, _ = env.reset(seed=0)
    assert obs["observation"].shape == (5,) and obs["action_mask"].tolist() == [1, 1, 1]
    with pytest.raises(SystemExit, match="OBSERVATIONxACTIONS"):
        tool.parse("12by3")
    with pytest.raises(SystemExit, match="OBSERVATIONxACTIONS"):
        tool.parse("0x3")
    assert tool.parse("312x181") == (312, 181)


def test_connect_four_gym_plays_whole_games_against_a_random_opponent():
    from pettingzoo.classic import connect_four_v3

    from aliens_env.benchmark import ConnectFourGym

    env = ConnectFourGym(connect_four_v3.env)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    results = []
    while len(results) < 20:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        assert not truncated
        if terminated:
            results.append(reward)
            obs, _ = env.reset()
    assert set(results) <= {-1.0, 0.0, 1.0} and len(set(results)) > 1


def test_memory_mode_reports_every_environment(tmp_path, capsys):
    rows = main(["--memory", "--memory-steps", "640", "--json", str(tmp_path / "memory.json")])
    assert set(rows) == set(aliens_env.REGISTRY)
    for row in rows.values():
        assert row["one_steps"] > 0 and row["envs_steps"] > 0
        for key in ("one_env_mb", "envs_mb", "one_rss_start_mb", "one_rss_end_mb", "envs_rss_start_mb", "envs_rss_end_mb"):
            assert isinstance(row[key], float)
    assert json.loads((tmp_path / "memory.json").read_text()) == rows
    printed = capsys.readouterr().out
    assert "64 envs" in printed and "grew" in printed and all(name in printed for name in aliens_env.REGISTRY)


def test_memory_start_is_read_once_every_env_has_warmed_up(monkeypatch):
    """--memory's "start" RSS is read after every env (the one, then each of the 64) has played
    warm_up_turns: read after the 64 envs' first 15 turns, their "grew" counted their caches
    filling (64 Bug Hunt envs: +20 MB by 50,000 steps, then +2 MB over 750,000 more)."""
    runners, reads = [], []  # every runner built; the turns each had played at every RSS read
    init, steps = benchmark.AECRunner.__init__, benchmark.AECRunner.steps

    def counting_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.turns = 0
        runners.append(self)

    def counting_steps(self, count):
        self.turns += count
        return steps(self, count)

    def fake_rss():  # the read's index stands for the RSS: the row says which read it used
        reads.append([r.turns for r in runners])
        return float(len(reads) - 1)
    monkeypatch.setattr(benchmark.AECRunner, "__init__", counting_init)
    monkeypatch.setattr(benchmark.AECRunner, "steps", counting_steps)
    monkeypatch.setattr(benchmark, "rss_mb", fake_rss)
    total = 6400
    row = benchmark.memory_row("AlienMenace", total)
    warm = benchmark.warm_up_turns(total)
    assert warm == 64 and row["warm_up_turns"] == warm and len(runners) == 1 + benchmark.MEMORY_COPIES
    one_start, envs_start = reads[int(row["one_rss_start_mb"])], reads[int(row["envs_rss_start_mb"])]
    share = total // benchmark.MEMORY_COPIES // 100  # the 64 envs' turns per round
    assert one_start[0] == warm  # the one env warmed (one round of total // 100), the 64 not yet started
    assert envs_start[1:] == [warm] * benchmark.MEMORY_COPIES and share == 1
    assert reads[int(row["envs_rss_end_mb"])][1:] == [warm + 100 * share] * benchmark.MEMORY_COPIES


def test_help_says_how_long_a_run_takes(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"takes about {3 * len(aliens_env.REGISTRY) + 1} x --seconds" in text
    assert "--train" in text and "--memory" in text


class ScriptedRunner:
    """A runner whose slices play the scripted (steps, seconds) in turn, each slice logged by name."""

    def __init__(self, name, slices, log):
        self.name, self.slices, self.log = name, iter(slices), log

    def run(self, seconds):
        self.log.append(self.name)
        return next(self.slices)


def test_paired_slices_each_ratio_its_own_slice_over_the_peer_slice_right_before_it():
    """Each AEC runner's slice follows one of the peer's, and its ratio is the pair's (not the ratio
    of totals, which mixes host speeds of slices seconds apart); a runner not paired (the Gym one) is
    measured with no peer slice before it and has no ratio; the rates are totals over the timed slices."""
    log = []
    peer = ScriptedRunner("peer", [(1, 1.0), (100, 1.0), (400, 1.0)], log)  # warm-up, then a slow and a fast host
    env = ScriptedRunner("env", [(1, 1.0), (90, 1.0), (300, 1.0)], log)
    gym = ScriptedRunner("gym", [(1, 1.0), (50, 1.0), (70, 1.0)], log)
    rates, ratios = benchmark.measure_paired(peer, {"env": env, "gym": gym}, ["env"], seconds=0.5)
    assert log == ["peer", "env", "gym"] + ["peer", "env", "gym"] * 2
    assert ratios == {"env": [0.9, 0.75]}
    assert rates == {"connect_four_v3": 250.0, "env": 195.0, "gym": 60.0}  # (the totals' 195 / 250: 0.78)


def test_measure_with_no_peer_interleaves_the_runners_and_pairs_none():
    """measure (measure_paired with no peer): a warm-up slice each, then the runners in turn, each
    rate its timed slices' totals; no peer slice, no ratio."""
    log = []
    a = ScriptedRunner("a", [(1, 1.0), (10, 1.0), (30, 2.0)], log)
    b = ScriptedRunner("b", [(1, 1.0), (5, 1.0), (5, 1.0)], log)
    assert benchmark.measure({"a": a, "b": b}, seconds=0.5) == {"a": 40 / 3, "b": 5.0}
    assert log == ["a", "b"] * 3


@pytest.mark.parametrize("peer, runners, paired, reason", [
    (True, {"connect_four_v3": 1}, ["connect_four_v3"], "names the peer"),
    (True, {"env": 1}, ["other"], "not runners"),
    (None, {"env": 1}, ["env"], "no peer"),
    (True, {"env": 1}, [], "never be timed")])
def test_measure_paired_refuses_pairs_it_cannot_measure(peer, runners, paired, reason):
    with pytest.raises(ValueError, match=reason):
        benchmark.measure_paired(peer, runners, paired, seconds=0.5)


@pytest.mark.parametrize("argv", [["--seconds", "0"], ["--memory-steps", "-5"], ["--train", "--memory"],
                                  ["--env", "NoSuchGame"], ["--env", "BugHunt", "--memory"]])
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit):
        main(argv)
    assert "error:" in capsys.readouterr().err


def test_random_legal_draws_as_flatnonzero_would_list_the_legal_actions():
    """The loop's pick reads the int8 mask as booleans: the same legal list, one randrange draw."""
    masks = np.random.default_rng(5).integers(0, 2, size=(200, 1264), dtype=np.int8)
    masks[:, 7] = 1  # (none empty)
    picks, expected = random.Random(9), random.Random(9)
    for mask in masks:
        legal = np.flatnonzero(mask)
        assert benchmark.random_legal(picks, mask) == int(legal[expected.randrange(len(legal))])
    one = np.zeros(1264, dtype=np.int8)
    one[1263] = 1
    assert benchmark.random_legal(picks, one) == 1263


def test_step_speed_without_the_peer_measures_the_environments_alone(monkeypatch):
    """No peer (PettingZoo's classic games need pygame): the environments' rates, no ratio and no
    peer row."""
    monkeypatch.setattr(benchmark, "peer_env_function", lambda: None)
    rows = benchmark.step_speed(0.25, ["BugHunt"])
    assert list(rows) == ["BugHunt"]
    assert rows["BugHunt"]["aec_steps_per_s"] > 0 and rows["BugHunt"]["gym_steps_per_s"] > 0
    assert "ratio" not in rows["BugHunt"]


def test_train_speed_without_the_peer_measures_the_environments_alone(monkeypatch, capsys):
    """--train with no peer: each environment's rates in both settings, no ratio, no peer row, and no
    sentence about a peer it did not measure."""
    monkeypatch.setattr(benchmark, "peer_env_function", lambda: None)
    monkeypatch.setattr(benchmark, "TRAIN_N_STEPS", 16)
    rows = benchmark.train_speed(0.01, default_config="/nonexistent/default.yaml", names=["DropShip"])
    assert list(rows) == ["DropShip"]
    for setting in ("full", "compact"):
        assert rows["DropShip"][setting]["train_steps_per_s"] > 0
        assert "ratio" not in rows["DropShip"][setting] and "ratios" not in rows["DropShip"][setting]
    printed = capsys.readouterr().out
    assert "connect_four_v3" not in printed.split("environment")[0].split("MaskablePPO")[1]


@pytest.mark.parametrize("ratios, quartiles", [((), None), ((0.9,), None), ((0.8, 1.0, 1.2), (0.8, 1.2)),
                                               ((9.5, 10.0, 10.5, 11.0), (9.625, 10.875))])
def test_a_train_cell_prints_the_median_and_the_quartiles_of_the_pairs(ratios, quartiles):
    """One setting's cells: steps/s, the ratio (or "-" with no peer) and, from two pairs on, the
    quartiles of the pairs' ratios, right-aligned in their 12 characters whatever their size."""
    row = {"observation": 84, "actions": 7, "train_steps_per_s": 1234.0}
    if ratios:
        row.update(ratio=statistics.median(ratios), ratios=list(ratios))
    cells = benchmark.train_cells(row)
    assert len(cells) == 8 + 9 + 9 + 9 + 12 and "1,234" in cells
    assert cells[26:35].strip() == (f"{statistics.median(ratios):.2f}x" if ratios else "-")
    if quartiles is None:
        assert cells[35:].strip() == ""
    else:
        assert cells[35:].strip() == f"{quartiles[0]:.2f}-{quartiles[1]:.2f}"
