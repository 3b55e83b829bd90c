"""Seeded dice owned by a game state; every random event of every ruleset rolls them.

Tests force exact results with :meth:`Dice.script`: each scripted value is returned by the next
roll instead of a random one (and checked against that die's range), so every row of a table can
be reached on purpose.

A replay records the dice with :attr:`Dice.log`: None (the default) records nothing; a list
receives every roll as (lowest, highest, result), in order (aliens_env.replay sets it while it
records). It never changes a roll.
"""
from __future__ import annotations

import math
import random
from collections import deque

from .positions import Fields, check_int, check_list, position_error

#: the state of Python's Mersenne Twister: (version 3, 624 words and an index, gauss)
RNG_VERSION, RNG_STATE_LENGTH = 3, 625
#: Random's getrandbits itself (the C method of every random.Random), called without its lookup on the instance
_getrandbits = random.Random.getrandbits
#: the largest value a saved script may hold (the widest "die" is a shuffle's)
MAX_SCRIPTED = 10_000


class ScriptError(ValueError):
    """A scripted roll does not fit the die that was rolled."""


class Dice:
    """d6 (1-6), d10 (0-9, a 0 counts as zero), coin (0/1) and the rulebooks' "randomise with the die".

    Compiled, an extension type (dice.pxd): its fields are read from its struct and its own calls
    (``_roll``, ``_below``) are C calls; so it keeps no other attribute, and pickles by its fields
    (``__reduce__``), the same pickle compiled and pure."""

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)
        self._script: deque[int] = deque()
        self.rolls = 0  # how many dice were rolled: lets tests check a rule rolled nothing
        self.log: list[tuple[int, int, int]] | None = None  # every roll, while a replay records

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
        else:  # randint(low, high) without its argument checks (the same draws)
            value = low + self._below(high - low + 1)
        if self.log is not None:
            self.log.append((low, high, value))
        return value

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

    def _below(self, n: int) -> int:
        """A number 0..n-1 (n >= 1), drawn as Python's own ``Random._randbelow`` draws it (the
        fewest bits that hold n, drawn again while the number is n or more: the same numbers), here
        without its Python-level call (random.py's, run as Python even where this module is compiled).
        Compiled, a C call from ``_roll`` and ``shuffle`` on C integers (dice.pxd)."""
        rng = self._rng
        k = 0
        while n >> k:  # k = n.bit_length(), on C integers compiled
            k += 1
        r = _getrandbits(rng, k)
        while r >= n:
            r = _getrandbits(rng, k)
        return r

    def shuffle(self, items: list) -> None:
        """Shuffle in place (Fisher-Yates driven by the dice, so scripts and seeds both apply)."""
        if not self._script and self.log is None:  # the same draws as _roll's, without its checks per card
            for i in range(len(items) - 1, 0, -1):
                j = self._below(i + 1)
                items[i], items[j] = items[j], items[i]
            self.rolls += max(len(items) - 1, 0)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self._roll(0, i, "shuffle")  # (the error names the range)
            items[i], items[j] = items[j], items[i]

    # -- state ---------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        version, internal, gauss = self._rng.getstate()
        return {"rng": [version, list(internal), gauss], "script": list(self._script), "rolls": self.rolls}

    @classmethod
    def from_dict(cls, data: "dict | Fields", scripted: bool = True) -> "Dice":
        """Rebuild dice saved by to_dict, from the dict or from a position's ``Fields`` of it;
        anything else is a PositionError (a ValueError) naming the field. ``scripted=False``
        refuses scripted rolls (a game's position: play never leaves any, and a scripted value
        is only checked against the die that rolls it)."""
        f = data if isinstance(data, Fields) else Fields("dice state", data)
        f = Fields(f.what, f.data, f.path, keys=("rng",), optional={"script": [], "rolls": 0})
        rng = f.list("rng", length=3)
        version = check_int(f.what, f.at("rng") + "[0]", rng[0], RNG_VERSION, RNG_VERSION)
        words = check_list(f.what, f.at("rng") + "[1]", rng[1], length=RNG_STATE_LENGTH)
        for i, word in enumerate(words[:-1]):
            check_int(f.what, f.at("rng") + f"[1][{i}]", word, 0, 2**32 - 1)
        check_int(f.what, f.at("rng") + f"[1][{len(words) - 1}]", words[-1], 0, len(words) - 1)
        gauss = rng[2]
        if gauss is not None and (not isinstance(gauss, float) or not math.isfinite(gauss)):
            raise position_error(f.what, f.at("rng") + "[2]", "must be null or a finite number", gauss)
        dice = cls()
        dice._rng.setstate((version, tuple(words), gauss))
        dice._script = deque(f.ints("script", 0, MAX_SCRIPTED))
        if dice._script and not scripted:
            raise f.fail("script", "must be empty in a game's position (scripted rolls are a test device)", list(dice._script))
        dice.rolls = f.int("rolls", 0)
        return dice

    def clone(self) -> "Dice":
        dice = Dice.__new__(Dice)
        dice._rng = random.Random()
        dice._rng.setstate(self._rng.getstate())
        dice._script = deque(self._script)
        dice.rolls = self.rolls
        dice.log = None  # a clone (a policy's look-ahead) is never recorded
        return dice

    def __deepcopy__(self, memo) -> "Dice":
        return self.clone()

    def __reduce__(self):
        """Pickled as its fields (compiled, Cython's own pickling of an extension type would name a
        helper of the compiled module, which a pure process lacks)."""
        return rebuild_dice, (self._rng, self._script, self.rolls, self.log)


def rebuild_dice(rng: random.Random, script: deque, rolls: int, log: list | None) -> Dice:
    """Dice from their pickle (``Dice.__reduce__``)."""
    dice = Dice.__new__(Dice)
    dice._rng, dice._script, dice.rolls, dice.log = rng, script, rolls, log
    return dice
