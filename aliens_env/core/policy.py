"""The one policy interface: train.py, evaluate.py, the environments' `opponent=` and the
terminal player all call ``policy.act(game, player) -> action``.

A policy may read the game only as its side's player could: ``game.observe(player)`` and
``game.legal_mask(player)`` are always fair; scripted players of board games with open
information may read the state directly.
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

import numpy as np

from .game import Game


def legal_action_array(game: Game, player: str) -> np.ndarray:
    """The player's legal actions, ascending, as an array (``Game.legal_actions`` gives a list, of
    the player to move by default): ``np.flatnonzero(game.legal_mask(player))``, read from
    the game's kept mask (``legal_mask_kept``: no copy) as booleans (numpy lists the ones of a
    one-byte mask read so in a fifth of flatnonzero's time, a Python function over a copy: a few
    microseconds a decision of the dice AI)."""
    mask = game.legal_mask_kept(player)
    if mask.itemsize != 1:
        raise ValueError(f"a legal mask has one byte an action (int8 0/1), got dtype {mask.dtype}")
    return mask.view(np.bool_).nonzero()[0]


@runtime_checkable
class Policy(Protocol):
    def act(self, game: Game, player: str) -> int: ...


def play_out(game: Game, policies: dict[str, Policy], max_steps: int | None = None) -> int:
    """Play ``game`` to its end, or ``max_steps`` decisions if it comes first, each decision by
    ``policies[player]``; returns the steps played."""
    steps = 0
    while not game.is_terminal() and (max_steps is None or steps < max_steps):
        player = game.current_player()
        game.apply(policies[player].act(game, player))
        steps += 1
    return steps


class SeedablePolicy:
    """Base for policies with their own randomness (not the game's dice: they are players)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def seed(self, seed: int | None) -> None:
        self.rng.seed(seed)


class RandomPolicy(SeedablePolicy):
    """Uniform over the legal actions."""

    name = "random"

    def act(self, game: Game, player: str) -> int:
        legal = legal_action_array(game, player)
        return int(legal[self.rng.randrange(len(legal))])


class DicePolicy:
    """The rulebook's own way to settle a choice it leaves open: roll the game's die among the
    legal actions (``dice.pick``). Rulesets whose dice AI has written priorities provide their
    own policy class instead."""

    name = "dice"

    def act(self, game: Game, player: str) -> int:
        legal = legal_action_array(game, player)
        return int(legal[game.dice.pick(len(legal))])
