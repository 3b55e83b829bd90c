"""tools/callgrind_steps.py: the counts read from callgrind's output by event name, and the play it
measures (the peer's too: --cache compares the two)."""
import importlib.util
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "tools" / "callgrind_steps.py"
_SPEC = importlib.util.spec_from_file_location("callgrind_steps", _PATH)
callgrind_steps = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(callgrind_steps)


def test_totals_are_read_by_event_name(tmp_path):
    out = tmp_path / "callgrind.out"
    out.write_text("version: 1\nevents: Ir I1mr D1mr D1mw ILmr DLmr DLmw\nfn=(1) f\n0 5 0 0 0 0 0 0\n"
                   "totals: 307000000 10000 6000 3000 830 560 820\n")
    counts = callgrind_steps.read_totals(str(out))
    assert counts == {"Ir": 307000000, "I1mr": 10000, "D1mr": 6000, "D1mw": 3000, "ILmr": 830, "DLmr": 560, "DLmw": 820}
    assert set(callgrind_steps.MISSES) <= set(counts)


def test_a_file_with_no_totals_is_refused(tmp_path):
    out = tmp_path / "callgrind.out"
    out.write_text("version: 1\nevents: Ir\n")
    with pytest.raises(SystemExit, match="no events or totals line"):
        callgrind_steps.read_totals(str(out))


@pytest.mark.parametrize("name", ["connect_four_v3", "BugHunt"])
def test_the_measured_play_runs_for_the_peer_and_an_environment(name):
    callgrind_steps.play(name, warm=20, steps=20)
