"""The lairs map: Walls, Rooms, nine Stairwells (Marines never enter, fire across; Aliens climb
into 1-8 and through the underground; not 9), five Cocooning Squares, the eight-square Elevator."""
import numpy as np

from aliens_env.core.board import UNREACHABLE
from lairs_helpers import empty_lairs, sq
from rr_helpers import legal, marines_phase, put_alien


def test_the_map_has_its_printed_parts():
    g = empty_lairs()
    assert sorted(g.stairwells) == list(range(1, 10))
    assert len(g.cocooning) == 5 and len(set(g.cocooning)) == 5
    assert len(g.elevator) == 8
    assert sorted(g.rooms) == [1, 2, 3, 4, 5, 6] and all(g.rooms.values())


def test_marines_never_enter_a_stairwell_but_fire_across_it():
    g = empty_lairs({"Hicks": (14, 4), "Vasquez": (17, 4)})
    marines_phase(g, "Hicks")
    assert not legal(g, "move", 4)  # S: (15, 4) is Stairwell 5
    assert legal(g, "move", 2)  # E: corridor
    assert g.board.has_los(sq(g, (14, 4)), sq(g, (17, 4)))  # across the Stairwell
    for stair in g.stairwells.values():
        assert not any(g.board.passable.flat[s] for s in stair)


def test_aliens_climb_into_stairwells_1_to_8_and_through_the_underground_not_9():
    g = empty_lairs()
    dist = g.board.distances()
    s5, s8 = g.stairwells[5][0], g.stairwells[8][0]
    assert dist[sq(g, (14, 3)), s5] == 1  # into Stairwell 5
    assert dist[s5, s8] == g.data["underground_steps"]  # from one Stairwell to another, underground
    walk = empty_lairs().board  # (the same shared board)
    assert walk is g.board
    assert all(dist[sq(g, (14, 30)), s] >= UNREACHABLE for s in g.stairwells[9])
    a = put_alien(g, (15, 3))  # an Alien may stand in a Stairwell
    assert g.aliens[a].pos in g.stairwells[5]


def test_walls_block_sight_and_movement():
    g = empty_lairs()
    assert not g.board.has_los(sq(g, (14, 5)), sq(g, (11, 5)))  # the wall row 13
    assert g.board.field([sq(g, (14, 5))])[sq(g, (12, 5))] > 3  # around, not through
    assert np.all(g.board.blocked[0])


def test_the_saved_sight_table_is_the_engines():
    """data/sight.npz holds the engine's line of sight on this map (rebuilt by
    ``python -m aliens_env.lairs.sight`` when the map changes)."""
    from aliens_env.lairs.board import LairsBoard, EXTRA_OPEN

    g = empty_lairs()
    fresh = LairsBoard([row.replace("s", "S") for row in g.board.rows_text], EXTRA_OPEN)
    assert g.board._cache.get(("los", 0, None)) is not None  # loaded, not computed
    for src in (sq(g, (14, 5)), sq(g, (3, 3)), sq(g, (21, 17)), sq(g, (10, 16)), sq(g, (1, 34))):
        assert np.array_equal(g.board.los_from(src), fresh.los_from(src))
