"""Helpers for Bug Hunt rule tests: build a position from an ASCII map with chosen figures.

Map characters: '#' wall, '.' floor, '+' closed door, '/' open door, 'X' welded door,
'L' electronically locked door, ':' acid holes, ';' debris, 'E' entry floor, 'V' the APC on
floor (needs apc=True; `inside` lists the squad slots that sit in it), ' ' unknown; '1'-'8' squad figures (slot number
+1) standing on floor; 'f' Face-Hugger, 'd' dog Alien, 'A' Alien, 'Q' Queen, 'c' Chest-Burster.
The map is painted at the grid's top-left corner, one row per string.
"""
from __future__ import annotations

import random

import numpy as np

from aliens_env.bug_hunt import BugHunt, combat, geometry, marines, state
from aliens_env.bug_hunt.colony import (
    CARDINAL, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR, WALL, Colony,
)
from aliens_env.bug_hunt.game import Alien
from aliens_env.bug_hunt.state import MAX_TARGETS, NO, PASSABLE_BY_CODE

CELL = {"#": WALL, ".": FLOOR, "+": DOOR_CLOSED, "/": DOOR_OPEN, "X": DOOR_WELDED, "L": DOOR_LOCKED, ":": FLOOR,
        ";": FLOOR, "E": FLOOR, "V": FLOOR}
KINDS = {"f": "face_hugger", "d": "dog", "A": "alien", "Q": "queen", "c": "chest_burster"}

SQUAD = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True},
    {"name": "Hicks", "role": "marine", "weapon": "pulse_rifle", "equipment": True},
    {"name": "Vasquez", "role": "marine", "weapon": "smart_gun"},
    {"name": "Dietrich", "role": "marine", "weapon": "flame_thrower"},
    {"name": "Bishop", "role": "android", "weapon": "none"},
    {"name": "Ripley", "role": "civilian", "weapon": "pistol", "can_lead": True},
]


def build(rows, squad=None, phase="marines", pool=0, mission="explore", features=(), start=True, inside=(),
          game_class=BugHunt, **options):
    """A game (of `game_class`) at the start of `phase` on the given map. Squad figures not on the map are dead.
    With start=True the phase is started (the Marines' pool d6 is scripted to `pool`)."""
    squad = squad or SQUAD
    g = game_class(mission=mission, squad=squad, **options)
    col = Colony(g.size, g.rules["hazard_extra_ap"])
    humans_at, aliens_at = {}, []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == " ":
                continue
            if ch.isdigit():
                humans_at[int(ch) - 1] = (r, c)
                col.cells[r, c] = FLOOR
            elif ch in KINDS:
                aliens_at.append((KINDS[ch], (r, c)))
                col.cells[r, c] = FLOOR
            else:
                col.cells[r, c] = CELL[ch]
                if ch == ":":
                    col.set_hazard((r, c), 1)
                elif ch == ";":
                    col.set_hazard((r, c), 2)
                elif ch == "E":
                    col.entry[r, c] = True
                elif ch == "V":
                    g.apc["pos"] = g.sq((r, c))
    g.colony = col
    for i, h in enumerate(g.humans):
        h.in_apc = i in inside
        if i in inside:
            h.pos, h.status = g.apc["pos"], "active"
        elif i in humans_at:
            h.pos = g.sq(humans_at[i])
            h.status = "active"
        else:
            h.pos, h.status = -1, "dead"
    g.aliens = []
    for kind, rc in aliens_at:
        g.aliens.append(Alien(kind, pos=g.sq(rc), lp=g.rules["queen_lp"] if kind == "queen" else 1, new=False))
    g.features = [dict(f) for f in features]
    g.decision = None
    g.events = []
    g.placement = None
    g.queue = []
    g.active = g.mover = -1
    g.result = None
    g.turn = 1
    if start:
        if phase == "marines":
            g.dice.script(1)
        g._start_phase(phase)
        g.pool = pool
        g._run()
    else:
        g.phase = phase
    return g


def act(g, name, index=0):
    g.apply(g.layout.encode(name, index))


def activate(g, slot):
    """Activate a figure (directly when it is the only one left)."""
    if g.decision.kind == "activate":
        act(g, "activate", slot)
    assert g.active == slot



def all_open_squares_connected(open_, entry) -> bool:
    """Every square of the boolean grid `open_` is reached from the entry by orthogonal steps."""
    start = tuple(np.argwhere(entry)[0])
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            q = (r + dr, c + dc)
            if open_[q] and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == int(open_.sum())


def play(game, marines, hive=None, on_marines=None):
    """Plays ``game`` to its end, ``marines`` and ``hive`` (the dice AI when None) deciding;
    ``on_marines(game, action)`` sees each Marine action chosen, before it is applied."""
    from aliens_env.bug_hunt.policies import BugHuntDiceAI

    hive = BugHuntDiceAI() if hive is None else hive
    while not game.is_terminal():
        player = game.current_player()
        action = (marines if player == "marines" else hive).act(game, player)
        if player == "marines" and on_marines is not None:
            on_marines(game, action)
        game.apply(action)
    return game


def watch(seeds, check, marines=None):
    """Plays kill_queen games of ``marines`` (the scripted squad when None) against the dice AI,
    calling ``check(game, action)`` at every Marine act with the action chosen, before it is applied."""
    from aliens_env.bug_hunt.policies import ScriptedMarines

    for seed in seeds:
        game = BugHunt(mission="kill_queen")
        game.reset(seed)
        play(game, marines or ScriptedMarines(), on_marines=lambda g, a: g.decision.kind == "act" and check(g, a))


def corridor(rows, slot, goals, tactic):
    """``build(rows)`` with figure ``slot`` acting, and the scripted squad and TacticMarines(tactic)
    both making for ``goals`` ((row, col) squares): (the game, the goal squares, the scripted
    squad, the tactic)."""
    from aliens_env.bug_hunt.tactics import TacticMarines

    g = build(rows)
    activate(g, slot)
    squares = [g.sq(rc) for rc in goals]
    scripted, chosen = TacticMarines("heuristic"), TacticMarines(tactic)
    scripted._goals = chosen._goals = lambda game: list(squares)
    return g, squares, scripted, chosen


def assert_no_step_back(g, chosen, last: dict) -> tuple:
    """The acting figure's ``chosen`` action does not step straight back to where the tactic's own
    last step this turn came from (``last``: (turn, figure) -> (the square before that step, the
    square it led to); the entry is used up). Returns (that key, the figure's square, the action's
    kind, the square a move leads to or None), for the caller to note its own step in ``last``."""
    key, pos = (g.turn, g.active), g.humans[g.active].pos
    kind, d = g.layout.decode(chosen)
    to = g.step_sq(pos, *CARDINAL[d]) if kind == "move" else None
    before = last.pop(key, None)
    if before is not None and before[1] == pos:
        assert to != before[0], f"turn {g.turn}: figure {g.active} walks back to {g.rc(before[0])}"
    return key, pos, kind, to


def position_changed(g) -> None:
    """After a test changes g's position in place (no action played): a new decision object opened, as
    the game opens one at every new position, so nothing kept with the open decision (policies'
    squad_goals and squad_next_figure) is read for the changed position."""
    if g.decision is not None:
        g.decision = g.decision.copy()


def positions(seed: int, mission: str, every: int, steps: int = 1500, **options):
    """Every `every`-th position of random legal games (the colony laid as it is explored), a
    new game (the next seed) after each end, `steps` moves in all; `options`, BugHunt's (squad, apc...)."""
    rng = random.Random(seed)
    game = 0
    while steps > 0:
        g = BugHunt(mission=mission, electronic_locks=bool(game % 2), **options)
        g.reset(seed * 1000 + game)
        game += 1
        while not g.is_terminal() and steps > 0:
            g.apply(rng.choice(g.legal_actions()))
            steps -= 1
            if steps % every == 0:
                yield g


def random_play(seed: int, moves: int, make=BugHunt):
    """The game make() reset with `seed` before each of up to `moves` random legal moves (drawn by
    numpy's generator seeded `seed`), to the game's end."""
    g = make()
    g.reset(seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if g.is_terminal():
            return
        yield g
        legal = np.flatnonzero(g.legal_mask(g.current_player()))
        g.apply(int(legal[rng.integers(len(legal))]))


def shooter_and_reach(g) -> tuple:
    """The square the active figure (or, none active, the driven APC) shoots from and its reach:
    the weapon's range, or the grenade's when the figure may throw one and it is longer."""
    if g.active == NO and g.apc is not None and g.apc["driving"]:
        return g.apc["pos"], combat.weapon_range(g, g.rules["apc"]["weapon"])
    h = g.humans[g.active]
    grenade = g.rules["weapons"]["grenade"]["range"] if marines.can_grenade(g, g.active) else 0
    return h.pos, max(combat.weapon_range(g, h.weapon), grenade)


def targets_within(g, pos, reach, sees) -> list:
    """marines.targets' list read plainly: every live Alien (off pos), intact egg cache and active
    sentry within `reach` of pos (geometry.rng) whose square `sees` says is seen, sorted by (range,
    Aliens first, id), the first MAX_TARGETS."""
    found = [(i, "alien", a.pos) for i, a in enumerate(g.aliens) if a.alive and a.pos != pos]
    for k, f in enumerate(g.features):
        if f["kind"] == "egg_cache" and f["state"] == "intact":
            found.append((k, "egg", geometry.sq(g, f["pos"])))
        elif f["kind"] == "sentry" and f["state"] == "active":
            found.append((k, "sentry", geometry.sq(g, f["pos"])))
    listed = sorted((geometry.rng(g, pos, s), kind != "alien", k, (kind, k)) for k, kind, s in found
                    if geometry.rng(g, pos, s) <= reach and sees(s))
    return [t for *_, t in listed][:MAX_TARGETS]


def plain_targets(g) -> list:
    """The active figure's targets by the rule written out: targets_within its reach, seen by
    geometry.los."""
    pos, reach = shooter_and_reach(g)
    if reach == 0:  # no weapon: no target, not even an egg cache or sentry under the figure (range 0)
        return []
    return targets_within(g, pos, reach, lambda s: geometry.los(g, pos, s))


def decisions(seed: int, steps: int, kinds=("act",), **options):
    """The decisions of the given kinds in random legal games of BugHunt(**options), `steps` moves in
    all (as positions, with the squad and options chosen; a game over, the next one)."""
    rng = random.Random(seed)
    game = 0
    while steps > 0:
        g = BugHunt(**options)
        g.reset(seed * 1000 + game)
        game += 1
        while not g.is_terminal() and steps > 0:
            if g.decision is not None and g.decision.kind in kinds:
                yield g
            g.apply(rng.choice(g.legal_actions()))
            steps -= 1


def share_out(pairs, per_goal: int, me: int):
    """The tactics' share-out rule: the (steps, figure, goal) pairs taken in order while the figure
    has no goal and the goal has room (fewer than per_goal figures); me's goal, or None."""
    taken, load = {}, {}
    for _, i, g in sorted(pairs):
        if i not in taken and load.get(g, 0) < per_goal:
            taken[i], load[g] = g, load.get(g, 0) + 1
    return taken.get(me)


def grown_colonies(seed: int, sizes, tries: int):
    """For each number of sections in `sizes`, a colony grown so (test_bh_layout.grow), yielded
    `tries` times with one random.Random(seed) for the test's own draws: (rng, colony)."""
    from test_bh_layout import grow
    rng = random.Random(seed)
    for steps in sizes:
        col = grow(seed, steps)
        for _ in range(tries):
            yield rng, col


def plain_room_centres(game) -> tuple[int, ...]:
    """The centres of the rooms not entered, by the rule (geometry.room_centres without its cache)."""
    return tuple(game.sq(((p["rect"][0] + p["rect"][2]) // 2, (p["rect"][1] + p["rect"][3]) // 2))
                 for p in game.colony.pieces if p["kind"] == "room" and not p["entered"])


def plain_exploration_goals(game) -> tuple[int, ...]:
    """The rooms not entered, then the pending doors and the squares inside the pending open ends, by
    the rule (geometry.exploration_goals without its cache)."""
    ports = []
    for port in game.colony.ports:
        if port["state"] == "pending":
            if port["kind"] == "door":
                ports.append(game.sq(port["door"]))
            else:
                dr, dc = CARDINAL[port["d"]]
                ports.append(game.step_sq(game.sq(port["cells"][0]), -dr, -dc))
    return plain_room_centres(game) + tuple(ports)


def plain_squad_row(g, h) -> list[float]:
    """A squad figure's row of the observation written out from docs/rules/bug_hunt.md's squad
    view: status (active, dead, captured, unconscious: any other), hugged, AP, activated,
    over-watch, leader, role (marine, civilian, android: a predator and a power loader count in
    two), weapon (pulse rifle, pistol, smart-gun, flame-thrower: the combi weapon and the midi guns
    in two), row, column (0 off the board), LP, squad."""
    active = h.status == "active"
    r, c = divmod(h.pos, g.size) if active else (0, 0)
    return [float(active), float(h.status == "dead"), float(h.status == "captured"),
            float(h.status not in ("active", "dead", "captured")), float(h.hugger != NO), min(h.ap, 4) / 4,
            float(h.activated), float(h.overwatch), float(h.leader),
            float(h.role in ("marine", "predator")), float(h.role in ("civilian", "power_loader")),
            float(h.role in ("android", "predator", "power_loader")),
            float(h.weapon in ("pulse_rifle", "combi_weapon")), float(h.weapon in ("pistol", "midi_guns")),
            float(h.weapon in ("smart_gun", "combi_weapon", "midi_guns")), float(h.weapon == "flame_thrower"),
            r / g.size if active else 0.0, c / g.size if active else 0.0, min(h.lp, 4) / 4,
            h.squad / max(1, g.n_squads - 1)]


# the hive's step rule written out plainly (state.occupied's set, geometry.dijkstra's field): what
# xeno.alien_steps, xeno.rulebook_steps and xeno.target_field are held to (test_bh_hive_choices,
# test_hive_open_steps)
def target_field_plainly(game, hugger: bool) -> np.ndarray:
    targets = [h.pos for i, h in enumerate(game.humans) if state.exposed(game, h) and h.role != "android"
               and h.pos != NO and not combat.in_combat(game, i)]
    return geometry.dijkstra(game, targets, hugger)


def alien_steps_plainly(game, i: int) -> dict:
    a = game.aliens[i]
    occ, door, out = state.occupied(game), game.rules["ap_cost"]["door"], {}
    chamber = state.room_of(game, a.pos) if a.anchored else NO
    for d, near in enumerate(game.colony.around(a.pos)):
        if near is None:
            continue
        n, cell, cost, corner_ok = near
        if a.anchored and state.room_of(game, n) != chamber:
            continue
        if cell == DOOR_CLOSED:
            if d % 2 == 0 and a.kind != "face_hugger" and a.ap >= door:
                out[d] = (n, door)
        elif PASSABLE_BY_CODE[cell] and n not in occ and corner_ok and cost <= a.ap:
            out[d] = (n, cost)
    return out


def rulebook_steps_plainly(game, i: int) -> list[int]:
    a = game.aliens[i]
    if combat.humans_beside(game, a.pos):
        return []
    field = target_field_plainly(game, a.kind == "face_hugger")
    here = int(field[a.pos])
    best = min([here] + [int(field[n]) for n, _ in alien_steps_plainly(game, i).values()])
    if best == here:
        return []
    return [d for d, (n, _) in sorted(alien_steps_plainly(game, i).items()) if int(field[n]) == best]
