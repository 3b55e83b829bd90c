"""Missions (DESIGNED, A17), the end of the game, options and errors, positions."""
import json

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, data_files
from bh_helpers import act, build

SQUAD = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True},
    {"name": "Hicks", "role": "marine", "weapon": "pulse_rifle"},
]


def test_missions_are_documented_yaml_with_objectives_and_turn_limits():
    missions = data_files.missions()
    assert {"explore", "kill_queen"} <= set(missions)
    for m in missions.values():
        assert m["description"] and m["objective"] in data_files.OBJECTIVES and m["turn_limit"] >= 1


def test_explore_is_won_back_at_the_entry_after_enough_rooms():
    rows = ["#####", "#.2.#", "#1..#", "#EE.#", "#####"]
    g = build(rows, squad=SQUAD)
    g.rooms_entered = g.mission["rooms"]
    act(g, "activate", 0)
    act(g, "move", 2)
    assert not g.is_terminal()  # Hicks is not back yet
    act(g, "end")
    act(g, "move", 2)
    assert not g.is_terminal()
    act(g, "move", 2)
    assert g.is_terminal() and g.outcome()["marines"] == 1 and g.outcome()["hive"] == -1


def test_back_at_the_entry_too_early_is_not_a_win():
    rows = ["#####", "#.2.#", "#1..#", "#EE.#", "#####"]
    g = build(rows, squad=SQUAD)
    g.rooms_entered = g.mission["rooms"] - 1
    act(g, "activate", 0)
    act(g, "move", 2)
    act(g, "end")
    act(g, "move", 2)
    act(g, "move", 2)
    assert not g.is_terminal()


def test_the_turn_limit_ends_the_game_for_the_hive():
    rows = ["#####", "#1..#", "#####"]
    g = build(rows, squad=SQUAD, turn_limit=1)
    g.dice.script(1)  # no activation
    act(g, "end")
    assert g.is_terminal() and g.outcome()["marines"] == -1 and g.turn == 2


def test_a_wiped_squad_loses():
    rows = ["#####", "#1..#", "#####"]
    g = build(rows, squad=SQUAD)
    g._remove_human(0, "dead")
    g._run()
    assert g.is_terminal() and g.outcome()["marines"] == -1


def test_unknown_options_and_missions_are_named():
    with pytest.raises(ValueError, match="unknown mission 'moon'.*explore"):
        BugHunt(mission="moon")
    with pytest.raises(ValueError, match="unknown BugHunt option.*allowed"):
        BugHunt(speed=3)
    with pytest.raises(ValueError, match="turn_limit"):
        BugHunt(turn_limit=0)
    with pytest.raises(ValueError, match="androids can never be armed"):
        BugHunt(squad=[{"name": "Bishop", "role": "android", "weapon": "pistol", "leader": True}])
    with pytest.raises(ValueError, match="needs exactly one leader"):
        BugHunt(squad=[{"name": "A"}, {"name": "B"}])
    with pytest.raises(ValueError, match="weapon must be one of"):
        BugHunt(squad=[{"name": "A", "weapon": "phaser", "leader": True}])


def test_json_round_trip_and_malformed_positions():
    g = BugHunt(mission="kill_queen")
    g.reset(3)
    data = json.loads(g.to_json())
    h = BugHunt.from_dict(data)
    assert h.to_dict() == g.to_dict()
    assert np.array_equal(h.observe("marines"), g.observe("marines"))
    for bad in ({}, {"game": "ReactorRoom"}, {"game": "BugHunt"}, dict(data, humans=[]),
                dict(data, colony=dict(data["colony"], cells=[[0]]))):
        with pytest.raises(ValueError):
            BugHunt.from_dict(bad)
    with pytest.raises(ValueError):
        BugHunt.from_json("{not json")


def test_observation_is_fixed_size_in_0_1_and_describes_the_window():
    g = BugHunt()
    g.reset(0)
    obs = g.observe("marines")
    assert obs.shape == g.observation_shape and obs.dtype == np.float32
    assert obs.min() >= 0 and obs.max() <= 1
    assert g.observation_shape[0] == 23 * 25 * 25 + 8 * 20 + 26 + 12 * 9 + 32


def test_describe_action_names_figures():
    g = BugHunt()
    g.reset(0)
    assert g.describe_action(g.layout.encode("activate", 0)) == "activate Apone"
    text = g.render_text()
    assert "Apone" in text and "turn 1" in text


def test_render_every_feature_state():
    rows = ["##########", "#1.......#", "##########"]
    feats = [{"kind": k, "pos": [1, 2 + i], "state": st} for i, (k, st) in enumerate([
        ("egg_cache", "intact"), ("egg_cache", "hatched"), ("egg_cache", "destroyed"), ("crate_eggs", "intact"),
        ("crate_eggs", "opened"), ("burst_human", "dead"), ("impregnated_human", "alive")])]
    feats += [{"kind": "sentry", "pos": [1, 8], "state": "destroyed"}]
    g = build(rows, squad=SQUAD, features=feats)
    text = g.render_text()
    assert "x" in text and "o" in text
    img = g.render_rgb()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[0] < 64 * 8  # cropped to the laid squares


def test_a_position_with_every_feature_state_round_trips():
    """The loader accepts every state the rules give a feature (the list rendering draws)."""
    rows = ["##########", "#1.......#", "##########"]
    feats = [{"kind": k, "pos": [1, 2 + i], "state": st} for i, (k, st) in enumerate([
        ("egg_cache", "intact"), ("egg_cache", "hatched"), ("egg_cache", "destroyed"), ("crate_eggs", "intact"),
        ("crate_eggs", "opened"), ("burst_human", "dead"), ("impregnated_human", "alive"), ("sentry", "active")])]
    feats += [{"kind": "sentry", "pos": [1, 8], "state": "destroyed"}, {"kind": "sentry", "pos": [0, 8], "state": "inactive"},
              {"kind": "comms_terminal", "pos": [0, 2], "state": "ready"}, {"kind": "comms_terminal", "pos": [0, 3], "state": "used"}]
    g = build(rows, squad=SQUAD, features=feats)
    assert BugHunt.from_json(g.to_json()).to_dict() == g.to_dict()


def test_fuzzed_positions_load_cleanly_or_raise_value_error():
    import copy
    import random

    g = BugHunt(mission="kill_queen")
    g.reset(7)
    rng = random.Random(0)
    for _ in range(60):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    base = json.loads(g.to_json())
    junk = [None, "x", -5, 10**6, [], {}, 1.5, True]
    paths = [("phase",), ("turn",), ("active",), ("mover",), ("queue",), ("humans", 0, "pos"), ("humans", 0, "status"),
             ("humans", 1, "role"), ("features",), ("decision",), ("result",), ("pool",), ("colony", "cells"),
             ("colony", "ports"), ("dice",), ("config", "mission")]
    if base["aliens"]:
        paths += [("aliens", 0, "kind"), ("aliens", 0, "pos")]
    if base["features"]:
        paths += [("features", 0, "pos"), ("features", 0, "kind")]
    for path in paths:
        for value in junk:
            data = copy.deepcopy(base)
            node = data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
            try:
                h = BugHunt.from_dict(data)
            except ValueError:
                continue
            # accepted: it must still be a usable position
            h.observe("marines")
            if h.current_player() is not None:
                h.legal_mask(h.current_player())
            h.render_text()
