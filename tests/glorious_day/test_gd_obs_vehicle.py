"""The APC's three views (``apc``, ``apc_seats``, ``scanned``) are each written anew only when
what that view shows changed (observation.py, ``_observe_public``): the APC's own state, the
Characters aboard and their squares, the Blips its Scanner saw. Each edit below changes one of
them alone (as a rule would, marking what it marks); both sides' observations must then equal a
clone's, written from scratch: a key that missed what its view reads would leave it stale."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.tactics import GloriousDayTactics


def _same_as_a_clone(g, what: str) -> None:
    g._cache.clear()  # (the position's kept views dropped, as after any action)
    fresh = g.clone()
    for side in ("marines", "hive"):
        got, want = g.observe(side), fresh.observe(side)
        assert np.array_equal(got, want), (what, side, np.flatnonzero(got != want)[:8].tolist())
    # (the clone runs the same code: the APC's own view also against its record itself)
    apc, shown = g.apc, g.obs_layout.view(g.observe("marines"), "apc")
    want = np.zeros_like(shown)
    if apc is not None:
        r, col = divmod(apc["pos"], g.board.width)
        want[:] = (1.0, r / g.board.height, col / g.board.width, apc["damage"] / g.apc_rules["damage_tokens"],
                   apc["moves"] / g.apc_rules["drive_pass"], apc["door_open"], apc["traffic"], apc["fired"])
    np.testing.assert_array_equal(shown, want, err_msg=what)


def _moved(g, c: int, square: int) -> None:
    g.chars[c]["pos"] = square
    g._obs_chars.add(c)  # (as the rules mark a Character they move)


def _apc_edited(g) -> None:
    g._obs_marks.add("apc")  # (as the rules mark the APC's record when they change it)


def _with_apc(g, seed: int) -> None:
    rng = random.Random(seed)
    g.reset(seed)
    for _ in range(rng.randrange(5, 60)):
        if g.is_terminal() or g.truncated_by():
            break
        g.apply(rng.choice(g.legal_actions()))
    g.observe("marines")  # (an observation kept: the edits below are written incrementally)


@pytest.mark.parametrize("make, seed", [(lambda: GloriousDay(mission="queen_apc"), 1),
                                        (lambda: GloriousDay(mission="apc_chase"), 2),
                                        (GloriousDayTactics, 3), (GloriousDayTactics, 4)])
def test_each_apc_view_follows_an_edit_of_what_it_shows(make, seed):
    g = make()
    _with_apc(g, seed)
    assert g.apc is not None
    alive = [c for c, ch in enumerate(g.chars) if ch["alive"] and ch["pos"] != NO]
    inside = [s for s in g.vehicle_squares() if g.passable[s]
              and all(ch["pos"] != s for ch in g.chars) and all(a is None or a["pos"] != s for a in g.aliens)]
    outside = [s for s in range(g.board.n) if g.passable[s] and s not in g.vehicle_set()
               and all(ch["pos"] != s for ch in g.chars) and all(a is None or a["pos"] != s for a in g.aliens)]
    c, by_seat = alive[0], {}
    for s in inside:  # a free square aboard for each crew position (seat_of asked of c put there)
        g.chars[c]["pos"] = s
        by_seat.setdefault(g.seat_of(c), s)
    assert len(by_seat) > 1
    for s in by_seat.values():  # aboard, then moved aboard to another crew position
        _moved(g, c, s)
        _same_as_a_clone(g, "boarded")
    _moved(g, c, outside[0])  # out: the seat row cleared
    _same_as_a_clone(g, "got out")
    for c in alive[1:3]:  # someone else's move outside (the seats' key unchanged) then aboard
        _moved(g, c, outside[-1 - c])
        _same_as_a_clone(g, "moved outside")
        _moved(g, c, inside[1 + c])
        _same_as_a_clone(g, "boarded too")
    for field, value in (("damage", g.apc["damage"] + 1), ("moves", g.apc["moves"] + 1),
                         ("door_open", not g.apc["door_open"]), ("traffic", not g.apc["traffic"]),
                         ("fired", not g.apc["fired"])):
        g.apc[field] = value
        _apc_edited(g)
        _same_as_a_clone(g, field)
    blips = [b for b, bl in enumerate(g.blips) if bl is not None]
    if blips:
        g.apc["scanned"].append(blips[0])  # scanned: its value shown on its square
        _apc_edited(g)
        _same_as_a_clone(g, "scanned")
        g.blips[blips[0]]["value"] = (g.blips[blips[0]]["value"] + 1) % 3
        g._obs_marks.add("blips")  # (a Blip changed: the Scanner's view looked at again)
        _same_as_a_clone(g, "its value")
        g.blips[blips[0]]["pos"] = outside[1]
        g._obs_marks.add("blips")
        _same_as_a_clone(g, "it moved")
        g.apc["scanned"].clear()
        _apc_edited(g)
        _same_as_a_clone(g, "scan cleared")
    g.apc["pos"] = next(a for a in range(g.board.n) if a != g.apc["pos"] and g.vehicle_squares(a)
                        and all(g.passable[s] for s in g.vehicle_squares(a)))  # the APC driven: all three
    _apc_edited(g)
    _same_as_a_clone(g, "driven")
    g.apc = None
    _apc_edited(g)
    _same_as_a_clone(g, "gone")
