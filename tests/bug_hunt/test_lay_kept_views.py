"""What explore keeps for reveal, against the colony as it is now: ``layout_ports``' reading (kept in
geometry.layout_cache, so a layout changed since is read again: a door opened shows its mouth) and
``cell_codes``' view of the cell codes (kept across layout versions while the colony's array is the
same object: it reads the array as it is now, and another array once the colony has one); and the
colony's steps and turns (colony.add, left, right, C calls from layout) against the compass."""
from __future__ import annotations

import random

import numpy as np

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.colony import CARDINAL_NAMES, DOOR_CLOSED, DOOR_OPEN, add, left, right
from aliens_env.bug_hunt.explore import cell_codes, layout_ports
from aliens_env.bug_hunt.geometry import layout_cache
from test_bh_reveal_kept import plain_mouths


def closed_door_ports(g) -> list[int]:
    col = g.colony
    return [k for k, p in enumerate(col.ports) if p["state"] == "pending" and p["kind"] == "door"
            and col.cells[tuple(p["door"])] == DOOR_CLOSED]


def test_a_door_opened_is_seen_by_the_reading_kept_in_the_layout_cache():
    rng = random.Random(7)
    opened = 0
    for seed in range(40):
        g = BugHunt()
        g.reset(seed)
        for _ in range(60):
            if g.is_terminal() or closed_door_ports(g):
                break
            g.apply(rng.choice(g.legal_actions()))
        doors = closed_door_ports(g)
        if not doors:
            continue
        kept = layout_ports(g)
        assert layout_cache(g)["mouths"] is kept and layout_ports(g) is kept
        col = g.colony
        r, c = col.ports[doors[0]]["door"]
        assert all(k != doors[0] for k, _ in kept[1])  # (a closed door shows no mouth)
        col.cells[r, c] = DOOR_OPEN
        col.changed()
        again = layout_ports(g)
        assert again is not kept and again[0] == col.version and again[1] == plain_mouths(col)
        assert (doors[0], [r * col.width + c]) in again[1] and not again[3]
        assert layout_cache(g)["mouths"] is again
        opened += 1
    assert opened >= 5


def test_the_kept_cell_codes_are_the_colonys_cells_now():
    rng = random.Random(3)
    checked = laid = 0
    for seed in range(8):
        g = BugHunt()
        g.reset(100 + seed)
        pieces = len(g.colony.pieces)
        for _ in range(150):
            if g.is_terminal():
                break
            g.apply(rng.choice(g.legal_actions()))
            assert np.array_equal(np.asarray(cell_codes(g).codes), g.colony.cells)
            checked += 1
        laid += len(g.colony.pieces) > pieces
        # a colony with another array (a copy) is read from its own array, not the kept view of the old one
        g.colony = g.colony.copy()
        g.colony.cells[0, 0] = DOOR_OPEN if g.colony.cells[0, 0] != DOOR_OPEN else DOOR_CLOSED
        g.colony.changed()
        kept = cell_codes(g)
        assert kept.array is g.colony.cells and np.array_equal(np.asarray(kept.codes), g.colony.cells)
    assert checked > 300 and laid >= 2


def test_the_steps_and_turns_follow_the_compass():
    step = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
    clockwise = "NESW"
    rng = random.Random(1)
    for d, name in enumerate(CARDINAL_NAMES):
        assert CARDINAL_NAMES[right(d)] == clockwise[(clockwise.index(name) + 1) % 4]
        assert CARDINAL_NAMES[left(d)] == clockwise[(clockwise.index(name) + 3) % 4]
        for _ in range(20):
            p = (rng.randrange(64), rng.randrange(64))
            k = rng.randrange(-3, 5)
            assert add(p, d, k) == (p[0] + step[name][0] * k, p[1] + step[name][1] * k)
            assert add(list(p), d) == (p[0] + step[name][0], p[1] + step[name][1])
