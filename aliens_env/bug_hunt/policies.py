"""Built-in Bug Hunt players: the solo dice AI (the hive as the rulebook's tables say) and
scripted marines (a baseline to measure against)."""
from __future__ import annotations

import numpy as np

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

from ..core.actions import ActionLayout
from ..core.board import NO
from ..core.policy import SeedablePolicy, legal_action_array
from .colony import DOOR_CLOSED, DOOR_LOCKED
from .combat import target_square, weapon_range
from .geometry import NOT_WALKED, entry_squares, exploration_goals, layout_cache, rng, sq, walk_kept
from .marines import grenade_slot, marine_numbers, targets
from .state import UNREACHABLE, Alien, GameRecords, Human


def near_friend(game, square: int) -> bool:
    """An able squad figure stands on or beside `square` (a loop: its figures typed; cpdef, policies.pxd:
    the squad's shot and the tactics call it in C)."""
    for o in game.humans:
        if o.status == "active" and rng(game, o.pos, square) <= 1:
            return True
    return False


def walkers(game) -> list[int]:
    """The squad figures that walk: active, on the map and outside the APC (a loop: its figures typed;
    cpdef, policies.pxd: the tactics' share-out calls it in C)."""
    out = []
    for i, h in enumerate(game.humans):
        if h.status == "active" and h.pos != NO and not h.in_apc:
            out.append(i)
    return out


def _closer_step(dist, mask, around, pos: int, move: int, door: int, pick_lock: int, apc_sq: int) -> int:
    """ScriptedMarines.step_toward's look round the active figure on square `pos`: its legal step (a
    move, or opening or unlocking the door ahead) that brings it closer along `dist` (walking steps to
    the goals) than it stands, NO when none does. `around`: the square's neighbours (colony.around).
    Typed in policies.pxd: the field read as a C array (the figure's own steps too, as steps_on reads
    them); the mask read only where a step is closer (most neighbours are not)."""
    # (C longs: the loop's tests box nothing)
    unreachable, door_closed, door_locked = UNREACHABLE, DOOR_CLOSED, DOOR_LOCKED
    here = NOT_WALKED if pos == NO else dist[pos]  # (steps_on's steps: at or above UNREACHABLE, no step is closer)
    best, choice = here, NO
    for dd in range(4):  # CARDINAL (N, E, S, W) are DIRECTIONS 0, 2, 4, 6
        near = around[2 * dd]  # (square, cell, ...), None off the grid
        if near is None:
            continue
        n, cell = near[0], near[1]
        steps = dist[n]
        if steps >= unreachable:
            continue
        if steps < best and n != apc_sq and mask[move + dd]:
            best, choice = steps, move + dd
        elif cell == door_closed and steps < here and mask[door + dd]:
            return door + dd
        elif cell == door_locked and steps < here and mask[pick_lock + dd]:
            return pick_lock + dd
    return choice


def _walk_steps(game, goals: list[int], field) -> np.ndarray:
    """The walking steps to the goals that step_toward and next_figure read: ``field(sorted(goals))``
    when a field is given (the tactics' round the pods), else the kept walk's (geometry.walk_kept:
    compiled, its C slice, handed on to the typed readers with no buffer asked of the field)."""
    if field is not None:
        return field(sorted(goals))
    return walk_kept(game, goals).steps


@cython.locals(game=GameRecords, h=Human)
def _nearest_figure(game, figures: list[int], dist) -> int:
    """ScriptedMarines.next_figure's pick among `figures`: the least (steps, figure), the
    steps read from `dist` (walking steps to the goals) as steps_on reads them (NOT_WALKED where the
    walk does not reach or the figure is off the map). Typed in policies.pxd: the field read as a C
    array, the steps C longs, the module's constants read into C longs once)."""
    no, not_walked, unreachable = NO, NOT_WALKED, UNREACHABLE
    best, best_steps = no, not_walked + 1  # (above any figure's steps: the first is taken)
    for k in range(len(figures)):
        i = figures[k]
        h = game.humans[i]
        pos = h.pos
        steps = not_walked if pos == no else dist[pos]
        if steps >= unreachable:
            steps = not_walked
        if steps < best_steps or (steps == best_steps and i < best):
            best, best_steps = i, steps
    return best


@cython.locals(game=GameRecords, h=Human, no=cython.long, me=object, taken=list, rows=list, entry=tuple,
               k=cython.Py_ssize_t, j=cython.Py_ssize_t, x=cython.long, held=cython.long, row=cython.long,
               deep=cython.long, home=list, free=cython.bint)
def _home_squares(game) -> list[int]:
    """ScriptedMarines._goals once the search is done: the deepest entry squares no other active
    figure holds (in square order), so the first back make room for the rest. Read from the last
    entry square back: they are in square order, so the rows only fall (or stay) along the way, and
    the deepest free row is the first free square's. (Loops on C longs: the few squares held
    compared one by one, no set made; the figures typed.)"""
    no = me = NO  # (no a C long: the rows' test boxes nothing; me an int, as the figures' squares it is compared with)
    if game.active != no:
        h = game.humans[game.active]
        me = h.pos
    taken = []
    for h in game.humans:
        if h.status == "active" and h.pos != me:
            taken.append(h.pos)
    rows = game.colony.rows_cols[0]  # each square's row (as game.rc(x)[0])
    entry = entry_squares(game)
    deep, home = no, []
    for k in range(len(entry) - 1, -1, -1):
        x = entry[k]
        row = rows[x]
        if deep != no and row != deep:
            break
        free = True
        for j in range(len(taken)):
            held = taken[j]
            if held == x:
                free = False
                break
        if free:
            deep = row
            home.append(x)
    home.reverse()  # (in square order)
    return home


# The scripted squad's play, module functions so the squad and the tactics call them in C (policies.pxd);
# ScriptedMarines' static methods shot, next_figure, step_toward and _goals are these.
def squad_shot(game, mask: np.ndarray, spare_eggs: bool = False) -> int | None:
    """The active figure's shot: a grenade at the first Alien (not a Face-Hugger) in a crowd
    at range 3 or more with no squad figure beside it, else fire at the first target it can
    hit (a flame-thrower only where no squad figure stands beside the target), in target
    order; egg caches skipped when `spare_eggs`; None when there is none. (Loops on typed
    locals: the crowd counted by a loop over the Aliens, no generator.)"""
    layout, h = game.layout, game.humans[game.active]
    shots = targets(game)
    for k in range(len(shots)):
        t = shots[k]
        if spare_eggs and t[0] == "egg":
            continue
        square = target_square(game, t)
        slot = grenade_slot(game, game.active, square) if t[0] == "alien" else None
        if slot is not None and game.aliens[t[1]].kind != "face_hugger" and mask[layout.encode("grenade", slot)]:
            crowd = 0
            for a in game.aliens:
                if a.alive and rng(game, a.pos, square) <= 1:
                    crowd += 1
            if crowd >= 2 and not near_friend(game, square) and rng(game, h.pos, square) >= 3:
                return layout.encode("grenade", slot)
        if mask[layout.encode("fire", k)]:
            if h.weapon == "flame_thrower" and near_friend(game, square):
                continue
            return layout.encode("fire", k)
    return None


def squad_next_figure(game, field=None) -> int:
    """The figure the squad activates next: the one nearest its goals, so the file does not
    jam in the corridor (NO when only the APC is left). `field` (sorted goals -> walking
    steps per square, UNREACHABLE where none) reads the steps, game.walk_field when None (its
    kept steps, _walk_steps). The nearest is the least (steps, figure): _nearest_figure. With no
    `field` it is kept with the open decision as squad_goals is (BugHuntTactics' observation reads
    it, then the commander's tactic at the same decision)."""
    if field is not None:
        return _next_figure(game, field)
    reads, decision = squad_reads(game), game.decision
    if decision is not None and reads.figure_at is decision:
        return reads.figure
    figure = _next_figure(game, None)
    reads.figure_at, reads.figure = decision, figure
    return figure


def _next_figure(game, field) -> int:
    """squad_next_figure worked out (`field` as there)."""
    count, figures = len(game.humans), []
    for i in game.decision.options:
        if i < count:
            figures.append(i)
    if not figures:
        return NO
    goal = squad_goals(game)  # (a C call)
    if not goal:
        return min(figures)  # (every figure NOT_WALKED steps away: the first)
    return _nearest_figure(game, figures, _walk_steps(game, goal, field))


def squad_step(game, goals: list[int], mask: np.ndarray, field=None) -> int | None:
    """The active figure's step (a move, or opening or unlocking the door ahead) that brings
    it closer to the nearest of `goals` (squares), or None when no legal step does. `field`
    (sorted goals -> walking steps per square, UNREACHABLE where none) reads the steps,
    game.walk_field when None (its kept steps, _walk_steps): squad_step_along them."""
    if not goals:
        return None
    return squad_step_along(game, _walk_steps(game, goals, field), mask)


def squad_step_along(game, dist, mask: np.ndarray) -> int | None:
    """squad_step along `dist`, the walking steps to the goals (a field of int32 steps per square,
    UNREACHABLE where none: the tactics hand a goal's kept field): five squares are read, so no dict
    of every square is made. None is refused (compiled, a typed view takes None as an empty one)."""
    if dist is None:
        raise TypeError("squad_step_along: dist must be a walking field (steps per square), not None")
    numbers = marine_numbers(game)  # the move, door and pick-lock slots as marine_mask reads them (C fields)
    h = game.humans[game.active]
    pos = h.pos
    apc_sq = game.apc["pos"] if game.apc is not None else NO
    step = _closer_step(dist, mask, game.colony.around(pos), pos, numbers.move, numbers.door, numbers.pick_lock,
                        apc_sq)
    return None if step == NO else step


class SquadReads:
    """What the squad worked out at a position, kept with the decision open there (squad_reads):
    its goals (squad_goals) at decision ``goals_at``, its next figure (squad_next_figure, no field
    given) at decision ``figure_at``. No position changes while its decision object stays open
    (core/game.py, PhasedGame: a new position opens a new one), and a kept decision is held, so no
    other can be that object; the record is the game's own (in its layout cache: no clone or pickle
    shares it, and a new layout version empties it). Written in place (compiled, C fields): no
    entry made and dropped at each position."""

    def __init__(self):
        self.goals_at = self.figure_at = None
        self.goals = None
        self.figure = NO


@cython.locals(shared=dict, reads=SquadReads)
def squad_reads(game) -> SquadReads:
    """The game's SquadReads, in its layout cache (made anew after a new layout version empties it)."""
    shared = layout_cache(game)
    reads = shared.get("squad_reads")
    if reads is None:
        reads = shared["squad_reads"] = SquadReads()
    return reads


def squad_goals(game) -> list[int]:
    """The squares the squad walks toward: home once the search is done (_home_squares), the
    Queen once she is seen (kill_queen), else the ready comms terminals (when one would still
    tell something), then the rooms not entered and the open ends (game.exploration_goals()).
    Kept with the open decision (squad_reads): one list its readers share (none changes it),
    worked out once a position though the squad's play, its tactics and BugHuntTactics'
    observation each read it."""
    reads, decision = squad_reads(game), game.decision
    if decision is not None and reads.goals_at is decision:
        return reads.goals
    goals = _goals_worked_out(game)
    if decision is not None:  # (a game over: no decision to keep them with)
        reads.goals_at, reads.goals = decision, goals
    return goals


def _goals_worked_out(game) -> list[int]:
    """squad_goals worked out. (Loops over the figures, typed: their fields read from the struct.)"""
    mission = game.mission
    objective = mission["objective"]
    if objective == "explore_and_return" and game.rooms_entered >= mission["rooms"]:
        return _home_squares(game)
    if objective == "kill_queen":
        queens = []
        for a in game.aliens:
            if a.alive and a.kind == "queen":
                queens.append(a.pos)
        if queens:
            return queens
    terminals = []
    if game.satellite_comms and mission["brood_chamber"] and not (game.brood_found or game.brood_located):
        for f in game.features:
            if f["kind"] == "comms_terminal" and f["state"] == "ready":
                terminals.append(sq(game, f["pos"]))
    terminals.extend(exploration_goals(game))  # (the terminals first, then the exploration goals: a new list)
    return terminals


#: squad_act's answer where the scripted choice is the walk toward the goals (ScriptedMarines._walk), not yet
#: worked out: a tactic that throws the scripted step away never works it out (no action has this number)
WALK = -2


def squad_act(game, mask: np.ndarray) -> int:
    """ScriptedMarines.choose at an act decision, short of the walk: the comms uplink when it is legal,
    else the shot (squad_shot), else over-watch when an Alien among the targets is within the weapon's
    range (no shot left this turn: watch them), else WALK (the step toward the goals, else hold:
    ScriptedMarines._walk). Reads only: no dice rolled, nothing kept."""
    layout, h = game.layout, game.humans[game.active]
    if mask[layout.encode("comms")]:
        return layout.encode("comms")
    shot = squad_shot(game, mask)  # (a C call: no tactic changes the scripted shot)
    if shot is not None:
        return shot
    in_reach = False  # an Alien among the targets within the weapon's range
    for t in targets(game):
        if t[0] == "alien" and rng(game, h.pos, target_square(game, t)) <= weapon_range(game, h.weapon):
            in_reach = True
            break
    if in_reach and mask[layout.encode("overwatch")]:
        return layout.encode("overwatch")
    return WALK


def squad_walk(game, goals: list[int], mask: np.ndarray, field=None) -> int:
    """ScriptedMarines._walk toward `goals`: the step toward them (squad_step, reading `field` as it
    does), else hold (squad_hold). (A C call from the squad and the tactics.)"""
    step = squad_step(game, goals, mask, field)
    return squad_hold(game, mask) if step is None else step


def squad_hold(game, mask: np.ndarray) -> int:
    """Over-watch when it can be paid for with AP to spare, else end the activation (the scripted
    walk with no step, and the tactics' hold)."""
    layout, h = game.layout, game.humans[game.active]
    return layout.encode("overwatch") if mask[layout.encode("overwatch")] and h.ap >= 2 else layout.encode("end")


class BugHuntDiceAI:
    """Solo play: every hive choice made as the rules say (see BugHunt.dice_ai_action); the
    dice it rolls are the game's own, so a seed fixes the game."""

    name = "dice"

    def act(self, game, player: str) -> int:
        if player == "hive":
            return game.dice_ai_action()
        legal = legal_action_array(game, player)
        return int(legal[game.dice.pick(len(legal))])


class ScriptedMarines(SeedablePolicy):
    """A simple squad: shoot the nearest target in reach (grenade at a crowd), otherwise walk
    toward the nearest unexplored open end or unentered room (home to the entry once the search
    is done, or the Queen once she is seen), opening doors on the way; a figure with nothing to
    do goes into over-watch. The equipment operator picks electronic locks on the way and uses a
    comms terminal when it can. The APC (optional) is left alone: nobody boards it, figures that
    start inside get out, and when it must be activated it fires its midi-gun at the nearest
    target while it can, then stops. Reads the open state (open information) and the game's public
    rule queries (the rule modules' functions called directly: the game typed, its records read
    from the struct, the slots encoded by the typed layout; tests/bug_hunt/test_bh_env.py's
    test_the_scripted_squad_uses_only_public_rule_queries holds them to public names); keeps nothing
    inside the game but its goals and next figure at the open decision, in the game's layout cache
    (squad_reads)."""

    name = "heuristic"

    def act(self, game, player: str) -> int:
        return self.choose(game, game.script_mask(player))

    @cython.locals(game=GameRecords, layout=ActionLayout, kind=str)
    def choose(self, game, mask) -> int:
        """act's choice, reading the position's script mask `mask` (read only, here and in the
        tactics: no copy; no unread grenade slot; TacticMarines.act hands its tactic the same)."""
        layout = game.layout  # layout.encode(name, index): the action of slice name, index (0 unless given)
        kind = game.decision.kind
        if kind == "act":  # (the other kinds are rarer: an act decision makes one comparison)
            action = squad_act(game, mask)  # (a C call)
            return self._walk(game, mask) if action == WALK else action
        if kind == "activate":
            figure = self.next_figure(game)
            return layout.encode("activate_apc") if figure == NO else layout.encode("activate", figure)
        if kind == "drive":  # the APC: its midi-gun at the nearest target, then it stops
            return layout.encode("fire") if mask[layout.encode("fire")] else layout.encode("end")
        if kind == "overwatch_fire":
            return layout.encode("overwatch_fire", 1)  # always takes the shot
        if kind == "extra_hit":
            return layout.encode("extra_hit")  # the nearest to a target already hit
        return int(np.flatnonzero(mask)[0])

    def _walk(self, game, mask) -> int:
        """choose's walk (where squad_act answers WALK): the step toward the goals, else hold
        (squad_walk; TacticMarines' reads its own walking steps)."""
        return squad_walk(game, self._goals(game), mask)

    shot = staticmethod(squad_shot)

    next_figure = staticmethod(squad_next_figure)

    step_toward = staticmethod(squad_step)

    _goals = staticmethod(squad_goals)
