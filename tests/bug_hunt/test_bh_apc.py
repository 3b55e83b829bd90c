"""The optional M12 Armoured Personnel Carrier (option apc=True; ASSUMPTIONS A55-A57).

PRINTED: indestructible; carries a full squad; entering and leaving cost 1 AP like a normal
square; no enemy can close-combat it; anyone inside is safe from harm; Movement 10; a twin
midi-gun, automated or fired manually. DESIGNED: one square, no doorways, driven by its crew as
one activation of 10 movement, the M4 Loader's midi-gun values, one automated burst per Aliens'
move phase.
"""
import json
import random

import pytest

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.game import APC_OPTION
from aliens_env.core.board import DIRECTIONS
from bh_helpers import act, build


def drives(g):
    mask = g.legal_mask("marines")
    return [d for d in range(4) if mask[g.layout.encode("drive", d)]]


def test_the_apc_is_an_option_off_by_default():
    assert BugHunt().apc is None
    g = BugHunt(apc=True)
    s = g.apc["pos"]
    assert g.colony.entry.flat[s] and all(h.pos != s for h in g.humans)  # parked at the back of the entry
    crew = BugHunt(apc=True, squad="apc_crew")
    assert [h.name for h in crew.humans if h.in_apc] == ["Gorman", "Burke", "Newt"]
    assert all(h.pos == crew.apc["pos"] for h in crew.humans if h.in_apc)
    with pytest.raises(ValueError, match="apc=True"):
        BugHunt(squad="apc_crew")
    with pytest.raises(ValueError, match="apc must be true or false"):
        BugHunt(apc="yes")
    with pytest.raises(ValueError, match="a power_loader does not ride in the APC"):
        BugHunt(apc=True, squad=[{"name": "R", "role": "power_loader", "weapon": "none", "leader": True, "in_apc": True}])
    with pytest.raises(ValueError, match=r"a predator does not ride in the APC \(its crew roles: \['marine', 'civilian', 'android'\]\)"):
        BugHunt(apc=True, squad=[{"name": "H", "role": "predator", "weapon": "combi_weapon", "leader": True, "in_apc": True}])


def test_boarding_and_leaving_cost_one_ap_and_inside_a_figure_can_only_leave():
    g = build(["#######", "#1V...#", "#.....#", "#.A...#", "#######"], apc=True)
    assert g.active == 0
    act(g, "move", 1)  # E, into the APC
    h = g.humans[0]
    assert h.in_apc and h.pos == g.apc["pos"] and h.ap == 3
    mask = g.legal_mask("marines")
    legal = {g.layout.decode(a)[0] for a in range(g.layout.size) if mask[a]}
    assert legal == {"move", "end"}  # no shooting, over-watch, doors or equipment from inside
    act(g, "move", 2)  # S, out again
    assert not h.in_apc and g.rc(h.pos) == (2, 2) and h.ap == 2


@pytest.mark.parametrize("role, weapon, boards", [
    ("marine", "pulse_rifle", True), ("civilian", "pistol", True), ("android", "none", True),
    ("power_loader", "none", False), ("predator", "combi_weapon", False),
])
def test_only_the_crew_roles_board_the_apc(role, weapon, boards):
    """DESIGNED A55: Marines, civilians and androids ride in it; a Power Loader does not fit and
    Predators do not ride the Marines' carrier: for them the APC's square is just occupied."""
    g = build(["#######", "#1V...#", "#.....#", "#.A..2#", "#######"], apc=True,
              squad=[{"name": "X", "role": role, "weapon": weapon}, {"name": "Apone", "role": "marine", "leader": True}])
    act(g, "activate", 0)
    assert g.active == 0
    assert bool(g.legal_mask("marines")[g.layout.encode("move", 1)]) == boards  # E is the APC
    assert g.legal_mask("marines")[g.layout.encode("move", 2)]  # S is open floor for everyone


def test_the_apc_needs_a_crew_and_drives_ten_movement_a_turn():
    rows = ["##############", "#V...:.......#", "#1............#", "##############"]
    g = build(rows, apc=True)
    assert not g.legal_mask("marines")[g.layout.encode("activate_apc", 0)]  # nobody inside: it stays
    g = build(rows, apc=True, inside=(1,))
    assert APC_OPTION in g.decision.options
    act(g, "activate_apc", 0)
    assert g.decision.kind == "drive" and g.apc["moves"] == 10
    steps = 0
    while g.decision.kind == "drive" and 1 in drives(g):
        act(g, "drive", 1)
        steps += 1
    # nine squares east, the acid holes on the way costing 2: 10 movement
    assert steps == 9 and g.rc(g.apc["pos"]) == (1, 10)
    assert g.humans[1].pos == g.apc["pos"]  # the crew rides along
    assert g.decision.kind == "activate" and APC_OPTION not in g.decision.options  # once a turn


def test_the_apc_cannot_drive_through_a_doorway_or_over_figures():
    g = build(["######", "#.V/.#", "#.1#.#", "######"], apc=True, inside=(1,))
    act(g, "activate_apc", 0)
    assert drives(g) == [3]  # W only: the door (E) is too narrow, Apone (S) is in the way


def test_no_alien_close_combats_the_apc_or_anyone_inside():
    g = build(["######", "#AV..#", "######"], apc=True, inside=(1,), phase="aliens_cc", start=False)
    g.dice.script(1)  # the Marines' pool die only
    g._start_phase("aliens_cc")
    g._run()
    assert g.humans[1].status == "active" and g.aliens[0].alive
    assert not any("close combat" in e for e in g.events)
    assert g.phase == "marines"


def test_aliens_ignore_figures_inside_and_make_for_those_outside():
    g = build(["##########", "#1.....AV#", "##########"], apc=True, inside=(1,), phase="aliens_move",
              free_bug_master=True)  # (issue 11) a bound hive's forced step would be taken at once
    assert g.decision.kind == "step"
    assert [DIRECTIONS[d] for d in g.rulebook_steps(0)] == [(0, -1)]  # off toward Apone, not beside Hicks


def test_anyone_inside_is_safe_from_acid():
    g = build(["#########", "#1....AV#", "#########"], apc=True, inside=(5,))
    g.dice.script(6, 1)  # the rifle hits; a 1 would splash Ripley (a civilian dies outright) if she were exposed
    act(g, "activate", 0)
    act(g, "fire", 0)
    assert not g.aliens[0].alive
    assert g.humans[5].status == "active" and g.humans[5].in_apc
    assert g.dice.scripted_left == 1


def test_the_automated_midi_gun_fires_once_per_aliens_move_without_a_crew():
    g = build(["############", "#V........A#", "#1........A#", "############"], apc=True, phase="aliens_move")
    assert g.decision.kind == "order"
    g.dice.script(5, 3, 6, 6)  # the first burst: one hit; a second burst would kill the other Alien too
    act(g, "order", 0)
    act(g, "step", DIRECTIONS.index((0, -1)))
    assert not g.aliens[0].alive and any("onboard computer" in e for e in g.events)
    act(g, "step", DIRECTIONS.index((0, -1)))  # the other Alien (moving now) steps in sight too
    assert g.aliens[1].alive and g.dice.scripted_left == 2


@pytest.mark.parametrize("rolls,dry,kills", [((1, 2), True, False), ((2, 5), False, True), ((4, 1), False, True),
                                              ((3, 3), False, False)])
def test_manual_fire_costs_two_movement_and_runs_dry_on_two_1s_or_2s(rolls, dry, kills):
    g = build(["##########", "#V....A..#", "#1.......#", "##########"], apc=True, inside=(1,))
    act(g, "activate_apc", 0)
    g.dice.script(*rolls)
    act(g, "fire", 0)
    assert g.apc["moves"] == 8 and g.fired  # the crew's squad counts as having fired
    assert g.apc["out_of_ammo"] == dry
    assert (not g.aliens[0].alive) == kills
    if g.aliens[0].alive:
        assert g.legal_mask("marines")[g.layout.encode("fire", 0)] == (not dry)
    act(g, "end")
    assert g.apc["moves"] == 0 and not g.apc["driving"]  # unused movement is lost


def test_driving_the_apc_counts_as_the_squad_moving():
    rows = ["##############", "#V...........#", "#1..........A#", "##############"]
    g = build(rows, apc=True, inside=(1,))
    g.xeno_squad = 0
    assert g._activation_need() == g.rules["activation"]["resting"]
    act(g, "activate_apc", 0)
    act(g, "drive", 1)
    assert g._activation_need() == g.rules["activation"]["moved"]  # moved, an Alien in sight: 5-6


def test_back_at_the_entry_inside_the_apc_counts_as_home():
    g = build(["#####", "#1V.#", "#...#", "#####"], apc=True, inside=(1,))
    g.rooms_entered = 2
    g.colony.entry[1, 1] = True
    g._check_end()
    assert g.result is None  # the APC is not on an entry square
    g.colony.entry[1, 2] = True
    g._check_end()
    assert g.result == "marines"


def test_descriptions_name_the_apc():
    g = build(["#######", "#.V1..#", "#.....#", "#######"], apc=True, inside=(1,))
    assert "drive the APC (Hicks inside)" == g.describe_action(g.layout.encode("activate_apc", 0))
    act(g, "activate", 0)
    assert g.describe_action(g.layout.encode("move", 3)) == "Apone: board the APC W"
    act(g, "end")
    act(g, "activate_apc", 0)
    assert g.describe_action(g.layout.encode("drive", 3)).startswith("APC: drive W")
    assert "APC" in g.render_text() and "in the APC" in g.render_text()


def test_apc_positions_round_trip_and_clones_continue_identically():
    g = BugHunt(mission="kill_queen", squad="apc_crew", apc=True, electronic_locks=True, satellite_comms=True)
    g.reset(5)
    rng = random.Random(5)
    for step in range(600):
        if g.is_terminal():
            break
        a = rng.choice(g.legal_actions())
        if step % 29 == 0:
            restored = BugHunt.from_dict(json.loads(json.dumps(g.to_dict())))
            twin = g.clone()
            for other in (restored, twin):
                other.apply(a)
            g.apply(a)
            assert restored.to_dict() == g.to_dict() == twin.to_dict()
        else:
            g.apply(a)
    assert g.to_dict()["apc"] is not None
    bad = g.to_dict()
    bad["apc"] = None
    with pytest.raises(ValueError, match="APC"):
        BugHunt.from_dict(bad)


@pytest.mark.parametrize("policy", ["random", "scripted"])
@pytest.mark.parametrize("mission", ["explore", "kill_queen"])
@pytest.mark.parametrize("seed", range(3))
def test_games_with_the_apc_keep_the_invariants(policy, mission, seed):
    from test_bh_properties import play
    g = BugHunt(mission=mission, squad="apc_crew", apc=True)
    g.reset(seed)
    play(g, seed, policy=policy)
    assert g.outcome()["marines"] in (-1, 1)
    assert BugHunt.from_json(g.to_json()).to_dict() == g.to_dict()


def test_blasts_spare_anyone_inside():
    g = build(["#########", "#4...AV.#", "#########"], apc=True, inside=(5,))
    g.dice.script(5, 6, 6)  # the flame hits its square; two 6s would burn Ripley's square if she were exposed
    act(g, "activate", 3)
    act(g, "fire", 0)
    assert not g.aliens[0].alive and g.humans[5].status == "active"
    assert g.dice.scripted_left == 2


def test_egg_caches_ignore_figures_inside():
    egg = {"kind": "egg_cache", "pos": [1, 4], "state": "intact"}
    g = build(["#########", "#1.V....#", "#########"], apc=True, inside=(1,), features=[egg])
    g.humans[1].moved = True  # Hicks boarded this turn, two squares from the cache
    g.dice.script(1, 1)  # a 1 would open the cache for an exposed figure; then the activation roll
    g._xeno_phase()
    assert g.features[0]["state"] == "intact" and not any(a.alive for a in g.aliens)
    assert g.dice.scripted_left == 1


def test_an_active_sentry_does_not_fire_at_the_moving_apc():
    sentry = {"kind": "sentry", "pos": [2, 8], "state": "active"}
    g = build(["##########", "#V.......#", "#1.......#", "##########"], apc=True, inside=(1,), features=[sentry])
    act(g, "activate_apc", 0)
    g.dice.script(6)
    act(g, "drive", 1)
    assert g.humans[1].status == "active" and g.dice.scripted_left == 1
