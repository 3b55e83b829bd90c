"""state.items_read, the one rule of a reading kept of an append-only list (session 60: state.feature_index,
geometry's room pieces and exploration goals and explore.layout_ports' settled ports read on by it):
a reader that keeps (list, items read) and reads on from items_read's count gives what reading the list
anew gives, over random runs of appends, copies (another list, equal or not), and lists cut short in
place (read before they grow again: a list edited in place otherwise is outside the rule); and it
does read on (it reads each item of a list only appended to once)."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import explore, geometry, state
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


class Reader:
    """Sums a list's items, kept as (list, items read, sum) and read on by items_read."""

    def __init__(self):
        self.kept, self.items_looked_at = None, 0

    def total(self, items: list) -> int:
        read = NO if self.kept is None else state.items_read(self.kept[0], self.kept[1], items)
        total = 0 if read == NO else self.kept[2]
        start = 0 if read == NO else read
        for x in items[start:]:
            total += x
            self.items_looked_at += 1
        self.kept = (items, len(items), total)
        return total


@pytest.mark.parametrize("seed", range(5))
def test_a_reader_read_on_by_items_read_gives_the_sum_read_anew(seed):
    rng, reader, items = random.Random(seed), Reader(), []
    appended = 0
    kinds = set()
    for _ in range(400):
        kind = rng.choice(("append", "append", "append", "copy", "copy_changed", "cut", "read"))
        kinds.add(kind)
        if kind == "append":
            items.append(rng.randrange(100))
            appended += 1
        elif kind == "copy":
            items = list(items)
        elif kind == "copy_changed" and items:
            items = list(items)
            items[rng.randrange(len(items))] += 1
        elif kind == "cut" and items:
            del items[rng.randrange(len(items)):]  # (in place: shorter than the count kept, read at once)
        assert reader.total(items) == sum(items), kind
    assert kinds >= {"append", "copy", "copy_changed", "cut"}


def test_items_read_reads_on_only_for_the_same_list_long_enough():
    items = [1, 2, 3]
    assert state.items_read(items, 2, items) == 2
    assert state.items_read(items, 3, items) == 3
    assert state.items_read(items, 4, items) == NO  # (cut short since)
    assert state.items_read(list(items), 2, items) == NO  # (an equal list, another object)
    assert state.items_read(None, 0, items) == NO


def test_a_list_only_appended_to_is_read_once():
    reader, items = Reader(), []
    for k in range(50):
        items.append(k)
        assert reader.total(items) == sum(items)
    assert reader.items_looked_at == 50


KEPT = ("feature_index", "room_pieces", "goal_ports", "settled_ports")


@pytest.mark.parametrize("seed,mission", [(11, "explore"), (12, "kill_queen")])
def test_the_kept_readings_of_the_game_hold_for_their_lists(seed, mission):
    """At random positions, each kept reading names the list it read and says only what holds
    for it: the features indexed, the room pieces, the ports settled before the first pending."""
    seen = 0
    for g in positions(seed, mission, every=9, steps=900):
        state.feature_index(g)
        geometry.room_centres(g)
        geometry.exploration_goals(g)
        explore.layout_ports(g)
        lasting = geometry.lasting_cache(g)
        if any(name not in lasting for name in KEPT):  # (emptied at its bound since they were written)
            continue
        index = lasting["feature_index"]
        assert state.items_read(index.features, index.count, g.features) == len(g.features)
        pieces, read, rooms = lasting["room_pieces"]
        assert state.items_read(pieces, read, g.colony.pieces) == len(g.colony.pieces)
        assert rooms == tuple(p for p in g.colony.pieces if p["kind"] == "room")
        for name in ("goal_ports", "settled_ports"):
            ports, first = lasting[name]
            assert state.items_read(ports, first, g.colony.ports) == first, name
            assert all(p["state"] != "pending" for p in g.colony.ports[:first]), name
            assert first == len(g.colony.ports) or g.colony.ports[first]["state"] == "pending", name
        seen += 1
    assert seen > 50
