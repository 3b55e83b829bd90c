"""The compact observation of BugHuntTactics (ASSUMPTION A67): the environments'
``observation="compact"`` (aliens_env/envs/observations.py) through the game's ``compact_layout``
and ``observe_compact``.

A commander picks one tactic per figure activation; it needs the squad's state and how far the
squad is from its goals, the Aliens and the Queen, not the 23 map planes of the window (14,375
of Bug Hunt's 14,701 values). The compact observation keeps Bug Hunt's own squad rows, globals,
target rows and optional block (the values after the planes, unchanged) and adds a few
distances per figure and for the squad (``tactical`` and ``situation`` below), 392 values in
all, so an MLP reads it (docs/training.md). Every count and distance is read as
min(value, limit) / limit, the limits in rules.yaml: compact_limits. It reads only the open
state, as the scripted squad does.
"""
from __future__ import annotations

import numpy as np

from ..core.actions import ObsLayout
from . import observation, state
from .policies import ScriptedMarines, walkers
from .state import MAX_SQUAD, NO

FIGURE_FEATURES = 7
SITUATION_FEATURES = 10


def layout(full: ObsLayout) -> ObsLayout:
    """Bug Hunt's views after the map planes (with their shapes), then the two added views."""
    kept = [(name, shape, doc) for name, shape, _, doc in full.rows() if name != "board"]
    return ObsLayout(kept + [
        ("tactical", (MAX_SQUAD, FIGURE_FEATURES), "per figure (squad order): able, the scripted squad's next "
         "figure, walking steps to its goal/steps, to the nearest unentered room/steps, range to the nearest "
         "Alien/alien_range, Aliens within 2 squares/aliens_near, within 5/aliens_near"),
        ("situation", SITUATION_FEATURES, "goals/goals, unentered rooms laid/rooms, the Queen seen, walking steps "
         "from the squad to the Queen/steps, Aliens on the map/aliens, intact egg caches/egg_caches, turns "
         "left/turn limit, Brood Chamber checks open (3 rooms entered), squad figures able/8, grenades left/pool "
         "(the limits: rules.yaml compact_limits)"),
    ])


def observe(game, player: str) -> np.ndarray:
    """Bug Hunt's observation without its planes, then the tactical views (of game.compact_layout)."""
    lay = game.compact_layout
    obs = observation.observe_without_planes(game, player, lay)
    limit = game.rules["compact_limits"]
    steps = limit["steps"]

    def scaled(value, name):
        return min(value, limit[name]) / limit[name]

    humans = game.humans
    able = walkers(game)
    goals = ScriptedMarines._goals(game)
    rooms = game.room_centres()
    to_goal = game.walk_steps(goals) if goals else {}
    to_room = game.walk_steps(rooms) if rooms else {}
    live = [game.aliens[k] for k in state.live_aliens(game)]
    d = game.decision
    nxt = ScriptedMarines.next_figure(game) if d is not None and d.kind == "activate" else NO
    rows = np.zeros((MAX_SQUAD, FIGURE_FEATURES), dtype=np.float32)
    for i in able:
        pos = humans[i].pos
        ranges = [game.rng(pos, a.pos) for a in live]
        rows[i] = (1.0, float(i == nxt), scaled(to_goal.get(pos, steps), "steps"), scaled(to_room.get(pos, steps), "steps"),
                   scaled(min(ranges, default=limit["alien_range"]), "alien_range"),
                   scaled(sum(r <= 2 for r in ranges), "aliens_near"), scaled(sum(r <= 5 for r in ranges), "aliens_near"))
    queens = [a.pos for a in live if a.kind == "queen"]
    to_queen = game.walk_steps(queens) if queens else {}
    squad_to_queen = min((to_queen.get(humans[i].pos, steps) for i in able), default=steps)
    eggs = sum(1 for f in game.features if f["kind"] == "egg_cache" and f.get("state") == "intact")
    squad = humans[game.active].squad if game.active != NO else 0
    situation = (scaled(len(goals), "goals"), scaled(len(rooms), "rooms"), float(bool(queens)),
                 scaled(squad_to_queen, "steps"), scaled(len(live), "aliens"), scaled(eggs, "egg_caches"),
                 max(game.turn_limit - game.turn, 0) / game.turn_limit,
                 float(game.rooms_entered >= game.rules["brood_check_after_rooms"]), len(able) / MAX_SQUAD,
                 game.grenade_pools[squad] / game.rules["grenade_pool"])
    at = lay.offsets["tactical"]
    obs[at:at + rows.size] = rows.ravel()
    at = lay.offsets["situation"]
    obs[at:at + SITUATION_FEATURES] = situation
    return obs
