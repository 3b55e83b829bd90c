"""The layout's seeded dice (``explore.LayoutDice``: the Mersenne Twister seeded and drawn in the
module itself, one kept per game) roll what ``Dice(seed).d6()`` rolls: for seeds of every shape
(non-ASCII, leading NUL characters whose zero bytes are no words of the seed's int, empty, longer
than the 624 words of the state), past a whole twist of the state, reseeded at every call; the
layout and lock dice of played games likewise; a clone's dice are its own."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt, explore
from aliens_env.bug_hunt.codec import clone
from aliens_env.core.dice import Dice
from bh_helpers import random_play


def seeds(rng: random.Random, n: int) -> list[str]:
    out = ["", "\x00", "\x00\x00\x00\x00\x00x", "é" * 3, "x" * 2600]
    for _ in range(n):
        s = f"bug-hunt-layout:{rng.getrandbits(62)}:{rng.randrange(40)}:{rng.randrange(40)}:{rng.randrange(4)}"
        s = s[: rng.randrange(len(s) + 1)]
        if rng.random() < 0.2:
            s = "\x00" * rng.randrange(1, 9) + s
        if rng.random() < 0.2:
            s += "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 6)))
        out.append(s)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_layout_dice_roll_as_a_dice_seeded_alike(seed):
    rng = random.Random(seed)
    dice = explore.LayoutDice()
    for s in seeds(rng, 300):
        rolls = rng.choice([1, 6, 40, 900])  # 900 d6: more than the 624 words of one twist
        dice.seed(s)
        plain = Dice(s)
        assert [dice.d6() for _ in range(rolls)] == [plain.d6() for _ in range(rolls)], repr(s)


def test_a_layout_dice_rolls_only_once_seeded():
    """Made, a LayoutDice has no state to draw from (compiled, its index would read past the state)."""
    with pytest.raises(ValueError, match="seed"):
        explore.LayoutDice().d6()


def test_the_layout_and_lock_dice_of_played_games():
    checked = 0
    for seed in range(3):
        for g in random_play(seed, 400):
            for port in g.colony.ports[-3:]:
                r, c = port["cells"][0]
                plain = Dice(f"bug-hunt-layout:{g.layout_seed}:{r}:{c}:{port['d']}")
                own = explore.layout_dice(g, port)  # (the game's seam: a Dice of its own)
                dice = explore.seeded_dice(g, explore.layout_seed(g, port))  # (what reveal lays with)
                want = [plain.d6() for _ in range(12)]
                assert [dice.d6() for _ in range(12)] == want and [own.d6() for _ in range(12)] == want
                assert explore.lock_roll(g, (r, c)) == Dice(f"bug-hunt-lock:{g.layout_seed}:{r}:{c}").d6()
                checked += 1
    assert checked > 500


def test_one_dice_a_game_a_clone_its_own():
    g = BugHunt()
    g.reset(5)
    dice = explore.seeded_dice(g, "a")
    assert explore.seeded_dice(g, "b") is dice  # reseeded, not made again
    copy = clone(g)
    other = explore.seeded_dice(copy, "a")
    assert other is not dice
    dice.seed("b")  # the game's dice seeded apart from the clone's: each rolls its own seed's
    assert other.d6() == Dice("a").d6() and dice.d6() == Dice("b").d6()
