"""Aiming and firing: the weapon table by range band and Aim (healthy and Wounded), automatic
kills, the +5 shared-square penalty, line of sight, Aim resets, costs; the Flame Unit."""
import pytest

from aliens_env.core.board import Board
from aliens_env.reactor_room.game import NO
from rr_helpers import act, aim, empty_room, idx, legal, marine, marines_phase, put_alien, sq, target_index

# Reactor Room weapon rows as printed in the transcription quoted by shared/rules/GAPS.md
# (one list per Aim level; bands 1 / 2 / 3-4 / 5-6 / 7+; missing = no chance)
CARDS = {
    "Apone": [[8, 6, 4], [14, 13, 9], [15, 14, 10]],
    "Hicks": [[8, 6, 2, 1, 0], [13, 9, 8, 6, 4], [14, 10, 9, 7, 5]],
    "Vasquez": [[8, 6, 3, 2, 1], [13, 9, 8, 7, 6]],
    "Drake": [[8, 6, 3, 2, 1], [13, 9, 8, 7, 6]],
    "Dietrich": [[7, 5, 3], [13, 9, 8]],
    "Wierzbowski": [[7, 5, 3], [13, 9, 8]],
    "Frost": [[2, 1, 0], [6, 2, 1, 0]],
    "Crowe": [[2, 1, 0], [6, 2, 1, 0]],
    "Hudson": [[2, 1, 0], [6, 2, 1, 0]],
}
WEAPON = {"Apone": "Flame Unit", "Hicks": "Shotgun", "Vasquez": "Machine Gun", "Drake": "Machine Gun",
          "Dietrich": "Flame Unit", "Wierzbowski": "Flame Unit", "Frost": "Pistol", "Crowe": "Pistol",
          "Hudson": "Pistol"}


def band(rng):
    return 0 if rng == 1 else 1 if rng == 2 else 2 if rng <= 4 else 3 if rng <= 6 else 4


def printed_number(name, aim_level, rng, wounded):
    row = CARDS[name][aim_level - 1]
    b = band(rng)
    if b >= len(row):
        return None
    n = row[b]
    if wounded and WEAPON[name] != "Pistol":
        n -= 3
        if n < 0:
            return None
    return n


CASES = [(name, a, rng) for name in CARDS for a in range(1, len(CARDS[name]) + 1) for rng in range(1, 9)]


def shooting_position(name, rng, wounded=False, actions=None):
    """`name` at (13, 4) with one Alien `rng` squares east along the bottom row."""
    g = empty_room({name: (13, 4)})
    marine(g, name).wounded = wounded
    a = put_alien(g, (13, 4 + rng))
    marines_phase(g, name, actions=actions)
    return g, a


def test_weapon_data_matches_the_printed_cards():
    for name, rows in CARDS.items():
        char = empty_room().characters[name]
        assert char.weapon == WEAPON[name]
        assert [list(r) for r in char.aim] == rows


@pytest.mark.parametrize("wounded", [False, True], ids=["healthy", "wounded"])
@pytest.mark.parametrize("name,aim_level,rng", CASES)
def test_fire_uses_the_weapon_table(name, aim_level, rng, wounded):
    number = printed_number(name, aim_level, rng, wounded)
    # one Action more than the Aim, so that the activation stays open after the shot
    g, a = shooting_position(name, rng, wounded, actions=aim_level + 1)
    aim(g, aim_level)
    k = target_index(g, a)
    if number is None:
        assert not legal(g, "fire", k), "a blank entry gives no chance to hit"
        return
    assert legal(g, "fire", k)
    flame = WEAPON[name] == "Flame Unit"
    acid = 1 if rng == 1 and not flame else 0  # the shooter is adjacent to the kill square
    if number >= 9:
        rolls = g.dice.rolls
        g.dice.script(*[9] * acid)
        act(g, "fire", k)
        assert not g.aliens[a].in_play
        assert g.dice.rolls == rolls + acid, "a number of 9 or more kills with no roll"
        return
    # a roll of exactly the number hits ...
    hit = g.clone()
    hit.dice.script(number, *[9] * acid)
    act(hit, "fire", k)
    assert not hit.aliens[a].in_play and hit.stats["aliens_killed"] == 1
    # ... one more misses
    g.dice.script(number + 1)
    act(g, "fire", k)
    assert g.aliens[a].in_play and g.stats["aliens_killed"] == 0


@pytest.mark.parametrize("target,expected_band", [((10, 7), 2), ((9, 8), 2), ((8, 8), 3), ((12, 5), 0), ((11, 4), 1)])
def test_range_is_counted_in_squares_in_any_direction(target, expected_band):
    g = empty_room({"Hicks": (13, 4)})
    a = put_alien(g, target)
    marines_phase(g, "Hicks")
    aim(g, 1)
    assert g._fire_number(idx(g, "Hicks"), a) == CARDS["Hicks"][0][expected_band]


def test_fire_costs_no_action_and_uses_up_the_aim():
    g, a = shooting_position("Hicks", 4)
    aim(g, 2)
    assert marine(g, "Hicks").actions_left == 1
    g.dice.script(9)  # miss
    act(g, "fire", target_index(g, a))
    h = marine(g, "Hicks")
    assert h.actions_left == 1 and h.aim == 0
    assert not legal(g, "fire", target_index(g, a)), "no Aim left: Aim again before firing"
    act(g, "aim")
    assert legal(g, "fire", target_index(g, a))


def test_no_fire_without_aim():
    g, a = shooting_position("Hicks", 2)
    assert not legal(g, "fire", target_index(g, a))


def test_aim_is_lost_at_the_end_of_the_activation():
    g = empty_room({"Hicks": (13, 4), "Hudson": (0, 24)}, turn=2, beginner=True)
    a = put_alien(g, (13, 8), stunned=True)  # loses its next move, stays in range
    marines_phase(g, "Hicks")
    aim(g, 2)
    act(g, "end")
    act(g, "end")  # Hudson; turn 3 is red: no Alien appears with the beginner rule
    assert g.turn == 3 and g.marines[g.active].name == "Hicks"
    assert marine(g, "Hicks").aim == 0
    assert not legal(g, "fire", target_index(g, a))


def test_aim_is_capped_by_the_weapon():
    g = empty_room({"Hicks": (13, 4)})
    marines_phase(g, "Hicks", actions=5)  # more Actions than Aim levels (3)
    aim(g, 3)
    assert not legal(g, "aim")


@pytest.mark.parametrize("state", ["grabbing", "in_combat"])
def test_plus_five_against_an_alien_on_a_marines_card(state):
    g = empty_room({"Hicks": (13, 4), "Hudson": (13, 6)})
    a = put_alien(g, None, on="Hudson", attack=state)
    marines_phase(g, "Hicks")
    aim(g, 2)  # range 2, Aim 2: 9 (automatic) without the penalty, 4 with it
    k = target_index(g, a)
    assert g._fire_number(idx(g, "Hicks"), a) == 9 - 5
    miss = g.clone()
    miss.dice.script(5)
    act(miss, "fire", k)
    assert miss.aliens[a].in_play
    g.dice.script(4, 9)  # hit; acid roll for Hudson, in the kill square: no effect
    act(g, "fire", k)
    assert not g.aliens[a].in_play
    assert marine(g, "Hudson").alien == NO and marine(g, "Hudson").status == "on_map"


def test_no_fire_without_line_of_sight():
    # (1, 6) -> (1, 14): the straight line crosses the obstruction at rows 1-2, columns 10-11
    g = empty_room({"Hicks": (1, 6)})
    a = put_alien(g, (1, 14))
    marines_phase(g, "Hicks")
    aim(g, 3)
    assert not legal(g, "fire", target_index(g, a))
    # the same shot two rows down is clear
    g = empty_room({"Hicks": (3, 6)})
    a = put_alien(g, (3, 14))
    marines_phase(g, "Hicks")
    aim(g, 3)
    assert legal(g, "fire", target_index(g, a))


def test_line_of_sight_from_the_obstructions_edge_is_generous():
    # the shooter at (1, 0) stands beside the pillar at (1, 1): the centre-to-centre line to (2, 3)
    # crosses the pillar, but the line from the square's corner clears it
    b = Board([".....", ".#...", ".....", "....."])
    assert b.index(1, 1) in b.line_squares(b.index(1, 0), b.index(2, 3))
    assert b.has_los(b.index(1, 0), b.index(2, 3))
    assert not b.has_los(b.index(1, 0), b.index(1, 3))  # straight behind the pillar stays hidden


def test_marines_shoot_across_the_stairwell():
    g = empty_room({"Hicks": (6, 8)})
    a = put_alien(g, (6, 16))
    marines_phase(g, "Hicks")
    aim(g, 3)
    k = target_index(g, a)
    assert legal(g, "fire", k)
    g.dice.script(5)  # range 8, Aim 3: hits on 5
    act(g, "fire", k)
    assert g.stats["aliens_killed"] == 1


def test_marines_fire_through_teammates_and_other_aliens():
    g = empty_room({"Hicks": (13, 4), "Hudson": (13, 5)})
    put_alien(g, (13, 6))
    a = put_alien(g, (13, 7))
    marines_phase(g, "Hicks")
    aim(g, 1)
    assert legal(g, "fire", target_index(g, a))


# -- Flame Unit -------------------------------------------------------------------------------------
def test_flame_unit_cannot_fire_past_an_alien():
    g = empty_room({"Apone": (13, 4)})
    near = put_alien(g, (13, 6))
    far = put_alien(g, (13, 7))
    marines_phase(g, "Apone")
    aim(g, 1)
    assert legal(g, "fire", target_index(g, near))
    assert not legal(g, "fire", target_index(g, far))


def test_flame_unit_cannot_fire_past_a_marine():
    g = empty_room({"Apone": (13, 4), "Hudson": (13, 5)})
    a = put_alien(g, (13, 7))
    marines_phase(g, "Apone")
    aim(g, 1)
    assert not legal(g, "fire", target_index(g, a))


def test_flame_unit_fires_over_an_incapacitated_marine_laid_flat():
    g = empty_room({"Apone": (13, 4), "Hudson": (13, 5)})
    marine(g, "Hudson").incapacitated = True
    a = put_alien(g, (13, 7))
    marines_phase(g, "Apone")
    aim(g, 1)
    assert legal(g, "fire", target_index(g, a))


def test_flame_unit_has_no_shared_square_penalty_and_kills_the_grabbed_marine():
    g = empty_room({"Apone": (13, 4), "Hudson": (13, 6), "Frost": (12, 7)})
    a = put_alien(g, None, on="Hudson", attack="grabbing")
    marines_phase(g, "Apone")
    aim(g, 1)
    assert g._fire_number(idx(g, "Apone"), a) == 6  # no +5
    rolls = g.dice.rolls
    g.dice.script(6)
    act(g, "fire", target_index(g, a))
    assert not g.aliens[a].in_play
    assert marine(g, "Hudson").status == "dead", "a flamer that kills a Grabbing Alien kills its victim"
    assert marine(g, "Frost").status == "on_map" and not marine(g, "Frost").wounded
    assert g.dice.rolls == rolls + 1, "no acid roll after a Flame Unit kill"


@pytest.mark.parametrize("state", ["in_combat", "attacking"])
def test_flame_unit_takes_the_plus_five_against_an_alien_not_grabbing(state):
    """Rulebook, In Combat: "Other Marines shooting at this Alien also take the +5 penalty."
    The flamer's exemption covers only "an Alien that has Grabbed a Marine"."""
    g = empty_room({"Apone": (13, 4), "Hudson": (13, 6)})
    a = put_alien(g, None, on="Hudson", attack=state)
    marines_phase(g, "Apone")
    aim(g, 1)  # Flame Unit, Aim 1, range 2: 6 without the penalty
    assert g._fire_number(idx(g, "Apone"), a) == 6 - 5
    g.dice.script(2)  # would hit without the penalty
    act(g, "fire", target_index(g, a))
    assert g.aliens[a].in_play and marine(g, "Hudson").alien == a


def test_flame_unit_kill_of_an_in_combat_alien_spares_the_marine():
    """Rule changed (issue 11): the flamer takes the +5 here (the roll is 1, not 6)."""
    g = empty_room({"Apone": (13, 4), "Hudson": (13, 6)})
    a = put_alien(g, None, on="Hudson", attack="in_combat")
    marines_phase(g, "Apone")
    aim(g, 1)
    g.dice.script(1)
    act(g, "fire", target_index(g, a))
    assert not g.aliens[a].in_play
    assert marine(g, "Hudson").status == "on_map" and marine(g, "Hudson").alien == NO


def test_flame_unit_kill_sprays_no_acid_on_adjacent_marines():
    g = empty_room({"Apone": (13, 4), "Hudson": (12, 7), "Frost": (13, 8)})
    a = put_alien(g, (13, 7))
    marines_phase(g, "Apone")
    aim(g, 2)
    rolls = g.dice.rolls
    act(g, "fire", target_index(g, a))  # range 3, Aim 2: 9, automatic
    assert not g.aliens[a].in_play
    assert g.dice.rolls == rolls
