"""The Movie Scenario (Aliens 1989): the Reactor Room, then Operations/Air Ducts with the
survivors plus Gorman, Newt, Ripley and Burke, healed one step between (healing=False: the
Tournament pairing), one episode with one action space and one observation."""
import copy
import json
import pickle

import numpy as np
import pytest

from aliens_env.core.game import IllegalActionError
from aliens_env.core.policy import RandomPolicy, play_out
from aliens_env.envs import make_policy
from aliens_env.operations.data_files import characters as ops_characters
from aliens_env.movie.complete import CompleteMovie
from aliens_env.movie.game import MovieOperations, MovieScenario, roster
from aliens_env.reactor_room.game import NO

JOINING = ["Gorman", "Newt", "Ripley", "Burke"]


def end_reactor_room(game: MovieScenario, statuses: dict) -> MovieScenario:
    """End stage 1 with {name: (status, wounded, incapacitated)} (others dead), then carry across."""
    rr = game.stage_game
    for m in rr.marines:
        m.status, m.wounded, m.incapacitated = statuses.get(m.name, ("dead", False, False))
        m.pos, m.carried_by, m.carrying, m.alien = NO, NO, NO, NO
    rr.stats.update(exited=sum(s[0] == "exited" for s in statuses.values()),
                    dead=sum(1 for m in rr.marines if m.status == "dead"))
    rr.phase, rr.decision = "over", None
    game._carry_across()
    return game


def ops_marine(game, name):
    return next(m for m in game.stage_game.marines if m.name == name)


def test_the_survivors_carry_across_with_the_four_who_join_healed_one_step():
    g = end_reactor_room(MovieScenario(), {"Apone": ("exited", True, False), "Hicks": ("exited", True, True),
                                           "Vasquez": ("exited", False, False)})
    ops = g.stage_game
    assert g.stage == "operations" and isinstance(ops, MovieOperations)
    assert ops.marine_order == ["Apone", "Hicks", "Vasquez", *JOINING]
    conditions = {m.name: (m.wounded, m.incapacitated) for m in ops.marines}
    assert conditions["Apone"] == (False, False)  # Wounded -> healthy
    assert conditions["Hicks"] == (True, False)  # Incapacitated -> Wounded
    assert conditions["Vasquez"] == (False, False)
    assert all(conditions[name] == (False, False) for name in JOINING)
    assert all(m.status == "on_map" for m in ops.marines)


def test_the_tournament_pairing_keeps_every_condition():
    g = end_reactor_room(MovieScenario(healing=False), {"Apone": ("exited", True, False),
                                                        "Hicks": ("exited", True, True)})
    assert (ops_marine(g, "Apone").wounded, ops_marine(g, "Apone").incapacitated) == (True, False)
    assert ops_marine(g, "Hicks").incapacitated


def test_the_dead_and_those_left_inside_do_not_carry_across():
    g = end_reactor_room(MovieScenario(), {"Drake": ("on_map", False, True), "Frost": ("exited", False, False)})
    assert g.stage_game.marine_order == ["Frost", *JOINING]
    g = end_reactor_room(MovieScenario(), {})
    assert g.stage_game.marine_order == JOINING and not g.is_terminal()


def test_reactor_room_marines_without_an_operations_card_get_the_designed_one_and_a_torch():
    g = end_reactor_room(MovieScenario(), {name: ("exited", False, False)
                                           for name in ["Apone", "Drake", "Dietrich", "Frost", "Crowe", "Wierzbowski"]})
    ops = g.stage_game
    for name in ["Apone", "Drake", "Dietrich", "Frost", "Crowe", "Wierzbowski"]:
        assert ops.characters[name].weapon == "Pulse Rifle" and name in ops.data["cutting_torch"]
    assert ops.characters["Apone"].max_aim == 3 and ops.characters["Apone"].actions == 3
    assert ops.characters["Hicks"] == ops_characters()["Hicks"]  # Hicks keeps his Operations card
    squares = [m.pos for m in ops.marines]
    assert len(set(squares)) == len(squares)


def test_the_episodes_dice_run_on_into_the_second_stage():
    g = MovieScenario()
    dice = g.stage_game.dice
    dice.script(*[3] * 50)
    end_reactor_room(g, {"Hicks": ("exited", False, False)})
    assert g.stage_game.dice is dice and g.dice is dice


def test_the_score_adds_both_stages_and_a_character_out_of_both_counts_in_each():
    g = end_reactor_room(MovieScenario(), {"Hicks": ("exited", False, False), "Drake": ("exited", False, False)})
    ops = g.stage_game
    for m in ops.marines:
        if m.name in ("Hicks", "Ripley"):
            m.status, m.pos = "exited", NO
        else:
            m.status, m.pos = "dead", NO
    ops.stats["exited"] = 2
    ops.phase, ops.decision = "over", None
    out = g.outcome()
    assert out["score"]["reactor_room_points"] == 5 + 3 and out["score"]["operations_points"] == 5 + 6
    assert out["score"]["victory_points"] == 19
    assert out["score"]["reactor_room_result"] == -1 and out["score"]["operations_result"] == 0
    assert out["marines"] == 0 and out["hive"] == 0  # the result is the last stage's (M6)
    assert g.victory_points_max == 28 + 28 + 2 + 5 + 6 + 1


def test_one_observation_shape_and_one_action_space_across_the_stages():
    g = MovieScenario()
    first = g.observe("marines")
    views = g.obs_layout.views(first)
    row = {name: i for i, name in enumerate(roster())}
    assert views["movie"][0] == 1 and views["movie"][1] == 0
    assert not views["marines"][row["Gorman"]].any() and views["marines"][row["Apone"]][0] == 1
    assert not views["scenario"].any()
    end_reactor_room(g, {"Hicks": ("exited", False, False)})
    second = g.observe("marines")
    views = g.obs_layout.views(second)
    assert second.shape == first.shape == g.observation_shape
    assert views["movie"][0] == 0 and views["movie"][1] == 1 and views["movie"][3] == pytest.approx(5 / 28)
    assert views["marines"][row["Gorman"]][0] == 1 and not views["marines"][row["Apone"]].any()
    ops = g.stage_game
    h, w = ops.board.height, ops.board.width
    assert views["board"][0, :, w:].all() and views["board"][0, h:, :].all()  # off the map: obstruction
    assert views["board"][1].sum() == 0  # no Stairwell in Operations


def test_actions_are_the_stages_by_name_and_the_rest_are_illegal():
    g = end_reactor_room(MovieScenario(), {"Hicks": ("exited", False, False)})
    ops = g.stage_game
    lay = g.layout
    target_gorman = lay.encode("target", roster().index("Gorman"))
    assert g.to_stage_action(target_gorman) == ops.layout.encode("target", ops.marine_order.index("Gorman"))
    assert g.to_stage_action(lay.encode("target", roster().index("Apone"))) == -1
    player = g.current_player()
    mask = g.legal_mask(player)
    inner = ops.legal_mask(player)
    assert mask.sum() == inner.sum()
    for a in np.flatnonzero(inner):
        assert mask[g.from_stage_action(int(a))]
    with pytest.raises(IllegalActionError, match="operations stage"):
        g.apply(lay.encode("target", roster().index("Apone")))


def test_shaping_runs_on_without_a_jump_when_the_stage_changes():
    g = MovieScenario()
    rr = g.stage_game
    for m in rr.marines:
        if m.name in ("Hicks", "Vasquez"):
            m.status, m.pos = "exited", NO
        elif m.name == "Drake":
            m.incapacitated = True
        else:
            m.status, m.pos = "dead", NO
    rr.stats.update(exited=2, dead=6, aliens_killed=5)
    rr.phase, rr.decision = "over", None
    before = g.shaping_value("marines")
    g._carry_across()
    assert g.shaping_value("marines") == pytest.approx(before) and g.shaping_value("hive") == pytest.approx(-before)


def test_positions_of_the_second_stage_round_trip_and_are_checked():
    g = end_reactor_room(MovieScenario(healing=False), {"Hicks": ("exited", True, False)})
    data = json.loads(json.dumps(g.to_dict()))
    loaded = MovieScenario.from_dict(data)
    assert loaded.to_dict() == g.to_dict() and loaded.healing is False
    assert np.array_equal(loaded.observe("marines"), g.observe("marines"))
    bad = json.loads(json.dumps(data))
    bad["reactor_room"]["exited"] = 3
    with pytest.raises(ValueError, match="reactor_room.exited"):
        MovieScenario.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["turn"] = 99
    with pytest.raises(ValueError, match="field 'turn' must be the episode's turn"):
        MovieScenario.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["position"]["config"]["marine_order"] = ["Newt", "Ripley"]
    with pytest.raises(ValueError, match="marine_order must list"):
        MovieScenario.from_dict(bad)


def test_options_are_checked_by_name():
    with pytest.raises(ValueError, match="allowed: healing"):
        MovieScenario(heal=True)
    with pytest.raises(ValueError, match="healing must be true"):
        MovieScenario(healing="yes")


@pytest.mark.parametrize("healing", [True, False])
def test_the_heuristic_plays_each_stage_with_its_own_heuristic_to_the_end(healing):
    g = MovieScenario(healing=healing)
    seen = set()
    for seed in range(3):
        g.reset(seed)
        policies = {"marines": make_policy("MovieScenario", "marines", "heuristic"),
                    "hive": make_policy("MovieScenario", "hive", "dice")}
        while not g.is_terminal():
            seen.add(g.stage)
            player = g.current_player()
            g.apply(policies[player].act(g, player))
        assert g.outcome()["marines"] in (-1, 0, 1)
    assert seen == {"reactor_room", "operations"}


@pytest.mark.parametrize("cls", ["MovieScenario", "CompleteMovie"])
def test_a_deep_copy_or_a_pickle_of_a_chain_observes_as_the_game_does(cls):
    # the chain's observation plan holds views of buffers its games share: a copy must not keep
    # frozen arrays of them
    game = {"MovieScenario": MovieScenario, "CompleteMovie": CompleteMovie}[cls]()
    game.reset(3)
    policy = RandomPolicy(3)
    for _ in range(5):
        game.apply(policy.act(game, game.current_player()))
    game.observe("marines")
    copies = [copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    for _ in range(20):
        action = policy.act(game, game.current_player())
        for g in [game, *copies]:
            g.apply(action)
        seen = game.observe("marines")
        assert all(np.array_equal(seen, c.observe("marines")) for c in copies)


@pytest.mark.parametrize("cls", ["MovieScenario", "CompleteMovie"])
def test_chains_observed_in_turn_each_observe_their_own_position(cls):
    # each game (a clone too) copies its stage's kept observation into buffers of its own: games
    # played and observed in turn each observe what a game loaded from their position observes
    make = {"MovieScenario": MovieScenario, "CompleteMovie": CompleteMovie}[cls]
    games = [make(), make()]
    for seed, g in enumerate(games):
        g.reset(seed + 1)
    policy = RandomPolicy(5)
    for step in range(1, 61):
        if step == 20:
            games.append(games[0].clone())
        for g in games:
            if g.is_terminal():
                continue
            g.apply(policy.act(g, g.current_player()))
            seen = g.observe("marines")
            if step % 10 == 0:
                assert np.array_equal(seen, make.from_dict(g.to_dict()).observe("marines"))


@pytest.mark.parametrize("healing", [True, False])
def test_the_movie_view_shown_follows_the_episode_written_only_when_it_changes(healing):
    """Every observation's movie view (written into the chain's buffer only when what it shows
    changes, ``_shown``) is the stage, healing and the Reactor Room's points worked out afresh:
    through stage changes and new episodes, when the stage's kept observation is made anew (the
    chain's buffer bound again), and in a clone observed after its original moved on."""
    from aliens_env.movie.game import STAGES

    def want(g):
        rr = g.reactor_room["victory_points"] if g.reactor_room else 0
        return [float(g.stage == STAGES[0]), float(g.stage == STAGES[1]), float(g.healing), rr / g._reactor_max]

    def shown(g):
        return g.obs_layout.views(g.observe(g.current_player() or "marines"))["movie"]

    game, stages, seen = MovieScenario(healing=healing), set(), set()
    policies = {"marines": make_policy("MovieScenario", "marines", "heuristic"), "hive": RandomPolicy(1)}

    def move(g):
        g.apply(policies[g.current_player()].act(g, g.current_player()))

    for episode in range(6):
        game.reset(episode)
        step = 0
        while not game.is_terminal():
            move(game)
            step += 1
            if step % 150 == 0 and hasattr(game.stage_game, "_obs_record"):
                game.stage_game._obs_record = None  # (its kept observation made anew: the buffer bound again)
            np.testing.assert_allclose(shown(game), want(game), rtol=1e-6)
            stages.add(game.stage)
            seen.add(tuple(want(game)))
            if step % 200 == 0:
                twin = game.clone()
                if not game.is_terminal():
                    move(game)
                np.testing.assert_allclose(shown(twin), want(twin), rtol=1e-6)
    assert stages == set(STAGES) and {v[3] for v in seen} != {0.0}  # (Reactor Room points shown)
