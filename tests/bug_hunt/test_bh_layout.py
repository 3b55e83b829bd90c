"""Layout tables (PRINTED) and the geometry they are laid with (ASSUMPTIONS A1, A2, A5, A18, A19)."""
import numpy as np
import pytest

from aliens_env.bug_hunt import data_files
from aliens_env.bug_hunt import layout as lay
from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_OPEN, FLOOR, UNKNOWN, WALL, Colony
from aliens_env.core.dice import Dice
from bh_helpers import all_open_squares_connected

RULES = data_files.rules()


def fresh():
    col = Colony(RULES["grid_size"], RULES["hazard_extra_ap"])
    lay.lay_entry(col, RULES)
    return col


def resolve(col, *rolls, port=None, brood_exists=False):
    dice = Dice(0)
    dice.script(*rolls)
    index = len(col.ports) - 1 if port is None else port
    feats = lay.resolve_port(col, index, dice, RULES, brood_exists)
    assert dice.scripted_left == 0, "the tables rolled fewer dice than scripted"
    return feats


def pending(col, kind=None):
    return [p for p in col.ports if p["state"] == "pending" and (kind is None or p["kind"] == kind)]


def test_entry_corridor_is_bottom_centre_heading_north():
    col = fresh()
    n = col.size
    assert col.entry[n - 2, n // 2 - 1] and col.entry[n - 2, n // 2] and col.entry.sum() == 2 * RULES["entry_length"]
    assert col.pieces[0]["kind"] == "entry"
    assert len(col.ports) == 1 and col.ports[0]["d"] == 0


@pytest.mark.parametrize("roll", [1, 2])
def test_layout_1_2_straight_corridor(roll):
    col = fresh()
    resolve(col, roll, 1)  # layout, then contents 1 = empty
    p = col.pieces[-1]
    assert p["kind"] == "corridor" and p["length"] == RULES["corridor_length"]
    r0, c0, r1, c1 = p["rect"]
    assert (r1 - r0 + 1, c1 - c0 + 1) == (RULES["corridor_length"], 2)
    assert [q["kind"] for q in pending(col)] == ["open"]


@pytest.mark.parametrize("side_roll,state_roll,side,state", [
    (1, 1, "left", DOOR_OPEN), (3, 3, "left", DOOR_OPEN), (4, 4, "right", DOOR_CLOSED), (6, 6, "right", DOOR_CLOSED)])
def test_layout_3_side_door(side_roll, state_roll, side, state):
    col = fresh()
    resolve(col, 3, side_roll, state_roll, 1)
    doors = pending(col, "door")
    assert len(doors) == 1 and len(pending(col, "open")) == 1
    door = tuple(doors[0]["door"])
    assert col.cells[door] == state
    r0, c0, r1, c1 = col.pieces[-1]["rect"]
    assert door[1] == (c0 - 1 if side == "left" else c1 + 1)  # heading north: left is west


@pytest.mark.parametrize("state_roll,state", [(2, DOOR_OPEN), (5, DOOR_CLOSED)])
def test_layout_4_door_at_end_straight_ahead(state_roll, state):
    col = fresh()
    resolve(col, 4, state_roll, 1)
    doors = pending(col, "door")
    assert len(doors) == 1 and not pending(col, "open")
    door = tuple(doors[0]["door"])
    assert col.cells[door] == state and door[0] == col.pieces[-1]["rect"][0] - 1 and doors[0]["d"] == 0


@pytest.mark.parametrize("sub,exits", [(1, {3, 1}), (3, {3, 1}), (4, {3, 1, 0}), (6, {3, 1, 0})])
def test_layout_5_junction_t_or_crossroads(sub, exits):
    col = fresh()
    resolve(col, 5, sub)
    assert col.pieces[-1]["kind"] == "junction"
    assert {p["d"] for p in pending(col)} == exits


@pytest.mark.parametrize("sub,exit_dir", [(1, 3), (3, 3), (4, 1), (6, 1)])
def test_layout_6_bend_left_or_right(sub, exit_dir):
    col = fresh()
    resolve(col, 6, sub)
    assert col.pieces[-1]["kind"] == "bend"
    assert [p["d"] for p in pending(col)] == [exit_dir]


def door_colony():
    """An end door ahead (closed), pending."""
    col = fresh()
    resolve(col, 4, 6, 1)
    return col


@pytest.mark.parametrize("size_roll,name,size", [(1, "small_cabin", 4), (2, "small_cabin", 4), (3, "large_cabin", 7),
                                                 (4, "large_cabin", 7), (5, "large_room", 10)])
def test_beyond_door_room_sizes(size_roll, name, size):
    col = door_colony()
    resolve(col, 1, size_roll, 3, 1, 1)  # room, size, second door ahead, open, contents empty
    p = col.pieces[-1]
    assert p["kind"] == "room" and p["room"] == name and p["size"] == size
    r0, c0, r1, c1 = p["rect"]
    assert (r1 - r0 + 1, c1 - c0 + 1) == (size, size)
    assert (col.cells[r0:r1 + 1, c0:c1 + 1] == FLOOR).all()


@pytest.mark.parametrize("special_roll,name", [(1, "service_area"), (2, "medical_centre"), (3, "storage_area"),
                                               (4, "communications_centre"), (5, "galley"), (6, "brood_chamber")])
def test_special_rooms_are_12x12(special_roll, name):
    col = door_colony()
    resolve(col, 2, 6, special_roll, 3, 1, 1)
    p = col.pieces[-1]
    assert p["size"] == 12 and p["special"] == name and p["brood"] == (name == "brood_chamber")


def test_a_second_brood_chamber_becomes_a_storage_area():
    col = door_colony()
    resolve(col, 2, 6, 6, 3, 1, 1, brood_exists=True)
    assert col.pieces[-1]["special"] == "storage_area" and not col.pieces[-1]["brood"]


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_beyond_door_corridor(roll):
    col = door_colony()
    resolve(col, roll, 1)
    assert col.pieces[-1]["kind"] == "corridor" and pending(col, "open")


@pytest.mark.parametrize("side_roll,d", [(1, 3), (2, 3), (3, 0), (4, 0), (5, 1), (6, 1)])
def test_room_second_door_side(side_roll, d):
    col = door_colony()
    resolve(col, 1, 3, side_roll, 4, 1)  # a 7x7 room
    doors = pending(col, "door")
    assert len(doors) == 1 and doors[0]["d"] == d and col.cells[tuple(doors[0]["door"])] == DOOR_CLOSED


@pytest.mark.parametrize("rolls,expect", [
    ((1,), "empty"), ((3,), "empty"), ((4,), "acid_holes"), ((5,), "debris"),
    ((6, 1, 1), "egg_cache_hatched"), ((6, 3, 4), "egg_cache_hatched"), ((6, 2, 5), "egg_cache_intact"), ((6, 1, 6), "egg_cache_intact"),
    ((6, 4, 1), "burst_human"), ((6, 5, 2), "burst_human"), ((6, 6, 3), "impregnated_human"), ((6, 4, 4), "crate_eggs"),
    ((6, 5, 5), "sentry_inactive"), ((6, 6, 6), "sentry_active")])
def test_contents_table(rolls, expect):
    col = fresh()
    feats = resolve(col, 1, *rolls)
    p = col.pieces[-1]
    assert p["contents"] == expect
    hazard = col.hazard[p["rect"][0]:p["rect"][2] + 1, p["rect"][1]:p["rect"][3] + 1]
    if expect == "acid_holes":
        assert (hazard == 1).sum() == 2  # a band across the corridor: 2 AP to get through
    elif expect == "debris":
        assert (hazard == 2).sum() == 2
    else:
        assert not hazard.any()
    if expect.startswith(("egg", "burst", "impreg", "crate", "sentry")):
        assert len(feats) == 1
        f = feats[0]
        kind = {"egg_cache_hatched": ("egg_cache", "hatched"), "egg_cache_intact": ("egg_cache", "intact"),
                "burst_human": ("burst_human", "dead"), "impregnated_human": ("impregnated_human", "alive"),
                "crate_eggs": ("crate_eggs", "intact"), "sentry_inactive": ("sentry", "inactive"),
                "sentry_active": ("sentry", "active")}[expect]
        assert (f["kind"], f["state"]) == kind
    else:
        assert feats == []


def test_a_section_that_does_not_fit_is_shortened_then_walled():
    col = fresh()
    port = col.ports[0]
    r, c = port["cells"][0]
    col.cells[r - 2, c] = WALL  # something two squares ahead
    resolve(col, 1, 1)
    assert col.pieces[-1]["length"] == 2
    col2 = fresh()
    r, c = col2.ports[0]["cells"][0]
    col2.cells[r, c + 1] = WALL  # the opening itself is blocked
    resolve(col2, 1)
    assert col2.ports[0]["state"] == "dead" and len(col2.pieces) == 1
    assert col2.cells[r, c] == WALL


def floor_connected(col):
    cells = col.cells
    open_ = (cells == FLOOR) | (cells == DOOR_OPEN) | (cells == DOOR_CLOSED) | (cells == 5)
    return all_open_squares_connected(open_, col.entry)


def grow(seed, steps=60):
    """Lay sections at random pending ports, as exploring would."""
    col = fresh()
    dice = Dice(seed)
    for _ in range(steps):
        ports = [i for i, p in enumerate(col.ports) if p["state"] == "pending"]
        if not ports:
            break
        lay.resolve_port(col, ports[dice.pick(len(ports))], dice, RULES, any(p.get("brood") for p in col.pieces))
    return col


@pytest.mark.parametrize("seed", range(12))
def test_generated_layouts_are_connected_and_never_overlap(seed):
    col = grow(seed)
    assert floor_connected(col)
    # each floor square belongs to exactly one section and lies inside its rectangle
    owner = np.full(col.cells.shape, -1)
    for p in col.pieces:
        r0, c0, r1, c1 = p["rect"]
        block = owner[r0:r1 + 1, c0:c1 + 1]
        assert (block == -1).all(), f"section {p['id']} overlaps another"
        block[:] = p["id"]
    assert ((col.cells == FLOOR) == (owner >= 0)).all()
    # the grid's border is never floor
    assert not (col.cells[0] == FLOOR).any() and not (col.cells[:, 0] == FLOOR).any()
    assert not (col.cells[-1] == FLOOR).any() and not (col.cells[:, -1] == FLOOR).any()


def test_layouts_are_reproducible_from_the_seed():
    a, b, c = grow(5), grow(5), grow(6)
    assert np.array_equal(a.cells, b.cells) and a.pieces == b.pieces
    assert not np.array_equal(a.cells, c.cells)


def test_layout_table_frequencies():
    """The first section's kind over many seeds follows the printed d6 table."""
    counts = {}
    n = 1200
    for seed in range(n):
        col = fresh()
        lay.resolve_port(col, 0, Dice(seed), RULES, False)
        p = col.pieces[-1]
        kind = p["kind"]
        if kind == "corridor":
            doors = [q for q in col.ports if q["kind"] == "door"]
            kind = "straight" if not doors else "end_door" if doors[0]["d"] == 0 else "side_door"
        counts[kind] = counts.get(kind, 0) + 1
    expect = {"straight": 2 / 6, "side_door": 1 / 6, "end_door": 1 / 6, "junction": 1 / 6, "bend": 1 / 6}
    for k, p in expect.items():
        sd = (p * (1 - p) / n) ** 0.5
        assert abs(counts.get(k, 0) / n - p) < 4 * sd, (k, counts)


def sealed_game():
    """A game whose every open end is sealed (A54's case)."""
    from aliens_env.bug_hunt import BugHunt
    g = BugHunt()
    g.reset(4)
    for port in g.colony.ports:
        if port["state"] == "pending":
            g.colony.seal(port)
    return g


def test_a_sealed_colony_finds_a_new_closed_door():
    """A54: when every open end is sealed, a closed door appears in a laid wall with room beyond."""
    from aliens_env.bug_hunt.colony import DOOR_CLOSED
    g = sealed_game()
    col = g.colony
    g._reveal()
    pending = [p for p in col.ports if p["state"] == "pending"]
    assert len(pending) == 1 and pending[0]["kind"] == "door"
    door = tuple(pending[0]["door"])
    assert col.cells[door] == DOOR_CLOSED
    beyond = tuple(pending[0]["cells"][0])
    assert col.cells[beyond] == UNKNOWN
    # reproducible from the seed
    h = sealed_game()
    h._reveal()
    assert [p for p in h.colony.ports if p["state"] == "pending"] == pending


@pytest.mark.parametrize("layout_roll,sub", [(5, 1), (5, 4), (6, 1), (6, 6)])
def test_junctions_and_bends_roll_their_contents_too(layout_roll, sub):
    """Rulebook, Layout: "Roll for room/corridor contents" after every section, a "Junction" and
    a "Corridor with corner bend" included."""
    col = fresh()
    resolve(col, layout_roll, sub, 5)  # contents 5: debris
    p = col.pieces[-1]
    assert p["kind"] == ("junction" if layout_roll == 5 else "bend") and p["contents"] == "debris"
    assert (col.hazard[p["rect"][0]:p["rect"][2] + 1, p["rect"][1]:p["rect"][3] + 1] == 2).any()
    col = fresh()
    feats = resolve(col, layout_roll, sub, 6, 6, 6)  # special, other, active sentry
    assert col.pieces[-1]["contents"] == "sentry_active"
    assert [(f["kind"], f["state"]) for f in feats] == [("sentry", "active")]


def test_a_full_grid_is_looked_at_again_once_the_layout_changes():
    """explore.reopen (A54) on a full grid: nothing found, it is noted in the layout version's cache
    (geometry.layout_cache) and not looked for again at that version; once the layout changes, the
    door is looked for again."""
    from aliens_env.bug_hunt import explore
    from aliens_env.bug_hunt.colony import DOOR_CLOSED, UNKNOWN, WALL
    from aliens_env.bug_hunt.geometry import layout_cache
    g = sealed_game()
    col = g.colony
    unknown = col.cells == UNKNOWN
    col.cells[unknown] = WALL  # no room left for a section anywhere
    col.changed()
    ports = len(col.ports)
    explore.reopen(g)
    assert len(col.ports) == ports and layout_cache(g)["reopen_failed"]
    col.cells[unknown] = UNKNOWN  # room again, the failure noted still: not looked for at this version
    explore.reopen(g)
    assert len(col.ports) == ports
    col.changed()
    explore.reopen(g)
    assert len(col.ports) == ports + 1 and "reopen_failed" not in layout_cache(g)
    door = tuple(col.ports[-1]["door"])
    assert col.cells[door] == DOOR_CLOSED and col.ports[-1]["state"] == "pending"
