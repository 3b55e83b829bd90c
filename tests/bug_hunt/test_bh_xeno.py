"""The Xeno phase (PRINTED): egg caches, the activation roll, approach, what approaches,
placement 3D6 away out of view; the Brood Chamber; impregnated humans (ASSUMPTION A13)."""
import pytest

from aliens_env.bug_hunt.colony import FLOOR
from aliens_env.bug_hunt.game import Alien
from bh_helpers import act, build

SQUAD = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True},
    {"name": "Hicks", "role": "marine", "weapon": "pulse_rifle"},
    {"name": "Bishop", "role": "android", "weapon": "none"},
]
OPEN = ["##########", "#1.......#", "#........#", "##########"]


def xeno(rows, *rolls, moved=False, fired=False, features=(), mission="explore", setup=None):
    g = build(rows, squad=SQUAD, phase="xeno", start=False, features=features, mission=mission)
    for h in g.humans:
        h.moved = moved and h.status == "active"
    g.fired = fired
    if setup:
        setup(g)
    g.dice.script(*rolls)
    g._start_phase("xeno")
    assert g.dice.scripted_left == 0
    return g


@pytest.mark.parametrize("moved,fired,in_sight,need", [
    (False, False, False, 6),  # resting
    (True, False, False, 6),   # moved, secure
    (True, False, True, 5),    # moved, Aliens in sight
    (True, True, False, 4),    # fired (+2 on the secure 6)
    (False, True, True, 4),    # fired
])
def test_activation_thresholds(moved, fired, in_sight, need):
    rows = list(OPEN)
    if in_sight:
        rows[2] = "#.......A#"
    g = xeno(rows, need - 1, moved=moved, fired=fired)
    assert g.placement is None and g.stats["activations"] == 0
    g = xeno(rows, need, 1, 1, 1, 1, 1, moved=moved, fired=fired)  # activated: same, 1 Face-Hugger, 3D6 = 3
    assert g.placement == {"kind": "face_hugger", "count": 1, "mode": "same", "distance": 3}


@pytest.mark.parametrize("roll,mode", [(1, "same"), (4, "same"), (5, "many"), (6, "many")])
def test_approach_table(roll, mode):
    g = xeno(OPEN, 6, roll, 1, 2, 2, 2)
    assert g.placement["mode"] == mode and g.placement["distance"] == 6


@pytest.mark.parametrize("rolls,kind,count", [
    ((1,), "face_hugger", 1),
    ((2, 1), "dog", 1), ((2, 4), "dog", 2), ((2, 6), "dog", 3),  # 1D3 from a d6
    ((3, 5), "dog", 5),
    ((4, 3), "alien", 2),
    ((5, 6), "alien", 6),
    ((6, 1, 2), "alien", 2), ((6, 4, 6), "alien", 6),  # 6 then 4 or less: 1D6 Aliens
    ((6, 5), "queen", 1), ((6, 6), "queen", 1),        # 6 then 5-6: the Queen
])
def test_what_approaches(rolls, kind, count):
    g = xeno(OPEN, 6, 1, *rolls, 1, 1, 1)
    assert (g.placement["kind"], g.placement["count"]) == (kind, count)


def test_only_one_queen_at_a_time():
    def queen(g):
        g.aliens.append(Alien("queen", pos=g.sq((2, 8)), lp=6, new=False))
    g = xeno(OPEN, 6, 1, 6, 5, 3, 1, 1, 1, setup=queen)
    assert (g.placement["kind"], g.placement["count"]) == ("alien", 3)


L_CORRIDOR = [
    "##########",
    "#1.......#",
    "########.#",
    "       #.#",
    "       #.#",
    "       #.#",
    "       #.#",
    "       ###",
]


@pytest.mark.parametrize("dice,square", [((3, 3, 3), (3, 8)), ((1, 1, 2), (2, 8)), ((6, 6, 6), (6, 8))])
def test_placement_3d6_squares_away_out_of_view(dice, square):
    g = xeno(L_CORRIDOR, 6, 1, 4, 1, *dice)  # 1D3 Aliens: a 1 -> one Alien
    g._run()
    placed = [a for a in g.aliens if a.alive]
    assert len(placed) == 1 and g.rc(placed[0].pos) == square
    for h in g.humans:
        if h.status == "active":
            assert not g.los(h.pos, placed[0].pos)


T_CORRIDOR = [
    "###############",
    "#......1......#",
    "#.###########.#",
    "#.#         #.#",
    "#.#         #.#",
    "#.#         #.#",
    "###         ###",
]


def test_many_directions_deal_aliens_round_the_sides():
    g = xeno(T_CORRIDOR, 6, 5, 4, 3, 3, 3, 3)  # many, 1D3 Aliens = 2, 9 squares
    g._run()
    placed = [g.rc(a.pos) for a in g.aliens if a.alive]
    assert sorted(c for _, c in placed) == [1, 13]  # one each side


def test_same_direction_is_the_hive_s_choice():
    g = xeno(T_CORRIDOR, 6, 1, 4, 3, 3, 3, 3)  # same, 2 Aliens
    g._run()
    assert g.current_player() == "hive" and g.decision.kind == "approach"
    assert sorted(g.decision.options) == [1, 3]
    act(g, "approach", 3)
    placed = [g.rc(a.pos) for a in g.aliens if a.alive]
    assert len(placed) == 2 and all(c == 1 for _, c in placed)


def test_newly_placed_aliens_are_marked_new():
    g = xeno(L_CORRIDOR, 6, 1, 4, 1, 3, 3, 3)
    g._run()
    a = next(a for a in g.aliens if a.alive)
    # the turn went on into the next Aliens-move phase: it did not move and is no longer new
    assert g.rc(a.pos) == (3, 8) and g.turn == 2


@pytest.mark.parametrize("roll,hatched", [(1, True), (3, True), (4, False), (6, False)])
def test_egg_caches_within_three_squares_hatch_on_1_3(roll, hatched):
    feats = [{"kind": "egg_cache", "pos": [2, 4], "state": "intact"}]
    g = xeno(OPEN, roll, 1, moved=True, features=feats)  # egg roll, then the activation roll
    assert (g.features[0]["state"] == "hatched") == hatched
    assert len([a for a in g.aliens if a.alive and a.kind == "face_hugger"]) == int(hatched)
    assert all(type(a.pos) is int for a in g.aliens)  # regression: a numpy int once leaked here
    g.to_json()


def test_eggs_ignore_figures_that_did_not_move_or_are_far():
    feats = [{"kind": "egg_cache", "pos": [2, 8], "state": "intact"}]
    g = xeno(OPEN, 1, moved=True, features=feats)  # Apone at range 7: only the activation roll
    assert g.features[0]["state"] == "intact"
    feats = [{"kind": "egg_cache", "pos": [2, 3], "state": "intact"}]
    g = xeno(OPEN, 1, moved=False, features=feats)
    assert g.features[0]["state"] == "intact"


@pytest.mark.parametrize("roll,burst", [(1, True), (2, False)])
def test_impregnated_humans_in_view_burst_on_a_1(roll, burst):
    feats = [{"kind": "impregnated_human", "pos": [2, 6], "state": "alive"}]
    g = xeno(OPEN, roll, 1, features=feats)
    assert (g.features[0]["kind"] == "burst_human") == burst
    assert len([a for a in g.aliens if a.alive and a.kind == "chest_burster"]) == int(burst)


def add_room(g, r0, c0, r1, c1, **info):
    col = g.colony
    pid = len(col.pieces)
    col.pieces.append({"id": pid, "kind": "room", "rect": [r0, c0, r1, c1], "size": r1 - r0 + 1, "room": "large_cabin",
                       "special": None, "entered": False, "brood": False, **info})
    col.piece[r0:r1 + 1, c0:c1 + 1] = pid
    return pid


ROOM_MAP = [
    "###########",
    "#1.#......#",
    "#..+......#",
    "#..#......#",
    "#..#......#",
    "###########",
]


@pytest.mark.parametrize("before,rolls,found", [(3, (5, 2, 3, 4), True), (3, (4,), False), (2, (), False)])
def test_brood_chamber_check_after_three_rooms(before, rolls, found):
    g = build(ROOM_MAP, squad=SQUAD, mission="kill_queen", start=False)
    g.colony.cells[2, 3] = 3  # an open door
    add_room(g, 1, 4, 4, 9)
    g.rooms_entered = before
    g.dice.script(1)
    g._start_phase("marines")
    g._run()
    act(g, "move", 2)
    act(g, "move", 1)
    act(g, "move", 1)  # into the doorway
    g.dice.script(*rolls)
    act(g, "move", 1)  # into the room
    assert g.dice.scripted_left == 0
    assert g.rooms_entered == before + 1 and g.brood_found == found
    if found:
        queens = [a for a in g.aliens if a.alive and a.kind == "queen"]
        assert len(queens) == 1 and queens[0].anchored and queens[0].lp == 6
        assert g.rng(queens[0].pos, g.humans[0].pos) == 5  # the far end of the room
        eggs = [f for f in g.features if f["kind"] == "egg_cache" and f["state"] == "intact"]
        assert len(eggs) == 2 + 2  # 1D6+2
        assert len([a for a in g.aliens if a.alive and a.kind == "alien"]) == 7  # 2D6
        assert all(a.new for a in g.aliens if a.alive)


def test_no_brood_check_when_the_mission_does_not_call_for_it():
    g = build(ROOM_MAP, squad=SQUAD, mission="explore", start=False)
    g.colony.cells[2, 3] = 3
    add_room(g, 1, 4, 4, 9)
    g.rooms_entered = 5
    g.dice.script(1)
    g._start_phase("marines")
    g._run()
    act(g, "move", 2)
    act(g, "move", 1)
    act(g, "move", 1)
    rolls = g.dice.rolls
    act(g, "move", 1)
    assert g.dice.rolls == rolls and not g.brood_found and g.rooms_entered == 6


def test_killing_the_queen_in_her_brood_chamber_ends_the_game():
    rows = ["#######", "#1....#", "#.....#", "#######"]
    g = build(rows, squad=SQUAD, mission="kill_queen", start=False)
    add_room(g, 1, 1, 2, 5, brood=True, special="brood_chamber")
    g.aliens.append(Alien("queen", pos=g.sq((2, 5)), lp=1, new=False, anchored=True))
    g.dice.script(1)
    g._start_phase("marines")
    g._run()
    g.dice.script(6)
    act(g, "fire", 0)
    assert g.is_terminal() and g.outcome()["marines"] == 1 and g.queen_killed_in_chamber


def test_a_queen_killed_outside_a_brood_chamber_does_not_end_the_game():
    rows = ["#######", "#1....#", "#.2...#", "#######"]
    g = build(rows, squad=SQUAD, mission="kill_queen", start=False)
    g.aliens.append(Alien("queen", pos=g.sq((1, 5)), lp=1, new=False))
    g.dice.script(1)
    g._start_phase("marines")
    g._run()
    act(g, "activate", 0)
    g.dice.script(6)
    act(g, "fire", 0)
    assert not g.is_terminal() and not g.aliens[0].alive


def test_a_face_hugger_from_an_egg_under_a_figure_appears_beside_it():
    feats = [{"kind": "egg_cache", "pos": [1, 1], "state": "intact"}]  # under Apone
    g = xeno(OPEN, 1, 1, moved=True, features=feats)
    hugger = next(a for a in g.aliens if a.alive)
    assert type(hugger.pos) is int and g.rng(hugger.pos, g.humans[0].pos) == 1
    g.to_json()


def test_activation_and_appearance_frequencies_follow_the_printed_tables():
    """Over many seeded Xeno phases of a resting squad: activation 1/6; 'same' 4/6; Face-Hugger
    1/6, dogs 2/6, Aliens 2/6 + 1/6*4/6, the Queen 1/6*2/6."""
    g = build(OPEN, squad=SQUAD, phase="xeno", start=False)
    from aliens_env.core.dice import Dice
    n, activated, same = 6000, 0, 0
    kinds = {}
    for seed in range(n):
        g.dice = Dice(seed)
        g._xeno_phase()
        p = g.placement
        if p is None:
            continue
        activated += 1
        same += p["mode"] == "same"
        kinds[p["kind"]] = kinds.get(p["kind"], 0) + 1
        g.placement = None

    def close(count, total, prob):
        sd = (prob * (1 - prob) / total) ** 0.5
        return abs(count / total - prob) < 4 * sd

    assert close(activated, n, 1 / 6)
    assert close(same, activated, 4 / 6)
    expect = {"face_hugger": 1 / 6, "dog": 2 / 6, "alien": 2 / 6 + 4 / 36, "queen": 2 / 36}
    for kind, prob in expect.items():
        assert close(kinds.get(kind, 0), activated, prob), (kind, kinds)


def test_bug_master_picks_activation_and_what_appears_when_configured():
    g = build(L_CORRIDOR, squad=SQUAD, phase="xeno", start=False, bug_master_picks=True)
    g._start_phase("xeno")
    g._run()
    assert g.current_player() == "hive" and g.decision.kind == "summon"
    act(g, "summon", 1)
    assert g.decision.kind == "appear" and g.decision.options == list(range(6))
    g.dice.script(1, 4, 1, 1, 1)  # approach same; 1D6 Aliens = 4; 3D6 = 3
    act(g, "appear", 4)
    placed = [a for a in g.aliens if a.alive]
    assert len(placed) == 4 and all(a.kind == "alien" for a in placed)
    g = build(L_CORRIDOR, squad=SQUAD, phase="xeno", start=False, bug_master_picks=True)
    g._start_phase("xeno")
    g._run()
    act(g, "summon", 0)
    assert not any(a.alive for a in g.aliens) and g.turn == 2


def test_bug_master_option_played_by_the_dice_ai_rolls_the_tables():
    from aliens_env.bug_hunt.policies import BugHuntDiceAI
    g = build(L_CORRIDOR, squad=SQUAD, phase="xeno", start=False, bug_master_picks=True)
    g._start_phase("xeno")
    g._run()
    g.dice.script(6)  # the activation roll (resting: 6 needed)
    assert BugHuntDiceAI().act(g, "hive") == g.layout.encode("summon", 1)
    act(g, "summon", 1)
    g.dice.script(6, 5)  # what comes: 6 then 5 -> the Queen
    assert BugHuntDiceAI().act(g, "hive") == g.layout.encode("appear", 5)


def test_the_brood_chamber_queen_closes_on_the_marines_within_her_chamber():
    """Rulebook: the Queen "is usually confined to the brood chamber", and "Aliens always move
    towards the nearest human figure that is not in combat": inside her chamber she closes on
    the Marines, but never leaves it (ASSUMPTION A22)."""
    from aliens_env.bug_hunt.policies import BugHuntDiceAI

    rows = ["###########",
            "#...#.....#",
            "#1../....Q#",
            "#...#.....#",
            "###########"]
    g = build(rows, squad=SQUAD, phase="aliens_move", start=False)
    add_room(g, 1, 5, 3, 9, brood=True, special="brood_chamber")
    g.aliens[0].anchored = True
    g._start_phase("aliens_move")
    g._run()
    while g.current_player() == "hive" and g.phase == "aliens_move":
        g.apply(BugHuntDiceAI().act(g, "hive"))
    assert g.rc(g.aliens[0].pos) == (2, 5)  # as near the Marine as her chamber allows: not into the doorway
