"""Colony.rect_cells lists a rectangle by arithmetic on the step vectors, and Colony.fits and
Colony.place read and write the section's rectangle and its ring row by row (compiled, C loops on
typed views of the cell codes and piece ids: colony.pxd ``_all_unknown``, ``_lay``): the same
answers and the same grid as the square-by-square forms they replaced, over many colonies and
rectangles (laid or not, at the edge, over laid squares, with open ends and doors)."""
import random

import numpy as np
import pytest

from aliens_env.bug_hunt import data_files
from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_OPEN, FLOOR, UNKNOWN, WALL, Colony, add, right
from bh_helpers import grown_colonies

RULES = data_files.rules()


def rect_cells_by_steps(base, d, depth, width, offset=0):
    return [add(add(base, d, i), right(d), j - offset) for i in range(depth) for j in range(width)]


def fits_by_square(col, cells):
    lo, hi = 1, col.size - 2
    return all(lo <= r <= hi and lo <= c <= hi and col.cells[r, c] == UNKNOWN for r, c in cells)


def place_by_square(col, cells, kind, keep_open=(), doors=(), **info):
    pid = len(col.pieces)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    piece = {"id": pid, "kind": kind, "rect": [min(rows), min(cols), max(rows), max(cols)], **info}
    col.pieces.append(piece)
    for q in cells:
        col.cells[q] = FLOOR
        col.piece[q] = pid
    keep = {tuple(q) for q in keep_open}
    r0, c0, r1, c1 = piece["rect"]
    for r in range(r0 - 1, r1 + 2):
        for c in range(c0 - 1, c1 + 2):
            if (r, c) not in keep and col.cells[r, c] == UNKNOWN:
                col.cells[r, c] = WALL
    for q, state in doors:
        col.cells[q] = state
    if doors:
        piece["doors"] = [list(q) for q, _ in doors]
    col.changed()
    return pid


def same(a, b):
    assert np.array_equal(a.cells, b.cells) and np.array_equal(a.piece, b.piece)
    assert a.pieces == b.pieces and a.version == b.version


@pytest.mark.parametrize("seed", range(8))
def test_fits_and_place_match_the_square_by_square_forms(seed):
    placed = 0
    for rng, col in grown_colonies(seed, (0, 3, 10, 25, 60), 150):
        n = col.size
        base = (rng.randrange(-1, n + 1), rng.randrange(-1, n + 1))
        d, depth, width = rng.randrange(4), rng.randrange(1, 8), rng.randrange(1, 8)
        cells = col.rect_cells(base, d, depth, width, rng.randrange(width))
        fit = col.fits(cells)
        assert fit == fits_by_square(col, cells)
        if not fit:
            continue
        r0, c0, r1, c1 = min(r for r, _ in cells), min(c for _, c in cells), max(r for r, _ in cells), max(c for _, c in cells)
        ring = [(r, c) for r in range(r0 - 1, r1 + 2) for c in range(c0 - 1, c1 + 2)
                if not (r0 <= r <= r1 and c0 <= c <= c1)]
        keep = rng.sample(ring, rng.randrange(min(len(ring), 6) + 1))
        keep = [list(q) if rng.random() < 0.5 else q for q in keep]  # (ports hold lists)
        doors = [(q, rng.choice((DOOR_OPEN, DOOR_CLOSED))) for q in rng.sample(ring, rng.randrange(3))]
        a, b = col.copy(), col.copy()
        assert a.place(cells, "room", keep_open=keep, doors=doors, size=depth) == \
            place_by_square(b, cells, "room", keep_open=keep, doors=doors, size=depth)
        same(a, b)
        placed += 1
    assert placed > 100


def test_place_refuses_squares_that_are_not_a_rectangle():
    col = Colony(RULES["grid_size"], RULES["hazard_extra_ap"])
    with pytest.raises(ValueError, match="rectangle"):
        col.place([(5, 5), (6, 6)], "corridor")


def test_rect_cells_are_the_squares_stepped_to_one_by_one():
    col = Colony(RULES["grid_size"], RULES["hazard_extra_ap"])
    rng = random.Random(7)
    for _ in range(2000):
        base = (rng.randrange(-3, 70), rng.randrange(-3, 70))
        d, depth, width = rng.randrange(4), rng.randrange(1, 13), rng.randrange(1, 13)
        offset = rng.randrange(-2, width + 2)
        assert col.rect_cells(base, d, depth, width, offset) == rect_cells_by_steps(base, d, depth, width, offset)
        assert col.rect_cells(list(base), d, depth, width) == rect_cells_by_steps(base, d, depth, width)
