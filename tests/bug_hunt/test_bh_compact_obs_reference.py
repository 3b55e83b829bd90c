"""BugHuntTactics' compact observation (A67, tactics_obs.observe: typed, its walking steps read from the
kept walking fields at the figures' squares) equals, byte for byte, the observation as it was first written
(session 65's `reference_observe` below: the steps read from game.walk_steps' dicts of every walked square,
the rows built as tuples), over seeded games played to their end by a random commander and by the heuristic
one, for both players, every mission; the positions met include doors opened and rooms laid between two
observations (a walking field kept from before would show)."""
import numpy as np
import pytest

from aliens_env.bug_hunt import observation, state
from aliens_env.bug_hunt.colony import DOOR_OPEN, DOOR_WELDED
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines, walkers
from aliens_env.bug_hunt.state import MAX_SQUAD, NO
from aliens_env.bug_hunt.tactics import BugHuntTactics, HeuristicCommander
from aliens_env.bug_hunt.tactics_obs import FIGURE_FEATURES, SITUATION_FEATURES

from bh_helpers import build


def reference_observe(game, player: str) -> np.ndarray:
    """tactics_obs.observe before session 65 (the reference: kept as it was)."""
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


HIVE = BugHuntDiceAI()
#: the games: BugHuntTactics' options, the marines' commander ("random": a random legal tactic), seeds
GAMES = [({}, "random", range(4)), ({"mission": "kill_queen", "electronic_locks": True}, "random", range(3)),
         ({}, "heuristic", range(3)), ({"mission": "kill_queen"}, "heuristic", range(3))]


@pytest.mark.parametrize("options, commander, seeds", GAMES)
def test_the_compact_observation_equals_the_reference_over_played_games(options, commander, seeds):
    seen = {"positions": 0, "layout_changed": 0, "next_figure": 0, "queen": 0, "far": 0, "rooms": 0}
    for seed in seeds:
        game = BugHuntTactics(**options)
        game.reset(seed)
        rng = np.random.default_rng(seed)
        heuristic = HeuristicCommander()
        version = game.colony.version
        while not game.is_terminal():
            for player in ("marines", "hive"):
                got, want = game.observe_compact(player), reference_observe(game, player)
                assert got.dtype == want.dtype and got.tobytes() == want.tobytes(), (seed, game.turn, player)
            views = game.compact_layout.views(got)
            seen["positions"] += 1
            seen["layout_changed"] += game.colony.version != version
            version = game.colony.version
            seen["next_figure"] += views["tactical"][:, 1].sum() == 1.0
            seen["queen"] += views["situation"][2] == 1.0
            seen["far"] += bool(((views["tactical"][:, 0] == 1.0) & (views["tactical"][:, 2] == 1.0)).any())
            seen["rooms"] += views["situation"][1] > 0
            player = game.current_player()
            if player == "hive":
                move = HIVE.act(game, player)
            elif commander == "heuristic":
                move = heuristic.act(game, player)
            else:
                legal = np.flatnonzero(game.legal_mask(player))
                move = int(legal[rng.integers(len(legal))])
            game.apply(move)
    # the positions reach what the values read: a new layout between observations (doors, rooms laid),
    # the squad's next figure, rooms not entered, figures at the steps' limit or beyond the walk
    assert seen["positions"] > 50 and seen["layout_changed"] > 5 and seen["next_figure"] > 5, seen
    assert seen["rooms"] > 5 and seen["queen"] > 5 and seen["far"] > 5, seen


def test_a_door_welded_and_opened_between_two_observations_changes_the_walking_steps_read():
    """The walking steps are read from fields kept per layout version: a door welded between two
    observations (a new version) cuts the figure off from the Queen and the room (the steps' limit), opened
    again it walks through (the first values again), each observation the reference's."""
    g = build(["##########", "#1..+...Q#", "##########"], mission="kill_queen", game_class=BugHuntTactics)
    g.colony.pieces.append({"kind": "room", "rect": (1, 5, 1, 7), "entered": False})  # centre (1, 6)
    steps = g.rules["compact_limits"]["steps"]
    door = g.sq((1, 4))

    def observed():
        got = g.observe_compact("marines")
        assert got.tobytes() == reference_observe(g, "marines").tobytes()
        views = g.compact_layout.views(got)
        return tuple(views["tactical"][0, 2:4]) + (views["situation"][3],)  # to the goal (the Queen), room, Queen

    walked = (np.float32(7 / steps), np.float32(5 / steps), np.float32(7 / steps))
    assert observed() == walked
    g.colony.set_cell(door, DOOR_WELDED)
    assert observed() == (1.0, 1.0, 1.0)
    g.colony.set_cell(door, DOOR_OPEN)
    assert observed() == walked
