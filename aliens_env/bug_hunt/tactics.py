"""Bug Hunt with the Marines commanded by tactics ("BugHuntTactics", ASSUMPTION A66).

The rules, the colony, the dice, the hive's decisions and the observation are Bug Hunt's. Only
the Marines decide differently: at each Marine decision outside an activation being played (which
figure goes next, a figure's first action, an over-watch shot) they choose one *tactic*, a way
for the scripted squad (``ScriptedMarines``) to play, and that tactic plays on until the next
figure's activation or the hive's next decision. Tactic 0 is the scripted squad itself, so a
commander who always picks it plays exactly the scripted squad's game; the others are listed in
rules.yaml: tactics. The tactic slice is appended after Bug Hunt's slices, so every Bug Hunt
action keeps its number (the dice AI and hive policies read the same indices). With
``shaping=True`` the commander's potential pays progress only, rules.yaml ``tactics_shaping``:
rooms entered and the Brood Chamber found (ASSUMPTION A69, ``shaping_value``), not Bug Hunt's
shaping with its kills and losses. Its compact observation (the environments'
``observation="compact"``, through the Game contract's ``compact_layout`` and ``observe_compact``)
is its own: Bug Hunt's views after the map planes and the tactical distances (ASSUMPTION A67,
tactics_obs).

As ReactorRoomTactics: the network chooses, the script carries out (docs/training.md).
"""
from __future__ import annotations

from array import array
from functools import partial

import numpy as np

from ..core.actions import ActionLayout
from ..core.commander import CommandedSide, HeuristicCommander  # noqa: F401  (HeuristicCommander: the registry's heuristic)
from ..core.game import Decision
from . import data_files, observation, tactics_obs
from .combat import target_square
from .geometry import NOT_WALKED, layout_cache, rng, room_centres, steps_on
from .marines import grenade_slot, targets
from .colony import CARDINAL, DOOR_LOCKED, UNEQUIPPED_WALKER, WALKER
from .game import BugHunt
from .policies import (WALK, ScriptedMarines, near_friend, squad_act, squad_hold, squad_next_figure,
                       squad_step, squad_step_along, squad_walk, walkers)
from .state import NO, UNREACHABLE, Alien, GameRecords, Human

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

TACTICS = ("heuristic", "hold", "regroup", "press", "rooms", "spread", "grenades", "spare_eggs", "push", "run_past",
           "fan_out", "fire_teams", "ambush", "bypass")
#: the refusal of the game option observation (it was one until session 64)
OBSERVATION_MOVED = ("observation is no longer an option of BugHuntTactics: its compact observation (A67) is the "
                     "environments' observation=\"compact\" (gym.make / the PettingZoo env(), train.py's top-level config "
                     "key observation, a policy file's header)")

#: one walk not walked (NO) as a C long: _claim's walks are copies of it, one a (figure, goal) pair
_NO_WALK = array("l", [NO])

STEPS = ("move", "door", "pick_lock")
SHOTS = ("comms", "fire", "grenade")


def _kind(game, action) -> str:
    """The kind of an action (its slice's name). (cpdef, tactics.pxd: decode a C call.)"""
    layout = game.layout
    return layout.decode(action)[0]


def _queen_seen(game) -> bool:
    """A live Queen anywhere on the map: the Brood Chamber's once it is found, or one the
    activation table brings before it is found. (cpdef, tactics.pxd: a loop, the Aliens typed.)"""
    for a in game.aliens:
        if a.alive and a.kind == "queen":
            return True
    return False


def _alien_targeted(game) -> bool:
    """An Alien among the active figure's targets (marines.targets). (cpdef, tactics.pxd: a loop, the
    targets typed.)"""
    for t in targets(game):
        if t[0] == "alien":
            return True
    return False


def _feature_squares(game, kind: str) -> tuple[int, ...]:
    """The squares of the features of `kind` (a "sentry" pod or a "comms_terminal", in any state),
    sorted. Kept in the layout cache by the number of features (features are only ever added, each
    keeping its kind and square; a pod or terminal comes with a laid section). (cpdef, tactics.pxd:
    the share-out calls it in C.)"""
    shared = layout_cache(game)
    key = ("feature_squares", kind, len(game.features))
    squares = shared.get(key)
    if squares is None:
        found = []  # (a loop, not a generator: none in a cpdef function)
        for f in game.features:
            if f["kind"] == kind:
                found.append(game.sq(f["pos"]))
        squares = shared[key] = tuple(sorted(found))
    return squares


def _pod_squares(game) -> tuple[int, ...]:
    """The squares of the auto sentry pods, in any state (on, off or wrecked): a pod occupies its
    square (ASSUMPTION A23), so no figure walks through it. (cpdef, tactics.pxd: called in C.)"""
    return _feature_squares(game, "sentry")


def _pod_field(game, goals: list[int], mover=WALKER, pods: tuple | None = None) -> np.ndarray:
    """``game.colony.field(goals, mover)`` (orthogonal steps, each 1, to the nearest goal) with the
    squares of the auto sentry pods left out, so a walk goes round a pod instead of through it
    (ASSUMPTION A73). A goal on a pod's square still counts (a figure walks up beside it: an open
    end is laid once it is seen). With no pod laid it is the colony's own field; else the colony's
    field with the pods' squares closed (kept by the colony per layout version, as every field).
    `pods`: the pods' squares when the caller has them (_goal_view's key), _pod_squares when None.
    (cpdef, tactics.pxd: _goal_view calls it in C.)"""
    if pods is None:
        pods = _pod_squares(game)
    if not pods:
        return game.colony.field(list(goals), mover)
    # (the pods' squares closed; weighted and goal_cost given: a C call names no argument after one it skips)
    return game.colony.field([s for s in goals if s != NO], mover, False, None, pods)


def _locks_laid(game) -> bool:
    """Is an electronic lock laid anywhere (a DOOR_LOCKED square)? Kept in the layout cache (a lock
    is laid, picked or cut only with a change of the layout). (cpdef, tactics.pxd: _goal_fields calls it in C.)"""
    shared = layout_cache(game)
    laid = shared.get("locks_laid")
    if laid is None:
        laid = shared["locks_laid"] = bool((game.colony.cells == DOOR_LOCKED).any())
    return laid


def _kept_steps(field: np.ndarray):
    """A goal's walking field as _goal_view keeps it for _read_walks and _nearest_of: compiled, a typed view of the
    array (tactics.pxd), which a later typed read takes as it is (no buffer asked of the array nor
    its format checked again); as Python, the array itself."""
    return field


def _goal_view(game, goal: int, equipped: bool, pods: tuple):
    """The walking field to one goal (``_walk_field(game, [goal], mover)``) of a figure with the
    equipment (WALKER) or without it (UNEQUIPPED_WALKER), round the squares `pods` (bypass's: the
    pods', _pod_squares, as _pod_field) or the colony's own field when `pods` is empty; as
    _kept_steps keeps it.
    Kept in the layout cache by (equipped, pods) and the goal: a goal's field is worked out once a
    layout version, whatever goals it comes with (_goal_fields, spread), each later read one dict
    look-up, no call of the colony. Typed in tactics.pxd."""
    shared = layout_cache(game)
    key = ("goal_views", equipped, pods)
    views = shared.get(key)
    if views is None:
        views = shared[key] = {}
    view = views.get(goal)
    if view is None:
        # (round the key's pods, none when it is empty: bypass's are _pod_squares, _pod_field's own)
        view = views[goal] = _kept_steps(_pod_field(game, [goal], WALKER if equipped else UNEQUIPPED_WALKER, pods))
    return view


def _goal_fields(game, goals, pods: tuple) -> list[tuple]:
    """Per distinct goal, (goal, the walking field to it of a figure without the equipment, of one
    with it, is it a comms terminal's square), each field a _goal_view round `pods`; with no
    electronic lock laid the two walkers' fields are one. Kept in the layout cache by the goals,
    `pods` and the number of features (as _feature_squares keeps the terminals'), so _claimed_goal
    looks them up once a call. (A repeated goal is left out: its pairs would repeat the first's,
    each passed over as the first was.) Typed in tactics.pxd."""
    shared = layout_cache(game)
    key = ("goal_fields", tuple(goals), pods, len(game.features))
    fields = shared.get(key)
    if fields is None:
        locks = _locks_laid(game)  # (the two walkers differ only at electronic locks)
        terminals = _feature_squares(game, "comms_terminal")
        fields, seen = [], set()
        for g in goals:
            if g not in seen:
                seen.add(g)
                walked = _goal_view(game, g, True, pods)
                fields.append((g, _goal_view(game, g, False, pods) if locks else walked, walked, g in terminals))
        shared[key] = fields
    return fields


def _claim(game, goals, per_goal: int, pods: tuple):
    """TacticMarines._claimed_goal with the walking fields round `pods` (bypass's pods, else none):
    the goal the active figure claims with its fields, (goal, the unequipped walker's field, the
    equipped walker's: WALKER's, is it a terminal) as _goal_fields keeps them, None when it is left
    without one. Typed in tactics.pxd: the figures read from the typed Humans, the kept fields and
    the share-out C calls."""
    me = game.active
    figures, squares, equipment = [], [], []
    mine, any_plain, any_equipped = False, False, False
    for i in walkers(game):  # (in ascending order, as _share_out reads them)
        h = game.humans[i]
        if h.hugger == NO:
            mine = mine or i == me
            figures.append(i)
            squares.append(h.pos)
            equipment.append(bool(h.equipment))
            if h.equipment:
                any_equipped = True
            else:
                any_plain = True
    if not mine:
        return None
    goal_fields = _goal_fields(game, goals, pods)
    count = len(figures)
    walks = _NO_WALK * (len(goal_fields) * count)  # (C longs: read and written in C by the typed view)
    for j in range(len(goal_fields)):
        g, unequipped_field, equipped_field, terminal = goal_fields[j]
        row = j * count
        if terminal:  # (only a figure with the equipment uses a comms terminal)
            if any_equipped:
                _read_walks(walks, row, equipped_field, squares, equipment, False, True)
        elif unequipped_field is equipped_field:  # (no electronic lock laid: one field for every figure)
            _read_walks(walks, row, equipped_field, squares, equipment, True, True)
        else:
            if any_plain:
                _read_walks(walks, row, unequipped_field, squares, equipment, True, False)
            if any_equipped:
                _read_walks(walks, row, equipped_field, squares, equipment, False, True)
    j = _share_out(walks, figures, goal_fields, me, per_goal)
    return None if j == NO else goal_fields[j]


def _read_walks(walks, row: int, field: np.ndarray, squares: list, equipment: list, plain: bool,
                equipped: bool) -> None:
    """_claimed_goal's walks to one goal along `field` (the goal's walking field): for each figure k
    (on squares[k]) without the equipment when `plain`, with it when `equipped`, walks[row + k] =
    its walking steps, NO where the walk does not reach the goal. Typed in tactics.pxd: the field
    and the walks (an array of C longs) read and written as C arrays."""
    unreachable = UNREACHABLE  # (a C long: the loop's test boxes nothing)
    for k in range(len(squares)):
        if equipped if equipment[k] else plain:
            square = squares[k]
            steps = int(field[square])  # (a Python int in pure Python: no int32 arithmetic below)
            walks[row + k] = steps if steps < unreachable else NO


def _share_out(walks, figures: list, goal_fields: list, me: int, per_goal: int) -> int:
    """_claimed_goal's share-out: the index (in goal_fields: (goal, ...) each) of the goal figure `me`
    claims, NO when it is left without one. walks[j * len(figures) + k]: figure k's walking steps to
    goal j, NO where it has no walk there (an array of C longs, figures in ascending order; it is spent). The
    (steps, figure, goal) pairs are taken in order while the figure has no goal and the goal has
    fewer than `per_goal`: each round takes the least pair left whose goal has room, and the walks
    of the figure it gives a goal are struck out (a pair passed over stays so: figures only get
    goals and goals only fill), until me's is taken. The goals are distinct (_goal_fields). Typed
    in tactics.pxd: C loops over the walks read as a C array, no pair made."""
    none = NO  # (a C long: the loops' tests box nothing)
    count, goals = len(figures), len(goal_fields)
    load = [0] * goals
    while True:
        best_j = best_k = best_steps = best_goal = none
        for j in range(goals):
            if load[j] >= per_goal:
                continue
            goal = goal_fields[j][0]
            for k in range(count):
                steps = walks[j * count + k]
                if steps != none and (best_k == none or steps < best_steps or (steps == best_steps and (
                        k < best_k or (k == best_k and goal < best_goal)))):
                    best_j, best_k, best_steps, best_goal = j, k, steps, goal
        if best_k == none or figures[best_k] == me:
            return best_j
        load[best_j] += 1
        for j in range(goals):
            walks[j * count + best_k] = none


def _nearest_of(field: np.ndarray, square: int, others: list) -> bool:
    """spread's test of one goal: does `field` (the goal's walking field) reach `square` (under
    UNREACHABLE) in no more steps than it reaches any of the squares `others`? Typed in tactics.pxd:
    the field read as a C array."""
    mine = field[square]
    if mine >= UNREACHABLE:
        return False
    for k in range(len(others)):
        if field[others[k]] < mine:
            return False
    return True


# The tactics' play of the scripted squad: module functions, so the plays call them in C (tactics.pxd), each
# handed the tactic (`tactic`: its _goals and step_toward, an instance's own read, _walk_field and _round_pods);
# TacticMarines' _walk and _leads_to are these (an instance's own _walk, _scripted or fan_out is not read by the plays).
def _walking_steps(tactic, game):
    """The walking steps the tactic's squad reads, as squad_step and squad_next_figure take them
    (`field`): round the sentry pods for bypass (A73, _pod_field), the game's own (None) else."""
    return partial(_pod_field, game) if tactic._round_pods else None


def _walk(tactic, game, mask) -> int:
    """ScriptedMarines._walk of the tactic: toward its goals along its walking steps (squad_walk)."""
    return squad_walk(game, tactic._goals(game), mask, _walking_steps(tactic, game))


def _scripted(tactic, game, mask, action) -> int:
    """The scripted squad's choice: `action` (squad_act's), its walk worked out (_walk) where it is WALK."""
    return _walk(tactic, game, mask) if action == WALK else action


def _walk_or(tactic, game, mask, goals, otherwise) -> int:
    """The step toward `goals` (the tactic's step_toward, an instance's own read), else `otherwise`."""
    step = tactic.step_toward(game, goals, mask)
    return otherwise if step is None else step


def _pods(tactic, game) -> tuple[int, ...]:
    """The squares every walking distance the squad reads goes round: the pods' for bypass, none
    else (_goal_view's `pods`)."""
    return _pod_squares(game) if tactic._round_pods else ()


def _leads_to(game, step) -> int:
    """The square a step (a move, or the door it opens or unlocks) of the active figure leads to."""
    dr, dc = CARDINAL[game.layout.decode(step)[1]]
    return game.step_sq(game.humans[game.active].pos, dr, dc)


def _lengthens(game, step, field: np.ndarray) -> bool:
    """Does the step lead the active figure farther along `field` (walking steps to the
    nearest of some goals, ``game.walk_field``: the scripted squad's field) than it stands?
    Such a step would be walked straight back by the script at its next action."""
    return steps_on(field, _leads_to(game, step)) > steps_on(field, game.humans[game.active].pos)


def _fan(tactic, game, mask, action, per_goal: int) -> int:
    """Walk to the claimed goal (_claimed_goal) where the scripted squad would walk, wait
    or over-watch with nothing in reach, until the Queen is seen; with no step toward it
    (blocked, or the AP short), hold rather than take a scripted step away from it; else
    as scripted. The scripted walk (WALK) is worked out only where it decides: with the Queen seen or
    an Alien among the targets (its over-watch kept), with fewer than two goals or none claimed, or
    with no step toward the claimed goal. (_queen_seen and _alien_targeted worked out once each.)"""
    queen = _queen_seen(game)
    if action == WALK:
        if queen:
            return _walk(tactic, game, mask)
        if _alien_targeted(game):
            action = _walk(tactic, game, mask)
            if _kind(game, action) == "overwatch":
                return action  # the scripted squad watches Aliens in reach
    else:  # (a shot, comms, over-watch with an Alien in reach or the hold: squad_act's)
        kind = _kind(game, action)
        if queen or kind in SHOTS or (kind not in STEPS and kind != "end" and kind != "overwatch"):
            return action
        if kind == "overwatch" and _alien_targeted(game):
            return action  # the scripted squad watches Aliens in reach
    goals = tactic._goals(game)
    if len(goals) < 2:
        return _scripted(tactic, game, mask, action)
    claimed = _claim(game, goals, per_goal, _pods(tactic, game))
    if claimed is None:
        return _scripted(tactic, game, mask, action)
    # step_toward the claimed goal, along WALKER's walk to it (round the pods for bypass) as step_toward read it
    goal, walk = claimed[0], claimed[2]
    step = squad_step_along(game, walk, mask)
    if step is not None:
        return step
    action = _scripted(tactic, game, mask, action)
    if _kind(game, action) in STEPS and _lengthens(game, action, tactic._walk_field(game, [goal])):
        return squad_hold(game, mask)  # not the scripted step away from the claimed goal (it would undo this one's)
    return action


class TacticMarines(ScriptedMarines):
    """The scripted squad playing one tactic (see rules.yaml: tactics); "heuristic" is
    ScriptedMarines move for move."""

    def __init__(self, tactic: str = "heuristic"):
        if tactic not in TACTICS:
            raise ValueError(f"unknown Bug Hunt tactic {tactic!r}; allowed: {list(TACTICS)}")
        super().__init__()  # (a seedable policy: evaluate.py reseeds it; the squad draws nothing)
        self.tactic = tactic
        self.name = f"tactic {tactic}"
        self._keep_play()

    def _keep_play(self) -> None:
        """What the policy reads of its tactic at every act, worked out once from ``tactic``: its play
        (``_play``: the tactic's method, which act calls; None for the scripted squad itself) and
        whether every walking distance the squad reads goes round the sentry pods (``_round_pods``:
        bypass, A73). (Its goals, ScriptedMarines._goals, are kept with the open decision by
        policies' squad_goals.)"""
        self._play = None if self.tactic == "heuristic" else getattr(self, self.tactic)
        self._round_pods = self.tactic == "bypass"

    def __getstate__(self) -> dict:
        """The pickled (and deep-copied) state: the tactic without what _keep_play works out from it
        or keeps (a pickle as before they were kept; the copy's play is bound to the copy, __setstate__)."""
        state = dict(self.__dict__)
        state.pop("_play", None)
        state.pop("_round_pods", None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._keep_play()

    @cython.locals(game=GameRecords)
    def act(self, game, player: str) -> int:
        """The tactic's play of the scripted squad's act choice: squad_act's, WALK where the scripted squad would
        walk (its step worked out only by a play that keeps it: _scripted), so a play that walks or holds
        its own way never works the scripted step out."""
        mask = game.script_mask(player)
        play = self._play
        if play is None or game.decision.kind != "act":
            return self.choose(game, mask)
        return play(game, mask, squad_act(game, mask))

    def _walk(self, game, mask) -> int:
        """ScriptedMarines._walk along the tactic's walking steps (choose's; the plays call _walk in C)."""
        return _walk(self, game, mask)

    # the walking distances the squad reads: round the sentry pods for bypass (A73), else the game's
    # (step_toward and next_figure hand ScriptedMarines _pod_field themselves)
    @cython.locals(game=GameRecords)
    def _walk_field(self, game, goals: list[int], mover=WALKER) -> np.ndarray:
        return _pod_field(game, goals, mover) if self._round_pods else game.colony.field(goals, mover)

    def step_toward(self, game, goals: list[int], mask) -> int | None:
        """ScriptedMarines.step_toward, reading the walking steps round the pods for bypass.
        (Compiled: policies' squad_step a C call.)"""
        return squad_step(game, goals, mask, _walking_steps(self, game))

    def next_figure(self, game) -> int:
        """ScriptedMarines.next_figure, reading the walking steps round the pods for bypass.
        (Compiled: policies' squad_next_figure a C call.)"""
        return squad_next_figure(game, _walking_steps(self, game))


    def hold(self, game, mask, action) -> int:
        """hold: shoot as scripted, never step (where the scripted squad walks it holds, as the walk does
        with no step)."""
        return squad_hold(game, mask) if action == WALK or _kind(game, action) in STEPS else action

    def regroup(self, game, mask, action) -> int:
        """regroup: shoot as scripted, else walk to the nearest squad mate, else hold."""
        if action != WALK and _kind(game, action) in SHOTS:
            return action
        mates = [game.humans[i].pos for i in walkers(game) if i != game.active]
        return _walk_or(self, game, mask, mates, squad_hold(game, mask))

    def press(self, game, mask, action) -> int:
        """press: walk on toward the goals while a step gets closer, shooting only when none does.
        A scripted step is that walk already (the scripted squad steps only toward the goals,
        step_toward), so it is kept rather than worked out again; so is the scripted walk's hold (a
        step toward the goals again would find none)."""
        if action == WALK:
            return _walk(self, game, mask)
        kind = _kind(game, action)
        if kind == "comms" or kind in STEPS:
            return action
        return _walk_or(self, game, mask, self._goals(game), action)

    def rooms(self, game, mask, action) -> int:
        """rooms: shoot as scripted, else toward the nearest room not entered until the Queen is
        seen; with no such step, as press."""
        if action != WALK and _kind(game, action) in SHOTS:
            return action
        if not _queen_seen(game):
            step = self.step_toward(game, room_centres(game), mask)
            if step is not None:
                return step
        return self.press(game, mask, action)

    @cython.locals(game=GameRecords)
    def spread(self, game, mask, action) -> int:
        """spread: walk toward the goals no able squad mate is nearer to (by walking steps; a tie
        keeps the goal), so the squad explores several open ends and rooms at once; else as
        scripted. The walking steps are read from one field per goal, kept per layout version
        (_goal_view; a walking step costs 1 both ways between squares a walker may enter, so a goal's field
        at a figure's square is the figure's walk to the goal; from a square a walker may not
        enter it reads UNREACHABLE, as a walk from there would)."""
        action = _scripted(self, game, mask, action)
        goals = self._goals(game)
        if _kind(game, action) not in STEPS or len(goals) < 2 or _queen_seen(game):
            return action
        mates = [game.humans[i].pos for i in walkers(game) if i != game.active]
        pos, rest = game.humans[game.active].pos, []
        for g in goals:
            if _nearest_of(_goal_view(game, g, True, ()), pos, mates):  # (the colony's WALKER field to g)
                rest.append(g)
        return _walk_or(self, game, mask, rest, action)

    @cython.locals(game=GameRecords, layout=ActionLayout, h=Human, t=tuple)
    def grenades(self, game, mask, action) -> int:
        """grenades: one at any Alien (not a Face-Hugger) in reach, at range 3 or more, with no
        squad figure beside it, crowd or not; else as scripted."""
        layout, h = game.layout, game.humans[game.active]
        for t in targets(game):
            if t[0] != "alien" or game.aliens[t[1]].kind == "face_hugger":
                continue
            square = target_square(game, t)
            slot = grenade_slot(game, game.active, square)
            if slot is not None and mask[layout.encode("grenade", slot)] and rng(game, h.pos, square) >= 3 \
                    and not near_friend(game, square):
                return layout.encode("grenade", slot)
        return _scripted(self, game, mask, action)

    def spare_eggs(self, game, mask, action) -> int:
        """spare_eggs: never shoot an egg cache (firing makes the Aliens' activation likelier,
        rules.yaml activation): the scripted squad's shot at another target, else walk on
        toward the goals, else hold; else as scripted."""
        action = _scripted(self, game, mask, action)
        kind, index = game.layout.decode(action)
        if kind != "fire" or targets(game)[index][0] != "egg":
            return action
        shot = self.shot(game, mask, spare_eggs=True)
        if shot is not None:
            return shot
        return _walk_or(self, game, mask, self._goals(game), squad_hold(game, mask))

    def _detour(self, game, mask, goals) -> int | None:
        """A step toward the nearest goal (by the active figure's walking steps) that a legal step
        brings it closer to, each goal alone: the way round a squad mate blocking the nearest. A
        step is taken only if it does not lengthen the walk to the nearest of all the goals (the
        scripted squad's own field, at the square the step leads to against the figure's), so
        the script does not walk straight back at the next action; stateless."""
        if not goals:
            return None
        mine = game.walk_field([game.humans[game.active].pos])
        nearest = game.walk_field(goals)  # (the walk to the nearest of them: one field for every goal's step)
        for g in sorted(goals, key=lambda x: (steps_on(mine, x), x)):
            if steps_on(mine, g) < NOT_WALKED:  # (a goal the figure can walk to)
                step = self.step_toward(game, [g], mask)
                if step is not None and not _lengthens(game, step, nearest):
                    return step
        return None

    _leads_to = staticmethod(_leads_to)

    def push(self, game, mask, action) -> int:
        """push: never end an activation or over-watch with AP left while some goal can be walked
        to: where the scripted squad would, step toward the nearest goal a legal step gets closer
        to (round a blocking squad mate to the next goal) without lengthening the walk to the
        nearest goal (_detour); else as scripted."""
        action = _scripted(self, game, mask, action)
        if _kind(game, action) not in ("end", "overwatch") or game.humans[game.active].ap < 1:
            return action
        step = self._detour(game, mask, self._goals(game))
        return action if step is None else step

    def run_past(self, game, mask, action) -> int:
        """run_past: with no Alien within 2 squares, walk on toward the goals as push does instead
        of shooting, over-watching or ending (a comms terminal is still used, as press does); else
        as scripted."""
        action = _scripted(self, game, mask, action)
        pos = game.humans[game.active].pos
        kind = _kind(game, action)
        if kind in STEPS or kind == "comms" or any(a.alive and game.rng(a.pos, pos) <= 2 for a in game.aliens):
            return action
        step = self._detour(game, mask, self._goals(game))
        return action if step is None else step

    def _claimed_goal(self, game, goals, per_goal: int) -> int | None:
        """The goal the active figure claims when the squad's walking figures share the goals out,
        at most `per_goal` figures to a goal (ASSUMPTION A70): every (walking steps, figure,
        goal) pair in order, a pair kept while its figure has no goal and its goal has room; None
        when the active figure is left without one (more figures than places). Only a figure
        that can use a goal's way claims it: none with a Face-Hugger on it (it does not activate),
        and without the equipment none behind an electronic lock, nor a comms terminal.
        Stateless: the squad's positions fix it, so the share-out holds within an activation; from
        one turn to the next it may change as the figures move. The walking steps are read from
        one field per goal (the same steps as from the figure: every step costs 1 both ways),
        _goal_fields (round the pods for bypass), not one search per figure: each field kept as a
        typed view and read as a C array by _read_walks (one call a goal for the whole squad where
        the walkers' fields are one), the pairs taken by _share_out's C loops (_claim)."""
        claimed = _claim(game, goals, per_goal, _pods(self, game))
        return None if claimed is None else claimed[0]

    def fan_out(self, game, mask, action) -> int:
        """fan_out: each walking figure makes for a goal of its own (rooms, doors and open ends
        entered in parallel, A70), one figure to a goal; else as scripted."""
        return _fan(self, game, mask, action, 1)

    def fire_teams(self, game, mask, action) -> int:
        """fire_teams: as fan_out with two figures to a goal (the squad splits into pairs)."""
        return _fan(self, game, mask, action, 2)

    @cython.locals(game=GameRecords, layout=ActionLayout, h=Human)
    def ambush(self, game, mask, action) -> int:
        """ambush: fan_out, firing less and at the Queen first (ASSUMPTION A72). Until the Queen is
        seen (_queen_seen: any live Queen on the map, also one the activation table brings before
        the Brood Chamber is found), while the figure's squad has not fired this turn and no live
        Alien not attached to a figure stands within range 1 of the figure, fan_out's shot becomes
        over-watch when over-watch is legal (its 2 AP, the squad's pool counting). The shots
        converted are every "fire" action (a pulse-rifle or pistol shot, a smart-gun burst or a
        flame-thrower's flame, at any target: an Alien, an egg cache or an auto sentry) and a
        grenade; the comms uplink is not a shot here. Over-watch shots are fired in the Aliens'
        move, so they do not make the squad one that fired for this turn's activation roll (6, or
        5-6 with Aliens in sight, rather than 4-6), and the Aliens that come on are shot at at
        every step they take in sight. A figure already on over-watch is refused it by the mask
        (marines.py: not h.overwatch), so it keeps fan_out's shot: intended, measured better than
        keeping the watch. Once the squad has fired this turn it shoots as fan_out. Once the
        Queen is seen, a figure that can hit her fires at her (a flame-thrower only with no squad
        figure beside her), else as fan_out."""
        if _queen_seen(game):
            shot = self._queen_shot(game, mask)
            return _fan(self, game, mask, action, 1) if shot is None else shot  # (fan_out's)
        action = _fan(self, game, mask, action, 1)
        h, layout = game.humans[game.active], game.layout
        if _kind(game, action) not in ("fire", "grenade") or game.fired_squads[h.squad] \
                or not mask[layout.encode("overwatch")]:
            return action
        if game.in_combat(game.active):  # (an Alien beside it, not one attached to a figure)
            return action
        return layout.encode("overwatch")

    def bypass(self, game, mask, action) -> int:
        """bypass: ambush (A72) with every walking distance the squad reads taken round the auto
        sentry pods (ASSUMPTION A73). A pod, on, off or wrecked, occupies its square (A23), but
        the game's walking steps (game.walk_steps, colony.field) go through it, so the scripted
        squad blocked by a pod in a corridor lane waits (or over-watches) behind it for good when
        the free lane is not shorter by those steps, and a room whose only door a pod blocks stays
        a goal it walks at. Here the steps are read from _pod_field (the same orthogonal walk,
        each step 1, with the pods' squares left out; a goal on a pod's square still counts, walked
        up beside): the scripted step toward a goal (step_toward), the figure activated next
        (next_figure: the one nearest the goals), fan_out's share-out of the goals
        (_claimed_goal) and its check against a step away from the claimed goal (_fan). Nothing
        else changes: with no pod laid every action is ambush's."""
        return self.ambush(game, mask, action)

    @staticmethod
    @cython.locals(game=GameRecords, layout=ActionLayout, h=Human, t=tuple, k=cython.Py_ssize_t)
    def _queen_shot(game, mask) -> int | None:
        """The active figure's shot at a Queen it can hit (a flame-thrower only with no squad figure
        beside her), or None."""
        layout, h = game.layout, game.humans[game.active]
        shots = targets(game)
        for k in range(len(shots)):
            t = shots[k]
            if t[0] == "alien" and game.aliens[t[1]].kind == "queen" and mask[layout.encode("fire", k)]:
                if h.weapon == "flame_thrower" and near_friend(game, target_square(game, t)):
                    continue
                return layout.encode("fire", k)
        return None


class BugHuntTactics(CommandedSide, BugHunt):
    name = "BugHuntTactics"

    def __init__(self, **options):
        # a position saved before session 64 holds observation "full" (then the default: this
        # game's observation as it is); "compact" is the environments' option now
        kind = options.pop("observation", "full")
        if kind != "full":
            raise ValueError(f"{OBSERVATION_MOVED}; got observation={kind!r} (only 'full', as positions saved before hold, is accepted)")
        super().__init__(**options)
        #: the game's own compact observation (the Game contract's hook, observe_compact): ASSUMPTION A67
        self.compact_layout = tactics_obs.layout(self.obs_layout)

    @classmethod
    def _upgrade_state(cls, state: dict) -> dict:
        """A game pickled while observation was its option (before session 64) loads without it,
        with Bug Hunt's observation (A67's layout when it was "compact") and its compact_layout."""
        state = super()._upgrade_state(state)
        if "compact_layout" not in state:
            state = {name: value for name, value in state.items() if name != "observation"}
            state["obs_layout"] = observation.layout(state["window"])
            state["compact_layout"] = tactics_obs.layout(state["obs_layout"])
        return state

    @classmethod
    def _make_tactics(cls) -> list:
        names = data_files.rules()["tactics"]
        if names[0] != "heuristic" or len(set(names)) != len(names):
            raise ValueError(f"rules.yaml tactics must start with 'heuristic' and not repeat, got {names!r}")
        return [TacticMarines(n) for n in names]

    def shaping_value(self, side: str) -> float:
        """ASSUMPTION A69: the commander's potential pays progress only, rules.yaml
        `tactics_shaping` times the rooms entered and the Brood Chamber found (no kills, no losses:
        a commander paid for kills learnt to hold and shoot); the hive's is its negative."""
        w = self.rules["tactics_shaping"]
        v = w["room_entered"] * self.rooms_entered + w["brood_found"] * self.brood_found
        return v if side == "marines" else -v

    def observe_compact(self, player: str):
        """ASSUMPTION A67: Bug Hunt's views after the map planes, then the tactical distances (tactics_obs)."""
        return tactics_obs.observe(self, player)

    @cython.locals(game=GameRecords, kind=str)
    def _command_start(self) -> list:
        """What _command_over compares against: [the turn, the acting figure, None before an act
        decision] (a list: _command_over reads it by index and fills the figure in at the first act)."""
        game = self  # (typed: the records read from the struct)
        kind = game.decision.kind  # (a str: compared as one)
        return [game.turn, game.active if kind == "act" else None]

    @cython.locals(game=GameRecords, d=Decision, start=list, kind=str)
    def _command_over(self, start: list) -> bool:
        """A tactic plays on until the next figure's activation (its activate, or the act of
        another figure when the activate was forced) or the next turn. (The game typed: its
        decision, turn and figure read from the struct.)"""
        game = self
        d = game.decision
        kind = d.kind  # (a str: compared as one)
        if kind == "activate" or game.turn != start[0]:
            return True
        if kind == "act":
            if start[1] is None:
                start[1] = game.active
            elif game.active != start[1]:
                return True
        return False
