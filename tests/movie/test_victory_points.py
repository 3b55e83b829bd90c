"""Tournament Victory Points (Aliens 1989, Tournament Rules): the printed table, who survives,
the score in outcome(), the reward="victory_points" choice of both adapters."""
import gymnasium as gym
import numpy as np
import pytest

from aliens_env.core.game import final_reward
from aliens_env.envs import make_policy
from aliens_env.envs.pettingzoo_env import AliensAEC
from aliens_env.operations.game import Operations
from aliens_env.reactor_room.data_files import victory_points
from aliens_env.reactor_room.game import NO, ReactorRoom
from ops_helpers import at_marine, empty_ops, marine, move
from rr_helpers import empty_room


@pytest.mark.parametrize("name,points", [
    ("Ripley", 6), ("Newt", 5), ("Hicks", 5), ("Apone", 4), ("Vasquez", 4), ("Hudson", 4), ("Drake", 3),
    ("Burke", 1), ("Gorman", 2), ("Dietrich", 2), ("Frost", 2), ("Crowe", 2), ("Wierzbowski", 2),
])
def test_the_points_table_as_printed(name, points):
    assert victory_points(name) == points


def finished_reactor_room(statuses: dict) -> ReactorRoom:
    """A Reactor Room the rules have ended: {name: (status, wounded, incapacitated)}, others dead."""
    g = empty_room({})
    for m in g.marines:
        m.status, m.wounded, m.incapacitated = statuses.get(m.name, ("dead", False, False))
        m.pos = NO if m.status != "on_map" else g.board.index(5, 20)
    g.stats["exited"] = sum(s[0] == "exited" for s in statuses.values())
    g.phase = "over"
    return g


def test_the_reactor_room_scores_the_marines_out_in_any_condition():
    g = finished_reactor_room({"Apone": ("exited", True, False), "Hicks": ("exited", False, True),
                               "Drake": ("exited", False, False), "Vasquez": ("on_map", False, True)})
    assert g.survivors() == ["Apone", "Hicks", "Drake"]
    assert g.outcome()["score"]["victory_points"] == 4 + 5 + 3  # Vasquez, left inside, counts nothing
    assert g.victory_points_max == 4 + 5 + 4 + 3 + 4 + 2 + 2 + 2 + 2


def test_stepping_out_through_the_exit_scores_the_marine_and_the_one_he_carries():
    g = empty_ops({"Hicks": (13, 11), "Hudson": (13, 11)})
    marine(g, "Hudson").incapacitated = True
    marine(g, "Hicks").carrying, marine(g, "Hudson").carried_by = 2, 0
    g.known = [g.board.index(13, 11)]
    assert g.outcome()["score"]["victory_points"] == 0
    at_marine(g, "Hicks")
    move(g, "S")
    assert g.is_terminal() and g.outcome()["score"]["victory_points"] == 5 + 4


def test_gormans_last_stand_scores_the_marines_alive_in_the_room_at_the_end():
    g = empty_ops({"Hicks": (5, 5), "Gorman": (4, 4), "Newt": (6, 6)}, scenario="gormans_last_stand")
    marine(g, "Newt").incapacitated = True
    g.turn = len(g.chart)
    g.phase = "over"
    assert g.held() == 3 and g.outcome()["score"]["victory_points"] == 5 + 2 + 5
    g.turn = len(g.chart) - 1  # the game ended before the chart ran out: nobody held the room
    assert g.outcome()["score"]["victory_points"] == 0


def test_final_reward_victory_points_scaled_for_the_marines_negated_for_the_hive():
    g = finished_reactor_room({"Apone": ("exited", False, False), "Hicks": ("exited", False, False)})
    assert final_reward(g, "marines", {}, "victory_points") == pytest.approx(9 / 28)
    assert final_reward(g, "hive", {}, "victory_points") == pytest.approx(-9 / 28)
    g.phase = "truncated"  # cut by an episode cap: no result, no reward
    assert final_reward(g, "marines", {}, "victory_points") == 0.0


@pytest.mark.parametrize("name", ["ReactorRoom", "OperationsAirDucts", "MovieScenario"])
def test_the_gym_episode_pays_the_scaled_points_at_the_end(name):
    env = gym.make(f"aliens_env/{name}-v0", reward="victory_points", opponent="dice")
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total, rewards = 0.0, []
    while True:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(reward)
        if terminated or truncated:
            break
    game = env.unwrapped.game
    assert rewards[-1] == pytest.approx(info["outcome"]["score"]["victory_points"] / game.victory_points_max)
    assert not any(rewards[:-1])


def test_the_pettingzoo_episode_pays_the_marines_the_points_and_the_hive_their_negative():
    env = AliensAEC("OperationsAirDucts", reward="victory_points")
    env.reset(seed=1)
    players = {side: make_policy("OperationsAirDucts", side) for side in ("marines", "hive")}  # heuristic, dice
    totals = {"marines": 0.0, "hive": 0.0}
    while not all(env.terminations.values()):
        agent = env.agent_selection
        env.step(players[agent].act(env.game, agent))
        for a in totals:
            totals[a] += env.rewards[a]
    points = env.game.outcome()["score"]["victory_points"] / env.game.victory_points_max
    assert points > 0 and totals == {"marines": pytest.approx(points), "hive": pytest.approx(-points)}


def test_reward_choice_errors_name_what_is_allowed():
    with pytest.raises(ValueError, match=r"unknown reward 'points'; allowed: \['result', 'victory_points'\]"):
        gym.make("aliens_env/ReactorRoom-v0", reward="points")
    with pytest.raises(ValueError, match="leave result_reward unset"):
        gym.make("aliens_env/ReactorRoom-v0", reward="victory_points", result_reward={"win": 1, "draw": 0, "loss": 0})
    with pytest.raises(ValueError, match="BugHunt does not"):
        AliensAEC("BugHunt", reward="victory_points")


def test_the_default_reward_is_still_the_result():
    env = gym.make("aliens_env/ReactorRoom-v0", turn_limit=1)
    assert env.unwrapped.reward == "result"


def test_evaluate_reports_the_mean_points_with_a_95_interval():
    from agents.evaluation import play_matchup

    summary = play_matchup("ReactorRoom", "heuristic", "dice", episodes=4, seed=0)
    points = summary["score"]["victory_points"]
    assert points["ci"][0] <= points["mean"] <= points["ci"][1] and points["ci"][1] > points["ci"][0]
