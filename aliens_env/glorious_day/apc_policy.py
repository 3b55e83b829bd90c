"""Rules of thumb of the heuristic marines for the M577 APC (called by policies.py; A47).

Outside, a Character boards when its Move reaches a space aboard (the Driver's seat first, then
the turrets, the Repair spaces, the Door Gunner's last); else it shoots as usual, or heads for the
door step. Aboard: the Driver drives once `need` Characters are aboard (or no one else is left
outside), each step bringing the APC nearest the exits; the turret gunners fire at the nearest
Alien they may; a Character on a Repair space repairs; the others wait.
With the Queen (A51): only the mission's `crew` boards (the others fight her as in her other
missions, large_policies.py); the Driver drives toward her until a manned turret sees her (it
stops next to her, PRINTED); the turret gunners fire at her while her Damage tokens leave the
turret a chance (7 less the tokens), else keep their cards (Rest while the hand holds less than
two shots); past 7 tokens the crew gets out toward a square to shoot her from.
"""
from __future__ import annotations

from ..core.actions import ActionLayout
from ..core.board import DIRECTIONS, NO, UNREACHABLE
from . import missions as objectives
from .game import GloriousDay
from .large_policies import _firing_squares, closed_squares, goal_steps
from .state import nearest_square

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

ORDER = ("driver", "rear_turret", "front_turret", "repair", "scanner", "door_gunner")
#: each crew position's place in ORDER
SEAT_RANK = {seat: k for k, seat in enumerate(ORDER)}

#: (map id, the APC's anchor, the goal's squares): _exit_range's answer (a fixed map's geometry: the
#: Driver's script asks it at the APC's anchor and at each step's, again and again as it drives); at
#: most EXIT_RANGES_SIZE kept (then all dropped)
_EXIT_RANGES: dict[tuple, int] = {}
EXIT_RANGES_SIZE = 4096


@cython.locals(game=GloriousDay)
def _exit_range(game, anchor: int) -> int:
    """How far the APC at `anchor` is from its goal: the exits, or the Queen in her missions (A51)."""
    goal = game.queen_squares() if game.queen is not None else tuple(sorted(game.exits))
    key = (game.map_id, anchor, goal)
    out = _EXIT_RANGES.get(key)
    if out is None:
        if len(_EXIT_RANGES) >= EXIT_RANGES_SIZE:
            _EXIT_RANGES.clear()
        out = _EXIT_RANGES[key] = _least_range(game, anchor, goal)
    return out


@cython.locals(game=GloriousDay)
def _least_range(game, anchor: int, goal: tuple) -> int:
    """The least range from the APC's squares at `anchor` to the squares of `goal` (0 for none)."""
    squares = game.vehicle_squares(anchor)
    if not squares or not goal:
        return 0
    b = game.board
    return min([row[e] for row in map(b.range_row, squares) for e in goal])  # (the least board.range(s, e))


@cython.locals(game=GloriousDay)
def _turrets_spent(game) -> bool:
    """The Queen has more Damage tokens than a turret's kill number (7): its dice cannot hurt her."""
    return game.queen is not None and game.queen["damage"] > game.apc_rules["turret_kills"]


@cython.locals(game=GloriousDay)
def _crew_full(game, crew: int | None) -> bool:
    """With the Queen, only the mission's `crew` boards (A51), none once the turrets are spent;
    the others fight outside. A commander's tactic may give another limit (``crew``, A52)."""
    crew = game.m.get("crew", len(game.chars)) if crew is None else crew
    return game.queen is not None and (_turrets_spent(game) or objectives.aboard(game) >= crew)


def _queen_in_turret_sight(game) -> bool:
    return any(game._turret_sees(k, q) for k in range(len(game.chars)) if game.chars[k]["alive"]
               and game.seat_of(k) in ("front_turret", "rear_turret") for q in game.queen_squares())


@cython.locals(game=GloriousDay)
def _best_step(game, mask) -> int | None:
    """The legal step of the APC (the mask's ``apc_step`` entries: ``vehicle_step_dirs`` not worked
    out again) bringing it nearest its goal, None when none brings it nearer."""
    here = _exit_range(game, game.apc["pos"])
    b, best = game.board, None
    r, c = b.rc(game.apc["pos"])
    step = game.layout.encode("apc_step", 0)
    for d in range(len(DIRECTIONS)):
        if not mask[step + d]:
            continue
        dr, dc = DIRECTIONS[d]  # (a legal step's anchor, its _step_plan's: not worked out again)
        score = _exit_range(game, b.index(r + dr, c + dc))
        if score < here and (best is None or score < best[0]):
            best = (score, d)
    return None if best is None else best[1]


@cython.locals(game=GloriousDay, layout=ActionLayout)
def marines_apc_action(game, mask, crew: int | None = None) -> int | None:
    """The heuristic marines' action with the APC, or None (the usual rules of thumb); ``crew``:
    how many may board against the Queen (None: the mission's, A51)."""
    if game.apc is None:
        return None
    layout, c = game.layout, game.active
    if game._driving(c):
        d = _best_step(game, mask)
        return layout.encode("apc_stop") if d is None else layout.encode("apc_step", d)
    seat = game.seat_of(c)
    if not seat:
        return _outside(game, c, mask, crew)
    if _turrets_spent(game):  # A51: the turrets can hurt her no more: the crew gets out to fight her
        if game.can_attack_queen(c) and game.seat_of(c) == "door_gunner":
            return None
        return _get_out(game, c)
    if seat == "driver":
        if game.queen is not None:  # A51: toward her until a manned turret sees her
            ready = not game.next_to_queen() and not _queen_in_turret_sight(game)
        else:
            outside = [k for k, ch in enumerate(game.chars) if ch["pos"] != NO and not game.aboard(k)]
            ready = objectives.aboard(game) >= game.m.get("need", 0) or not outside
        if ready and mask[layout.encode("drive")]:
            return layout.encode("drive")
        return _rest_or_end(game, mask) if game.queen is not None else layout.encode("end")
    if seat in ("front_turret", "rear_turret"):
        queen = game.queen
        if queen is not None and queen["damage"] <= game.apc_rules["turret_kills"] and game.can_attack_queen(c):
            return layout.encode("attack_queen")  # A51: the Queen while the turret can still hurt her
        if queen is not None:  # A51: the turret's cards are kept for her
            return _rest_or_end(game, mask)
        targets = game.turret_targets(c)
        if targets:
            # (compiled: a lambda may not read a typed local)
            b, pos, aliens = game.board, game.chars[c]["pos"], game.aliens
            return layout.encode("turret", min(targets, key=lambda k: b.range(pos, aliens[k]["pos"])))
        return layout.encode("end")
    if seat == "repair" and game.can_repair(c):
        return layout.encode("repair")
    if seat == "door_gunner" and game.attack_targets(c):
        return None  # the usual shooting
    return layout.encode("end")


@cython.locals(game=GloriousDay)
def _get_out(game, c: int) -> int:
    """A Move out of the APC to the square outside nearest a firing square on the Queen."""
    inside = game.vehicle_set()
    out = [s for s in game.move_targets(c) if s not in inside]
    if not out:
        return game.layout.encode("end")
    closed = closed_squares(game)
    closed.update(inside)
    dist = game.bfs(_firing_squares(game, c), closed, UNREACHABLE, out)  # (no limit; the squares read)
    return game.layout.encode("move", nearest_square(out, dist))


@cython.locals(game=GloriousDay, layout=ActionLayout)
def _rest_or_end(game, mask) -> int:
    """With the Queen (A51): the crew Rests (draws) while the hand holds less than two turret shots."""
    layout = game.layout
    if len(game.hand) < 2 * game.apc_rules["turret_cost"] and mask[layout.encode("rest")]:
        return layout.encode("rest")
    return layout.encode("end")


def _first_seat(seats: list[int], seat_at) -> int:
    """The square of `seats` (squares aboard, at least one) whose crew position (`seat_at`:
    seat_of's table) comes first in ORDER, the lowest of equals: ``min(seats, key=lambda s:
    (ORDER.index(seat_at[s]), s))`` without a call and a key tuple per square (C ints compiled)."""
    best, least = seats[0], len(ORDER)
    for s in seats:
        rank = SEAT_RANK[seat_at[s]]
        if rank < least or (rank == least and s < best):
            best, least = s, rank
    return best


@cython.locals(game=GloriousDay, layout=ActionLayout)
def _outside(game, c: int, mask, crew: int | None) -> int | None:
    layout = game.layout
    if _crew_full(game, crew):
        return None
    inside = game.vehicle_set()
    seats = [s for s in game.move_targets(c) if s in inside]
    if seats:
        return layout.encode("move", _first_seat(seats, game._shape(game.apc["pos"]).seat_at))
    if game.attack_targets(c):
        return None
    step = game.door_step()
    if step == NO:
        return None
    closed = closed_squares(game, False)
    closed.update(inside)
    outside = [s for s in game.move_targets(c) if s not in inside]
    dist = goal_steps(game, (step,), closed)
    here = dist[game.chars[c]["pos"]]
    moves = [s for s in outside if dist[s] < UNREACHABLE]
    best = nearest_square(moves, dist)
    if best is not None and dist[best] < here:
        return layout.encode("move", best)
    return None
