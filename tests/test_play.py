"""The terminal player: choosing actions by number or by name, quitting, saving and loading."""
import json

import aliens_env
from aliens_env.play import main


def run(argv, answers):
    answers = iter(answers)
    out = []
    code = main(argv, read=lambda prompt: next(answers), write=out.append)
    return code, "\n".join(out)


def test_plays_a_whole_game_by_numbers():
    code, text = run(["ReactorRoom", "--seed", "1"], iter(lambda: "0", None))
    assert code == 0 and "result for marines:" in text


def test_names_quit_and_save(tmp_path):
    path = tmp_path / "pos.json"
    code, text = run(["ReactorRoom", "--seed", "2", "--save", str(path)], ["aim", "nonsense", "q"])
    assert "Apone aims (1)" in text and "'nonsense' matches 0 legal actions" in text and "quit" in text
    saved = json.loads(path.read_text())
    assert saved["game"] == "ReactorRoom"
    code, text = run(["ReactorRoom", "--load", str(path)], ["q"])
    assert "Aim 1" in text


def test_every_registered_env_can_be_played_as_either_side():
    for name in aliens_env.REGISTRY:
        for side in ("marines", "hive"):
            code, text = run([name, "--side", side, "--seed", "3"], iter(lambda: "0", None))
            assert code == 0 and f"result for {side}:" in text


def test_the_human_never_sees_the_bots_hidden_hand():
    code, text = run(["AlienMenace", "--side", "marines", "--seed", "5"], ["q"])
    shown = text.split("quit")[0]
    assert "Alien: " in shown and "(hidden)" in shown


def raising(exc):
    def read(prompt):
        raise exc
    return read


def test_end_of_input_and_ctrl_c_quit_cleanly(tmp_path):
    for exc, expected in ((EOFError, 0), (KeyboardInterrupt, 130)):
        out = []
        path = tmp_path / f"{exc.__name__}.json"
        code = main(["ReactorRoom", "--seed", "2", "--save", str(path)], read=raising(exc), write=out.append)
        assert code == expected and "bye" in out
        assert json.loads(path.read_text())["game"] == "ReactorRoom"  # --save still writes the position


def error_line(capsys, argv) -> str:
    code = main(argv, read=raising(AssertionError("no prompt expected")), write=lambda text: None)
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    return err


def test_bad_files_and_opponents_are_one_line_errors(capsys, tmp_path):
    missing = tmp_path / "missing.json"
    assert "cannot read" in error_line(capsys, ["ReactorRoom", "--load", str(missing)])
    other = tmp_path / "menace.json"
    game = aliens_env.envs.get_spec("AlienMenace").make_game()
    other.write_text(game.to_json())
    assert "not a ReactorRoom position" in error_line(capsys, ["ReactorRoom", "--load", str(other)])
    broken = tmp_path / "broken.json"
    broken.write_text(game.to_json()[:50])
    assert "not valid JSON" in error_line(capsys, ["AlienMenace", "--load", str(broken)])
    assert "no model file" in error_line(capsys, ["ReactorRoom", "--opponent", f"ppo:{tmp_path / 'none.zip'}"])
    assert "unknown policy" in error_line(capsys, ["ReactorRoom", "--opponent", "telepath"])


def test_saving_to_a_bad_path_is_reported_and_play_goes_on(tmp_path):
    code, text = run(["ReactorRoom", "--seed", "2"], [f"s {tmp_path / 'no' / 'such' / 'dir.json'}", "q"])
    assert code == 0 and "cannot save to" in text and "quit" in text


def test_the_terminal_player_from_a_real_stdin(tmp_path):
    """The command itself: end of input says bye; a missing --load file is one line on stderr."""
    import subprocess
    import sys

    run_it = lambda *args: subprocess.run([sys.executable, "-m", "aliens_env.play", "ReactorRoom", *args],
                                          input="", capture_output=True, text=True, timeout=120)
    done = run_it("--seed", "1")
    assert done.returncode == 0 and "bye" in done.stdout and "Traceback" not in done.stderr
    failed = run_it("--load", str(tmp_path / "missing.json"))
    assert failed.returncode == 1 and failed.stderr.count("\n") == 1 and "cannot read" in failed.stderr


def test_empty_input_asks_again_without_matching_anything():
    code, text = run(["ReactorRoom", "--seed", "2"], ["", "  ", "q"])
    assert "matches" not in text
    assert text.count("type the number of an action (0-") == 2 and "quit" in text


def test_an_unknown_opponent_lists_the_policies_once(capsys):
    err = error_line(capsys, ["ReactorRoom", "--opponent", "telepath"])
    assert err.count("'random'") == 1 and "ppo:PATH" in err


def test_options_are_given_with_option_and_the_new_actions_are_named(capsys):
    code, text = run(["ReactorRoom", "--seed", "2", "--option", "hand_grenades=true", "--option", "fires=true"], ["?", "q"])
    assert code == 0 and "Apone: draw and arm a hand grenade here" in text and "set a Fire at (" in text
    assert "unknown Reactor Room option(s) ['napalm']" in error_line(capsys, ["ReactorRoom", "--option", "napalm=true"])
    assert "give KEY=VALUE" in error_line(capsys, ["ReactorRoom", "--option", "fires"])
