"""The Xeno phase's typed loops (session 56: xeno.xeno_phase, xeno.activation_need) against the
rules read plainly (any() over the figures, every egg cache and impregnated human in turn), at
random Bug Hunt positions: the same dice rolled in the same order, so the same figures, features,
events and squads to roll for."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import geometry, state, xeno
from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.state import NO
from bh_helpers import positions


def xeno_phase_plainly(game) -> None:
    """PRINTED: an intact egg cache (or crate of eggs) rolls for each exposed, moved human (no
    android) within egg range until one hatches it; an impregnated human in view of an active
    figure rolls to burst; then the activation roll for the first squad with an active figure."""
    rules = game.rules
    for f in game.features:
        if f["kind"] in ("egg_cache", "crate_eggs") and f["state"] == "intact":
            s = geometry.sq(game, f["pos"])
            near = [h for h in game.humans if state.exposed(game, h) and h.role != "android" and h.moved
                    and geometry.rng(game, h.pos, s) <= rules["egg_range"]]
            for _ in near:
                roll = game.dice.d6()
                if roll <= rules["egg_hatch_on"]:
                    f["state"] = "hatched" if f["kind"] == "egg_cache" else "opened"
                    spot = geometry.free_near(game, s)
                    if spot != NO:
                        state.add_alien(game, "face_hugger", spot)
                    game.events.append(f"an egg opens ({roll}): a Face-Hugger!")
                    break
    viewers = [h.pos for h in game.humans if h.status == "active"]
    for f in game.features:
        if f["kind"] == "impregnated_human" and f["state"] == "alive":
            s = geometry.sq(game, f["pos"])
            if any(geometry.los(game, v, s) for v in viewers) and game.dice.d6() <= rules["impregnated_burst_on"]:
                f["kind"], f["state"] = "burst_human", "dead"
                spot = geometry.free_near(game, s)
                if spot != NO:
                    state.add_alien(game, "chest_burster", spot)
                game.events.append("a Chest-Burster breaks out!")
    game.xeno_squads = [sq for sq in range(game.n_squads)
                        if any(h.status == "active" and h.squad == sq for h in game.humans)]
    game.placement = None
    if game.xeno_squads:
        xeno.activation(game, game.xeno_squads.pop(0))


def activation_need_plainly(game) -> int:
    """PRINTED: the need by what squad xeno_squad did: fired, moved (a figure of it, or the APC
    with one of it inside; secure when it sees no Alien), or rested."""
    sq = max(game.xeno_squad, 0)
    crew_moved = game.apc is not None and game.apc["moved"] and any(
        game.humans[j].squad == sq for j in state.crew(game))
    moved = any(h.squad == sq and h.moved for h in game.humans) or crew_moved
    act = game.rules["activation"]
    if game.fired_squads[sq]:
        return act["fired"]
    if not moved:
        return act["resting"]
    return act["moved"] if xeno.aliens_in_sight(game, sq) else act["moved_secure"]


def outcome(game) -> tuple:
    """What the Xeno phase may change, and the dice's next rolls (the same rolls made before)."""
    figures = [(a.kind, a.pos, a.alive, a.new) for a in game.aliens]
    return (figures, [dict(f) for f in game.features], list(game.events), game.xeno_squads, game.xeno_squad,
            game.placement, [game.dice.d6() for _ in range(6)])


@pytest.mark.parametrize("seed,mission", [(0, "kill_queen"), (1, "explore"), (2, "kill_queen")])
def test_the_xeno_phase_is_the_rules_read_plainly_at_random_positions(seed, mission):
    hatched = burst = needs = 0
    for g in positions(seed, mission, every=4, steps=2400):
        for moved in (False, True):  # as played; then every figure moved (more eggs in reach roll)
            base = g.clone()  # and an egg cache and an impregnated human on each active figure's square
            if moved:
                for h in base.humans:
                    h.moved = True
                    if h.status == "active":
                        for kind, alive in (("egg_cache", "intact"), ("impregnated_human", "alive")):
                            base.features.append({"kind": kind, "pos": base.rc(h.pos), "state": alive})
            typed, plain = base.clone(), base.clone()
            xeno.xeno_phase(typed)
            xeno_phase_plainly(plain)
            assert outcome(typed) == outcome(plain), (seed, g.turn, moved)
            hatched += sum(f["state"] in ("hatched", "opened") for f in typed.features) - sum(
                f["state"] in ("hatched", "opened") for f in base.features)
            burst += sum(f["kind"] == "burst_human" for f in typed.features) - sum(
                f["kind"] == "burst_human" for f in base.features)
            split = base.clone()  # (two squads: every other figure in a second one, which has not fired)
            for k, h in enumerate(split.humans):
                h.squad = k % 2
            split.fired_squads = [split.fired_squads[0], False]
            for game, squads in ((base, base.n_squads), (split, 2)):
                for game.xeno_squad in range(-1, squads):
                    assert xeno.activation_need(game) == activation_need_plainly(game), (seed, g.turn, game.xeno_squad)
                    needs += 1
    assert hatched > 0 and burst > 0 and needs > 100, (hatched, burst, needs)


@pytest.mark.parametrize("seed", [3, 4])
def test_two_squads_and_the_apc_s_crew_are_rolled_for_as_the_rules_say(seed):
    """The two-squad roster with the APC (the benchmark's games have one squad, no APC): the Xeno
    phase's squads to roll for, as played and with one squad's figures all out of action; and the
    activation need of each squad with a figure of the other squad, or of its own, in the moved APC."""
    rng = random.Random(seed)
    checked = rolled_for_one = crew_cases = 0
    for start in range(6):
        g = BugHunt(squad="two_squads", apc=True)
        g.reset(seed * 100 + start)
        for _ in range(300):
            if g.is_terminal():
                break
            if rng.random() < 0.2:
                for out in (None, 0, 1):  # as played; then squad `out`'s figures all out of action
                    base = g.clone()
                    if out is not None:
                        for h in base.humans:
                            if h.squad == out:
                                h.status = "dead"
                    typed, plain = base.clone(), base.clone()
                    xeno.xeno_phase(typed)
                    xeno_phase_plainly(plain)
                    assert outcome(typed) == outcome(plain), (seed, g.turn, out)
                    rolled_for_one += out is not None and plain.xeno_squad == 1 - out
                    checked += 1
                for inside in range(len(g.humans)):  # one figure in the moved APC, each in turn
                    crew = g.clone()
                    crew.humans[inside].in_apc = True
                    crew.apc["moved"] = True
                    crew.fired_squads = [False] * crew.n_squads  # (so the move decides the need)
                    for h in crew.humans:
                        h.moved = False
                    for crew.xeno_squad in range(crew.n_squads):
                        assert xeno.activation_need(crew) == activation_need_plainly(crew), (seed, g.turn, inside)
                        crew_cases += crew.humans[inside].status == "active" and crew.humans[inside].squad == crew.xeno_squad
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 50 and rolled_for_one > 10 and crew_cases > 20, (checked, rolled_for_one, crew_cases)
