"""The scripted squad's typed step (policies._closer_step, read by ScriptedMarines.step_toward) and
the tactics' share-out of the goals (TacticMarines._claimed_goal: its (steps, figure, goal) pairs shared out in order, the
per-goal fields kept in the layout cache by _goal_fields) against the plain computations they
replace, over random Bug Hunt positions, random goals (NO and repeats among them) and random masks."""
from __future__ import annotations

import random
from functools import partial

import numpy as np
import pytest

from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_LOCKED, UNEQUIPPED_WALKER, WALKER
from aliens_env.bug_hunt.geometry import steps_on
from aliens_env.bug_hunt.policies import ScriptedMarines, walkers
from aliens_env.bug_hunt.state import NO, UNREACHABLE
from aliens_env.bug_hunt.tactics import TacticMarines, _locks_laid, _pod_field
from bh_helpers import activate, build, positions, share_out

SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen")]

#: a figure (1) with closed doors (+) and an electronically locked one (L) beside it, which random
#: play rarely leaves: the look round's door and lock steps
DOORS = ["#########",
         "#...+...#",
         "#..L1+..#",
         "#...+...#",
         "#.......#",
         "#########"]


def _acting_positions(seed, mission):
    """Random positions with a squad figure acting, then the DOORS position."""
    for g in positions(seed, mission, every=3):
        if g.active != NO and g.humans[g.active].pos != NO:
            yield g
    g = build(DOORS)
    activate(g, 0)
    for _ in range(40):
        yield g


def _step_by_the_rules(game, goals, mask, field=None):
    """step_toward's rule, said otherwise than its one loop: of the four cardinal neighbours (N, E,
    S, W, in that order) reached on the field in fewer steps than the figure's own square, the
    first closed door to open or locked door to pick that the mask allows; else the legal move
    among them with the fewest steps (the first on ties), never onto the APC's square; else None."""
    if not goals:
        return None
    slices = game.layout.slices
    move, door, pick_lock = slices["move"][0], slices["door"][0], slices["pick_lock"][0]
    pos = game.humans[game.active].pos
    apc_sq = game.apc["pos"] if game.apc is not None else NO
    dist = field(sorted(goals)) if field is not None else game.walk_field(goals)
    here = min(steps_on(dist, pos), UNREACHABLE)
    sides = [(dd, near) for dd, near in enumerate(game.colony.around(pos)[::2]) if near is not None]
    closer = [(int(dist[n]), dd, n, cell) for dd, (n, cell, *_) in sides if int(dist[n]) < here]
    opening = {DOOR_CLOSED: door, DOOR_LOCKED: pick_lock}
    for _, dd, _, cell in closer:
        if cell in opening and mask[opening[cell] + dd]:
            return opening[cell] + dd
    moves = [(steps, dd) for steps, dd, n, _ in closer if mask[move + dd] and n != apc_sq]
    return move + min(moves)[1] if moves else None


def _random_goals(rng, g, walkable):
    """One to five goals: squares a walker may enter, open-end goals (NO among them), the active
    figure's neighbours four times over (a closed or locked door beside it among them) and repeats."""
    beside = [near[0] for near in g.colony.around(g.humans[g.active].pos)[::2] if near is not None]
    pool = walkable + list(g.exploration_goals()) + [NO] + beside * 4
    goals = [rng.choice(pool) for _ in range(rng.randint(1, 5))]
    return goals + goals[:rng.randint(0, 1)]


def _random_mask(rng, g, legal):
    """Half the actions at random, but as in every legal mask (asserted) no move into a closed or
    locked door beside the figure (it is opened or picked first)."""
    mask = (np.random.default_rng(rng.randrange(10**6)).random(len(legal)) < 0.5).astype(legal.dtype)
    move = g.layout.slices["move"][0]
    for dd, near in enumerate(g.colony.around(g.humans[g.active].pos)[::2]):
        if near is not None and near[1] in (DOOR_CLOSED, DOOR_LOCKED):
            assert not legal[move + dd]
            mask[move + dd] = 0
    return mask


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_the_typed_step_is_the_plain_look_round_at_random_positions(seed, mission):
    rng, checked, kinds = random.Random(seed), 0, set()
    bypass = TacticMarines("bypass")
    for g in _acting_positions(seed, mission):
        walkable = np.flatnonzero(g.colony.field([g.humans[g.active].pos], WALKER) < UNREACHABLE).tolist()
        legal = g.script_mask("marines")
        for _ in range(6):
            goals = _random_goals(rng, g, walkable)
            mask = legal if rng.random() < 0.3 else _random_mask(rng, g, legal)
            for field in (None, partial(_pod_field, g)):
                step = ScriptedMarines.step_toward(g, goals, mask, field)
                assert step == _step_by_the_rules(g, goals, mask, field), (seed, g.turn, goals)
                kinds.add(None if step is None else g.layout.decode(step)[0])
            assert bypass.step_toward(g, goals, mask) == _step_by_the_rules(g, goals, mask, partial(_pod_field, g))
            checked += 1
    assert checked > 200
    assert kinds == {None, "move", "door", "pick_lock"}


def _claim_by_the_rules(tactic, game, goals, per_goal):
    """_claimed_goal as plain Python: every (steps, figure, goal) pair a tuple, the fields looked up
    goal by goal."""
    me = game.active
    figures = [i for i in walkers(game) if game.humans[i].hugger == NO]
    if me not in figures:
        return None
    terminals = {game.sq(f["pos"]) for f in game.features if f["kind"] == "comms_terminal"}
    pairs = []
    for g in goals:
        walked = tactic._walk_field(game, [g], WALKER)
        by_equipment = (tactic._walk_field(game, [g], UNEQUIPPED_WALKER) if _locks_laid(game) else walked, walked)
        for i in figures:
            h = game.humans[i]
            if h.equipment or g not in terminals:
                steps = int(by_equipment[h.equipment][h.pos])
                if steps < UNREACHABLE:
                    pairs.append((steps, i, g))
    return share_out(pairs, per_goal, me)


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_the_share_out_is_the_plain_share_out_at_random_positions(seed, mission):
    rng, checked, claims = random.Random(seed), 0, set()
    tactics = [TacticMarines("fan_out"), TacticMarines("bypass")]
    for g in _acting_positions(seed, mission):
        walkable = np.flatnonzero(g.colony.field([g.humans[g.active].pos], WALKER) < UNREACHABLE).tolist()
        for _ in range(4):
            goals = _random_goals(rng, g, walkable)
            for tactic in tactics:
                for per_goal in (1, 2):
                    claim = tactic._claimed_goal(g, goals, per_goal)
                    assert claim == _claim_by_the_rules(tactic, g, goals, per_goal), (seed, g.turn, goals)
                    claims.add("none" if claim is None else "NO" if claim == NO else "square")
            checked += 1
    assert checked > 200
    assert {"none", "square"} <= claims  # (no goal NO claimed at these positions)
