"""The Hive player of the "Get Away From Her" expansion, as printed: set-up, Willpower, the
Hivemind Step, the Willpower Actions at their costs, Nature, Instinct and Reaction cards."""
from collections import Counter

import numpy as np
import pytest

from aliens_env.glorious_day.game import MAX_ALIENS, GloriousDay
from aliens_env.glorious_day.policies import HeuristicMarines, ScriptedHive
from gd_helpers import act, activate, empty, legal, open_, sq, stack


def test_set_up_a_random_nature_in_play_and_willpower_four():
    natures = set()
    for seed in range(12):
        g = GloriousDay()
        g.reset(seed)
        assert g.willpower == 4 and g.nature in g.natures
        assert Counter(g.hm_deck) + Counter([g.nature]) == Counter({k: g.cards[k]["copies"] for k in g.card_names})
        natures.add(g.nature)
    assert len(natures) > 1  # random


def test_without_a_hive_player_there_is_no_willpower_and_no_nature():
    g = GloriousDay(hive_player=False)
    assert g.willpower == 0 and g.nature == "" and not g.hm_hand
    g2 = open_(empty(chars={0: (1, 1)}))
    while not g2.is_terminal() and g2.round == 1:
        g2.apply(g2.legal_actions()[0])
    assert g2.round == 2 and g2.willpower == 0 and not g2.hm_hand


@pytest.mark.parametrize("before, after", [(0, 4), (4, 8), (6, 10), (9, 10), (10, 10)])
def test_hivemind_step_gains_four_willpower_never_over_ten(before, after):
    g = empty(hive_player=True)
    g.willpower = before
    hand = len(g.hm_hand)
    g._hivemind_start()
    assert g.willpower == after and len(g.hm_hand) == hand + 1


def test_the_hivemind_step_comes_first_in_the_alien_phase():
    g = empty(hive_player=True, chars={0: (2, 2)})
    activate(g)
    act(g, "end")
    assert g.phase == "hivemind" and g.decision.kind == "hivemind" and g.current_player() == "hive"
    assert g.willpower == 8


def test_discard_down_to_three_at_the_end_of_the_step():
    g = empty(hive_player=True)
    g.hm_hand = ["ambush", "terror", "stir", "infest", "savage"]
    for card in g.hm_hand:
        g.hm_deck.remove(card)
    open_(g, "hivemind")
    act(g, "end_step")
    assert g.decision.kind == "discard"
    act(g, "discard", g.card_names.index("stir"))
    act(g, "discard", g.card_names.index("infest"))
    assert sorted(g.hm_hand) == ["ambush", "savage", "terror"] and g.phase != "discard"
    assert g.hm_discard[-2:] == ["stir", "infest"]


def hive_step(willpower=10, hand=(), **kw):
    g = empty(hive_player=True, **kw)
    for card in hand:
        g.hm_deck.remove(card)
    g.hm_hand = list(hand)
    g.willpower = willpower
    return open_(g, "hivemind")


def test_willpower_move_costs_one_and_moves_a_blip_or_alien_one_space_any_way():
    g = hive_step(willpower=1, chars={0: (9, 1)}, blips=[((2, 11), 1)], aliens=[(6, 5)])
    blip_slot = MAX_ALIENS
    moves = [i for i in legal(g, "wp_move") if i // 8 == blip_slot]
    assert len(moves) == 8  # open floor all round: any direction
    assert len([i for i in legal(g, "wp_move") if i // 8 == 0]) == 8  # the Alien too
    act(g, "wp_move", blip_slot * 8 + 2)  # East
    assert g.blips[0]["pos"] == sq(g, (2, 12)) and g.willpower == 0
    assert legal(g, "wp_move") == []


def test_willpower_move_is_refused_into_walls_and_models():
    g = hive_step(chars={0: (9, 1)}, aliens=[(1, 9), (2, 9)])
    dirs = sorted(i % 8 for i in legal(g, "wp_move") if i // 8 == 0)
    assert dirs == [2, 3, 5]  # E, SE and SW (the door); N, NE, NW and W are walls, S the other Alien


def test_willpower_draw_costs_two():
    g = hive_step(willpower=2)
    hand = len(g.hm_hand)
    act(g, "wp_draw")
    assert len(g.hm_hand) == hand + 1 and g.willpower == 0


def test_swap_blips_costs_two_and_swaps_their_tokens():
    g = hive_step(willpower=3, chars={0: (9, 1)}, blips=[((1, 10), 0), ((5, 15), 3), ((5, 17), 1)])
    act(g, "swap", 0)
    assert g.decision.kind == "swap_second" and legal(g, "swap") == [1, 2]
    act(g, "swap", 1)
    assert g.blips[0]["value"] == 3 and g.blips[1]["value"] == 0 and g.willpower == 1
    assert legal(g, "swap") == []  # 1 Willpower left


def test_reorder_deck_costs_two_and_puts_the_top_card_at_the_bottom():
    g = hive_step(willpower=2)
    top = g.tracker[-1]
    act(g, "wp_reorder")
    assert g.tracker[0] == top and g.willpower == 0


def test_willpower_costs_are_the_printed_ones():
    assert GloriousDay().hive_rules["costs"] == {"move": 1, "draw": 2, "swap_blips": 2, "reorder_deck": 2,
                                                "move_queen": 3, "heal_queen": 1}


def test_a_new_nature_discards_the_old_one():
    g = hive_step(hand=("aggressive",))
    g.nature = "vicious"
    g._cache.clear()
    act(g, "play", g.card_names.index("aggressive"))
    assert g.nature == "aggressive" and "vicious" in g.hm_discard
    assert g.willpower == 10 - g.cards["aggressive"]["cost"]


def test_cards_cost_their_willpower():
    g = hive_step(willpower=1, hand=("aggressive", "infest"))
    g.nature = "vicious"
    g.hm_deck.remove("vicious")
    g._cache.clear()
    assert legal(g, "play") == [g.card_names.index("infest")]  # aggressive costs 2


def test_reactions_are_never_played_in_the_hivemind_step():
    g = hive_step(hand=("savage", "hidden", "resilient"))
    assert legal(g, "play") == []


def test_ambush_places_a_blip_at_an_entry_the_hive_chooses():
    g = hive_step(hand=("ambush",), chars={0: (1, 1)})  # sees no entry point
    act(g, "play", g.card_names.index("ambush"))
    assert g.decision.kind == "place" and g.decision.options == sorted(g.entries.values())
    act(g, "place", g.entries["2"])
    assert [bl["pos"] for bl in g.blips if bl] == [g.entries["2"]] and "ambush" in g.hm_discard


def test_terror_puts_a_hive_hazard_on_a_character():
    g = hive_step(hand=("terror",), chars={0: (2, 2), 1: (2, 4)})
    act(g, "play", g.card_names.index("terror"))
    act(g, "target", 1)
    assert g.chars[1]["hazards"][0].startswith("hive:") and len(g.hive_hazards) == 5


def test_a_hive_hazard_removed_returns_to_the_hive():
    g = empty(hive_player=True)
    g.chars[0]["hazards"] = ["hive:" + g.hive_hazards.pop()]
    activate(g)
    act(g, "interact", 0)
    assert len(g.hive_hazards) == 6 and not g.discard


def test_infest_shuffles_a_hive_hazard_into_the_endurance_deck():
    g = hive_step(hand=("infest",))
    act(g, "play", g.card_names.index("infest"))
    assert sum(c.startswith("hive:") for c in g.deck) == 1 and len(g.hive_hazards) == 5


def test_stir_draws_a_motion_tracker_card_now():
    g = hive_step(hand=("stir",), chars={0: (1, 1)})
    stack(g, "tracker", "blip_4")
    act(g, "play", g.card_names.index("stir"))
    assert g.tracker_discard == ["blip_4"] and [bl["pos"] for bl in g.blips if bl] == [g.entries["4"]]


def test_stealthy_blips_move_one_more():
    g = empty(hive_player=True, chars={0: (9, 1)}, blips=[((5, 15), 1)])
    g.nature = "stealthy"
    g.dice.script(2)
    g.work = [{"kind": "blip", "slot": 0}]
    g._run()
    while g.decision is not None and g.decision.kind == "place":
        act(g, "place", g.decision.options[0])
    field = g.character_field()
    assert field[sq(g, (5, 15))] - field[g.blips[0]["pos"]] == 3


def test_the_hivemind_discard_becomes_the_deck_when_the_last_card_is_drawn():
    g = empty(hive_player=True)
    g.hm_discard, g.hm_deck = g.hm_deck[1:], g.hm_deck[:1]
    g._draw_hivemind()
    assert len(g.hm_hand) == 1 and len(g.hm_deck) == 29 and not g.hm_discard


# -- Reactions ----------------------------------------------------------------------------------
def defense_window(hand, willpower=5, roll=3):
    g = empty(hive_player=True, chars={0: (2, 3)}, aliens=[(2, 4)])
    for card in hand:
        g.hm_deck.remove(card)
    g.hm_hand, g.willpower = list(hand), willpower
    g.dice.script(roll)
    g.work = [{"kind": "defense", "alien": 0, "char": 0}]
    g._run()
    return g


def test_savage_rerolls_a_passed_defense():
    g = defense_window(["savage"])
    assert g.decision.kind == "react" and legal(g, "react") == [0]
    g.dice.script(9)
    act(g, "react")
    assert g.chars[0]["knocked"] and g.willpower == 5 - g.cards["savage"]["cost"] and g.reaction_round == g.round


def test_a_reaction_window_opens_on_public_information_only():
    g = defense_window(["ambush"])  # holds no Savage: the window opens all the same, react is not legal
    assert g.decision.kind == "react" and legal(g, "react") == [] and legal(g, "decline") == [0]
    act(g, "decline")
    assert not g.chars[0]["knocked"]


def test_no_window_for_a_failed_defense_or_without_willpower_or_cards():
    assert defense_window(["savage"], roll=8).decision is None or defense_window(["savage"], roll=8).decision.kind != "react"
    g = defense_window(["savage"], willpower=1)
    assert g.decision is None or g.decision.kind != "react"
    g = defense_window([])
    assert g.decision is None or g.decision.kind != "react"


def test_one_reaction_a_turn():
    g = defense_window(["savage", "savage"])
    g.reaction_round = g.round
    g.work = [{"kind": "defense", "alien": 0, "char": 0}]
    g.decision = None
    g.dice.script(3)
    g._run()
    assert g.decision is None or g.decision.kind != "react"


def test_resilient_ignores_a_killing_hit():
    g = empty(hive_player=True, chars={0: (2, 3)}, aliens=[(2, 5)])
    g.hm_deck.remove("resilient")
    g.hm_hand, g.willpower = ["resilient"], 4
    activate(g)
    g.dice.script(0)
    act(g, "attack", 0)
    assert g.decision.kind == "react"
    act(g, "react")
    assert g.aliens[0] is not None and g.stats["hits"] == 1 and g.stats["kills"] == 0


def test_hidden_keeps_a_blip_face_down():
    g = empty(hive_player=True, chars={0: (2, 3)}, blips=[((3, 10), 2)])
    g.hm_deck.remove("hidden")
    g.hm_hand, g.willpower = ["hidden"], 4
    activate(g)
    act(g, "move", sq(g, (2, 7)))  # in sight of the Blip through the door
    assert g.decision.kind == "react"
    act(g, "react")
    assert g.blips[0] is not None and g.stats["reveals"] == 0


# -- the built-in Hive players ------------------------------------------------------------------
def test_the_dice_hive_spends_no_willpower_and_declines_reactions():
    from aliens_env.glorious_day.policies import GloriousDiceAI

    g = defense_window(["savage"])
    assert GloriousDiceAI().act(g, "hive") == g.layout.encode("decline")
    g = hive_step(hand=("ambush",))
    assert GloriousDiceAI().act(g, "hive") == g.layout.encode("end_step")


def test_the_scripted_hive_plays_by_its_priorities_and_keeps_a_reserve():
    from aliens_env.glorious_day.policies import ScriptedHive

    g = hive_step(willpower=4, hand=("infest", "ambush"), chars={0: (9, 10)})
    assert ScriptedHive().act(g, "hive") == g.layout.encode("play", g.card_names.index("ambush"))
    g = hive_step(willpower=3, hand=("ambush",), chars={0: (9, 10)})  # 3 - 2 < reserve 2
    assert ScriptedHive().act(g, "hive") != g.layout.encode("play", g.card_names.index("ambush"))
    g = defense_window(["savage"])
    assert ScriptedHive().act(g, "hive") == g.layout.encode("react")


def test_the_scripted_hive_finishes_a_swap_another_player_began():
    """Mixed control (a person or an agent began the Swap Blips, the scripted Hive is asked for
    the second Blip): a legal action, where it crashed or named an illegal Blip."""
    hive, marines, checked = ScriptedHive(), HeuristicMarines(), 0
    for seed in range(40):
        game, rng = GloriousDay(), np.random.default_rng(seed)
        game.reset(seed)
        while not game.is_terminal() and checked < 20:
            player = game.current_player()
            mask = game.legal_mask(player)
            swaps = [a for a in np.flatnonzero(mask) if game.layout.decode(int(a))[0] == "swap"]
            if player == "hive" and game.decision.kind == "hivemind" and swaps:
                game.apply(int(rng.choice(swaps)))  # another player picks the first Blip
                action = hive.act(game, "hive")
                assert game.legal_mask("hive")[action]
                checked += 1
                game.apply(action)
                continue
            game.apply((hive if player == "hive" else marines).act(game, player))
        if checked >= 20:
            break
    assert checked >= 20
