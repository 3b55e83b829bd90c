"""Frequency tests: Combat played many times through the game's own code with seeded (not
scripted) dice, the observed results compared with what the tables give a fair d10: the
Combat Table (each stance against each of the Queen's actions), the printed Queen vs.
Powerloader table, and the dice Queen's action roll. Each result's count must lie within Z
binomial standard errors of its expectation (fixed seeds: deterministic)."""
import math
from collections import Counter

import pytest

from aliens_env.ripley_queen.game import QUEEN_ACTIONS, STANCES, scenario, table_result
from aliens_env.ripley_queen.policies import QueenDiceAI
from rq_helpers import duel

N = 4_000
Z = 4.5
DATA = scenario()


def expected(rows, outcomes=range(10), shift=0):
    counts = Counter(table_result(rows, r + shift) for r in outcomes)
    return {k: v / 10 for k, v in counts.items()}


def assert_frequencies(observed: Counter, probs: dict, n: int):
    assert set(observed) <= set(probs), f"results off the table: {set(observed) - set(probs)}"
    for result, p in probs.items():
        sd = math.sqrt(n * p * (1 - p))
        assert abs(observed[result] - n * p) <= Z * sd + 1e-9, (result, observed[result], n * p)


def combat_result(g):
    """What one Combat gave, read from the state it left."""
    if g.stun_turn:
        return "stun"
    if g.stats["grabs"]:
        return "grab"
    return "harm" if g.dice.rolls == 2 else "none"


@pytest.mark.parametrize("stance", STANCES)
@pytest.mark.parametrize("queen_action", QUEEN_ACTIONS)
def test_combat_table_frequencies(stance, queen_action):
    base = duel(phase="queen_action", stance=stance, turn=4, ripley=(2, 3), queen=(2, 4))
    observed = Counter()
    for seed in range(N):
        g = base.clone()
        g.dice.seed(seed)
        g.apply(g.layout.encode("queen_action", QUEEN_ACTIONS.index(queen_action)))
        observed[combat_result(g)] += 1
    probs = Counter()
    for result, p in expected(DATA["combat"][stance][queen_action]).items():
        probs["harm" if result in ("claw", "tooth", "tail") else result] += p
    assert_frequencies(observed, probs, N)


@pytest.mark.parametrize("attack", ["claw", "tooth", "tail"])
def test_queen_vs_powerloader_frequencies(attack):
    stance, queen_action, roll = next(
        (s, a, t) for s in STANCES for a in QUEEN_ACTIONS for t in range(10)
        if table_result(DATA["combat"][s][a], t) == attack
    )
    base = duel(phase="queen_action", stance=stance, turn=4, ripley=(2, 3), queen=(2, 4))
    observed = Counter()
    for seed in range(N):
        g = base.clone()
        g.dice.seed(seed)
        g.dice.script(roll)  # the Combat roll; the harm roll is the seeded die's
        g.apply(g.layout.encode("queen_action", QUEEN_ACTIONS.index(queen_action)))
        observed[g.end or ("wounded" if g.wounds else "none")] += 1
    assert_frequencies(observed, expected(DATA["queen_vs_powerloader"][attack]), N)


def test_dice_queen_action_roll_frequencies():
    g = duel(phase="queen_action", ripley=(2, 3), queen=(2, 4))
    ai = QueenDiceAI()
    observed = Counter()
    g.dice.seed(0)
    for _ in range(N):
        observed[QUEEN_ACTIONS[g.layout.decode(ai.act(g, "hive"))[1]]] += 1
    assert_frequencies(observed, expected(DATA["queen_action_roll"]), N)
