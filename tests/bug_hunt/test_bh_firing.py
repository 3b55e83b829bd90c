"""Firing (PRINTED: hits kill, the Queen has 6 LP, smart-gun 4 dice with a 3-square field of
fire, flame-thrower/grenade 5-6 and the two-dice adjacent rule, grenade scatter, the communal
grenade pool, acid splash) and the designed to-hit numbers (ASSUMPTION A9)."""
import pytest

from aliens_env.bug_hunt import combat

from bh_helpers import act, activate, build

SQUAD = [
    {"name": "Apone", "role": "marine", "weapon": "pulse_rifle", "leader": True},
    {"name": "Hicks", "role": "marine", "weapon": "pulse_rifle"},
    {"name": "Vasquez", "role": "marine", "weapon": "smart_gun"},
    {"name": "Dietrich", "role": "marine", "weapon": "flame_thrower"},
    {"name": "Ripley", "role": "civilian", "weapon": "pistol"},
    {"name": "Bishop", "role": "android", "weapon": "none"},
]


def fire(g, slot, k=0, kind="fire"):
    activate(g, slot)
    act(g, kind, k)


def grenade_index(g, slot, rc):
    """The grenade action of figure `slot` at square rc (legal or not): its offset's place in the
    fixed grenade slice (issue 11: the firer nominates the square)."""
    reach = g.rules["weapons"]["grenade"]["range"]
    (r0, c0), (r, c) = g.rc(g.humans[slot].pos), rc
    return (r - r0 + reach) * (2 * reach + 1) + (c - c0 + reach)


def grenade(g, slot, rc):
    activate(g, slot)
    act(g, "grenade", grenade_index(g, slot, rc))


def alive(g):
    return [a for a in g.aliens if a.alive]


@pytest.mark.parametrize("roll,killed", [(3, False), (4, True), (6, True)])
def test_pulse_rifle_hits_on_4_and_a_hit_kills(roll, killed):
    g = build(["#########", "#1....A.#", "#########"], squad=SQUAD)
    g.dice.script(roll)
    fire(g, 0)
    assert (not g.aliens[0].alive) == killed
    assert g.stats["aliens_killed"] == int(killed)


@pytest.mark.parametrize("roll,killed", [(4, False), (5, True)])
def test_pistol_hits_on_5(roll, killed):
    g = build(["#########", "#5....A.#", "#########"], squad=SQUAD)
    g.dice.script(roll)
    fire(g, 4)
    assert (not g.aliens[0].alive) == killed


def test_pistol_range_is_six():
    g = build(["############", "#5......A..#", "############"], squad=SQUAD)
    assert not g.legal_mask("marines")[g.layout.encode("fire", 0)]


def test_queen_loses_one_lp_per_hit():
    g = build(["#########", "#1....Q.#", "#########"], squad=SQUAD)
    g.dice.script(6)
    fire(g, 0)
    assert g.aliens[0].alive and g.aliens[0].lp == 5


def test_walls_block_line_of_sight():
    g = build(["#######", "#1.#.A#", "#######"], squad=SQUAD)
    assert g.targets() == []


def test_smart_gun_extra_hits_within_three_squares_of_a_hit_target():
    rows = ["##############",
            "#3...A..A....#",
            "#............#",
            "#...........A#",
            "##############"]
    g = build(rows, squad=SQUAD)
    g.dice.script(6, 6, 6, 6)  # four hits; splash never arises (no human adjacent)
    fire(g, 2)
    # the first (nearest) Alien, the one 3 squares from it, not the far one (4+ from both hit)
    assert [a.alive for a in g.aliens] == [False, False, True]
    assert g.humans[2].ap == 2


def test_smart_gun_counts_hits_of_four_dice():
    rows = ["##############", "#3...A.A.A...#", "##############"]
    g = build(rows, squad=SQUAD)
    g.dice.script(4, 3, 5, 1)  # two hits
    fire(g, 2)
    assert [a.alive for a in g.aliens] == [False, False, True]


@pytest.mark.parametrize("roll,hit", [(4, False), (5, True)])
def test_flame_thrower_hits_its_square_on_5_6_or_nothing(roll, hit):
    rows = ["#########", "#4..AA..#", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(roll, *([6, 6] if hit else []))
    fire(g, 3)
    assert (not g.aliens[0].alive) == hit
    assert (not g.aliens[1].alive) == hit  # adjacent square: two dice, a 6 kills
    assert g.dice.scripted_left == 0


@pytest.mark.parametrize("dice,killed", [((1, 3), False), ((4, 1), True), ((2, 6), True)])
def test_blast_adjacent_squares_roll_two_dice_a_4_to_6_kills(dice, killed):
    rows = ["#########", "#4..AA..#", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(5, *dice)
    fire(g, 3)
    assert not g.aliens[0].alive and (not g.aliens[1].alive) == killed


def test_flame_causes_no_acid_splash_but_the_blast_hits_marines_next_to_the_target():
    rows = ["#########", "#4..A2..#", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(5, 1, 1)  # target hit, Hicks' square rolls 1,1: safe; no splash roll follows
    fire(g, 3)
    assert not g.aliens[0].alive and g.humans[1].status == "active"
    assert g.dice.scripted_left == 0
    g = build(rows, squad=SQUAD)
    g.dice.script(5, 1, 5)
    fire(g, 3)
    assert g.humans[1].status == "dead"


def test_grenade_on_target_and_the_pool_of_six():
    rows = ["###########", "#1.....A..#", "###########"]
    g = build(rows, squad=SQUAD, pool=6)
    g.dice.script(5)
    grenade(g, 0, (1, 7))
    assert not g.aliens[0].alive and g.grenades == 5 and g.humans[0].ap == 2
    g.grenades = 0
    g._cache.clear()
    g.aliens[0].alive = True
    assert not g.legal_mask("marines")[g.layout.encode("grenade", grenade_index(g, 0, (1, 7)))]


def test_only_pulse_rifles_launch_grenades():
    rows = ["###########", "#5.....A..#", "###########"]
    g = build(rows, squad=SQUAD)
    assert not any(g.legal_mask("marines")[g.layout.span("grenade")])


@pytest.mark.parametrize("way,d3,landing", [
    (1, 1, (3, 9)), (2, 6, (3, 10)),   # overshoot 1 / 3 squares (the wall stops it after 2)
    (3, 3, (1, 8)), (4, 2, (4, 8)),    # left (north when firing east) 2 squares / right 1 square
    (5, 1, (3, 7)), (6, 5, (3, 5)),    # undershoot 1 / 3
])
def test_grenade_scatter_direction_and_1d3_squares(way, d3, landing, monkeypatch):
    rows = ["############",
            "#..........#",
            "#..........#",
            "#1......A..#",
            "#..........#",
            "#..........#",
            "############"]
    g = build(rows, squad=SQUAD)
    g.dice.script(4, way, d3)  # a miss, then the direction, then 1D3
    seen = []
    monkeypatch.setattr(combat, "blast", lambda game, square, flame: seen.append(g.rc(square)))
    grenade(g, 0, (3, 8))
    assert seen == [landing]


def test_a_short_grenade_that_undershoots_can_hit_the_firer():
    rows = ["#########", "#..1.A..#", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(1, 5, 3, 6, 6, 6)  # miss, undershoot, 2 squares: lands on Apone; Alien's square rolls 6,6
    grenade(g, 0, (1, 5))
    assert g.humans[0].status == "dead"


def test_grenade_stops_short_of_a_wall(monkeypatch):
    rows = ["#########", "#1...A.##", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(1, 1, 6)  # miss, overshoot 3: the wall stops it one square past the target
    seen = []
    monkeypatch.setattr(combat, "blast", lambda game, square, flame: seen.append(g.rc(square)))
    grenade(g, 0, (1, 5))
    assert seen == [(1, 6)]


@pytest.mark.parametrize("splash,armour,dead", [(3, None, False), (2, 3, True), (1, 4, False), (2, 6, False)])
def test_acid_splash_on_marines(splash, armour, dead):
    rows = ["#########", "#1...A2.#", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(4, splash, *([] if armour is None else [armour]))
    fire(g, 0)
    assert not g.aliens[0].alive
    assert (g.humans[1].status == "dead") == dead
    assert g.dice.scripted_left == 0


@pytest.mark.parametrize("splash,dead", [(2, True), (3, False)])
def test_acid_splash_kills_civilians_outright(splash, dead):
    rows = ["#########", "#1...A5.#", "#########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(4, splash)
    fire(g, 0)
    assert (g.humans[4].status == "dead") == dead
    assert g.dice.scripted_left == 0


def test_shooting_a_face_hugger_splashes_its_host():
    rows = ["#########", "#1...2..#", "#########"]
    g = build(rows, squad=SQUAD)
    from aliens_env.bug_hunt.game import Alien
    g.aliens.append(Alien("face_hugger", pos=g.humans[1].pos, new=False, attached=1))
    g.humans[1].hugger = 0
    g._cache.clear()
    g.dice.script(4, 2)  # hit; no 1-2 splash roll for the host, straight to the armour roll: 2 fails
    fire(g, 0)
    assert not g.aliens[0].alive and g.humans[1].status == "dead"


def test_egg_caches_and_active_sentries_can_be_shot():
    rows = ["#########", "#1......#", "#########"]
    feats = [{"kind": "egg_cache", "pos": [1, 4], "state": "intact"}, {"kind": "sentry", "pos": [1, 6], "state": "active"}]
    g = build(rows, squad=SQUAD, features=feats)
    assert g.targets() == [("egg", 0), ("sentry", 1)]
    g.dice.script(4)
    act(g, "fire", 0)
    assert g.features[0]["state"] == "destroyed"


def overwatch_game(rows, script, **options):
    g = build(rows, squad=SQUAD, phase="aliens_move", start=False, **options)
    g.humans[0].overwatch = True
    g.dice.script(*script)
    g._start_phase("aliens_move")
    g._run()
    return g


def run_alien_phase(g, fire=True):
    """The dice AI moves the Alien; the over-watch figure answers every chance."""
    from aliens_env.bug_hunt.policies import BugHuntDiceAI
    ai, chances = BugHuntDiceAI(), 0
    while g.phase == "aliens_move" and g.current_player() is not None:
        if g.decision.kind == "overwatch_fire":
            chances += 1
            act(g, "overwatch_fire", int(fire))
        else:
            g.apply(ai.act(g, "hive"))
    return chances


def test_overwatch_may_fire_every_time_an_alien_spends_an_ap():
    # free_bug_master (issue 11): the bound hive's one forced step would be taken at once
    g = overwatch_game(["############", "#1.........A", "############"], (1, 1, 1, 6), free_bug_master=True)
    from aliens_env.bug_hunt.policies import BugHuntDiceAI
    assert g.current_player() == "hive" and g.decision.kind == "step"
    g.apply(BugHuntDiceAI().act(g, "hive"))
    assert g.current_player() == "marines" and g.decision.kind == "overwatch_fire"  # after its first AP
    chances = run_alien_phase(g)
    assert chances == 4 and not g.aliens[0].alive and g.aliens[0].pos == -1
    assert g.stats["aliens_killed"] == 1


def test_overwatch_may_hold_fire():
    g = overwatch_game(["############", "#1.........A", "############"], ())
    rolls = g.dice.rolls
    chances = run_alien_phase(g, fire=False)
    assert chances == 6 and g.aliens[0].alive and g.dice.rolls == rolls + 1  # no shot: only the next pool die
    assert g.humans[0].overwatch  # holding fire keeps the over-watch


def test_overwatch_needs_sight_and_range():
    g = overwatch_game(["###################", "#1...#...........A", "###################"], ())
    assert run_alien_phase(g) == 0


def test_close_combat_breaks_overwatch():
    rows = ["######", "#1A..#", "######"]
    g = build(rows, squad=SQUAD, phase="aliens_cc", start=False)
    g.humans[0].overwatch = True
    g.dice.script(1, 1, 1, 6)  # the Alien loses
    g._start_phase("aliens_cc")
    g._run()
    assert not g.humans[0].overwatch and not g.aliens[0].alive


def test_active_sentries_fire_at_anything_that_moves():
    rows = ["#########", "#1......#", "#.......#", "#########"]
    feats = [{"kind": "sentry", "pos": [2, 6], "state": "active"}]
    g = build(rows, squad=SQUAD, features=feats)
    g.dice.script(6)
    act(g, "move", 1)
    assert g.humans[0].status == "dead"
    g = build(rows, squad=SQUAD, features=[dict(feats[0], state="inactive")])
    rolls = g.dice.rolls
    act(g, "move", 1)
    assert g.humans[0].status == "active" and g.dice.rolls == rolls


def test_the_marines_place_the_smart_guns_further_hits():
    rows = ["###########",
            "#.....A...#",
            "#3...A....#",
            "#.....A...#",
            "###########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(6, 6, 1, 1)  # two hits: the nearest Alien, then one of the two beside it
    fire(g, 2)
    assert g.current_player() == "marines" and g.decision.kind == "extra_hit"
    first, second = g.decision.options
    assert not g.aliens[1].alive and {first, second} == {0, 2}
    mask = g.legal_mask("marines")
    assert mask[g.layout.span("extra_hit")].tolist()[:3] == [1, 1, 0]
    act(g, "extra_hit", 1)
    assert not g.aliens[second].alive and g.aliens[first].alive
    assert g.decision.kind == "act" and g.active == 2  # back to Vasquez's activation


def test_a_smart_gun_position_with_hits_pending_round_trips():
    rows = ["###########", "#.....A...#", "#3...A....#", "#.....A...#", "###########"]
    g = build(rows, squad=SQUAD)
    g.dice.script(6, 6, 6, 1)
    fire(g, 2)
    from aliens_env.bug_hunt import BugHunt
    h = BugHunt.from_json(g.to_json())
    assert h.to_dict() == g.to_dict() and h.decision.kind == "extra_hit"
    act(h, "extra_hit", 0)
    assert sum(a.alive for a in h.aliens) == 0  # the third hit went to the last one


def test_the_grenadier_nominates_any_square_in_range_and_sight():
    """Rulebook, Flame Thrower/Grenades: "The firer nominates the square he wishes the round to
    hit": an empty square in range and line of sight is a legal target (until issue 11 only the
    squares of visible targets were); walls, squares out of sight or out of range are not."""
    rows = ["##############",
            "#1...........#",
            "#.....#......#",
            "##############"]
    g = build(rows, squad=SQUAD, pool=6)
    activate(g, 0)
    mask = g.legal_mask("marines")
    assert mask[g.layout.encode("grenade", grenade_index(g, 0, (1, 5)))]      # empty floor, 4 away
    assert mask[g.layout.encode("grenade", grenade_index(g, 0, (2, 3)))]
    assert not mask[g.layout.encode("grenade", grenade_index(g, 0, (2, 6)))]  # a wall
    assert not mask[g.layout.encode("grenade", grenade_index(g, 0, (2, 7)))]  # behind the wall, out of sight
    assert not mask[g.layout.encode("grenade", grenade_index(g, 0, (1, 1)))]  # the firer's own square
    assert g.rules["weapons"]["grenade"]["range"] == 10
    assert mask[g.layout.encode("grenade", grenade_index(g, 0, (1, 11)))]
    assert not mask[g.layout.encode("grenade", grenade_index(g, 0, (1, 12)))]  # 11 away: out of range
    g.dice.script(5)
    act(g, "grenade", grenade_index(g, 0, (1, 5)))
    assert g.grenades == 5 and any("grenade lands on target" in e for e in g.events)


def test_the_grenade_slice_has_a_fixed_size_with_named_offsets():
    g = build(["###", "#1#", "###"], squad=SQUAD)
    reach = g.rules["weapons"]["grenade"]["range"]
    names = [g.layout.name(a) for a in range(*g.layout.span("grenade").indices(g.layout.size))]
    assert len(names) == (2 * reach + 1) ** 2
    assert names[0] == "grenade[-10,-10]" and names[grenade_index(g, 0, (1, 2))] == "grenade[+0,+1]"


def test_grenade_targets_kept_across_layouts_equal_a_fresh_computation():
    """The grenade squares of a square are kept across layout versions, keyed on the cells
    within grenade range (all they read: marines._grenade_targets_kept); at every Marine act of
    scripted games, for every figure on the map, they equal the squares worked out afresh on the
    layout of the moment, and some are taken from an earlier layout's computation."""
    from aliens_env.bug_hunt import geometry, marines
    from bh_helpers import watch

    taken_from_earlier = 0

    def check(g, action):
        nonlocal taken_from_earlier
        for h in g.humans:
            if h.status != "active" or h.in_apc:
                continue
            new_here = ("grenade_squares", h.pos) not in geometry.layout_cache(g)
            before = len(geometry.lasting_cache(g))
            squares = marines._grenade_targets(g, h.pos)
            fresh_squares = marines._grenade_targets_uncached(g, h.pos)
            assert list(squares.items()) == list(fresh_squares.items()), (g.colony.version, h.pos)
            taken_from_earlier += new_here and len(geometry.lasting_cache(g)) == before

    watch(range(2), check)
    assert taken_from_earlier > 0


def _plain_grenade_targets(g, pos):
    """The grenade squares of pos by whole-array numpy (the computation the typed loop replaced):
    the block within reach, seen from pos and passable, pos excepted, row by row."""
    import numpy as np

    from aliens_env.bug_hunt.colony import PASSABLE

    size, reach = g.size, g.rules["weapons"]["grenade"]["range"]
    side = 2 * reach + 1
    r0, c0 = divmod(pos, size)
    rs, cs = max(0, r0 - reach), max(0, c0 - reach)
    re, ce = min(size, r0 + reach + 1), min(size, c0 + reach + 1)
    seen = g.colony.los_from(pos, g.rules["sight_range"]).reshape(size, size)
    ok = seen[rs:re, cs:ce] & PASSABLE[g.colony.cells[rs:re, cs:ce]]
    ok[r0 - rs, c0 - cs] = False
    squares = np.arange(size * size).reshape(size, size)[rs:re, cs:ce][ok]
    slots = np.arange(side * side).reshape(side, side)[rs - r0 + reach:re - r0 + reach, cs - c0 + reach:ce - c0 + reach][ok]
    return dict(zip(slots.tolist(), squares.tolist()))


@pytest.mark.parametrize("seed", range(2))
def test_the_typed_grenade_targets_equal_the_whole_array_computation(seed):
    """marines._grenade_targets_uncached (one loop over the block, on C ints when compiled) gives
    the whole-array computation's squares by slot, in the same order, from every third square
    (the grid's edges and corners included) of an explored colony."""
    from aliens_env.bug_hunt import BugHunt, marines
    from aliens_env.bug_hunt.policies import ScriptedMarines
    from bh_helpers import play

    g = BugHunt(mission="kill_queen")
    g.reset(400 + seed)
    play(g, ScriptedMarines())
    n = g.size * g.size
    for pos in list(range(seed, n, 3)) + [0, g.size - 1, n - g.size, n - 1]:
        squares = marines._grenade_targets_uncached(g, pos)
        assert list(squares.items()) == list(_plain_grenade_targets(g, pos).items()), pos
