"""The rulebook's own hive (the solo dice AI): every Alien makes for the nearest human not in
combat (xeno.rulebook_steps, on xeno.target_field's field: the hive's legal steps by default, A65,
so they live with the hive's turn), and the dice make the choices the rules leave open (ASSUMPTION
A25 for the order)."""
from __future__ import annotations

from ..core.policy import legal_action_array
from . import xeno
from .state import APPEAR_ROWS, GameRecords
from .xeno import rulebook_steps

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


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
    legal = legal_action_array(game, d.player)
    return int(legal[game.dice.pick(len(legal))])
