"""The end of a Reactor Room game (issue 11, R1): "Four Aliens appear randomly on turn one, then
two more every turn thereafter, with no time limit." The rules end a game when no Marine on the
map can act again; a turn_limit the user asks for is an episode cap that truncates: reported as
truncated by both adapters and by the evaluation, never as a win, draw or loss."""
import gymnasium as gym
import pytest

import aliens_env  # noqa: F401
from agents.evaluation import play_episodes, summarize
from aliens_env.pettingzoo import reactor_room_v0
from aliens_env.reactor_room.game import ReactorRoom
from aliens_env.reactor_room.game_lengths import game_lengths
from aliens_env.reactor_room.tactics import ReactorRoomTactics

REWARDS = {"win": 10.0, "draw": 20.0, "loss": 30.0}  # no result reward can hide in a 0


@pytest.mark.parametrize("marines,games", [("heuristic", 150), ("random", 300)])
def test_every_default_game_ends_by_the_rules(marines, games):
    """Rulebook: "... with no time limit". Every seeded game against the dice AI, played with the
    default options, ends because no Marine on the map can act (`--guard` would cut one that
    did not, and it would show in ended_by_rules)."""
    r = game_lengths(marines, "dice", games=games, seed=500, guard=200)
    assert r["ended_by_rules"] == games and r["not_ended_seeds"] == []
    assert r["win"] + r["draw"] + r["loss"] == games


def test_some_default_games_go_past_the_old_turn_limit_of_25():
    """With no time limit, the heuristic squad plays on past turn 25 in some games (before issue 11
    these were cut at 25 and counted as if the Marines inside were not out)."""
    assert game_lengths("heuristic", "dice", games=60, seed=0)["longest_turns"] > 25


def test_the_default_game_and_the_tactics_game_have_no_turn_limit():
    assert ReactorRoom().turn_limit is None and ReactorRoomTactics().turn_limit is None
    with pytest.raises(ValueError, match="turn_limit must be None"):
        ReactorRoom(turn_limit=0)
    with pytest.raises(ValueError, match="turn_limit must be None"):
        ReactorRoom(turn_limit=True)


@pytest.mark.parametrize("env_id", ["aliens_env/ReactorRoom-v0", "aliens_env/ReactorRoomTactics-v0"])
def test_gym_env_reports_a_turn_limit_as_truncation_with_no_result_reward(env_id):
    env = gym.make(env_id, side="marines", turn_limit=2, result_reward=REWARDS, shaping=False)
    truncations = 0
    for seed in range(6):
        obs, info = env.reset(seed=seed)
        done = False
        while not done:
            legal = [a for a, ok in enumerate(obs["action_mask"]) if ok]
            obs, reward, terminated, truncated, info = env.step(legal[0])
            done = terminated or truncated
        if truncated:
            truncations += 1
            assert not terminated and reward == 0.0
            assert info["truncated_by"] == "turn_limit"
            assert info["outcome"]["marines"] is None and info["outcome"]["truncated_by"] == "turn_limit"
        else:
            assert reward in REWARDS.values() and "truncated_by" not in info
    assert truncations > 0


def test_pettingzoo_env_reports_a_turn_limit_as_truncation_with_no_result_reward():
    env = reactor_room_v0.env(turn_limit=1, result_reward=REWARDS)
    env.reset(seed=1)
    totals = {a: 0.0 for a in env.possible_agents}
    ends = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            ends[agent] = (term, trunc, info.get("truncated_by"))
            env.step(None)
            continue
        legal = [a for a, ok in enumerate(obs["action_mask"]) if ok]
        env.step(legal[0])
    assert ends == {a: (False, True, "turn_limit") for a in env.possible_agents}
    assert totals == {"marines": 0.0, "hive": 0.0}


def test_evaluation_counts_a_truncated_game_as_truncated_not_as_a_loss():
    records = play_episodes("ReactorRoom", "heuristic", "dice", range(4), env_options={"turn_limit": 1})
    assert all(r["result"] is None and r["truncated_by"] == "turn_limit" for r in records)
    s = summarize(records)
    assert s["marines_truncated"] == 1.0 and s["marines_loss"] == s["marines_win"] == s["marines_draw"] == 0.0
    full = summarize(play_episodes("ReactorRoom", "heuristic", "dice", range(4)))
    assert full["marines_truncated"] == 0.0
    assert full["marines_win"] + full["marines_draw"] + full["marines_loss"] == pytest.approx(1.0)
