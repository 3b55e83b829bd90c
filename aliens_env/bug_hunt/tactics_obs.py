"""The compact observation of BugHuntTactics (option ``observation="compact"``, ASSUMPTION A67).

A commander picks one tactic per figure activation; it needs the squad's state and how far the
squad is from its goals, the Aliens and the Queen, not the 23 map planes of the window (14,375
of Bug Hunt's 14,701 values). The compact observation keeps Bug Hunt's own squad rows, globals,
target rows and optional block (the values after the planes, unchanged) and adds a few
distances per figure and for the squad (``tactical`` and ``situation`` below), about 450
values in all, so an MLP reads it (docs/training.md). It reads only the open state, as the
scripted squad does.
"""
from __future__ import annotations

import numpy as np

from ..core.actions import ObsLayout
from . import observation
from .policies import ScriptedMarines
from .state import MAX_SQUAD, NO

FIGURE_FEATURES = 7
SITUATION_FEATURES = 10
FAR = 30  # walking steps: what is farther reads 1
_GOALS = ScriptedMarines()


def layout(full: ObsLayout) -> ObsLayout:
    """Bug Hunt's views after the map planes (with their shapes), then the two added views."""
    kept = [(name, shape, doc) for name, shape, _, doc in full.rows() if name != "board"]
    return ObsLayout(kept + [
        ("tactical", (MAX_SQUAD, FIGURE_FEATURES), "per figure (squad order): able, the scripted squad's next "
         "figure, walking steps to its goal/30, to the nearest unentered room/30, range to the nearest Alien/12, "
         "Aliens within 2 squares/6, within 5/6"),
        ("situation", SITUATION_FEATURES, "goals/10, unentered rooms laid/5, the Queen seen, walking steps from "
         "the squad to the Queen/30, Aliens on the map/20, intact egg caches/10, turns left/turn limit, Brood "
         "Chamber checks open (3 rooms entered), squad figures able/8, grenades left/pool"),
    ])


def _room_centres(game) -> list[int]:
    return [game.sq(((p["rect"][0] + p["rect"][2]) // 2, (p["rect"][1] + p["rect"][3]) // 2))
            for p in game.colony.pieces if p["kind"] == "room" and not p["entered"]]


def _steps(dist: dict, pos: int) -> float:
    return min(dist.get(pos, FAR), FAR) / FAR


def observe(game, player: str, full: ObsLayout) -> np.ndarray:
    """Bug Hunt's observation without its planes, then the tactical views."""
    compact = game.obs_layout
    game.obs_layout = full  # observation.observe writes at the full layout's offsets
    try:
        whole = observation.observe(game, player)
    finally:
        game.obs_layout = compact
    obs = np.zeros(compact.size, dtype=np.float32)
    after_planes = full.offsets["squad"]
    obs[:whole.size - after_planes] = whole[after_planes:]
    humans, aliens = game.humans, game.aliens
    able = [h.status == "active" and h.pos != NO and not h.in_apc for h in humans]
    goals, rooms = _GOALS._goals(game) if game.active != NO or any(able) else [], _room_centres(game)
    to_goal = game.walk_steps(goals) if goals else {}
    to_room = game.walk_steps(rooms) if rooms else {}
    live = [a for a in aliens if a.alive and a.pos != NO]
    d = game.decision
    nxt = NO
    if d is not None and d.kind == "activate":
        figures = [i for i in d.options if i < len(humans)]
        if figures:
            nxt = min(figures, key=lambda i: (to_goal.get(humans[i].pos, 10**6), i))
    rows = np.zeros((MAX_SQUAD, FIGURE_FEATURES), dtype=np.float32)
    for i, h in enumerate(humans):
        if not able[i]:
            continue
        ranges = [game.rng(h.pos, a.pos) for a in live]
        rows[i] = (1.0, float(i == nxt), _steps(to_goal, h.pos), _steps(to_room, h.pos),
                   min(min(ranges, default=12), 12) / 12, min(sum(r <= 2 for r in ranges), 6) / 6,
                   min(sum(r <= 5 for r in ranges), 6) / 6)
    queens = [a.pos for a in live if a.kind == "queen"]
    to_queen = game.walk_steps(queens) if queens else {}
    squad_to_queen = min((to_queen.get(h.pos, FAR) for i, h in enumerate(humans) if able[i]), default=FAR)
    eggs = sum(1 for f in game.features if f["kind"] == "egg_cache" and f.get("state") == "intact")
    squad = humans[game.active].squad if game.active != NO else 0
    situation = (min(len(goals), 10) / 10, min(len(rooms), 5) / 5, float(bool(queens)), min(squad_to_queen, FAR) / FAR,
                 min(len(live), 20) / 20, min(eggs, 10) / 10, max(game.turn_limit - game.turn, 0) / game.turn_limit,
                 float(game.rooms_entered >= game.rules["brood_check_after_rooms"]), sum(able) / MAX_SQUAD,
                 game.grenade_pools[squad] / game.rules["grenade_pool"])
    at = compact.offsets["tactical"]
    obs[at:at + rows.size] = rows.ravel()
    at = compact.offsets["situation"]
    obs[at:at + SITUATION_FEATURES] = situation
    return obs
