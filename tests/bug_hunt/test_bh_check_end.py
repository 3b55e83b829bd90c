"""BugHunt._check_end (asked before every decision) against the end of the game written out plainly
from the mission's record, at random positions of both missions pushed to each of its conditions."""
import pytest

from aliens_env.bug_hunt import BugHunt, data_files
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


def plain_result(g):
    """The winner the rules name now (None: the game goes on), read from g.mission itself."""
    if g.queen_killed_in_chamber:
        return "marines"
    if not any(h.status == "active" and h.role != "android" for h in g.humans):
        return "hive"
    mission, entry = g.mission, g.colony.entry_flags
    if (mission["objective"] == "explore_and_return" and g.rooms_entered >= mission["rooms"]
            and all(entry[h.pos] for h in g.humans if h.status == "active")):
        return "marines"
    if g.turn > g.turn_limit:
        return "hive"
    return None


def variants(g):
    """Copies of g with the rooms entered around the mission's need, the able figures gathered
    at the entry (one of them off the map: pos NO), and the turn past the limit."""
    rooms = g.mission.get("rooms", 3)
    entry = [s for s, flag in enumerate(g.colony.entry_flags) if flag]
    for entered in (0, rooms - 1, rooms, rooms + 2):
        for gather in ("no", "entry", "off_map"):
            for late in (False, True):
                c = g.clone()
                c.result = None
                c.rooms_entered = entered
                able = [h for h in c.humans if h.status == "active"]
                if gather != "no":
                    for k, h in enumerate(able):
                        h.pos = entry[k % len(entry)]
                    if gather == "off_map" and able:
                        able[-1].pos = NO
                if late:
                    c.turn = c.turn_limit + 1
                yield c


@pytest.mark.parametrize("seed,mission", [(5, "explore"), (6, "kill_queen")])
def test_check_end_is_the_plain_end_at_random_positions(seed, mission):
    seen = set()
    for g in positions(seed, mission, every=23, steps=1200):
        for c in variants(g):
            want = plain_result(c)
            c._check_end()
            assert c.result == want, (mission, c.rooms_entered, c.turn)
            seen.add(want)
    assert seen == ({None, "marines", "hive"} if mission == "explore" else {None, "hive"})  # (kill_queen: no Queen killed here)


def test_return_rooms_is_the_missions_need_to_return():
    for name, mission in data_files.missions().items():
        g = BugHunt(mission=name)
        want = mission["rooms"] if mission["objective"] == "explore_and_return" else None
        assert g.return_rooms == want and g.clone().return_rooms == want
        assert BugHunt.from_dict(g.to_dict()).return_rooms == want
