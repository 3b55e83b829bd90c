"""The hive's hand in its observation (observation.py, ``_add_hive_knowledge``: each card's copies
counted in one pass, its value read from HAND_COUNT) is the view as first written, card by card:
1/3 added in float32 for each copy held, up to 1; 0 for a card not held."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from aliens_env.glorious_day.data_files import load
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import random_positions

MISSIONS = list(load()["missions"])


def _plain_hand_view(g: GloriousDay) -> np.ndarray:
    view = np.zeros(len(g.card_names), dtype=np.float32)
    for card in g.hm_hand:
        i = g.card_index[card]
        view[i] = min(view[i] + 1 / 3, 1)
    return view


def _shown_hand(g: GloriousDay) -> np.ndarray:
    o = g.obs_layout.offsets["hive_knowledge"]
    return g.observe("hive")[o:o + len(g.card_names)]


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_hive_hand_is_the_plain_view_over_random_play(mission):
    copies = Counter()
    for g in random_positions(mission, 300, 13):
        assert np.array_equal(_shown_hand(g), _plain_hand_view(g))
        copies.update(Counter(g.hm_hand).values())
    assert copies[1] and copies[2]  # (a card held once and one held twice were seen)


def test_the_hive_hand_is_the_plain_view_for_random_hands():
    """Hands drawn at random from the card names, up to 5 copies of a card (4 and 5 show 1)."""
    rng, g = random.Random(5), GloriousDay()
    g.reset(5)
    for _ in range(300):
        g.hm_hand = [rng.choice(g.card_names[:4]) for _ in range(rng.randrange(9))]
        assert np.array_equal(_shown_hand(g), _plain_hand_view(g)), g.hm_hand
