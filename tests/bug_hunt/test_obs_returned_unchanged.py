"""An observation returned never changes afterwards (session 56: the kept map planes are rewritten in
place only where squares changed): every
observation of random legal play of BugHunt and BugHuntTactics, through the PettingZoo env, is kept
beside a copy taken when it was returned, and all still equal their copies at the end (over new
layout versions and rooms entered along the way)."""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.benchmark import aec_env_function


@pytest.mark.parametrize("name", ["BugHunt", "BugHuntTactics"])
def test_no_observation_returned_changes_later(name):
    env = aec_env_function(name)()
    rng = np.random.default_rng(11)
    kept, versions = [], set()
    env.reset(seed=11)
    for _ in range(2000):
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        for who in env.agents:  # (each side's view, the acting one's from last() too)
            seen = env.observe(who)
            kept.append((seen, seen.copy() if isinstance(seen, np.ndarray) else {k: v.copy() for k, v in seen.items()}))
        kept.append((obs, {k: v.copy() for k, v in obs.items()} if isinstance(obs, dict) else obs.copy()))
        versions.add((env.unwrapped.game.colony, env.unwrapped.game.colony.version))
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset(seed=int(rng.integers(1 << 30)))
            continue
        mask = obs["action_mask"] if isinstance(obs, dict) else env.unwrapped.game.legal_mask(agent)
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert len(versions) > 15  # (the layout changed often along the way)
    for seen, copy in kept:
        if isinstance(copy, dict):
            assert all(np.array_equal(seen[k], copy[k], equal_nan=True) for k in copy)
        else:
            assert np.array_equal(seen, copy, equal_nan=True)
