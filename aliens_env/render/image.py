"""Image rendering ("rgb_array") of square-grid boards: terrain, coordinates and labelled
counters, numpy only (render.draw). The rulesets' pictures (render.reactor_room, ...) put a
title, the board, a panel of the figures and a legend together."""
from __future__ import annotations

import numpy as np

from .draw import DIM, LINE, Canvas, text_width

CELL = 24  # pixels a square
COLOURS = {
    "floor": (44, 44, 54), "blocked": (112, 112, 124), "stairwell": (24, 28, 96), "exit": (30, 130, 40),
    "double_cost": (70, 64, 44), "grid": (12, 12, 16),
    "marine": (50, 120, 230), "wounded": (220, 180, 30), "incapacitated": (200, 90, 40),
    "alien": (200, 30, 30), "stunned": (140, 60, 160), "on_card": (255, 0, 255), "active": (255, 255, 255),
}
TERRAIN_MARKS = {"stairwell": "S", "exit": "E"}


def board_size(board, cell: int = CELL) -> tuple[int, int]:
    """(width, height) in pixels of ``draw_board``: the squares plus a row and a column of
    coordinates."""
    return cell + board.width * cell, LINE + board.height * cell


def square_xy(board, square: int, x0: int, y0: int, cell: int = CELL) -> tuple[int, int]:
    """The top-left pixel of ``square`` on a board drawn at (x0, y0) by ``draw_board``."""
    r, c = board.rc(square)
    return x0 + cell + c * cell, y0 + LINE + r * cell


def draw_board(canvas: Canvas, board, x0: int, y0: int, cell: int = CELL, paint: dict | None = None) -> None:
    """The terrain of a ``core.board.Board`` at (x0, y0): obstructions, the Stairwell (S), the
    Exit (E), squares that cost double, grid lines, and the column (top) and row (left)
    numbers. ``paint`` ({square: colour}) overrides a square's terrain colour."""
    for c in range(board.width):
        canvas.label(x0 + cell + c * cell, y0, cell, LINE, str(c), DIM)
    for r in range(board.height):
        canvas.label(x0, y0 + LINE + r * cell, cell, cell, str(r), DIM)
    base = np.empty((board.height, board.width, 3), dtype=np.uint8)
    base[:] = COLOURS["floor"]
    base[np.array([[ch == "d" for ch in row] for row in board.rows_text])] = COLOURS["double_cost"]
    base[board.exit] = COLOURS["exit"]
    base[board.stairwell] = COLOURS["stairwell"]
    base[board.blocked] = COLOURS["blocked"]
    for square, colour in (paint or {}).items():
        base[board.rc(square)] = colour
    canvas.paste(x0 + cell, y0 + LINE, grid_image(base, cell))
    for kind, mark in TERRAIN_MARKS.items():
        for r, c in zip(*np.nonzero(getattr(board, kind))):
            canvas.label(x0 + cell + c * cell, y0 + LINE + r * cell, cell, cell, mark, DIM)


def framed(board_w: int, board_h: int, min_width: int, panel_lines: int, title: str, status: str) -> tuple[Canvas, int]:
    """A canvas for a board picture of ``board_w`` x ``board_h`` pixels: a title line and a status
    line on top, the board below them at (4, ``y0``), then ``panel_lines`` lines of panel.
    Returns the canvas and y0."""
    width = max(board_w + 8, min_width)
    c = Canvas(width, 2 * LINE + board_h + 8 + LINE * panel_lines)
    c.text(4, 2, fit(title, width - 8))
    c.text(4, 2 + LINE, fit(status, width - 8))
    return c, 2 * LINE + 4


def status_line(game, to: str = "to move") -> str:
    """"game over: <end>" or "<to>: <player> (<decision kind>)"."""
    player = game.current_player()
    return f"game over: {game.end}" if player is None else f"{to}: {player} ({game.decision.kind})"


def grid_image(base: np.ndarray, cell: int, edge: np.ndarray | None = None) -> np.ndarray:
    """Squares of colour ``base[r, c]``, ``cell`` pixels each, with grid lines on their top and
    left edges, of colour ``edge[r, c]`` (default: the grid colour everywhere)."""
    img = np.repeat(np.repeat(base, cell, axis=0), cell, axis=1)
    if edge is None:
        img[::cell] = COLOURS["grid"]
        img[:, ::cell] = COLOURS["grid"]
    else:
        img[::cell] = np.repeat(edge, cell, axis=1)
        img[:, ::cell] = np.repeat(edge, cell, axis=0)
    return img


def _double(board, r: int, c: int) -> bool:
    rows = getattr(board, "rows_text", None)
    return rows is not None and rows[r][c] == "d"


def counter(canvas: Canvas, x: int, y: int, cell: int, colour, text: str, ring=None, ink=(255, 255, 255)) -> None:
    """A counter on the square whose top-left pixel is (x, y): a filled square with ``text``,
    and a ``ring`` (the acting figure) around it."""
    canvas.box(x + 2, y + 2, cell - 3, cell - 3, colour)
    if ring is not None:
        canvas.outline(x + 1, y + 1, cell - 1, cell - 1, ring, 2)
    canvas.label(x + 2, y + 2, cell - 3, cell - 3, text, ink)


def badge(canvas: Canvas, x: int, y: int, cell: int, colour) -> None:
    """A small mark in a square's top-right corner (an Alien on a Marine's card)."""
    canvas.box(x + cell - 9, y + 1, 8, 8, colour)


def fit(text: str, width: int) -> str:
    return text if text_width(text) <= width else text[:max(width // 8 - 1, 0)] + "~"
