"""The rulebook's own hive (the solo dice AI): every Alien makes for the nearest human not in
combat, and the dice make the choices the rules leave open (ASSUMPTION A25 for the order)."""
from __future__ import annotations

import numpy as np

from . import geometry, xeno
from .combat import humans_beside, in_combat
from .geometry import layout_cache
from .state import APPEAR_ROWS, NO, Alien, GameRecords, Human, exposed

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


def target_field(game, hugger: bool) -> np.ndarray:
    """Cost (AP) from every square to the nearest human not in combat (androids ignored),
    through doors an Alien may open; 1 means adjacent (PRINTED: Aliens make for the nearest
    human not in combat). Kept for the position (game._cache: the Bug Master's search moves an
    Alien about on a clone and reads the field as it stood) and, one for the Aliens and one for
    the Face-Huggers, in the layout cache with the targets it was made for: the position changes
    at every step of the hive, the humans they make for seldom within a layout version (the
    targets are found anew in a typed loop, the field searched only when they differ)."""
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
    """The steps the rulebook's Alien makes: toward the nearest human not in combat, as far
    as its AP allow; none once it stands beside a human (it will attack) or cannot close in.
    (cpdef, dice_ai.pxd: humans_beside and target_field C calls, the AP and field values C longs.)"""
    a = game.aliens[i]
    if humans_beside(game, a.pos):
        return []
    field = target_field(game, a.kind == "face_hugger")
    here = field.item(a.pos)  # (a Python int: int(field[a.pos]) made a numpy scalar first)
    best, out = here, []
    for d, (n, _cost) in xeno.alien_steps(game, i).items():
        v = field.item(n)  # opening a closed door on the way counts as progress through it
        if v < best:
            best, out = v, [d]
        elif v == best and v < here:
            out.append(d)
    return out


@cython.locals(game=GameRecords)
def dice_ai_action(game) -> int:
    """The solo rules' choice for the hive decision at hand (ASSUMPTION A25 for the order)."""
    d = game.decision
    s = game._slot
    if d.kind == "order":
        return s["order"] + min(d.options)
    if d.kind == "step":
        steps = rulebook_steps(game, game.mover)
        if not steps:
            return s["stop"]
        return s["step"] + steps[game.dice.pick(len(steps))]
    if d.kind == "approach":
        return s["approach"] + d.options[game.dice.pick(len(d.options))]
    if d.kind == "attack":
        return s["attack"] + d.options[game.dice.pick(len(d.options))]
    if d.kind == "summon":  # the dice decide, as in solo play
        need = xeno.activation_need(game)
        return s["summon"] + int(game.dice.d6() >= need)
    if d.kind == "appear":
        row = xeno.roll_appears(game)
        return s["appear"] + next(k for k, r in enumerate(APPEAR_ROWS) if r == row)
    legal = np.flatnonzero(game.legal_mask_kept(d.player))
    return int(legal[game.dice.pick(len(legal))])
