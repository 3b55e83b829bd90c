"""``explore.reveal`` against the plain rule at random positions of random games: from the viewer
given (or every active squad figure), lay the first pending open end or open door (by port index)
a viewer sees (``geometry.los`` within reveal range: the grid's own line of sight), then look again
from every active figure, until none is seen (then the sealed-grid door, A54). reveal keeps what it
found per layout version and reads the sight lines from the cell codes itself: the layout laid, the
features, the events and the stats must be the plain rule's, from the figures' squares and from any
square at all (one that blocks sight too)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt, explore, geometry
from aliens_env.bug_hunt import layout as lay
from aliens_env.bug_hunt.codec import clone
from aliens_env.bug_hunt.colony import CARDINAL, DOOR_OPEN, FLOOR, OPAQUE
from aliens_env.bug_hunt.state import NO


def mouths(col, port) -> list[int]:
    """The squares a figure must see to lay the port: an open door's square, the squares a step
    back from an open end's; none for a closed door."""
    if port["kind"] == "door":
        r, c = port["door"]
        return [r * col.width + c] if col.cells[r, c] == DOOR_OPEN else []
    dr, dc = CARDINAL[port["d"]]
    return [(r - dr) * col.width + c - dc for r, c in port["cells"]]


def plain_reveal(g, viewer: int) -> None:
    col = g.colony
    radius = g.rules["reveal_range"]
    viewers = [viewer] if viewer != NO else None
    while True:
        if viewers is None:
            viewers = [h.pos for h in g.humans if h.status == "active" and h.pos != NO]
        found = next((k for k, port in enumerate(col.ports) if port["state"] == "pending"
                      and any(geometry.los(g, v, m, radius) for v in viewers for m in mouths(col, port))), None)
        viewers = None
        if found is None:
            explore.reopen(g)
            return
        before = len(col.pieces)
        brood_exists = g.brood_found or any(p.get("brood") for p in col.pieces)
        g.features.extend(lay.resolve_port(col, found, explore.layout_dice(g, col.ports[found]), g.rules, brood_exists))
        g.stats["sections_laid"] += len(col.pieces) - before
        explore.equip_new_pieces(g, before)
        for pid in range(before, len(col.pieces)):
            if col.pieces[pid].get("brood"):
                g.events.append("the door opens on the Brood Chamber!")
                port = col.ports[found]
                entrance = port["door"] if port["door"] is not None else port["cells"][0]
                explore.fill_brood(g, pid, geometry.sq(g, entrance))


def laid(g) -> tuple:
    col = g.colony
    return (col.cells.tolist(), col.hazard.tolist(), col.pieces, col.ports, g.features, g.events, g.stats,
            [(a.kind, a.pos) for a in g.aliens])


@pytest.mark.parametrize("seed,options", [(0, {}), (1, {"mission": "kill_queen"}), (2, {"electronic_locks": True}),
                                          (3, {"mission": "kill_queen", "satellite_comms": True})])
def test_reveal_lays_what_the_plain_rule_lays_at_random_positions(seed, options):
    rng = random.Random(seed)
    checked, laying, from_opaque = 0, 0, 0
    for game in range(8):
        g = BugHunt(**options)
        g.reset(seed * 100 + game)
        steps = 0
        while not g.is_terminal() and steps < 300:
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
            if rng.random() < 0.6:
                continue
            col = g.colony
            squad = [h.pos for h in g.humans if h.status == "active" and h.pos != NO]
            r0, c0, r1, c1 = col.pieces[rng.randrange(len(col.pieces))]["rect"]  # a square in or round a section
            anywhere = [rng.randint(r0 - 1, r1 + 1) * col.width + rng.randint(c0 - 1, c1 + 1)]
            ends = [m for port in col.ports if port["state"] == "pending" for m in mouths(col, port)]
            if ends:  # a floor square near the mouth of a pending port (in reach or not)
                m = rng.choice(ends)
                near = [s for s in range(col.n) if col.range(s, m) <= 10 and col.cells.item(s) == FLOOR]
                anywhere.append(rng.choice(near))
            viewer = rng.choice([NO] + anywhere + squad)
            plain = clone(g)
            plain_reveal(plain, viewer)
            pieces = len(col.pieces)
            opaque = viewer != NO and bool(OPAQUE[col.cells.item(viewer)])
            explore.reveal(g, viewer)  # (with what the game kept at this version)
            assert laid(g) == laid(plain), (seed, game, steps, viewer)
            checked += 1
            laying += len(col.pieces) > pieces
            from_opaque += opaque
    assert checked > 100 and laying > 10 and from_opaque > 10, (checked, laying, from_opaque)


def test_the_colony_refuses_edge_walls():
    """reveal reads sight from the cells alone on ASSUMPTION A3 (the colony's walls are squares):
    the colony refuses an edge wall rather than be seen through it."""
    g = BugHunt()
    with pytest.raises(ValueError, match="no edge walls"):
        g.colony.set_edge_wall(0, 1)
    assert not g.colony.shooter_corners
