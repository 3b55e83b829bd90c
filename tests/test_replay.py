"""Replays: recording (a Game, a Gymnasium env, a PettingZoo env, the terminal player,
evaluation), reproduction and its checks, the file's limits, the viewer page and the videos."""
from __future__ import annotations

import copy
import importlib
import json
import re

import gymnasium as gym
import numpy as np
import pytest

import aliens_env
from aliens_env.envs.registry import REGISTRY, make_policy
from aliens_env.pettingzoo_names import pettingzoo_module_name
from aliens_env.replay import ReplayError, check, fileformat, load, loads, record
from aliens_env.replay.__main__ import main as replay_main

NAMES = sorted(REGISTRY)


def recorded(name: str, seed: int = 3, steps: int | None = None, players=None) -> dict:
    """A game of the default policies of both sides, recorded through record(game)."""
    game = REGISTRY[name].make_game()
    rec = record(game, players=players or {"marines": "default", "hive": "default"})
    rec.reset(seed)
    policies = {side: make_policy(name, side, None, seed=seed) for side in ("marines", "hive")}
    n = 0
    while not game.is_terminal() and (steps is None or n < steps):
        player = game.current_player()
        rec.apply(policies[player].act(game, player))
        n += 1
    return json.loads(json.dumps(rec.replay()))


@pytest.fixture(scope="module")
def replays() -> dict[str, dict]:
    return {name: recorded(name) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_a_recorded_game_reproduces_and_the_recording_changes_no_roll(name, replays):
    replay = replays[name]
    assert check(replay)["steps"] == len(replay["steps"]) > 0
    assert replay["format_version"] == fileformat.FORMAT_VERSION and replay["aliens_env_version"] == aliens_env.__version__
    assert replay["env"] == name and replay["seed"] == 3 and replay["outcome"] is not None
    # the same game played without recording ends in the same position: the hook changes nothing
    game = REGISTRY[name].make_game()
    game.reset(3)
    policies = {side: make_policy(name, side, None, seed=3) for side in ("marines", "hive")}
    actions = []
    while not game.is_terminal():
        player = game.current_player()
        actions.append(policies[player].act(game, player))
        game.apply(actions[-1])
    assert actions == [s["action"] for s in replay["steps"]]
    assert json.loads(json.dumps(game.to_dict())) == replay["final"]


@pytest.mark.parametrize("name", NAMES)
def test_gym_and_pettingzoo_envs_record_both_sides(name):
    env = record(gym.make(f"aliens_env/{name}-v0"))
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = term or trunc
    replay = loads(json.dumps(env.replay()))
    assert check(replay)["over"] and {s["player"] for s in replay["steps"]} <= {"marines", "hive"}
    assert replay["seed"] == 5

    module = importlib.import_module("aliens_env.pettingzoo." + pettingzoo_module_name(name))
    aec = record(module.env())
    for seed in range(6, 16):  # (a short random game may end before the hive has a choice: the next seed)
        aec.reset(seed=seed)
        for agent in aec.agent_iter():
            obs, _, term, trunc, _ = aec.last()
            aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        replay = loads(json.dumps(aec.replay()))
        assert check(replay)["over"]
        if {s["player"] for s in replay["steps"]} == {"marines", "hive"}:
            break
    assert {s["player"] for s in replay["steps"]} == {"marines", "hive"}


def test_a_replay_from_a_saved_position_has_no_seed_and_reproduces():
    game = REGISTRY["ReactorRoom"].make_game()
    game.reset(11)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    rec = record(game)  # from the position it is in
    for _ in range(10):
        rec.apply(game.legal_actions()[-1])
    replay = loads(json.dumps(rec.replay()))
    assert replay["seed"] is None and replay["outcome"] is None and check(replay)["steps"] == 10


def test_dice_log_records_rolls_and_is_off_by_default():
    from aliens_env.core.dice import Dice

    dice = Dice(1)
    assert dice.log is None
    dice.log = []
    a, b = dice.d6(), dice.d10()
    assert dice.log == [(1, 6, a), (0, 9, b)]
    assert dice.clone().log is None and copy.deepcopy(dice).log is None
    plain = Dice(1)
    assert [plain.d6(), plain.d10()] == [a, b]  # recording changes no roll


def tamper(replay: dict, change) -> dict:
    out = copy.deepcopy(replay)
    change(out)
    return out


def test_a_tampered_replay_is_a_clear_error(replays):
    replay = replays["ReactorRoom"]
    i = next(i for i, s in enumerate(replay["steps"]) if s["dice"])

    def dice(r):
        r["steps"][i]["dice"][0] = (r["steps"][i]["dice"][0] + 1) % 6

    with pytest.raises(ReplayError, match=rf"step {i} .*the dice rolled"):
        check(tamper(replay, dice))
    j = next(j for j, s in enumerate(replay["steps"]) if s["player"] == "marines")
    with pytest.raises(ReplayError, match=rf"step {j}: action .* not legal|step {j}: action .* is '"):
        check(tamper(replay, lambda r: r["steps"][j].update(action=(r["steps"][j]["action"] + 1) % 10)))
    with pytest.raises(ReplayError, match="calls it"):
        check(tamper(replay, lambda r: r["steps"][0].update(name="something else")))
    with pytest.raises(ReplayError, match="final position differs"):
        check(tamper(replay, lambda r: r["final"].update(turn=r["final"]["turn"] + 1)))
    with pytest.raises(ReplayError, match="start is not what seed"):
        check(tamper(replay, lambda r: r.update(seed=r["seed"] + 1)))
    with pytest.raises(ReplayError, match="the game was already over"):
        check(tamper(replay, lambda r: r["steps"].append(dict(r["steps"][-1]))))


def test_another_version_is_a_clear_error(replays):
    replay = replays["RipleyQueen"]
    with pytest.raises(ReplayError, match="format version 2; this aliens_env reads version 1"):
        validate_text(tamper(replay, lambda r: r.update(format_version=2)))
    other = tamper(replay, lambda r: r.update(aliens_env_version="0.0.1"))
    with pytest.raises(ReplayError, match="recorded with aliens_env 0.0.1, this is"):
        check(other)
    assert check(other, any_version=True)["steps"] == len(replay["steps"])


def validate_text(replay) -> dict:
    return loads(json.dumps(replay))


@pytest.mark.parametrize("change, message", [
    (lambda r: r.pop("steps"), r"missing field\(s\) \['steps'\]"),
    (lambda r: r.update(extra=1), r"unknown field\(s\) \['extra'\]"),
    (lambda r: r.update(format="something"), "not an aliens-env replay"),
    (lambda r: r.update(steps={}), "steps must be a list"),
    (lambda r: r["steps"][0].update(action="north"), r"steps\[0\].action must be a whole number"),
    (lambda r: r["steps"][0].update(player="nobody"), r"steps\[0\].player must be"),
    (lambda r: r["steps"][0].update(dice=[1.5]), r"steps\[0\].dice must be a list of die results"),
    (lambda r: r["steps"][0].update(choice_dice=[[0, 9]]), r"steps\[0\].choice_dice must be a list of rolls"),
    (lambda r: r["steps"][0].update(name="x" * 1000), r"steps\[0\].name must be a string of at most 500"),
    (lambda r: r.update(players={"marines": 3}), "players must map"),
    (lambda r: r.update(env="Chess"), "unknown environment 'Chess'"),
    (lambda r: r.update(seed=None, start={"game": "RipleyQueen", "config": r["options"]}),
     "options or start position are not valid"),
    (lambda r: r.update(options={"turn_limit": 3}), "options differ from its start position's config"),
])
def test_a_malformed_replay_is_a_clear_one_line_error(replays, change, message):
    bad = tamper(replays["RipleyQueen"], change)
    with pytest.raises(ReplayError, match=message) as info:
        check(validate_text(bad))
    assert "\n" not in str(info.value)


def test_oversized_or_unreadable_files_are_errors(tmp_path, monkeypatch, replays):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(replays["RipleyQueen"]))
    monkeypatch.setattr(fileformat, "MAX_BYTES", 100)
    with pytest.raises(ReplayError, match="a replay may be at most 100 bytes"):
        load(str(path))
    monkeypatch.undo()
    monkeypatch.setattr(fileformat, "MAX_STEPS", 2)
    with pytest.raises(ReplayError, match="steps; a replay may hold at most 2"):
        load(str(path))
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(ReplayError, match="not valid JSON"):
        load(str(tmp_path / "bad.json"))
    with pytest.raises(ReplayError, match="cannot read"):
        load(str(tmp_path / "missing.json"))


def test_the_command_line_checks_and_reports_one_line_errors(tmp_path, capsys, replays):
    good = tmp_path / "good.json"
    fileformat.save(replays["AlienMenace"], str(good))
    assert replay_main(["check", str(good)]) == 0
    assert "reproduces: AlienMenace" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    fileformat.save(tamper(replays["AlienMenace"], lambda r: r.update(format_version=9)), str(bad))
    assert replay_main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "format version 9" in err


def test_the_terminal_player_records_a_replay(tmp_path):
    from aliens_env.play import main as play_main

    out = tmp_path / "play.json"
    answers = iter(["0"] * 200)
    lines = []
    assert play_main(["RipleyQueen", "--seed", "4", "--replay", str(out)], read=lambda _: next(answers),
                     write=lines.append) == 0
    replay = load(str(out))
    assert check(replay)["over"] and replay["players"]["marines"] == "you" and replay["seed"] == 4
    assert f"replay saved to {out}" in lines


def test_evaluation_records_the_first_n_games(tmp_path):
    from agents.evaluation import play_matchup

    summary = play_matchup("RipleyQueen", "heuristic", "dice", episodes=4, seed=10, replays=(str(tmp_path), 2))
    assert [p.rsplit("_seed", 1)[1] for p in summary["replays"]] == ["10.json", "11.json"]
    for path in summary["replays"]:
        replay = load(path)
        assert check(replay)["over"] and replay["players"] == {"marines": "heuristic", "hive": "dice"}


def test_evaluate_writes_replays_and_videos(tmp_path, capsys):
    pytest.importorskip("imageio", reason="videos need imageio (the viewer extra)")
    import evaluate

    assert evaluate.main(["--env", "RipleyQueen", "--marines", "heuristic", "--hive", "dice", "--episodes", "3",
                          "--workers", "1", "--replays", "2", str(tmp_path / "r"), "--video", "1",
                          "--video-dir", str(tmp_path / "v")]) == 0
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == [
        "RipleyQueen_heuristic_vs_dice_seed0.json", "RipleyQueen_heuristic_vs_dice_seed1.json"]
    assert [p.name for p in (tmp_path / "v").iterdir()] == ["RipleyQueen_heuristic_vs_dice_seed0.gif"]
    assert "wrote " + str(tmp_path / "v" / "RipleyQueen_heuristic_vs_dice_seed0.gif") in capsys.readouterr().out


# -- the viewer page ---------------------------------------------------------------------------
def test_the_page_is_self_contained(tmp_path, replays):
    from aliens_env.replay import viewer

    html = viewer.page(replays["RipleyQueen"])
    assert "Content-Security-Policy" in html and "default-src 'none'" in html
    assert not re.search(r"(?:src|href)\s*=\s*[\"'](?!data:)", html)  # nothing is loaded from anywhere
    assert "http://" not in html and "https://" not in html and "innerHTML" not in html
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', html, re.S).group(1))
    assert len(data["frames"]) == len(replays["RipleyQueen"]["steps"]) + 1
    assert [s["name"] for s in data["steps"]] == [s["name"] for s in replays["RipleyQueen"]["steps"]]


def test_the_page_shows_a_hand_only_to_its_side(replays):
    from aliens_env.replay import viewer

    replay = replays["AlienMenace"]
    as_marines, spectator = viewer.frames(replay, "marines"), viewer.frames(replay, "all")
    assert all("Alien: " in f["text"] and "(hidden)" in f["text"].split("Alien: ")[1].splitlines()[0]
               for f in as_marines["frames"])
    assert not any("(hidden)" in f["text"] for f in spectator["frames"])
    assert as_marines["atlases"] != spectator["atlases"]  # the pictures differ too (card backs)
    with pytest.raises(ValueError, match="unknown viewer 'queen'"):
        viewer.frames(replay, "queen")


def markup_replay(monkeypatch) -> dict:
    """A Ripley vs. the Queen replay whose action names and player labels hold markup."""
    from aliens_env.ripley_queen.game import RipleyQueen

    describe = RipleyQueen.describe_action
    monkeypatch.setattr(RipleyQueen, "describe_action",
                        lambda self, a: "<script>window.pwned = 1</script><b>" + describe(self, a) + "</b>")
    return recorded("RipleyQueen", players={"marines": "<img src=x onerror=\"window.pwned = 2\">",
                                            "hive": "</script><script>window.pwned = 3</script>"})


def test_markup_in_a_replay_never_reaches_the_page_as_markup(monkeypatch):
    from aliens_env.replay import viewer

    replay = markup_replay(monkeypatch)
    html = viewer.page(replay)
    assert "<script>window.pwned" not in html and "<img src=x" not in html and "<b>" not in html
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', html, re.S).group(1))
    assert data["steps"][0]["name"].startswith("<script>window.pwned = 1</script><b>")  # kept, as text


def test_view_writes_a_page_and_a_bad_replay_is_an_error(tmp_path, capsys, replays):
    path = tmp_path / "g.json"
    fileformat.save(recorded("BugHunt", steps=30), str(path))
    assert replay_main(["view", str(path), "--no-open", "--viewer", "marines"]) == 0
    assert (tmp_path / "g.html").exists() and "wrote" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text(json.dumps({"format": "aliens-env-replay", "format_version": 1}))
    assert replay_main(["view", str(tmp_path / "bad.json"), "--no-open"]) == 1
    assert "missing field(s)" in capsys.readouterr().err


# -- videos --------------------------------------------------------------------------------------
def test_video_gif_and_mp4(tmp_path, replays):
    iio = pytest.importorskip("imageio.v3", reason="videos need imageio (the viewer extra)")
    replay = replays["RipleyQueen"]
    path = tmp_path / "g.json"
    fileformat.save(replay, str(path))
    assert replay_main(["video", str(path), "--out", str(tmp_path / "g.gif")]) == 0
    frames = iio.imread(tmp_path / "g.gif")
    assert frames.shape[0] == len(replay["steps"]) + 1 and frames.shape[-1] in (3, 4)
    assert replay_main(["video", str(path), "--out", str(tmp_path / "g.avi")]) == 1
    pytest.importorskip("imageio_ffmpeg", reason="MP4 needs the ffmpeg codec (imageio-ffmpeg)")
    assert replay_main(["video", str(path), "--out", str(tmp_path / "g.mp4")]) == 0
    assert (tmp_path / "g.mp4").stat().st_size > 1000
