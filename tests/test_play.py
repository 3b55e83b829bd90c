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
