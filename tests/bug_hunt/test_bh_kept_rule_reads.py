"""The rule reads kept out of the dicts (session 61): state.room_of reads Colony.piece_ids, the
array("h") the piece array views (written through the array, copied, pickled and read back, the two
stay one memory); state.feature_index checks the index handed out last first (games played in turn
each get their own features' index); explore._first_seen keeps the sight and reveal ranges of the
rules it read last (a game of other rules reveals by its own); the figures' role, weapon, status and
kind and the game's phase are str fields (compiled: a value equal to a literal but another object
compares equal, a value that is no str is refused)."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

from aliens_env.bug_hunt import BugHunt, combat, explore, state
from aliens_env.bug_hunt.codec import clone
from aliens_env.bug_hunt.colony import FLOOR, Colony
from aliens_env.bug_hunt.state import NO, Alien
from bh_helpers import positions
from test_reveal_plain import laid, mouths, plain_reveal


def played(seed: int, steps: int = 200) -> BugHunt:
    rng = random.Random(seed)
    g = BugHunt()
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def room_by_the_grid(g, s: int) -> int:
    pid = int(g.colony.piece.flat[s])
    return pid if pid >= 0 and g.colony.pieces[pid]["kind"] == "room" else NO


@pytest.mark.parametrize("how", ["kept", "copy", "deepcopy", "pickle", "from_dict"])
def test_room_of_reads_the_piece_array_written_after_a_copy(how):
    g = played(5)
    col = g.colony
    new = {"kept": lambda c: c, "copy": Colony.copy, "deepcopy": copy.deepcopy,
           "pickle": lambda c: pickle.loads(pickle.dumps(c)),
           "from_dict": lambda c: Colony.from_dict(c.to_dict(), c.hazard_ap)}[how](col)
    before = col.piece.copy()
    g2 = clone(g)
    g2.colony = new
    assert list(new.piece_ids) == new.piece.ravel().tolist()
    unlaid = [s for s in range(new.n) if new.piece.flat[s] < 0]
    s = unlaid[len(unlaid) // 2]
    assert state.room_of(g2, s) == NO
    room = len(new.pieces)  # a room written through the array, as the tests lay theirs
    new.pieces.append({"id": room, "kind": "room", "rect": [*divmod(s, new.width)] * 2})
    new.piece[divmod(s, new.width)] = room
    assert state.room_of(g2, s) == room == room_by_the_grid(g2, s)
    assert state.room_of(g2, NO) == room_by_the_grid(g2, new.n - 1)  # (NO reads the last square, as .flat's)
    if how != "kept":  # (a copy holds its own memory)
        assert (col.piece == before).all() and list(col.piece_ids) == before.ravel().tolist()


def test_feature_index_of_games_played_in_turn_is_each_ones_own():
    a, b = played(1), played(2)
    for _ in range(3):
        for g in (a, b):
            index = state.feature_index(g)
            assert index.features is g.features and index.count == len(g.features)
    square = next(s for s in range(b.colony.n) if s not in state.feature_index(b).sentries)
    state.feature_index(a)  # (the one handed out last is a's)
    b.features.append({"kind": "sentry", "pos": list(b.rc(square)), "state": "active"})
    assert square in state.feature_index(b).sentries  # (b's grown list read anew, not a's index)
    assert square not in state.feature_index(a).sentries


@pytest.mark.parametrize("seed", [4, 9])
def test_reveal_reads_the_ranges_of_each_games_rules(seed):
    """Played in turn, a game of the shared rules (the ranges kept are theirs) and a copy of it
    given rules of a reveal range of 1: each reveals what the plain rule lays at its own range."""
    rng, narrower = random.Random(seed), 0
    for g in positions(seed, "explore", every=7, steps=700):
        col = g.colony
        ends = [m for port in col.ports if port["state"] == "pending" for m in mouths(col, port)]
        if not ends:
            continue
        m = rng.choice(ends)  # a viewer on floor out of the short range of a pending port's mouth, in the shared one
        near = [s for s in range(col.n) if 2 <= col.range(s, m) <= g.rules["reveal_range"] and col.cells.item(s) == FLOOR]
        if not near:
            continue
        viewer = rng.choice(near)
        short = clone(g)
        short.rules = dict(g.rules, reveal_range=1)  # (other rules: another dict)
        for game in (clone(g), short):
            plain = clone(game)
            plain_reveal(plain, viewer)
            explore.reveal(game, viewer)
            assert laid(game) == laid(plain), (seed, g.turn, viewer, game.rules["reveal_range"])
        wide = clone(g)
        explore.reveal(wide, viewer)
        narrower += len(wide.colony.pieces) > len(short.colony.pieces)
    assert narrower > 0  # the reveal range told


def test_the_compared_fields_are_str_equal_not_identical():
    g = played(3, steps=0)
    h = next(h for h in g.humans if h.status == "active" and h.role != "android" and not h.in_apc)
    j = g.humans.index(h)
    a = Alien("".join(["al", "ien"]), pos=h.pos)
    g.aliens.append(a)
    h.status = "".join(["act", "ive"])  # (equal to the literal, another object)
    assert state.exposed(g, h) and j in combat.humans_beside(g, a.pos)
    h.role = "".join(["andr", "oid"])
    assert j not in combat.humans_beside(g, a.pos)
    if state.__file__.endswith(".so"):  # compiled: the fields are typed str
        with pytest.raises(TypeError):
            h.status = 1
        with pytest.raises(TypeError):
            a.kind = 1
        with pytest.raises(TypeError):
            g.phase = 1
