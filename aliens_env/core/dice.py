"""Seeded dice owned by a game state; every random event of every ruleset rolls them.

Tests force exact results with :meth:`Dice.script`: each scripted value is returned by the next
roll instead of a random one (and checked against that die's range), so every row of a table can
be reached on purpose.
"""
from __future__ import annotations

import random
from collections import deque


class ScriptError(ValueError):
    """A scripted roll does not fit the die that was rolled."""


class Dice:
    """d6 (1-6), d10 (0-9, a 0 counts as zero), coin (0/1) and the rulebooks' "randomise with the die"."""

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)
        self._script: deque[int] = deque()
        self.rolls = 0  # how many dice were rolled: lets tests check a rule rolled nothing

    def seed(self, seed: int | None) -> None:
        self._rng.seed(seed)
        self._script.clear()
        self.rolls = 0

    def script(self, *values: int) -> None:
        """Queue exact results for the next rolls, in order, whatever die they are."""
        self._script.extend(int(v) for v in values)

    @property
    def scripted_left(self) -> int:
        return len(self._script)

    def _roll(self, low: int, high: int, name: str) -> int:
        self.rolls += 1
        if self._script:
            value = self._script.popleft()
            if not low <= value <= high:
                raise ScriptError(f"scripted {value} cannot come from a {name} ({low}-{high})")
            return value
        return self._rng.randint(low, high)

    def d10(self) -> int:
        return self._roll(0, 9, "d10")

    def d6(self) -> int:
        return self._roll(1, 6, "d6")

    def coin(self) -> int:
        return self._roll(0, 1, "coin")

    def pick(self, n: int) -> int:
        """Choose one of n equal candidates with the d10, as the 1989 rulebook says
        (odd/even for two, thirds of the die for three): the die is split into n equal bands and
        a roll past the last whole band is rolled again. More than ten candidates read k d10 as
        one number of k digits (00-99, 000-999, ...), the fewest that give every candidate a band."""
        if n < 1:
            raise ValueError(f"pick needs at least one candidate, got {n}")
        if n == 1:
            return 0
        digits, faces = 1, 10
        while faces < n:
            digits, faces = digits + 1, faces * 10
        band = faces // n
        while True:
            roll = 0
            for _ in range(digits):
                roll = roll * 10 + self.d10()
            if roll < band * n:
                return roll // band

    def shuffle(self, items: list) -> None:
        """Shuffle in place (Fisher-Yates driven by the dice, so scripts and seeds both apply)."""
        for i in range(len(items) - 1, 0, -1):
            j = self._roll(0, i, f"shuffle(0-{i})")
            items[i], items[j] = items[j], items[i]

    # -- state ---------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        version, internal, gauss = self._rng.getstate()
        return {"rng": [version, list(internal), gauss], "script": list(self._script), "rolls": self.rolls}

    @classmethod
    def from_dict(cls, data: dict) -> "Dice":
        """Rebuild dice saved by to_dict; anything else is a ValueError that says what is wrong."""
        try:
            version, internal, gauss = data["rng"]
            state = (int(version), tuple(int(x) for x in internal), gauss)
            dice = cls()
            dice._rng.setstate(state)
            dice._script = deque(int(v) for v in data.get("script", []))
            dice.rolls = int(data.get("rolls", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed dice state (expected the output of Dice.to_dict): {exc!r}") from None
        return dice

    def clone(self) -> "Dice":
        dice = Dice.__new__(Dice)
        dice._rng = random.Random()
        dice._rng.setstate(self._rng.getstate())
        dice._script = deque(self._script)
        dice.rolls = self.rolls
        return dice
