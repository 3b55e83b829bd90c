"""reset(options=...) in both adapters: a saved position is where the episode starts; a bad
position is a ValueError naming the field and changes nothing; a misspelt option is a ValueError
naming the allowed ones (a warning in the PettingZoo env, whose API test resets with a made-up
option)."""
import copy

import gymnasium as gym
import numpy as np
import pytest

from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.pettingzoo_env import AliensAEC
from aliens_env.envs.registry import REGISTRY, get_spec

NAMES = sorted(REGISTRY)


def saved_position(name: str, side: str = "marines") -> dict:
    """A position some way into a seeded game with `side` to move (the caller's copy): the
    first game from seed 4 on that lasts that long (the Drop Ship's often end sooner)."""
    game = get_spec(name).make_game()
    for seed in range(4, 100):
        game.reset(seed)
        policy = RandomPolicy(seed)
        for step in range(60):
            if (step >= 8 and game.current_player() == side) or game.is_terminal():
                break
            game.apply(policy.act(game, game.current_player()))
        if not game.is_terminal():
            break
    assert game.current_player() == side
    return game.to_dict()


@pytest.mark.parametrize("name", NAMES)
def test_the_pettingzoo_env_starts_from_a_position(name):
    position = saved_position(name)
    before = copy.deepcopy(position)
    env = AliensAEC(name)
    env.reset(seed=1, options={"position": position})
    assert env.game.to_dict() == before and env.agent_selection == "marines"
    expected = get_spec(name).make_game().from_dict(before)
    obs = env.observe("marines")
    assert np.array_equal(obs["observation"], expected.observe("marines"))
    assert np.array_equal(obs["action_mask"], expected.legal_mask("marines"))
    policy = RandomPolicy(0)
    for _ in range(10):
        if env.terminations["marines"]:
            break
        env.step(policy.act(env.game, env.agent_selection))
    assert position == before  # playing on never edits the caller's dict


@pytest.mark.parametrize("name", NAMES)
def test_the_gym_env_starts_from_a_position(name):
    position = saved_position(name)
    before = copy.deepcopy(position)
    env = gym.make(f"aliens_env/{name}-v0", side="marines")
    obs, info = env.reset(seed=1, options={"position": position})
    assert env.unwrapped.game.to_dict() == before
    expected = get_spec(name).make_game().from_dict(before)
    assert np.array_equal(obs["observation"], expected.observe("marines"))
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert position == before


@pytest.mark.parametrize("make", [lambda name: AliensAEC(name), lambda name: gym.make(f"aliens_env/{name}-v0").unwrapped],
                         ids=["pettingzoo", "gym"])
@pytest.mark.parametrize("name", NAMES)
def test_unknown_options_and_bad_positions_are_refused_and_change_nothing(make, name):
    env = make(name)
    env.reset(seed=3)
    state = env.game.to_dict()
    position = saved_position(name)
    misspelt = r"unknown reset option\(s\) \['positon'\]; allowed: \['position'\]"
    if isinstance(env, AliensAEC):  # PettingZoo's API test resets with a made-up option: a warning
        with pytest.warns(UserWarning, match=misspelt):
            env.reset(seed=3, options={"positon": position})
        env.reset(seed=3)
    else:
        with pytest.raises(ValueError, match=misspelt):
            env.reset(seed=3, options={"positon": position})
    with pytest.raises(ValueError, match="reset options must be a dict"):
        env.reset(seed=3, options=["position"])
    bad = dict(position, turn="x")
    with pytest.raises(ValueError, match="field 'turn' must be"):
        env.reset(seed=3, options={"position": bad})
    with pytest.raises(ValueError, match="not a"):
        env.reset(seed=3, options={"position": {"game": "Chess"}})
    assert env.game.to_dict() == state
