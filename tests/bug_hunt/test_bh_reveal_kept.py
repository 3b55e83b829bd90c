"""What ``explore.reveal`` keeps per layout version (``layout_ports``): the mouths, whether a port
is pending and the squares found to see no mouth, against the plain readings of the ports and of
line of sight, at random positions of random games (a figure moved, a door opened, a section laid)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt, geometry
from aliens_env.bug_hunt.colony import CARDINAL, DOOR_OPEN
from aliens_env.bug_hunt.explore import layout_ports
from aliens_env.bug_hunt.state import NO


def plain_mouths(col) -> list:
    out = []
    for k, port in enumerate(col.ports):
        if port["state"] != "pending":
            continue
        if port["kind"] == "door":
            r, c = port["door"]
            if col.cells[r, c] == DOOR_OPEN:
                out.append((k, [r * col.width + c]))
        else:
            dr, dc = CARDINAL[port["d"]]
            squares = [(r - dr, c - dc) for r, c in port["cells"]]
            out.append((k, [r * col.width + c if col.inside(r, c) else NO for r, c in squares]))
    return out


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen"), (2, "explore")])
def test_the_kept_ports_and_blind_squares_are_the_plain_readings(seed, mission):
    rng = random.Random(seed)
    checked = blind_squares = 0
    for game in range(6):
        g = BugHunt(mission=mission, electronic_locks=bool(game % 2))
        g.reset(seed * 100 + game)
        steps = 0
        while not g.is_terminal() and steps < 400:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
            col = g.colony
            kept = g._shared.get("mouths")
            version, mouths, pending, blind = layout_ports(g)  # (what reveal kept at this version, if it was asked)
            assert version == col.version and mouths == plain_mouths(col), (seed, game, steps)
            assert pending == any(p["state"] == "pending" for p in col.ports)
            if kept is None or kept[0] != col.version:
                continue
            radius = g.rules["reveal_range"]
            for v in blind:  # sees no mouth (as reveal reads it: geometry.los within reveal range)
                assert not any(geometry.los(g, v, m, radius) for _, ms in mouths for m in ms), (seed, game, steps, v)
            blind_squares += len(blind)
            checked += 1
    assert checked > 100 and blind_squares > 100


def test_a_kept_reading_is_made_again_when_the_layout_changes():
    g = BugHunt()
    g.reset(3)
    kept = layout_ports(g)
    assert layout_ports(g) is kept
    g.colony.changed()
    again = layout_ports(g)
    assert again is not kept and again[0] == g.colony.version and again[1] == kept[1] and not again[3]
