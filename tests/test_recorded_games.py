"""Behaviour is kept: the recorded seeded games of every registered environment (tests/recorded_games.py)
hash the same as when they were recorded. A speed change must never re-record them."""
import json

import pytest

import aliens_env
from recorded_games import RECORD_FILE, fingerprint

RECORDED = json.loads(RECORD_FILE.read_text())


@pytest.mark.parametrize("name", sorted(aliens_env.REGISTRY))
def test_recorded_games_replay_identically(name):
    assert name in RECORDED, (f"{name} has no recorded games; record them once with "
                              f"python -m tests.recorded_games --record")
    assert fingerprint(name) == RECORDED[name]
