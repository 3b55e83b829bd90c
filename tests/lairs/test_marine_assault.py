"""Marine Assault: the squad and the cocooned, freeing and arming (a whole adjacent turn each), the
Elevator exit, the Reactor Damage & Countdown Chart (every weapon's damage, every grenade roll, the
red zone's exit roll, the blast at 0), victory by Marines out, the weapons option, positions."""
import json

import numpy as np
import pytest

from aliens_env.core.board import NO
from aliens_env.lairs.assault import MarineAssault
from aliens_env.lairs.assault_policies import AssaultMarines
from aliens_env.lairs.policies import LairsDiceAI
from lairs_helpers import QUEEN, put_alien
from rr_helpers import clear_room, idx, marine, marines_phase, play

ALIEN = 3  # the first adult Alien counter (0 the Queen, 1-2 Facehuggers)
SQUAD = ["Hicks", "Vasquez", "Drake", "Hudson", "Ripley", "Gorman", "Burke", "Bishop"]


def empty_assault(marines: dict | None = None, turn: int = 2, chart: int = 0, **options) -> MarineAssault:
    """No Alien in play, nobody cocooned, only the listed Marines on the map ({name: (r, c)})."""
    g = MarineAssault(**options)
    g.riders, g.appear_at, g.facehugged = [], [], []
    g.queen_attacks, g.queen_hit, g.queen_steps, g.queen_from = [], [], 0, NO
    g.cocooned, g.freed, g.unarmed, g.chart = [], [], [], chart
    return clear_room(g, marines, turn)


def names(g, mask=None) -> list[str]:
    mask = g.legal_mask("marines") if mask is None else mask
    return [g.layout.name(a) for a in np.flatnonzero(mask)]


def cocoon(g, name: str) -> int:
    """Put `name` back in its cocoon (its Cocooning Square of marine_assault.yaml)."""
    j = idx(g, name)
    m = g.marines[j]
    m.status, m.incapacitated, m.pos = "on_map", True, g.cocooning[g.hunt["cocooned"][name] - 1]
    g.cocooned.append(j)
    return j


# -- set-up ----------------------------------------------------------------------------------------
def test_the_squad_starts_on_the_elevator_one_a_square_and_the_captured_in_their_cocoons():
    g = MarineAssault()
    assert [m.name for m in g.marines] == SQUAD + ["Apone", "Dietrich"] and g.hunt["squad"] == 8
    assert sorted(g.marines[idx(g, n)].pos for n in SQUAD) == sorted(g.elevator) and not g.riders
    for name, number in (("Apone", 1), ("Dietrich", 2)):
        m = marine(g, name)
        assert m.pos == g.cocooning[number - 1] and m.incapacitated and idx(g, name) in g.cocooned
    assert not {idx(g, "Apone"), idx(g, "Dietrich")} & set(g._available())  # no targets for the Aliens
    assert g.chart == 0 and g.countdown() is None


def test_the_squad_starts_the_same_in_any_marine_order():
    g = MarineAssault(marine_order=["Apone"] + SQUAD[::-1] + ["Dietrich"])
    assert marine(g, "Apone").pos == g.cocooning[0] and all(marine(g, n).pos in g.elevator for n in SQUAD)


def test_a_cocoon_square_is_closed_to_the_squad():
    g = empty_assault({"Hicks": (21, 12)})
    cocoon(g, "Apone")  # (21, 11)
    marines_phase(g, "Hicks")
    assert "move[W]" not in names(g) and "move[E]" in names(g)


# -- freeing and arming -----------------------------------------------------------------------------
def test_a_healthy_marine_spends_a_whole_turn_beside_the_cocoon_to_free_it_and_it_rejoins_wounded_and_unarmed():
    g = empty_assault({"Hicks": (21, 12), "Vasquez": (14, 20)})
    a = cocoon(g, "Apone")
    marines_phase(g, "Hicks")
    assert "rescue[Apone]" in names(g)
    g.sentry_deck = ["empty"] * 10  # no Alien from the Sentry Cards next turn
    g.apply(g.layout.encode("rescue", a))
    assert a not in g.cocooned and a in g.freed and marine(g, "Hicks").actions_left == 0
    assert g.active == idx(g, "Vasquez") and marine(g, "Apone").incapacitated  # not yet: the following turn
    g.dice.script(0)  # the Appearance Table: no Wave
    g.apply(g.layout.encode("end"))
    apone = marine(g, "Apone")
    assert g.turn == 3 and not apone.incapacitated and apone.wounded and a in g.unarmed and not g.freed


def test_only_a_whole_unspent_activation_beside_it_frees_and_never_a_wounded_marine():
    g = empty_assault({"Hicks": (21, 12)})
    a = cocoon(g, "Apone")
    marines_phase(g, "Hicks")
    g.apply(g.layout.encode("aim"))  # one Action spent on something else
    assert "rescue[Apone]" not in names(g)
    g = empty_assault({"Hicks": (21, 13)})
    cocoon(g, "Apone")
    marines_phase(g, "Hicks")  # two squares away
    assert "rescue[Apone]" not in names(g)
    g = empty_assault({"Hicks": (21, 12)})
    cocoon(g, "Apone")
    marine(g, "Hicks").wounded = True
    marines_phase(g, "Hicks")
    assert "rescue[Apone]" not in names(g) and g.rescue_options(idx(g, "Hicks")) == []
    assert a == idx(g, "Apone")


def test_an_unarmed_marine_cannot_aim_fire_or_fire_grenades_but_may_melee():
    g = empty_assault({"Apone": (14, 10), "Hicks": (14, 20)})
    g.unarmed = [idx(g, "Apone")]
    put_alien(g, (14, 11), a=ALIEN)
    marines_phase(g, "Apone")
    legal = names(g)
    assert not [n for n in legal if n.split("[")[0] in ("aim", "fire", "fire_pair", "grenade")]
    assert "melee[0]" in legal
    g.unarmed = []
    g._cache.clear()
    assert "aim" in names(g) and "grenade[0]" in names(g)


def test_a_teammate_spends_a_whole_turn_beside_an_unarmed_marine_to_hand_it_a_weapon():
    g = empty_assault({"Apone": (14, 10), "Gorman": (14, 11)})
    a = idx(g, "Apone")
    g.unarmed = [a]
    marines_phase(g, "Gorman")
    assert "rescue[Apone]" in names(g)
    g.apply(g.layout.encode("rescue", a))
    assert g.unarmed == [] and marine(g, "Gorman").actions_left == 0
    marines_phase(g, "Apone")
    assert "aim" in names(g)
    g = empty_assault({"Apone": (14, 10), "Dietrich": (14, 11)})
    g.unarmed = [idx(g, "Apone"), idx(g, "Dietrich")]
    marines_phase(g, "Dietrich")
    assert "rescue[Apone]" not in names(g)  # an unarmed teammate has no weapon to hand


# -- the Reactor Damage & Countdown Chart --------------------------------------------------------------
@pytest.mark.parametrize("shooter, weapons, weapon, damage", [
    ("Gorman", {}, "Pistol", 0), ("Dietrich", {}, "Flame Unit", 0), ("Hicks", {}, "Shotgun", 1),
    ("Hicks", {"Hicks": "Pulse Rifle"}, "Pulse Rifle", 1), ("Vasquez", {}, "Machine Gun", 2),
])
@pytest.mark.parametrize("roll", [0, 9])  # a hit and a miss move it alike: "per shot fired"
def test_each_shot_moves_the_chart_by_its_weapons_damage(shooter, weapons, weapon, damage, roll):
    g = empty_assault({shooter: (14, 10)}, chart=10, weapons=weapons)
    assert g.characters[shooter].weapon == weapon
    put_alien(g, (14, 11), a=ALIEN)
    marines_phase(g, shooter)
    g.apply(g.layout.encode("aim"))
    number = g._fire_number(g.active, ALIEN)
    g.dice.script(roll, *[9] * 3)  # the shot, then acid rolls with no effect
    g.apply(g.layout.encode("fire", 0))
    assert g.chart == 10 + damage
    assert g.aliens[ALIEN].in_play == (number < 9 and roll > number)


@pytest.mark.parametrize("roll", range(10))
def test_a_grenade_moves_the_chart_by_a_d10_roll(roll):
    g = empty_assault({"Hudson": (14, 10)}, chart=10)
    put_alien(g, (14, 16), a=ALIEN)
    marines_phase(g, "Hudson")
    g.dice.script(roll)  # (the Grenade Table kills the Alien in the square without a roll): the chart's d10
    before = g.dice.rolls
    g.apply(g.layout.encode("grenade", 0))
    assert g.chart == 10 + roll and not g.aliens[ALIEN].in_play and g.dice.rolls - before == 1


def test_the_reactor_burns_on_at_the_end_of_every_turn():
    g = empty_assault({"Hicks": (14, 10)}, chart=5)
    g.sentry_deck = ["empty"] * 10
    marines_phase(g, "Hicks")
    g.dice.script(0)  # no Wave
    g.apply(g.layout.encode("end"))
    assert g.turn == 3 and g.chart == 5 + g.data["reactor"]["per_turn"]


@pytest.mark.parametrize("chart, countdown, red", [(0, None, False), (39, None, False), (40, 40, False),
                                                   (70, 10, False), (71, 9, True), (79, 1, True)])
def test_at_40_the_chart_counts_back_down_and_below_10_is_the_red_zone(chart, countdown, red):
    g = empty_assault({"Hicks": (14, 10)}, chart=chart)
    assert g.countdown() == countdown and g.red_zone() == red


@pytest.mark.parametrize("roll", range(10))
def test_leaving_in_the_red_zone_must_beat_the_countdown(roll):
    g = empty_assault({"Hicks": (21, 17), "Vasquez": (14, 10)}, chart=75)  # countdown 5
    marines_phase(g, "Hicks")
    g.dice.script(roll)
    g.apply(g.layout.encode("exit"))
    assert marine(g, "Hicks").status == ("exited" if roll > 5 else "dead")
    assert g.active == idx(g, "Vasquez")


def test_leaving_outside_the_red_zone_needs_no_roll_and_takes_the_carried():
    g = empty_assault({"Hicks": (21, 17), "Vasquez": (14, 10), "Bishop": (21, 17)}, chart=69)  # countdown 11
    b = marine(g, "Bishop")
    b.incapacitated, b.carried_by = True, idx(g, "Hicks")
    marine(g, "Hicks").carrying = idx(g, "Bishop")
    marines_phase(g, "Hicks")
    rolls = g.dice.rolls
    g.apply(g.layout.encode("exit"))
    assert g.dice.rolls == rolls and marine(g, "Hicks").status == marine(g, "Bishop").status == "exited"
    assert g.marines_out() == 2


def test_caught_in_the_red_zone_the_carried_dies_too():
    g = empty_assault({"Hicks": (21, 17), "Vasquez": (14, 10), "Bishop": (21, 17)}, chart=79)  # countdown 1
    b = marine(g, "Bishop")
    b.incapacitated, b.carried_by = True, idx(g, "Hicks")
    marine(g, "Hicks").carrying = idx(g, "Bishop")
    marines_phase(g, "Hicks")
    g.dice.script(1)
    g.apply(g.layout.encode("exit"))
    assert marine(g, "Hicks").status == marine(g, "Bishop").status == "dead"


def test_only_an_elevator_square_is_a_way_out():
    g = empty_assault({"Hicks": (20, 17)})
    marines_phase(g, "Hicks")
    assert "exit" not in names(g)
    g.apply(g.layout.encode("move", 4))  # S onto the Elevator (21, 17)
    assert "exit" in names(g)


def test_at_countdown_0_everyone_on_the_map_dies_and_the_game_is_over():
    g = empty_assault({"Hicks": (14, 10), "Vasquez": (14, 14)}, chart=78)
    cocoon(g, "Apone")
    marine(g, "Gorman").status = "exited"
    put_alien(g, (14, 11), a=ALIEN)
    marines_phase(g, "Vasquez")
    g.apply(g.layout.encode("aim"))
    g.apply(g.layout.encode("aim"))
    g.dice.script(9)  # a miss: the shot still moves the chart 2, to countdown 0
    g.apply(g.layout.encode("fire", g.targets().index(ALIEN)))
    assert g.chart == 80 and g.countdown() == 0 and g.is_terminal()
    assert [m.name for m in g.marines if m.status == "dead" and m.name in ("Hicks", "Vasquez", "Apone")] == \
        ["Hicks", "Vasquez", "Apone"]
    assert g.outcome()["score"]["out"] == 1


# -- victory -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("out", range(11))
def test_more_marines_out_than_went_in_win_6_to_8_draw_5_or_fewer_lose(out):
    g = empty_assault({})
    for m in g.marines[:out]:
        m.status = "exited"
    g.phase = "over"
    assert g.outcome()["marines"] == (1 if out >= 9 else 0 if out >= 6 else -1)


def test_a_facehuggers_victim_out_counts_as_dead():
    g = empty_assault({})
    for m in g.marines[:9]:
        m.status = "exited"
    g.facehugged = [0]
    g.phase = "over"
    assert g.marines_out() == 8 and g.outcome()["marines"] == 0


def test_the_queens_death_does_not_end_the_assault():
    g = empty_assault({"Hicks": (14, 10), "Vasquez": (14, 20)})
    put_alien(g, (14, 11), a=QUEEN)
    g.queen_damage = 5
    marines_phase(g, "Hicks")
    g.dice.script(0)
    g._hit_queen(flame=True)
    g._run()
    assert g.queen_dead and not g.is_terminal()


# -- the weapons option, positions, play ---------------------------------------------------------------
def test_either_weapon_of_the_card_and_clear_errors():
    assert MarineAssault(weapons={"Vasquez": "Pulse Rifle"}).characters["Vasquez"].weapon == "Pulse Rifle"
    assert MarineAssault().characters["Vasquez"].weapon == "Machine Gun"
    with pytest.raises(ValueError, match="Vasquez's card lists"):
        MarineAssault(weapons={"Vasquez": "Flame Unit"})
    with pytest.raises(ValueError, match="not in Marine Assault"):
        MarineAssault(weapons={"Newt": "Unarmed"})
    with pytest.raises(ValueError, match="weapons must be a dict"):
        MarineAssault(weapons=["Pulse Rifle"])


def test_positions_round_trip_and_play_on_identically():
    g = play(MarineAssault(weapons={"Hicks": "Pulse Rifle"}), AssaultMarines(), LairsDiceAI(), 150)
    g.reset(3)
    g = play(g, AssaultMarines(), LairsDiceAI(), 150)
    text = json.dumps(g.to_dict())
    h = MarineAssault.from_dict(json.loads(text))
    assert json.dumps(h.to_dict()) == text and h.weapons == {"Hicks": "Pulse Rifle"}
    assert np.array_equal(g.observe("marines"), h.observe("marines"))
    for game in (g, h):
        play(game, AssaultMarines(), LairsDiceAI(), 100)
    assert json.dumps(g.to_dict()) == json.dumps(h.to_dict())


@pytest.mark.parametrize("change, message", [
    (lambda d: d["assault"].update(chart=81), "assault.chart"),
    (lambda d: d["assault"].update(cocooned=[0]), "not one of the captured"),
    (lambda d: d["assault"].update(unarmed=[8, 8]), "assault.unarmed"),
    (lambda d: d.pop("assault"), "assault"),
    (lambda d: d["config"].update(weapons={"Hicks": "Pistol"}), "config"),
])
def test_malformed_assault_records_are_clear_errors(change, message):
    data = MarineAssault().to_dict()
    change(data)
    with pytest.raises(ValueError, match=message):
        MarineAssault.from_dict(data)


def test_the_observation_shows_the_chart_and_the_captured():
    g = empty_assault({"Hicks": (14, 10)}, chart=75)
    cocoon(g, "Apone")
    g.unarmed = [idx(g, "Dietrich")]
    views = g.obs_layout.views(g.observe("marines"))
    assert list(views["assault"]) == pytest.approx([75 / 80, 1, 5 / 40, 1])
    rows = views["assault_marines"]
    assert rows[idx(g, "Apone")].tolist() == [1, 0, 0] and rows[idx(g, "Dietrich")].tolist() == [0, 0, 1]


def test_the_scripted_marines_and_the_dice_hive_play_an_assault_to_its_end():
    g = MarineAssault()
    g.reset(0)
    play(g, AssaultMarines(), LairsDiceAI(), 5000)
    assert g.is_terminal() and g.outcome()["marines"] in (-1, 0, 1)
    assert g.outcome()["score"]["freed"] >= 0


def test_the_weapons_option_passes_through_the_environments():
    import gymnasium as gym

    import aliens_env  # noqa: F401

    env = gym.make("aliens_env/MarineAssault-v0", side="marines", weapons={"Hicks": "Pulse Rifle"})
    env.reset(seed=1)
    assert env.unwrapped.game.characters["Hicks"].weapon == "Pulse Rifle"
    with pytest.raises(ValueError, match="Hicks's card lists"):
        gym.make("aliens_env/MarineAssault-v0", side="marines", weapons={"Hicks": "Flame Unit"}).reset(seed=1)


def plain_rescue_mask(g, mask, closed):
    """The rescue layer of the mask as written before ``_rescue_mask`` took the held Marines: the
    move onto each square of the set ``closed`` beside the acting Marine cleared, ``exit`` on the
    Elevator."""
    from aliens_env.lairs.elevator import DIRECTION_OF
    m, s = g.marines[g.active], g._slot
    for sq in closed:
        if g.board.range(m.pos, sq) == 1:
            r, c = g.board.rc(sq)
            mr, mc = g.board.rc(m.pos)
            mask[s["move"] + DIRECTION_OF[(r - mr, c - mc)]] = 0
    if m.actions_left > 0 and m.pos in g.elevator and g.elevator_here() and not g._in_combat(m):
        mask[s["exit"]] = 1


def marine_decisions(env: str, seed: int, steps: int):
    """The game at each Marine decision of `steps` steps of the benchmark's random legal play."""
    from aliens_env.benchmark import AECRunner, aec_env_function
    runner = AECRunner(aec_env_function(env), seed=seed)
    for _ in range(steps):
        runner.steps(1)
        g = runner.env.unwrapped.game
        if g.decision is not None and g.decision.kind == "marine":
            yield g


@pytest.mark.parametrize("env", ["MarineAssault", "RescueOfNewt"])
def test_the_rescue_layer_of_the_mask_is_the_plain_one_at_every_marine_decision_of_random_games(env):
    """``_rescue_mask`` given the held Marines (cocooned, and freed in the Assault) against the plain
    layer given their squares as a set, on a mask of all moves, at every Marine decision."""
    checked = cleared = 0
    for g in marine_decisions(env, seed=2, steps=3000):
        # (the held Marines, then every other Marine as if held: cocoons are seldom beside the acting one)
        for held in (g.cocooned + getattr(g, "freed", []), [j for j in range(len(g.marines)) if j != g.active]):
            got, want = g.layout.empty_mask(), g.layout.empty_mask()
            got[g.layout.span("move")] = want[g.layout.span("move")] = 1
            g._rescue_mask(got, held)
            plain_rescue_mask(g, want, {g.marines[j].pos for j in held})
            assert got.tolist() == want.tolist()
            cleared += int(got[g.layout.span("move")].sum()) < 8
        checked += 1
    assert checked > 500 and cleared > 50


def plain_rescue_options(g, i):
    """``rescue_options`` as written before it looked for the Marines beside Marine i first: the
    tests of Marine i, then of each cocooned and unarmed Marine (ranges from the board)."""
    cocooned, unarmed = g.cocooned, g.unarmed
    if not cocooned and not unarmed:
        return []
    m = g.marines[i]
    char = g.characters[m.name]
    if m.actions_left < char.actions or m.aim or g._in_combat(m) or i in unarmed:
        return []
    out = []
    for j in sorted({*cocooned, *unarmed}):
        o = g.marines[j]
        if o.status != "on_map" or g.board.range(m.pos, o.pos) != 1:
            continue
        if (j in cocooned and not m.wounded) or (j in unarmed and o.carried_by == NO):
            out.append(j)
    if out and m.pos in g._standing_squares(exclude=i):
        return []
    return out


def test_rescue_options_are_the_plain_ones_at_every_marine_decision_of_random_games():
    """``rescue_options`` against the plain computation at every Marine decision of random Assaults,
    for the game's own cocooned and unarmed, then with every other Marine split between the two both
    ways (the captured seldom lie beside the acting Marine)."""
    checked = offered = 0
    for g in marine_decisions("MarineAssault", seed=3, steps=3000):
        i, kept = g.active, (g.cocooned, g.unarmed)
        others = [j for j in range(len(g.marines)) if j != i]
        try:
            for cocooned, unarmed in (kept, (others[::2], others[1::2]), (others[1::2], others[::2]), (others, [])):
                g.cocooned, g.unarmed = list(cocooned), list(unarmed)
                got = g.rescue_options(i)
                assert got == plain_rescue_options(g, i)
                offered += bool(got)
        finally:
            g.cocooned, g.unarmed = kept
        checked += 1
    assert checked > 500 and offered > 50
