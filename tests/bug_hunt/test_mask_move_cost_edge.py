"""marines.marine_mask works out the squares taken (state.occupied) only when the figure has the AP
of one move (session 55: no square costs less than a move to enter). Its mask, whole and as the
script mask, against the rule's (test_bh_marine_mask_typed.plain_marine_mask, which always reads
the squares taken) over positions of seeded BugHunt and BugHuntTactics play: in each position
every able figure in turn the active one, its AP just below, at and above the cost of a move."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics
from test_bh_marine_mask_typed import masks_by_code_and_rule

CASES = [(BugHunt, 21, {}), (BugHuntTactics, 22, {}), (BugHuntTactics, 23, {"squad": "predators", "mission": "kill_queen"}),
         (BugHunt, 24, {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True})]


@pytest.mark.parametrize("make,seed,options", CASES)
def test_mask_at_the_move_cost_edge(make, seed, options):
    rng = random.Random(seed)
    g = make(**options)
    g.reset(seed)
    counts = {"masks": 0, "below_a_move": 0, "moves": 0}
    for step in range(450):
        if g.is_terminal():
            g.reset(seed * 1000 + step)
        if step % 3 == 0:
            position = g.clone()
            move_cost = position.rules["ap_cost"]["move"]
            start, count = position.layout.slices["move"]
            for i, h in enumerate(position.humans):
                if h.status != "active" or h.pos == NO or h.hugger != NO:
                    continue
                position.active = i
                position.pools[h.squad] = 0  # (the AP the figure has is its own alone)
                for ap in (move_cost - 1, move_cost, move_cost + rng.randrange(1, 4)):
                    h.ap = ap
                    for script in (False, True):
                        got, want = masks_by_code_and_rule(position, script)
                        assert np.array_equal(got, want), (make.__name__, seed, step, i, ap, script)
                        counts["masks"] += 1
                        counts["below_a_move"] += ap < move_cost
                        counts["moves"] += bool(want[start:start + count].any())
        g.apply(rng.choice(g.legal_actions()))
    assert counts["masks"] > 500 and counts["below_a_move"] > 100 and counts["moves"] > 100, counts
