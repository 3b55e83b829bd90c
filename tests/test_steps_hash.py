"""tools/steps_hash.py: the hash of the benchmark's random legal play is the same for the same
games and changes with any of them (another seed, another environment, one turn more)."""
import importlib.util
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "tools" / "steps_hash.py"
_SPEC = importlib.util.spec_from_file_location("steps_hash", _PATH)
steps_hash = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(steps_hash)


def test_the_same_games_hash_alike_and_other_games_differently():
    first = steps_hash.steps_hash("AlienMenace", 120)
    assert steps_hash.steps_hash("AlienMenace", 120) == first
    assert steps_hash.steps_hash("AlienMenace", 121) != first
    assert steps_hash.steps_hash("AlienMenace", 120, seed=1) != first
    assert steps_hash.steps_hash("ReactorRoom", 120) != first


def test_the_command_prints_one_line_per_environment_and_refuses_unknown_names(capsys):
    steps_hash.main(["40", "AlienMenace", "ReactorRoom"])
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["AlienMenace", "ReactorRoom"]
    assert lines[0].split()[1] == steps_hash.steps_hash("AlienMenace", 40)
    with pytest.raises(SystemExit):
        steps_hash.main(["40", "NoSuchEnv"])
    assert "unknown environment(s) ['NoSuchEnv']" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        steps_hash.main(["0"])
    assert "turns must be above 0" in capsys.readouterr().err
