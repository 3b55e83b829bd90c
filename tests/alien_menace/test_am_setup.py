"""Set-up, the card set and the options (rulebook: Components, Setup)."""
from collections import Counter

import pytest
import yaml

from aliens_env.alien_menace import cards as card_data
from aliens_env.alien_menace.game import HIVE, MAR, AlienMenace
from am_helpers import act, conserved, hand_of, legal_names, play


def test_components_are_the_printed_counts():
    cs = card_data.load()
    assert sum(c.copies for c in cs.by_side[MAR]) == 48
    assert sum(c.copies for c in cs.by_side[HIVE]) == 48
    assert len(cs.rooms) == 13 and sum(r.portal for r in cs.rooms) == 1
    assert cs.tokens == 16
    assert cs.rules["life_points"] == 3 and cs.rules["hand_size"] == 6 and cs.rules["mulligans"] == 1


def test_every_printed_name_keeps_its_printed_numbers():
    by = card_data.load().by_name
    assert (by["Demon"].kind, by["Demon"].strength) == ("creature", 2)
    assert (by["Carnass"].kind, by["Carnass"].strength) == ("creature", 3)
    assert (by["Pump Shotgun"].kind, by["Pump Shotgun"].strength) == ("weapon", 3)
    assert by["Poisoned Darts"].effect == ("add_strength", 2) and by["Poisoned Darts"].side == HIVE
    assert by["Force Field"].effect == ("cancel", "combat_action") and by["Force Field"].side == MAR
    assert by["Terror"].effect == ("cancel", "combat_action") and by["Terror"].side == HIVE
    assert by["Jammed Weapon"].effect == ("cancel", "weapon") and by["Jammed Weapon"].side == HIVE
    assert by["Recon Robot"].effect == ("cancel", "event") and by["Recon Robot"].kind == "event"
    assert by["Smoke Grenade"].effect == ("room_size", -1) and by["Smoke Grenade"].side == MAR
    assert by["Collapsed Wall"].effect == ("room_size", 1) and by["Collapsed Wall"].side == HIVE
    rooms = {r.name: r for r in card_data.load().rooms}
    assert rooms["Hangar"].size == 4 and rooms["Portal"].portal


def _broken_cards(tmp_path, edit):
    data = yaml.safe_load(open(card_data.DATA / "cards.yaml"))
    edit(data)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data))
    return str(path)


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d["marines"][0].update(copies=5), "48"),
        (lambda d: d["hive"].__setitem__(1, {**d["hive"][1], "strength": 4}), "Demon"),
        (lambda d: d["hive"][0].update(effect={"teleport": 1}), "vocabulary"),
        (lambda d: d["rooms"].pop(), "13 rooms"),
        (lambda d: d["rooms"][0].update(size=3), "Hangar"),
        (lambda d: d["marines"][0].update(colour="red"), "unknown field"),
        (lambda d: d["hive"][-1].update(effect={"heal": 1}), "only Marine cards heal"),
        (lambda d: d.update(tokens=20), "tokens must be 16"),
    ],
)
def test_a_broken_card_file_is_refused_with_a_reason(tmp_path, edit, message):
    path = _broken_cards(tmp_path, edit)
    with pytest.raises(ValueError, match=message):
        AlienMenace(cards_file=path)


def test_unknown_option_names_it_and_the_allowed_ones():
    with pytest.raises(ValueError, match=r"telepathy.*allowed.*cards_file"):
        AlienMenace(telepathy=True)


def test_setup_deals_six_cards_two_tokens_three_lp_and_the_portal_at_the_bottom():
    g = AlienMenace()
    g.reset(5)
    for side in (MAR, HIVE):
        assert sum(g.hand[side]) == 6 and len(g.deck[side]) == 42
        assert g.tokens[side] == 2
    assert g.supply == 12 and g.lp == 3
    assert g.room_deck[0] == g.portal and len(g.room_deck) == 13  # the top is the last card
    assert g.current_player() == MAR and sorted(legal_names(g)) == ["keep", "mulligan"]
    conserved(g)


def test_reset_fully_reinitialises():
    g = AlienMenace()
    g.reset(3)
    fresh = g.to_dict()
    play(g, "mulligan")
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    g.reset(3)
    assert g.to_dict() == fresh


def test_room_shuffle_is_uniform_and_the_portal_never_moves():
    """12 rooms shuffled on top of the Portal: each non-Portal room is on top about 1/12 of the time."""
    g = AlienMenace()
    tops = Counter()
    n = 1200
    for seed in range(n):
        g.reset(seed)
        assert g.room_deck[0] == g.portal
        tops[g.room_deck[-1]] += 1
    assert g.portal not in tops and len(tops) == 12
    # 100 expected each; sd ~ 9.6: 5 sd either side
    assert all(50 <= k <= 150 for k in tops.values()), tops


def test_mulligan_once_the_marine_first_then_the_alien():
    g = AlienMenace()
    g.reset(1)
    play(g, "mulligan")
    assert g.mulligans[MAR] == 1 and sum(g.hand[MAR]) == 6 and len(g.deck[MAR]) == 42
    assert g.current_player() == HIVE and g.stage == "mulligan"
    conserved(g)
    play(g, "keep")
    assert g.stage == "room" and g.current_player() == MAR  # first turn: the Marine chooses


def test_a_second_mulligan_is_not_offered():
    g = AlienMenace()
    g.reset(1)
    g.mulligans[MAR] = 1
    g._legal = None
    assert legal_names(g) == ["keep"]


def test_mulligan_shuffles_the_hand_back_into_the_pile():
    g = AlienMenace()
    g.reset(2)
    old = list(g.hand[MAR])
    deck_before = Counter(g.deck[MAR])
    g.apply(act(g, "mulligan"))
    # the new hand came from the 48 cards: old hand + old pile
    pool = deck_before + Counter({i: n for i, n in enumerate(old) if n})
    new = Counter({i: n for i, n in enumerate(g.hand[MAR]) if n})
    assert not new - pool
    assert Counter(g.deck[MAR]) + new == pool


@pytest.mark.parametrize(
    "key, value, message",
    [("hand_size", "six", "hand_size must be a whole number"), ("rooms_revealed", 9, "rooms_revealed must be 1-6"),
     ("life_points", 0, "life_points must be a whole number >= 1"), ("first_chooser", "ripley", "marines or hive"),
     ("shaping_life_point", "much", "shaping_life_point")],
)
def test_a_broken_rules_file_is_refused_naming_the_key(tmp_path, key, value, message):
    data = yaml.safe_load(open(card_data.DATA / "rules.yaml"))
    data[key] = value
    path = tmp_path / "rules.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ValueError, match=message):
        AlienMenace(rules_file=str(path))


def test_the_room_actions_follow_rooms_revealed(tmp_path):
    """The rule number rooms_revealed sizes the room[...] actions and the observation."""
    data = yaml.safe_load(open(card_data.DATA / "rules.yaml"))
    data["rooms_revealed"] = 3
    path = tmp_path / "rules.yaml"
    path.write_text(yaml.safe_dump(data))
    g = AlienMenace(rules_file=str(path))
    g.reset(0)
    play(g, "keep", "keep")
    assert len(g.revealed) == 3 and legal_names(g) == ["room[first]", "room[second]", "room[third]"]
    revealed = list(g.revealed)
    play(g, "room[third]")
    assert g.room == revealed[2] and g.room_discard == revealed[:2]
    assert g.observe(MAR).shape == g.observation_shape


def test_both_draw_piles_are_shuffled():
    """Frequency: over 600 seeded set-ups the opening hands (before any mulligan) hold each
    card type in proportion to its copies: 6 x copies / 48 on average (within 5 standard
    errors), and the hands vary."""
    g = AlienMenace()
    n = 600
    totals = {side: [0] * len(g.side_cards[side]) for side in (MAR, HIVE)}
    hands = set()
    for seed in range(n):
        g.reset(seed)
        for side in (MAR, HIVE):
            for local, k in enumerate(g.hand[side]):
                totals[side][local] += k
        hands.add(tuple(g.hand[MAR]))
    assert len(hands) > n // 2
    for side in (MAR, HIVE):
        for c in g.side_cards[side]:
            p = c.copies / 48
            mean, expected = totals[side][c.local] / n, 6 * p
            sd = (6 * p * (1 - p) * (48 - 6) / 47) ** 0.5 / n ** 0.5  # hypergeometric
            assert abs(mean - expected) < 5 * sd, (c.name, mean, expected)


def test_a_mulligan_draws_from_the_reshuffled_pile():
    """Frequency: the 6 new cards come from all 48 (the old hand shuffled back): over 400 seeds
    the new hand is rarely the old one, and it shares as many cards (by type) with the old hand
    as two independent 6-card hands of the 48 do (worked out by sampling)."""
    import random

    g = AlienMenace()
    n, same, shared = 400, 0, 0
    for seed in range(n):
        g.reset(seed)
        old = list(g.hand[MAR])
        g.apply(act(g, "mulligan"))
        new = g.hand[MAR]
        same += new == old
        shared += sum(min(a, b) for a, b in zip(old, new))
    deck = [c.local for c in g.side_cards[MAR] for _ in range(c.copies)]
    rng, ref, m = random.Random(0), 0, 20000
    for _ in range(m):
        a, b = Counter(rng.sample(deck, 6)), Counter(rng.sample(deck, 6))
        ref += sum((a & b).values())
    assert same < n // 20
    assert abs(shared / n - ref / m) < 0.25, (shared / n, ref / m)  # sd of the mean about 0.05
