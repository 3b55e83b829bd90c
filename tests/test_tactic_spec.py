"""The policy spec ``tactic:NAME``: one fixed tactic of a Tactics environment as the marines'
commander (aliens_env.envs.registry._tactic_policy, core.commander.TacticCommander)."""
from __future__ import annotations

import pytest

import aliens_env  # noqa: F401  (registers the environments)
from aliens_env.agents import make_policy, policy_names
from aliens_env.agents.evaluation import play_episodes
from aliens_env.bug_hunt.tactics import BugHuntTactics, TacticMarines
from aliens_env.core.commander import CommandedSide
from aliens_env.core.policy import DicePolicy
from aliens_env.envs.registry import REGISTRY, get_spec

TACTICS_ENVS = sorted(name for name in REGISTRY if isinstance(get_spec(name).make_game(), CommandedSide))


def _at_marines_decision(game):
    """The game from seed 0 played by the dice (both sides) up to the marines' first command."""
    game.reset(0)
    dice = DicePolicy()
    while game.current_player() != "marines":
        game.apply(dice.act(game, game.current_player()))
    return game


def test_the_tactics_envs_are_found():
    assert {"BugHuntTactics", "ReactorRoomTactics", "OperationsAirDuctsTactics", "HuntForTheQueenTactics",
            "GloriousDayTactics"} <= set(TACTICS_ENVS)


@pytest.mark.parametrize("env", TACTICS_ENVS)
def test_every_tactic_by_name_and_by_number_commands_that_tactic(env):
    game = _at_marines_decision(get_spec(env).make_game())
    labels = game.tactic_labels()
    assert labels == type(game).tactic_labels() == [game.tactic_label(k) for k in range(len(game.tactics))]
    assert len(labels) >= 2 and len(set(labels)) == len(labels)
    mask = game.legal_mask("marines")
    for k, label in enumerate(labels):
        for spec in (f"tactic:{label}", f"tactic:{k}"):
            policy = make_policy(spec, game=env, side="marines", seed=0)
            policy.check(game, "marines")
            action = policy.act(game, "marines")
            assert game.layout.decode(action) == ("tactic", k) and mask[action], spec
        assert f"tactic:{label}" in policy_names(env)


def test_bug_hunt_fixed_tactic_plays_the_tactics_own_games():
    """tactic:fan_out in BugHuntTactics plays the very games of TacticMarines("fan_out") in Bug
    Hunt (same scores), and they are not the scripted squad's (the tactic was really played);
    tactic:heuristic plays the heuristic commander's games record for record."""
    seeds, options = [0, 1, 2], {"mission": "kill_queen"}
    commanded = play_episodes("BugHuntTactics", "tactic:fan_out", "dice", seeds, options)
    played = play_episodes("BugHunt", TacticMarines("fan_out"), "dice", seeds, options)
    script = play_episodes("BugHuntTactics", "heuristic", "dice", seeds, options)
    assert [r["score"] for r in commanded] == [r["score"] for r in played]
    assert [r["result"] for r in commanded] == [r["result"] for r in played]
    assert [r["score"] for r in commanded] != [r["score"] for r in script]
    drop = ("marines_seconds", "hive_seconds")
    fixed0 = play_episodes("BugHuntTactics", "tactic:heuristic", "dice", seeds, options)
    assert [{k: v for k, v in r.items() if k not in drop} for r in fixed0] == \
        [{k: v for k, v in r.items() if k not in drop} for r in script]


def test_unknown_tactic_names_the_allowed_ones():
    with pytest.raises(ValueError, match=r"unknown tactic 'fan_ou'; allowed: .*'spare_eggs'.*'fan_out'"):
        make_policy("tactic:fan_ou", game="BugHuntTactics", side="marines")
    with pytest.raises(ValueError, match=r"needs a tactic name; allowed: \['heuristic'"):
        make_policy("tactic:", game="BugHuntTactics", side="marines")
    n = len(BugHuntTactics.tactic_labels())
    with pytest.raises(ValueError, match=rf"or a number 0-{n - 1}"):
        make_policy(f"tactic:{n}", game="BugHuntTactics", side="marines")


def test_tactic_spec_outside_a_tactics_env_or_for_the_hive_is_an_error():
    with pytest.raises(ValueError, match=r"Tactics environments \[.*'BugHuntTactics'.*\], not BugHunt"):
        make_policy("tactic:fan_out", game="BugHunt", side="marines")
    with pytest.raises(ValueError, match="commands the marines, not the hive"):
        make_policy("tactic:fan_out", game="BugHuntTactics", side="hive")
    assert not any(name.startswith("tactic:") for name in policy_names("BugHunt"))


def test_check_refuses_a_game_whose_tactic_list_differs():
    policy = make_policy("tactic:fan_out", game="BugHuntTactics", side="marines")
    with pytest.raises(ValueError, match="needs a Tactics environment; BugHunt is not one"):
        policy.check(get_spec("BugHunt").make_game(), "marines")
    with pytest.raises(ValueError, match="is not tactic"):
        policy.check(get_spec("GloriousDayTactics").make_game(), "marines")


def test_a_fixed_tactic_as_the_gym_opponent_of_a_hive_and_a_non_ascii_number_is_refused():
    """tactic:NAME as the marines opponent of a hive learner plays whole games (the env's
    opponent= path: envs.registry.make_policy); a digit that is not 0-9 is no tactic number."""
    import gymnasium as gym
    import numpy as np

    env = gym.make("aliens_env/BugHuntTactics-v0", side="hive", opponent="tactic:fan_out")
    obs, info = env.reset(seed=3)
    rng, done, steps = np.random.default_rng(0), False, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done, steps = terminated or truncated, steps + 1
    assert steps > 0
    with pytest.raises(ValueError, match="unknown tactic '²'; allowed"):
        make_policy("tactic:²", game="BugHuntTactics", side="marines")
