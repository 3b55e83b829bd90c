"""The built-in players of Ripley vs. the Queen.

- ``QueenDiceAI`` ("dice"): the rulebook's Queen. She heads straight for Ripley (of the squares
  as near her as three steps go, the one of fewest steps, ties by the die) and her action is
  rolled on the scenario's ``queen_action_roll``. Asked to play Ripley, it does what the core
  ``DicePolicy`` does: rolls the die among her legal actions.
- ``HeuristicRipley`` ("heuristic"): a scripted Ripley: open the airlock whenever she may, make
  for the airlock's rim, there Defend (to Stun) while it is shut and Sweep (to Grab) once it is
  open; she takes every attack (a retreat would leave the rim).
Both read the open board directly and choose only legal actions.
"""
from __future__ import annotations

from ..core.policy import DicePolicy
from .game import QUEEN_ACTIONS, RipleyQueen, table_result


class QueenDiceAI(DicePolicy):
    name = "dice"

    def act(self, game: RipleyQueen, player: str) -> int:
        kind, slot = game.decision.kind, game.layout.slices
        if kind == "queen_action":
            action = table_result(game.data["queen_action_roll"], game.dice.d10())
            return game.layout.encode("queen_action", QUEEN_ACTIONS.index(action))
        if kind == "queen":
            dist, r, q = game.dist, game.ripley, game.queen
            options = game.queen_destinations()
            fewest = min(dist[q][s] for s in options)
            shortest = [s for s in options if dist[q][s] == fewest]
            square = shortest[game.dice.pick(len(shortest))]
            return game.layout.encode("queen_move", _offset_index(game, square))
        return super().act(game, player)


class HeuristicRipley:
    name = "heuristic"

    def act(self, game: RipleyQueen, player: str) -> int:
        mask, layout = game.legal_mask(player), game.layout
        kind = game.decision.kind
        if kind == "combat":
            return layout.encode("accept")
        if mask[layout.encode("open_airlock")]:
            return layout.encode("open_airlock")
        if not game.at_airlock():
            steps = [(game.airlock_range[sq], d) for d, sq in game.ripley_steps()]
            if steps and game.no_move_turn != game.turn:
                rim_range, d = min(steps, key=lambda s: (abs(s[0] - 1), s[1]))
                if abs(rim_range - 1) < abs(game.airlock_range[game.ripley] - 1):
                    return layout.encode("move", d)
        return layout.encode("sweep" if game.airlock_open else "defend")


def _offset_index(game: RipleyQueen, square: int) -> int:
    from .game import OFFSET_INDEX

    (qr, qc), (r, c) = game.board.rc(game.queen), game.board.rc(square)
    return OFFSET_INDEX[(r - qr, c - qc)]
