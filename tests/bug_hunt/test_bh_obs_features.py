"""observe()'s values after the board's map planes (observation._write_features: written one by one
into the float32 observation, as C numbers when compiled) and the figures it marks on the window's
planes equal the plain computation over random positions of both sides, every mission, the compact
observation of BugHuntTactics included: the figures' marks, squad rows, globals, target rows and
optional block written out from docs/rules/bug_hunt.md's views, packed as float32 (as struct packs
a Python float), and every one of those values is written whatever the array held before."""
import struct

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, combat, geometry, marines, observation, tactics_obs
from aliens_env.bug_hunt.observation import (EXTRA_FEATURES, GLOBAL_FEATURES, N_PLANES, P, SQUAD_FEATURES,
                                             TARGET_FEATURES, optional_features)
from aliens_env.bug_hunt.state import ALIEN_KINDS, DECISION_KINDS, MAX_SQUAD, MAX_TARGETS, NO
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import plain_squad_row, random_play


def _plain(g, player: str) -> dict:
    """The views _write_features writes (the figures' planes of the window, squad, globals,
    targets, optional), each as float32 bytes."""
    size, w = g.size, g.window
    focus = observation.focus(g)
    fr, fc = divmod(focus, size)
    planes = np.zeros((N_PLANES, w, w), dtype=np.float32)  # only the figures' marks

    def mark(plane, sq, value):
        r, c = sq // size - (fr - w // 2), sq % size - (fc - w // 2)
        if 0 <= r < w and 0 <= c < w:
            planes[plane, r, c] = value

    d = g.decision
    kind = None if d is None else d.kind
    queen_lp = g.rules["queen_lp"]
    squad = []
    for h in g.humans:
        squad += plain_squad_row(g, h)
        if h.status == "active":
            mark(P["civilian"] if h.role == "civilian" else P["android"] if h.role == "android" else P["marine"], h.pos,
                 1.0)
            if h.overwatch:
                mark(P["overwatch"], h.pos, 1.0)
    squad += [0.0] * (SQUAD_FEATURES * (MAX_SQUAD - len(g.humans)))
    live = [a for a in g.aliens if a.alive]
    queen = max([a.lp for a in live if a.kind == "queen"], default=0)
    for a in live:
        mark(P[a.kind], a.pos, a.lp / queen_lp if a.kind == "queen" else 1.0)
    if kind in ("act", "step", "attack", "overwatch_fire"):
        mark(P["acting"], focus, 1.0)
        if kind == "overwatch_fire" and g.ow_target != NO:
            mark(P["acting"], g.aliens[g.ow_target].pos, 0.5)
    active = g.active
    mine = g.humans[active].squad if active != NO else 0
    objective = g.mission["objective"]
    globals_ = [min(g.turn / g.turn_limit, 1.0), min(g.pools[mine], 6) / 6,
                g.grenade_pools[mine] / g.rules["grenade_pool"], min(g.rooms_entered, 10) / 10, float(g.brood_found),
                queen / queen_lp, *(float(kind == k) for k in DECISION_KINDS), float(player == "marines"),
                float(objective == "explore_and_return"), float(objective == "kill_queen"), float(g.pools_lost[mine]),
                g.aliens[g.mover].ap / 6 if g.mover != NO and kind == "step" else 0.0, len(live) / g.max_aliens,
                float(active == NO), min(g.mission.get("rooms", 0), 10) / 10, fr / size, fc / size]
    targets = []
    listed = []
    if kind == "extra_hit" and g.extra is not None:
        pos, listed = g.humans[g.extra["shooter"]].pos, [("alien", k) for k in d.options]
    elif kind == "drive" or (kind == "act" and active != NO):
        pos, listed = (g.apc["pos"] if kind == "drive" else g.humans[active].pos), marines.targets(g)
    for t in listed:
        row = [0.0] * TARGET_FEATURES
        row[0] = 1.0
        row[1] = min(geometry.rng(g, pos, combat.target_square(g, t)), 12) / 12
        if t[0] == "alien":
            a = g.aliens[t[1]]
            row[2 + ALIEN_KINDS.index(a.kind)] = 1.0
            row[8] = a.lp / queen_lp
        else:
            row[7] = 1.0 if t[0] == "egg" else 0.5
        targets += row
    targets += [0.0] * (TARGET_FEATURES * MAX_TARGETS - len(targets))
    assert len(globals_) == GLOBAL_FEATURES
    return {"board": planes, "squad": struct.pack(f"={len(squad)}f", *squad),
            "globals": struct.pack(f"={GLOBAL_FEATURES}f", *globals_),
            "targets": struct.pack(f"={len(targets)}f", *targets),
            "optional": optional_features(g).tobytes()}


def _figure_planes(board):
    """The planes _write_features marks (the map planes' are write_board's, tests/bug_hunt/test_bh_obs_window.py)."""
    return board[np.frombuffer(observation._MAPPED, np.uint8) == 0]


def _check(g, player: str, compact: bool = False) -> bool:
    """g's observation for `player` (its compact one, A67's, if `compact`) against the plain
    computation; were targets listed?"""
    obs = g.observe_compact(player) if compact else g.observe(player)
    views = (g.compact_layout if compact else g.obs_layout).views(obs)
    plain = _plain(g, player)
    for view in ("squad", "globals", "targets", "optional"):  # (the compact targets: the first rows, A76)
        assert views[view].tobytes() == plain[view][:views[view].nbytes], view
    assert views["targets"].shape[0] == (tactics_obs.target_rows() if compact else MAX_TARGETS)
    if "board" in views:
        assert np.array_equal(_figure_planes(views["board"]), _figure_planes(plain["board"]))
        # every value written, whatever the array held: the map planes copied, the rest NaN
        again = np.full_like(obs, np.nan)
        at, n = g.obs_layout.offsets["board"], views["board"].size
        again[at:at + n] = obs[at:at + n]
        again[at:at + n].reshape(N_PLANES, -1)[np.frombuffer(observation._MAPPED, np.uint8) == 0] = 0
        observation._write_features(g, player, again, observation.focus(g), at, g.window, observation.obs_numbers(g))
        assert again.tobytes() == obs.tobytes()
    return plain["targets"][:4] != bytes(4)


#: the games played: how, how many moves a game (a tactic is several of Bug Hunt's steps), the
#: fewest positions with targets listed (the commander's act decisions list none), whether its
#: compact observation is checked (BugHuntTactics' own, A67: observe_compact)
GAMES = {"BugHunt": (BugHunt, 200, 10, False),
         "kill_queen": (lambda: BugHunt(mission="kill_queen", electronic_locks=True), 200, 10, False),
         "BugHuntTactics": (BugHuntTactics, 40, 0, False), "compact": (BugHuntTactics, 40, 0, True)}


@pytest.mark.parametrize("name", list(GAMES))
def test_observe_writes_the_plain_features_over_random_positions(name):
    make, moves, fewest, compact = GAMES[name]
    checked, kinds, with_targets = 0, set(), 0
    for seed in range(6):
        for g in random_play(seed, moves, make=make):
            for player in ("marines", "hive"):
                with_targets += _check(g, player, compact)
            kept = [a.lp for a in g.aliens]  # the Aliens wounded (the Queen's mark, target row and global)
            for a in g.aliens:
                a.lp = 1 + (a.lp + seed) % 5
            _check(g, "marines", compact)
            for a, lp in zip(g.aliens, kept):
                a.lp = lp
            flags = g.brood_found, g.pools_lost  # the globals' flags turned over (random play seldom sets them)
            g.brood_found, g.pools_lost = not g.brood_found, [not lost for lost in g.pools_lost]
            _check(g, "marines", compact)
            g.brood_found, g.pools_lost = flags
            checked += 1
            kinds.add(None if g.decision is None else g.decision.kind)
    assert checked > 150 and with_targets >= fewest and {"act", "activate"} <= kinds, (checked, with_targets, kinds)


def test_optional_values_are_the_optional_features():
    for g in random_play(4, 200):
        assert observation.optional_values(g) == tuple(optional_features(g).tolist())
        assert len(observation.optional_values(g)) == EXTRA_FEATURES
