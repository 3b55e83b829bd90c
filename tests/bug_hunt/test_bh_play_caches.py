"""The squad's and the hive's shortcuts (session 50) against the plain computations they replace,
over random Bug Hunt games: combat.throw_squares (the block within reach of the thrower read,
not every square of the colony), what the squad keeps of a position (its goals, worked out
once for the scripted squad's play and the tactic's: policies' squad_goals) and state.occupied's typed set."""
from __future__ import annotations

import random

import pytest

from aliens_env.bug_hunt import BugHunt, combat, geometry, state
from aliens_env.bug_hunt.colony import PASSABLE
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines, squad_reads
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import TACTICS, TacticMarines
from bh_helpers import positions


def throw_squares_by_every_square(game, origin: int, distance: int) -> list[int]:
    """The landing squares as throw_hugger read them before session 50: every square of the
    colony, open, free, within `distance`, not origin, seen (geometry.los within `distance`), the
    farthest."""
    occ = state.occupied(game)
    best, options = 0, []
    for s in range(game.size * game.size):
        if not PASSABLE[geometry.cell(game, s)] or s in occ:
            continue
        r = geometry.rng(game, origin, s)
        if r > distance or r == 0 or r < best or not geometry.los(game, origin, s, distance):
            continue
        if r > best:
            best, options = r, [s]
        elif r == best:
            options.append(s)
    return options


@pytest.mark.parametrize("seed,mission", [(0, "explore"), (1, "kill_queen")])
def test_the_throw_squares_are_every_squares_scan_at_random_positions(seed, mission):
    rng = random.Random(seed)
    checked = landed = 0
    for g in positions(seed, mission, every=15):
        origins = [h.pos for h in g.humans if h.status == "active"] + [rng.randrange(g.size * g.size), NO]
        for origin in origins:
            for distance in range(1, 7):  # (a d6)
                want = throw_squares_by_every_square(g, origin, distance)
                assert combat.throw_squares(g, origin, distance) == want, (seed, origin, distance)
                checked += 1
                landed += bool(want)
    assert checked > 500 and landed > checked // 2


@pytest.mark.parametrize("seed,options", [(3, {}), (4, {"apc": True, "squad": "apc_crew"})])
def test_the_occupied_squares_are_the_figures_the_pods_and_the_apc_at_random_positions(seed, options):
    rng, checked = random.Random(seed), 0
    for game_no in range(16):
        g = BugHunt(mission="kill_queen", **options)
        g.reset(seed * 100 + game_no)
        while not g.is_terminal():
            want = {h.pos for h in g.humans if h.status == "active"} - {NO}
            want |= {a.pos for a in g.aliens if a.alive and a.attached == NO}
            want |= {r * g.size + c for r, c in (f["pos"] for f in g.features if f["kind"] == "sentry")}
            if g.apc is not None:
                want.add(g.apc["pos"])
            assert state.occupied(g) == want
            checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 400


def act_worked_out_afresh(tactic, game, player: str) -> int:
    """TacticMarines.act with nothing kept from before: the scripted squad's action, then the
    tactic's, the goals and next figure kept with the open decision (policies') dropped first."""
    geometry.layout_cache(game).pop("squad_reads", None)
    action = ScriptedMarines.act(tactic, game, player)
    if tactic.tactic == "heuristic" or game.decision.kind != "act":
        return action
    return getattr(tactic, tactic.tactic)(game, game.script_mask(player), action)


@pytest.mark.parametrize("seed,options", [(0, {}), (1, {"electronic_locks": True, "satellite_comms": True}),
                                          (2, {"mission": "explore"})])
def test_every_tactics_act_is_its_play_with_the_goals_worked_out_afresh_at_random_positions(seed, options):
    """At every Marine decision of games the tactics take turns to play (against the dice AI), each
    tactic's act() (its goals kept from a read at the position before, the tactics' test below:
    a kept reading of another position would differ somewhere) equals its play with the goals
    worked out afresh, and keeps no other position's goals once it returns."""
    tactics = [TacticMarines(name) for name in TACTICS]
    hive, rng = BugHuntDiceAI(), random.Random(seed)
    checked, differ = 0, set()
    for game_no in range(3):
        g = BugHunt(**{"mission": "kill_queen", **options})
        g.reset(seed * 100 + game_no)
        turn = 0
        while not g.is_terminal() and turn < 400:
            player = g.current_player()
            if player != "marines":
                g.apply(hive.act(g, player))
                continue
            actions = {}
            for t in tactics:
                t._goals(g)  # (kept at this position: act reads them back)
                actions[t.tactic] = t.act(g, player)
                assert squad_reads(g).goals_at is g.decision
                assert actions[t.tactic] == act_worked_out_afresh(t, g, player), (seed, g.turn, t.tactic)
            checked += g.decision.kind == "act"
            differ |= {name for name, a in actions.items() if a != actions["heuristic"]}
            g.apply(actions[TACTICS[rng.randrange(len(TACTICS))]])
            turn += 1
    assert checked > 150 and len(differ) >= 8  # (most tactics played differently from the script somewhere)
