"""The Hive's Reaction cards where the M577 APC is concerned (A48) and the APC stopping next to
the Queen (A49), with forced dice, on APC Chase's board (see test_gd_apc.py for its squares).

Reactions (hivemind.yaml, A14): Savage answers a passed Defense roll, Resilient an Alien's
death by an Attack, Hidden a Blip's reveal; one a turn, the window opened on public information.
"""
import numpy as np
import pytest

from aliens_env.glorious_day.apc import APC_TARGET
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import act, activate, legal, sq
from test_gd_apc import DRIVER, REAR, E, W, alien_attacks, chase, with_queen


def hive(g: GloriousDay, *hand: str, willpower: int = 4) -> GloriousDay:
    """The Hive player holds `hand` with `willpower`; the Nature in play is Stealthy (no effect here)."""
    g.hm_deck.append(g.nature)
    for card in (*hand, "stealthy"):
        g.hm_deck.remove(card)
    g.hm_hand, g.willpower, g.nature = list(hand), willpower, "stealthy"
    return g


def round_trips(g: GloriousDay) -> bool:
    data = g.to_dict()
    return GloriousDay.from_dict(data).to_dict() == data


# -- Savage: the APC's passed Defense roll -------------------------------------------------------
@pytest.mark.parametrize("react, reroll, damage", [(True, 8, 1), (True, 4, 0), (False, None, 0)])
def test_savage_answers_the_apcs_passed_defense_against_an_alien(react, reroll, damage):
    g = hive(chase({0: DRIVER}, aliens=[(4, 5)], hive_player=True), "savage")
    g.dice.script(3)  # 3 <= Defense 5: passed
    alien_attacks(g)
    assert g.decision.kind == "react" and g.decision.player == "hive" and legal(g, "react") == [0]
    assert g.work[-1] == {"kind": "defense", "alien": 0, "char": APC_TARGET, "roll": 3} and round_trips(g)
    if react:
        g.dice.script(reroll)
    act(g, "react" if react else "decline")
    assert g.apc["damage"] == damage and g.aliens[0] is not None and g.dice.scripted_left == 0
    assert g.willpower == 4 - react * g.cards["savage"]["cost"] and ("savage" in g.hm_hand) != react


def test_no_savage_window_for_the_apcs_failed_defense():
    g = hive(chase({0: DRIVER}, aliens=[(4, 5)], hive_player=True), "savage")
    g.dice.script(6)
    alien_attacks(g)
    assert g.decision is None and g.apc["damage"] == 1


@pytest.mark.parametrize("reroll, damage", [(2, 0), (3, 1)])
def test_savage_answers_the_apcs_passed_defense_against_the_queen(reroll, damage):
    g = with_queen(hive(chase({0: DRIVER}, hive_player=True), "savage"))
    g.dice.script(1)  # 1 + 3 = 4: passed
    g.work = [{"kind": "defense", "alien": 0, "char": APC_TARGET, "queen": True}]
    g._run()
    assert g.decision.kind == "react"
    g.dice.script(reroll)
    act(g, "react")
    assert g.apc["damage"] == damage and g.queen["damage"] == 0  # 2 + 3 = 5 fended off; 6 a Damage token


@pytest.mark.parametrize("react, damage", [(True, 1), (False, 0)])
def test_savage_answers_the_defense_of_the_apc_running_an_alien_over_then_it_dies(react, damage):
    g = hive(chase({0: DRIVER}, aliens=[((6, 9), 2)], hive_player=True), "savage")
    activate(g, 0)
    g.dice.script(0, 4)  # the drive's Tech test; the Swarm's attack: 4 + 1 = 5, passed
    act(g, "drive")
    act(g, "apc_step", E)
    assert g.decision.kind == "react" and g.work[-1]["kind"] == "run_over" and round_trips(g)
    if react:
        g.dice.script(9)
    act(g, "react" if react else "decline")
    assert g.apc["damage"] == damage and g.aliens[0] is None and g.stats["kills"] == 2  # killed whole all the same
    assert g.decision.kind == "action" and g.apc["moves"] == 4  # the drive goes on


# -- Resilient: a turret's hit is an Attack; running over is not ------------------------------------
@pytest.mark.parametrize("react", [True, False])
def test_resilient_answers_a_turrets_killing_hit(react):
    g = hive(chase({1: REAR}, aliens=[((8, 12), 2)], hive_player=True), "resilient")
    activate(g, 1)
    g.dice.script(7, 9)  # keeps 7: a kill
    act(g, "turret", 0)
    assert g.decision.kind == "react" and legal(g, "react") == [0] and g.work[-1]["whole"] and round_trips(g)
    act(g, "react" if react else "decline")
    assert (g.aliens[0] == {"pos": sq(g, (8, 12)), "count": 2}) == react  # the Swarm survives whole, or dies whole
    assert g.stats["kills"] == (0 if react else 2) and len(g.exhausted) == 3 and g.stats["hits"] == 1


def test_resilient_answers_a_turrets_hit_on_the_queen():
    g = with_queen(hive(chase({1: REAR}, hive_player=True), "resilient"), rc=(4, 14), damage=2)
    activate(g, 1)
    g.dice.script(5, 9)  # 5 <= 7 - 2: a hit
    g._turret(1, None)  # (APC Chase's layout has no attack_queen action)
    g.decision = None
    g._run()
    assert g.decision.kind == "react"
    act(g, "react")
    assert g.queen["damage"] == 2 and "resilient" not in g.hm_hand


def test_no_resilient_window_when_the_apc_runs_an_alien_over():
    g = hive(chase({0: DRIVER}, aliens=[(6, 9)], hive_player=True), "resilient")
    activate(g, 0)
    g.dice.script(0, 7)  # the Alien's attack fails against the APC: no Savage window either
    act(g, "drive")
    act(g, "apc_step", E)
    assert g.decision.kind == "action" and g.aliens[0] is None and g.apc["damage"] == 1
    assert g.hm_hand == ["resilient"] and g.stats["reactions"] == 0


# -- Hidden: a Blip in the APC's sight -------------------------------------------------------------
@pytest.mark.parametrize("react", [True, False])
def test_hidden_answers_a_blip_revealed_by_the_apcs_sight(react):
    g = hive(chase({0: (11, 21)}, blips=[((2, 5), 2)], hive_player=True), "hidden")
    assert not g.sight[g.chars[0]["pos"]][sq(g, (2, 5))]  # Ripley does not see it; the empty APC does
    reveals = g.stats["reveals"]
    g._reveal_seen()
    g._run()
    assert g.decision.kind == "react" and legal(g, "react") == [0]
    act(g, "react" if react else "decline")
    assert (g.blips[0] is not None) == react and g.stats["reveals"] == reveals + (not react)


# -- the APC stops next to the Queen (A49) ---------------------------------------------------------
@pytest.mark.parametrize("queen, moves", [((5, 11), 0), ((5, 12), 3), (None, 3)])
def test_the_apc_stops_when_it_enters_a_space_next_to_the_queen(queen, moves):
    g = chase({0: DRIVER})
    if queen:
        with_queen(g, rc=queen)
    activate(g, 0)
    g.dice.script(0)
    act(g, "drive")
    act(g, "apc_step", E)  # columns 3-9: two spaces from her at (5, 11)
    assert g.apc["moves"] == 4
    act(g, "apc_step", E)  # columns 4-10: next to her at (5, 11), two spaces from her at (5, 12)
    assert g.apc["moves"] == moves
    if queen:
        assert g.next_to_queen() == (moves == 0)


def test_starting_next_to_the_queen_the_apc_may_drive_away():
    g = with_queen(chase({0: DRIVER}), rc=(5, 9))
    assert g.next_to_queen()
    activate(g, 0)
    g.dice.script(0)
    act(g, "drive")
    assert legal(g, "apc_step") and E not in legal(g, "apc_step")  # she blocks the way ahead
    act(g, "apc_step", W)  # backward
    assert g.apc["moves"] == 4 and not g.next_to_queen()


def test_a_position_in_the_run_over_window_needs_the_alien_under_the_apc():
    g = hive(chase({0: DRIVER}, aliens=[(6, 9)], hive_player=True), "savage")
    activate(g, 0)
    g.dice.script(0, 3)
    act(g, "drive")
    act(g, "apc_step", E)
    data = g.to_dict()
    assert data["work"][-1] == {"kind": "run_over", "slots": [0], "roll": 3} and data["aliens"][0]["pos"] == [6, 9]
    bad = dict(data, aliens=[dict(data["aliens"][0], pos=[4, 12]), *data["aliens"][1:]])
    with pytest.raises(ValueError, match="must stand under the APC"):
        GloriousDay.from_dict(bad)


def test_the_scripted_hive_picks_a_knocked_down_target_never_taking_the_apc_for_a_character():
    from aliens_env.glorious_day.policies import ScriptedHive

    g = chase({0: (6, 2), 5: (7, 1)}, aliens=[(6, 1)])  # the Door Gunner and Drake beside the Alien
    g.apc["door_open"] = True
    alien_attacks(g)
    assert sorted(g.decision.options) == [APC_TARGET, 0, 5]
    assert round_trips(g)  # (a target decision offering the APC loads again)
    g.chars[-2]["knocked"] = True  # Apone (off the board): the APC's index -2 must not read him
    assert g.legal_mask("hive")[ScriptedHive().act(g, "hive")]  # no one knocked down: a legal pick by the die
    g.chars[5]["knocked"] = True
    assert g.layout.decode(ScriptedHive().act(g, "hive")) == ("target", 5)


def test_two_aliens_run_over_on_one_square_then_one_killed_the_view_is_as_from_scratch():
    """Run-over Aliens may share a square under the APC (from_dict's distinct-squares check leaves
    them out): when one goes, the Aliens plane still shows the other there, as an observation
    written from scratch (a clone's) does."""
    g = hive(chase({0: DRIVER}, aliens=[(6, 9)], hive_player=True), "savage")
    activate(g, 0)
    g.dice.script(0, 3)
    act(g, "drive")
    act(g, "apc_step", E)
    data = g.to_dict()  # the run-over window: Alien 0 under the APC at (6, 9)
    data["aliens"][1] = dict(data["aliens"][0], count=2)  # a second Alien of 2 on its square
    data["work"][-1]["slots"] = [0, 1]
    g = GloriousDay.from_dict(data)
    at = g._plane_at["alien"] + sq(g, (6, 9))
    assert g.observe("hive")[at] == pytest.approx(2 / 3)  # (the last slot's count, as written whole)
    for gone, left in ((1, 1), (0, 2)):
        g2 = GloriousDay.from_dict(data)
        g2.observe("hive")
        g2.aliens[gone] = None  # killed
        g2._cache.clear()  # (as the game does when it changes)
        obs = g2.observe("hive")
        assert obs[at] == pytest.approx(left / 3), gone
        np.testing.assert_array_equal(obs, g2.clone().observe("hive"))  # (a clone writes its own whole)


def test_next_to_the_apc_and_to_the_queen_as_the_ranges_say_on_every_square():
    """vehicle_targets' APC (a neighbour of the Alien among the APC's squares: a set test) and
    next_to_queen (C loops over the ranges) against the plain readings, for an Alien and for the
    Queen on every square of the APC chase's map."""
    g = with_queen(chase({0: DRIVER}), rc=(5, 11))
    inside, b, near = g.vehicle_squares(), g.board, 0
    for pos in range(b.n):
        if not g.passable[pos]:
            continue
        want = any(s in g.nbrs[pos] for s in inside)
        assert (APC_TARGET in g.vehicle_targets({"pos": pos, "count": 1}, [])) == want
        if b.stands(pos):
            g.queen["pos"] = pos
            assert g.next_to_queen() == any(b.range(s, q) <= 1 for s in inside for q in g.queen_squares())
            near += g.next_to_queen()
    assert near > 3
