"""Ripley vs. the Queen as a picture ("rgb_array"): the loading bay with Ripley (R) and the Queen
(Q), the airlock shut or open, Ripley's Wounds and stance, whose turn it is. Open to both sides."""
from __future__ import annotations

import numpy as np

from .draw import LINE, legend
from .image import CELL, COLOURS, board_size, counter, draw_board, fit, framed, square_xy, status_line

AIRLOCK_SHUT = (200, 60, 60)  # "bordered in red and white"
AIRLOCK_OPEN = (240, 240, 240)
LEGEND = [(COLOURS["marine"], "Ripley"), (COLOURS["wounded"], "Ripley wounded"), (COLOURS["alien"], "Queen"),
          (COLOURS["stunned"], "Stunned Queen"), (AIRLOCK_SHUT, "airlock shut"), (AIRLOCK_OPEN, "airlock open"),
          (COLOURS["blocked"], "obstruction")]


def render(game) -> np.ndarray:
    b = game.board
    bw, bh = board_size(b)
    c, y0 = framed(bw, bh, 420, 5, f"Ripley vs. the Queen  turn {game.turn}/{game.turn_limit}  {game.phase}",
                   status_line(game))
    width, x0 = c.width, 4
    airlock = AIRLOCK_OPEN if game.airlock_open else AIRLOCK_SHUT
    draw_board(c, b, x0, y0, paint={int(sq): airlock for sq in np.flatnonzero(game.airlock)})
    for square in np.flatnonzero(game.airlock):  # the airlock is no Stairwell: mark it A
        x, y = square_xy(b, int(square), x0, y0)
        c.box(x + 1, y + 1, CELL - 1, CELL - 1, airlock)
        c.label(x, y, CELL, CELL, "A", (0, 0, 0))
    x, y = square_xy(b, game.ripley, x0, y0)
    counter(c, x, y, CELL, COLOURS["wounded" if game.wounds else "marine"], "R",
            ink=(0, 0, 0) if game.wounds else (255, 255, 255))
    x, y = square_xy(b, game.queen, x0, y0)
    counter(c, x, y, CELL, COLOURS["stunned" if game.queen_stunned() else "alien"], "Q")
    y = y0 + bh + 4
    may_not = ", may not Move" if game.no_move_turn == game.turn else ""
    c.text(4, y, fit(f"Ripley: {game.wounds} Wound(s), stance {game.stance}{may_not}", width - 8))
    c.text(4, y + LINE, fit(f"Queen: {'Stunned' if game.queen_stunned() else 'active'}; airlock "
                            f"{'open' if game.airlock_open else 'shut'}", width - 8))
    legend(c, 4, y + 2 * LINE, LEGEND, width - 8)
    return c.img
