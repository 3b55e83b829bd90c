"""The benchmark command runs and reports every registered environment against the peer."""
import json

import aliens_env
from aliens_env.benchmark import main


def test_benchmark_reports_every_environment_against_connect_four(tmp_path, capsys):
    out = tmp_path / "bench.json"
    rows = main(["--seconds", "0.5", "--json", str(out)])
    assert set(rows) == {"connect_four_v3", *aliens_env.REGISTRY}
    for name in aliens_env.REGISTRY:
        assert rows[name]["aec_steps_per_s"] > 0 and rows[name]["gym_steps_per_s"] > 0
        assert abs(rows[name]["ratio"] - rows[name]["aec_steps_per_s"] / rows["connect_four_v3"]["aec_steps_per_s"]) < 1e-9
    assert json.loads(out.read_text()) == rows
    printed = capsys.readouterr().out
    assert "vs connect_four_v3" in printed and all(name in printed for name in aliens_env.REGISTRY)
