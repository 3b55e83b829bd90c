"""The reward of each result (``result_reward=``): the same in the Gymnasium env, the PettingZoo
env (self-play trains in the Gymnasium env) and the imitation's returns; bad mappings are clear errors."""
import gymnasium as gym
import pytest

import aliens_env  # noqa: F401
from agents import config as cfglib
from aliens_env.core.game import RESULTS, check_result_reward
from aliens_env.pettingzoo import alien_menace_v0

# distinct values, so a reward names the result it came from
REWARDS = {"win": 10.0, "draw": 20.0, "loss": 30.0}


def play_summing_last(env, pick: int, after_step=None) -> dict:
    """Plays a PettingZoo AEC env (reset) to its end, each agent taking its legal action number
    ``pick`` (0 the first, -1 the last), ``after_step()`` called after each live step; returns each
    agent's sum of the rewards ``last()`` handed it."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(obs["action_mask"].nonzero()[0][pick]))
        if after_step is not None:
            after_step()
    return totals


def test_the_gym_env_pays_the_results_reward_at_the_end():
    env = gym.make("aliens_env/AlienMenace-v0", side="marines", opponent="dice", result_reward=REWARDS)
    seen = set()
    for seed in range(30):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = [a for a, ok in enumerate(obs["action_mask"]) if ok]
            obs, reward, done, _, info = env.step(legal[seed % len(legal)])
            if not done:
                assert reward == 0.0
        result = RESULTS[info["outcome"]["marines"]]
        assert reward == REWARDS[result]
        seen.add(result)
    assert len(seen) >= 2  # the games ended in different results


def test_the_pettingzoo_env_pays_each_side_its_results_reward():
    env = alien_menace_v0.env(result_reward=REWARDS)
    env.reset(seed=3)
    totals = play_summing_last(env, pick=0)
    outcome = env.unwrapped.game.outcome()
    for agent in env.possible_agents:
        assert totals[agent] == REWARDS[RESULTS[outcome[agent]]]


def test_imitation_returns_end_with_the_results_reward():
    from agents.imitation import collect

    data = collect("AlienMenace", "marines", "dice", "dice", episodes=4, seed=0, gamma=1.0, shaping=False,
                   result_reward=REWARDS)
    assert set(data["return"].tolist()) <= set(REWARDS.values()) and len(data["return"]) > 0


def test_the_default_is_plus_one_zero_minus_one():
    assert check_result_reward(None) == {"win": 1.0, "draw": 0.0, "loss": -1.0}
    assert cfglib.validate({})["result_reward"] == {"win": 1.0, "draw": 0.0, "loss": -1.0}


@pytest.mark.parametrize("bad", [{"win": 1.0}, {"win": 1, "draw": 0, "loss": "none"}, {"win": 1, "draw": 0, "loss": 0, "tie": 0}, [1, 0, -1]])
def test_a_bad_result_reward_names_the_results(bad):
    with pytest.raises(ValueError, match="result_reward must give a number for each of win, draw, loss"):
        gym.make("aliens_env/AlienMenace-v0", result_reward=bad)


def test_a_bad_result_reward_in_a_config_names_the_key():
    with pytest.raises(cfglib.ConfigError, match=r"unknown config key 'result_reward.tie'"):
        cfglib.validate({"result_reward": {"tie": 0.5}})
    with pytest.raises(cfglib.ConfigError, match=r"config key 'result_reward.loss': expected number"):
        cfglib.validate({"result_reward": {"loss": "zero"}})


def test_the_pettingzoo_env_hands_each_reward_to_last_once():
    """last() gives the reward an agent earned since it last acted (PettingZoo's contract): summed
    over an agent's turns it equals the sum of the per-step rewards, shaping included."""
    from aliens_env.pettingzoo import reactor_room_v0

    env = reactor_room_v0.env(shaping=True)
    for seed in range(3):
        env.reset(seed=seed)
        raw = env.unwrapped
        per_step = {a: 0.0 for a in env.possible_agents}
        nonzero = 0

        def after_step():
            nonlocal nonzero
            for a in env.possible_agents:
                per_step[a] += raw.rewards.get(a, 0.0)
                nonzero += raw.rewards.get(a, 0.0) != 0.0

        from_last = play_summing_last(env, pick=-1, after_step=after_step)
        assert nonzero >= 4  # shaping paid along the way, not only at the end
        for a in env.possible_agents:
            assert from_last[a] == pytest.approx(per_step[a])
