"""Burke bolting and sealing the far door, his conscience roll, the Cutting Torches, the Aliens
breaking a sealed door, Let's Eat Burke."""
import pytest

from aliens_env.operations.game import Operations
from ops_helpers import CUT, at_marine, can, empty_ops, marine, marines_turn, run_until, sq
from rr_helpers import decide, put_alien


def play_marines_turns(g, turns):
    """Marines phases only (no Aliens): every Marine but Burke ends at once."""
    for _ in range(turns):
        turn = g.turn
        marines_turn(g)
        while g.current_player() == "marines" and g.turn == turn:
            decide(g, "end", 0, stop="aliens_move")
    return g


def test_burke_bolts_on_turn_one_and_seals_the_far_door_by_turn_four():
    g = empty_ops({"Burke": (5, 10), "Hicks": (5, 5)}, turn=1)
    g.burke, g.sealed_turn = "bolting", 0
    start = marine(g, "Burke").pos
    play_marines_turns(g, 1)
    assert marine(g, "Burke").pos != start  # he is played by the rules: no decision offered
    play_marines_turns(g, 3)
    assert g.burke == "lingering" and 1 <= g.sealed_turn <= 4
    assert marine(g, "Burke").pos in g.airlock and not g.far_door_open


def test_the_real_start_seals_the_door_by_turn_four_with_the_dice_ai():
    from aliens_env.envs.registry import make_policy
    checked = 0
    for seed in range(5):
        g = Operations()
        g.reset(seed)
        hive = make_policy("OperationsAirDucts", "hive", "dice", seed=seed)
        while not g.is_terminal() and g.turn <= 4:
            p = g.current_player()
            g.apply(g.layout.encode("end") if p == "marines" else hive.act(g, p))
        burke = g._named("Burke")
        if burke.status == "on_map" and burke.alien == -1 and not burke.wounded:  # nothing stopped him
            assert g.burke == "lingering" and g.sealed_turn <= 4, seed
            checked += 1
    assert checked >= 3


def test_burke_lingers_two_turns_then_is_lost():
    g = empty_ops({"Burke": (5, 17), "Hicks": (5, 5)}, turn=5)
    g.burke, g.sealed_turn = "lingering", 4
    play_marines_turns(g, 2)  # turns 5 and 6: still there
    assert g.burke == "lingering" and marine(g, "Burke").status == "on_map"
    play_marines_turns(g, 1)  # turn 7: gone
    assert g.burke == "gone" and marine(g, "Burke").status == "dead"


def test_lets_eat_burke_locks_him_in_with_the_gold_aliens():
    g = empty_ops({"Burke": (5, 17), "Hicks": (5, 5)}, turn=7, scenario="lets_eat_burke")
    g.burke, g.sealed_turn = "lingering", 4
    play_marines_turns(g, 1)
    b = marine(g, "Burke")
    assert g.burke == "locked_in" and b.status == "on_map" and b.pos == sq(g, (2, 18))
    a = put_alien(g, None, on="Burke", attack="in_combat")
    g.dice.script(0)  # Burke's Melee 0: a 0 Stuns it, he cannot harm it
    play_marines_turns(g, 1)
    assert g.aliens[a].in_play and g.aliens[a].card == -1 and b.alien == -1  # Stunned, pushed off, unharmed
    assert g.aliens[a].pos != b.pos and g.stats["aliens_killed"] == 0


def test_asking_burke_once_a_turn_from_beside_the_door_while_he_lingers():
    g = empty_ops({"Gorman": CUT, "Burke": (5, 17)})
    g.burke, g.sealed_turn = "lingering", 1
    at_marine(g, "Gorman")
    assert can(g, "ask_burke")
    g.dice.script(5)
    g.apply(g.layout.encode("ask_burke"))
    assert not g.far_door_open and g.burke == "lingering" and marine(g, "Gorman").actions_left == 1
    assert not can(g, "ask_burke")  # once per turn of asking
    g = empty_ops({"Gorman": (5, 14), "Burke": (5, 17)})
    g.burke, g.sealed_turn = "lingering", 1
    at_marine(g, "Gorman")
    assert not can(g, "ask_burke")  # not beside the door


@pytest.mark.parametrize("roll", range(10))
def test_the_conscience_roll_opens_on_a_zero_only(roll):
    g = empty_ops({"Hicks": CUT, "Burke": (5, 17)})
    g.burke, g.sealed_turn = "lingering", 1
    at_marine(g, "Hicks")
    g.dice.script(roll)
    g.apply(g.layout.encode("ask_burke"))
    assert g.far_door_open == (roll == 0)
    assert (g.burke == "with_group") == (roll == 0)
    if roll == 0:
        assert not g.board.blocked.flat[g.far_door] and g.board.passable.flat[g.far_door]


def test_no_asking_once_burke_has_left_or_before_he_lingers():
    for state in ("bolting", "gone"):
        g = empty_ops({"Hicks": CUT})
        g.burke = state
        at_marine(g, "Hicks")
        assert not can(g, "ask_burke"), state


def test_cutting_torches_three_turns_by_hicks_vasquez_hudson_only():
    for name, has in (("Hicks", True), ("Vasquez", True), ("Hudson", True), ("Gorman", False), ("Ripley", False),
                      ("Newt", False), ("Burke", False)):
        g = empty_ops({name: CUT})
        at_marine(g, name)
        assert can(g, "torch") == has, name
    g = empty_ops({"Hicks": CUT, "Vasquez": (5, 14)})
    for turn in (2, 3, 4):
        g.turn = turn
        at_marine(g, "Hicks")
        g.apply(g.layout.encode("torch"))  # the rest of his turn
        assert g.active != 0 or g.current_player() != "marines"
        assert g.far_door_open == (turn == 4), turn
    assert g.torch_done == 3 and any("cut open" in e for e in g.events)


def test_one_turn_of_cutting_per_turn_and_not_before_burke_has_sealed_it():
    g = empty_ops({"Hicks": CUT, "Vasquez": (5, 14)})
    g.torch_turn = g.turn
    at_marine(g, "Hicks")
    assert not can(g, "torch")
    g = empty_ops({"Hicks": CUT})
    g.burke = "bolting"
    at_marine(g, "Hicks")
    assert not can(g, "torch")


def test_gormans_last_stand_has_no_torch_and_no_asking():
    g = empty_ops({"Hicks": CUT, "Burke": (5, 17)}, scenario="gormans_last_stand")
    g.burke = "lingering"
    at_marine(g, "Hicks")
    assert not can(g, "torch") and not can(g, "ask_burke")


def test_aliens_break_a_sealed_door_fifteen_turns_after_the_first_reaches_it():
    g = empty_ops({"Hicks": (2, 2)}, turn=3)
    a = put_alien(g, CUT, stunned=True)
    g._start_phase("aliens_appear")  # an Alien stands beside the far door: the clock starts
    assert g.far_reached == 3
    for turn, opened in ((17, False), (18, True)):
        g.turn = turn
        g.decision = None
        g._start_phase("aliens_move")
        assert g.far_door_open == opened, turn
    assert g.aliens[a].in_play


def test_the_gold_door_breaks_the_same_way_and_stranded_aliens_make_for_it():
    g = empty_ops({"Hicks": (5, 5)}, turn=2)
    a = put_alien(g, (1, 20))  # a Gold Alien: no Marine it can reach
    g._start_phase("aliens_move")
    assert g.board.range(g.aliens[a].pos, g.gold_door) == 1 and a not in g.queue
    g._start_phase("aliens_appear")
    assert g.gold_reached == 2
    g.turn = 17
    g._start_phase("aliens_move")
    assert g.gold_door_open
