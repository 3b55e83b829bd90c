"""The tactics' per-goal walking fields (tactics._goal_view: kept in the layout cache by the goal,
the walker and the squares gone round, read by the share-out and by spread) against the fields the
game's rule queries give at that position, over random positions of played games (the layout cache
living on from one layout version to the next, electronic locks laid in half the games, the pods
gone round where some are laid); and spread, reading them, against its rule written out."""
from __future__ import annotations

import random

import numpy as np
import pytest

from aliens_env.bug_hunt.colony import UNEQUIPPED_WALKER, WALKER
from aliens_env.bug_hunt.policies import ScriptedMarines, walkers
from aliens_env.bug_hunt.state import NO, UNREACHABLE
from aliens_env.bug_hunt.tactics import STEPS, TacticMarines, _goal_view, _pod_squares
from bh_helpers import positions

#: games with fields that differ from the plain walker's: round a pod (all but 6), at a lock (2, 4, 6)
SEEDS = [(0, "explore"), (1, "kill_queen"), (2, "explore"), (3, "kill_queen"), (4, "explore"), (6, "explore")]


def _field_by_the_rule(game, goal, equipped, pods):
    """The walking field to `goal` as the share-out reads it: the field of the walker (with or
    without the equipment), round the pods' squares when `pods` is not empty (A73: a goal on a pod
    still counts), searched anew on a copy of the colony with its kept tables and fields dropped."""
    mover = WALKER if equipped else UNEQUIPPED_WALKER
    colony = game.colony.copy()
    colony._cache = {}
    if pods:  # (_pod_field's call: the pods' squares closed, an off-map goal left out)
        return colony.field([goal] if goal != NO else [], mover, False, None, pods)
    return colony.field([goal], mover)


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_the_kept_goal_views_are_the_fields_of_the_position(seed, mission):
    rng, checked, new_versions, last, seen = random.Random(seed), 0, 0, None, set()
    for g in positions(seed, mission, every=7):
        goals = list(g.exploration_goals()) + [NO] + [rng.randrange(g.colony.n) for _ in range(3)]
        pods = _pod_squares(g)
        for goal in rng.sample(goals, min(4, len(goals))):
            for equipped in (True, False):
                for round_pods in {(), pods}:
                    kept = np.asarray(_goal_view(g, goal, equipped, round_pods))
                    rule = _field_by_the_rule(g, goal, equipped, round_pods)
                    assert np.array_equal(kept, rule), (seed, g.turn, goal, equipped, round_pods)
                    seen.add(("pods" if round_pods else "no pods", equipped,
                              bool((np.asarray(rule) != np.asarray(_field_by_the_rule(g, goal, True, ()))).any())))
        new_versions += (g, g.colony.version) != last  # (a layout version the kept views must not outlive)
        last = (g, g.colony.version)
        checked += 1
    assert checked > 100 and new_versions > 10
    # fields that differ from the plain walker's: the unequipped walker's at a lock, or round a pod
    assert any(differs for _, _, differs in seen), seen


def _spread_by_the_rule(game, mask, action):
    """spread as rules.yaml says: with a step chosen, two or more goals and no Queen seen, step toward
    the goals no able squad mate is nearer to by walking steps (a tie keeps the goal; a goal the figure
    cannot walk to is left out), else the action."""
    goals = ScriptedMarines._goals(game)
    queen = any(a.alive and a.kind == "queen" for a in game.aliens)
    if game.layout.decode(action)[0] not in STEPS or len(goals) < 2 or queen:
        return action
    pos = game.humans[game.active].pos
    mates = [game.humans[i].pos for i in walkers(game) if i != game.active]
    rest = []
    for goal in goals:
        field = game.colony.field([goal], WALKER)
        if field[pos] < UNREACHABLE and all(field[m] >= field[pos] for m in mates):
            rest.append(goal)
    step = ScriptedMarines.step_toward(game, rest, mask)
    return action if step is None else step


@pytest.mark.parametrize("seed,mission", SEEDS)
def test_spread_reading_the_kept_views_is_its_rule(seed, mission):
    rng, checked, changed = random.Random(seed), 0, 0
    spread = TacticMarines("spread")
    for g in positions(seed, mission, every=3):
        if g.decision is None or g.decision.kind != "act" or g.decision.player != "marines" \
                or g.humans[g.active].pos == NO:
            continue
        mask = g.script_mask("marines")
        steps = [a for a in np.flatnonzero(mask).tolist() if g.layout.decode(a)[0] in STEPS]
        for action in rng.sample(steps, min(3, len(steps))) + [spread.choose(g, mask)]:
            chosen = spread.spread(g, mask, action)
            assert chosen == _spread_by_the_rule(g, mask, action), (seed, g.turn, action)
            changed += chosen != action
            checked += 1
    assert checked > 200 and changed > 20
