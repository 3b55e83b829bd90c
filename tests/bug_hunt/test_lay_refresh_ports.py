"""Laying a section: the ports a new section joins or walls off are found though ``refresh_ports``
reads on only from the first port found pending (reveal passes ``explore._settled_ports``;
test_explore_reveal_scan checks that reading, and that reveal lays what the plain rule lays)."""
import numpy as np
import pytest

from aliens_env.bug_hunt import layout as lay
from aliens_env.core.dice import Dice
from test_bh_layout import RULES, fresh


@pytest.mark.parametrize("seed", range(8))
def test_resolve_port_from_the_first_pending_port_lays_as_from_the_first(seed):
    """Sections laid at random pending ports (test_bh_layout.grow's way), each twice: told the ports
    before the first pending one are settled, and told nothing (every port read): the same colony."""
    a, b = fresh(), fresh()
    dice_a, dice_b = Dice(seed), Dice(seed)
    settled_skipped = 0
    for _ in range(80):
        pending = [i for i, p in enumerate(a.ports) if p["state"] == "pending"]
        if not pending:
            break
        index = pending[dice_a.pick(len(pending))]
        assert index == pending[dice_b.pick(len(pending))]
        brood = any(p.get("brood") for p in a.pieces)
        lay.resolve_port(a, index, dice_a, RULES, brood, pending[0])
        lay.resolve_port(b, index, dice_b, RULES, brood)
        assert a.ports == b.ports
        assert np.array_equal(a.cells, b.cells) and a.version == b.version
        settled_skipped += pending[0]
    assert settled_skipped > 30  # (ports not read)
