"""Laying the colony from the rulebook's layout tables.

The game lays each open end with its own dice (`BugHunt.layout_dice`, ASSUMPTION A48). Order of
the rolls (tests script them in this order):

- an open end: layout d6; then the sub-table d6 for a side door (left/right), a junction
  (T/crossroads) or a bend (left/right); then the door-state d6 for a side or end door; then the
  section's contents (contents d6, then special d6, then egg-cache d6 or other d6), for every
  section laid: corridors, junctions and bends alike;
- a door: beyond d6 (room/corridor); for a room the size d6 (and the special-room d6 on a 6),
  then the second-door d6 and its door-state d6; then the contents as above.
"""
from __future__ import annotations

from .colony import (
    DOOR_CLOSED, DOOR_OPEN, FLOOR, UNKNOWN, WALL, Colony, add, left, right,
)

ROOM_ORDER = ("special", "large_room", "large_cabin", "small_cabin")


def lay_entry(col: Colony, rules: dict) -> list[tuple[int, int]]:
    """The entry corridor at the bottom centre of the grid, heading north, walled at its south
    end; all its squares are entry squares (E). Returns them, south first (the squad's start)."""
    n, length = col.size, rules["entry_length"]
    base = (n - 2, n // 2 - 1)
    cells = col.rect_cells(base, 0, length, 2)
    end = [add(base, 0, length), add(add(base, 0, length), 1)]
    pid = col.place(cells, "entry", keep_open=end)
    col.add_port(end, 0, "open", pid)
    for q in cells:
        col.entry[q] = True  # the whole entry corridor is the way out (ASSUMPTION A2)
    return cells


def resolve_port(col: Colony, index: int, dice, rules: dict, brood_exists: bool) -> list[dict]:
    """Lay what lies at port `index` (the roll of the tables). Returns the new features
    (contents) and marks the port done, joined or dead."""
    port = col.ports[index]
    if port["state"] != "pending":
        return []
    if port["kind"] == "open":
        features = _open_end(col, port, dice, rules)
    else:
        features = _beyond_door(col, port, dice, rules, brood_exists)
    col.refresh_ports()
    return features


def _door_ok(col: Colony, door, beyond) -> bool:
    return col.cell(door) in (UNKNOWN, WALL) and col.inside(*beyond) and col.cell(beyond) in (UNKNOWN, FLOOR)


def _door_state(dice, rules) -> int:
    return DOOR_OPEN if rules["door_state"][dice.d6()] == "open" else DOOR_CLOSED


def _open_end(col: Colony, port: dict, dice, rules: dict) -> list[dict]:
    kind = rules["layout"][dice.d6()]
    sub = None
    if kind == "side_door":
        sub = rules["side_door"][dice.d6()]
    elif kind == "junction":
        sub = rules["junction"][dice.d6()]
    elif kind == "bend":
        sub = rules["bend"][dice.d6()]
    state = _door_state(dice, rules) if kind in ("side_door", "end_door") else None
    d = port["d"]
    p = right(d)
    base = tuple(port["cells"][0])
    if kind in ("junction", "bend"):
        # a one-square stub, then the 2x2 block whose sides open (the stub keeps the side
        # openings clear of the previous section's wall corners)
        cells = col.rect_cells(base, d, 3, 2)
        if not col.fits(cells):
            col.seal(port)
            return []
        b1 = add(base, d, 1)
        lp = (add(b1, left(d)), add(add(b1, left(d)), d))                # left side, cells [Q0, Q0+right(left)]
        rp = (add(add(b1, p, 2), d), add(b1, p, 2))                      # right side, cells [Q0, Q0+right(right)]
        ap = (add(base, d, 3), add(add(base, d, 3), p))                  # ahead
        exits = []
        if kind == "junction":
            exits = [(lp, left(d)), (rp, p)] + ([(ap, d)] if sub == "crossroads" else [])
        else:
            exits = [(lp, left(d))] if sub == "left" else [(rp, p)]
        keep = [q for cells_, _ in exits for q in cells_]
        pid = col.place(cells, "junction" if kind == "junction" else "bend", keep_open=keep, shape=sub)
        for cells_, dd in exits:
            col.add_port(cells_, dd, "open", pid)
        port["state"] = "done"
        return roll_contents(col, pid, dice, rules)  # PRINTED: every section rolls its contents
    for length in range(rules["corridor_length"], 0, -1):
        cells = col.rect_cells(base, d, length, 2)
        if col.fits(cells):
            break
    else:
        col.seal(port)
        return []
    end = [add(base, d, length), add(add(base, d, length), p)]
    keep, doors, new_ports = [], [], []
    if kind in ("straight", "side_door"):
        keep = end
        new_ports.append((end, d, "open", None))
    if kind == "side_door":
        mid = length // 2
        if sub == "left":
            door, sd = add(add(base, d, mid), left(d)), left(d)
        else:
            door, sd = add(add(base, d, mid), p, 2), p
        if _door_ok(col, door, add(door, sd)):
            doors.append((door, state))
            new_ports.append(([add(door, sd)], sd, "door", door))
    if kind == "end_door":
        door = end[0]
        if _door_ok(col, door, add(door, d)):
            doors.append((door, state))
            new_ports.append(([add(door, d)], d, "door", door))
    pid = col.place(cells, "corridor", keep_open=keep, doors=doors, length=length, d=d)
    for cells_, dd, pk, door in new_ports:
        col.add_port(cells_, dd, pk, pid, door)
    port["state"] = "done"
    return roll_contents(col, pid, dice, rules)


def _beyond_door(col: Colony, port: dict, dice, rules: dict, brood_exists: bool) -> list[dict]:
    beyond = rules["beyond_door"][dice.d6()]
    d = port["d"]
    p = right(d)
    base = tuple(port["cells"][0])
    if beyond == "room":
        size_name = rules["room_size"][dice.d6()]
        special = None
        if size_name == "special":
            special = rules["special_room"][dice.d6()]
            if special == "brood_chamber" and brood_exists:
                special = rules["second_brood_chamber_becomes"]
        side = rules["room_extra_door"][dice.d6()]
        state = _door_state(dice, rules)
        for name in ROOM_ORDER[ROOM_ORDER.index(size_name):]:
            s = rules["room_sizes"][name]
            for offset in sorted(range(s), key=lambda o: (abs(o - s // 2), o)):
                cells = col.rect_cells(base, d, s, s, offset)
                if not col.fits(cells):
                    continue
                if side == "ahead":
                    door, sd = add(add(base, d, s), p, s // 2 - offset), d
                elif side == "left":
                    door, sd = add(add(base, d, s // 2), p, -1 - offset), left(d)
                else:
                    door, sd = add(add(base, d, s // 2), p, s - offset), p
                doors = [(door, state)] if _door_ok(col, door, add(door, sd)) else []
                pid = col.place(cells, "room", doors=doors, size=s, room=name, special=special,
                                entered=False, brood=special == "brood_chamber")
                if doors:
                    col.add_port([add(door, sd)], sd, "door", pid, door)
                port["state"] = "done"
                return roll_contents(col, pid, dice, rules)
    # a corridor beyond the door (rolled, or no room fits)
    for length in range(rules["corridor_length"], 0, -1):
        for offset in (0, 1):
            cells = col.rect_cells(base, d, length, 2, offset)
            if col.fits(cells):
                start = add(base, p, -offset)
                end = [add(start, d, length), add(add(start, d, length), p)]
                pid = col.place(cells, "corridor", keep_open=end, length=length, d=d)
                col.add_port(end, d, "open", pid)
                port["state"] = "done"
                return roll_contents(col, pid, dice, rules)
    col.seal(port)
    return []


def piece_squares(col: Colony, pid: int) -> list[tuple[int, int]]:
    r0, c0, r1, c1 = col.pieces[pid]["rect"]
    return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def piece_centre(col: Colony, pid: int) -> tuple[int, int]:
    r0, c0, r1, c1 = col.pieces[pid]["rect"]
    return ((r0 + r1) // 2, (c0 + c1) // 2)


def roll_contents(col: Colony, pid: int, dice, rules: dict) -> list[dict]:
    """Room/corridor contents (ASSUMPTION A19 for where they go): acid holes and debris cover a
    band across a corridor's middle, or the central half of a room; an item stands on the centre."""
    what = rules["contents"][dice.d6()]
    piece = col.pieces[pid]
    piece["contents"] = what
    if what == "empty":
        return []
    if what in ("acid_holes", "debris"):
        value = 1 if what == "acid_holes" else 2
        r0, c0, r1, c1 = piece["rect"]
        if piece["kind"] == "room":
            s = max(2, piece["size"] // 2)
            rs, cs = r0 + (r1 - r0 + 1 - s) // 2, c0 + (c1 - c0 + 1 - s) // 2
            squares = [(r, c) for r in range(rs, rs + s) for c in range(cs, cs + s)]
        else:
            rc, cc = piece_centre(col, pid)
            squares = [(rc, c) for c in range(c0, c1 + 1)] if r1 - r0 >= c1 - c0 else [(r, cc) for r in range(r0, r1 + 1)]
        for q in squares:
            col.set_hazard(q, value)
        col.changed()
        return []
    special = rules["contents_special"][dice.d6()]
    pos = list(piece_centre(col, pid))
    if special == "egg_cache":
        state = rules["egg_cache_state"][dice.d6()]
        piece["contents"] = f"egg_cache_{state}"
        return [{"kind": "egg_cache", "pos": pos, "state": state}]
    other = rules["contents_other"][dice.d6()]
    piece["contents"] = other
    if other.startswith("sentry"):
        return [{"kind": "sentry", "pos": pos, "state": other.split("_")[1]}]
    if other == "crate_eggs":
        return [{"kind": "crate_eggs", "pos": pos, "state": "intact"}]
    if other == "impregnated_human":
        return [{"kind": "impregnated_human", "pos": pos, "state": "alive"}]
    return [{"kind": "burst_human", "pos": pos, "state": "dead"}]
