"""Using Equipment (PRINTED: only androids and 1 nominated figure per squad; what there is is
agreed at the start): auto sentries (test_bh_marines), electronic locks (option
electronic_locks, A58) and satellite comms (option satellite_comms, A59-A60)."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN
from aliens_env.bug_hunt.game import EXTRA_FEATURES
from bh_helpers import act, activate, build

LOCK_MAP = ["######", "#1L..#", "#.2..#", "######"]  # the locked door (1,2) is N of Hicks, E of Apone


def legal(g, name, index=0):
    return bool(g.legal_mask("marines")[g.layout.encode(name, index)])


def test_only_the_operator_or_an_android_picks_a_lock_and_nobody_just_opens_it():
    g = build(LOCK_MAP, pool=2, electronic_locks=True)
    activate(g, 0)  # Apone: not the operator
    assert not legal(g, "pick_lock", 1) and not legal(g, "door", 1)
    assert legal(g, "unweld", 1)  # but anyone may cut through it like a weld (6 AP)
    act(g, "end")
    assert g.active == 1 or g.decision.kind == "activate"
    activate(g, 1)  # Hicks, the nominated figure
    assert legal(g, "pick_lock", 0) and not legal(g, "door", 0)
    g = build(["######", "#5L..#", "#1####", "######"], electronic_locks=True)
    activate(g, 4)
    assert legal(g, "pick_lock", 1)  # Bishop, an android


@pytest.mark.parametrize("roll,picked", [(1, False), (2, False), (3, True), (6, True)])
def test_picking_costs_two_ap_and_succeeds_on_3_to_6(roll, picked):
    g = build(LOCK_MAP, electronic_locks=True)
    act(g, "activate", 0)
    act(g, "end")
    activate(g, 1)
    g.dice.script(roll)
    act(g, "pick_lock", 0)
    h = g.humans[1]
    assert h.ap == 2
    assert g.colony.cells[1, 2] == (DOOR_CLOSED if picked else DOOR_LOCKED)
    if picked:  # shut but free: now a normal door (1 AP)
        act(g, "door", 0)
        assert g.colony.cells[1, 2] == DOOR_OPEN and h.ap == 1
    else:
        assert legal(g, "pick_lock", 0)  # the AP are spent; another try is allowed


def test_aliens_cannot_open_a_locked_door():
    g = build(["#######", "#1.LA.#", "#######"], phase="aliens_move", electronic_locks=True)
    assert g.alien_steps(0) == {} or all(g.rc(n) != (1, 3) for n, _ in g.alien_steps(0).values())
    assert g.rulebook_steps(0) == []  # no way through to Apone
    assert g.target_field(False)[g.aliens[0].pos] >= 10_000
    g.colony.cells[1, 3] = DOOR_CLOSED  # a plain closed door: the Alien opens it
    g.colony.changed()
    g._cache.clear()
    assert any(g.rc(n) == (1, 3) for n, _ in g.alien_steps(0).values())


def _closed_doors(g):
    return {(r, c) for r, c in zip(*np.nonzero(g.colony.cells == DOOR_CLOSED))}


def test_closed_doors_are_locked_on_a_6_of_their_own_seeded_die():
    seed = next(s for s in range(200) if _closed_doors(_game(s, False)))
    plain = _game(seed, False)
    doors = _closed_doors(plain)
    for die, locked in ((6, True), (5, False)):
        g = BugHunt(electronic_locks=True)
        g.lock_roll = lambda door, die=die: die
        g.reset(seed)
        expected = plain.colony.cells.copy()
        if locked:
            for q in doors:
                expected[q] = DOOR_LOCKED
        assert np.array_equal(g.colony.cells, expected)
    a, b = _game(seed, True), _game(seed, True)
    assert np.array_equal(a.colony.cells, b.colony.cells)  # a seed fixes the locks too
    assert all(a.lock_roll(q) == b.lock_roll(q) for q in doors)


def _game(seed, locks):
    g = BugHunt(electronic_locks=locks)
    g.reset(seed)
    return g


def test_without_the_option_no_door_is_ever_locked():
    for seed in range(20):
        assert not (_game(seed, False).colony.cells == DOOR_LOCKED).any()


COMMS_MAP = ["#########", "#.2.....#", "#.1.....#", "#########"]
TERMINAL = {"kind": "comms_terminal", "pos": [1, 1], "state": "ready"}


def comms_game(**options):
    opts = {"mission": "kill_queen", "satellite_comms": True, "features": [TERMINAL]}
    opts.update(options)
    g = build(COMMS_MAP, **opts)
    col = g.colony
    pid = len(col.pieces)  # floor squares (1,4)-(2,7) are a small cabin not yet entered
    col.pieces.append({"id": pid, "kind": "room", "rect": [1, 4, 2, 7], "room": "small_cabin", "special": None,
                       "entered": False, "brood": False, "size": 4})
    col.piece[1:3, 4:8] = pid
    return g


@pytest.mark.parametrize("uplink", [True, False])
def test_the_satellite_uplink_makes_the_next_new_room_the_brood_chamber(uplink):
    g = comms_game()
    act(g, "activate", 1)  # Hicks, the operator, beside the terminal
    assert legal(g, "comms")
    if uplink:
        act(g, "comms")
        assert g.brood_located and g.features[0]["state"] == "used" and g.humans[1].ap == 2
        assert not legal(g, "comms")
    else:
        act(g, "move", 1)
        act(g, "move", 1)
    g.dice.script(1, 1, 1)  # eggs 1+2, Aliens 1+1 (the Brood Chamber's dice; no finding roll)
    act(g, "move", 1)
    act(g, "move", 1)  # into the room: the first room, so without the uplink no check is rolled
    assert g.rooms_entered == 1
    assert g.brood_found == uplink
    if uplink:
        assert g.colony.pieces[-1]["brood"] and any(a.alive and a.kind == "queen" for a in g.aliens)
        assert g.dice.scripted_left == 0
    else:
        assert g.dice.scripted_left == 3


def test_comms_only_for_the_operator_and_only_when_it_would_tell_something():
    g = comms_game()
    act(g, "activate", 0)  # Apone, beside the terminal too, is not the operator
    assert not legal(g, "comms")
    for options in ({"satellite_comms": False}, {"mission": "explore"}):  # option off; no Brood Chamber to find
        g = comms_game(**options)
        act(g, "activate", 1)
        assert not legal(g, "comms")
    g = comms_game()
    g.brood_found = True
    g._cache.clear()
    act(g, "activate", 1)
    assert not legal(g, "comms")


def test_communications_centres_hold_a_terminal_when_the_option_is_on():
    for on in (True, False):
        g = BugHunt(satellite_comms=on)
        col = g.colony
        before, n_features = len(col.pieces), len(g.features)
        col.pieces.append({"id": before, "kind": "room", "rect": [10, 10, 21, 21], "room": "special",
                           "special": "communications_centre", "entered": False, "brood": False, "size": 12})
        g._equip_new_pieces(before)
        new = g.features[n_features:]
        assert new == ([{"kind": "comms_terminal", "pos": [10, 15], "state": "ready"}] if on else [])


def test_the_observation_carries_the_apc_and_the_equipment():
    g = comms_game(apc=True, inside=(5,))
    x = g.observe("marines")[-EXTRA_FEATURES:]
    r, c = g.rc(g.apc["pos"])
    assert x[0] == 1 and x[1] == pytest.approx(r / 64) and x[2] == pytest.approx(c / 64)
    assert x[9 + 5] == 1 and x[9:17].sum() == 1  # Ripley is inside
    assert list(x[17:23]) == [0, 1, 0, 0, 1, 0]  # Hicks (nominated) and Bishop (an android) operate equipment
    assert x[26] == 1 and x[28] == 1 and (x[29], x[30]) == pytest.approx((1 / 64, 1 / 64))
    act(g, "activate", 1)
    assert g.observe("marines")[-EXTRA_FEATURES:][31] == 1  # Hicks can use the terminal now
    act(g, "comms")
    x = g.observe("marines")[-EXTRA_FEATURES:]
    assert x[27] == 1 and x[28] == 0 and x[31] == 0
    off = build(COMMS_MAP)
    assert not off.observe("marines")[-EXTRA_FEATURES:][:9].any()  # no APC
