"""The dice's stream is Python's own (core/dice.py: compiled, an extension type drawing on C
integers): every draw, shuffle and roll over many seeds and sizes is what random.Random gives from
the same seed, and the dice pickle by their fields, the same pickle compiled and pure."""
import copy
import pickle
import random

import pytest

from aliens_env.core.dice import Dice

#: every size up to past a shuffle's widest deck, and both sides of each power of two up to 2**40
SIZES = list(range(1, 2100)) + [2**p + d for p in range(11, 41) for d in (-1, 0, 1)]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**40 + 3])
def test_below_draws_as_randbelow_for_every_size(seed):
    ours, theirs = Dice(seed), random.Random(seed)
    for n in SIZES:
        assert ours._below(n) == theirs._randbelow(n), n
    assert ours._rng.getstate() == theirs.getstate()


def fisher_yates(rng: random.Random, items: list) -> None:
    """The shuffle as the dice's docstring says it: Fisher-Yates on Random's own draws."""
    for i in range(len(items) - 1, 0, -1):
        j = rng._randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("seed", range(20))
def test_shuffles_and_rolls_draw_as_pythons_random(seed):
    """Shuffles of every size 0-60 between rolls of each die: the same orders, rolls and count
    as random.Random's own draws from the same seed."""
    dice, rng = Dice(seed), random.Random(seed)
    rolls = 0
    for size in range(61):
        ours, theirs = list(range(size)), list(range(size))
        dice.shuffle(ours)
        fisher_yates(rng, theirs)
        assert ours == theirs
        assert [dice.d6(), dice.d10(), dice.coin()] == [rng.randint(1, 6), rng.randint(0, 9), rng.randint(0, 1)]
        rolls += max(size - 1, 0) + 3
    assert dice.rolls == rolls
    assert dice._rng.getstate() == rng.getstate()


def test_a_shuffle_of_another_sequence_type():
    dice, rng = Dice(4), random.Random(4)
    ours = bytearray(range(30))
    theirs = list(range(30))
    dice.shuffle(ours)
    fisher_yates(rng, theirs)
    assert list(ours) == theirs


def test_dice_pickle_and_copy_by_their_fields():
    d = Dice(9)
    d.d10()
    d.script(3, 4)
    d.log = [(0, 9, 5)]
    data = pickle.dumps(d)
    assert b"__pyx" not in data  # (Dice.__reduce__: the same pickle compiled and pure)
    for c in [pickle.loads(data), copy.deepcopy(d)]:
        assert c._rng.getstate() == d._rng.getstate() and c.rolls == d.rolls
        assert list(c._script) == [3, 4]
    assert pickle.loads(data).log == [(0, 9, 5)]
    assert copy.deepcopy(d).log is None  # (a clone is never recorded)
    twin = pickle.loads(data)
    assert [d.d10() for _ in range(30)] == [twin.d10() for _ in range(30)]
