"""Colony.refresh_ports reads each pending port's squares in one typed loop: the same ports joined,
dead and sealed, and the same grid, as the list-and-generators form it replaced, over many colonies
with random cell codes written on the squares of their ports (unknown, floor, wall, any door)."""
import numpy as np
import pytest

from aliens_env.bug_hunt.colony import CELL_NAMES, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, FLOOR, UNKNOWN
from bh_helpers import grown_colonies


def refresh_ports_by_lists(col):
    for port in col.ports:
        if port["state"] != "pending":
            continue
        values = [col.cells.item(q[0], q[1]) for q in port["cells"]]
        if all(v == UNKNOWN for v in values):
            continue
        if any(v in (FLOOR, DOOR_OPEN, DOOR_CLOSED, DOOR_LOCKED) for v in values):
            port["state"] = "joined"
        else:
            port["state"] = "dead"
            col.seal(port)


@pytest.mark.parametrize("seed", range(10))
def test_refresh_ports_matches_the_list_form(seed):
    changed = 0
    for rng, col in grown_colonies(seed, (0, 2, 6, 15, 40), 30):
        a = col.copy()
        for port in a.ports:  # some pending again, their squares rewritten at random
            if rng.random() < 0.5:
                port["state"] = "pending"
            for q in port["cells"]:
                if rng.random() < 0.4:
                    a.cells[q[0], q[1]] = rng.choice([UNKNOWN] * 3 + list(range(len(CELL_NAMES))))
        b = a.copy()
        a.refresh_ports()
        refresh_ports_by_lists(b)
        assert a.ports == b.ports
        assert np.array_equal(a.cells, b.cells) and a.version == b.version
        changed += a.ports != col.ports
    assert changed > 50
