"""Positions, observation, descriptions, built-in players, and the printed rolls' frequencies."""
import copy
import json

import numpy as np
import pytest

from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.registry import get_spec, make_policy
from aliens_env.operations.game import PLANES, SCENARIO_FEATURES, Operations
from ops_helpers import CUT, J1, at_marine, empty_ops, marine, move, sq

NAME = "OperationsAirDucts"


def played(seed=0, steps=120, **options):
    g = Operations(**options)
    g.reset(seed)
    pol = {"marines": make_policy(NAME, "marines", "heuristic"), "hive": make_policy(NAME, "hive", "dice", seed=seed)}
    for _ in range(steps):
        if g.is_terminal():
            break
        p = g.current_player()
        g.apply(pol[p].act(g, p))
    return g


@pytest.mark.parametrize("scenario", ["operations", "lets_eat_burke", "gormans_last_stand"])
def test_position_round_trip_plays_on_identically(scenario):
    g = played(3, 150, scenario=scenario)
    twin = Operations.from_dict(json.loads(json.dumps(g.to_dict())))
    assert twin.to_dict() == g.to_dict()
    pol = RandomPolicy(1)
    for _ in range(40):
        if g.is_terminal():
            break
        a = pol.act(g, g.current_player())
        g.apply(a)
        twin.apply(a)
    assert twin.to_dict() == g.to_dict()


@pytest.mark.parametrize("path,value,field", [
    (("ops", "burke"), "eaten", "burke"),
    (("ops", "torch_done"), 7, "torch_done"),
    (("ops", "known"), [3], "known"),
    (("ops", "far_door_open"), 1, "far_door_open"),
    (("ops", "appear_colours"), ["green"], "appear_colours"),
    (("ops",), "x", "ops"),
    (("config", "scenario"), "nope", "scenario"),
    (("turn",), "x", "turn"),
])
def test_a_bad_field_is_a_value_error_naming_it(path, value, field):
    data = played(2, 60).to_dict()
    bad = copy.deepcopy(data)
    node = bad
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(ValueError, match=field):
        Operations.from_dict(bad)
    assert Operations.from_dict(data).to_dict() == data  # the good one still loads


def test_a_marine_on_a_sealed_door_is_refused_and_allowed_once_it_is_open():
    g = empty_ops({"Hicks": CUT})
    at_marine(g, "Hicks")
    data = g.to_dict()
    data["stats"]["dead"] = 6  # the helper took the others off the map
    data["marines"][0]["pos"] = sq(g, (5, 16))
    with pytest.raises(ValueError, match="marines\\[0\\].pos"):
        Operations.from_dict(data)
    data["ops"]["far_door_open"] = True
    data["ops"]["torch_done"] = 3
    assert Operations.from_dict(data).board.passable.flat[sq(g, (5, 16))]


def test_observation_views_hold_the_scenario():
    g = empty_ops({"Hicks": CUT, "Newt": (5, 17)})
    g.known = [sq(g, J1)]
    at_marine(g, "Hicks")
    obs = g.observe("marines")
    lay = g.obs_layout
    planes = lay.view(obs, "board")
    assert planes[PLANES.index("door_sealed")][5, 16] == 1 and planes[PLANES.index("furniture")][1, 1] == 1
    assert planes[PLANES.index("junction_known")][J1] == 1 and planes[PLANES.index("gold")][1, 18] == 1
    feats = dict(zip(SCENARIO_FEATURES, lay.view(obs, "scenario")))
    assert feats["far_door_open"] == 0 and feats["newt_able"] == 1 and feats["burke=gone"] == 1
    assert obs.min() >= 0 and obs.max() <= 1 and obs.shape == g.observation_shape


def test_describe_action_says_what_it_does():
    g = empty_ops({"Hicks": CUT, "Burke": (5, 17)})
    g.burke = "lingering"
    at_marine(g, "Hicks")
    assert "Cutting Torch" in g.describe_action(g.layout.encode("torch"))
    assert "ask Burke" in g.describe_action(g.layout.encode("ask_burke"))
    assert "far door" in g.render_text() and "Burke lingering" in g.render_text()


def test_builtin_policies_are_registered_and_choose_legal_actions():
    spec = get_spec(NAME)
    assert set(spec.policies) == {"dice", "heuristic"}
    g = played(4, 300)
    assert g.is_terminal() or g.legal_mask(g.current_player()).any()


def test_the_heuristic_cuts_and_asks_at_the_door():
    g = empty_ops({"Hicks": CUT, "Burke": (5, 17)})
    g.burke = "lingering"
    at_marine(g, "Hicks")
    pol = make_policy(NAME, "marines", "heuristic")
    assert pol.act(g, "marines") == g.layout.encode("ask_burke")
    g.dice.script(5)
    g.apply(g.layout.encode("ask_burke"))
    assert pol.act(g, "marines") == g.layout.encode("torch")


# -- the printed rolls, over many seeds -----------------------------------------------------------
def frequency(make, trials=2000):
    return sum(make(seed) for seed in range(trials)) / trials


def test_newts_signal_succeeds_seven_times_in_ten():
    def signal(seed):
        g = empty_ops({"Newt": (5, 17)})
        g.dice.seed(seed)
        g._newt_signal(marine(g, "Newt"))
        return g.signal
    assert abs(frequency(signal) - 0.7) < 0.035


def test_newts_memory_succeeds_seven_times_in_ten():
    def remembers(seed):
        g = empty_ops({"Newt": J1})
        at_marine(g, "Newt")
        g.dice.seed(seed)
        move(g, "W")
        return bool(g.known)
    assert abs(frequency(remembers) - 0.7) < 0.035


def test_the_conscience_roll_succeeds_once_in_ten():
    def opens(seed):
        g = empty_ops({"Hicks": CUT, "Burke": (5, 17)})
        g.burke = "lingering"
        at_marine(g, "Hicks")
        g.dice.seed(seed)
        g.apply(g.layout.encode("ask_burke"))
        return g.far_door_open
    assert abs(frequency(opens) - 0.1) < 0.02
