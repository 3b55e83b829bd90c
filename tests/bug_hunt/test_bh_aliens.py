"""Aliens: 6 AP and their costs, the dice AI's movement (nearest human not in combat, androids
ignored), doors, newly placed Aliens, Close Combat pools and results, Face-Huggers, rescue."""
import pytest

from aliens_env.bug_hunt.colony import DOOR_CLOSED, DOOR_OPEN
from aliens_env.bug_hunt.game import Alien
from aliens_env.bug_hunt.policies import BugHuntDiceAI
from aliens_env.core.board import DIRECTIONS
from bh_helpers import act, build

SQUAD = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True},
    {"name": "Hicks", "role": "marine", "weapon": "pulse_rifle"},
    {"name": "Bishop", "role": "android", "weapon": "none"},
    {"name": "Ripley", "role": "civilian", "weapon": "pistol"},
]
AI = BugHuntDiceAI()


def move_aliens(rows, setup=None, **kw):
    g = build(rows, squad=SQUAD, phase="aliens_move", start=False, **kw)
    if setup:
        setup(g)
    start = g._start_phase

    def stop_before_close_combat(phase):
        if phase == "aliens_cc":
            g.result = "stopped for the test"
        else:
            start(phase)

    g._start_phase = stop_before_close_combat
    g._start_phase("aliens_move")
    g._run()
    while g.current_player() == "hive" and g.phase == "aliens_move":
        g.apply(AI.act(g, "hive"))
    return g


def test_an_alien_moves_six_squares_toward_the_nearest_human():
    g = move_aliens(["################", "#1...........A.#", "################"])
    assert g.rc(g.aliens[0].pos) == (1, 7)


def test_aliens_move_diagonally():
    rows = ["##########",
            "#1.......#",
            "#........#",
            "#........#",
            "#........#",
            "#.......A#",
            "##########"]
    g = move_aliens(rows)
    assert g.rng(g.aliens[0].pos, g.humans[0].pos) == 1  # 7 squares away on a diagonal: 6 steps reach him


def test_an_alien_beside_a_human_stays_to_fight():
    g = move_aliens(["#######", "#1A..2#", "#######"])
    assert g.rc(g.aliens[0].pos) == (1, 2)


def test_aliens_ignore_androids():
    g = move_aliens(["##############", "#1......A.3...#", "##############"])  # Bishop nearer
    assert g.rc(g.aliens[0].pos) == (1, 2)


def test_aliens_make_for_the_nearest_human_not_in_combat():
    rows = ["##############", "#1A....A....2#", "##############"]
    g = move_aliens(rows)
    # Apone is in combat with the first Alien: the second goes for Hicks
    assert g.rc(g.aliens[0].pos) == (1, 2) and g.rc(g.aliens[1].pos) == (1, 11)


def test_opening_a_door_costs_an_alien_one_ap():
    rows = ["#############", "#1..+....A..#", "#############"]
    g = move_aliens(rows)
    # 4 steps to column 5, 1 AP to open the door, the 6th AP steps into the doorway
    assert g.colony.cells[1, 4] == DOOR_OPEN and g.rc(g.aliens[0].pos) == (1, 4)


def test_face_huggers_cannot_open_doors_and_welded_doors_stop_everyone():
    rows = ["########", "#1..+.f#", "########"]
    g = move_aliens(rows)
    assert g.colony.cells[1, 4] == DOOR_CLOSED and g.rc(g.aliens[0].pos) == (1, 6)
    rows = ["########", "#1..X.A#", "########"]
    g = move_aliens(rows)
    assert g.rc(g.aliens[0].pos) == (1, 6)


def test_newly_placed_aliens_do_not_move():
    rows = ["################", "#1...........A.#", "################"]
    g = move_aliens(rows, setup=lambda g: setattr(g.aliens[0], "new", True))
    assert g.rc(g.aliens[0].pos) == (1, 13) and not g.aliens[0].new


def test_hive_chooses_which_alien_moves_and_where():
    """Rule fix (issue 11): only a free Bug Master (option free_bug_master) may move an Alien
    away or stop it; the default binds the hive to the rulebook's movement (next test)."""
    rows = ["#########", "#1....A.#", "#.....A.#", "#########"]
    g = build(rows, squad=SQUAD, phase="aliens_move", free_bug_master=True)
    assert g.current_player() == "hive" and g.decision.kind == "order"
    act(g, "order", 1)
    assert g.decision.kind == "step" and g.mover == 1
    mask = g.legal_mask("hive")
    assert mask[g.layout.encode("stop")]
    act(g, "step", 2)  # a Bug Master may move an Alien away, within its AP
    assert g.rc(g.aliens[1].pos) == (2, 7) and g.aliens[1].ap == 5


@pytest.mark.parametrize("kind,dice", [("face_hugger", 1), ("dog", 2), ("alien", 3), ("queen", 4)])
def test_close_combat_dice_pools(kind, dice):
    ch = {"face_hugger": "f", "dog": "d", "alien": "A", "queen": "Q"}[kind]
    rows = ["######", "#1" + ch + "..#", "######"]
    g = build(rows, squad=SQUAD, phase="aliens_cc", start=False)
    g.dice.script(*([1] * dice), 6)  # the Alien's pool all 1s, the Marine's single die a 6
    g._start_phase("aliens_cc")
    g._run()
    assert g.dice.scripted_left == 0
    a = g.aliens[0]
    assert (a.lp == 5) if kind == "queen" else (not a.alive)  # the human wins: kills / wounds


@pytest.mark.parametrize("alien_rolls,human_roll,result", [
    ((6, 1, 1), 5, "captured"),   # margin 1: grabbed alive
    ((5, 2, 2), 3, "captured"),   # margin 2
    ((6, 1, 1), 3, "dead"),       # margin 3: killed
    ((6, 6, 6), 1, "dead"),
])
def test_alien_wins_grab_on_1_2_kill_on_3_plus(alien_rolls, human_roll, result):
    g = build(["######", "#1A..#", "######"], squad=SQUAD, phase="aliens_cc", start=False)
    g.dice.script(*alien_rolls, human_roll)
    g._start_phase("aliens_cc")
    g._run()
    assert g.humans[0].status == result


def test_ties_continue_and_the_highest_die_counts():
    g = build(["######", "#1A..#", "######"], squad=SQUAD, phase="aliens_cc", start=False)
    g.dice.script(4, 2, 1, 4, 3, 3, 3, 5)  # tie 4-4, then 3 v 5: the Marine wins
    g._start_phase("aliens_cc")
    g._run()
    assert not g.aliens[0].alive and g.humans[0].status == "active"


def test_aliens_never_attack_androids():
    g = build(["######", "#3A..#", "######", "#1...#", "######"], squad=SQUAD, phase="aliens_cc", start=False)
    rolls = g.dice.rolls
    g._start_phase("aliens_cc")
    assert g.queue == []


def test_hive_picks_which_human_to_attack():
    g = build(["######", "#1A2.#", "######"], squad=SQUAD, phase="aliens_cc")
    assert g.decision.kind == "attack" and sorted(g.decision.options) == [0, 1]
    g.dice.script(6, 6, 6, 1)
    act(g, "attack", 1)
    assert g.humans[1].status == "dead" and g.humans[0].status == "active"


def test_face_hugger_attaches_then_knocks_out_or_is_thrown():
    g = build(["#########", "#1f.....#", "#########", "#2......#", "#########"], squad=SQUAD, phase="aliens_cc", start=False)
    g.dice.script(5, 2, 1)  # Hugger 5, Apone 2; then the pool die
    g._start_phase("aliens_cc")
    g._run()
    a, h = g.aliens[0], g.humans[0]
    assert a.attached == 0 and h.hugger == 0 and a.pos == h.pos and h.status == "active"
    # next turn: it wins again -> unconscious for the rest of the game
    g2 = g.clone()
    g2.turn += 1
    g2.decision = None
    g2.dice.script(6, 1)
    g2._start_phase("aliens_cc")
    g2._run()
    assert g2.humans[0].status == "unconscious" and not g2.aliens[0].alive
    # or the victim wins: the Face-Hugger is thrown 1D6 squares away
    g3 = g.clone()
    g3.turn += 1
    g3.decision = None
    g3.dice.script(1, 6, 4)  # Hugger 1, Apone 6; thrown 4 squares
    g3._start_phase("aliens_cc")
    g3._run()
    assert g3.humans[0].hugger == -1 and g3.aliens[0].alive and g3.aliens[0].attached == -1
    assert g3.rc(g3.aliens[0].pos) == (1, 5)


def test_a_hugged_figure_cannot_act():
    g = build(["#########", "#1..2...#", "#########"], squad=SQUAD, start=False)
    g.aliens.append(Alien("face_hugger", pos=g.humans[0].pos, attached=0, new=False))
    g.humans[0].hugger = 0
    g.dice.script(1)
    g._start_phase("marines")
    g._run()
    assert g.decision.kind == "act" and g.active == 1


@pytest.mark.parametrize("roll,rescued", [(1, True), (4, True), (5, False), (6, False)])
def test_rescue_roll_for_captured_figures(roll, rescued):
    g = build(["#######", "#1..2.#", "#######"], squad=SQUAD)
    g.humans[1].status = "captured"
    g.dice.script(roll)
    g._finish("marines", "test")
    assert g.stats["rescued"] == int(rescued) and g.stats["lost_at_rescue"] == int(not rescued)


@pytest.mark.parametrize("roll,rescued", [(3, True), (4, False)])
def test_embryo_check_for_hugged_figures(roll, rescued):
    g = build(["#######", "#1..2.#", "#######"], squad=SQUAD)
    g.humans[1].status = "unconscious"
    g.dice.script(roll)
    g._finish("marines", "test")
    assert g.stats["rescued"] == int(rescued)


def test_no_rescue_rolls_when_the_marines_lose():
    g = build(["#######", "#1..2.#", "#######"], squad=SQUAD)
    g.humans[1].status = "captured"
    rolls = g.dice.rolls
    g._finish("hive", "test")
    assert g.dice.rolls == rolls


@pytest.mark.parametrize("kind", ["face_hugger", "dog", "alien", "queen"])
def test_close_combat_odds_match_the_dice_pools(kind):
    """P(Alien wins) with ties re-rolled equals the exact odds of highest-die pools."""
    from itertools import product

    from aliens_env.core.dice import Dice
    g = build(["######", "#1...#", "######"], squad=SQUAD)
    pool = g.rules["cc_dice"][kind]
    win = lose = 0
    for rolls in product(range(1, 7), repeat=pool + 1):
        a, h = max(rolls[:pool]), rolls[pool]
        win += a > h
        lose += a < h
    exact = win / (win + lose)
    n, wins = 4000, 0
    for seed in range(n):
        g.dice = Dice(seed)
        a, h = g._cc_roll(pool, 1)
        wins += a > h
    sd = (exact * (1 - exact) / n) ** 0.5
    assert abs(wins / n - exact) < 4 * sd


def test_the_bug_master_moves_its_aliens_towards_the_nearest_human_by_default():
    """Rulebook, Aliens: "Aliens always move towards the nearest human figure that is not in
    combat": the Bug Master chooses only among the steps that close on him (ties, paths), and may
    stop only when no step does."""
    rows = ["#########", "#1....A.#", "#.....A.#", "#########"]
    g = build(rows, squad=SQUAD, phase="aliens_move")
    act(g, "order", 1)
    assert g.decision.kind == "step" and g.mover == 1
    legal = {g.layout.name(a) for a in g.legal_actions("hive")}
    assert legal == {"step[W]", "step[NW]"}  # both close on Apone; stepping away or stopping is not allowed
    act(g, "step", 7)  # NW
    assert g.rc(g.aliens[1].pos) == (1, 5)
    free = build(rows, squad=SQUAD, phase="aliens_move", free_bug_master=True)
    act(free, "order", 1)
    assert {"stop", "step[E]", "step[W]", "step[NW]"} <= {free.layout.name(a) for a in free.legal_actions("hive")}


def test_an_alien_beside_its_human_may_only_stop_or_close_a_door():
    g = build(["#####", "#1A/#", "#####"], squad=SQUAD, phase="aliens_move")
    assert g.decision.kind == "step" and g.mover == 0
    assert {g.layout.name(a) for a in g.legal_actions("hive")} == {"stop", "close_door[E]"}


def test_aliens_may_close_a_door_for_one_ap():
    """Rulebook, Activation Points: Aliens spend "1 AP to open or close a door"."""
    g = build(["#####", "#1A/#", "#####"], squad=SQUAD, phase="aliens_move")
    ap = g.aliens[0].ap
    act(g, "close_door", 1)  # E
    assert g.colony.cells[1, 3] == DOOR_CLOSED and g.aliens[0].ap == ap - 1


def test_the_dice_ai_never_closes_a_door():
    """The solo rules' Alien only moves towards the nearest human: it never spends AP on a door
    it could close (ASSUMPTION A65)."""
    rows = ["#####", "#1A/#", "#####"]
    g = move_aliens(rows)
    assert g.colony.cells[1, 3] == DOOR_OPEN


def test_the_rulebook_alien_does_not_stop_beside_an_android():
    """Aliens ignore androids: beside one, the Alien walks on toward the human (it stops only
    beside a human it will attack)."""
    g = build(["##########",
               "#1.....A3#",
               "##########"], squad=SQUAD, phase="aliens_move", free_bug_master=True)
    assert [DIRECTIONS[d] for d in g.rulebook_steps(0)] == [(0, -1)]
