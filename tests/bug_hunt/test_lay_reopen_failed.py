"""explore.reopen (A54) on a full grid: nothing found, it is noted in the layout version's cache
(geometry.layout_cache) and not looked for again at that version; once the layout changes, the
door is looked for again."""

from aliens_env.bug_hunt import BugHunt, explore
from aliens_env.bug_hunt.colony import DOOR_CLOSED, UNKNOWN, WALL
from aliens_env.bug_hunt.geometry import layout_cache

def test_a_full_grid_is_looked_at_again_once_the_layout_changes():
    g = BugHunt()
    g.reset(4)
    col = g.colony
    for port in col.ports:
        if port["state"] == "pending":
            col.seal(port)
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
