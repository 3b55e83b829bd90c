"""The Combat Phase: one Weapon per Creature, Combat Actions, token flips, ties, alternating
raises, Case 1 and Case 2, Strategic Retreat, End of Combat, cancel cards, room-size cards and
the Portal."""
import pytest

from aliens_env.alien_menace.game import HIVE, MAR
from am_helpers import card, conserved, legal_names, play, position


def test_the_rulebooks_combat_example():
    """A Demon (2); Pump Shotgun (3); Poisoned Darts (4); a Marine token "+1" (4 = 4, the tie goes
    to the Marine); an Alien token misses; the Alien stops: the Demon dies; the Hangar (size 4)
    lets the Alien play a Carnass (3) and the combat goes on."""
    g = position(room="Hangar", marines={"Pump Shotgun": 1, "Pistol": 1},
                 hive={"Demon": 1, "Carnass": 1, "Poisoned Darts": 1}, tokens=(2, 2))
    play(g, "creature[Demon]")
    assert g.strengths() == (0, 2) and g.current_player() == MAR
    play(g, "weapon[Pump Shotgun]")
    assert g.strengths() == (3, 2) and g.current_player() == HIVE and g.stage == "raise"
    play(g, "combat[Poisoned Darts]")
    assert g.strengths() == (3, 4) and g.current_player() == MAR
    g.dice.script(1)
    play(g, "flip")
    assert g.strengths() == (4, 4) and g.current_player() == HIVE  # a tie: the Alien must raise
    assert g.tokens[MAR] == 1 and g.tokens_in_play == 1
    g.dice.script(0)
    supply = g.supply
    play(g, "flip")
    assert g.strengths() == (4, 4) and g.tokens[HIVE] == 1 and g.supply == supply + 1  # a miss goes back at once
    assert sorted(legal_names(g)) == ["flip", "stop"]
    play(g, "stop")
    assert g.stats["creatures_killed"] == 1
    assert g.stage == "next_creature" and sorted(legal_names(g)) == ["creature[Carnass]", "pass"]
    play(g, "creature[Carnass]")
    assert g.creatures_played == 2 and g.strengths() == (0, 3) and g.current_player() == MAR
    assert "weapon[Pistol]" in legal_names(g)  # a new Creature: a new Weapon may be played
    conserved(g)


def test_one_weapon_per_creature():
    g = position(marines={"Pistol": 1, "Pulse Rifle": 1, "Grenade": 1}, hive={"Carnass": 1}, tokens=(1, 0))
    play(g, "creature[Carnass]", "weapon[Pistol]")
    assert g.current_player() == MAR
    assert not any(n.startswith("weapon[") for n in legal_names(g))
    assert sorted(legal_names(g)) == ["combat[Grenade]", "flip", "retreat"]


def test_combat_actions_and_tokens_without_a_weapon_add_up_with_a_later_weapon():
    g = position(marines={"Grenade": 1, "Pulse Rifle": 1}, hive={"Carnass": 1}, tokens=(1, 0))
    play(g, "creature[Carnass]", "combat[Grenade]")
    assert g.strengths() == (1, 3)
    g.dice.script(1)
    play(g, "flip")
    assert g.strengths() == (2, 3)
    play(g, "weapon[Pulse Rifle]")  # 2 + 2 = 4 against 3: the Alien has nothing, the Carnass dies
    assert g.stats["creatures_killed"] == 1 and g.stats["combats_won"] == 1


def test_only_the_side_behind_raises():
    g = position(marines={"Pump Shotgun": 1}, hive={"Demon": 1, "Acid Blood": 1}, tokens=(2, 2))
    play(g, "creature[Demon]")
    assert g.current_player() == MAR and not g.legal_mask(HIVE).any()
    play(g, "weapon[Pump Shotgun]")
    assert g.current_player() == HIVE and not g.legal_mask(MAR).any()
    assert sorted(legal_names(g)) == ["combat[Acid Blood]", "flip", "stop"]


def test_the_alien_cannot_raise_or_flip_before_a_creature():
    g = position(marines={}, hive={"Demon": 1, "Acid Blood": 1}, tokens=(2, 2))
    assert sorted(legal_names(g)) == ["creature[Demon]", "pass"]


def test_no_flip_without_tokens():
    g = position(marines={"Pistol": 1}, hive={"Carnass": 1}, tokens=(0, 0))
    play(g, "creature[Carnass]")
    assert sorted(legal_names(g)) == ["retreat", "weapon[Pistol]"]


def test_alternating_raises_until_one_side_stops():
    """Marine 2 vs Demon 2; Alien +1; Marine +1; Alien +2; the Marine cannot answer: Case 1."""
    g = position(room="Mess Hall", marines={"Pulse Rifle": 1, "Grenade": 1},
                 hive={"Demon": 1, "Acid Blood": 1, "Poisoned Darts": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pulse Rifle]")
    assert g.current_player() == HIVE
    play(g, "combat[Acid Blood]")
    assert g.strengths() == (2, 3) and g.current_player() == MAR
    play(g, "combat[Grenade]")
    assert g.strengths() == (3, 3) and g.current_player() == HIVE
    lp = g.lp
    play(g, "combat[Poisoned Darts]")  # 3 vs 5: the Marine has nothing: retreat is automatic
    assert g.lp == lp - 1 and g.stats["combats_lost"] == 1
    conserved(g)


def test_case_1_strategic_retreat_costs_one_lp_and_two_tokens_to_the_alien():
    g = position(marines={"Flamethrower": 1}, hive={"Carnass": 1}, tokens=(2, 2))
    play(g, "creature[Carnass]")
    assert "weapon[Flamethrower]" in legal_names(g) and "retreat" in legal_names(g)
    room = g.room
    play(g, "retreat")
    assert g.lp == 2 and g.tokens[HIVE] == 4 and g.supply == 10
    assert g.discard[HIVE][card(g, "Carnass").local] == 1 and g.hand[MAR][card(g, "Flamethrower").local] == 1
    assert room in g.room_discard and g.chooser == MAR  # the loser chooses the next room
    assert not g.is_terminal()
    conserved(g)


def test_case_1_at_one_lp_the_alien_wins():
    g = position(marines={"Pistol": 1}, hive={"Carnass": 1}, tokens=(0, 0), lp=1)
    play(g, "creature[Carnass]", "retreat")
    assert g.is_terminal() and g.winner == HIVE and g.lp == 0
    assert g.outcome()[HIVE] == 1 and g.outcome()[MAR] == -1


def test_case_2_kills_up_to_the_room_size_then_the_marine_wins():
    g = position(room="Mess Hall", marines={"Pump Shotgun": 2}, hive={"Demon": 3}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")  # Alien has nothing: the Demon dies
    assert g.stage == "next_creature" and sorted(legal_names(g)) == ["creature[Demon]", "pass"]
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")  # 2 of size 2: the Marine wins the combat
    assert g.stage == "room" and g.stats["combats_won"] == 1 and g.hand[HIVE][card(g, "Demon").local] == 1
    # end of combat: cards discarded, winner takes 2 tokens, loser chooses
    assert g.discard[MAR][card(g, "Pump Shotgun").local] == 2 and g.discard[HIVE][card(g, "Demon").local] == 2
    assert g.tokens[MAR] == 2 and g.chooser == HIVE
    conserved(g)


def test_in_a_size_one_room_no_second_creature():
    g = position(room="Corridor", marines={"Pump Shotgun": 1, "Pistol": 1}, hive={"Demon": 2, "Acid Blood": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]", "stop")
    assert g.stage == "room" and g.stats["combats_won"] == 1


def test_the_alien_may_decline_another_creature():
    g = position(room="Hangar", marines={"Pump Shotgun": 1}, hive={"Demon": 2}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")
    play(g, "pass")
    assert g.stats["combats_won"] == 1 and g.stage == "room"


def test_end_of_combat_tokens_in_play_go_back_then_the_winner_takes_two():
    g = position(room="Corridor", marines={"Pulse Rifle": 1}, hive={"Carnass": 1}, tokens=(3, 1))
    play(g, "creature[Carnass]", "weapon[Pulse Rifle]")
    g.dice.script(1)
    play(g, "flip")  # 3 = 3; the Alien flips his one token
    g.dice.script(1)
    play(g, "flip")  # 3 vs 4
    assert g.tokens_in_play == 2
    g.dice.script(0, 0)
    play(g, "flip", "flip")  # two misses: the Marine has no tokens, he retreats automatically
    assert g.stats["combats_lost"] == 1 and g.tokens_in_play == 0
    assert g.tokens == {MAR: 0, HIVE: 2} and g.supply == 14
    conserved(g)


def test_the_supply_limit_when_the_winner_takes_tokens():
    g = position(room="Corridor", marines={"Pump Shotgun": 1}, hive={"Demon": 1}, tokens=(8, 7))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")  # supply 1
    g.dice.script(0)
    play(g, "flip", "stop")  # the miss goes to the supply (2); the Marine wins and takes 2
    assert g.tokens[MAR] == 10 and g.supply == 0
    g2 = position(room="Corridor", marines={"Pump Shotgun": 1}, hive={"Demon": 1}, tokens=(8, 8))
    play(g2, "creature[Demon]", "weapon[Pump Shotgun]", "stop")  # supply empty: nothing to take
    assert g2.tokens[MAR] == 8 and g2.supply == 0
    conserved(g2)


def test_token_flips_are_fair_coins():
    """Frequency: a Marine's token lands "+1" half of the time (2,000 flips through the game,
    within 4 sd), and a miss goes back to the supply."""
    g0 = position(marines={"Pistol": 1}, hive={"Carnass": 1}, tokens=(2, 2))
    play(g0, "creature[Carnass]")
    plus = 0
    for seed in range(2000):
        g = g0.clone()
        g.dice.seed(seed)
        play(g, "flip")
        plus += g.bout_tokens[MAR]
        assert g.bout_tokens[MAR] + (g.supply - g0.supply) == 1
    assert abs(plus - 1000) < 4 * 22.4


# -- cancel cards --------------------------------------------------------------------------------
def test_jammed_weapon_cancels_the_weapon_just_played_and_it_still_counts():
    g = position(marines={"Pump Shotgun": 1, "Pistol": 1, "Grenade": 1}, hive={"Demon": 1, "Jammed Weapon": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")
    assert g.stage == "response" and g.current_player() == HIVE
    assert sorted(legal_names(g)) == ["combat[Jammed Weapon]", "pass"]
    play(g, "combat[Jammed Weapon]")
    assert g.strengths() == (0, 2) and g.current_player() == MAR
    assert sorted(legal_names(g)) == ["combat[Grenade]", "retreat"]  # no second Weapon


def test_jammed_weapon_is_too_late_after_another_card():
    g = position(marines={"Pulse Rifle": 1, "Grenade": 1}, hive={"Carnass": 1, "Jammed Weapon": 1, "Acid Blood": 1}, tokens=(0, 0))
    play(g, "creature[Carnass]", "weapon[Pulse Rifle]", "pass")  # the Alien lets it stand
    play(g, "combat[Grenade]")  # 3 = 3: the Alien raises, but the Weapon can no longer be jammed
    assert g.current_player() == HIVE and g.stage == "raise"
    assert "combat[Jammed Weapon]" not in legal_names(g)


def test_force_field_cancels_poisoned_darts():
    g = position(marines={"Pump Shotgun": 1, "Force Field": 1}, hive={"Demon": 1, "Poisoned Darts": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]", "combat[Poisoned Darts]")
    assert g.stage == "response" and g.current_player() == MAR and g.strengths() == (3, 4)
    play(g, "combat[Force Field]")  # the Darts are cancelled: 3 vs 2, the Alien has nothing: killed
    assert g.stats["creatures_killed"] == 1


def test_terror_cancels_a_marine_combat_action():
    g = position(marines={"Pulse Rifle": 1, "Grenade": 1}, hive={"Carnass": 1, "Terror": 1}, tokens=(0, 0))
    play(g, "creature[Carnass]", "weapon[Pulse Rifle]", "combat[Grenade]")
    assert g.current_player() == HIVE and g.stage == "response"
    play(g, "combat[Terror]")  # 2 vs 3, nothing left: the Marine loses
    assert g.stats["combats_lost"] == 1


def test_a_cancel_can_be_cancelled_which_restores_the_first_card():
    g = position(marines={"Pulse Rifle": 1, "Grenade": 1, "Force Field": 1}, hive={"Carnass": 1, "Terror": 2, "Acid Blood": 1}, tokens=(1, 0))
    play(g, "creature[Carnass]", "weapon[Pulse Rifle]", "combat[Grenade]", "combat[Terror]")
    assert g.strengths() == (2, 3) and g.current_player() == MAR
    play(g, "combat[Force Field]")  # cancels Terror: the Grenade counts again
    assert g.strengths() == (3, 3) and g.current_player() == HIVE and g.stage == "response"
    play(g, "combat[Terror]")  # Terror on the Force Field: the first Terror stands again
    assert g.strengths() == (2, 3)
    conserved(g)


def test_a_cancel_card_cannot_be_played_without_a_card_to_cancel():
    g = position(marines={"Force Field": 1, "Pistol": 1}, hive={"Demon": 1, "Terror": 1, "Jammed Weapon": 1}, tokens=(0, 0))
    play(g, "creature[Demon]")
    assert "combat[Force Field]" not in legal_names(g)


# -- room size ------------------------------------------------------------------------------------
def test_collapsed_wall_after_a_kill_lets_another_creature_in():
    g = position(room="Corridor", marines={"Pump Shotgun": 2}, hive={"Demon": 2, "Collapsed Wall": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")
    assert g.stage == "next_creature" and sorted(legal_names(g)) == ["combat[Collapsed Wall]", "pass"]
    play(g, "combat[Collapsed Wall]")
    assert g.room_size() == 2 and sorted(legal_names(g)) == ["creature[Demon]", "pass"]
    play(g, "creature[Demon]")
    assert g.creatures_played == 2


def test_smoke_grenade_after_a_kill_shrinks_the_room():
    g = position(room="Mess Hall", marines={"Pump Shotgun": 1, "Smoke Grenade": 1}, hive={"Demon": 2}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")
    assert g.stage == "smoke" and sorted(legal_names(g)) == ["combat[Smoke Grenade]", "pass"]
    play(g, "combat[Smoke Grenade]")  # size 1, one Creature played: the Marine wins
    assert g.stats["combats_won"] == 1


def test_smoke_grenade_answers_collapsed_wall_and_changes_are_cumulative():
    """Two Collapsed Walls (+2) and one Smoke Grenade (-1): the room is one larger."""
    g = position(room="Mess Hall", marines={"Pump Shotgun": 3, "Smoke Grenade": 1},
                 hive={"Demon": 4, "Collapsed Wall": 2}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]", "pass")  # no Smoke yet
    play(g, "combat[Collapsed Wall]")
    assert g.stage == "response" and sorted(legal_names(g)) == ["combat[Smoke Grenade]", "pass"]
    play(g, "combat[Smoke Grenade]")
    assert g.room_size() == 2 and g.current_player() == HIVE  # the Alien may answer with another wall
    play(g, "combat[Collapsed Wall]")
    assert g.room_size() == 3 == g.rooms[g.room].size + 1
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")
    play(g, "creature[Demon]", "weapon[Pump Shotgun]")  # 3 of 3
    assert g.stats["combats_won"] == 1 and g.stats["creatures_killed"] == 3


def test_room_size_cards_can_be_played_after_each_kill():
    g = position(room="Corridor", marines={"Pump Shotgun": 3}, hive={"Demon": 3, "Collapsed Wall": 2}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]", "combat[Collapsed Wall]", "creature[Demon]", "weapon[Pump Shotgun]")
    assert g.stage == "next_creature" and "combat[Collapsed Wall]" in legal_names(g)
    play(g, "combat[Collapsed Wall]", "creature[Demon]")
    assert g.creatures_played == 3 and g.room_size() == 3


def test_room_size_cards_are_not_played_while_a_creature_lives():
    g = position(room="Mess Hall", marines={"Pulse Rifle": 1, "Smoke Grenade": 1}, hive={"Carnass": 1, "Collapsed Wall": 1}, tokens=(0, 0))
    play(g, "creature[Carnass]")
    assert "combat[Smoke Grenade]" not in legal_names(g)


def test_terror_can_cancel_a_smoke_grenade():
    g = position(room="Mess Hall", marines={"Pump Shotgun": 2, "Smoke Grenade": 1}, hive={"Demon": 2, "Terror": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]", "combat[Smoke Grenade]")
    assert g.stage == "response" and g.current_player() == HIVE and g.room_size() == 1
    play(g, "combat[Terror]")
    assert g.room_size() == 2 and g.stage == "next_creature" and "creature[Demon]" in legal_names(g)


def test_force_field_can_cancel_a_collapsed_wall():
    g = position(room="Corridor", marines={"Pump Shotgun": 1, "Force Field": 1}, hive={"Demon": 2, "Collapsed Wall": 1}, tokens=(0, 0))
    play(g, "creature[Demon]", "weapon[Pump Shotgun]", "combat[Collapsed Wall]", "combat[Force Field]")
    assert g.stats["combats_won"] == 1  # the wall is cancelled: size 1, the Alien can only pass
    assert g.discard[HIVE][card(g, "Collapsed Wall").local] == 1 and g.hand[HIVE][card(g, "Demon").local] == 1


# -- the Portal -----------------------------------------------------------------------------------
def test_winning_the_portal_combat_wins_the_game():
    g = position(room="Portal", marines={"Flamethrower": 1}, hive={"Warrior": 1}, tokens=(0, 0), lp=1)
    play(g, "creature[Warrior]", "weapon[Flamethrower]")
    assert g.is_terminal() and g.winner == MAR and g.outcome()[MAR] == 1


def test_losing_the_portal_combat_loses_the_game_even_with_three_lp():
    g = position(room="Portal", marines={"Pistol": 1}, hive={"Warrior": 1}, tokens=(0, 0), lp=3)
    play(g, "creature[Warrior]", "retreat")
    assert g.is_terminal() and g.winner == HIVE and g.lp == 2


def test_no_creature_at_the_portal_the_marine_wins():
    g = position(room="Portal", marines={"Pistol": 1}, hive={"Warrior": 1}, tokens=(0, 0))
    play(g, "pass")
    assert g.is_terminal() and g.winner == MAR


def test_the_portal_comes_after_twelve_rooms():
    """After six turns the twelve shuffled rooms are used up (one explored, one discarded each
    turn); the seventh turn turns over the Portal alone and the Marine must enter it."""
    g = position(room="Hangar", marines={}, hive={}, tokens=(0, 0), run=False)
    last = g.room_deck[1:]  # every room but the Portal and the Hangar
    g.room_discard = last
    g.room_deck = [g.portal]
    g.turn = 6
    conserved(g)
    g._run()  # the Alien has no card: no combat; turn 7 reveals the Portal
    assert g.turn == 7 and g.room == g.portal and not g.room_deck and not g.revealed
    assert len(g.room_discard) == 12


def test_a_whole_game_reaches_the_portal_on_turn_seven_if_the_marine_lives():
    from aliens_env.alien_menace.dice_ai import AlienMenaceDiceAI

    bot = AlienMenaceDiceAI()
    reached = 0
    g = position(run=False)
    for seed in range(40):
        g.reset(seed)
        while not g.is_terminal():
            if g.room == g.portal:
                assert g.turn == 7 and len(g.room_discard) == 12 and not g.room_deck
            g.apply(bot.act(g, g.current_player()))
        if g.room == g.portal:
            reached += 1
            assert g.end_reason != "the Marine has lost his last Life Point"
        else:
            assert g.winner == HIVE and g.lp == 0 and g.turn < 7
    assert reached > 5
