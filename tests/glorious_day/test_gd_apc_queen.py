"""The bug hunt with the M577 APC and the Queen (missions.yaml queen_apc, A50) and its heuristic
crew (A51), with forced dice.

Its board (rows 0-9, columns 0-23): the APC's rear-left square (5, 2), so rows 5-7, columns
2-8: Driver (6, 8), Front Turret (5, 7), Rear Turret (6, 4), Door Gunner (6, 2), the door step
(6, 1); the Queen's top-left square (5, 21). Fireteam: 0 Ripley, 1 Hicks, 2 Vasquez, 3 Hudson,
4 Apone, 5 Drake.
"""
import pytest

from aliens_env.core.policy import play_out
from aliens_env.glorious_day import apc_policy
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.policies import GloriousDiceAI, HeuristicMarines
from gd_helpers import act, activate, empty, legal
from test_gd_apc import alien_attacks

HUNT = {"mission": "queen_apc", "newt": None}
DRIVER, FRONT, REAR = (6, 8), (5, 7), (6, 4)


def hunt(chars, aliens=(), **options) -> GloriousDay:
    return empty(chars=chars, aliens=aliens, **HUNT, **options)


def test_the_queen_and_the_apc_share_a_bug_hunt():
    g = GloriousDay(mission="queen_apc")
    g.reset(0)
    assert g.m["kind"] == "bug_hunt" and g.m["objective"] == "queen"
    assert g.board.rc(g.queen["pos"]) == (5, 21) and g.board.rc(g.apc["pos"]) == (5, 2)
    assert {"attack_queen", "wp_move_queen", "heal_queen", "drive", "turret", "target_apc"} <= set(g.layout.slices)
    assert len(g.chars) == 6 and g.tracker_total == 67  # the Queen's ten Motion Tracker cards are in


@pytest.mark.parametrize("damage, rolls, after", [(0, (7, 9), 1), (0, (8, 9), 0), (7, (0, 9), 8), (8, (0, 0), 8)])
def test_a_turret_gunner_fires_at_the_queen_needing_seven_less_her_tokens(damage, rolls, after):
    g = hunt({1: REAR})
    g.queen["damage"] = damage
    activate(g, 1)
    assert legal(g, "attack_queen") == [0]  # she stands in the rear turret's sight down the hall
    g.dice.script(*rolls)
    act(g, "attack_queen")
    assert g.queen["damage"] == after and len(g.exhausted) == 3 and g.dice.scripted_left == 0


def test_damage_tokens_only_slow_the_apc_here_and_stop_at_the_six_printed():
    g = hunt({0: DRIVER}, aliens=[(4, 5)])
    g.apc["damage"] = 5
    for _ in range(2):  # fails twice: the sixth token, then none more
        g.dice.script(9)
        alien_attacks(g)
    assert g.apc["damage"] == 6 and not g._check_end() and g.end == ""
    activate(g, 0)
    data = g.to_dict()
    assert GloriousDay.from_dict(data).to_dict() == data
    with pytest.raises(ValueError, match="apc.damage"):
        GloriousDay.from_dict(dict(data, apc=dict(data["apc"], damage=7)))
    g.dice.script(0)
    act(g, "drive")
    assert g.apc["moves"] == 0  # five spaces less six tokens


def test_the_observation_shows_every_damage_token_and_space_left_of_the_apc():
    """Damage over the six printed tokens and spaces left over the five of a passed drive: five
    tokens and six read apart (both read 1.0 when the view divided by five and clipped)."""
    from aliens_env.glorious_day.state import APC_FEATURES

    g = hunt({0: DRIVER}, aliens=[(4, 5)])
    at = g.obs_layout.offset("apc")
    damage, moves = at + APC_FEATURES.index("apc_damage/damage_tokens"), at + APC_FEATURES.index("apc_moves_left/drive_pass")
    seen = {}
    for tokens in (0, 5, 6):
        g.apc["damage"], g.apc["moves"] = tokens, 4
        g._obs_marks.add("apc")  # (as the rules do when they change the APC's record)
        g._cache.clear()  # (as the game does when it changes)
        seen[tokens] = g.observe("marines")[[damage, moves]].tolist()
    assert seen == {0: [0.0, pytest.approx(0.8)], 5: [pytest.approx(5 / 6), pytest.approx(0.8)], 6: [1.0, pytest.approx(0.8)]}


def test_the_heuristic_crew_is_the_missions_crew_while_the_turrets_can_hurt_her():
    g = GloriousDay(mission="queen_apc", hive_player=False)
    crew = g.m["crew"]
    for seed in range(3):
        g.reset(seed)
        marines, dice = HeuristicMarines(), GloriousDiceAI()
        most = 0
        while not g.is_terminal():
            if not apc_policy._turrets_spent(g):
                most = max(most, sum(g.aboard(c) for c in range(len(g.chars)) if g.chars[c]["alive"]))
            p = g.current_player()
            g.apply((marines if p == "marines" else dice).act(g, p))
        assert 0 < most <= crew, seed


def test_the_heuristic_crew_gets_out_once_the_turrets_cannot_hurt_her():
    g = hunt({1: REAR, 2: (8, 10)})
    g.queen["damage"] = 8
    activate(g, 1)
    action = HeuristicMarines().act(g, "marines")
    name, square = g.layout.decode(action)
    assert name == "move" and square not in g.vehicle_squares()
    g.queen["damage"] = 7
    assert g.layout.decode(HeuristicMarines().act(g, "marines"))[0] == "attack_queen"


def test_a_game_of_the_mission_plays_to_its_end():
    g = GloriousDay(mission="queen_apc")
    g.reset(3)
    play_out(g, {"marines": HeuristicMarines(), "hive": GloriousDiceAI()})
    assert g.is_terminal() and g.end in ("queen_killed", "time", "wiped_out", "exhausted")
