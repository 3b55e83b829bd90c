"""Bug Hunt as a picture ("rgb_array"): the colony as it is laid so far (the picture is cropped
to the laid sections, so it grows as the squad explores), walls, doors and hazards, the squad
numbered 1-8, the Aliens by kind (f Face-Hugger, d dog Alien, A Alien, Q Queen, c Chest-Burster),
the features, the squad's panel, a legend and whose turn it is. Open to both sides."""
from __future__ import annotations

import numpy as np

from ..bug_hunt.colony import DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR, UNKNOWN, WALL
from ..bug_hunt.render import ALIEN_CHARS, _feature_char
from ..core.board import NO
from .draw import DIM, INK, LINE, legend
from .image import COLOURS as BOARD, counter, fit, framed, grid_image

CELL = 16
TERRAIN = {
    UNKNOWN: (10, 10, 12), FLOOR: (48, 48, 58), WALL: (118, 118, 130), DOOR_OPEN: (120, 90, 40),
    DOOR_CLOSED: (170, 120, 40), DOOR_WELDED: (220, 160, 40), DOOR_LOCKED: (200, 60, 40),
}
HAZARD, ENTRY, FEATURE, APC = (70, 96, 40), (30, 130, 40), (96, 96, 70), (90, 120, 60)
LEGEND = [(BOARD["marine"], "squad (1-8)"), (BOARD["wounded"], "hugged"), (BOARD["alien"], "Alien (f d A c)"),
          (BOARD["on_card"], "Queen"), (BOARD["active"], "acting"), (TERRAIN[WALL], "wall"),
          (TERRAIN[DOOR_OPEN], "open door"), (TERRAIN[DOOR_CLOSED], "closed door"), (TERRAIN[DOOR_WELDED], "welded"),
          (TERRAIN[DOOR_LOCKED], "locked"), (HAZARD, "acid/debris"), (ENTRY, "entry"), (FEATURE, "feature"),
          (APC, "APC")]


def laid_box(col) -> tuple[int, int, int, int]:
    """(r0, r1, c0, c1), inclusive, of the laid squares with a margin of one."""
    rows, cols = np.nonzero(col.cells != UNKNOWN)
    if len(rows) == 0:
        return 0, 0, 0, 0
    n = col.size - 1
    return max(rows.min() - 1, 0), min(rows.max() + 1, n), max(cols.min() - 1, 0), min(cols.max() + 1, n)


def render(game) -> np.ndarray:
    col = game.colony
    r0, r1, c0, c1 = laid_box(col)
    bw, bh = (c1 - c0 + 1) * CELL, (r1 - r0 + 1) * CELL
    player = game.current_player()
    who = f"game over: {game.result}" if player is None else f"to move: {player} ({game.decision.kind})"
    c, y0 = framed(bw, bh, 720, len(game.humans) + 6,
                   f"Bug Hunt ({game.mission_name})  turn {game.turn}/{game.turn_limit}  {game.phase}", who)
    width, x0 = c.width, 4

    def xy(r: int, cc: int) -> tuple[int, int]:
        return x0 + (cc - c0) * CELL, y0 + (r - r0) * CELL

    cells = col.cells[r0:r1 + 1, c0:c1 + 1]
    base = np.zeros(cells.shape + (3,), dtype=np.uint8)
    for v, colour in TERRAIN.items():
        base[cells == v] = colour
    base[(col.hazard[r0:r1 + 1, c0:c1 + 1] > 0) & (cells == FLOOR)] = HAZARD
    base[col.entry[r0:r1 + 1, c0:c1 + 1]] = ENTRY
    edge = np.empty_like(base)
    edge[:] = BOARD["grid"]
    edge[cells == UNKNOWN] = TERRAIN[UNKNOWN]  # no grid lines where nothing is laid
    c.paste(x0, y0, grid_image(base, CELL, edge))
    for f in game.features:
        x, y = xy(*f["pos"])
        c.box(x + 1, y + 1, CELL - 1, CELL - 1, FEATURE)
        c.label(x, y, CELL, CELL, _feature_char(f))
    if game.apc is not None:
        x, y = xy(*game.rc(game.apc["pos"]))
        counter(c, x, y, CELL, APC, "V")
    for a in game.aliens:
        if a.alive and a.attached == NO:
            x, y = xy(*game.rc(a.pos))
            counter(c, x, y, CELL, BOARD["on_card"] if a.kind == "queen" else BOARD["alien"], ALIEN_CHARS[a.kind])
    for i, h in enumerate(game.humans):
        if h.status == "active" and not h.in_apc:
            x, y = xy(*game.rc(h.pos))
            colour = BOARD["wounded"] if h.hugger != NO else BOARD["marine"]
            counter(c, x, y, CELL, colour, str(i + 1), ring=BOARD["active"] if i == game.active else None,
                    ink=(0, 0, 0) if h.hugger != NO else (255, 255, 255))
    y = y0 + bh + 4
    for i, h in enumerate(game.humans):
        state = h.status + (" hugged" if h.hugger != NO else "") + (" over-watch" if h.overwatch else "") + (
            " in the APC" if h.in_apc else "") + (" (leader)" if h.leader else "")
        team = f" squad {h.squad}" if game.n_squads > 1 else ""
        c.box(4, y + 2, 10, 10, BOARD["marine"] if h.status == "active" else DIM)
        c.text(18, y, fit(f"{i + 1} {h.name:<10} {h.role:<9} {h.weapon:<13} AP {h.ap} LP {h.lp} {state}{team}",
                          width - 22), INK if h.status == "active" else DIM)
        y += LINE
    c.text(4, y, fit(f"AP pool {game.pools}  grenades {game.grenade_pools}  rooms entered {game.rooms_entered}  "
                     f"Aliens {len(game.live_aliens())}", width - 8))
    legend(c, 4, y + LINE, LEGEND, width - 8)
    return c.img
