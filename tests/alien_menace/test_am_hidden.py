"""Hidden information, tested on positions of real games: whatever the opponent holds (and
whatever order the draw piles are in), a player sees the same observation, is offered the same
decisions at the same moments, and the scripted player makes the same choice.

A "twin" of a position keeps everything public (the opponent's hand size, discard piles, cards in
play, tokens, rooms, the dice) and deals the opponent a different hand from the cards he may
hold (his hand and his draw pile together), with the draw piles in a new order."""
import random

import numpy as np
import pytest

from aliens_env.alien_menace.dice_ai import AlienMenaceDiceAI
from aliens_env.alien_menace.game import HIVE, MAR, AlienMenace
from aliens_env.core.policy import RandomPolicy
from am_helpers import conserved, play, position


def twin(g: AlienMenace, viewer: str, rng: random.Random, own_deck_too: bool = False) -> AlienMenace:
    """The same position with the opponent's hidden cards dealt again (same hand size)."""
    t = g.clone()
    opp = HIVE if viewer == MAR else MAR
    pool = list(t.deck[opp])
    for local, n in enumerate(t.hand[opp]):
        pool += [local] * n
    rng.shuffle(pool)
    size = sum(t.hand[opp])
    t.hand[opp] = [0] * len(t.hand[opp])
    for local in pool[:size]:
        t.hand[opp][local] += 1
    t.deck[opp] = pool[size:]
    if own_deck_too:
        rng.shuffle(t.deck[viewer])
    t._legal = None
    conserved(t)
    return t


def positions(n_games: int, seed0: int = 0):
    """Positions of random games (both sides random), every step."""
    g = AlienMenace()
    for seed in range(seed0, seed0 + n_games):
        g.reset(seed)
        policy = RandomPolicy(seed)
        while not g.is_terminal():
            yield g
            g.apply(policy.act(g, g.current_player()))


def _reveals_hidden_cards(g: AlienMenace, action: int) -> bool:
    """Actions after which the opponent's hidden cards become public: a forced discard."""
    cid = g.action_card[action]
    return cid >= 0 and g.cards[cid].effect_name == "discard"


def test_the_opponents_hidden_cards_never_change_what_a_player_sees_or_when_he_acts():
    """For every step of 40 random games, the player to move and a twin position (the
    opponent's hand dealt again): the same observation and mask now, and after each of his
    legal actions the same observation, the same player to move and, if it is him, the same
    mask. (Response windows and other decisions open on public information only: the window
    after a Weapon opens whenever a Jammed Weapon may be in the Alien's hand, not only when it
    is.)"""
    rng = random.Random(0)
    checked = 0
    for g in positions(40):
        me = g.current_player()
        t = twin(g, me, rng)
        assert np.array_equal(g.observe(me), t.observe(me))
        assert np.array_equal(g.legal_mask(me), t.legal_mask(me))
        for a in g.legal_actions():
            if _reveals_hidden_cards(g, a):
                continue
            x, y = g.clone(), t.clone()
            x.apply(a)
            y.apply(a)
            assert x.current_player() == y.current_player(), (g.layout.name(a), x.stage, y.stage)
            assert np.array_equal(x.observe(me), y.observe(me)), (g.layout.name(a), x.stage, y.stage)
            if x.current_player() == me:
                assert np.array_equal(x.legal_mask(me), y.legal_mask(me))
            checked += 1
    assert checked > 2000


def test_a_weapon_opens_the_answer_window_whether_or_not_the_alien_holds_jammed_weapon():
    with_jam = position(marines={"Pump Shotgun": 1}, hive={"Demon": 1, "Jammed Weapon": 1}, tokens=(0, 0))
    without = position(marines={"Pump Shotgun": 1}, hive={"Demon": 1, "Acid Blood": 1}, tokens=(0, 0))
    for g in (with_jam, without):
        play(g, "creature[Demon]")
        g.apply(g.layout.names().index("weapon[Pump Shotgun]"))
        assert g.stage == "response" and g.current_player() == HIVE
    assert np.array_equal(with_jam.observe(MAR), without.observe(MAR))
    assert [with_jam.layout.name(a) for a in with_jam.legal_actions()] == ["combat[Jammed Weapon]", "pass"]
    assert [without.layout.name(a) for a in without.legal_actions()] == ["pass"]  # a decision all the same


def test_no_window_when_every_answer_card_is_public():
    """Both Jammed Weapons in the Alien's discard pile: the Marine knows there is no answer, so
    play goes on at once (the Alien, with nothing to raise with, lets the Demon die)."""
    g = position(room="Corridor", marines={"Pump Shotgun": 1}, hive={"Demon": 1, "Carnass": 1}, tokens=(0, 0))
    jam = g.cs.by_name["Jammed Weapon"]
    for _ in range(jam.copies):
        g.deck[HIVE].remove(jam.local)
        g.discard[HIVE][jam.local] += 1
    play(g, "creature[Demon]")
    g.apply(g.layout.names().index("weapon[Pump Shotgun]"))
    assert g.stage == "raise" and g.current_player() == HIVE  # the Alien may still hold Acid Blood
    assert [g.layout.name(a) for a in g.legal_actions()] == ["stop"]  # he does not
    conserved(g)


def test_no_decision_for_an_empty_hand():
    """A hand of 0 cards is public: the Alien, with no cards and no tokens, cannot raise: the
    Creature dies at once."""
    g = position(room="Corridor", marines={"Pump Shotgun": 1}, hive={"Demon": 1}, tokens=(0, 0))
    play(g, "creature[Demon]")
    assert sum(g.hand[HIVE]) == 0
    g.apply(g.layout.names().index("weapon[Pump Shotgun]"))
    assert g.stats["combats_won"] == 1


@pytest.mark.parametrize("side", [MAR, HIVE])
def test_the_scripted_player_reads_only_what_its_player_may_know(side):
    """The dice AI chooses the same action whatever the opponent holds and whatever order both
    draw piles are in (the dice, which break its ties, are the same in both positions)."""
    rng = random.Random(1)
    bot = AlienMenaceDiceAI()
    checked = 0
    for g in positions(60, seed0=100):
        if g.current_player() != side:
            continue
        t = twin(g, side, rng, own_deck_too=True)
        assert bot.act(g.clone(), side) == bot.act(t.clone(), side)
        checked += 1
    assert checked > 500
