"""Hive Knowledge: the hive's observation shows the face-down Blips' values, its hand and the
top Motion Tracker card; the marines' does not. Positions that differ only in those give the
marines the same observation and mask, and the hive different ones."""
import json
import random

import numpy as np
import pytest

from aliens_env.core.policy import RandomPolicy
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.policies import HeuristicMarines, ScriptedHive


def positions(games=4, every=5):
    out = []
    for seed in range(games):
        g = GloriousDay()
        g.reset(seed)
        pols = {"marines": RandomPolicy(seed), "hive": ScriptedHive()}
        k = 0
        while not g.is_terminal():
            if k % every == 0 and any(bl is not None for bl in g.blips) and g.hm_hand:
                out.append(g.clone())
            p = g.current_player()
            g.apply(pols[p].act(g, p))
            k += 1
    return out


def twin(g: GloriousDay, rng: random.Random) -> GloriousDay:
    """The same position with the Blips' values, the Hive's hand and the Motion Tracker deck's
    order dealt again from what the marines cannot tell apart."""
    t = g.clone()
    values = t.blip_pool + [bl["value"] for bl in t.blips if bl is not None]
    rng.shuffle(values)
    for bl in t.blips:
        if bl is not None:
            bl["value"] = values.pop()
    t.blip_pool = values
    cards = t.hm_hand + t.hm_deck
    rng.shuffle(cards)
    t.hm_hand, t.hm_deck = cards[:len(t.hm_hand)], cards[len(t.hm_hand):]
    rng.shuffle(t.tracker)
    t._cache.clear()
    return t


def test_marines_see_the_same_in_positions_that_differ_only_in_hidden_things():
    rng = random.Random(0)
    hive_differs = 0
    for g in positions():
        t = twin(g, rng)
        assert np.array_equal(g.observe("marines"), t.observe("marines"))
        hive_differs += not np.array_equal(g.observe("hive"), t.observe("hive"))
        if g.current_player() == "marines":
            assert np.array_equal(g.legal_mask("marines"), t.legal_mask("marines"))
            assert HeuristicMarines().act(g, "marines") == HeuristicMarines().act(t, "marines")
    assert hive_differs > 0


def test_the_hive_sees_blip_values_and_the_top_motion_tracker_card():
    g = positions(games=1)[0]
    views_m = g.obs_layout.views(g.observe("marines"))
    views_h = g.obs_layout.views(g.observe("hive"))
    plane = list(g.obs_layout.descriptions["board"].split(": ")[1].split(", ")).index("blip_value/3 (hive only)")
    assert not views_m["board"][plane].any() and not views_m["hive_knowledge"].any()
    assert views_h["hive_knowledge"].any()
    blip = next(bl for bl in g.blips if bl is not None)
    r, c = g.board.rc(blip["pos"])
    assert views_h["board"][plane][r, c] == pytest.approx(blip["value"] / 3)


def test_text_render_hides_blip_values_and_the_hive_hand_from_the_marines():
    g = positions(games=1)[0]
    text = g.render_text("marines")
    assert "Hive hand" not in text and "?" in text.splitlines()[0] + "".join(text.splitlines()[:12])
    assert "Hive hand" in g.render_text("hive")


def test_positions_round_trip_and_refuse_bad_fields():
    g = positions(games=1)[0]
    data = json.loads(json.dumps(g.to_dict()))
    assert GloriousDay.from_dict(data).to_dict() == g.to_dict()
    bad = json.loads(json.dumps(data))
    bad["hive"]["willpower"] = 11
    with pytest.raises(ValueError, match="hive.willpower"):
        GloriousDay.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["endurance"]["hand"].append("grit")
    with pytest.raises(ValueError, match="endurance"):
        GloriousDay.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["blips"][[k for k, b in enumerate(bad["blips"]) if b][0]]["value"] = 4
    with pytest.raises(ValueError, match=r"blips\[\d+\].value"):
        GloriousDay.from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["decision"] = {"kind": "discard", "options": []}
    with pytest.raises(ValueError, match="decision"):
        GloriousDay.from_dict(bad)


def test_clone_continues_identically():
    g = positions(games=1)[0]
    t = g.clone()
    pol1, pol2 = RandomPolicy(5), RandomPolicy(5)
    for _ in range(200):
        if g.is_terminal():
            break
        g.apply(pol1.act(g, g.current_player()))
        t.apply(pol2.act(t, t.current_player()))
    assert g.to_dict() == t.to_dict()


def test_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="unknown mission"):
        GloriousDay(mission="sulaco_x")
    with pytest.raises(ValueError, match="hive_player"):
        GloriousDay(hive_player="yes")
