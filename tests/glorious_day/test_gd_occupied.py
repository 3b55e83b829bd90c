"""Glorious Day's occupied squares (``occupied()``: the Queen's and the Power Loader's squares added
one by one; ``_occupied_marks``: a byte per square) and a Character's Move (``move_targets``: its
closed squares added one by one) answer as the plain set computations, over random play of every
mission."""
from __future__ import annotations

from aliens_env.core.board import NO
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.state import CHARACTER_MARK, OTHER_MARK
from gd_helpers import random_positions
from test_gd_typed_moves import _closed, _plain_vehicle_moves

MISSIONS = ('apc_chase', 'escape', 'loader_bay', 'nest', 'newt', 'purge', 'queen_apc', 'queen_lair', 'retrieve',
            'sulaco', 'survive', 'uplink')


def _plain_occupied(g: GloriousDay) -> set[int]:
    """``occupied()`` as unions of sets: the APC's squares, every model's, a Blip's, Newt's token,
    the Queen's and the Power Loader's squares."""
    out = set(g.vehicle_set())
    out |= {a["pos"] for a in g.aliens if a is not None} | {b["pos"] for b in g.blips if b is not None}
    out |= {ch["pos"] for ch in g.chars if ch["pos"] != NO}
    if g.newt_carrier == NO and g.newt != NO:
        out.add(g.newt)
    if g.queen is not None:
        out |= set(g.board.footprint(g.queen["pos"], g.size) or ())
    if g.loader is not None:
        out |= set(g.board.footprint(g.loader["pos"], g.size) or ())
    return out


def _plain_move_targets(g: GloriousDay, c: int) -> list[int]:
    """``move_targets`` (not the pilot's) from ``_closed``'s set unions."""
    speed = g.stats_of(c)["speed"]
    if g.apc is not None:
        return _plain_vehicle_moves(g, c, _closed(g), speed)
    occupied = g.occupied()
    return sorted(s for s in g.reach(g.chars[c]["pos"], _closed(g), speed) if s not in occupied)


def test_occupied_and_move_targets_are_the_plain_sets_in_every_mission():
    """At every position of random play of each mission, ``occupied()`` is the plain union, and
    every Character on the board but a pilot gets the plain Move's squares (asked afresh)."""
    positions, queen, loader, moves = 0, 0, 0, 0
    for mission in MISSIONS:
        for g in random_positions(mission, 240, 11):
            assert g.occupied() == _plain_occupied(g)
            positions += 1
            queen += g.queen is not None
            loader += g.loader is not None
            for c, ch in enumerate(g.chars):
                if ch["pos"] == NO or c == g.pilot():
                    continue
                g._cache.pop(("move_targets", c), None)
                assert g.move_targets(c) == _plain_move_targets(g, c)
                moves += 1
    assert positions > 1000 and queen > 200 and loader > 100 and moves > 3000  # (all asked about)


def _plain_marks(g: GloriousDay) -> bytearray:
    """``_occupied_marks`` from the plain union: OTHER_MARK on each occupied square, CHARACTER_MARK
    added under each Character's model on the board."""
    taken = bytearray(g.board.n)
    for s in _plain_occupied(g):
        taken[s] = OTHER_MARK
    for ch in g.chars:
        if ch["pos"] != NO:
            taken[ch["pos"]] |= CHARACTER_MARK
    return taken


def test_occupied_marks_are_the_plain_union_in_every_mission():
    """``_occupied_marks`` (the APC's squares and ``_mark_held``'s, no set made) marks at every
    position of random play of each mission the plain union's squares, the Characters' apart."""
    positions, apc, characters = 0, 0, 0
    for mission in MISSIONS:
        for g in random_positions(mission, 120, 12):
            taken = g._occupied_marks()
            assert taken == _plain_marks(g)
            positions += 1
            apc += g.apc is not None
            characters += sum(1 for b in taken if b & CHARACTER_MARK)
    assert positions > 1000 and apc > 100 and characters > 2000  # (all asked about)
