"""The PettingZoo adapter's cumulative rewards (what last() hands out) against the plain rule they
follow: the acting agent's starts again at 0.0, then every agent's gets this step's reward. The
adapter skips the adding while the game goes on without shaping (every reward 0.0 then): this
checks the skip changes no value, at every step, with and without shaping, up to the results."""
import random

import pytest

from aliens_env.benchmark import aec_env_function


@pytest.mark.parametrize("shaping", [False, True])
@pytest.mark.parametrize("name", ["AlienMenace", "ReactorRoom", "BugHunt"])
def test_cumulative_rewards_follow_the_plain_rule(name, shaping):
    env = aec_env_function(name)(shaping=shaping)
    raw, rng, ends = env.unwrapped, random.Random(7), 0
    for episode in range(4):
        env.reset(seed=episode)
        expected = dict(raw._cumulative_rewards)
        assert all(value == 0.0 for value in expected.values())
        for _ in range(3000):
            agent = raw.agent_selection
            if raw.terminations[agent] or raw.truncations[agent]:
                ends += 1
                break
            mask = env.observe(agent)["action_mask"]
            env.step(rng.choice([i for i, legal in enumerate(mask) if legal]))
            expected[agent] = 0.0
            for a in expected:
                expected[a] += raw.rewards[a]
            # (repr: a 0.0 and a -0.0 differ too)
            assert {a: repr(v) for a, v in raw._cumulative_rewards.items()} == {a: repr(v) for a, v in expected.items()}
    assert ends >= 2  # games played to their results, whose rewards are added
