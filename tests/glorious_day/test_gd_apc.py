"""The M577 APC (apc.py; docs/rules/glorious_day.md "The M577 APC"), with forced dice.

The APC of mission apc_chase stands at rear-left (5, 2): rows 5-7, columns 2-8, facing east.
Seats (large_models.yaml apc, A41): Driver (6, 8), Front Turret (5, 7), Scanner (7, 7), Rear
Turret (6, 4), Door Gunner (6, 2); the door step outside is (6, 1). Fireteam: 0 Ripley (Tech 5),
1 Hicks (Tech 4), 2 Vasquez, 3 Hudson, 4 Apone, 5 Drake.
"""
import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.glorious_day.apc import APC_TARGET
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import act, activate, empty, legal, open_, sq

CHASE = {"mission": "apc_chase", "newt": None}
DRIVER, FRONT, SCANNER, REAR, DOOR, STEP = (6, 8), (5, 7), (7, 7), (6, 4), (6, 2), (6, 1)
N, NE, E, SE, S, SW, W, NW = range(8)


def chase(chars, aliens=(), blips=(), **options) -> GloriousDay:
    return empty(chars=chars, aliens=aliens, blips=blips, **CHASE, **options)


def alien_attacks(g: GloriousDay, slot: int = 0) -> GloriousDay:
    """The Alien in `slot` takes its attack (the work it leads to, up to a decision)."""
    g.work = [{"kind": "alien", "slot": slot, "stage": "attack"}]
    while g.work and g.decision is None and not g.end:
        g._work()
    return g


# -- the model -------------------------------------------------------------------------------------
def test_the_apc_is_three_by_seven_with_its_crew_positions():
    g = chase({0: DRIVER})
    squares = g.vehicle_squares()
    assert len(squares) == 21 and {g.board.rc(s) for s in squares} == {(r, c) for r in (5, 6, 7) for c in range(2, 9)}
    assert [g.seat_of(0)] == ["driver"]
    for rc, seat in ((FRONT, "front_turret"), (SCANNER, "scanner"), (REAR, "rear_turret"), (DOOR, "door_gunner"),
                     ((5, 3), "repair"), ((4, 3), "")):
        g.chars[1]["pos"] = sq(g, rc)
        assert g.seat_of(1) == seat


def test_the_driver_moves_it_five_on_a_passed_tech_test_three_on_a_failed_one_less_per_damage():
    for roll, damage, spaces in ((4, 0, 5), (5, 0, 3), (4, 2, 3), (9, 1, 2), (0, 5, 0)):
        g = activate(chase({0: DRIVER}), 0)
        g.apc["damage"] = damage
        g.dice.script(roll)
        act(g, "drive")
        assert g.apc["moves"] == spaces, (roll, damage)


def test_it_moves_forward_backward_and_diagonally_never_sideways_with_its_crew():
    g = activate(chase({0: DRIVER, 1: REAR}), 0)
    g.dice.script(0)
    act(g, "drive")
    assert legal(g, "apc_step") == [NE, E, SE, SW, W, NW] and legal(g, "end") == [] and legal(g, "apc_stop") == [0]
    act(g, "apc_step", E)
    act(g, "apc_step", SE)
    assert g.board.rc(g.apc["pos"]) == (6, 4) and g.apc["moves"] == 3
    assert g.board.rc(g.chars[0]["pos"]) == (7, 10) and g.board.rc(g.chars[1]["pos"]) == (7, 6)
    assert g.chars[0]["actions"] == 1  # the drive took the action; its steps take none
    assert SE not in legal(g, "apc_step") and E in legal(g, "apc_step")  # rows 7-9: the wall of row 9


def test_it_cannot_enter_walls_or_blips_and_characters_in_its_way_make_room():
    g = activate(chase({0: DRIVER, 1: (5, 9)}, blips=[((8, 3), 1)]), 0)
    g.dice.script(0)
    act(g, "drive")
    assert NW in legal(g, "apc_step") and SW not in legal(g, "apc_step")  # the Blip at (8, 3) stops it
    assert N not in legal(g, "apc_step") and S not in legal(g, "apc_step")  # never sideways
    act(g, "apc_step", E)
    assert g.board.rc(g.chars[1]["pos"]) != (5, 9) and g.chars[1]["pos"] not in g.vehicle_squares()
    assert g.board.range(sq(g, (5, 9)), g.chars[1]["pos"]) == 1  # moved one space


def test_running_over_an_alien_it_attacks_the_apc_then_is_killed():
    # one Alien: melee 2 a counterattack, defense 5 fended off, more a Damage token; a Swarm of
    # three adds +2 to the roll (A3) and dies whole
    for count, roll, damage in ((1, 2, 0), (1, 5, 0), (1, 6, 1), (3, 3, 0), (3, 4, 1)):
        g = activate(chase({0: DRIVER}, aliens=[((6, 9), count)]), 0)
        g.dice.script(0, roll)
        act(g, "drive")
        act(g, "apc_step", E)
        assert g.aliens[0] is None and g.apc["damage"] == damage, (count, roll)
        assert g.stats["kills"] == count


def test_two_aliens_run_over_in_one_step_each_attack_the_apc_in_turn_then_both_die():
    # the step east takes column 9, rows 5-7: both Aliens are under it; the first's roll of 6
    # beats Defense 5 (a Damage token), the second's 6 a second token, then 3 (fended off)
    for rolls, damage in (((6, 6), 2), ((6, 3), 1), ((3, 3), 0)):
        g = activate(chase({0: DRIVER}, aliens=[((5, 9), 1), ((7, 9), 1)]), 0)
        g.dice.script(0, *rolls)
        act(g, "drive")
        act(g, "apc_step", E)
        assert g.aliens[0] is None and g.aliens[1] is None, rolls
        assert g.apc["damage"] == damage and g.stats["kills"] == 2, rolls
        assert g.dice.scripted_left == 0, rolls  # each rolled its attack


def test_it_removes_a_barricade_it_crosses():
    g = activate(chase({0: DRIVER}), 0)
    g.barricades.add(sq(g, (5, 9)))  # not a door: the rule is the Barricade on its way
    g.dice.script(0)
    act(g, "drive")
    act(g, "apc_step", E)
    assert not g.barricades



def test_occupied_holds_the_apcs_squares_and_a_caller_cannot_change_its_kept_set():
    g = chase({1: (8, 1)}, aliens=[((2, 2), 1)])
    occupied = g.occupied()
    assert g.vehicle_set() <= occupied and sq(g, (8, 1)) in occupied and sq(g, (2, 2)) in occupied
    kept = set(g.vehicle_set())
    occupied.clear()  # (occupied starts from the APC's kept set: a copy of it)
    assert g.vehicle_set() == kept and len(kept) == 21


# -- getting in and out, the door ------------------------------------------------------------------
def test_characters_get_in_and_out_only_by_the_door():
    g = activate(chase({1: (8, 1)}), 1)  # Hicks, Speed 4, two steps from the door step
    targets = {g.board.rc(s) for s in g.move_targets(1)}
    assert DRIVER in targets and (5, 2) in targets  # aboard: any free space
    g2 = activate(chase({1: (4, 9)}), 1)  # beside the APC's front, six steps round to the door step
    assert not {g2.board.rc(s) for s in g2.move_targets(1)} & {(r, c) for r in (5, 6, 7) for c in range(2, 9)}
    g3 = activate(chase({1: REAR}), 1)
    out = {g3.board.rc(s) for s in g3.move_targets(1)}
    assert STEP in out and (8, 1) in out and (4, 9) not in out and (8, 9) not in out


def test_getting_in_or_out_opens_the_door_for_the_alien_phase_and_an_alien_tries_it_like_a_barricade():
    g = activate(chase({1: (8, 1), 0: DRIVER}), 1)
    act(g, "move", sq(g, REAR))
    assert g.apc["traffic"]
    g._vehicle_phase_start()
    assert g.apc["door_open"]
    g2 = chase({0: DOOR}, aliens=[STEP])
    g2._vehicle_phase_start()
    assert not g2.apc["door_open"]
    for roll, opened in ((4, False), (5, True)):
        g3 = chase({0: DOOR}, aliens=[STEP])
        g3.dice.script(roll)
        alien_attacks(g3)
        assert g3.apc["door_open"] == opened and g3.apc["damage"] == 0 and g3.chars[0]["alive"]
        assert g3.dice.scripted_left == 0  # one roll: the door, no attack


def test_through_the_open_door_an_alien_may_attack_the_door_gunner():
    g = chase({0: DOOR}, aliens=[STEP])
    g.apc["door_open"] = True
    alien_attacks(g)
    assert g.decision.kind == "target" and sorted(g.decision.options) == [APC_TARGET, 0]
    assert legal(g, "target_apc") == [0] and legal(g, "target") == [0]


# -- Aliens and the APC ----------------------------------------------------------------------------
@pytest.mark.parametrize("roll, result", [(2, "counter"), (5, "fended"), (6, "damage"), (9, "damage")])
def test_an_alien_attacks_the_apc_with_defense_5_and_melee_2(roll, result):
    g = chase({0: DRIVER}, aliens=[(4, 5)])
    g.dice.script(roll)
    alien_attacks(g)
    assert (g.aliens[0] is None) == (result == "counter")
    assert g.apc["damage"] == (result == "damage") and g.chars[0]["alive"]


def test_aliens_move_toward_the_apc_as_a_character_and_never_attack_the_crew_through_its_walls():
    g = chase({0: (11, 21)}, aliens=[(4, 14)])  # Ripley far off in the tunnels, the empty APC nearer
    ends = sorted(g.board.rc(s) for s in g.alien_destinations(0))
    assert ends == [(4, 8), (4, 9), (5, 9), (6, 9), (7, 9), (8, 8), (8, 9)]  # every square next to the APC in reach
    g.apc = None
    g._cache.clear()
    assert [g.board.rc(s) for s in g.alien_destinations(0)] == [(10, 18)]  # without it: toward Ripley
    g2 = chase({0: (5, 3)}, aliens=[(4, 3)])
    g2.dice.script(9)
    alien_attacks(g2)
    assert g2.chars[0]["alive"] and not g2.chars[0]["knocked"] and g2.apc["damage"] == 1  # it hit the APC


def test_a_blip_in_the_apcs_sight_is_revealed():
    g = chase({0: (11, 2)}, blips=[((5, 12), 1)])
    g._reveal_seen()
    assert g.work and g.work[-1] == {"kind": "reveal", "slot": 0}


# -- the crew --------------------------------------------------------------------------------------
@pytest.mark.parametrize("rolls, killed", [((7, 9), True), ((9, 7), True), ((8, 9), False), ((0, 8), True)])
def test_a_turret_exhausts_three_cards_rolls_two_dice_and_keeps_the_lower_seven_or_less_kills(rolls, killed):
    g = activate(chase({1: REAR}, aliens=[((8, 12), 2)]), 1)
    assert legal(g, "turret") == [0] and legal(g, "attack") == []
    g.dice.script(*rolls)
    act(g, "turret", 0)
    assert len(g.hand) == 3 and len(g.exhausted) == 3
    assert (g.aliens[0] is None) == killed


def test_the_front_turret_cannot_fire_behind_it_the_rear_turret_fires_all_round():
    g = activate(chase({1: FRONT, 2: REAR}, aliens=[(8, 3), (4, 12)]), 1)
    assert legal(g, "turret") == [1]
    g2 = activate(chase({2: REAR}, aliens=[(8, 3), (4, 12)]), 2)
    assert legal(g2, "turret") == [0, 1]
    g3 = activate(chase({1: FRONT}, aliens=[(4, 12)], hand=2), 1)
    assert legal(g3, "turret") == []  # three cards needed


def test_the_door_gunner_attacks_outside_and_opens_the_door_others_aboard_do_not():
    g = activate(chase({1: DOOR}, aliens=[(8, 1)]), 1)
    assert legal(g, "attack") == [0]
    g.dice.script(9)
    act(g, "attack", 0)
    g._vehicle_phase_start()
    assert g.apc["door_open"]
    g2 = activate(chase({1: (5, 3)}, aliens=[(4, 3)]), 1)
    assert legal(g2, "attack") == []


@pytest.mark.parametrize("roll, known", [(4, True), (5, False)])
def test_the_scanner_looks_at_a_blip_on_a_passed_tech_test(roll, known):
    g = activate(chase({0: SCANNER}, blips=[((1, 20), 3)]), 0)
    g.dice.script(roll)
    act(g, "scan", 0)
    view = g.obs_layout.view(g.observe("marines"), "scanned")
    assert (view[1, 20] == 1.0) == known and (0 in g.apc["scanned"]) == known


@pytest.mark.parametrize("roll, damage_left", [(0, 1), (3, 2), (4, 3)])
def test_repair_removes_a_damage_token_on_a_passed_tech_test_two_on_the_star(roll, damage_left):
    g = chase({1: (5, 3)})  # Hicks Tech 4: 0-3 pass, 0 the star
    g.apc["damage"] = 3
    activate(g, 1)
    assert legal(g, "repair") == [0]
    g.dice.script(roll)
    act(g, "repair")
    assert g.apc["damage"] == damage_left


def test_the_crew_positions_have_their_own_actions_only():
    g = activate(chase({1: DRIVER}), 1)
    assert legal(g, "drive") == [0] and legal(g, "repair") == [] and legal(g, "scan") == []
    g2 = activate(chase({1: (5, 3)}), 1)
    assert legal(g2, "drive") == [] and legal(g2, "turret") == []


# -- the mission -----------------------------------------------------------------------------------
def test_apc_chase_is_won_on_the_exit_with_enough_aboard_and_lost_when_wrecked():
    east = lambda rc: (rc[0], rc[1] + 13)  # noqa: E731 (the seats of the APC at (5, 15))
    seats = [east(rc) for rc in (DRIVER, REAR, FRONT, SCANNER, (5, 3), (7, 3))]
    need = GloriousDay(mission="apc_chase").m["need"]  # five of the six (A46)
    for aboard, end in ((need, "drove_out"), (need - 1, "")):
        g = chase({c: seats[c] for c in range(aboard)})
        g.apc["pos"] = sq(g, (5, 15))
        activate(g, 0)
        g.dice.script(0)
        act(g, "drive")
        act(g, "apc_step", E)
        assert g.end == end and g.outcome()["marines"] == (1 if end else 0), aboard
    g3 = chase({0: DRIVER}, aliens=[(4, 5)])
    g3.apc["damage"] = 4
    g3.dice.script(9)
    alien_attacks(g3)
    g3._check_end()
    assert g3.end == "wrecked" and g3.outcome()["marines"] == -1


def test_apc_chase_comes_between_missions_2_and_3_with_the_option():
    g = GloriousDay(campaign=True, apc_chase=True)
    assert g.plan == ["newt", "escape", "apc_chase", "survive", "retrieve", "sulaco"]
    assert GloriousDay(campaign=True).plan == ["newt", "escape", "survive", "retrieve", "sulaco"]
    with pytest.raises(ValueError, match="apc_chase"):
        GloriousDay(apc_chase=True)
    assert g.layout.slices["drive"][1] == 1 and g.apc is None  # one layout for the whole campaign


def test_apc_positions_round_trip_and_refuse_bad_fields():
    g = chase({0: DRIVER, 1: (8, 1)}, blips=[((1, 20), 2)])
    g.apc.update(damage=2, scanned=[0])
    open_(g)
    data = g.to_dict()
    assert GloriousDay.from_dict(data).to_dict() == data
    for key, value, error in (("damage", 9, "apc.damage"), ("scanned", [5], "apc.scanned"), ("pos", [9, 2], "apc.pos"),
                              ("moves", 3, "apc.moves")):
        bad = dict(data, apc=dict(data["apc"], **{key: value}))
        with pytest.raises(ValueError, match=error):
            GloriousDay.from_dict(bad)
    assert NO not in g.vehicle_squares()


def test_the_scanners_look_survives_determinization_for_the_marines():
    import random

    g = chase({0: SCANNER}, blips=[((1, 20), 3), ((2, 14), 0)])
    g.apc["scanned"] = [0]
    values = {g.determinize("marines", random.Random(seed)).blips[0]["value"] for seed in range(20)}
    others = {g.determinize("marines", random.Random(seed)).blips[1]["value"] for seed in range(20)}
    assert values == {3} and len(others) > 1


# -- the Queen and the APC (no mission has both yet: she is put on APC Chase's board) --------------
def with_queen(g: GloriousDay, rc=(4, 10), damage=0) -> GloriousDay:
    g.queen = {"pos": sq(g, rc), "damage": damage, "frenzy": False, "rest": False}
    g._cache.clear()
    return g


def test_the_queen_hunts_the_apc_as_a_character_not_its_crew():
    g = with_queen(chase({0: DRIVER, 1: (11, 21)}))  # the APC two spaces from her, Hicks far off
    assert g.queen_targets() == [APC_TARGET]
    g.chars[1]["pos"] = sq(g, (4, 12))  # Hicks one space from her: the closest
    assert g.queen_targets() == [1]
    g2 = with_queen(chase({0: DRIVER}), rc=(4, 14))  # out of reach: she moves to the APC
    for a in g2.queen_destinations(6):
        g2.queen["pos"] = a
        assert g2.queen_targets() == [APC_TARGET]


@pytest.mark.parametrize("roll, damage", [(2, 0), (3, 1)])
def test_the_queens_attack_on_the_apc_adds_three_to_its_defense_roll(roll, damage):
    g = with_queen(chase({0: DRIVER}))
    g.dice.script(roll)
    g.work = [{"kind": "defense", "alien": 0, "char": APC_TARGET, "queen": True}]
    g._work()
    assert g.apc["damage"] == damage and g.queen["damage"] == 0  # 2 + 3 = 5 fended off; 6 a Damage token


@pytest.mark.parametrize("rolls, hurt", [((5, 9), True), ((6, 9), False)])
def test_a_turret_needs_seven_less_the_queens_damage_tokens(rolls, hurt):
    g = with_queen(activate(chase({1: REAR}), 1), rc=(4, 14), damage=2)  # in the rear turret's sight
    assert g.turret_reaches_queen(1) and g.can_attack_queen(1)
    g.dice.script(*rolls)
    g._turret(1, None)  # (APC Chase's layout has no attack_queen action)
    while g.work:
        g._work()
    assert g.queen["damage"] == 2 + hurt and g.dice.scripted_left == 0


def test_with_bishop_on_the_board_aliens_still_head_for_the_apc_as_a_non_synthetic():
    g = chase({0: (11, 21)}, aliens=[(4, 14)], fireteam=["Ripley", "Bishop"])
    g.chars[1].update(pos=sq(g, (12, 22)), alive=True, activated=False)  # Bishop beside Ripley
    ends = sorted(g.board.rc(s) for s in g.alien_destinations(0))
    assert ends == [(4, 8), (4, 9), (5, 9), (6, 9), (7, 9), (8, 8), (8, 9)]


def test_the_heuristic_drivers_step_is_the_one_its_step_plans_bring_nearest_the_goal():
    """apc_policy._best_step reads each legal step's anchor as the APC's anchor moved one space
    (not asking _step_plan again), the legal steps off the mask, and keeps the ranges to the goal (_exit_range): the same step as
    asking them anew, at positions of random play with the APC free to step (apc_chase: the exits;
    queen_apc: the Queen)."""
    import random

    from aliens_env.core.board import DIRECTIONS
    from aliens_env.glorious_day.apc_policy import _best_step

    def exit_range(g, anchor):
        squares = g.vehicle_squares(anchor)
        goal = g.queen_squares() if g.queen is not None else sorted(g.exits)
        return min(g.board.range(s, e) for s in squares for e in goal) if squares and goal else 0

    def plain(g):
        here, best = exit_range(g, g.apc["pos"]), None
        for d in g.vehicle_step_dirs():
            score = exit_range(g, g._step_plan(d)["anchor"])
            if score < here and (best is None or score < best[0]):
                best = (score, d)
        return None if best is None else best[1]

    rng, checked, stepped = random.Random(7), 0, 0
    for mission in ("apc_chase", "queen_apc"):
        g = GloriousDay(mission=mission)
        for seed in range(3):
            g.reset(seed)
            for _ in range(300):
                if g.is_terminal() or g.truncated_by():
                    break
                if g.apc is not None:
                    moves, g.apc["moves"] = g.apc["moves"], 3
                    r, c = g.board.rc(g.apc["pos"])
                    for d in g.vehicle_step_dirs():
                        dr, dc = DIRECTIONS[d]
                        assert g._step_plan(d)["anchor"] == g.board.index(r + dr, c + dc)
                    mask = np.zeros(g.layout.size, dtype=np.int8)  # (the legal steps, as the driver's mask holds them)
                    for d in g.vehicle_step_dirs():
                        mask[g.layout.encode("apc_step", d)] = 1
                    best = _best_step(g, mask)
                    assert best == plain(g)
                    g.apc["moves"] = moves
                    checked += 1
                    stepped += best is not None
                g.apply(rng.choice(g.legal_actions()))
    assert checked > 500 and stepped > 50


def test_the_drivers_masks_hold_the_legal_steps_the_heuristic_driver_reads():
    """apc_policy._best_step takes the APC's legal steps off the mask it is given (the script mask
    or the whole one): at every decision of the driving Driver in games of the heuristic marines
    (random Hive play), both masks' apc_step entries are vehicle_step_dirs(), and the step the
    Driver picks is the plain computation's (every legal step's range to the goal, asked anew)."""
    import random

    from aliens_env.glorious_day.apc_policy import _exit_range
    from aliens_env.glorious_day.policies import HeuristicMarines

    marines, rng, checked = HeuristicMarines(), random.Random(3), 0
    for mission in ("apc_chase", "queen_apc"):
        g = GloriousDay(mission=mission)
        span = g.layout.span("apc_step")
        for seed in range(8):
            g.reset(seed)
            for _ in range(600):
                if g.is_terminal() or g.truncated_by():
                    break
                if g.decision.player != "marines":
                    g.apply(rng.choice(g.legal_actions()))
                    continue
                if g.decision.kind == "action" and g._driving(g.active):
                    steps = g.vehicle_step_dirs()
                    assert np.flatnonzero(g.legal_mask_kept("marines")[span]).tolist() == steps
                    assert np.flatnonzero(g._compute_script_mask()[span]).tolist() == steps
                    here = _exit_range(g, g.apc["pos"])
                    scores = [(_exit_range(g, g._step_plan(d)["anchor"]), d) for d in steps]
                    nearer = [sd for sd in scores if sd[0] < here]
                    expected = g.layout.encode("apc_step", min(nearer)[1]) if nearer else g.layout.encode("apc_stop")
                    assert marines.act(g, "marines") == expected
                    checked += 1
                g.apply(marines.act(g, "marines"))
    assert checked > 50
