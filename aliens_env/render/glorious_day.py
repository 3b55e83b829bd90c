"""Another Glorious Day in the Corps as a picture ("rgb_array"): the board with doors,
Barricades, Blips (their values only to the hive's viewer), Aliens and Swarms, the fireteam by
initial (yellow when Knocked Down), Newt, the large models' and the APC's squares; the round,
the decks and whose decision it is."""
from __future__ import annotations

import numpy as np

from ..core.board import NO
from .draw import LINE, legend
from .image import CELL, COLOURS, board_size, counter, draw_board, fit, framed, square_xy, status_line

DOOR = (120, 84, 40)
BARRICADE = (40, 60, 170)
BLIP = (170, 60, 170)
NEWT = (240, 240, 240)
QUEEN, LOADER, APC = (110, 20, 20), (200, 150, 30), (70, 100, 70)
LEGEND = [(COLOURS["marine"], "Character"), (COLOURS["wounded"], "Knocked Down"), (COLOURS["alien"], "Alien (M: Swarm)"),
          (BLIP, "Blip"), (NEWT, "Newt"), (DOOR, "door"), (BARRICADE, "Barricade"), (COLOURS["exit"], "exit"),
          (COLOURS["blocked"], "wall"), (QUEEN, "Queen"), (LOADER, "Power Loader"), (APC, "APC")]


def render(game, viewer: str | None = None) -> np.ndarray:
    b = game.board
    bw, bh = board_size(b)
    c, y0 = framed(bw, bh, 480, 8, f"Another Glorious Day in the Corps  round {game.round}/{game.m['rounds']}  "
                   f"{game.phase}", status_line(game, "to decide"))
    width, x0 = c.width, 4
    paint = {s: DOOR for s in game.doors}
    paint.update({s: BARRICADE for s in game.barricades})
    for colour, squares in ((QUEEN, game.queen_squares()), (LOADER, game.loader_squares()), (APC, game.vehicle_squares())):
        paint.update({s: colour for s in squares})
    draw_board(c, b, x0, y0, paint=paint)
    for bl in game.blips:
        if bl is not None:
            x, y = square_xy(b, bl["pos"], x0, y0)
            counter(c, x, y, CELL, BLIP, "?" if viewer == "marines" else str(bl["value"]))
    if game.newt != NO:
        x, y = square_xy(b, game.newt, x0, y0)
        counter(c, x, y, CELL, NEWT, "n", ink=(0, 0, 0))
    for a in game.aliens:
        if a is not None:
            x, y = square_xy(b, a["pos"], x0, y0)
            counter(c, x, y, CELL, COLOURS["alien"], "A" if a["count"] == 1 else "M")
    for ch in game.chars:
        if ch["pos"] != NO:
            x, y = square_xy(b, ch["pos"], x0, y0)
            knocked = ch["knocked"]
            counter(c, x, y, CELL, COLOURS["wounded" if knocked else "marine"], ch["name"][0],
                    ink=(0, 0, 0) if knocked else (255, 255, 255))
    y = y0 + bh + 4
    c.text(4, y, fit(f"Endurance deck {len(game.deck)}, hand {len(game.hand)}, exhausted {len(game.exhausted)}; "
                     f"Willpower {game.willpower}, Nature {game.nature or '-'}", width - 8))
    fireteam = ", ".join(f"{ch['name']}{'' if ch['alive'] else ' (dead)'}" for ch in game.chars)
    c.text(4, y + LINE, fit("fireteam: " + fireteam, width - 8))
    for k, event in enumerate(game.events[-3:]):
        c.text(4, y + (2 + k) * LINE, fit(str(event), width - 8))
    legend(c, 4, y + 5 * LINE, LEGEND, width - 8)
    return c.img
