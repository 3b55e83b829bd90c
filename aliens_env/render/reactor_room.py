"""The Reactor Room as a picture ("rgb_array"): the map with labelled counters (Marines by the
first letters of their names, Aliens by number), the Marines' panel (weapon, wounds, grabs,
carrying), a legend and whose turn it is. Open information: every viewer sees the same."""
from __future__ import annotations

import numpy as np

from ..core.board import NO
from .draw import DIM, INK, LINE, legend
from .image import CELL, COLOURS, badge, board_size, counter, draw_board, fit, framed, square_xy
from .text import marine_state, whose_turn

LEGEND = [(COLOURS["marine"], "Marine"), (COLOURS["wounded"], "wounded"), (COLOURS["incapacitated"], "incapacitated"),
          (COLOURS["alien"], "Alien (number)"), (COLOURS["stunned"], "Stunned Alien"), (COLOURS["on_card"], "Alien on a card"),
          (COLOURS["active"], "acting"), (COLOURS["blocked"], "obstruction"), (COLOURS["stairwell"], "Stairwell"),
          (COLOURS["exit"], "Exit")]


def marine_colour(m) -> tuple:
    return COLOURS["incapacitated" if m.incapacitated else "wounded" if m.wounded else "marine"]


def render(game) -> np.ndarray:
    b = game.board
    bw, bh = board_size(b)
    limit = "" if game.turn_limit is None else f"/{game.turn_limit}"
    c, y0 = framed(bw, bh, 620, len(game.marines) + 5,
                   f"{game.name}  turn {game.turn}{limit}  {game.phase.replace('_', ' ')}", "to move: " + whose_turn(game))
    width, x0 = c.width, 4
    draw_board(c, b, x0, y0)
    acting = game.active if game.current_player() == "marines" else NO
    for i, m in enumerate(game.marines):
        if m.status == "on_map" and m.carried_by == NO:
            x, y = square_xy(b, m.pos, x0, y0)
            counter(c, x, y, CELL, marine_colour(m), m.name[:2], ring=COLOURS["active"] if i == acting else None,
                    ink=(0, 0, 0) if m.wounded and not m.incapacitated else (255, 255, 255))
    for a, al in enumerate(game.aliens):
        if not al.in_play:
            continue
        x, y = square_xy(b, al.pos, x0, y0)
        if al.card != NO:
            badge(c, x, y, CELL, COLOURS["on_card"])
        else:
            counter(c, x, y, CELL, COLOURS["stunned" if al.stunned else "alien"], str(a))
    y = y0 + bh + 4
    for i, m in enumerate(game.marines):
        c.box(4, y + 2, 10, 10, marine_colour(m) if m.status == "on_map" else DIM)
        weapon = game.characters[m.name].weapon
        c.text(18, y, fit(f"{m.name[:2]} {m.name:<11} {weapon:<13} {marine_state(game, m)}", width - 22),
               INK if m.status == "on_map" else DIM)
        y += LINE
    s = game.stats
    c.text(4, y, fit(f"out {s['exited']}  dead {s['dead']}  Aliens killed {s['aliens_killed']}  "
                     f"Aliens in play {sum(al.in_play for al in game.aliens)}", width - 8), INK)
    legend(c, 4, y + LINE, LEGEND, width - 8)
    return c.img
