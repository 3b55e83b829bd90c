"""The scripted hunt marines' distance fields, worked out the short way (aliens_env/lairs/policies.py
beside_queen, HuntForTheQueen.rooms_field): the same values as the board's field of the squares;
and when they look for a grenade throw (grenade_legal, reactor_room/heuristic.py)."""
import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.lairs.game import HuntForTheQueen
from aliens_env.lairs.policies import HuntMarines, beside_queen
from aliens_env.lairs.rescue import RescueOfNewt
from aliens_env.lairs.tactics import HuntTactic
from aliens_env.reactor_room.game import ReactorRoom
from aliens_env.reactor_room.heuristic import grenade_legal


@pytest.mark.parametrize("game", [HuntForTheQueen, RescueOfNewt])  # (Marine Assault's map is the hunt's)
def test_the_field_beside_the_queen_is_the_boards_field_of_the_squares_beside_her_on_every_square(game):
    board = game().board
    derived = 0
    for q in range(board.n):
        want = board.field([n for _, n in board.neighbours[q]] or [q])
        got = beside_queen(board, q)
        assert type(got) is tuple and list(got) == want.tolist(), f"square {board.rc(q)}"
        derived += bool(board.passable.flat[q] and board.neighbours[q])
    assert derived > 500  # (most squares take the short way: her own field)


def test_the_rooms_field_is_the_boards_field_of_the_rooms_not_entered_kept_by_the_rooms_flipped():
    game = HuntForTheQueen()
    rooms = sorted(game.rooms)
    for flipped in ([], rooms[:1], rooms[2:5], rooms[:-1]):
        game.flipped = {r: "card" for r in flipped}
        want = game.board.field([sq for r in rooms if r not in flipped for sq in game.rooms[r]])
        field = game.rooms_field()
        assert type(field) is tuple and list(field) == want.tolist()
        game.flipped = {r: "card" for r in reversed(flipped)}  # (the same Rooms flipped in another order)
        assert game.rooms_field() is field
    game.flipped = {r: "card" for r in rooms}
    assert game.rooms_field() is None


def test_the_plane_of_the_rooms_not_entered_shows_their_squares_alone_whatever_the_order_they_were_flipped():
    from aliens_env.lairs.game import PLANES
    game = HuntForTheQueen()
    rooms = sorted(game.rooms)
    for flipped in ([], rooms[1:3], rooms[:-1], rooms, list(reversed(rooms[1:3]))):
        game.flipped = {r: "card" for r in flipped}
        planes = game.obs_layout.view(game.observe("marines"), "board")
        shown = np.flatnonzero(planes[PLANES.index("room_unflipped")].ravel()).tolist()
        assert shown == sorted(sq for r in rooms if r not in flipped for sq in game.rooms[r])


def test_a_grenade_is_legal_only_with_an_action_of_the_grenade_slice():
    """(The scripted marines look for a throw only then; a game without the slice has none.)"""
    g = HuntForTheQueen()
    start, count = g.layout.slices["grenade"]
    assert grenade_legal(g, {start}) and grenade_legal(g, {0, start + count - 1})
    assert not grenade_legal(g, {start - 1, start + count}) and not grenade_legal(g, set())
    assert not grenade_legal(ReactorRoom(), set(range(ReactorRoom().layout.size)))


@pytest.mark.parametrize("script", [HuntMarines(), HuntTactic(blast_risk="incapacitated")])
def test_a_throw_chosen_is_a_legal_grenade_action_and_none_without_one(script):
    """What lets the hunt marines skip ``_grenade`` when no grenade action is legal
    (``grenade_legal``): a throw they choose is a legal action of the grenade slice, and with the
    slice's actions taken out of the legal set they choose none. (RescueMarines' ``_grenade`` only
    turns HuntMarines' throw down, at a dormant Alien; in play here it throws none.)"""
    game = HuntForTheQueen
    rng, thrown = np.random.default_rng(5), 0
    for seed in range(6):  # (the marines play as scripted, the hive at random)
        g = game()
        g.reset(seed)
        while not g.is_terminal():
            legal = set(g.legal_actions())
            if g.current_player() != "marines":
                g.apply(int(rng.choice(sorted(legal))))
                continue
            if g.decision.kind == "marine" and g.active != NO:
                throw = script._grenade(g, legal)
                if throw is not None:
                    start, count = g.layout.slices["grenade"]
                    assert throw in legal and start <= throw < start + count
                    assert script._grenade(g, legal - set(range(start, start + count))) is None
                    thrown += 1
            g.apply(script.act(g, "marines"))
    assert thrown >= 5
