"""observation.map_planes rewrites its planes in place when the layout changes, zeroing only those
of the planes it marks after the first seven (_MARKED) whose marks may have changed: on random grids
of every cell code and through random play, its planes must be those a fresh build makes, the
squares' planes (floor, wall, open_door, closed_door, sealed_door, hazard, entry) those the plain
comparisons of each plane's rule give, and the planes it never marks 0."""
import numpy as np

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.colony import CELL_NAMES, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR, WALL
from bh_helpers import random_play


def _plain_cell_planes(colony) -> np.ndarray:
    """The first seven map planes of the grid's squares in half steps, one comparison a rule."""
    cells = colony.cells
    locked = cells == DOOR_LOCKED
    planes = np.stack([
        (cells == FLOOR) | (cells == DOOR_OPEN), cells == WALL, cells == DOOR_OPEN,
        (cells == DOOR_CLOSED) | locked, (cells == DOOR_WELDED) | locked, colony.hazard > 0, colony.entry,
    ]).astype(np.uint8) * 2
    planes[4] -= locked  # a locked door (A58) is sealed 0.5
    return planes


def _grid(g, planes) -> np.ndarray:
    half, n = g.window // 2, g.size
    return planes[:, half:half + n, half:half + n]


def test_the_cell_planes_on_random_grids_are_the_plain_comparisons():
    """Random cell codes (all of them), hazards and entry squares, laid over a game's colony: the
    map planes made again in place each time (the layout version bumped) match the plain rules, and
    are those a fresh build makes, whatever the open ends' plane held before (scribbled on here, its
    row spans made again with it: it is made again at each new layout version; the other marked planes are kept while their marks stay,
    test_bh_map_planes_marks)."""
    g = BugHunt()
    g.reset(4)
    rng = np.random.default_rng(4)
    col = g.colony
    seen = set()
    marked = [observation._OPEN_END_PLANE]
    for _ in range(40):
        kept = observation.map_planes(g)
        grid = _grid(g, kept)  # (the margin is never marked: a rebuild leaves it)
        grid[marked] = rng.integers(0, 3, grid[marked].shape)
        observation._scan_spans(kept, observation._kept_planes(g)[-1], marked)  # (a write goes with its spans)
        col.cells[...] = rng.integers(0, len(CELL_NAMES), col.cells.shape)
        col.hazard[...] = rng.integers(0, 3, col.hazard.shape) * (rng.random(col.hazard.shape) < 0.3)
        col.entry[...] = rng.random(col.entry.shape) < 0.1
        col.changed()
        planes = observation.map_planes(g)
        assert planes is kept and np.array_equal(_grid(g, planes)[:7], _plain_cell_planes(col))
        shared, g._shared = g._shared, {}
        fresh = observation.map_planes(g)
        g._shared = shared
        assert np.array_equal(planes, fresh)
        seen.update(np.unique(col.cells).tolist())
    assert seen == set(range(len(CELL_NAMES)))


def test_the_cell_planes_through_random_play_are_the_plain_comparisons():
    checked = 0
    for seed in range(3):
        for g in random_play(seed, 300):
            assert np.array_equal(_grid(g, observation.map_planes(g))[:7], _plain_cell_planes(g.colony))
            checked += 1
    assert checked > 300


def test_map_planes_marks_no_plane_after_the_seventh_but_the_ones_it_zeroes():
    """The planes it does not zero when it rewrites its planes (the figures', over-watch and
    acting: observe() marks them on the window) stay 0 over the whole padded grid."""
    unmarked = [p for p in range(7, observation.N_PLANES) if p not in observation._MARKED]
    assert len(unmarked) == observation.N_PLANES - 7 - len(observation._MARKED)
    for seed in range(2):
        for g in random_play(seed, 200):
            assert not observation.map_planes(g)[unmarked].any()
