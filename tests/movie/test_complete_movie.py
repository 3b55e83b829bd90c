"""The Complete Movie Scenario (Aliens Expansion 1989, docs/rules/complete_movie.md CM1-CM10):
the branch after the Drop Ship, who carries into which stage and how (one condition step better),
the Victory Point tally and the Queen rule. Stages are ended by scripted positions."""
import json

import numpy as np

import pytest

from aliens_env.core.policy import play_out
from aliens_env.envs import make_policy
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.movie.complete import CompleteMovie, campaign, healed
from aliens_env.movie.game import MovieOperations
from aliens_env.reactor_room.game import NO
from movie_helpers import OUT, end_drop_ship, end_marines_stage

VP = {"Ripley": 6, "Newt": 5, "Hicks": 5, "Apone": 4, "Vasquez": 4, "Hudson": 4, "Drake": 3, "Burke": 1}


def vp(name):
    return VP.get(name, 2)


def marine(g, name):
    return next(m for m in g.stage_game.marines if m.name == name)


def test_no_options_and_a_wrong_one_is_named():
    with pytest.raises(ValueError, match="unknown Complete Movie option"):
        CompleteMovie(healing=False)
    g = CompleteMovie()
    assert g.stage == "reactor_room" and g.current_player() is not None


def test_the_reactor_room_is_followed_by_the_drop_ship():
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT})
    assert g.stage == "drop_ship" and g.records[0]["stage"] == "reactor_room"
    assert g.carried["Hicks"] == "healthy" and g.carried["Apone"] == "lost"


@pytest.mark.parametrize("captives_out, expected", [((), "marine_assault"), (("Apone",), "hunt_for_the_queen"),
                                                     (("Dietrich",), "hunt_for_the_queen"),
                                                     (("Apone", "Dietrich"), "hunt_for_the_queen")])
def test_a_won_drop_ship_goes_to_marine_assault_only_if_both_captured_were_lost(captives_out, expected):
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT, **{n: OUT for n in captives_out}})
    end_drop_ship(g, killed=True, crashed=False)
    assert g.stage == expected
    assert isinstance(g.stage_game, MarineAssault if expected == "marine_assault" else HuntForTheQueen)


@pytest.mark.parametrize("killed", [False, True])  # crashed with the Alien aboard (loss) or killed (draw)
def test_a_drawn_or_lost_drop_ship_falls_back_to_operations(killed):
    g = end_marines_stage(CompleteMovie(), {"Hicks": ("exited", True, False), "Apone": ("exited", False, True)})
    end_drop_ship(g, killed=killed, crashed=True)
    assert g.stage == "operations" and isinstance(g.stage_game, MovieOperations)
    assert g.stage_game.marine_order == ["Apone", "Hicks", "Gorman", "Newt", "Ripley", "Burke"]


def test_healing_one_step_between_stages_and_only_once_across_the_drop_ship():
    g = end_marines_stage(CompleteMovie(), {"Hicks": ("exited", True, False), "Apone": ("exited", True, True),
                                            "Vasquez": OUT})
    end_drop_ship(g, killed=False, crashed=True)
    assert not marine(g, "Hicks").wounded  # Wounded -> healthy
    assert marine(g, "Apone").wounded and not marine(g, "Apone").incapacitated  # Incapacitated -> Wounded, not healthy
    assert not marine(g, "Vasquez").wounded
    assert [healed(c) for c in ("healthy", "wounded", "incapacitated", "lost")] == ["healthy", "healthy", "wounded", "lost"]


def test_operations_then_the_rescue_of_newt_when_ripley_got_out_carrying_her_condition():
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT})
    end_drop_ship(g, killed=False, crashed=True)
    end_marines_stage(g, {"Ripley": ("exited", False, True), "Hicks": OUT})  # Newt lost in Operations
    assert g.stage == "rescue_of_newt" and isinstance(g.stage_game, RescueOfNewt)
    ripley, newt = marine(g, "Ripley"), marine(g, "Newt")
    assert ripley.wounded and not ripley.incapacitated and ripley.status == "on_map"
    assert newt.status == "on_map" and newt.incapacitated  # cocooned as the scenario prints, whatever Operations did
    assert g.stage_game.cocooned == [g.stage_game.marine_order.index("Newt")]


def test_without_ripley_out_of_operations_the_campaign_ends_there():
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT})
    end_drop_ship(g, killed=False, crashed=True)
    end_marines_stage(g, {"Hicks": OUT, "Newt": OUT})
    assert g.is_terminal() and g.next_stage() is None
    out = g.outcome()
    assert out["score"]["path"] == ["reactor_room", "drop_ship", "operations"]
    assert out["score"]["victory_points"] == vp("Hicks") + 0 + vp("Hicks") + vp("Newt")


def test_the_hunt_starts_with_the_lost_dead_and_the_carried_healed():
    g = end_marines_stage(CompleteMovie(), {"Hicks": ("exited", True, False), "Apone": OUT, "Frost": OUT,
                                            "Vasquez": ("exited", True, True)})
    end_drop_ship(g, killed=True, crashed=False, crew={"Ferro": ("aboard", True, False),
                                                        "Spunkmeyer": ("aboard", True, True)})
    assert g.stage == "hunt_for_the_queen"
    h = g.stage_game
    for name in ("Drake", "Hudson", "Dietrich", "Crowe", "Wierzbowski"):  # lost in the Reactor Room
        assert marine(g, name).status == "dead", name
    assert h.stats["dead"] == 5 and h.survivors() == 11
    assert not marine(g, "Hicks").wounded and marine(g, "Vasquez").wounded
    assert not marine(g, "Ferro").wounded and marine(g, "Spunkmeyer").wounded
    for name in ("Gorman", "Ripley", "Bishop", "Burke", "Newt"):  # new to the campaign: as printed
        assert marine(g, name).status == "on_map" and not marine(g, name).wounded
    fresh = HuntForTheQueen()
    fresh.reset(0)
    carriers = {fresh.marines[j].name: fresh.marines[fresh.marines[j].carried_by].name for j in fresh.riders}
    orphans = [rider for rider, carrier in carriers.items() if marine(g, carrier).status == "dead"]
    assert orphans  # (the Elevator's riders of the lost: the case below is played)
    for name in orphans:  # a rider whose carrier was lost stands in its square instead
        j = [m.name for m in h.marines].index(name)
        assert j not in h.riders and h.marines[j].carried_by == NO and not h.marines[j].incapacitated, name
    for j in h.riders:
        assert h.marines[j].carried_by != NO and h.marines[h.marines[j].carried_by].status == "on_map"
    HuntForTheQueen.from_dict(json.loads(json.dumps(h.to_dict())))  # a position the scenario's loader accepts


def test_marine_assault_keeps_the_captured_cocooned_and_the_lost_squad_dead():
    g = end_marines_stage(CompleteMovie(), {"Hicks": ("exited", True, False), "Vasquez": OUT, "Hudson": OUT})
    end_drop_ship(g, killed=True, crashed=False)
    assert g.stage == "marine_assault"
    a = g.stage_game
    assert sorted(a.marine_order[j] for j in a.cocooned) == ["Apone", "Dietrich"]
    assert marine(g, "Drake").status == "dead"  # lost in the Reactor Room, a member of the squad
    assert not marine(g, "Hicks").wounded and marine(g, "Ripley").status == "on_map"
    MarineAssault.from_dict(json.loads(json.dumps(a.to_dict())))


def test_the_victory_point_tally_adds_every_stage():
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT, "Vasquez": OUT, "Hudson": OUT})
    assert g.victory_points() == 13  # the film's Reactor Room
    end_drop_ship(g, killed=False, crashed=True)  # the film's Drop Ship: 0
    end_marines_stage(g, {"Ripley": OUT, "Hicks": OUT})
    assert g.victory_points() == 13 + 11
    end_marines_stage(g, {"Ripley": OUT, "Newt": OUT})
    out = g.outcome()
    assert out["score"]["victory_points"] == campaign()["film_tally"] == 35
    assert (out["score"]["reactor_room_points"], out["score"]["drop_ship_points"], out["score"]["operations_points"],
            out["score"]["rescue_of_newt_points"]) == (13, 0, 11, 11)
    assert out["marines"] == 0  # the film's own tally is a draw: a win must beat it


def test_the_drop_ship_crew_scores_when_the_ship_flies():
    g = end_marines_stage(CompleteMovie(), {"Apone": OUT})
    end_drop_ship(g, killed=True, crashed=False, crew={"Spunkmeyer": ("dead", False, False)})
    assert g.records[-1]["victory_points"] == vp("Ferro") and g.carried["Spunkmeyer"] == "lost"


@pytest.mark.parametrize("points, result", [(36, 1), (35, 0), (18, 0), (17, -1), (0, -1)])
def test_the_result_by_points_when_the_queen_lives(points, result):
    g = end_marines_stage(CompleteMovie(), {})
    end_drop_ship(g, killed=False, crashed=True)
    end_marines_stage(g, {})
    assert g.is_terminal()
    g.records[0]["victory_points"] = points
    assert g.outcome()["marines"] == result and g.outcome()["hive"] == -result


@pytest.mark.parametrize("stage_kind", ["hunt_for_the_queen", "marine_assault"])
def test_killing_the_queen_wins_whatever_the_points(stage_kind):
    out = {"Apone": OUT} if stage_kind == "hunt_for_the_queen" else {}
    g = end_marines_stage(CompleteMovie(), out)
    end_drop_ship(g, killed=True, crashed=False)
    assert g.stage == stage_kind
    end_marines_stage(g, {}, queen_dead=True)  # everybody dead, the Queen too
    assert g.is_terminal() and g.outcome()["score"]["queen_killed"] == 1
    assert 2 * g.victory_points() < campaign()["film_tally"] and g.outcome()["marines"] == 1


def test_positions_round_trip_at_every_stage_and_a_wrong_path_is_named():
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT})
    end_drop_ship(g, killed=False, crashed=True)
    for _ in range(3):
        data = json.loads(json.dumps(g.to_dict()))
        assert CompleteMovie.from_dict(data).to_dict() == g.to_dict()
        if g.is_terminal():
            break
        end_marines_stage(g, {"Ripley": OUT})
    bad = json.loads(json.dumps(g.to_dict()))
    bad["records"][2]["stage"] = "marine_assault"
    with pytest.raises(ValueError, match=r"records\[2\]\.stage"):
        CompleteMovie.from_dict(bad)
    bad = json.loads(json.dumps(g.to_dict()))
    bad["carried"]["Nobody"] = "healthy"
    with pytest.raises(ValueError, match="carried"):
        CompleteMovie.from_dict(bad)


def test_scripted_marines_against_the_dice_hive_play_whole_seeded_campaigns():
    outs = []
    for seed in range(3):
        for _ in range(2):
            g = CompleteMovie()
            g.reset(seed)
            play_out(g, {"marines": make_policy("CompleteMovie", "marines", "heuristic", seed=seed),
                         "hive": make_policy("CompleteMovie", "hive", "dice", seed=seed + 1)})
            outs.append(g.outcome())
        assert outs[-1] == outs[-2]  # seeded
        assert outs[-1]["marines"] in (-1, 0, 1) and outs[-1]["score"]["path"][:2] == ["reactor_room", "drop_ship"]


def test_each_stage_s_views_and_actions_land_in_the_episode_s_by_name():
    g = CompleteMovie()
    g.reset(3)
    views = g.obs_layout.views(g.observe("marines"))
    inner = g.stage_game.obs_layout.views(g.stage_game.observe("marines"))
    rows = [g.view_characters["marines"].index(n) for n in g.stage_game.marine_order]
    assert (views["marines"][rows] == inner["marines"]).all()
    h, w = g.stage_game.board.height, g.stage_game.board.width
    assert (views["board"][g.planes.index("marine"), :h, :w] == inner["board"][3]).all()  # the Reactor Room planes: obstruction, stairwell, exit, marine
    assert views["board"][0, h:, :].all() and views["campaign"][0] == 1  # off the map: obstruction; stage=reactor_room
    end_marines_stage(g, {"Hicks": OUT})
    assert g.stage == "drop_ship"
    views = g.obs_layout.views(g.observe("hive"))
    inner = g.stage_game.obs_layout.views(g.stage_game.observe("hive"))
    crew = [g.view_characters["drop_ship_crew"].index(n) for n in ("Spunkmeyer", "Ferro")]
    assert (views["drop_ship_crew"][crew] == inner["crew"]).all() and views["drop_ship_crew"].sum() == inner["crew"].sum()
    assert views["board"][0].all() and not views["marines"].any() and views["campaign"][1] == 1
    for a in np.flatnonzero(g.legal_mask(g.current_player())):  # the stage's legal actions, by name
        assert g.layout.name(int(a)).startswith("drop_ship_")
        assert g.describe_action(int(a)) == g.stage_game.describe_action(g.to_stage_action(int(a)))
    target = g.layout.encode("drop_ship_target", g.layout._specs[[n for n, _ in g.layout._specs].index("drop_ship_target")][1].index("Ferro"))
    assert g.stage_game.layout.name(g.to_stage_action(target)) == "target[Ferro]"
    assert g.to_stage_action(g.layout.encode("torch")) == -1 and "no such action" in g.describe_action(g.layout.encode("torch"))


def test_the_tally_counts_those_already_out_of_the_stage_in_play_but_not_the_drop_ships_crew():
    """CM6: while a stage with an exit is played, whoever is out already counts; the Drop Ship's
    crew counts only when the Drop Ship is over."""
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT})
    after_reactor = g.victory_points()
    assert after_reactor == vp("Hicks")
    for m in g.stage_game.crew:
        m.status = "aboard"
    assert g.victory_points() == after_reactor  # (the Drop Ship is not over)
    end_drop_ship(g, killed=False, crashed=True)
    assert g.stage == "operations" and g.victory_points() == after_reactor
    marine(g, "Hicks").status = "exited"
    assert g.victory_points() == after_reactor + vp("Hicks")


def test_a_facehuggers_victim_in_the_hunt_is_lost_and_scores_nothing():
    """CM3: a Marine the Facehugger took counts as Dead, even though his counter lives."""
    g = end_marines_stage(CompleteMovie(), {"Hicks": OUT, "Apone": OUT})
    end_drop_ship(g, killed=True, crashed=False)
    assert g.stage == "hunt_for_the_queen"
    h = g.stage_game
    names = [m.name for m in h.marines]
    alive = {m.name: ("on_map", False, False) for m in h.marines if m.status != "dead"}
    h.facehugged = [names.index("Hicks")]
    before = g.victory_points()
    end_marines_stage(g, alive)
    assert g.carried["Hicks"] == "lost" and g.carried["Apone"] != "lost"
    assert g.victory_points() == before + sum(vp(n) for n in alive if n != "Hicks")


def test_the_tally_shown_is_the_stage_points_of_those_out_so_far():
    """exit_points (what every observe shows) is stage_points of the stage being played, by
    random legal play through the Reactor Room and Operations, with every other character of
    each position also taken as out (random play seldom gets anyone out)."""
    from aliens_env.benchmark import AECRunner, aec_env_function
    from aliens_env.movie.complete import EXIT_STAGES, exit_points, stage_points

    runner = AECRunner(aec_env_function("CompleteMovie"), seed=3)
    stages = set()
    for step in range(2000):
        runner.steps(1)
        g = runner.env.unwrapped.game
        if g.stage not in EXIT_STAGES:
            continue
        stages.add(g.stage)
        assert exit_points(g.stage, g.stage_game) == stage_points(g.stage, g.stage_game)
        out = g.stage_game.clone()
        for m in out.marines[step % 2::2]:
            m.status = "exited"
        assert exit_points(g.stage, out) == stage_points(g.stage, out) > 0
    assert stages == {"reactor_room", "operations"}


def test_the_campaign_view_shown_follows_the_campaign_written_only_when_it_changes():
    """Every observation's campaign view (written into the chain's buffer only when what it shows
    changes) is the stage, tally, Queen and stages done worked out afresh: by random legal play
    through stage changes and new episodes, when the stage's kept observation is made anew (the
    chain's buffer bound again, the template written over it), and in a clone observed after its
    original moved on."""
    from aliens_env.benchmark import AECRunner, aec_env_function

    runner = AECRunner(aec_env_function("CompleteMovie"), seed=12)  # (a seed whose play scores and moves on within 3,000 steps)
    stages, shown = set(), set()
    for step in range(3000):
        runner.steps(1)
        g = runner.env.unwrapped.game
        if step % 300 == 0 and hasattr(g.stage_game, "_obs_record"):
            g.stage_game._obs_record = None  # (its kept observation made anew: the chain binds its buffer again)
        want = [*(float(g.stage == s) for s in g.stages), min(g.victory_points() / g.victory_points_max, 1.0),
                float(g.queen_killed()), min(len(g.records) / 3, 1.0)]
        view = g.obs_layout.views(g.observe(g.current_player() or "marines"))["campaign"]
        np.testing.assert_allclose(view, want, rtol=1e-6)
        stages.add(g.stage)
        shown.add(tuple(want))
        if step % 500 == 0:
            twin = g.clone()
            runner.steps(5)
            view = twin.obs_layout.views(twin.observe(twin.current_player() or "marines"))["campaign"]
            np.testing.assert_allclose(view, [*(float(twin.stage == s) for s in twin.stages),
                                              min(twin.victory_points() / twin.victory_points_max, 1.0),
                                              float(twin.queen_killed()), min(len(twin.records) / 3, 1.0)], rtol=1e-6)
    assert {"reactor_room", "drop_ship", "operations"} <= stages and len(shown) > 5


def test_the_tally_and_queen_asked_of_each_kind_of_stage_game_as_getattr_would():
    """exit_points and queen_killed read the lairs' ``facehugged`` and ``queen_dead`` only from a
    lairs game (isinstance), where the plain rule asks getattr with a default: the same values for
    every kind of stage game, by random legal play in each (the lairs' with some Marines taken as
    out, some as a Facehugger's victim, the Queen dead or not)."""
    import random

    from aliens_env.benchmark import AECRunner, aec_env_function
    from aliens_env.movie.complete import EXIT_STAGES, LOADERS, came_through, exit_points

    rng = random.Random(7)
    g = CompleteMovie()
    for stage, env in (("reactor_room", "ReactorRoom"), ("drop_ship", "DropShip"), ("rescue_of_newt", "RescueOfNewt"),
                       ("marine_assault", "MarineAssault"), ("hunt_for_the_queen", "HuntForTheQueen")):
        runner = AECRunner(aec_env_function(env), seed=11)
        for _ in range(40):
            runner.steps(5)
            game = runner.env.unwrapped.game.clone()
            assert isinstance(game, LOADERS[stage])
            if hasattr(game, "marines"):
                for m in game.marines:
                    if rng.random() < 0.4:
                        m.status = "exited"
            if isinstance(game, HuntForTheQueen):
                game.facehugged = [j for j in range(len(game.marines)) if rng.random() < 0.3]
                game.queen_dead = rng.random() < 0.5
            g.stage, g.stage_game, g.records = stage, game, []
            assert g.queen_killed() == bool(getattr(game, "queen_dead", False))
            if stage in EXIT_STAGES:
                hugged = getattr(game, "facehugged", ())
                plain = sum(vp(m.name) for j, m in enumerate(game.marines) if came_through(stage, j, m, hugged))
                assert exit_points(stage, game) == plain
