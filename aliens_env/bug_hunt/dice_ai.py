"""The rulebook's own hive (the solo dice AI): every Alien makes for the nearest human not in
combat, and the dice make the choices the rules leave open (ASSUMPTION A25 for the order)."""
from __future__ import annotations

import numpy as np

from . import combat, geometry, xeno
from .state import APPEAR_ROWS, NO, Alien, GameRecords, Human, exposed

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


@cython.locals(game=GameRecords, h=Human)
def target_field(game, hugger: bool) -> np.ndarray:
    """Cost (AP) from every square to the nearest human not in combat (androids ignored),
    through doors an Alien may open; 1 means adjacent (PRINTED: Aliens make for the nearest
    human not in combat)."""
    key = ("field", hugger)
    field = game._cache.get(key)
    if field is not None:
        return field
    targets = []
    in_combat = combat.in_combat  # (looked up once, not for every human)
    for i, h in enumerate(game.humans):  # (a loop, h typed: the cheap tests first, in_combat last)
        if h.pos != NO and h.role != "android" and exposed(game, h) and not in_combat(game, i):
            targets.append(h.pos)
    field = geometry.dijkstra(game, targets, hugger)
    game._cache[key] = field
    return field


@cython.locals(game=GameRecords, a=Alien, here=cython.long, best=cython.long, v=cython.long)
def rulebook_steps(game, i: int) -> list[int]:
    """The steps the rulebook's Alien makes: toward the nearest human not in combat, as far
    as its AP allow; none once it stands beside a human (it will attack) or cannot close in."""
    a = game.aliens[i]
    if combat.humans_beside(game, a.pos):
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
