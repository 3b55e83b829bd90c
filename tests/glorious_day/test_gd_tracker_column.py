"""The hive's view marks the top Motion Tracker card in the column of the feature named for it
(``mt_kinds``: each kind's column, read from a dict) over random positions, with and without the Queen."""
from __future__ import annotations

import numpy as np
import pytest

from gd_helpers import random_positions


@pytest.mark.parametrize("mission", ["newt", "queen_apc"])
def test_top_tracker_card_is_marked_in_its_named_column(mission):
    checked = 0
    for g in random_positions(mission, 1500, seed=7):
        if not g.tracker:
            continue
        o = g.obs_layout.offsets["hive_knowledge"]
        names = g.hive_features
        tops = names.index("top_tracker=" + next(iter(g.mt_kinds)))  # the first top_tracker column
        shown = g.observe("hive")[o + tops:o + len(names)]
        assert list(np.flatnonzero(shown)) == [names.index(f"top_tracker={g.tracker[-1]}") - tops]
        checked += 1
    assert checked > 500
    assert list(g.mt_kinds.values()) == list(range(len(g.mt_kinds)))
