"""What the observation (observation.py) reads from tables made once instead of working it out
at each observe: the Aliens' rows (``_ALIEN_ROWS``, by map size, square and count), the spans of
the views written anew (``anew_spans``: each of the APC's three views alone, its layout span), and
the map's size (the game's ``height`` and ``width``, which the layout's board views are made of:
every mission's board is padded to them). Each is checked against the plain computation it
replaces."""
from __future__ import annotations

import random
from array import array

import pytest

from aliens_env.glorious_day import observation
from aliens_env.glorious_day.data_files import load
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.tactics import GloriousDayTactics

MISSIONS = list(load()["missions"])
APC_VIEWS = ("apc", "apc_seats", "scanned")


def _played(g, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
        g.observe("hive")
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_board_is_the_size_the_observation_reads(mission):
    g = GloriousDay(mission=mission)
    for seed in (0, 1):
        g.reset(seed)
        assert (g.board.height, g.board.width) == (g.height, g.width)
        assert g.obs_layout.shapes["board"][1:] == (g.height, g.width)


def test_the_alien_rows_kept_are_the_plain_rows():
    for mission in MISSIONS:
        _played(GloriousDay(mission=mission), 3, 150)
    _played(GloriousDayTactics(), 4, 300)
    assert len(observation._ALIEN_ROWS) > 20
    for (h, w, square, count), row in observation._ALIEN_ROWS.items():
        r, col = divmod(square, w)
        assert row == array("f", (1.0, count / 3, r / h, col / w)), (h, w, square, count)


@pytest.mark.parametrize("make", [lambda: GloriousDay(mission="apc_chase"), lambda: GloriousDay(mission="queen_apc"),
                                  GloriousDayTactics, GloriousDay])
def test_each_apc_view_is_written_anew_over_its_own_span(make):
    g = make()
    for view in APC_VIEWS:
        if g.has_apc:
            assert g._anew_spans[view] == [g.obs_layout.span(view)]
        else:
            assert view not in g.obs_layout.offsets and g._anew_spans[view] == []
