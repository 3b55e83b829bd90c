"""The hive's turn in Bug Hunt: the Aliens' move (their steps, doors they open, and the steps
the rulebook lets them make: toward the nearest human not in combat), and the Xeno phase (egg
caches, impregnated humans, the activation roll, what appears and where it is placed)."""
from __future__ import annotations

import numpy as np

from ..core.grid import Grid
from . import combat, geometry, state
from .colony import CARDINAL, DOOR_CLOSED, DOOR_OPEN
from .combat import humans_beside, in_combat, sentries_fire
from .explore import reveal
from .geometry import layout_cache, rng
from .state import (
    APPEAR_ROWS, NO, PASSABLE_BY_CODE, Alien, GameRecords, Human, exposed, feature_index, figure_at, room_of, taken_beside,
)

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


@cython.locals(records=GameRecords, a=Alien)
def step_aliens_move(game) -> None:
    records = game  # (typed, read only: compiled, its records read from the struct, _decide a C call; writes: game)
    if records.mover != NO:
        a = records.aliens[records.mover]
        if not a.alive or a.ap <= 0 or a.attached != NO:
            game.mover = NO
        else:
            records._decide("step", [])
            return
    game.queue = [i for i in records.queue if records.aliens[i].alive and records.aliens[i].attached == NO]
    if not records.queue:
        game._start_phase("aliens_cc")
        return
    if len(records.queue) == 1:
        game.mover = records.queue.pop(0)
        return
    records._decide("order", list(records.queue))


def alien_steps(game, i: int) -> dict[int, tuple[int, int]]:
    """direction -> (square, AP cost) for the moving Alien, in direction order: the steps
    _open_steps allows (a closed door there is opened instead, for the door's AP). (cpdef, xeno.pxd:
    the game's and the Bug Master's; rulebook_steps reads _open_steps' bits itself, no dict made.)"""
    a = game.aliens[i]
    door = game.rules["ap_cost"]["door"]
    around = game.colony.around(a.pos)
    moves = _open_steps(game, a, around, door)
    out = {}
    for d in range(len(around)):
        if moves >> d & 1:
            near = around[d]
            out[d] = (near[0], door if near[1] == DOOR_CLOSED else near[2])
    return out


def _open_steps(game, a: Alien, around: list, door: int) -> int:
    """The directions Alien a may step in, as bits (bit d for row d of `around`, its square's
    colony.around; `door`: the AP opening a door costs): onto a closed door's square it opens the
    door instead (N/E/S/W only, 1 AP; Face-Huggers cannot open doors; welded doors stay shut);
    else onto a square a figure may stand on, that no figure holds (state.occupied's squares, as
    taken_beside's bits: no set of them made), with no wall in the way, when its AP cover the
    square's cost. The Brood Chamber's Queen steps only within her chamber (ASSUMPTION A22).
    (cdef, xeno.pxd: on C longs, around's rows read in a typed loop.)"""
    ap = a.ap
    opens = a.kind != "face_hugger"  # (Face-Huggers cannot open doors)
    anchored = a.anchored
    chamber = room_of(game, a.pos) if anchored else NO
    taken = taken_beside(game, a.pos, feature_index(game).sentries)
    closed, passable = DOOR_CLOSED, PASSABLE_BY_CODE  # (typed locals: no module look-up for every square)
    moves = 0
    for d in range(len(around)):
        near = around[d]
        if near is None:
            continue
        n, cell, cost, corner_ok = near
        if anchored and room_of(game, n) != chamber:
            continue
        if cell == closed:
            if not d & 1 and opens and ap >= door:  # even d: N, E, S, W
                moves |= 1 << d
            continue
        if not passable[cell] or taken >> d & 1 or not corner_ok:
            continue
        if cost <= ap:
            moves |= 1 << d
    return moves


def target_field(game, hugger: bool) -> np.ndarray:
    """Cost (AP) from every square to the nearest human not in combat (androids ignored),
    through doors an Alien may open; 1 means adjacent (PRINTED: Aliens make for the nearest
    human not in combat). Kept for the position (game._cache: the Bug Master's search moves an
    Alien about on a clone and reads the field as it stood) and, one for the Aliens and one for
    the Face-Huggers, in the layout cache with the targets it was made for: the position changes
    at every step of the hive, the humans they make for seldom within a layout version (the
    targets are found anew in a typed loop, the field searched only when they differ). (cpdef,
    xeno.pxd: rulebook_steps calls it in C.)"""
    key = "hive field, face-huggers" if hugger else "hive field"
    field = game._cache.get(key)
    if field is not None:
        return field
    targets = []
    humans = game.humans
    for j in range(len(humans)):  # (the cheap tests first, in_combat last)
        h = humans[j]
        if h.pos != NO and h.role != "android" and exposed(game, h) and not in_combat(game, j):
            targets.append(h.pos)
    shared = layout_cache(game)
    kept = shared.get(key)
    if kept is not None and kept[0] == targets:
        field = kept[1]
    else:
        field = geometry.dijkstra(game, targets, hugger)
        shared[key] = (targets, field)
    game._cache[key] = field
    return field


def rulebook_steps(game, i: int) -> list[int]:
    """The steps the rulebook's Alien makes (dice_ai's, and the Bug Master's by default, A65):
    toward the nearest human not in combat, as far as its AP allow; none once it stands beside a
    human (it will attack) or cannot close in. (cpdef, xeno.pxd: humans_beside, target_field and
    _open_steps C calls, the field read through a typed view by _closing_in.)"""
    a = game.aliens[i]
    if humans_beside(game, a.pos):
        return []
    field = target_field(game, a.kind == "face_hugger")
    around = game.colony.around(a.pos)
    return _closing_in(field, _open_steps(game, a, around, game.rules["ap_cost"]["door"]), around, a.pos)


def _closing_in(field, moves: int, around: list, here: int) -> list[int]:
    """The directions of `moves` (_open_steps' bits: bit d for row d of `around`, the square's
    colony.around) to the squares nearest on `field`, when nearer than square `here` (opening a
    closed door on the way counts as progress through it), in direction order. (cdef, xeno.pxd:
    compiled, `field` a typed view of C ints.)"""
    best = here_value = field[here]
    out = []
    for d in range(len(around)):
        if not moves >> d & 1:
            continue
        square = around[d][0]
        v = field[square]
        if v < best:
            best, out = v, [d]
        elif v == best and v < here_value:
            out.append(d)
    return out


@cython.locals(game=GameRecords)
def hive_choices(game, i: int) -> tuple[list[int], bool, list[int]]:
    """The moving Alien's legal choices: (step directions, may it stop, door directions it may
    close). PRINTED: "Aliens always move towards the nearest human figure that is not in combat":
    by default the Bug Master picks among the steps that close in (rulebook_steps, the dice AI's:
    ties and paths), and stops or closes a door only when none does (A65); the option
    free_bug_master lifts this (A64)."""
    if game.free_bug_master:
        return list(alien_steps(game, i)), True, closable_doors(game, i)
    steps = rulebook_steps(game, i)
    return (steps, False, []) if steps else ([], True, closable_doors(game, i))  # (doors read only when kept)


@cython.locals(game=GameRecords, a=Alien, colony=Grid, d=cython.long)
def closable_doors(game, i: int) -> list[int]:
    """N/E/S/W directions of the open doors beside the moving Alien with nobody in the doorway,
    when it has the AP (PRINTED: Aliens spend "1 AP to open or close a door")."""
    a = game.aliens[i]
    if a.ap < game.rules["ap_cost"]["door"]:
        return []
    out = []
    colony = game.colony  # (a typed receiver: around is a C call)
    around = colony.around(a.pos)  # (square, cell, ...) by direction; N, E, S, W are 0, 2, 4, 6
    for d in range(len(CARDINAL)):
        near = around[2 * d]
        if near is not None and near[1] == DOOR_OPEN and figure_at(game, near[0]) is None:
            out.append(d)
    return out


def alien_close_door(game, i: int, d: int) -> None:
    a = game.aliens[i]
    n = geometry.step_sq(game, a.pos, *CARDINAL[d])
    a.ap -= game.rules["ap_cost"]["door"]
    game.colony.cells.flat[n] = DOOR_CLOSED
    game.colony.changed()
    game.events.append(f"{a.kind} {i} closes a door")
    combat.overwatch_chances(game, i)  # the Alien spent an AP (over-watch may fire, PRINTED)


@cython.locals(game=GameRecords, colony=Grid)
def alien_step(game, i: int, d: int) -> None:
    """Alien i's step in direction d (one of alien_steps', as the mask holds): onto the square,
    or opening the closed door there. It pays alien_steps' cost, read from the same colony.around
    row (the door's cost or the square's), without listing every direction again. (reveal and
    sentries_fire C calls: xeno.pxd cimports them.)"""
    a = game.aliens[i]
    colony = game.colony  # (a typed receiver: around is a C call)
    n, cell, cost, _ = colony.around(a.pos)[d]
    if cell == DOOR_CLOSED:
        a.ap -= game.rules["ap_cost"]["door"]
        colony.cells.flat[n] = DOOR_OPEN
        colony.changed()
        game.events.append(f"{a.kind} {i} opens a door")
        reveal(game)
    else:
        a.ap -= cost
        a.pos = n
        sentries_fire(game, ("alien", i))
    if a.alive and game.apc is not None:
        combat.apc_auto_fire(game, i)
    if a.alive:
        combat.overwatch_chances(game, i)


@cython.locals(records=GameRecords, h=Human, rules=dict, f=dict, s=cython.long, viewers=list,
               seen=cython.bint, squads=list, sq=cython.Py_ssize_t)
def xeno_phase(game) -> None:
    """Eggs, impregnated humans, then the activation roll (PRINTED; A13, A15). (Typed loops: the
    figures' fields C reads, geometry.rng a C call; records typed and read only, writes: game.)"""
    records = game
    rules = records.rules
    egg_range = rules["egg_range"]
    for f in records.features:
        if f["kind"] not in ("egg_cache", "crate_eggs") or f["state"] != "intact":
            continue
        s = geometry.sq(game, f["pos"])
        for h in records.humans:
            if not exposed(records, h) or h.role == "android" or not h.moved or rng(records, h.pos, s) > egg_range:
                continue
            roll = records.dice.d6()
            if roll <= rules["egg_hatch_on"]:
                f["state"] = "hatched" if f["kind"] == "egg_cache" else "opened"
                spot = geometry.free_near(game, s)
                if spot != NO:
                    state.add_alien(game, "face_hugger", spot)
                records.events.append(f"an egg opens ({roll}): a Face-Hugger!")
                break
    viewers = [h.pos for h in records.humans if h.status == "active"]
    for f in records.features:
        if f["kind"] != "impregnated_human" or f["state"] != "alive":
            continue
        s = geometry.sq(game, f["pos"])
        seen = False
        for v in viewers:
            if geometry.los(game, v, s):
                seen = True
                break
        if not seen:
            continue
        if records.dice.d6() <= rules["impregnated_burst_on"]:
            f["kind"], f["state"] = "burst_human", "dead"
            spot = geometry.free_near(game, s)
            if spot != NO:
                state.add_alien(game, "chest_burster", spot)
            records.events.append("a Chest-Burster breaks out!")
    # then the activation roll once for each squad in play (step_xeno)
    squads = []
    for sq in range(records.n_squads):
        for h in records.humans:
            if h.status == "active" and h.squad == sq:
                squads.append(sq)
                break
    game.xeno_squads = squads
    game.placement = None
    if squads:
        activation(game, squads.pop(0))


def activation(game, sq: int) -> None:
    """The activation roll for squad sq (or the Bug Master's choice)."""
    game.xeno_squad = sq
    if game.bug_master_picks:
        game.placement = {"stage": "summon"}
        return
    need = activation_need(game)
    roll = game.dice.d6()
    game.events.append(f"xeno activation roll {roll} (needs {need}+)")
    if roll < need:
        game.placement = None
        return
    mode = game.rules["approach"][game.dice.d6()]
    approach(game, roll_appears(game), mode)


@cython.locals(game=GameRecords, h=Human, moved=cython.bint)
def activation_need(game) -> int:
    """The roll the Aliens of squad game.xeno_squad need to come (PRINTED: by what the squad did;
    moved: a figure of it moved, or the APC with one of it inside). (A typed loop, h typed.)"""
    sq = max(game.xeno_squad, 0)
    moved = False
    for h in game.humans:
        if h.squad == sq and h.moved:
            moved = True
            break
    if not moved and game.apc is not None and game.apc["moved"]:
        for j in state.crew(game):  # (a figure of the squad inside the APC)
            if game.humans[j].squad == sq:
                moved = True
                break
    act = game.rules["activation"]
    if game.fired_squads[sq]:
        need = act["fired"]
    elif moved:
        need = act["moved_secure"] if not aliens_in_sight(game, sq) else act["moved"]
    else:
        need = act["resting"]
    return need


def roll_appears(game) -> dict:
    row = game.rules["appears"][game.dice.d6()]
    if row == "second_roll":
        row = game.rules["appears_after_six"][game.dice.d6()]
    return row


def approach(game, row: dict, mode: str | None = None) -> None:
    """The Aliens come (PRINTED tables, rolled in the printed order: approach, what comes,
    how many, how far; with a Bug Master's pick the approach is rolled after it)."""
    rules = game.rules
    game.stats["activations"] += 1
    if row["kind"] == "queen" and any(a.alive and a.kind == "queen" for a in game.aliens):
        row = rules["second_queen_becomes"]
    if mode is None:
        mode = rules["approach"][game.dice.d6()]
    count = {"one": lambda: 1, "d3": lambda: rules["d3"][game.dice.d6()], "d6": game.dice.d6}[row["count"]]()
    distance = sum(game.dice.d6() for _ in range(rules["placement_dice"]))
    game.events.append(f"the Aliens come: {count} {row['kind']} from {mode} direction(s), {distance} squares out")
    game.placement = {"kind": row["kind"], "count": count, "mode": mode, "distance": distance}


@cython.locals(game=GameRecords, h=Human, a=Alien)
def aliens_in_sight(game, sq: int | None = None) -> bool:
    """Does an active figure (of squad sq, when given) see a live Alien? (A loop, h and a typed.)"""
    for h in game.humans:
        if h.status == "active" and (sq is None or h.squad == sq):
            for a in game.aliens:
                if a.alive and geometry.los(game, h.pos, a.pos):
                    return True
    return False


def step_xeno(game) -> None:
    p = game.placement
    if p is not None and "stage" in p:
        game._decide(p["stage"], list(range(2 if p["stage"] == "summon" else len(APPEAR_ROWS))))
        return
    if p is not None:
        options = geometry.placement_candidates(game)
        if not options:
            game.events.append("no square out of view to come from: the Aliens do not come this turn")
        elif p["mode"] == "same" and len(options) > 1:
            game._decide("approach", sorted(options))
            return
        else:
            place_approach(game, NO)
            return
    game.placement = None
    if game.xeno_squads:
        activation(game, game.xeno_squads.pop(0))
        return
    game.xeno_squad = NO
    end_turn(game)


def place_approach(game, direction: int) -> None:
    """Place what approaches: 3D6 squares away out of view (the nearest distance to it), all
    from one side, or dealt round the sides in N, E, S, W order for "many directions"."""
    p = game.placement
    game.placement = None
    options = geometry.placement_candidates(game)
    dirs = sorted(options)
    taken: set[int] = set()
    placed = 0
    for k in range(p["count"]):
        d = direction if p["mode"] == "same" and direction != NO else dirs[k % len(dirs)]
        pool = [x for x in options.get(d, []) if x[1] not in taken] or \
            [x for dd in dirs for x in options[dd] if x[1] not in taken]
        if not pool:
            break
        s = nearest_square(pool, p["distance"])
        taken.add(s)
        if state.add_alien(game, p["kind"], s) != NO:
            placed += 1
    game.events.append(f"{placed} {p['kind']} placed")


@cython.locals(pool=list, distance=cython.long, x=tuple, far=cython.long, square=cython.long, gap=cython.long,
               best=cython.long, best_far=cython.long, best_gap=cython.long)
def nearest_square(pool: list[tuple[int, int]], distance: int) -> int:
    """The square of pool's (path distance, square) pairs (one at least) whose distance is nearest
    `distance`, ties to the farther, then to the lower square: the least of the key (|far -
    distance|, -far, square), in a typed loop (min with a key made a tuple for every pair)."""
    best_far, best = pool[0]
    best_gap = abs(best_far - distance)
    for x in pool:
        far, square = x
        gap = abs(far - distance)
        if gap < best_gap or (gap == best_gap and (far > best_far or (far == best_far and square < best))):
            best, best_far, best_gap = square, far, gap
    return best


def end_turn(game) -> None:
    game.turn += 1
    if game.turn > game.turn_limit:
        return  # BugHunt._check_end finishes the game
    game._start_phase("aliens_move")
