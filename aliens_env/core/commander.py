"""A side commanded by tactics (the Tactics environments: ReactorRoomTactics, OperationsAirDuctsTactics,
BugHuntTactics): the marines choose one *tactic*, a scripted policy, and it plays their primitive
actions until the game's own rule says the command is over (the end of an activation).

Mixed in before the game's class. The game supplies ``self.tactics`` (policies with
``act(game, player)``, tactic 0 the scripted marines themselves), a ``tactic`` slice in its
layout, ``self._executing`` (False outside a command; True while a tactic plays), and the two
hooks ``_command_start`` and ``_command_over``.
"""
from __future__ import annotations

import numpy as np


class CommandedSide:
    def _command_start(self):
        """What ``_command_over`` compares against: taken as a tactic is chosen."""
        raise NotImplementedError

    def _command_over(self, start) -> bool:
        """Has the command ended (the marines deciding again, past what a tactic plays)?"""
        raise NotImplementedError

    def _compute_mask(self) -> np.ndarray:
        if self._executing or self.decision.player != "marines":
            return super()._compute_mask()
        mask = self.layout.empty_mask()
        mask[self.layout.span("tactic")] = 1
        return mask

    def _resolve(self, action: int) -> None:
        kind, index = self.layout.decode(action)
        if kind != "tactic":
            super()._resolve(action)
            return
        tactic = self.tactics[index]
        start = self._command_start()
        self._executing = True
        self._cache.clear()  # the masks cached so far were the commander's
        try:
            while True:  # after _run() the cache holds this position's primitive mask: act() reuses it
                super()._resolve(tactic.act(self, "marines"))
                self._run()  # forced steps and the phase machine, up to the next real choice
                d = self.decision
                if d is None or d.player != "marines" or self._command_over(start):
                    break
        finally:
            self._executing = False
            self._cache.clear()


class HeuristicCommander:
    """The scripted marines as a commander: always tactic 0, their own play, so its games are
    theirs, move for move."""

    name = "heuristic"

    def act(self, game, player: str) -> int:
        return game.layout.encode("tactic", 0)
