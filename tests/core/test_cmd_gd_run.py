"""GloriousDay's phase loop (glorious_day/game.py's _run, core's lone_legal asked of each script mask):
it stops at every real choice and at every Reaction window, a lone 'decline' included (its opening
is public), and takes every other lone action at once. Checked over random GloriousDay games: no
decision left open has a lone legal action unless it is a Reaction window, and such windows occur."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.glorious_day.game import GloriousDay


@pytest.mark.parametrize("seed", [0, 1])
def test_the_loop_stops_at_real_choices_and_every_reaction_window(seed):
    rng, positions, lone_windows = random.Random(seed), 0, 0
    for game_no in range(12):
        g = GloriousDay()
        g.reset(seed * 100 + game_no)
        while not g.is_terminal():
            player = g.current_player()
            legal = np.flatnonzero(g.legal_mask(player))
            assert len(legal) >= 1, (seed, game_no, g.decision)
            if len(legal) == 1:
                assert g.decision.kind == "react", (seed, game_no, g.decision)  # (any other lone action is taken)
                lone_windows += 1
            positions += 1
            g.apply(int(legal[rng.randrange(len(legal))]))
    assert positions > 1000 and lone_windows > 0, (positions, lone_windows)
