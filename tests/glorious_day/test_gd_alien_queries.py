"""The queries the Alien Phase and the Hivemind Step ask at every model answer as their plain
computation does, over positions of random play: the Characters' squares (the APC's kept squares
merged with the Characters outside it) and the Willpower Moves of the Hive's mask (a typed loop)."""
from __future__ import annotations

from aliens_env.core.board import NO
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.state import MAX_ALIENS
from gd_helpers import random_positions


def _plain_character_squares(g: GloriousDay) -> tuple[int, ...]:
    return tuple(sorted(set(g.char_at()) | set(g.vehicle_squares() if g.has_apc else ())))


def test_character_squares_are_the_models_and_the_apc_squares_ascending():
    """_character_squares: the squares of char_at (the Power Loader's four for its pilot) and the
    APC's, each once, ascending; checked as play left them (Characters outside the APC, or no
    APC) and with the Characters on the board moved aboard the APC (some or all of them), or one
    of them in the Loader."""
    seen = {"outside": 0, "all_aboard": 0, "piloted": 0, "plain": 0}
    for mission in ("newt", "loader_bay", "queen_apc", "apc_chase"):
        for g in random_positions(mission, 300, 7):
            assert g._character_squares() == _plain_character_squares(g)
            seen["outside" if g.apc is not None else "plain"] += 1
            on_board = [ch for ch in g.chars if ch["pos"] != NO]
            if g.apc is not None:  # some, then all of them aboard
                kept = [ch["pos"] for ch in on_board]
                for ch, s in zip(on_board, g.vehicle_squares()[2:]):
                    ch["pos"] = s
                    assert g._character_squares() == _plain_character_squares(g)
                seen["all_aboard"] += bool(on_board)
                for ch, s in zip(on_board, kept):
                    ch["pos"] = s
            if g.loader is not None and g.loader["pilot"] == NO and on_board:
                g.loader["pilot"] = g.chars.index(on_board[0])
                assert g._character_squares() == _plain_character_squares(g)
                seen["piloted"] += 1
                g.loader["pilot"] = NO
    assert min(seen.values()) > 10, seen


def test_hivemind_mask_moves_are_each_models_willpower_move_squares():
    """The Willpower Move entries of _hivemind_mask (model m's eight directions at
    wp_move + 8 m) are those of wp_move_squares(m), for every Alien and Blip."""
    checked = 0
    for mission in ("newt", "queen_apc"):
        for g in random_positions(mission, 600, 11):
            if g.willpower < g.hive_rules["costs"]["move"]:
                continue
            mask = bytearray(g.layout.size)
            g._hivemind_mask(mask)
            base = g._slot["wp_move"]
            for m in range(MAX_ALIENS + g.max_blips):
                dirs = {d for d, _ in g.wp_move_squares(m)}
                assert [d for d in range(8) if mask[base + 8 * m + d]] == sorted(dirs)
                checked += bool(dirs)
    assert checked > 100
