"""Frequency tests: the Alien attack table and the Acid Spray table played many times through the
game's own resolution code with seeded (unscripted) dice, compared with the probabilities the
printed tables give a fair d10; and the uniformity of Dice.pick.

Each comparison uses a chi-square goodness-of-fit test (p-value floor ALPHA) and a per-row check
that the observed count is within Z binomial standard errors of the expected count. With fixed
seeds the tests are deterministic; ALPHA and Z say how unlikely a failure of a correct
implementation would be for an arbitrary seed."""
import math

import pytest

from aliens_env.core.dice import Dice
from aliens_env.reactor_room.game import NO, Alien
from rr_helpers import empty_room, idx, marine

N = 20_000
ALPHA = 1e-4
Z = 4.5  # two-sided tail ~7e-6 per row


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with df degrees of freedom (regularized upper
    incomplete gamma Q(df/2, x/2), by series or continued fraction)."""
    a, x = df / 2.0, x / 2.0
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    b = x + 1 - a  # continued fraction for Q (Lentz)
    c, d = 1.0 / 1e-300, 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def test_chi2_sf_matches_known_values():
    # textbook critical values: P(chi2_5 >= 11.070) = 0.05, P(chi2_3 >= 16.266) = 0.001,
    # P(chi2_9 >= 21.666) = 0.01, P(chi2_1 >= 3.841) = 0.05
    for x, df, p in [(11.070, 5, 0.05), (16.266, 3, 0.001), (21.666, 9, 0.01), (3.841, 1, 0.05)]:
        assert chi2_sf(x, df) == pytest.approx(p, rel=2e-3)


def check_frequencies(counts: dict, probs: dict, n: int):
    assert set(counts) <= set(probs), f"results outside the table: {set(counts) - set(probs)}"
    cells = [k for k in probs if probs[k] > 0]
    for k in probs:
        if probs[k] == 0:
            assert counts.get(k, 0) == 0, f"{k} is impossible but came up {counts[k]} times"
    stat = 0.0
    for k in cells:
        expected = n * probs[k]
        observed = counts.get(k, 0)
        se = math.sqrt(n * probs[k] * (1 - probs[k]))
        assert abs(observed - expected) <= Z * se, f"{k}: {observed} observed, {expected:.0f} expected (se {se:.1f})"
        stat += (observed - expected) ** 2 / expected
    p = chi2_sf(stat, len(cells) - 1)
    assert p > ALPHA, f"chi-square {stat:.2f} on {len(cells) - 1} df: p = {p:.2e}; counts {counts}"


# -- the Alien attack table ---------------------------------------------------------------------------
PRINTED_ATTACK = [(0, "dead"), (2, "incapacitated_grabbed"), (4, "wounded_grabbed"), (6, "grabbed"),
                  (8, "in_combat"), (99, "alien_loses")]


def printed_attack_probs(melee):
    probs = {result: 0.0 for _, result in PRINTED_ATTACK}
    for roll in range(10):
        probs[next(r for top, r in PRINTED_ATTACK if roll + melee <= top)] += 0.1
    return probs


@pytest.mark.parametrize("name,melee", [("Hudson", 0), ("Hicks", 1)])
def test_alien_attack_table_frequencies(name, melee):
    g = empty_room({name: (12, 12), "Crowe": (0, 24)})
    g.dice = Dice(1989 + melee)
    m = idx(g, name)
    home = g.marines[m].pos
    counts = {}
    for _ in range(N):
        mar = g.marines[m]
        mar.status, mar.pos, mar.wounded, mar.incapacitated, mar.alien = "on_map", home, False, False, 0
        g.aliens[0] = Alien(in_play=True, pos=home, card=m, attack="attacking")
        g.queue, g.decision, g.phase = [0], None, "aliens_attack"
        g._step_aliens_attack()  # the game's own resolution of one attack
        al = g.aliens[0]
        if mar.status == "dead":
            key = "dead"
        elif al.in_play and al.attack == "grabbing":
            key = "incapacitated_grabbed" if mar.incapacitated else "wounded_grabbed" if mar.wounded else "grabbed"
        elif al.in_play and al.attack == "in_combat":
            key = "in_combat"
        elif al.in_play and al.stunned and al.card == NO:
            key = "alien_loses"
        else:
            raise AssertionError(f"unexpected state {mar} {al}")
        counts[key] = counts.get(key, 0) + 1
    check_frequencies(counts, printed_attack_probs(melee), N)


# -- the Acid Spray table -----------------------------------------------------------------------------
PRINTED_ACID = {"dead": 0.1, "incapacitated": 0.1, "wounded": 0.1, "none": 0.7}


def test_acid_spray_table_frequencies():
    g = empty_room({"Hudson": (12, 12), "Crowe": (0, 24)})
    g.dice = Dice(2026)
    j = idx(g, "Hudson")
    home = g.marines[j].pos
    counts = {}
    for _ in range(N):
        m = g.marines[j]
        m.status, m.pos, m.wounded, m.incapacitated = "on_map", home, False, False
        g._acid(j)  # the game's own resolution of one splash
        key = "dead" if m.status == "dead" else "incapacitated" if m.incapacitated else "wounded" if m.wounded else "none"
        counts[key] = counts.get(key, 0) + 1
    check_frequencies(counts, PRINTED_ACID, N)


# -- Dice.pick ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 6, 7, 9, 10, 11, 16])
def test_dice_pick_is_uniform(n):
    dice = Dice(77 + n)
    counts = {}
    for _ in range(N):
        k = dice.pick(n)
        counts[k] = counts.get(k, 0) + 1
    check_frequencies(counts, {k: 1 / n for k in range(n)}, N)


def test_dice_pick_rolls_again_past_the_last_whole_band():
    dice = Dice(0)
    dice.script(9, 4)  # three candidates: 0-2, 3-5, 6-8; a 9 is rolled again
    assert dice.pick(3) == 1
    assert dice.rolls == 2


def test_d10_is_uniform():
    dice = Dice(5)
    counts = {}
    for _ in range(N):
        r = dice.d10()
        counts[r] = counts.get(r, 0) + 1
    check_frequencies(counts, {k: 0.1 for k in range(10)}, N)
