"""Bug Hunt's combat: Close Combat and Face-Huggers, firing and its hits, acid, blasts and
grenades, losing figures and leaders, over-watch, auto sentries and the APC's midi-gun."""
from __future__ import annotations

from ..core.board import DIRECTIONS
from . import geometry, state
from .geometry import rng  # (compiled, a C call: combat.pxd cimports it)
from .colony import PASSABLE
from .state import MAX_TARGETS, NO, PASSABLE_BY_CODE, Alien, GameRecords, Human

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


def in_combat(game, j: int, exclude: int = NO) -> bool:
    """Is squad figure j in combat: a Face-Hugger on it, or a live free Alien (other than
    `exclude`) within range 1? (cpdef, combat.pxd: xeno.target_field asks it for every human
    in C; its typed locals there.)"""
    h = game.humans[j]
    if h.hugger != NO:
        return True
    rows, cols = game.colony.rows_cols  # range <= 1, as geometry.rng inline (called for every human at every hive step)
    hr, hc = rows[h.pos], cols[h.pos]  # (squares, rows and columns: C integers when compiled, their differences C ones)
    aliens = game.aliens
    for i in range(len(aliens)):  # (i a C integer, compared with exclude in C)
        a = aliens[i]
        if a.alive and a.attached == NO and i != exclude:
            s = a.pos
            ar = rows[s]
            if -1 <= ar - hr <= 1:
                ac = cols[s]
                if -1 <= ac - hc <= 1:
                    return True
    return False


def humans_beside(game, square: int) -> list[int]:
    """The squad figures an Alien on `square` would attack in close combat: exposed (active, out
    of the APC), not the android (the Aliens ignore it), within range 1. (cpdef, combat.pxd:
    xeno.rulebook_steps calls it in C; its typed locals there.)"""
    rows, cols = game.colony.rows_cols  # state.exposed and geometry.rng, inline (called very often)
    r, c = rows[square], cols[square]  # (squares, rows and columns: C integers when compiled)
    beside = []
    for j, h in enumerate(game.humans):
        if h.status == "active" and not h.in_apc and h.role != "android":
            s = h.pos
            hr = rows[s]
            if -1 <= hr - r <= 1:  # (not abs(): compiled, abs of a C difference boxes it)
                hc = cols[s]
                if -1 <= hc - c <= 1:
                    beside.append(j)
    return beside


@cython.locals(game=GameRecords)
def cc_victims(game, i: int) -> list[int]:
    """The squad figures Alien i attacks in close combat (those beside it)."""
    return humans_beside(game, game.aliens[i].pos)


@cython.locals(game=GameRecords)
def step_aliens_cc(game) -> None:
    while game.queue:
        i = game.queue[0]
        a = game.aliens[i]
        if not a.alive:
            game.queue.pop(0)
            continue
        if a.attached != NO:
            game.queue.pop(0)
            hugger_struggle(game, i)
            return
        victims = cc_victims(game, i)
        if not victims:
            game.queue.pop(0)
            continue
        if len(victims) == 1:
            game.queue.pop(0)
            close_combat(game, i, victims[0])
            return
        game._decide("attack", victims)
        return
    game._start_phase("marines")


def cc_roll(game, alien_dice: int, human_dice: int, alien_penalty: int = 0, human_bonus: int = 0) -> tuple[int, int]:
    """Both sides roll their pools; the highest die counts; ties fight on (PRINTED). A Power
    Loader takes `alien_penalty` off every die rolled against it."""
    for _ in range(game.rules["max_cc_rounds"]):
        a = max(game.dice.d6() for _ in range(alien_dice)) - alien_penalty
        h = max(game.dice.d6() for _ in range(human_dice)) + human_bonus
        if a != h:
            return a, h
    return 0, 1  # ASSUMPTION A12: an endless tie goes to the defender


def armour_bonus(game, h: Human) -> int:
    return game.rules["dreadnaught_bonus"] if h.dreadnaught else 0


def passenger_saved(game, h: Human) -> bool:
    """M4 Military Power Loader: a hit on the passenger is negated on 1-4 (PRINTED)."""
    if h.role != "power_loader" or h.weapon != "midi_guns":
        return False
    roll = game.dice.d6()
    saved = roll <= game.rules["loader_passenger_save"]
    game.events.append(f"the Loader's armour {'saves' if saved else 'fails'} {h.name} ({roll})")
    return saved


def loader_penalty(game, h: Human) -> int:
    return game.rules["power_loader_enemy_penalty"] if h.role == "power_loader" else 0


def close_combat(game, i: int, j: int) -> None:
    a, h = game.aliens[i], game.humans[j]
    h.overwatch = False  # a Close Combat attack breaks over-watch (PRINTED)
    cc = game.rules["cc_dice"]
    ar, hr = cc_roll(game, cc[a.kind], cc[h.role], loader_penalty(game, h), armour_bonus(game, h))
    if hr > ar:
        game.events.append(f"{h.name} beats the {a.kind} {i} in close combat ({hr} v {ar})")
        hit_alien(game, i, acid=False)
        return
    margin = ar - hr
    game.events.append(f"the {a.kind} {i} wins close combat on {h.name} ({ar} v {hr})")
    if passenger_saved(game, h):
        return
    if a.kind == "face_hugger":
        a.attached, a.attached_turn, a.pos = j, game.turn, h.pos
        h.hugger = i
        game.events.append(f"a Face-Hugger attaches to {h.name}")
    elif margin <= game.rules["grab_margin_max"]:
        remove_human(game, j, "captured")
    else:
        hurt_human(game, j, save=False)  # killed (or a wound, for Ripley with 4 LP); saves are rolled above


def hugger_struggle(game, i: int) -> None:
    a = game.aliens[i]
    j = a.attached
    h = game.humans[j]
    cc = game.rules["cc_dice"]
    ar, hr = cc_roll(game, cc["face_hugger"], cc[h.role], loader_penalty(game, h), armour_bonus(game, h))
    if ar > hr:
        game.events.append(f"{h.name} falls unconscious under the Face-Hugger")
        a.alive, a.pos, a.attached = False, NO, NO
        h.hugger = NO
        remove_human(game, j, "unconscious")
        return
    game.events.append(f"{h.name} tears the Face-Hugger off")
    a.attached = NO
    h.hugger = NO
    throw_hugger(game, i, h.pos, game.dice.d6())


def throw_hugger(game, i: int, origin: int, distance: int) -> None:
    """Thrown 1D6 squares (PRINTED): to a free open square in line of sight as far as
    possible up to that range, one picked by the die among equals (ASSUMPTION A20)."""
    options = throw_squares(game, origin, distance)
    a = game.aliens[i]
    if not options:
        a.alive, a.pos = False, NO
        return
    a.pos = options[game.dice.pick(len(options))]


@cython.locals(game=GameRecords, size=cython.Py_ssize_t, reach=cython.Py_ssize_t, r0=cython.Py_ssize_t,
               c0=cython.Py_ssize_t, rs=cython.Py_ssize_t, re=cython.Py_ssize_t, cs=cython.Py_ssize_t,
               ce=cython.Py_ssize_t, r=cython.Py_ssize_t, c=cython.Py_ssize_t, s=cython.Py_ssize_t,
               far=cython.Py_ssize_t, best=cython.Py_ssize_t, cells=bytes, options=list)
def throw_squares(game, origin: int, distance: int) -> list[int]:
    """The squares a Face-Hugger thrown from origin up to `distance` squares may land on, in square
    order: open (passable), free (state.occupied), seen from origin (geometry.los within
    `distance`) and as far as any such square, origin itself excepted. Only the block within
    min(distance, sight range) of origin is read (no other square is in range and in sight), its
    rows from the cells' bytes (on C ints when compiled)."""
    occ = state.occupied(game)
    col, size, sight = game.colony, game.size, game.rules["sight_range"]
    rows, cols = col.rows_cols  # (as geometry.rng: NO reads the last square, as there)
    reach = min(distance, sight)
    r0, c0 = rows[origin], cols[origin]
    rs, re = max(0, r0 - reach), min(size, r0 + reach + 1)
    cs, ce = max(0, c0 - reach), min(size, c0 + reach + 1)
    cells = col.cells[rs:re].tobytes()  # (codes 0..6: a byte each)
    seen = None  # origin's line of sight, fetched once a square needs it (as geometry.los)
    best, options = 0, []
    for r in range(rs, re):
        for c in range(cs, ce):
            s = r * size + c
            if not PASSABLE_BY_CODE[cells[(r - rs) * size + c]] or s in occ:
                continue
            far = max(abs(r - r0), abs(c - c0))
            if far == 0 or far < best:
                continue
            if seen is None:
                seen = col.los_from(origin, sight)
            if not seen[s]:
                continue
            if far > best:
                best, options = far, [s]
            else:
                options.append(s)
    return options


@cython.locals(game=GameRecords)
def weapon_range(game, weapon: str) -> int:
    """How far `weapon` shoots (0 for no weapon)."""
    w = game.rules["weapons"][weapon]
    return 0 if w is None else w["range"]


@cython.locals(game=GameRecords)
def target_square(game, t: tuple[str, int]) -> int:
    """The square of a target from targets(): ("alien", i), ("egg", k) or ("sentry", k)."""
    return game.aliens[t[1]].pos if t[0] == "alien" else geometry.sq(game, game.features[t[1]]["pos"])


def apc_fire(game, t: tuple[str, int]) -> None:
    """One burst of the twin midi-gun: the M4 Loader's midi-guns (A57): out of ammo on two 1s
    or 2s, that burst's hits still count; a hit kills (the Queen loses 1 LP)."""
    w = game.rules["weapons"][game.rules["apc"]["weapon"]]
    rolls = [game.dice.d6() for _ in range(w["dice"])]
    hits = sum(r >= w["hit"] for r in rolls)
    game.events.append(f"the APC's midi-gun fires: {rolls}")
    if "out_of_ammo_on" in w and sum(r <= w["out_of_ammo_on"] for r in rolls) >= w["out_of_ammo_dice"]:
        game.apc["out_of_ammo"] = True
        game.events.append("the APC's midi-gun is out of ammo")
    if hits:
        hit_target(game, t)


def apc_auto_fire(game, i: int) -> None:
    """PRINTED: the onboard computer fires on enemy presence. DESIGNED (A57): at the first
    Alien that spends an AP in the APC's sight and range, apc.auto_bursts times per Aliens'
    move phase; it needs no crew and never fires at humans."""
    apc = game.apc
    if apc is None or apc["auto"] <= 0 or apc["out_of_ammo"]:
        return
    a = game.aliens[i]
    rng_w = weapon_range(game, game.rules["apc"]["weapon"])
    if not a.alive or rng(game, apc["pos"], a.pos) > rng_w or not geometry.los(game, apc["pos"], a.pos):
        return
    apc["auto"] -= 1
    game.events.append(f"the APC's onboard computer fires at the {a.kind} {i}")
    apc_fire(game, ("alien", i))


def fire(game, i: int, t: tuple[str, int]) -> None:
    h = game.humans[i]
    w = game.rules["weapons"][h.weapon]
    square = target_square(game, t)
    if h.weapon == "flame_thrower":
        roll = game.dice.d6()
        game.events.append(f"{h.name} fires the flame-thrower ({roll})")
        if roll >= w["hit"]:
            blast(game, square, flame=True)
        return
    rolls = [game.dice.d6() for _ in range(w["dice"])]
    hits = sum(r >= w["hit"] for r in rolls)
    game.events.append(f"{h.name} fires the {h.weapon.replace('_', ' ')}: {rolls}")
    if h.weapon == "combi_weapon":
        # PRINTED: to hit 5, automatic against eggs and Face-Huggers; ASSUMPTION A50: each
        # hit on the Queen costs her a Life Point, other targets die on the first
        kind = "egg" if t[0] != "alien" else game.aliens[t[1]].kind
        if kind in w["auto_vs"]:
            hits = max(hits, 1)
        for _ in range(hits if t[0] == "alien" and game.aliens[t[1]].kind == "queen" else min(hits, 1)):
            hit_target(game, t)
        return
    if h.weapon == "midi_guns":
        low = sum(r <= w["out_of_ammo_on"] for r in rolls)
        if low >= w["out_of_ammo_dice"]:
            h.out_of_ammo = True  # the hits of this burst still count (PRINTED)
            game.events.append(f"{h.name}'s midi-guns are out of ammo")
    if not hits:
        return
    game.extra = {"shooter": i, "hits": hits - 1, "squares": [square],
                   "done": [t[1]] if t[0] == "alien" else []}
    hit_target(game, t)
    if w.get("extra_hit_radius", 0) > 0:
        next_extra_hit(game)
    else:
        game.extra = None


def extra_hit_options(game) -> list[int]:
    """Aliens a smart-gun's further hits may go to (PRINTED: other targets in sight and range
    within 3 squares of a target already hit), nearest to a hit one first (A27)."""
    e = game.extra
    h = game.humans[e["shooter"]]
    w = game.rules["weapons"][h.weapon]
    out = []
    for k, a in enumerate(game.aliens):
        if not a.alive or k in e["done"]:
            continue
        near = min(rng(game, a.pos, s) for s in e["squares"])
        if near <= w["extra_hit_radius"] and rng(game, h.pos, a.pos) <= w["range"] and geometry.los(game, h.pos, a.pos):
            out.append((near, k))
    return [k for _, k in sorted(out)][:MAX_TARGETS]


def next_extra_hit(game) -> None:
    """Place the burst's remaining hits: the Marines choose among two or more targets."""
    while game.extra is not None:
        e = game.extra
        options = extra_hit_options(game) if e["hits"] > 0 and game.humans[e["shooter"]].status == "active" else []
        if not options:
            game.extra = None
            return
        if len(options) > 1:
            game._decide("extra_hit", options)
            return
        extra_hit(game, options[0])


def extra_hit(game, k: int) -> None:
    e = game.extra
    e["hits"] -= 1
    e["done"].append(k)
    e["squares"].append(game.aliens[k].pos)
    hit_target(game, ("alien", k))


def hit_target(game, t: tuple[str, int], acid: bool = True) -> None:
    if t[0] in ("egg", "sentry"):
        game.features[t[1]]["state"] = "destroyed"
        game.events.append(f"{'an egg cache' if t[0] == 'egg' else 'an auto sentry'} is destroyed")
    else:
        hit_alien(game, t[1], acid=acid)


def hit_alien(game, i: int, acid: bool) -> None:
    """A hit kills, or costs the Queen 1 LP (PRINTED); non-flame hits splash acid."""
    a = game.aliens[i]
    if not a.alive:
        return
    square, host = a.pos, a.attached
    a.lp -= 1
    if a.lp <= 0:
        kill_alien(game, i)
    else:
        game.events.append(f"the Queen is hit ({a.lp} LP left)")
    if acid:
        acid_splash(game, square, host)


def kill_alien(game, i: int) -> None:
    a = game.aliens[i]
    if a.attached != NO:
        game.humans[a.attached].hugger = NO
    if a.kind == "queen":
        room = state.room_of(game, a.pos)
        if room != NO and game.colony.pieces[room].get("brood"):
            game.queen_killed_in_chamber = True
    a.alive, a.attached = False, NO
    game.stats["aliens_killed"] += 1
    game.events.append(f"the {a.kind} {i} is killed")
    a.pos = NO


def acid_splash(game, square: int, victim: int) -> None:
    """PRINTED: non-aliens beside a hit Alien are splashed on 1-2; Marines' armour fails on
    1-3, civilians die; a Face-Hugger's host is splashed by any attack but close combat."""
    for j, h in enumerate(game.humans):
        if not state.exposed(game, h) or rng(game, h.pos, square) > 1:
            continue
        if j != victim and game.dice.d6() > game.rules["acid_splash_on"]:
            continue
        game.events.append(f"acid splashes {h.name}")
        if h.role in ("marine", "predator") and game.dice.d6() > game.rules["armour_fails_on"]:
            game.events.append(f"{h.name}'s armour holds")
            continue
        hurt_human(game, j)


def hurt_human(game, j: int, save: bool = True) -> None:
    h = game.humans[j]
    if save and passenger_saved(game, h):
        return
    h.lp -= 1
    if h.lp <= 0:
        remove_human(game, j, "dead")
    else:
        game.events.append(f"{h.name} is hit ({h.lp} LP left)")


def remove_human(game, j: int, status: str) -> None:
    h = game.humans[j]
    if h.status != "active":
        return
    h.status = status
    if h.hugger != NO:  # a Face-Hugger on a dead host drops off where it lay
        a = game.aliens[h.hugger]
        a.attached = NO
        a.pos = h.pos
        h.hugger = NO
    h.pos = NO
    h.overwatch = False
    h.in_apc = False
    game.stats["humans_dead" if status == "dead" else status] += 1
    game.events.append(f"{h.name} is {status}")
    check_leader(game)


def check_leader(game) -> None:
    """Each squad's leader spends its pool; a lost leader loses it for good, unless a main
    character (Ripley) takes the squad over, joining it if she was in another (A52)."""
    for sq in range(game.n_squads):
        if game.pools_lost[sq]:
            continue
        leader = next((h for h in game.humans if h.leader and h.squad == sq), None)
        if leader is not None and leader.status == "active":
            continue
        if leader is not None:
            leader.leader = False
        if game.ripley_leads:
            heir = next((h for h in game.humans if h.can_lead and h.status == "active" and not h.leader), None)
            if heir is not None:
                heir.leader = True
                heir.squad = sq
                game.events.append(f"{heir.name} takes over squad {sq}")
                continue
        game.pools_lost[sq] = True
        game.pools[sq] = 0
        game.events.append(f"squad {sq}'s leader is lost: no more pool AP")


def blast(game, square: int, flame: bool) -> None:
    """The target square is hit; every adjacent square with a figure or an egg cache rolls
    two dice and a 4-6 hits (PRINTED; either die, ASSUMPTION A11)."""
    blast_square(game, square, flame)
    rule = game.rules["blast_adjacent"]
    for dr, dc in DIRECTIONS:
        n = geometry.step_sq(game, square, dr, dc)
        if n == NO or not blast_has_victim(game, n):
            continue
        rolls = [game.dice.d6() for _ in range(rule["dice"])]
        if max(rolls) >= rule["kill_on"]:
            blast_square(game, n, flame)


def blast_has_victim(game, s: int) -> bool:
    if state.figure_at(game, s) is not None:
        return True
    for f in game.features:  # (a loop: a generator would make a closure at every square)
        if _blastable(f) and geometry.sq(game, f["pos"]) == s:
            return True
    return False


def blast_square(game, s: int, flame: bool) -> None:
    for k, f in enumerate(game.features):
        if _blastable(f) and geometry.sq(game, f["pos"]) == s:
            hit_target(game, ("egg" if f["kind"] == "egg_cache" else "sentry", k))
    who = state.figure_at(game, s)
    if who is None:
        return
    if who[0] == "alien":
        hit_alien(game, who[1], acid=not flame)
    else:
        j = who[1]
        hugger = game.humans[j].hugger
        hurt_human(game, j)
        if hugger != NO and game.aliens[hugger].alive:
            hit_alien(game, hugger, acid=not flame)


def grenade(game, i: int, target: int) -> None:
    """PRINTED: a 5-6 lands on the target square; else a d6 for the direction (1-2 over,
    3 left, 4 right, 5-6 under) and 1D3 squares; it stops short of a wall (ASSUMPTION A28)."""
    h = game.humans[i]
    w = game.rules["weapons"]["grenade"]
    roll = game.dice.d6()
    landing = target
    if roll < w["hit"]:
        way = game.rules["grenade_scatter"][game.dice.d6()]
        dist = game.rules["d3"][game.dice.d6()]
        (r0, c0), (r1, c1) = geometry.rc(game, h.pos), geometry.rc(game, target)
        dr, dc = _sign(r1 - r0), _sign(c1 - c0)
        if way == "undershoot":
            dr, dc = -dr, -dc
        elif way == "left":
            dr, dc = -dc, dr
        elif way == "right":
            dr, dc = dc, -dr
        for _ in range(dist):
            n = geometry.step_sq(game, landing, dr, dc)
            if n == NO or not PASSABLE[geometry.cell(game, n)]:
                break
            landing = n
        game.events.append(f"{h.name}'s grenade misses ({roll}): {way} {dist}")
    else:
        game.events.append(f"{h.name}'s grenade lands on target ({roll})")
    blast(game, landing, flame=False)


@cython.locals(game=GameRecords, h=Human)
def could_fire_at(game, h, square: int) -> bool:
    """An active, armed figure with ammunition that has `square` in its weapon's range and sight."""
    if h.status != "active" or h.weapon == "none" or h.out_of_ammo:
        return False
    return rng(game, h.pos, square) <= weapon_range(game, h.weapon) and geometry.los(game, h.pos, square)


@cython.locals(game=GameRecords, h=Human, a=Alien)
def can_overwatch(game, j: int, i: int) -> bool:
    h, a = game.humans[j], game.aliens[i]
    return a.alive and h.overwatch and could_fire_at(game, h, a.pos)


@cython.locals(h=Human, queue=list)  # (game untyped: written to)
def overwatch_chances(game, i: int) -> None:
    """PRINTED: a Marine on over-watch may fire every time an Alien spends 1 AP: each one
    that can see it in range is asked, in squad order (free, ASSUMPTION A29)."""
    game.ow_target = i
    queue = []
    for j, h in enumerate(game.humans):
        if h.overwatch and can_overwatch(game, j, i):
            queue.append(j)
    game.ow_queue = queue


def next_overwatch(game) -> None:
    """Offer the next over-watch shot (fire / hold), skipping figures that can no longer."""
    while game.ow_queue and not can_overwatch(game, game.ow_queue[0], game.ow_target):
        game.ow_queue.pop(0)
    if not game.ow_queue:
        game.ow_target = NO
        return
    game._decide("overwatch_fire", [0, 1])


def overwatch_shot(game, shoot: bool) -> None:
    j = game.ow_queue.pop(0)
    if shoot:
        game.events.append(f"{game.humans[j].name} fires on over-watch")
        fire(game, j, ("alien", game.ow_target))
    if not game.ow_queue:
        game.ow_target = NO


@cython.locals(game=GameRecords)
def sentries_fire(game, who: tuple[str, int]) -> None:
    """Active auto sentries fire at anything that moves in their sight (ASSUMPTION A10)."""
    w = None  # the sentries' weapon, looked up once an active sentry is found (most colonies have none)
    for f in game.features:
        if f["kind"] != "sentry" or f["state"] != "active":
            continue
        if w is None:
            w = game.rules["weapons"]["sentry"]
        fig = game.humans[who[1]] if who[0] == "human" else game.aliens[who[1]]
        alive = state.exposed(game, fig) if who[0] == "human" else fig.alive
        if not alive:
            return
        s = geometry.sq(game, f["pos"])
        if rng(game, s, fig.pos) > w["range"] or not geometry.los(game, s, fig.pos):
            continue
        rolls = [game.dice.d6() for _ in range(w["dice"])]
        if max(rolls) >= w["hit"]:
            game.events.append(f"an auto sentry hits the {getattr(fig, 'name', None) or fig.kind}")
            if who[0] == "human":
                hurt_human(game, who[1])
            else:
                hit_alien(game, who[1], acid=True)



def _blastable(f: dict) -> bool:
    """Egg caches and auto sentries can be destroyed by fire (ASSUMPTION A10)."""
    return (f["kind"] == "egg_cache" and f["state"] == "intact") or (f["kind"] == "sentry" and f["state"] != "destroyed")


def _sign(x: int) -> int:
    return int(x > 0) - int(x < 0)
