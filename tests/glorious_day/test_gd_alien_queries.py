"""The queries the Alien Phase and the Hivemind Step ask at every model answer as their plain
computation does, over positions of random play: the Characters' squares (the APC's kept squares
merged with the Characters outside it), the Willpower Moves of the Hive's mask (a typed loop) and
where a model moves (``nearest_in_reach``: its search queue kept per board size)."""
from __future__ import annotations

import random

from aliens_env.core.board import NO, UNREACHABLE
from aliens_env.glorious_day import aliens
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


def _plain_nearest_in_reach(g: GloriousDay, start: int, steps: int) -> list[int]:
    """The free squares (not occupied, or the start) within `steps` steps of `start` (a search anew,
    never through the Characters' squares or the Barricades), at the least level of the Characters'
    field from the start's level less `steps` (at least 1) up; all of them with no Character reached."""
    field, chars = g.character_field(), g._character_squares()
    dist = g.bfs([start], set(chars) | g.barricades, steps)
    taken = g.occupied() - {start}
    free = [s for s in range(g.board.n) if dist[s] <= steps and s not in taken]
    here = field[start]
    if here >= UNREACHABLE:
        return sorted(free)
    near = [s for s in free if field[s] >= max(1, here - steps)]
    best = min(field[s] for s in near)
    return sorted(s for s in near if field[s] == best)


def test_nearest_in_reach_is_the_plain_search_whatever_its_scratch_queue_held():
    """nearest_in_reach (its search queue kept per board size, written before it is read) answers as
    a search anew, from every Alien's and Blip's square, 1 to 8 steps, on maps of two sizes played
    in turn, with the kept queue filled with other squares before each ask."""
    asked = 0
    walks = [random_positions(mission, 300, 5) for mission in ("newt", "queen_apc")]
    for games in zip(*walks):
        for g in games:
            if not g.anyone_on_board():
                continue
            rng = random.Random(g.round * 31 + len(g.events))
            for model in (*g.aliens, *g.blips):
                if model is None:
                    continue
                queue = aliens._QUEUES.get(g.board.n)
                if queue is not None:  # (what a search of another position left there, and worse)
                    for i in range(len(queue)):
                        queue[i] = rng.randrange(g.board.n)
                steps = rng.randint(1, 8)
                assert g.nearest_in_reach(model["pos"], steps) == _plain_nearest_in_reach(g, model["pos"], steps)
                asked += 1
    assert asked > 1000 and len(aliens._QUEUES) >= 2  # (a queue kept for each map's size)


def test_synthetic_on_board_is_any_synthetic_character_on_the_board():
    """synthetic_on_board (a loop over the Characters' records): any Synthetic among on_board(),
    over random play of every mission, as play left the Synthetics and with each one taken off
    the board in turn."""
    seen = {True: 0, False: 0}
    for mission in ('apc_chase', 'escape', 'loader_bay', 'nest', 'newt', 'purge', 'queen_apc', 'queen_lair',
                    'retrieve', 'sulaco', 'survive', 'uplink'):
        for g in random_positions(mission, 120, 5):
            plain = any(g.synthetic(c) for c in g.on_board())
            assert g.synthetic_on_board() is plain
            seen[plain] += 1
            for c in [c for c in g.on_board() if g.synthetic(c)]:
                kept, g.chars[c]["pos"] = g.chars[c]["pos"], NO
                assert g.synthetic_on_board() is any(g.synthetic(c) for c in g.on_board())
                seen[False] += 1
                g.chars[c]["pos"] = kept
    assert seen[True] > 200 and seen[False] > 200  # (both answers asked about)
