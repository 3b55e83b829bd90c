"""The Queen: three Actions step by step (the hive's), the Ram column on every Marine she passes,
her card for the Marine where she stops (anyone carried lost), Tooth / Tail / Claw spread over the
adjacent Marines, the fourth attack on her card (Grab-family fatal), the 1-5 damage track and the
0-to-kill roll, acid on every hit but a Flame Unit's, grenades on her square an automatic hit."""
import pytest

from aliens_env.lairs.policies import LairsDiceAI
from lairs_helpers import FACEHUGGER, QUEEN, STOP, empty_lairs, marine, sq, state
from rr_helpers import decide, idx, legal_indices, marines_phase, put_alien, start_phase, target_index

RAM = {0: "incapacitated", 1: "incapacitated", 2: "incapacitated", 3: "wounded", 4: "wounded", 5: "wounded",
       6: "wounded", 7: "none", 8: "none", 9: "none"}
TOOTH = {0: "dead", 1: "incapacitated", 2: "incapacitated", 3: "wounded", 4: "wounded", 5: "none", 6: "none",
         7: "none", 8: "none", 9: "none"}
TAIL_CLAW = {0: "dead", 1: "dead", 2: "dead", 3: "incapacitated", 4: "incapacitated", 5: "wounded", 6: "wounded",
             7: "none", 8: "none", 9: "none"}
E = 2  # direction east


def queen_moves(g):
    start_phase(g, "aliens_move")
    assert g.decision.kind == "queen_move" and g.mover == QUEEN
    return g


@pytest.mark.parametrize("roll", range(10))
def test_the_ram_column_on_a_marine_she_passes_through(roll):
    g = empty_lairs({"Hicks": (14, 12), "Vasquez": (14, 30)})
    put_alien(g, (14, 10), a=QUEEN)
    queen_moves(g)
    decide(g, "queen_step", E, stop="never")
    decide(g, "queen_step", E, stop="never")  # onto Hicks' square: not yet a Ram
    assert state(marine(g, "Hicks")) == "none"
    g.dice.script(roll)
    decide(g, "queen_step", E, stop="aliens_appear")  # on through it: the Ram; her third Action ends the move
    assert state(marine(g, "Hicks")) == RAM[roll]
    assert g.aliens[QUEEN].pos == sq(g, (14, 13)) and g.aliens[QUEEN].card == -1


def test_a_position_with_her_on_a_marines_square_in_the_middle_of_her_move_saves_and_loads():
    g = empty_lairs({"Hicks": (14, 12), "Vasquez": (14, 30)})
    put_alien(g, (14, 10), a=QUEEN)
    queen_moves(g)
    decide(g, "queen_step", E, stop="never")
    decide(g, "queen_step", E, stop="never")  # onto Hicks' square, passing through
    assert g.aliens[QUEEN].pos == marine(g, "Hicks").pos and g.decision.kind == "queen_move"
    g.stats["dead"] = sum(m.status == "dead" for m in g.marines)  # the test board's bookkeeping
    g.stats["aliens_appeared"] = 1
    assert type(g).from_dict(g.to_dict()).to_dict() == g.to_dict()  # was refused: "2 counters on square"


def test_she_has_three_actions_and_may_stop_or_withdraw():
    g = empty_lairs({"Hicks": (14, 20)})
    put_alien(g, (14, 10), a=QUEEN)
    queen_moves(g)
    options = g.decision.options
    assert STOP in options and 6 in options  # she may stay, or go away west (withdraw)
    for _ in range(3):
        decide(g, "queen_step", 6, stop="never")
    assert g.aliens[QUEEN].pos == sq(g, (14, 7)) and g.phase != "aliens_move"


def test_she_stops_on_a_marine_who_goes_onto_her_card_and_anyone_carried_is_lost():
    g = empty_lairs({"Hicks": (14, 12), "Vasquez": (14, 12)})
    h, v = idx(g, "Hicks"), idx(g, "Vasquez")
    g.marines[v].incapacitated, g.marines[v].carried_by, g.marines[h].carrying = True, h, v
    put_alien(g, (14, 10), a=QUEEN)
    queen_moves(g)
    decide(g, "queen_step", E, stop="never")
    decide(g, "queen_step", E, stop="never")
    decide(g, "queen_stop", 0, stop="aliens_appear")
    assert g.aliens[QUEEN].card == h and marine(g, "Hicks").alien == QUEEN
    assert marine(g, "Vasquez").status == "dead"


def test_she_may_not_stop_on_a_marine_another_alien_holds():
    g = empty_lairs({"Hicks": (14, 12)})
    put_alien(g, None, on="Hicks", attack="in_combat")
    put_alien(g, (14, 11), a=QUEEN)
    assert not g._queen_may_stop(sq(g, (14, 12)))
    assert g._queen_may_stop(sq(g, (14, 11)))


@pytest.mark.parametrize("attack", ["tooth", "tail", "claw"])
@pytest.mark.parametrize("roll", range(10))
def test_tooth_tail_and_claw_columns(attack, roll):
    g = empty_lairs({"Hudson": (14, 11)})  # the only Marine beside her: every attack is on him
    put_alien(g, (14, 10), a=QUEEN)
    order = ["tooth", "tail", "claw"]
    g.dice.script(*[9] * order.index(attack), roll, *[9] * (2 - order.index(attack)))
    start_phase(g, "aliens_attack")
    column = TOOTH if attack == "tooth" else TAIL_CLAW
    assert state(marine(g, "Hudson")) == column[roll]


def test_each_attack_reads_its_column():
    g = empty_lairs({"Hudson": (14, 11)})
    put_alien(g, (14, 10), a=QUEEN)
    g.dice.script(5, 6, 9)  # Tooth 5: none; Tail 6: Wounded; Claw 9: none
    start_phase(g, "aliens_attack")
    assert state(marine(g, "Hudson")) == "wounded"
    assert g.dice.scripted_left == 0


def test_her_three_attacks_spread_so_none_is_hit_twice_while_another_is_untouched():
    g = empty_lairs({"Hudson": (14, 11), "Frost": (14, 9), "Crowe": (15, 10)})
    put_alien(g, (14, 10), a=QUEEN)
    g.dice.script(9, 9, 9)
    start_phase(g, "aliens_attack")
    assert g.decision.kind == "queen_attack"
    everyone = sorted(idx(g, n) for n in ("Hudson", "Frost", "Crowe"))
    assert legal_indices(g, "queen_attack") == everyone
    decide(g, "queen_attack", idx(g, "Frost"), stop="never")
    assert legal_indices(g, "queen_attack") == sorted(set(everyone) - {idx(g, "Frost")})
    decide(g, "queen_attack", idx(g, "Crowe"), stop="never")  # the Claw: only Hudson is untouched
    assert g.phase == "marines" and g.queen_hit == [idx(g, "Frost"), idx(g, "Crowe"), idx(g, "Hudson")]


def test_with_two_adjacent_the_third_attack_may_hit_either():
    g = empty_lairs({"Hudson": (14, 11), "Frost": (14, 9)})
    put_alien(g, (14, 10), a=QUEEN)
    g.dice.script(9, 9, 9)
    start_phase(g, "aliens_attack")
    decide(g, "queen_attack", idx(g, "Frost"), stop="never")  # Tooth; the Tail must go to Hudson
    assert sorted(legal_indices(g, "queen_attack")) == sorted([idx(g, "Frost"), idx(g, "Hudson")])


def test_alone_beside_her_a_marine_takes_all_three_and_the_position_keeps_the_repeats():
    g = empty_lairs({"Hudson": (14, 11)})
    put_alien(g, (14, 10), a=QUEEN)
    g.dice.script(9, 9, 9)
    start_phase(g, "aliens_attack")
    assert g.phase == "marines" and g.queen_hit == [idx(g, "Hudson")] * 3
    data = type(g)().to_dict()  # a whole game's position (this one has no cards for the others)
    data["lairs"]["queen_hit"] = g.queen_hit
    assert type(g).from_dict(data).queen_hit == g.queen_hit  # was refused: "must not list a value twice"


# the fourth attack, on the Marine on her card: the Alien Attack Table (roll + Melee), Grab family fatal
FOURTH = {0: "dead", 1: "dead", 2: "dead", 3: "dead", 4: "dead", 5: "dead", 6: "dead", 7: "in_combat",
          8: "in_combat", 9: "alien_loses"}


@pytest.mark.parametrize("roll", range(10))
def test_the_fourth_attack_on_her_card_any_grab_is_fatal(roll):
    g = empty_lairs({"Hudson": (14, 12)})  # Melee 0
    put_alien(g, None, a=QUEEN, on="Hudson")
    g.dice.script(roll)
    start_phase(g, "aliens_attack", stop="never")
    h = marine(g, "Hudson")
    if FOURTH[roll] == "dead":
        assert h.status == "dead" and g.aliens[QUEEN].in_play and g.aliens[QUEEN].card == -1
    elif FOURTH[roll] == "in_combat":
        assert h.status == "on_map" and not h.wounded and g.aliens[QUEEN].attack == "in_combat"
    else:
        assert h.alien == -1 and g.aliens[QUEEN].stunned


def test_the_fourth_attack_adds_melee():
    g = empty_lairs({"Hicks": (14, 12)})  # Melee 1: a 6 is 7, In Combat
    put_alien(g, None, a=QUEEN, on="Hicks")
    g.dice.script(6)
    start_phase(g, "aliens_attack", stop="never")
    assert marine(g, "Hicks").status == "on_map" and g.aliens[QUEEN].attack == "in_combat"


def test_the_damage_track_then_only_a_zero_kills():
    g = empty_lairs({"Vasquez": (14, 20)})
    put_alien(g, (14, 10), a=QUEEN)
    for space in range(1, 6):
        rolls = g.dice.rolls
        g._kill_alien(QUEEN, flame=False)
        assert g.queen_damage == space and g.aliens[QUEEN].in_play and g.dice.rolls == rolls
    for roll in range(1, 10):
        g.dice.script(roll)
        g._kill_alien(QUEEN, flame=False)
        assert g.aliens[QUEEN].in_play and not g.queen_dead
    g.dice.script(0)
    g._kill_alien(QUEEN, flame=False)
    assert g.queen_dead and not g.aliens[QUEEN].in_play


def test_a_shot_that_hits_her_moves_the_track():
    g = empty_lairs({"Vasquez": (14, 12)})  # Machine Gun, Aim 2 at range 2: 9, an automatic hit
    q = put_alien(g, (14, 10), a=QUEEN)
    marines_phase(g, "Vasquez")
    g.apply(g.layout.encode("aim"))
    g.apply(g.layout.encode("aim"))
    g.apply(g.layout.encode("fire", target_index(g, q)))
    assert g.queen_damage == 1 and g.aliens[QUEEN].in_play


def test_non_lethal_hits_spray_acid_but_not_a_flame_units():
    g = empty_lairs({"Hudson": (14, 11)})
    put_alien(g, (14, 10), a=QUEEN)
    g.dice.script(0)  # acid: Dead
    g._kill_alien(QUEEN, flame=False)
    assert marine(g, "Hudson").status == "dead"
    g = empty_lairs({"Hudson": (14, 11)})
    put_alien(g, (14, 10), a=QUEEN)
    rolls = g.dice.rolls
    g._kill_alien(QUEEN, flame=True)
    assert g.queen_damage == 1 and g.dice.rolls == rolls


def test_a_grenade_on_her_square_is_an_automatic_hit_next_to_her_nothing():
    g = empty_lairs({"Apone": (14, 1)})
    q = put_alien(g, (14, 20), a=QUEEN)
    marines_phase(g, "Apone")
    rolls = g.dice.rolls
    g.apply(g.layout.encode("grenade", target_index(g, q)))
    assert g.queen_damage == 1 and g.dice.rolls == rolls
    g = empty_lairs({"Apone": (14, 1)})
    put_alien(g, (14, 20), a=QUEEN)
    a = put_alien(g, (14, 19))
    marines_phase(g, "Apone")
    g.apply(g.layout.encode("grenade", target_index(g, a)))
    assert g.queen_damage == 0 and g.aliens[QUEEN].in_play and not g.aliens[a].in_play


def test_her_death_ends_the_hunt_win_or_draw():
    g = empty_lairs({"Vasquez": (14, 20)})
    put_alien(g, (14, 10), a=QUEEN)
    g.queen_damage = 5
    g.decision = None
    g.phase = "marines"
    g.dice.script(0)
    g._kill_alien(QUEEN, flame=True)
    g._run()
    assert g.is_terminal() and g.outcome()["marines"] == 1
    g = empty_lairs({"Vasquez": (14, 20)})
    g.queen_dead = True
    marine(g, "Vasquez").status, marine(g, "Vasquez").pos = "dead", -1
    g.stats["dead"] = 16
    g.phase = "marines"
    g._run()
    assert g.outcome()["marines"] == 0


def test_the_queen_alive_at_the_last_turn_is_a_loss():
    g = empty_lairs({"Vasquez": (14, 20)}, turn=g_turns())
    g.phase = "marines"
    g.active = idx(g, "Vasquez")
    g._next_marine()
    assert g.phase == "over" and g.outcome()["marines"] == -1


def g_turns():
    return empty_lairs().hunt["turns"]


def test_the_dice_queen_goes_for_the_nearest_marine():
    g = empty_lairs({"Hicks": (14, 13), "Vasquez": (14, 30)})
    put_alien(g, (14, 10), a=QUEEN)
    queen_moves(g)
    ai = LairsDiceAI()
    while g.decision is not None and g.decision.kind == "queen_move":
        decide(g, *g.layout.decode(ai.act(g, "hive")), stop="aliens_appear")
    assert g.aliens[QUEEN].card == idx(g, "Hicks")


def test_facehugger_counter_is_not_the_queen():
    g = empty_lairs()
    assert g.kinds[QUEEN] == "queen" and g.kinds[FACEHUGGER] == "facehugger" and g.kinds[-1] == "alien"


def plain_may_stop(g, square):
    """The rule of where she may stop, square by square (as ``_queen_may_stop`` was written before
    ``_queen_barred``): no other Alien at rest there, no standing Marine held by an Alien."""
    for a, al in enumerate(g.aliens):
        if a != QUEEN and al.in_play and al.card == -1 and al.pos == square:
            return False
    return not any(m.status == "on_map" and not m.incapacitated and m.carried_by == -1 and m.pos == square
                   and m.alien != -1 for m in g.marines)


def plain_queen_options(g):
    """queen_options worked out with plain_may_stop on every square the search reaches."""
    def can_end(square, steps):
        frontier, seen = [square], {square}
        for k in range(steps + 1):
            if any(plain_may_stop(g, s) for s in frontier):
                return True
            frontier = [n for s in frontier for _, n in g.board.neighbours[s] if n not in seen and not seen.add(n)]
        return False

    q = g.aliens[QUEEN]
    options = [d for d, s in g.board.neighbours[q.pos] if g.queen_steps > 0 and can_end(s, g.queen_steps - 1)]
    return options + [STOP] * plain_may_stop(g, q.pos)


@pytest.mark.parametrize("env", ["HuntForTheQueen", "MarineAssault"])
def test_the_squares_she_may_not_stop_on_and_her_options_are_the_plain_rules_in_played_games(env):
    """``_queen_barred`` (worked out once for a search) against the rule square by square, and
    ``queen_options`` against the same search made with it, at every step of random legal games,
    on a clone with the Queen put beside a figure when she is not in play (the random Marines seldom
    find her), for each number of Actions she may have left."""
    import random
    from aliens_env.benchmark import AECRunner, aec_env_function
    runner, rng = AECRunner(aec_env_function(env), seed=3), random.Random(5)
    checked = held = 0
    for _ in range(1500):
        runner.steps(1)
        g = runner.env.unwrapped.game.clone()
        figures = [al.pos for al in g.aliens if al.in_play] + [m.pos for m in g.marines if m.status == "on_map"]
        q = g.aliens[QUEEN]
        if not q.in_play and figures:
            q.in_play, q.card, q.pos = True, -1, rng.choice([n for _, n in g.board.neighbours[rng.choice(figures)]])
        if not q.in_play:
            continue
        squares = set(figures) | {n for _, n in g.board.neighbours[q.pos]}
        barred = g._queen_barred()
        assert barred <= squares
        assert {s for s in squares if not plain_may_stop(g, s)} == barred
        for steps in range(4):
            g.queen_steps = steps
            assert g.queen_options() == plain_queen_options(g)
        checked += 1
        held += any(m.alien != -1 for m in g.marines)
    assert checked > 1000 and held > 20
