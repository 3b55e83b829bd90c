"""The game turn outside combat: Exploration, the Marine phase, the Alien phase, Events, Recon
Robot, no combat, room effects, the common token supply."""
import pytest

from aliens_env.alien_menace.game import HIVE, MAR, AlienMenace
from am_helpers import act, card, conserved, legal_names, play, position, set_hand, set_tokens, stack_deck


def room_id(g, name):
    return next(r.id for r in g.rooms if r.name == name)


def to_first_room(seed=0):
    g = AlienMenace()
    g.reset(seed)
    play(g, "keep", "keep")
    return g


def test_first_turn_two_rooms_revealed_the_marine_chooses_the_other_is_discarded():
    g = to_first_room(4)
    assert g.turn == 1 and g.stage == "room" and g.current_player() == MAR
    first, second = g.revealed
    assert g.portal not in (first, second) and len(g.room_deck) == 11
    play(g, "room[second]")
    assert g.room == second and g.room_discard == [first]


@pytest.mark.parametrize("room", ["Hangar", "Corridor", "Airlock", "Air Duct", "Armory", "Egg Chamber"])
def test_the_marine_draws_the_rooms_marine_number_then_the_alien_its_alien_number(room):
    """Through the game: the Marine chooses the room, draws its Marine number; he passes; the
    Alien draws its Alien number (each room below has different numbers)."""
    g = to_first_room(4)
    rid = room_id(g, room)
    if rid not in g.revealed:
        g.room_deck.append(g.revealed[0])
        g.room_deck.remove(rid)
        g.revealed[0] = rid
    first = g.revealed.index(rid)
    set_hand(g, MAR, {"Pistol": 1})
    set_hand(g, HIVE, {"Demon": 1})
    r = g.rooms[rid]
    g.apply(act(g, f"room[{['first', 'second'][first]}]"))
    assert g.room == rid and g.stage == "marine_events" and g.current_player() == MAR
    assert sum(g.hand[MAR]) == 1 + r.marine_draw and sum(g.hand[HIVE]) == 1
    g.apply(act(g, "pass"))
    assert g.stage == "alien_phase" and sum(g.hand[HIVE]) == 1 + r.alien_draw
    assert sum(g.hand[MAR]) == 1 + r.marine_draw
    conserved(g)


def test_events_one_at_a_time_in_ones_phase_then_pass():
    g = position(marines={"Supply Drop": 1, "Ammo Cache": 1, "Pistol": 1}, hive={"Demon": 1}, stage="marine_events")
    assert sorted(legal_names(g)) == ["event[Ammo Cache]", "event[Supply Drop]", "pass"]
    play(g, "event[Supply Drop]")
    assert sum(g.hand[MAR]) == 2 + 2  # Ammo Cache, Pistol, two new cards
    assert g.discard[MAR][card(g, "Supply Drop").local] == 1
    assert g.stage == "marine_events"
    play(g, "event[Ammo Cache]")
    assert g.tokens[MAR] == 4 and g.supply == 10
    conserved(g)


def test_the_alien_phase_offers_events_a_creature_or_no_creature():
    g = position(marines={}, hive={"Demon": 1, "Hive Call": 1, "Acid Blood": 1})
    assert sorted(legal_names(g)) == ["creature[Demon]", "event[Hive Call]", "pass"]


def test_no_creature_no_combat_the_marine_takes_two_tokens_and_the_alien_chooses_next():
    g = position(marines={"Pistol": 1}, hive={"Demon": 1}, tokens=(2, 2))
    room = g.room
    play(g, "pass")
    assert g.tokens[MAR] == 4 and g.supply == 10
    assert g.stage == "room" and g.current_player() == HIVE and g.chooser == HIVE
    assert room in g.room_discard and g.turn == 2
    conserved(g)


def test_no_creature_with_an_empty_supply_gives_nothing():
    g = position(marines={"Pistol": 1}, hive={"Demon": 1}, tokens=(8, 8))
    play(g, "pass")
    assert g.tokens[MAR] == 8 and g.supply == 0
    conserved(g)


def test_token_supply_limit_take_only_what_remains():
    """Rulebook example: 4 tokens due, 3 in the supply: take 3, the last is lost."""
    g = position(marines={}, hive={"Egg Clutch": 1, "Demon": 1}, tokens=(2, 2))
    set_tokens(g, 2, 11)  # supply 3
    assert g.supply == 3
    assert g._take_tokens(HIVE, 4) == 3
    assert g.tokens[HIVE] == 14 and g.supply == 0
    conserved(g)


def test_token_event_with_a_short_supply():
    g = position(marines={}, hive={"Egg Clutch": 1, "Demon": 1})
    set_tokens(g, 2, 13)  # supply 1
    play(g, "event[Egg Clutch]")
    assert g.tokens[HIVE] == 14 and g.supply == 0
    conserved(g)


def test_recon_robot_cancels_the_event_before_its_effect():
    g = position(marines={"Recon Robot": 1}, hive={"Hive Call": 1, "Demon": 1})
    play(g, "event[Hive Call]")
    assert g.stage == "response" and g.current_player() == MAR
    assert sorted(legal_names(g)) == ["event[Recon Robot]", "pass"]
    hand_before = sum(g.hand[HIVE])
    play(g, "event[Recon Robot]")
    assert sum(g.hand[HIVE]) == hand_before  # no cards drawn
    assert g.discard[HIVE][card(g, "Hive Call").local] == 1
    assert g.discard[MAR][card(g, "Recon Robot").local] == 1
    assert g.stage == "alien_phase" or g.stage == "raise"  # back to the Alien (one option: Demon)
    conserved(g)


def test_an_event_not_answered_takes_effect():
    g = position(marines={"Recon Robot": 1}, hive={"Hive Call": 1, "Demon": 1, "Terror": 1})
    play(g, "event[Hive Call]", "pass")
    assert sum(g.hand[HIVE]) == 2 + 2


def test_recon_robot_is_only_an_answer_not_an_event_of_ones_own_phase():
    g = position(marines={"Recon Robot": 1, "Supply Drop": 1}, hive={}, stage="marine_events")
    assert "event[Recon Robot]" not in legal_names(g)


def test_the_recon_robot_window_opens_on_public_information():
    """After an Alien Event the Marine has an answer window whenever he may hold a Recon Robot
    (a pass-only decision if he does not); none when his hand is empty or every Recon Robot is
    in his discard pile: then the Event takes effect at once."""
    g = position(marines={"Pistol": 1}, hive={"Hive Call": 1, "Demon": 1})
    g.apply(act(g, "event[Hive Call]"))
    assert g.stage == "response" and g.current_player() == MAR and legal_names(g) == ["pass"]
    g.apply(act(g, "pass"))
    assert g.stage == "alien_phase" and sum(g.hand[HIVE]) == 3
    empty = position(marines={}, hive={"Hive Call": 1, "Demon": 1})
    empty.apply(act(empty, "event[Hive Call]"))
    assert empty.stage == "alien_phase" and sum(empty.hand[HIVE]) == 3
    seen = position(marines={"Pistol": 1}, hive={"Hive Call": 1, "Demon": 1})
    robot = card(seen, "Recon Robot")
    for _ in range(robot.copies):
        seen.deck[MAR].remove(robot.local)
        seen.discard[MAR][robot.local] += 1
    seen.apply(act(seen, "event[Hive Call]"))
    assert seen.stage == "alien_phase" and sum(seen.hand[HIVE]) == 3
    conserved(seen)


def test_ambush_discards_cards_chosen_with_the_dice():
    g = position(marines={"Pistol": 1, "Grenade": 1, "Medkit": 1}, hive={"Ambush": 1, "Demon": 1})
    # hand order is the card order: Pistol, Grenade, Medkit; dice.pick(3) reads a d10 in thirds
    g.dice.script(0, 8)  # 0 -> first of three (Pistol); then 8 -> second of two (Medkit)
    play(g, "event[Ambush]")
    assert g.discard[MAR][card(g, "Pistol").local] == 1 and g.discard[MAR][card(g, "Medkit").local] == 1
    assert g.hand[MAR][card(g, "Grenade").local] == 1 and sum(g.hand[MAR]) == 1
    conserved(g)


def test_ambush_discards_uniformly():
    """Frequency: with Pistol, Grenade, Medkit in hand and one discard, each goes 1/3 of the time."""
    from collections import Counter

    counts = Counter()
    g0 = position(marines={"Pistol": 1, "Grenade": 1, "Medkit": 1}, hive={"Ambush": 1, "Demon": 1})
    for seed in range(900):
        g = g0.clone()
        g.dice.seed(seed)
        g._random_discard(MAR, 1)
        counts[next(c.name for c in g.side_cards[MAR] if g.discard[MAR][c.local])] += 1
    assert set(counts) == {"Pistol", "Grenade", "Medkit"}
    assert all(240 <= n <= 360 for n in counts.values()), counts  # 300 expected, sd ~14


def test_medkit_heals_but_never_above_three():
    g = position(marines={"Medkit": 2}, hive={}, stage="marine_events", lp=2)
    play(g, "event[Medkit]")
    assert g.lp == 3
    play(g, "event[Medkit]")
    assert g.lp == 3


@pytest.mark.parametrize("room, side, tokens", [("Supply Depot", MAR, 4), ("Egg Chamber", HIVE, 4)])
def test_room_token_effects_on_entering(room, side, tokens):
    g = to_first_room(0)
    rid = room_id(g, room)
    # put the room among the revealed ones
    g.room_deck.append(g.revealed[0]); g.room_deck.remove(rid) if rid in g.room_deck else g.room_discard.remove(rid)
    g.revealed[0] = rid
    play(g, "room[first]")
    assert g.room == rid and g.tokens[side] == tokens


def test_med_lab_heals():
    g = to_first_room(0)
    rid = room_id(g, "Med Lab")
    g.room_deck.append(g.revealed[0]); g.room_deck.remove(rid)
    g.revealed[0] = rid
    g.lp = 2
    play(g, "room[first]")
    assert g.lp == 3


def test_reactor_creatures_are_stronger():
    g = position(room="Reactor", marines={"Pistol": 1, "Grenade": 1}, hive={"Demon": 1, "Carnass": 1})
    play(g, "creature[Demon]")
    assert g.strengths() == (0, 3)


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile():
    g = position(marines={}, hive={}, stage="marine_events", run=False)
    g.discard[MAR] = [0] * len(g.discard[MAR])
    pile = g.deck[MAR]
    g.discard[MAR][card(g, "Pistol").local] = pile.count(card(g, "Pistol").local)
    g.deck[MAR] = [x for x in pile if x == card(g, "Pistol").local][:0] + [x for x in pile if x != card(g, "Pistol").local]
    n = len(g.deck[MAR])
    g._draw(MAR, n + 1)
    assert sum(g.hand[MAR]) == n + 1 and g.hand[MAR][card(g, "Pistol").local] >= 1
    conserved(g)


def test_later_rooms_are_chosen_by_the_loser_of_the_last_combat():
    g = position(marines={"Pistol": 1}, hive={"Facehugger": 1}, tokens=(0, 0))
    play(g, "creature[Facehugger]", "weapon[Pistol]")  # 1 = 1: the Alien has nothing left: killed, Marine wins
    assert g.stage == "room" and g.chooser == HIVE and g.current_player() == HIVE
    g2 = position(marines={"Pistol": 1}, hive={"Demon": 1}, tokens=(0, 0))
    play(g2, "creature[Demon]")  # the Marine can only play the Pistol (1 < 2) then must retreat
    play(g2, "weapon[Pistol]")
    assert g2.stage == "room" and g2.chooser == MAR and g2.current_player() == MAR
