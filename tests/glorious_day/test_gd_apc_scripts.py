"""The shortcuts of the scripted marines' APC rules (apc_policy.py, tactics.py), each checked
against the plain computation it replaces over the positions of random play of GloriousDayTactics.
(The script mask they read, and the queries they ask for what it leaves out: test_gd_tactics.py.)"""
from aliens_env.glorious_day.apc_policy import ORDER, _crew_full, _get_out, _outside
from gd_helpers import commander_positions, first_action


def test_a_character_boards_at_its_first_seat_in_order():
    """_outside's seat aboard, read off the APC's table: the lowest of ORDER, as a Character moved
    onto each square in turn (seat_of) finds it."""
    boarded = 0
    for g in commander_positions("queen_apc", 3000):
        c = g.active
        if g.apc is None or g.seat_of(c) or _crew_full(g, len(g.chars)):
            continue
        inside = g.vehicle_set()
        seats = [s for s in g.move_targets(c) if s in inside]
        if not seats:
            continue
        ch, rank = g.chars[c], {}
        for s in seats:
            ch["pos"], old = s, ch["pos"]
            rank[s] = ORDER.index(g.seat_of(c))
            ch["pos"] = old
        want = g.layout.encode("move", min(seats, key=lambda s: (rank[s], s)))
        assert _outside(g, c, None, len(g.chars)) == want
        boarded += 1
    assert boarded > 20


def test_get_out_moves_out_where_the_whole_mask_holds_its_move():
    """`get_out` plays its Move out of the APC where the whole mask holds it, else the
    heuristic's action (as when it asked the whole mask): Knocked Down or not (the script mask's
    Stand, which it reads instead)."""
    found = {"out": 0, "knocked": 0}
    for g in commander_positions("queen_apc", 4000):
        c = g.active
        if not (g.apc is not None and g.queen is not None and g.seat_of(c) and not g.apc["moves"]):
            continue
        ch = g.chars[c]
        for knocked in (ch["knocked"], not ch["knocked"]):
            ch["knocked"], was = knocked, ch["knocked"]
            try:
                g._executing = True
                g._cache.clear()
                action = _get_out(g, c)
                legal = bool(g.legal_mask_kept("marines")[action]) and g.layout.decode(action)[0] == "move"
                g._executing = False
                want = action if legal else first_action(g, "heuristic")
                assert first_action(g, "get_out") == want
                found["out"] += legal
                found["knocked"] += knocked
            finally:
                ch["knocked"] = was
                g._executing = False
                g._cache.clear()
    assert found["out"] > 5 and found["knocked"] > 5
