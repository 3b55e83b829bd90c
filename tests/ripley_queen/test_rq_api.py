"""Ripley vs. the Queen: positions (to_dict / from_dict, every field checked by name), clone,
describe_action, illegal_reason, the text and image renderings, the observation, and the
built-in policies."""
import copy
import json

import numpy as np
import pytest

import aliens_env
from aliens_env.core.game import IllegalActionError
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.registry import make_policy
from aliens_env.ripley_queen.game import RipleyQueen
from rq_helpers import duel, legal_names, play


def played(seed=3, steps=12):
    g = RipleyQueen()
    g.reset(seed)
    policy = RandomPolicy(seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        g.apply(policy.act(g, g.current_player()))
    return g


def test_position_round_trip_plays_on_identically():
    g = played()
    data = json.loads(json.dumps(g.to_dict()))
    restored = RipleyQueen.from_dict(data)
    assert restored.to_dict() == g.to_dict()
    twin = g.clone()
    policy = RandomPolicy(1)
    for _ in range(30):
        if g.is_terminal():
            break
        action = policy.act(g, g.current_player())
        for game in (g, restored, twin):
            game.apply(action)
        assert g.to_dict() == restored.to_dict() == twin.to_dict()


BAD_FIELDS = [
    ("game", "ReactorRoom"),
    ("config", {"turn_limit": 0}),
    ("config", {"turn_limit": 30, "extra": 1}),
    ("dice", {"rng": "x"}),
    ("turn", 0),
    ("turn", "2"),
    ("phase", "aliens_move"),
    ("ripley", [2, 0]),  # the airlock
    ("ripley", [1, 3]),  # a crate
    ("ripley", [9, 9]),
    ("ripley", [2]),
    ("queen", [2, 3.5]),
    ("wounds", -1),
    ("wounds", 5),
    ("stance", "charge"),
    ("no_move_turn", 99),
    ("stun_turn", -2),
    ("airlock_open", 1),
    ("end", "won"),
    ("decision", "move"),
    ("stats", {"stuns": 0}),
    ("stats", "x"),
    ("events", [1]),
]


@pytest.mark.parametrize("field,value", BAD_FIELDS)
def test_a_bad_field_is_a_value_error_naming_it(field, value):
    data = played().to_dict()
    before = copy.deepcopy(data)
    data[field] = value
    with pytest.raises(ValueError, match=field):
        RipleyQueen.from_dict(data)
    data[field] = before[field]
    assert data == before


def test_missing_and_unknown_fields_are_named():
    data = played().to_dict()
    del data["wounds"]
    with pytest.raises(ValueError, match="wounds"):
        RipleyQueen.from_dict(data)
    data = played().to_dict()
    data["bogus"] = 1
    with pytest.raises(ValueError, match="bogus"):
        RipleyQueen.from_dict(data)


def test_fields_are_checked_against_each_other():
    g = duel(ripley=(2, 3), queen=(2, 4))
    for change, field in (
        ({"queen": [2, 3]}, "queen"),  # Ripley's square
        ({"decision": "queen"}, "decision"),  # not the phase's
        ({"phase": "over", "decision": None}, "end"),  # over without a reason
        ({"end": "dropped"}, "end"),  # a reason while the game goes on
        ({"phase": "combat", "decision": "combat", "queen": [5, 8]}, "decision"),  # Combat, not next to Ripley
        ({"phase": "queen", "decision": "queen", "stun_turn": 2}, "decision"),  # a Stunned Queen's move
        ({"wounds": 2}, "wounds"),  # two Wounds and not incapacitated
        ({"stance": "sweep"}, "stance"),  # a stance before Ripley has chosen
    ):
        data = {**g.to_dict(), **change}
        with pytest.raises(ValueError, match=field):
            RipleyQueen.from_dict(data)


def test_not_a_position_is_a_clear_error():
    with pytest.raises(ValueError, match="RipleyQueen position"):
        RipleyQueen.from_dict([1, 2])
    with pytest.raises(ValueError):
        RipleyQueen.from_json("{not json")


def test_describe_action_says_what_it_does_now():
    g = duel(ripley=(2, 3), queen=(2, 5))
    lay = g.layout
    assert g.describe_action(lay.encode("move", 6)) == "Ripley moves W to (2, 2)"
    assert g.describe_action(lay.encode("sweep")) == "Ripley takes the Sweep stance"
    assert g.describe_action(lay.encode("open_airlock")) == "Ripley opens the airlock"
    g = duel(ripley=(2, 2), queen=(2, 1), phase="combat", stance="defend")
    assert g.describe_action(lay.encode("retreat", 2)) == "Ripley retreats (no Move next turn) E to (2, 3)"
    assert g.describe_action(lay.encode("accept")) == "Ripley takes the Queen's attack (defend)"
    g = duel(ripley=(2, 2), queen=(2, 1), phase="queen_action", stance="sweep")
    assert g.describe_action(lay.encode("queen_action", 2)) == "the Queen's Melee against Ripley's sweep"
    g = duel(ripley=(2, 2), queen=(2, 6), phase="queen")
    assert g.describe_action(lay.encode("queen_move", 24 - 2)) == "the Queen moves to (2, 4)"


def test_illegal_reason_names_the_action_and_changes_nothing():
    g = duel(ripley=(2, 3), queen=(2, 4))
    assert g.illegal_reason(g.layout.encode("sweep")) is None
    reason = g.illegal_reason(g.layout.encode("open_airlock"))
    assert "open_airlock" in reason and "not legal" in reason
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="move\\[E\\]"):
        g.apply(g.layout.encode("move", 2))  # the Queen's square
    with pytest.raises(IllegalActionError, match="not an integer"):
        g.apply(500)
    assert g.to_dict() == before
    play(g, "defend")
    assert "queen_action" in g.illegal_reason(g.layout.encode("queen_action", 0))


def test_render_text_shows_the_board_the_pieces_and_the_airlock():
    g = duel(ripley=(2, 1), queen=(2, 2), airlock_open=True, stun_turn=2)
    text = g.render_text()
    rows = text.splitlines()
    assert rows[3] == " 2 ORz......" and "to decide: marines (ripley)" in text
    assert g.render_text(viewer="hive") == g.render_text(viewer="marines") == text


def test_render_rgb_is_an_image_of_the_board():
    g = duel(ripley=(2, 1), queen=(2, 2))
    img = g.render_rgb()
    from aliens_env.render.image import board_size

    width, height = board_size(g.board)  # the squares with their coordinates, a panel below
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[0] > height and img.shape[1] >= width
    env = aliens_env.envs.registry.get_spec("RipleyQueen")
    import gymnasium as gym

    e = gym.make(env.env_id, render_mode="rgb_array")
    e.reset(seed=0)
    assert e.render().shape == img.shape


def test_observation_holds_the_pieces_and_the_state():
    g = duel(ripley=(2, 1), queen=(2, 2), wounds=1, airlock_open=True, stance="sweep")
    obs = g.observe("marines")
    assert obs.shape == g.observation_shape and obs.dtype == np.float32 and obs.min() >= 0 and obs.max() <= 1
    v = g.obs_layout.views(obs)
    assert v["board"][2][2, 1] == 1 and v["board"][3][2, 2] == 1 and v["board"][2].sum() == v["board"][3].sum() == 1
    assert v["board"][1][2, 0] == v["board"][1][3, 0] == 1 and v["board"][0][1, 3] == 1  # airlock, a crate
    assert v["ripley"].tolist() == [0.5, 0, 1, 0, 1, 0]  # one of two Wounds, at the rim, Sweep
    assert np.allclose(v["queen"], [0, 1, 0.1])
    assert v["globals"][0] == 1 and v["globals"][2] == 1  # the airlock open; Ripley's decision
    assert np.array_equal(obs, g.observe("hive"))  # the board is open


def test_builtin_policies_are_registered_and_choose_legal_actions():
    assert {"dice", "heuristic"} <= set(aliens_env.REGISTRY["RipleyQueen"].policies)
    ripley, queen = make_policy("RipleyQueen", "marines", "heuristic"), make_policy("RipleyQueen", "hive", "dice")
    for seed in range(20):
        g = RipleyQueen()
        g.reset(seed)
        while not g.is_terminal():
            p = g.current_player()
            action = (ripley if p == "marines" else queen).act(g, p)
            assert g.legal_mask(p)[action]
            g.apply(action)


def test_heuristic_ripley_makes_for_the_rim_then_defends_then_sweeps_once_it_is_open():
    ripley = make_policy("RipleyQueen", "marines", "heuristic")
    g = duel(ripley=(2, 3), queen=(5, 8))
    kind, d = g.layout.decode(ripley.act(g, "marines"))
    assert kind == "move" and g.airlock_range[g.board.step(g.ripley, d)] == 2  # a step nearer the rim
    g = duel(ripley=(2, 1), queen=(2, 2))
    assert g.layout.name(ripley.act(g, "marines")) == "defend"
    g = duel(ripley=(2, 1), queen=(2, 2), stun_turn=2)
    assert g.layout.name(ripley.act(g, "marines")) == "open_airlock"
    g = duel(ripley=(2, 1), queen=(2, 2), airlock_open=True)
    assert g.layout.name(ripley.act(g, "marines")) == "sweep"
    g = duel(ripley=(2, 2), queen=(2, 1), phase="combat")
    assert g.layout.name(ripley.act(g, "marines")) == "accept"


@pytest.mark.parametrize("path,value,message", [
    (("combat", "sweep", "charge"), [{"max": 5, "result": "grab"}], "combat.sweep.charge"),  # stops short of 9
    (("combat", "defend", "melee"), [{"max": 9, "result": "bite"}], "combat.defend.melee"),  # no such result
    (("queen_vs_powerloader", "tail"), [{"max": 9, "result": "stun"}], "queen_vs_powerloader.tail"),
    (("queen_action_roll",), [{"max": 9, "result": "spit"}], "queen_action_roll"),
    (("queen_moves",), 4, "queen_moves"),
])
def test_a_broken_data_file_is_refused_naming_the_table(monkeypatch, path, value, message):
    import aliens_env.ripley_queen.game as game_module

    real = game_module.read_yaml

    def broken(where):
        data = copy.deepcopy(real(where))
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return data

    game_module.scenario.cache_clear()
    monkeypatch.setattr(game_module, "read_yaml", broken)
    try:
        with pytest.raises(ValueError, match=message.replace(".", r"\.")):
            game_module.scenario()
    finally:
        monkeypatch.undo()
        game_module.scenario.cache_clear()
    assert game_module.scenario()["queen_moves"] == 3


def test_the_dice_policy_asked_to_play_ripley_rolls_among_her_legal_actions():
    g = duel(ripley=(2, 3), queen=(5, 8))
    legal = g.legal_actions()
    for roll in range(len(legal)):
        g2 = g.clone()
        g2.dice.script(roll)
        assert make_policy("RipleyQueen", "marines", "dice").act(g2, "marines") == legal[roll]
