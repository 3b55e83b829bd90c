"""The core game's rules (designed where the texts are silent: docs/rules/glorious_day.md),
each with forced dice and stacked decks."""
import pytest

from aliens_env.core.board import NO
from gd_helpers import act, activate, empty, legal, open_, sq, stack


def test_activation_resets_the_aim_dial_and_gives_two_actions():
    g = activate(empty(chars={0: (2, 3), 1: (2, 5)}))
    hicks = g.chars[0]
    assert hicks["aim"] == g.data["characters"]["Hicks"]["hero"]["aim"] and hicks["actions"] == 2
    act(g, "aim")
    assert hicks["aim"] == g.data["characters"]["Hicks"]["hero"]["aim"] + 1 and hicks["actions"] == 1
    act(g, "aim")
    assert hicks["activated"] and hicks["actions"] == 0 and g.active == 1  # Vasquez, the last to activate


def test_grunt_side_uses_the_grunt_stat_line():
    g = empty()
    g.chars[0]["hero"] = False
    assert g.stats_of(0) == g.data["characters"]["Hicks"]["grunt"]


def test_move_reaches_speed_steps_around_aliens_and_barricades():
    g = activate(empty(chars={0: (2, 3)}, aliens=[(1, 4), (2, 4), (3, 4)]))
    targets = set(legal(g, "move"))
    speed = g.stats_of(0)["speed"]
    assert sq(g, (2, 3 + speed)) not in targets  # the wall of Aliens: no passing through
    assert sq(g, (2, 1)) in targets and sq(g, (2, 4)) not in targets
    g2 = activate(empty(chars={0: (2, 7)}))
    assert sq(g2, (2, 9)) in legal(g2, "move")
    g2.barricades.add(sq(g2, (2, 8)))
    g2._cache.clear()
    assert sq(g2, (2, 9)) not in legal(g2, "move") and sq(g2, (2, 8)) not in legal(g2, "move")


def test_panic_hazard_lowers_speed():
    g = empty()
    g.chars[0]["hazards"] = ["panic"]
    assert g.stats_of(0)["speed"] == g.data["characters"]["Hicks"]["hero"]["speed"] - 2


@pytest.mark.parametrize("roll, hit", [(0, True), ("dial-1", True), ("dial", False), (9, False)])
def test_attack_hits_on_a_d10_under_the_aim_dial(roll, hit):
    g = activate(empty(chars={0: (2, 3)}, aliens=[(2, 5)]))
    dial = g.chars[0]["aim"] + g.weapon_of(0)["aim_bonus"]
    roll = {"dial-1": dial - 1, "dial": dial}.get(roll, roll)
    if roll > 9:
        pytest.skip("the dial is past the die")
    hand = len(g.hand)
    g.dice.script(roll)
    act(g, "attack", 0)
    assert (g.aliens[0] is None) == hit
    assert len(g.hand) == hand - g.weapon_of(0)["cost"] and len(g.exhausted) == g.weapon_of(0)["cost"]
    assert g.chars[0]["aim"] == g.data["characters"]["Hicks"]["hero"]["aim"] - 1


def test_attack_needs_range_sight_cards_and_no_jam():
    g = activate(empty(chars={0: (2, 3)}, aliens=[(2, 5), (9, 3)]))
    assert legal(g, "attack") == [0]  # (9, 3) is behind walls
    g.chars[0]["hazards"] = ["jammed"]
    g._cache.clear()
    assert legal(g, "attack") == []
    g = activate(empty(chars={0: (2, 3)}, aliens=[(2, 7)]))  # Hicks's shotgun: range 3
    assert legal(g, "attack") == []
    g = activate(empty(chars={1: (2, 3)}, aliens=[(2, 5)], hand=1), 1)  # Vasquez's smartgun costs 2
    assert legal(g, "attack") == []


def test_a_swarm_loses_one_alien_a_hit():
    g = activate(empty(chars={0: (2, 3)}, aliens=[((2, 5), 3)]))
    g.dice.script(0)
    act(g, "attack", 0)
    assert g.aliens[0]["count"] == 2


def test_aim_dial_stops_at_its_maximum():
    g = activate(empty())
    g.chars[0]["aim"] = g.rules["aim_max"]
    g._cache.clear()
    assert legal(g, "aim") == []


def test_barricade_and_unbarricade_a_door():
    g = activate(empty(chars={0: (2, 7)}))
    assert legal(g, "barricade") == [2]  # the door (2, 8) is East
    act(g, "barricade", 2)
    assert sq(g, (2, 8)) in g.barricades
    act(g, "barricade", 2)
    assert not g.barricades


def test_rest_recycles_exhausted_cards_then_draws():
    g = activate(empty(hand=2))
    g.exhausted = ["grit"] * 5
    deck = len(g.deck)
    stack(g, "deck", "grit", "panic")
    act(g, "rest")
    assert len(g.exhausted) == 5 - g.rules["rest_recycle"]
    assert len(g.hand) == 3 and g.chars[0]["hazards"] == ["panic"]  # the Hazard goes on the one who draws it
    assert len(g.deck) == deck + g.rules["rest_recycle"] - g.rules["rest_draw"]
    assert g.deck[:3] == ["grit"] * 3  # recycled to the bottom


def test_interact_removes_a_hazard_to_the_discard():
    g = activate(empty())
    g.chars[0]["hazards"] = ["acid"]
    g._cache.clear()
    act(g, "interact", 0)
    assert g.chars[0]["hazards"] == [] and g.discard == ["acid"]


def test_carrying_newt_to_the_exit_wins():
    g = activate(empty(chars={0: (2, 16)}))
    act(g, "interact", 1)
    assert g.newt_carrier == 0 and g.newt == NO
    g.chars[0]["pos"] = sq(g, (2, 3))
    g.chars[0]["activated"] = False
    g.phase, g.decision = "marine", None
    g._run()
    act(g, "move", sq(g, (1, 2)))
    assert g.end == "rescued" and g.outcome()["marines"] == 1 and g.outcome()["hive"] == -1


def test_newt_is_set_down_where_her_carrier_dies():
    g = empty(chars={0: (2, 10), 1: (2, 3)})
    g.newt, g.newt_carrier = NO, 0
    g._kill_character(0)
    assert g.newt == sq(g, (2, 10)) and g.newt_carrier == NO


# -- the Defense roll (A2): d10 + modifiers against Melee, Defense and the kill roll ---------------
def defense(roll, knocked=False, hazards=(), count=1, nature=""):
    g = empty(chars={0: (2, 3)}, aliens=[((2, 4), count)])
    g.chars[0]["knocked"], g.chars[0]["hazards"], g.nature = knocked, list(hazards), nature
    g.dice.script(roll)
    g.work = [{"kind": "defense", "alien": 0, "char": 0}]
    g._task_defense(g.work[0])
    return g


def test_defense_at_most_melee_counterattacks():
    melee = empty().stats_of(0)["melee"]
    g = defense(melee)
    assert g.aliens[0] is None and g.chars[0]["alive"] and not g.chars[0]["knocked"]


def test_defense_at_most_defense_fends_off():
    d = empty().stats_of(0)["defense"]
    g = defense(d)
    assert g.aliens[0] is not None and not g.chars[0]["knocked"] and not g.discard


def test_failed_defense_knocks_down_and_discards_endurance():
    d = empty().stats_of(0)["defense"]
    g = defense(d + 1)
    assert g.chars[0]["knocked"] and g.chars[0]["alive"]
    assert len(g.discard) == g.rules["failed_defense_discards"]


def test_failed_defense_while_knocked_down_kills():
    d = empty().stats_of(0)["defense"]
    g = defense(d + 1, knocked=True)
    assert not g.chars[0]["alive"] and g.stats["characters_lost"] == 1


def test_defense_of_ten_or_more_kills():
    assert not defense(9, hazards=["acid"]).chars[0]["alive"]  # 9 + 1 (acid)
    assert defense(9).chars[0]["knocked"]


def test_swarm_and_vicious_add_to_the_defense_roll():
    d = empty().stats_of(0)["defense"]
    assert defense(d - 1, count=3).chars[0]["knocked"]  # +2 for a Swarm of three
    assert not defense(d - 2, count=3).chars[0]["knocked"]
    assert defense(d, count=2).chars[0]["knocked"]
    assert not defense(d - 1, count=2).chars[0]["knocked"]
    assert defense(d, nature="vicious").chars[0]["knocked"]
    assert not defense(d - 1, nature="vicious").chars[0]["knocked"]


def test_stand_is_the_knocked_down_characters_move():
    g = empty()
    g.chars[0]["knocked"] = True
    activate(g)
    assert legal(g, "move") == [] and legal(g, "stand") == [0]
    act(g, "stand")
    assert not g.chars[0]["knocked"]


# -- the Alien Phase ----------------------------------------------------------------------------
def test_aliens_move_six_toward_the_closest_character_and_attack():
    g = empty(chars={0: (2, 3)}, aliens=[(2, 11)])
    g.dice.script(3)  # Hicks's Defense: fended off (3 > Melee 2, <= Defense 6)
    open_(g, "aliens")
    alien = g.aliens[0]
    assert g.board.range(alien["pos"], sq(g, (2, 3))) == 1 or g.decision.kind == "place"


def test_an_alien_out_of_reach_moves_six_toward_the_nearest():
    g = empty(chars={0: (2, 2)}, aliens=[(6, 10)])
    g.dice.script(*[0] * 10)
    open_(g, "aliens")
    while g.decision is not None and g.decision.kind == "place":
        act(g, "place", g.decision.options[0])
    field = g.character_field()
    assert field[sq(g, (6, 10))] - field[g.aliens[0]["pos"]] == g.rules["alien_speed"]


def test_tied_alien_destinations_are_the_hives_choice():
    g = empty(chars={0: (2, 5)}, aliens=[(2, 11)])
    open_(g, "aliens")
    assert g.current_player() == "hive" and g.decision.kind == "place"
    assert len(g.decision.options) >= 2
    assert all(g.board.range(s, sq(g, (2, 5))) == 1 for s in g.decision.options)


def test_tied_targets_are_the_hives_choice():
    g = empty(chars={0: (2, 3), 1: (2, 5)}, aliens=[(2, 4)])
    open_(g, "aliens")
    assert g.decision.kind == "target" and g.decision.options == [0, 1]


def test_aggressive_aliens_move_one_more():
    g = empty(chars={0: (2, 2)}, aliens=[(6, 10)])
    g.nature = "aggressive"
    open_(g, "aliens")
    while g.decision is not None and g.decision.kind == "place":
        act(g, "place", g.decision.options[0])
    field = g.character_field()
    assert field[sq(g, (6, 10))] - field[g.aliens[0]["pos"]] == g.rules["alien_speed"] + 1


@pytest.mark.parametrize("roll, nature, broken", [(4, "", False), (5, "", True), (6, "", True),
                                                   (3, "relentless", False), (4, "relentless", True)])
def test_barricades_break_on_five_or_more(roll, nature, broken):
    g = empty(chars={0: (2, 3)}, aliens=[(2, 9)])
    g.barricades = {sq(g, (2, 8)), sq(g, (4, 4))}
    g.nature = nature
    g.dice.script(roll)
    g.work = [{"kind": "alien", "slot": 0, "stage": "attack"}]
    g._work()
    assert (sq(g, (2, 8)) not in g.barricades) == broken


@pytest.mark.parametrize("value, models", [(0, []), (1, [1]), (3, [3])])
def test_blips_reveal_in_sight_into_their_value(value, models):
    g = empty(chars={0: (2, 2)}, blips=[((3, 7), value)])
    g.dice.script(1)  # the Blip moves one space, in sight in the room
    g.work = [{"kind": "blip", "slot": 0}]
    g._run()
    while g.decision is not None and g.decision.kind == "place":
        act(g, "place", g.decision.options[0])
    assert g.blips[0] is None and [a["count"] for a in g.aliens if a] == models
    assert value in g.blip_pool


def test_a_blip_of_two_reveals_two_aliens_the_hive_places_the_second():
    g = empty(chars={0: (2, 3)}, blips=[((2, 6), 2)])
    g.work = [{"kind": "reveal", "slot": 0}]
    g._run()
    assert g.decision.kind == "place"
    act(g, "place", g.decision.options[0])
    assert sum(a is not None for a in g.aliens) == 2


def test_blips_move_a_d6_toward_the_closest_character():
    g = empty(chars={0: (9, 1)}, blips=[((5, 10), 1)])
    g.dice.script(4)
    g.work = [{"kind": "blip", "slot": 0}]
    g._run()
    while g.decision is not None and g.decision.kind == "place":
        act(g, "place", g.decision.options[0])
    pos = g.blips[0]["pos"] if g.blips[0] else None
    field = g.character_field()
    assert pos is None or field[sq(g, (5, 10))] - field[pos] == 4


@pytest.mark.parametrize("heroes, draws", [(1, 2), (2, 3), (4, 3)])
def test_motion_tracker_draws_by_players(heroes, draws):
    g = empty()
    for c, ch in enumerate(g.chars):
        ch["hero"] = c < heroes
    assert g.tracker_draws() == draws


def test_five_or_more_players_draw_four():
    g = empty()
    g.chars.append(dict(g.chars[0]))
    assert g.players() == 5 and g.tracker_draws() == 4


def test_motion_tracker_cards():
    g = empty(chars={0: (9, 10)})
    stack(g, "tracker", "blip_1", "swarm_3", "quiet")
    for _ in range(3):
        g.work = [{"kind": "tracker"}]
        while g.work:  # the entry squares are free: no tie to decide
            g._work()
    assert [bl["pos"] for bl in g.blips if bl] == [sq(g, (1, 9))]
    assert [(a["pos"], a["count"]) for a in g.aliens if a] == [(sq(g, (6, 1)), 3)]
    assert g.tracker_discard[-3:] == ["blip_1", "swarm_3", "quiet"]


def test_movement_card_moves_every_blip_again():
    g = empty(chars={0: (9, 10)}, blips=[((1, 9), 1), ((6, 1), 1)])
    stack(g, "tracker", "movement")
    g.work = [{"kind": "tracker"}]
    g._work()
    assert [w["kind"] for w in g.work] == ["blip", "blip"]


def test_the_motion_tracker_discard_is_reshuffled_when_the_deck_is_empty():
    g = empty()
    g.tracker_discard, g.tracker = g.tracker, []
    g.work = [{"kind": "tracker"}]
    g._work()
    assert len(g.tracker) + len(g.tracker_discard) == 57 and len(g.tracker_discard) == 1


# -- the end ------------------------------------------------------------------------------------
def test_the_squad_is_overwhelmed_when_endurance_runs_out():
    g = empty(hand=0)
    g.deck = []
    open_(g)
    assert g.end == "exhausted" and g.outcome()["marines"] == -1


def test_every_character_killed_loses():
    g = empty(chars={})
    open_(g)
    assert g.end == "wiped_out"


def test_the_last_round_ends_the_mission():
    g = empty()
    g.round = g.m["rounds"]
    open_(g, "round_end")
    assert g.end == "time" and g.outcome()["marines"] == -1
    g = empty()
    open_(g, "round_end")
    assert g.round == 2 and not g.end


def test_the_rule_classes_are_one_chain_and_define_no_name_twice():
    """Glorious Day's rules are one chain of classes over PhasedGame (so that, compiled, each is an
    extension type), in the order their modules import each other, not the order the mixins were
    listed in. That is the same game only because no two of them define the same name: each
    method, and each super() call, resolves to the one class that has it."""
    from aliens_env.core.game import PhasedGame
    from aliens_env.glorious_day.game import GloriousDay

    rules = GloriousDay.__mro__[1:GloriousDay.__mro__.index(PhasedGame)]
    assert [c.__name__ for c in rules] == ["LoaderRules", "QueenRules", "TextViews", "Positions", "Observation",
                                           "AlienRules", "HivemindRules", "MarineRules", "StateQueries", "VehicleRules"]
    owners: dict = {}
    for cls in rules:
        for name in vars(cls):
            if not (name.startswith("__") and name.endswith("__")):
                owners.setdefault(name, []).append(cls.__name__)
    assert {name: where for name, where in owners.items() if len(where) > 1} == {}
