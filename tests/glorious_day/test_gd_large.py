"""The large models (expansion): 2 x 2 moves, the Alien Queen and the P-5000 Power Loader, with
forced dice. Boards (missions.yaml):

loader_bay (bug hunt)            sulaco (campaign, mission 5)
       0123456789012345678901           0123456789012345678901
     0 WWWWWWWWWWWWWWWWWWWWWW         0 WWWWWWWWWWWWWWWWWWWWWW
     1 W1.........W........2W         1 WAAAA.............1..W
     2 W..........W.........W         2 WAAAA................W
     3 W.Q........D....P....W         3 WAAAA.....Q..........W
     4 W..........D.........W         4 WAAAA................W
     5 W..........W...MMM...W         5 WC..............P....W
     6 WWWW..WWWWWWW..MMM...W         6 W....................W
     7 W3.............WWW..4W         7 WWWDWWWW......WWWWDWWW
     8 W....................W
     9 WWWWWWWWWWWWWWWWWWWWWW
loader_bay's fireteam: 0 Ripley, 1 Hicks, 2 Vasquez, 3 Hudson, 4 Apone, 5 Drake.
sulaco's: 0 Ripley, 1 Hicks, 2 Vasquez, 3 Hudson.
"""
import random

import pytest

from aliens_env.core.board import NO, board_from_rows
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import act, activate, empty, legal, open_, sq

HUNT = {"mission": "loader_bay", "newt": None}


def queen_at(g, rc, damage=0):
    g.queen.update(pos=sq(g, rc), damage=damage)
    g._cache.clear()
    return g


def mount(g, c, rc):
    """Character c in the Power Loader at anchor rc."""
    g.loader.update(pos=sq(g, rc), pilot=c)
    g.chars[c]["pos"] = sq(g, rc)
    g._cache.clear()
    return g


# -- large models on the core grid ----------------------------------------------------------------
def test_a_large_model_needs_two_wide_passages_and_steps_diagonally():
    b = board_from_rows(("WWWWWWW", "W.....W", "W.....W", "W.....W", "WWW.WWW", "W.....W", "W.....W", "WWWWWWW"))
    reach = b.large_reach(b.index(1, 1))
    assert b.index(5, 1) not in reach  # the one-wide gap would split the model: never
    assert reach[b.index(2, 2)] == 1  # one diagonal step
    b2 = board_from_rows(("WWWWWWW", "W.....W", "W.....W", "W.....W", "WW..WWW", "W.....W", "W.....W", "WWWWWWW"))
    reach2 = b2.large_reach(b2.index(1, 1))
    assert b2.index(5, 1) in reach2
    # a closed square (a Barricaded door, a model) is never under the model during its move
    assert b2.index(5, 1) not in b2.large_reach(b2.index(1, 1), {b2.index(4, 2)})
    assert b2.large_reach(b2.index(1, 1), limit=1) == {a: 1 for a in b2.large_reach(b2.index(1, 1), limit=1)} | {b2.index(1, 1): 0}
    assert b2.large_field([b2.index(5, 1)])[b2.index(1, 1)] == reach2[b2.index(5, 1)]


def test_the_queen_makes_room_for_aliens_or_cannot_end_there():
    g = queen_at(empty(chars={1: (8, 18)}, aliens=[(4, 5)], **HUNT), (3, 2))
    room = g.queen_room(sq(g, (3, 4)))
    assert room is not None and sq(g, (4, 5)) in room and room[sq(g, (4, 5))] not in g.board.footprint(sq(g, (3, 4)))
    g._place_queen(sq(g, (3, 4)))
    assert g.aliens[0]["pos"] == room[sq(g, (4, 5))]
    # an Alien boxed in (walls and models round it) cannot make room: the Queen may not end there
    g2 = queen_at(empty(chars={1: (8, 18)}, aliens=[(1, 1), (1, 2), (2, 2)], blips=[((2, 1), 0)], **HUNT), (4, 4))
    assert g2.queen_room(sq(g2, (1, 1))) is None


# -- the Queen -------------------------------------------------------------------------------------
def test_the_queen_ignores_characters_she_cannot_reach():
    # Ripley is nearer, beyond a door left one space wide by a Barricade; Hicks blocks the other way
    g = queen_at(empty(chars={0: (3, 14), 1: (6, 4)}, **HUNT), (2, 9))
    g.barricades.add(sq(g, (3, 11)))
    g._cache.clear()
    ends = g.queen_destinations(6)
    assert ends and all(min(g.board.range(s, sq(g, (6, 4))) for s in g.board.footprint(a)) <= 2 for a in ends)
    g.barricades.clear()
    g._cache.clear()
    ends = g.queen_destinations(6)  # the door open: Ripley is the closest, and reachable
    assert all(min(g.board.range(s, sq(g, (3, 14))) for s in g.board.footprint(a)) <= 2 for a in ends)


def test_the_queen_attacks_the_closest_within_two_spaces():
    g = queen_at(empty(chars={1: (3, 5), 2: (2, 6)}, **HUNT), (2, 2))  # Hicks 2 away, Vasquez 3
    assert g.queen_targets() == [1]
    g2 = queen_at(empty(chars={1: (3, 6)}, **HUNT), (2, 2))
    assert g2.queen_targets() == []


#: a Queen bug hunt fielding Bishop: 0 Hicks, 1 Bishop (Synthetic), 2 Vasquez
BISHOP_HUNT = dict(HUNT, fireteam=["Hicks", "Bishop", "Vasquez"])


def test_the_queen_attacks_a_non_synthetic_in_her_reach_before_a_nearer_synthetic():
    g = queen_at(empty(chars={0: (3, 5), 1: (3, 4)}, **BISHOP_HUNT), (2, 2))  # Bishop 1 away, Hicks 2
    assert g.queen_targets() == [0]
    assert queen_at(empty(chars={1: (3, 4)}, **BISHOP_HUNT), (2, 2)).queen_targets() == [1]


def test_the_queen_leaves_a_synthetic_for_a_non_synthetic_she_can_reach_this_move():
    g = queen_at(empty(chars={0: (2, 9), 1: (3, 4)}, **BISHOP_HUNT), (2, 2))
    ends = g.queen_destinations(6)
    assert g.queen["pos"] not in ends
    for a in ends:
        g.queen["pos"] = a
        assert g.queen_targets() == [0]
    g2 = queen_at(empty(chars={0: (2, 9), 2: (3, 4)}, **BISHOP_HUNT), (2, 2))  # Vasquez, no Synthetic: she stays
    assert g2.queen_destinations(6) == [g2.queen["pos"]]
    g3 = queen_at(empty(chars={0: (7, 19), 1: (3, 4)}, **BISHOP_HUNT), (2, 2))  # Hicks beyond her move
    assert g3.queen_destinations(6) == [g3.queen["pos"]] and g3.queen_targets() == [1]


def test_out_of_reach_the_queen_heads_for_the_nearest_non_synthetic():
    g = queen_at(empty(chars={0: (8, 8), 1: (1, 13)}, **BISHOP_HUNT), (1, 5))
    assert g.queen_destinations(6) == [sq(g, (7, 5))]  # down toward Hicks
    g2 = queen_at(empty(chars={0: (8, 8), 2: (1, 13)}, **BISHOP_HUNT), (1, 5))
    assert g2.queen_destinations(6) == [sq(g2, (3, 10)), sq(g2, (3, 11))]  # Vasquez is nearer


@pytest.mark.parametrize("roll, result", [(3, "fended"), (6, "knocked"), (7, "killed")])
def test_the_queens_victim_adds_three_to_its_defense_roll(roll, result):
    g = queen_at(empty(chars={1: (3, 4)}, **HUNT), (2, 2))
    g.dice.script(roll)
    open_(g, "aliens")
    hicks = g.chars[1]
    defense = g.stats_of(1)["defense"]  # Hicks 6: roll + 3 <= 6 fends off; 10 or more Kills
    assert (roll + 3 <= defense) == (result == "fended")
    assert {"fended": hicks["alive"] and not hicks["knocked"], "knocked": hicks["knocked"],
            "killed": not hicks["alive"]}[result]


def test_a_killing_hit_or_counterattack_gives_the_queen_a_damage_token():
    g = queen_at(empty(chars={1: (3, 6)}, **HUNT), (2, 2))
    activate(g, 1)
    g.dice.script(0)
    act(g, "attack_queen")
    assert g.queen is not None and g.queen["damage"] == 1
    g2 = queen_at(empty(chars={1: (3, 4)}, **HUNT), (2, 2))
    g2.chars[1]["hazards"] = []
    g2.data = dict(g2.data)
    g2.large = dict(g2.large, queen=dict(g2.large["queen"], defense_bonus=-3))  # a counterattack: total <= Melee
    g2.dice.script(0)
    open_(g2, "aliens")
    assert g2.queen is not None and g2.queen["damage"] == 1


def test_campaign_queen_with_six_tokens_rests_and_removes_them():
    g = GloriousDay(mission="sulaco", hive_player=False)
    g.queen["damage"] = 6
    for c, ch in enumerate(g.chars):
        ch["activated"] = True
    g.chars[1]["pos"] = sq(g, (3, 13))  # Hicks next to her: no attack while she rests
    g.work, g.decision = [], None
    open_(g, "marine")
    assert g.queen["damage"] == 0 and g.chars[1]["alive"] and not g.chars[1]["knocked"]
    g2 = GloriousDay(mission="sulaco", hive_player=False)
    g2.queen["damage"] = 5
    g2._queen_phase_start()
    assert g2.queen["damage"] == 5 and not g2.queen["rest"]
    g2.queen["damage"] = 40
    g2._queen_phase_end()  # in a campaign only the airlock kills her
    assert g2.queen is not None


def test_bug_hunt_queen_mortally_wounded_at_fifteen_frenzies_and_dies():
    g = queen_at(empty(chars={1: (8, 19)}, aliens=[(1, 5)], **HUNT), (2, 2), damage=14)
    g._queen_phase_start()
    assert not g.queen["frenzy"] and g.frenzy_bonus() == 0
    g.queen["damage"] = 15
    g._queen_phase_start()
    assert g.queen["frenzy"] and g.frenzy_bonus() == 2
    assert max(g.board.range(sq(g, (1, 5)), s) for s in g.alien_destinations(0)) == 8  # 6 + 2
    g.queen["damage"] = 0  # healed by Willpower: she dies all the same
    g.phase = "round_end"
    g._advance()
    assert g.queen is None and g.end == "queen_killed" and g.outcome()["marines"] == 1


def test_the_queen_motion_tracker_cards():
    g = GloriousDay(mission="loader_bay")
    assert sum(1 for c in g.tracker if c.startswith("queen_")) == 10
    assert not any(c.startswith("queen_") for c in GloriousDay(mission="newt").tracker)
    g = queen_at(empty(chars={1: (8, 19)}, **HUNT), (2, 2), damage=2)
    g._task_queen_card("queen_heals")
    assert g.queen["damage"] == 1
    g._task_queen_card("queen_brood")
    g._run()
    if g.decision is not None and g.decision.kind == "place":
        act(g, "place", legal(g, "place")[0])
    near = [bl for bl in g.blips if bl is not None]
    assert len(near) == 1 and min(g.board.range(near[0]["pos"], s) for s in g.queen_squares()) <= 1


def test_move_queen_costs_three_once_a_step_and_heal_queen_one():
    g = queen_at(empty(hive_player=True, chars={1: (8, 19)}, **HUNT), (2, 2), damage=2)
    g.willpower = 10
    open_(g, "hivemind")
    moves = legal(g, "wp_move_queen")
    assert sq(g, (5, 4)) in moves and sq(g, (6, 2)) not in moves  # three spaces, never into walls
    assert all(max(abs(a // 22 - 2), abs(a % 22 - 2)) <= 3 for a in moves)
    act(g, "wp_move_queen", sq(g, (5, 4)))
    assert g.willpower == 7 and g.queen["pos"] == sq(g, (5, 4)) and legal(g, "wp_move_queen") == []
    act(g, "heal_queen")
    assert g.willpower == 6 and g.queen["damage"] == 1
    g.willpower = 2
    act(g, "heal_queen")
    assert g.queen["damage"] == 0 and legal(g, "heal_queen") == []


# -- the Power Loader ------------------------------------------------------------------------------
def test_mount_and_dismount_by_interact_with_the_stats_overlay():
    g = activate(empty(chars={0: (3, 15)}, **HUNT), 0)
    act(g, "loader")
    assert g.pilot() == 0 and g.chars[0]["pos"] == g.loader["pos"]
    overlay = g.large["power_loader"]["overlay"]
    stats = g.stats_of(0)
    assert (stats["speed"], stats["defense"], stats["melee"]) == (overlay["speed"], overlay["defense"], overlay["melee"])
    assert set(g.char_at()) == set(g.loader_squares())
    act(g, "loader")
    assert g.pilot() == NO and g.chars[0]["pos"] not in g.loader_squares()
    assert g.chars[0]["pos"] in {n for s in g.loader_squares() for n in g.nbrs[s]}


def test_the_loader_moves_as_a_large_model_and_characters_make_room():
    g = mount(empty(chars={0: (3, 16), 1: (6, 17)}, **HUNT), 0, (3, 16))
    activate(g, 0)
    moves = legal(g, "move")
    assert sq(g, (5, 16)) in moves and sq(g, (6, 16)) not in moves  # onto Hicks (he makes room), never into walls
    act(g, "move", sq(g, (5, 16)))
    assert g.loader["pos"] == sq(g, (5, 16))
    assert g.chars[1]["pos"] not in g.loader_squares() and g.chars[1]["alive"]


def test_loader_hit_removes_an_alien_and_lowers_the_aim_dial_by_two():
    g = mount(empty(chars={0: (3, 16)}, aliens=[((3, 15), 3)], **HUNT), 0, (3, 16))
    activate(g, 0)
    aim = g.chars[0]["aim"]
    g.dice.script(aim - 1 if aim - 1 > 2 else 3)
    act(g, "attack", 0)
    assert g.aliens[0] is None and g.chars[0]["aim"] == aim - 2 and not g.loader["bonus"]


def test_a_roll_of_two_or_less_gives_a_second_attack():
    g = mount(empty(chars={0: (3, 16)}, aliens=[(3, 15), (5, 17)], **HUNT), 0, (3, 16))
    activate(g, 0)
    g.dice.script(2)
    act(g, "attack", 0)
    assert g.loader["bonus"] and legal(g, "attack") == [1] and legal(g, "move") == []
    g.dice.script(9)
    act(g, "attack", 1)
    assert g.aliens[1] is not None and g.chars[0]["actions"] == 1  # the second attack was free


def test_a_loader_hit_throws_the_queen_two_spaces_and_the_loader_follows():
    g = mount(queen_at(empty(chars={0: (3, 8)}, **HUNT), (3, 6)), 0, (3, 8))
    activate(g, 0)
    g.dice.script(3)
    act(g, "attack_queen")
    assert g.queen["pos"] == sq(g, (3, 4)) and g.queen["damage"] == 0
    assert g.loader["pos"] == sq(g, (3, 6)) and g.chars[0]["pos"] == sq(g, (3, 6))


def test_a_failed_defense_pushes_the_loader_back_two_spaces():
    g = mount(empty(chars={1: (3, 16)}, aliens=[(3, 15)], **HUNT), 1, (3, 16))  # Hicks (no License): Defense 7
    g.queen = None
    g.dice.script(8)
    open_(g, "aliens")
    # straight away from the Alien (up and left of the Loader's centre): two spaces down and right
    assert g.loader["pos"] == sq(g, (5, 18)) == g.chars[1]["pos"] and g.chars[1]["alive"] and not g.chars[1]["knocked"]


def test_a_defense_of_ten_or_more_kills_the_pilot_and_empties_the_loader():
    g = mount(empty(chars={1: (3, 16)}, aliens=[((3, 15), 3)], **HUNT), 1, (3, 16))  # a Swarm: +2
    g.queen = None
    g.dice.script(8)
    open_(g, "aliens")
    assert not g.chars[1]["alive"] and g.pilot() == NO and g.loader["pos"] == sq(g, (3, 16))


def test_ripleys_class_two_license():
    g = mount(empty(chars={0: (3, 16), 1: (8, 2)}, **HUNT), 0, (3, 16))
    alien = {"pos": sq(g, (3, 15)), "count": 1}
    assert g.defense_total(0, alien, 5) == 4
    g.chars[0]["pos"], g.loader["pilot"] = sq(g, (2, 12)), NO
    assert g.defense_total(0, alien, 5) == 5
    g3 = mount(empty(chars={1: (3, 16)}, **HUNT), 1, (3, 16))
    assert g3.defense_total(1, alien, 5) == 5


# -- mission 5: the airlock ------------------------------------------------------------------------
def test_the_airlock_kills_the_queen_only_when_she_stands_on_it():
    g = GloriousDay(mission="sulaco", hive_player=False)
    g.chars[1]["pos"] = sq(g, (5, 1))
    g.queen["pos"] = sq(g, (2, 5))
    g.work, g.decision, g.phase = [], None, "marine"
    g._run()
    act(g, "activate", 1)
    assert legal(g, "airlock") == [0]
    act(g, "airlock")
    assert g.queen is not None and g.end == ""  # her squares are all beside the airlock
    g.queen["pos"] = sq(g, (2, 4))
    act(g, "airlock")
    assert g.queen is None and g.end == "airlock" and g.outcome()["marines"] == 1


def test_large_model_positions_round_trip_and_refuse_bad_fields():
    g = mount(queen_at(empty(chars={0: (3, 16)}, **HUNT), (3, 6), damage=4), 0, (3, 16))
    open_(g)
    again = GloriousDay.from_dict(g.to_dict())
    assert again.to_dict() == g.to_dict()
    bad = g.to_dict()
    bad["large_models"]["queen"]["pos"] = [0, 0]
    with pytest.raises(ValueError, match="large_models.queen"):
        GloriousDay.from_dict(bad)
    newt = GloriousDay().to_dict()
    newt["large_models"] = {"queen": None, "loader": None}
    with pytest.raises(ValueError, match="large_models"):
        GloriousDay.from_dict(newt)


def test_mission_option_lists_the_missions():
    with pytest.raises(ValueError, match="loader_bay.*newt.*queen_lair.*sulaco"):
        GloriousDay(mission="lv426")
    assert GloriousDay(mission="newt").layout.size == 942  # mission 1's layout is unchanged


@pytest.mark.parametrize("mission", ["sulaco", "queen_lair", "loader_bay", "apc_chase", "queen_apc"])
def test_the_queen_missions_pass_the_environment_checks(mission):
    """(and the M577 APC's missions: APC Chase, and the Queen with the APC)"""
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    import aliens_env  # noqa: F401
    from aliens_env.pettingzoo import glorious_day_v0

    for side in ("marines", "hive"):
        env = gym.make("aliens_env/GloriousDay-v0", side=side, mission=mission)
        check_env(env.unwrapped, skip_render_check=True)
    api_test(glorious_day_v0.env(mission=mission), num_cycles=200)


def test_the_queens_targets_are_the_closest_prey_in_her_reach_and_sight_over_random_games():
    """queen_targets (her range and sight in C loops) against the rule read plainly: the prey
    squares within `reach` of her nearest square (queen_range) and seen from one of hers, the
    closest of them (checked where no Synthetic is among the prey: none comes first)."""
    from aliens_env.glorious_day.apc import APC_TARGET

    checked = 0
    for mission, seed in (("queen_apc", 1), ("loader_bay", 2)):
        g, rng = GloriousDay(mission=mission), random.Random(seed)
        g.reset(seed)
        for _ in range(600):
            if g.is_terminal():
                g.reset(rng.randrange(1000))
            prey = g.queen_prey() if g.queen is not None else {}
            if prey and not any(c != APC_TARGET and g.synthetic(c) for c in prey.values()):
                reach, squares = g.large["queen"]["reach"], g.queen_squares()
                near = [(c, g.queen_range(s)) for s, c in prey.items()
                        if g.queen_range(s) <= reach and any(g.sight[q][s] for q in squares)]
                best = min([r for _, r in near], default=None)
                want = sorted({c for c, r in near if r == best})
                assert g.queen_targets() == want
                checked += bool(want)
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 20


def test_the_firing_squares_are_the_open_squares_in_the_band_of_her_range_and_in_sight():
    """_in_range_and_sight (her range in C loops) against queen_range read square by square, for
    the Queen on every square she may stand on of a mission's map and the band of ranges the
    heuristic marines shoot from."""
    from aliens_env.glorious_day.large_policies import _in_range_and_sight

    g = GloriousDay(mission="queen_apc")
    g.reset(0)
    keep, found = g.large["queen"]["reach"] + g.data["large_models"]["marines_standoff"], 0
    for anchor in range(0, g.board.n, 7):
        if not g.board.large_stands(size=g.size)[anchor]:
            continue
        g.queen["pos"] = anchor
        squares = g.queen_squares()
        for farthest in (keep, keep + 4, 12):
            want = tuple(s for s in range(g.board.n) if g.passable[s] and keep <= g.queen_range(s) <= farthest
                         and any(g.sight[s][q] for q in squares))
            assert _in_range_and_sight(g, squares, keep, farthest) == want
            found += len(want)
    assert found > 100
