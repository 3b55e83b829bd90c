"""The scripted squad's step toward its goals (ScriptedMarines.step_toward: the kept walking field's
steps read as a C slice, geometry.walk_kept, the door codes compared as C longs) against the rule
worked out plainly: the walking field searched anew (a copy of the colony with no cache), the
neighbours by step_sq, their cells from the colony, the slots by the layout. Over the positions of
Bug Hunt games the scripted squad plays with a random legal action now and then (electronic locks laid
in every other game; the scripted squad walks up to doors, random play seldom), for the squad's
goals, random squares and the squares past the doors beside the active figure (so opening doors is
chosen often; unlocking is rare here, and test_bh_tactics_typed asserts it), and with a field given
(the tactics' round the pods)."""
from __future__ import annotations

import random
from functools import partial

import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.colony import CARDINAL, DOOR_CLOSED, DOOR_LOCKED, WALKER
from aliens_env.bug_hunt.geometry import NOT_WALKED, steps_on
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import _pod_field

SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore")]


def scripted_positions(seed: int, mission: str, moves: int):
    """The positions of Bug Hunt games (the next seed after each end) where the squad is played by
    ScriptedMarines (a random legal action one time in five), the hive by the dice AI, `moves` in all."""
    rng, squad, hive, game = random.Random(seed), ScriptedMarines(), BugHuntDiceAI(), 0
    while moves > 0:
        g = BugHunt(mission=mission, electronic_locks=bool(game % 2))
        g.reset(seed * 1000 + game)
        game += 1
        while not g.is_terminal() and moves > 0:
            yield g
            player = g.current_player()
            if player == "hive":
                g.apply(hive.act(g, player))
            elif player == "marines" and g.decision.kind in ("act", "activate", "drive") and rng.random() > 0.2:
                g.apply(squad.act(g, player))
            else:
                g.apply(rng.choice(g.legal_actions()))
            moves -= 1


def fresh_walk_field(game, goals):
    """The colony's WALKER field of the sorted goals, searched anew (its kept tables and fields dropped)."""
    colony = game.colony.copy()
    colony._cache = {}
    return colony.field(sorted(goals), WALKER)


def _step_by_the_rule(game, goals, mask, field=None):
    """In N, E, S, W order: a legal move onto a square (not the APC's) nearer the goals than the best
    so far (at first the figure's own steps) is the step unless a later one is nearer still; a legal
    opening of a closed door, or unlocking of a locked one, ahead that is nearer than the figure
    stands is the step at once. None with no goals or no such step."""
    if not goals:
        return None
    dist = fresh_walk_field(game, goals) if field is None else field(sorted(goals))
    pos = game.humans[game.active].pos
    apc = game.apc["pos"] if game.apc is not None else NO
    here = steps_on(dist, pos)
    best, choice = here, None
    for d, (dr, dc) in enumerate(CARDINAL):
        n = game.step_sq(pos, dr, dc)
        steps = steps_on(dist, n)
        if steps == NOT_WALKED:
            continue
        cell = int(game.colony.cells.flat[n])
        move = game.layout.encode("move", d)
        if steps < best and n != apc and mask[move]:
            best, choice = steps, move
        elif steps < here and cell in (DOOR_CLOSED, DOOR_LOCKED):
            opening = game.layout.encode("door" if cell == DOOR_CLOSED else "pick_lock", d)
            if mask[opening]:
                return opening
    return choice


def _past_doors(game):
    """The squares two steps on from the active figure through a closed or locked door beside it."""
    pos, out = game.humans[game.active].pos, []
    for dr, dc in CARDINAL:
        n = game.step_sq(pos, dr, dc)
        if n != NO and int(game.colony.cells.flat[n]) in (DOOR_CLOSED, DOOR_LOCKED):
            beyond = game.step_sq(n, dr, dc)
            if beyond != NO:
                out.append(beyond)
    return out


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_step_toward_is_the_rules_step_at_random_positions(seed, mission):
    # (the moves and door openings chosen counted; unlocking is too rare here to count on: 0-2 a seed)
    rng, checked, kinds = random.Random(seed), 0, {"move": 0, "door": 0}
    for g in scripted_positions(seed, mission, 2000):
        if g.current_player() != "marines" or g.decision.kind != "act":
            continue
        mask = g.script_mask("marines")
        past = _past_doors(g)
        goal_sets = [ScriptedMarines._goals(g), [rng.randrange(g.colony.n) for _ in range(rng.randint(1, 3))], past]
        for goals in goal_sets:
            for field in (None, partial(_pod_field, g)):
                want = _step_by_the_rule(g, goals, mask, field)
                assert ScriptedMarines.step_toward(g, goals, mask, field) == want, (seed, g.turn, goals)
                if want is not None and g.layout.decode(want)[0] in kinds:
                    kinds[g.layout.decode(want)[0]] += 1
            checked += 1
    assert checked > 1000
    assert kinds["move"] > 500 and kinds["door"] > 10, kinds
