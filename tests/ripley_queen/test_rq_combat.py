"""Ripley vs. the Queen, Combat: the Queen's action (a hive decision, rolled by the dice AI), every
row of the Powerloader-Queen Combat Table, +3 per Wound, the Grab and the airlock drop, the Queen
vs. Powerloader table as printed, and who wins."""
import pytest

from aliens_env.ripley_queen.game import QUEEN_ACTIONS, STANCES, scenario, table_result
from aliens_env.ripley_queen.policies import QueenDiceAI
from rq_helpers import combat, duel, legal_names

DATA = scenario()
# The Queen vs. Powerloader table as the rulebook prints it (d10 per Claw, Tooth or Tail)
PRINTED = {
    "claw": ["incapacitated", "wounded"] + ["none"] * 8,
    "tooth": ["dead", "incapacitated", "wounded"] + ["none"] * 7,
    "tail": ["dead", "incapacitated", "incapacitated", "incapacitated", "wounded"] + ["none"] * 5,
}
# a harm roll of 2: Claw none, Tooth Wounded, Tail Incapacitated, so the three are told apart
HARM_ROLL = 2
AWAY = {"ripley": (2, 3), "queen": (2, 4)}  # not at the airlock's rim: a Grab drops nothing


def test_the_rulebooks_numbers():
    assert (DATA["queen_moves"], DATA["wound_penalty"], DATA["drop_roll_max"]) == (3, 3, 6)


def test_the_queens_action_is_a_hive_decision_of_three():
    g = duel(phase="queen_action", **AWAY)
    assert g.current_player() == "hive"
    assert legal_names(g) == {"queen_action[charge]", "queen_action[attack]", "queen_action[melee]"}


@pytest.mark.parametrize("roll", range(10))
def test_the_dice_queen_rolls_her_action(roll):
    g = duel(phase="queen_action", **AWAY)
    g.dice.script(roll)
    action = QueenDiceAI().act(g, "hive")
    assert g.layout.decode(action) == ("queen_action", QUEEN_ACTIONS.index(table_result(DATA["queen_action_roll"], roll)))
    assert g.dice.scripted_left == 0


def test_the_queen_action_roll_gives_every_action():
    assert {table_result(DATA["queen_action_roll"], r) for r in range(10)} == set(QUEEN_ACTIONS)


@pytest.mark.parametrize("stance", STANCES)
@pytest.mark.parametrize("queen_action", QUEEN_ACTIONS)
@pytest.mark.parametrize("roll", range(10))
def test_combat_table_row(stance, queen_action, roll):
    expected = table_result(DATA["combat"][stance][queen_action], roll)
    g = combat(dict(stance=stance, turn=4, **AWAY), queen_action, roll, HARM_ROLL)
    harm_rolled = g.dice.scripted_left == 0
    if expected == "none":
        assert not harm_rolled and g.stun_turn == 0 and g.stats["grabs"] == 0 and g.wounds == 0
    elif expected == "stun":
        assert not harm_rolled and g.stun_turn == 5 and g.stats["stuns"] == 1
    elif expected == "grab":
        assert not harm_rolled and g.stats["grabs"] == 1 and g.stun_turn == 0 and not g.is_terminal()
    elif expected == "claw":
        assert harm_rolled and g.wounds == 0 and not g.is_terminal()
    elif expected == "tooth":
        assert harm_rolled and g.wounds == 1 and not g.is_terminal()
    else:
        assert expected == "tail" and harm_rolled and g.end == "incapacitated"
    assert g.stats["combats"] == 1


def test_every_result_is_on_the_table():
    results = {table_result(DATA["combat"][s][a], t) for s in STANCES for a in QUEEN_ACTIONS for t in range(13)}
    assert results == {"none", "stun", "grab", "claw", "tooth", "tail"}


def test_sweep_is_riskier_than_defend():
    """Sweep (aggressive, riskier) against Defend (cautious): more Grabs and more hits on Ripley."""
    def count(stance, results):
        return sum(table_result(DATA["combat"][stance][a], t) in results for a in QUEEN_ACTIONS for t in range(10))

    assert count("sweep", {"grab"}) > count("defend", {"grab"})
    assert count("sweep", {"claw", "tooth", "tail"}) > count("defend", {"claw", "tooth", "tail"})


@pytest.mark.parametrize("roll", range(10))
def test_each_wound_adds_three_to_ripleys_combat_roll(roll):
    g = duel(wounds=1, **AWAY)
    assert g.combat_total(roll) == roll + 3
    expected = table_result(DATA["combat"]["defend"]["charge"], roll + 3)
    g = combat(dict(stance="defend", wounds=1, turn=4, **AWAY), "charge", roll, 9)
    assert (g.stun_turn == 5) == (expected == "stun")
    assert (g.dice.scripted_left == 0) == (expected in ("claw", "tooth", "tail"))


def test_a_total_past_the_last_row_takes_the_last_row():
    g = combat(dict(stance="sweep", wounds=1, turn=4, **AWAY), "charge", 9, 0)  # total 12
    assert DATA["combat"]["sweep"]["charge"][-1]["result"] == "tail" and g.end == "dead"


@pytest.mark.parametrize("attack", ["claw", "tooth", "tail"])
@pytest.mark.parametrize("roll", range(10))
def test_queen_vs_powerloader_table_as_printed(attack, roll):
    assert table_result(DATA["queen_vs_powerloader"][attack], roll) == PRINTED[attack][roll]
    stance, queen_action, combat_roll = next(
        (s, a, t) for s in STANCES for a in QUEEN_ACTIONS for t in range(10)
        if table_result(DATA["combat"][s][a], t) == attack
    )
    g = combat(dict(stance=stance, turn=4, **AWAY), queen_action, combat_roll, roll)
    harm = PRINTED[attack][roll]
    assert g.wounds == (1 if harm == "wounded" else 0)
    assert g.end == ("" if harm in ("none", "wounded") else harm)
    assert g.is_terminal() == (harm in ("incapacitated", "dead"))


def test_a_second_wound_incapacitates_ripley_and_the_queen_wins():
    assert DATA["wounds_to_incapacitate"] == 2
    # with one Wound the total is 3 higher: a roll whose total lands on a Claw
    g = duel(phase="queen_action", stance="unready", wounds=1, turn=4, **AWAY)
    roll = next(r for r in range(10) if table_result(DATA["combat"]["unready"]["attack"], r + 3) == "claw")
    g.dice.script(roll, 1)  # Claw, 1: Wounded
    g.apply(g.layout.encode("queen_action", QUEEN_ACTIONS.index("attack")))
    assert g.wounds == 2 and g.end == "incapacitated" and g.is_terminal()
    assert (g.outcome()["marines"], g.outcome()["hive"]) == (-1, 1)


@pytest.mark.parametrize("harm", ["incapacitated", "dead"])
def test_the_queen_wins_by_incapacitating_or_killing_ripley(harm):
    g = duel(phase="queen_action", stance="sweep", turn=4, **AWAY)
    roll = next(t for t in range(10) if table_result(DATA["combat"]["sweep"]["charge"], t) == "tail")
    g.dice.script(roll, 0 if harm == "dead" else 1)
    g.apply(g.layout.encode("queen_action", QUEEN_ACTIONS.index("charge")))
    assert g.end == harm and g.current_player() is None
    assert g.outcome()["hive"] == 1 and g.outcome()["marines"] == -1


GRAB = next((a, t) for a in QUEEN_ACTIONS for t in range(10) if table_result(DATA["combat"]["sweep"][a], t) == "grab")
RIM = {"ripley": (2, 1), "queen": (2, 2)}


@pytest.mark.parametrize("drop", range(10))
def test_a_grab_at_the_open_airlock_drops_the_queen_on_six_or_less(drop):
    g = combat(dict(stance="sweep", airlock_open=True, turn=4, **RIM), GRAB[0], GRAB[1], drop)
    assert g.stats["drop_rolls"] == 1 and g.dice.scripted_left == 0
    if drop <= 6:
        assert g.end == "dropped" and g.outcome()["marines"] == 1 and g.outcome()["hive"] == -1
    else:
        assert not g.is_terminal() and g.turn == 5 and g.decision.kind == "ripley"


def test_a_grab_with_the_airlock_shut_drops_nothing():
    g = combat(dict(stance="sweep", airlock_open=False, turn=4, **RIM), GRAB[0], GRAB[1], 0)
    assert g.stats["grabs"] == 1 and g.stats["drop_rolls"] == 0 and g.dice.scripted_left == 1
    assert not g.is_terminal()


def test_a_grab_away_from_the_airlocks_rim_drops_nothing():
    g = combat(dict(stance="sweep", airlock_open=True, turn=4, **AWAY), GRAB[0], GRAB[1], 0)
    assert g.stats["drop_rolls"] == 0 and g.dice.scripted_left == 1 and not g.is_terminal()


def test_a_stun_freezes_the_queen_next_turn_and_opens_the_way_to_the_airlock():
    stun = next((a, t) for a in QUEEN_ACTIONS for t in range(10) if table_result(DATA["combat"]["defend"][a], t) == "stun")
    g = combat(dict(stance="defend", turn=4, **RIM), stun[0], stun[1])
    assert g.turn == 5 and g.queen_stunned() and "open_airlock" in legal_names(g)
    g.apply(g.layout.encode("open_airlock"))
    assert g.airlock_open and g.turn == 6 and g.decision.kind == "ripley" and not g.queen_stunned()


def test_stance_and_the_stunned_queen_are_reset_each_turn():
    g = combat(dict(stance="sweep", turn=4, **AWAY), "charge", 5)
    assert g.stance == "unready" and g.turn == 5
