"""Glorious Day's Attack queries (``attack_targets``: the Aliens counted in a C int, the range row read
once; ``can_attack_queen``; both asking ``seat_of`` once for the crew aboard the APC) answer as the
plain computations, over random play of every mission."""
from __future__ import annotations

from aliens_env.core.board import NO
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.state import is_jammed
from gd_helpers import random_positions
from test_gd_occupied import MISSIONS


def _crew_not_gunner(g: GloriousDay, c: int) -> bool:
    """Aboard the APC and not its Door Gunner (who attacks the Aliens outside with the weapon)."""
    return g.apc is not None and g.aboard(c) and g.seat_of(c) != "door_gunner"


def _weapon_ready(g: GloriousDay, c: int) -> bool:
    return not is_jammed(g.chars[c]) and len(g.hand) >= g.weapon_of(c)["cost"]


def _plain_attack_targets(g: GloriousDay, c: int) -> list[int]:
    """The Aliens in the weapon's range (``board.range``, square by square) and sight."""
    if c == g.pilot():
        return g.loader_targets()
    if _crew_not_gunner(g, c) or not _weapon_ready(g, c):
        return []
    pos, reach = g.chars[c]["pos"], g.weapon_of(c)["range"]
    return [k for k, a in enumerate(g.aliens)
            if a is not None and g.board.range(pos, a["pos"]) <= reach and g.sight[pos][a["pos"]]]


def _plain_can_attack_queen(g: GloriousDay, c: int) -> bool:
    if g.queen is None:
        return False
    if c == g.pilot():
        return g.loader_reaches_queen()
    if _crew_not_gunner(g, c):
        return g.turret_reaches_queen(c)
    if not _weapon_ready(g, c):
        return False
    pos, reach = g.chars[c]["pos"], g.weapon_of(c)["range"]
    return any(g.board.range(pos, q) <= reach and g.sight[pos][q] for q in g.queen_squares())


def test_attack_queries_are_the_plain_ones_in_every_mission():
    """At every position of random play of each mission, every Character on the board gets the
    plain Attack's targets (asked afresh) and the plain answer for an Attack on the Queen."""
    asked, targets, aboard, queen_asked, queen_yes = 0, 0, 0, 0, 0
    for mission in MISSIONS:
        for g in random_positions(mission, 240, 17):
            for c, ch in enumerate(g.chars):
                if ch["pos"] == NO:
                    continue
                g._cache.pop(("attack_targets", c), None)
                out = g.attack_targets(c)
                assert list(out) == _plain_attack_targets(g, c)
                asked += 1
                targets += bool(out)
                aboard += g.apc is not None and g.aboard(c)
                yes = g.can_attack_queen(c)
                assert yes == _plain_can_attack_queen(g, c)
                queen_asked += g.queen is not None
                queen_yes += yes
    # (each branch met: Aliens in range, the crew aboard, the Queen in range)
    assert asked > 3000 and targets > 300 and aboard > 300 and queen_asked > 300 and queen_yes > 30
