"""The Drop Ship (Aliens Expansion, 1989): every rule with scripted dice, every row of the tables
it uses (the Reactor Room's Alien Attack and Acid Spray tables, Gorman's Pistol at Range 1)."""
import json

import numpy as np
import pytest

from aliens_env.core.game import IllegalActionError
from aliens_env.drop_ship.game import NO, DropShip
from aliens_env.drop_ship.policies import DropShipMarines
from aliens_env.envs import make_policy
from aliens_env.operations.data_files import characters as ops_characters

SPUNKMEYER, FERRO = 0, 1
ATTACK_ROWS = [(0, "dead"), (1, "incapacitated_grabbed"), (2, "incapacitated_grabbed"), (3, "wounded_grabbed"),
               (4, "wounded_grabbed"), (5, "grabbed"), (6, "grabbed"), (7, "in_combat"), (8, "in_combat"),
               (9, "alien_loses")]


def act(g: DropShip, kind: str, index: int = 0) -> DropShip:
    g.apply(g.layout.encode(kind, index))
    return g


def legal(g: DropShip) -> set[str]:
    player = g.current_player()
    return {g.layout.name(int(a)) for a in np.flatnonzero(g.legal_mask(player))} if player else set()


def marines_phase(g: DropShip, alien_on: int = NO, attack: str = "", stunned: bool = False, warned: bool = False,
                  active: int = SPUNKMEYER, **crew) -> DropShip:
    """A position in the Marines phase with `active` to act (full Actions), the Alien as given."""
    g.alien_on, g.alien_attack, g.alien_stunned, g.warned = alien_on, attack, stunned, warned
    for i, m in enumerate(g.crew):
        for key, value in crew.get(m.name, {}).items():
            setattr(m, key, value)
    g.phase, g.active, g.decision, g.events = "marines", active - 1, None, []
    g._next_marine()
    g._cache.clear()
    return g


def test_setup_the_alien_attacks_spunkmeyer_first_and_the_hive_only_passes():
    g = DropShip()
    g.reset(1)
    assert g.alien_on == SPUNKMEYER and g.alien_attack == "attacking"
    assert g.current_player() == "hive" and legal(g) == {"pass"}
    assert g.data["cards"]["Spunkmeyer"]["melee"] == 0


@pytest.mark.parametrize("roll,result", ATTACK_ROWS)
def test_the_first_attack_on_spunkmeyer_every_row_of_the_alien_attack_table(roll, result):
    g = DropShip()
    g.dice.script(roll)
    act(g, "pass")
    s = g.crew[SPUNKMEYER]
    assert f"the Alien attacks Spunkmeyer: {roll}+0 = {result}" in g.events
    if result == "dead":
        assert s.status == "dead" and g.alien_on == NO and not g.alien_stunned
    elif result == "alien_loses":
        assert g.alien_on == NO and g.alien_stunned and g.current_player() == "marines"
    elif result == "in_combat":
        assert g.alien_attack == "in_combat" and legal(g) == {"melee", "end"}
    else:
        assert g.alien_attack == "grabbing" and s.status == "aboard"
        assert s.incapacitated == (result == "incapacitated_grabbed")
        assert s.wounded == (result == "wounded_grabbed")
        assert g.current_player() == "hive"  # grabbed, he cannot act; unwarned, Ferro flies on


def test_a_wounded_spunkmeyer_fights_at_melee_minus_one():
    g = DropShip()
    g.crew[SPUNKMEYER].wounded = True
    g.dice.script(7)  # 7 - 1 = 6: Grabbed, where a healthy Spunkmeyer would be In Combat
    act(g, "pass")
    assert g.alien_attack == "grabbing"


def test_a_grab_shifts_the_fight_to_ferro_in_the_cockpit():
    g = DropShip()
    g.dice.script(5)  # Spunkmeyer Grabbed
    act(g, "pass")
    g.dice.script(8)  # next turn: he is hauled away, the Alien reaches Ferro and attacks: In Combat
    act(g, "pass")
    assert g.crew[SPUNKMEYER].status == "dead" and g.alien_on == FERRO and g.alien_attack == "in_combat"
    assert g.warned and g.current_player() == "marines" and g.active == FERRO and legal(g) == {"melee", "end"}


@pytest.mark.parametrize("roll,result", ATTACK_ROWS)
def test_the_attack_on_ferro_every_row_and_a_grab_or_death_crashes_the_ship(roll, result):
    g = DropShip()
    g.alien_on, g.alien_attack = NO, ""
    g.crew[SPUNKMEYER].status = "dead"
    g.dice.script(roll)
    act(g, "pass")  # the Alien comes for Ferro and attacks
    crash = result in ("dead", "incapacitated_grabbed", "wounded_grabbed", "grabbed")
    assert g.crashed == crash and g.is_terminal() == crash
    if crash:
        assert not g.alien_alive and g.crew[FERRO].status == "dead" and g.outcome()["marines"] == -1
    elif result == "in_combat":
        assert g.alien_attack == "in_combat" and g.active == FERRO
    else:
        assert g.alien_stunned and g.alien_on == NO and g.active == FERRO


def test_a_crash_kills_everyone_aboard():
    g = DropShip()
    g.alien_on, g.alien_attack, g.alien_stunned = NO, "", False
    g._open_aliens_move()
    assert legal(g) == {"target[Spunkmeyer]", "target[Ferro]"}  # a tie: the hive picks
    g.dice.script(6)  # on Ferro: Grabbed
    act(g, "target", FERRO)
    assert g.crashed and [m.status for m in g.crew] == ["dead", "dead"]


def test_the_dice_hive_rolls_a_tie():
    g = DropShip()
    g.alien_on, g.alien_attack = NO, ""
    g._open_aliens_move()
    g.dice.script(3)  # two candidates: the d10 in halves, 0-4 the first
    action = make_policy("DropShip", "hive", "dice").act(g, "hive")
    assert g.layout.decode(action) == ("target", 0)


def test_warning_ferro_one_action_once_and_only_then_she_acts():
    g = marines_phase(DropShip(), stunned=True)
    assert "warn" in legal(g)
    act(g, "warn")
    assert g.warned and g.crew[SPUNKMEYER].actions_left == 1 and "warn" not in legal(g)
    act(g, "end")
    assert g.current_player() == "marines" and g.active == FERRO  # warned, she may act
    g = marines_phase(DropShip(), stunned=True)
    act(g, "end")
    assert g.current_player() == "hive"  # unwarned, Ferro flies on


def test_drawing_the_pistol_takes_two_actions_in_one_activation_and_not_in_combat():
    g = marines_phase(DropShip(), stunned=True)
    act(g, "draw")
    assert g.crew[SPUNKMEYER].pistol and g.current_player() == "hive"  # both Actions spent: his activation ends
    g = marines_phase(DropShip(), stunned=True)
    act(g, "warn")
    assert "draw" not in legal(g)  # one Action left
    g = marines_phase(DropShip(), alien_on=SPUNKMEYER, attack="in_combat")
    assert legal(g) == {"melee", "end"}


@pytest.mark.parametrize("aim", [1, 2])
def test_the_pistol_fires_with_gormans_range_one_numbers_every_roll(aim):
    number = ops_characters()["Gorman"].hit_number(False, aim, 0)
    assert number == (2 if aim == 1 else 6)
    for roll in range(10):
        g = marines_phase(DropShip(), stunned=True, Spunkmeyer={"pistol": True})
        for _ in range(aim):
            act(g, "aim")
        assert g.hit_number(SPUNKMEYER) == number
        g.dice.script(roll, 9, 9)  # the shot, then the acid on both (no effect)
        act(g, "fire")
        assert g.killed == (roll <= number)
        if g.killed:
            assert g.outcome()["marines"] == 1


def test_shooting_at_the_alien_on_a_teammates_card_takes_the_plus_five():
    g = marines_phase(DropShip(), alien_on=FERRO, attack="in_combat", warned=True, Spunkmeyer={"pistol": True})
    act(g, "aim")
    act(g, "aim")
    assert g.hit_number(SPUNKMEYER) == 6 - 5
    g.dice.script(2)
    act(g, "fire")
    assert not g.killed


@pytest.mark.parametrize("roll,result", [(0, "dead"), (1, "incapacitated"), (2, "wounded")] + [(r, "none") for r in range(3, 10)])
def test_acid_on_everyone_aboard_every_row_and_a_downed_pilot_crashes_the_ship(roll, result):
    for victim in (SPUNKMEYER, FERRO):
        g = marines_phase(DropShip(), stunned=True, Spunkmeyer={"pistol": True})
        act(g, "aim")
        acid = [9, 9]
        acid[victim] = roll
        g.dice.script(0, *acid)
        act(g, "fire")
        m = g.crew[victim]
        assert g.killed and g.is_terminal()
        if victim == FERRO and result in ("dead", "incapacitated"):
            assert g.crashed and g.outcome()["marines"] == 0  # the Alien is dead, but the ship is down
            continue
        assert not g.crashed and g.outcome()["marines"] == 1
        assert (m.status == "dead") == (result == "dead")
        assert m.incapacitated == (result == "incapacitated") and m.wounded == (result == "wounded")


@pytest.mark.parametrize("roll", range(10))
def test_melee_stuns_on_a_roll_at_or_below_melee_and_frees_the_victim(roll):
    g = marines_phase(DropShip(), alien_on=SPUNKMEYER, attack="in_combat")
    g.dice.script(roll)
    act(g, "melee")
    assert g.alien_stunned == (roll <= 0)
    assert g.alien_on == (NO if roll <= 0 else SPUNKMEYER)
    g = marines_phase(DropShip(), alien_on=SPUNKMEYER, attack="grabbing", warned=True, active=FERRO)
    g.dice.script(roll)
    act(g, "melee")
    assert (g.alien_on == NO) == (roll <= 0)  # Ferro frees the grabbed Spunkmeyer


def test_a_stunned_alien_loses_its_next_move_then_comes_back():
    g = marines_phase(DropShip(), stunned=True)
    act(g, "end")
    act(g, "pass")  # turn 2: it stands up, cannot move
    assert g.alien_on == NO and not g.alien_stunned and g.current_player() == "marines"
    act(g, "end")
    assert g.decision == "target"  # turn 3: free again, both equally near


def test_the_marines_win_only_by_killing_the_alien():
    g = DropShip()
    g.phase, g.decision = "over", None
    g.crashed = True
    assert g.outcome()["marines"] == -1 and g.outcome()["hive"] == 1


def test_positions_round_trip_and_bad_fields_are_named():
    g = DropShip()
    g.reset(5)
    play = {"marines": DropShipMarines(), "hive": make_policy("DropShip", "hive", "dice")}
    act(g, "pass")
    data = json.loads(json.dumps(g.to_dict()))
    loaded = DropShip.from_dict(data)
    assert loaded.to_dict() == g.to_dict()
    if not g.is_terminal():
        for x in (g, loaded):
            x.apply(play[x.current_player()].act(x, x.current_player()))
        assert loaded.to_dict() == g.to_dict()
    bad = dict(data, alien=dict(data["alien"], attack="hugging"))
    with pytest.raises(ValueError, match="alien.attack"):
        DropShip.from_dict(bad)
    with pytest.raises(ValueError, match="the scenario has none"):
        DropShip(map="lairs")


def test_an_illegal_action_is_refused_and_changes_nothing():
    g = DropShip()
    before = g.to_dict()
    with pytest.raises(IllegalActionError, match="not legal"):
        g.apply(g.layout.encode("fire"))
    assert g.to_dict() == before


def test_the_heuristic_wins_some_games_the_random_squad_fewer():
    def wins(marines, games=300):
        g, n = DropShip(), 0
        for seed in range(games):
            g.reset(seed)
            players = {"marines": make_policy("DropShip", "marines", marines, seed=seed),
                       "hive": make_policy("DropShip", "hive", "dice")}
            while not g.is_terminal():
                g.apply(players[g.current_player()].act(g, g.current_player()))
            n += g.outcome()["marines"] == 1
        return n
    heuristic, random = wins("heuristic"), wins("random")
    assert heuristic > 2 * random and heuristic > 0
