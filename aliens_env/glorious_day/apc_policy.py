"""Rules of thumb of the heuristic marines for the M577 APC (called by policies.py; A47).

Outside, a Character boards when its Move reaches a space aboard (the Driver's seat first, then
the turrets, the Repair spaces, the Door Gunner's last); else it shoots as usual, or heads for the
door step. Aboard: the Driver drives once `need` Characters are aboard (or no one else is left
outside), each step bringing the APC nearest the exits; the turret gunners fire at the nearest
Alien they may; a Character on a Repair space repairs; the others wait.
"""
from __future__ import annotations

from ..core.board import NO, UNREACHABLE
from . import missions as objectives

ORDER = ("driver", "rear_turret", "front_turret", "repair", "scanner", "door_gunner")


def _exit_range(game, anchor: int) -> int:
    squares = game.vehicle_squares(anchor)
    return min(game.board.range(s, e) for s in squares for e in game.exits) if squares and game.exits else 0


def _best_step(game) -> int | None:
    here = _exit_range(game, game.apc["pos"])
    best = None
    for d in game.vehicle_step_dirs():
        plan = game._step_plan(d)
        score = _exit_range(game, plan["anchor"])
        if score < here and (best is None or score < best[0]):
            best = (score, d)
    return None if best is None else best[1]


def marines_apc_action(game, mask) -> int | None:
    """The heuristic marines' action with the APC, or None (the usual rules of thumb)."""
    if game.apc is None:
        return None
    layout, c = game.layout, game.active
    if game._driving(c):
        d = _best_step(game)
        return layout.encode("apc_stop") if d is None else layout.encode("apc_step", d)
    seat = game.seat_of(c)
    if not seat:
        return _outside(game, c, mask)
    if seat == "driver":
        outside = [k for k, ch in enumerate(game.chars) if ch["pos"] != NO and not game.aboard(k)]
        ready = objectives.aboard(game) >= game.m.get("need", 0) or not outside
        if ready and mask[layout.encode("drive")]:
            return layout.encode("drive")
        return layout.encode("end")
    if seat in ("front_turret", "rear_turret"):
        targets = game.turret_targets(c)
        if targets:
            pos = game.chars[c]["pos"]
            return layout.encode("turret", min(targets, key=lambda k: game.board.range(pos, game.aliens[k]["pos"])))
        return layout.encode("end")
    if seat == "repair" and mask[layout.encode("repair")]:
        return layout.encode("repair")
    if seat == "door_gunner" and game.attack_targets(c):
        return None  # the usual shooting
    return layout.encode("end")


def _outside(game, c: int, mask) -> int | None:
    layout = game.layout
    inside = set(game.vehicle_squares())
    seats = [s for s in game.move_targets(c) if s in inside]
    if seats:
        rank = {}
        for s in seats:
            game.chars[c]["pos"], old = s, game.chars[c]["pos"]
            rank[s] = ORDER.index(game.seat_of(c))
            game.chars[c]["pos"] = old
        return layout.encode("move", min(seats, key=lambda s: (rank[s], s)))
    if game.attack_targets(c):
        return None
    step = game.door_step()
    if step == NO:
        return None
    closed = inside | game.barricades | {a["pos"] for a in game.aliens if a is not None}
    dist = game.bfs([step], closed)
    here = dist[game.chars[c]["pos"]]
    moves = [s for s in game.move_targets(c) if s not in inside and dist[s] < UNREACHABLE]
    best = min(moves, key=lambda s: (dist[s], s), default=None)
    if best is not None and dist[best] < here:
        return layout.encode("move", best)
    return None
