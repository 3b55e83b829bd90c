"""Image rendering ("rgb_array"): one coloured cell per square, numpy only."""
from __future__ import annotations

import numpy as np

CELL = 12
COLOURS = {
    "floor": (40, 40, 48), "blocked": (110, 110, 120), "stairwell": (20, 20, 90), "exit": (30, 140, 30),
    "marine": (60, 160, 255), "wounded": (240, 200, 40), "incapacitated": (200, 90, 40),
    "alien": (220, 30, 30), "stunned": (150, 60, 150), "on_card": (255, 0, 255), "active": (255, 255, 255),
}


def board_image(b, cells: dict[int, str]) -> np.ndarray:
    """A board (core.board.Board) as an image: one CELL-pixel square per square, coloured by its
    terrain, then by `cells` ({square: a colour name of COLOURS}) for the figures on it."""
    img = np.zeros((b.height * CELL, b.width * CELL, 3), dtype=np.uint8)
    base = np.full((b.height, b.width, 3), COLOURS["floor"], dtype=np.uint8)
    base[b.blocked] = COLOURS["blocked"]
    base[b.stairwell] = COLOURS["stairwell"]
    base[b.exit] = COLOURS["exit"]
    for square, colour in cells.items():
        base[divmod(square, b.width)] = COLOURS[colour]
    img[:] = np.repeat(np.repeat(base, CELL, axis=0), CELL, axis=1)
    img[::CELL, :, :] = 0
    img[:, ::CELL, :] = 0
    return img
