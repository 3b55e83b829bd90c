"""Rules of thumb of the built-in players for the large models (called by policies.py).

Marines (heuristic): Ripley (a Class 2 License) heads for the empty Power Loader and mounts it;
its pilot attacks an Alien next to it, or the Queen when next to her (on mission 5 only from her
side away from the airlock, so the hit throws her toward it), else walks up to her; on mission 5
the first other Character holds the airlock's control and opens it once the Queen stands on the
airlock and no friend does; everyone else shoots the Queen when in range, else walks to a square that has her in range
and sight but stands off (large_models.yaml ``marines_standoff`` spaces beyond her reach).
Hive (scripted): Heal Queen while she has Damage tokens, then Move Queen toward the closest
Character she can reach, before any card (hivemind.yaml ``scripted.queen``)."""
from __future__ import annotations

from ..core.actions import ActionLayout
from ..core.board import NO, UNREACHABLE
from .game import GloriousDay
from .state import nearest_square

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


#: (map id, goal squares, closed squares): ``bfs(goal, closed)`` whole, the steps the scripted
#: marines read to head for a goal (``_toward``; apc_policy's ``_outside``: the APC's door step;
#: policies' ``goal_steps_here``: the mission's goal, which the compact move rows read too).
#: The Characters ask the same search at each of their actions while no Alien moves: kept, it is
#: read again (whole, it costs about 1.4 times a search stopped at the squares one ask reads: kept
#: gains from one ask in four repeated; in random play 4 in 10 of _toward's, 7 in 10 of
#: _outside's, 8 in 10 (purge) to 99 in 100 (newt) of goal_steps_here's); at most GOAL_STEPS_SIZE kept
#: (then all dropped)
_GOAL_STEPS: dict[tuple, list] = {}
GOAL_STEPS_SIZE = 256


@cython.locals(game=GloriousDay)
def goal_steps(game, goal, closed: set[int]) -> list[int]:
    """``game.bfs(goal, closed)`` kept (_GOAL_STEPS): the steps from the nearest square of `goal`
    to each square (a list shared by every caller: read it only)."""
    key = (game.map_id, tuple(goal), frozenset(closed))
    out = _GOAL_STEPS.get(key)
    if out is None:
        if len(_GOAL_STEPS) >= GOAL_STEPS_SIZE:
            _GOAL_STEPS.clear()
        out = _GOAL_STEPS[key] = game.bfs(goal, closed)
    return out


def closed_squares(game, queen: bool = True) -> set[int]:
    """A new set of the squares a small model's walk may not enter: the Barricades', the Aliens' and,
    with `queen`, the Queen's (``barricades | aliens | queen_squares()`` without the sets joined)."""
    closed = set(game.barricades)
    for a in game.aliens:
        if a is not None:
            closed.add(a["pos"])
    if queen:
        closed.update(game.queen_squares())
    return closed


@cython.locals(game=GloriousDay)
def _toward(game, c: int, goal: list[int]) -> int | None:
    """The move target of Character c nearest `goal` (a small model's steps), if it gets nearer."""
    ch = game.chars[c]
    closed = closed_squares(game)
    aboard = game.vehicle_set()  # (the APC's crew boards by apc_policy.py only)
    moves = [s for s in game.move_targets(c) if s not in aboard]
    dist = goal_steps(game, goal, closed)
    best = nearest_square(moves, dist)
    if best is not None and dist[best] < dist[ch["pos"]]:
        return game.layout.encode("move", best)
    return None


@cython.locals(game=GloriousDay)
def _pilot_goal(game) -> list[int]:
    """Anchors next to the Queen for the Power Loader (on mission 5: on her side away from the airlock)."""
    b, size = game.board, game.size
    r, c = b.rc(game.queen["pos"])
    spots = [(r + dr, c + dc) for dr in range(-size, size + 1) for dc in range(-size, size + 1)
             if max(abs(dr), abs(dc)) == size]
    if game.airlock:
        ar = sum(b.rc(s)[0] for s in game.airlock) / len(game.airlock)
        ac = sum(b.rc(s)[1] for s in game.airlock) / len(game.airlock)
        # the Loader's side away from the airlock: the push goes from the Loader through the Queen
        spots = [(rr, cc) for rr, cc in spots if (cc - c) * (ac - c) < 0 or (cc == c and (rr - r) * (ar - r) < 0)]
    return [b.index(rr, cc) for rr, cc in spots if b.inside(rr, cc) and b.stands(b.index(rr, cc), size=size)]


@cython.locals(game=GloriousDay, layout=ActionLayout, ch=dict)
def marines_large_action(game, mask) -> int | None:
    """The heuristic marines' action for the large models, or None (the usual rules of thumb).
    (`mask`: the script mask, read for Aim only: the Attack on the Queen, the Power Loader and the
    airlock are asked of their queries, GloriousDay._fill_mask.)"""
    layout, c = game.layout, game.active
    ch = game.chars[c]
    licenses = game.large["power_loader"]["license"]  # (compiled: a generator may not read a typed local)
    licensed = ch["name"] in licenses
    if c == game.pilot():
        if game.loader["bonus"] or game.queen is not None:
            if game.can_attack_queen(c) and (not game.airlock or game.loader["pos"] in _pilot_goal(game)):
                return layout.encode("attack_queen")
            targets = game.loader_targets()
            if targets:
                return layout.encode("attack", targets[0])
            if game.loader["bonus"]:
                return layout.encode("end")
        if game.queen is None:
            return None
        goal = _pilot_goal(game)
        closed = closed_squares(game)
        field = game.board.large_field(goal, closed, size=game.size)
        here = field.get(game.loader["pos"], UNREACHABLE)
        best = min(game.move_targets(c), key=lambda a: (field.get(a, UNREACHABLE), a), default=None)
        if best is not None and field.get(best, UNREACHABLE) < here:
            return layout.encode("move", best)
        return layout.encode("aim") if mask[layout.encode("aim")] else layout.encode("end")
    if licensed and game.loader is not None and game.pilot() == NO:
        if game.can_use_loader(c):
            return layout.encode("loader")
        if not game.attack_targets(c):
            goal = sorted({n for s in game.loader_squares() for n in game.nbrs[s]} - set(game.loader_squares()))
            move = _toward(game, c, goal)
            if move is not None:
                return move
    if game.airlock_controls and game.queen is not None:
        keeper = next((k for k, other in enumerate(game.chars) if other["alive"]
                       and other["name"] not in licenses), NO)
        if c == keeper:
            if game.can_open_airlock(c):
                friends = {s for k in range(len(game.chars)) if game.chars[k]["alive"] for s in game.char_squares(k)}
                if game.airlock & set(game.queen_squares()) and not game.airlock & friends:
                    return layout.encode("airlock")
                return None if game.attack_targets(c) else layout.encode("end")
            if not game.attack_targets(c):
                return _toward(game, c, sorted(game.airlock_controls))
            return None
    if game.queen is not None and not game.attack_targets(c):
        if game.can_attack_queen(c):
            dial = ch["aim"] + game.weapon_of(c)["aim_bonus"]
            if dial < 6 and ch["actions"] == 2 and mask[layout.encode("aim")]:
                return layout.encode("aim")
            return layout.encode("attack_queen")
        return _toward(game, c, _firing_squares(game, c))
    return None


#: (map id, the Queen's anchor, her size, her reach + the marines' stand-off, the weapon's range):
#: _firing_squares' squares (a fixed map's geometry; bounded by the maps' anchors and the weapons' ranges)
_FIRING: dict[tuple, tuple] = {}


@cython.locals(game=GloriousDay)
def _firing_squares(game, c: int) -> tuple[int, ...]:
    """Open squares from which Character c could shoot the Queen from beyond her lunge (her
    reach and two spaces more): in sight of one of her squares and in the weapon's range."""
    queen, weapon = game.queen_squares(), game.weapon_of(c)
    keep = game.large["queen"]["reach"] + game.data["large_models"]["marines_standoff"]
    key = (game.map_id, game.queen["pos"], game.size, keep, weapon["range"])
    out = _FIRING.get(key)
    if out is None:  # (a few hundred squares read at each new stand of hers)
        out = _FIRING[key] = _in_range_and_sight(game, queen, keep, weapon["range"])
    return out or queen  # (tuples kept: read only)


@cython.locals(game=GloriousDay, rows=list, sight=list, passable=list, found=list, row=list, s=cython.Py_ssize_t,
               r=cython.Py_ssize_t, d=cython.Py_ssize_t, near=cython.Py_ssize_t,
               far=cython.Py_ssize_t)  # (compiled: list reads with C integers)
def _in_range_and_sight(game, queen: tuple, keep: int, reach: int) -> tuple[int, ...]:
    """The open squares at a range from `queen` (her squares) between `keep` and `reach` and in
    sight of one of her squares (_firing_squares' answer)."""
    rows, sight, passable = [game.board.range_row(q) for q in queen], game.sight, game.passable
    found, near, far = [], keep, reach
    for s in range(game.board.n):
        if not passable[s]:
            continue
        r = far + 1  # (queen_range, in a loop: no list and min() per square)
        for row in rows:
            d = row[s]
            if d < r:
                r = d
        if near <= r <= far:
            for q in queen:
                if sight[s][q]:
                    found.append(s)
                    break
    return tuple(found)


@cython.locals(game=GloriousDay, layout=ActionLayout)
def hive_queen_action(game, mask, spare: int) -> int | None:
    """The scripted Hive's Willpower on the Queen: Heal Queen, then Move Queen nearer her prey."""
    layout, costs = game.layout, game.hive_rules["costs"]
    for what in game.data["hivemind"]["scripted"].get("queen", []):
        if what == "heal_queen" and mask[layout.encode("heal_queen")] and costs["heal_queen"] <= spare:
            return layout.encode("heal_queen")
        if what == "move_queen" and costs["move_queen"] <= spare and game.queen is not None and not game.queen_targets():
            moves = [a for a in game.queen_moves() if mask[layout.encode("wp_move_queen", a)]]
            if moves:
                best = game.queen_destinations(game.hive_rules["queen_move_spaces"])
                best = [a for a in best if a in moves]
                if best:
                    return layout.encode("wp_move_queen", best[0])
    return None
