"""BugHuntTactics (ASSUMPTION A66): Bug Hunt with the Marines choosing, per figure activation,
a tactic of the scripted squad that then plays it."""
import numpy as np
import pytest

from aliens_env.bug_hunt import data_files
from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.policies import BugHuntDiceAI, ScriptedMarines
from aliens_env.bug_hunt.tactics import TACTICS, BugHuntTactics, HeuristicCommander, TacticMarines

HIVE = BugHuntDiceAI()


def play(game, marines, hive=HIVE, on_marines=None):
    while not game.is_terminal():
        player = game.current_player()
        if player == "marines" and on_marines is not None:
            on_marines(game)
        game.apply((marines if player == "marines" else hive).act(game, player))
    return game


def test_the_tactics_come_from_rules_yaml_and_tactic_zero_is_the_scripted_squad():
    game = BugHuntTactics(mission="kill_queen")
    assert [t.tactic for t in game.tactics] == data_files.rules()["tactics"]
    assert game.tactics[0].tactic == "heuristic" and set(data_files.rules()["tactics"]) <= set(TACTICS)
    # every Bug Hunt action keeps its number; the tactics come after them
    plain = BugHunt(mission="kill_queen")
    assert game.layout.names()[:plain.layout.size] == plain.layout.names()
    assert game.layout.span("tactic") == slice(plain.layout.size, plain.layout.size + len(game.tactics))


def test_an_unknown_tactic_is_refused_with_the_allowed_names():
    with pytest.raises(ValueError, match="unknown Bug Hunt tactic 'charge'.*heuristic"):
        TacticMarines("charge")


@pytest.mark.parametrize("seed", range(4))
def test_the_heuristic_commander_plays_the_scripted_squads_game_move_for_move(seed):
    plain, tactics = BugHunt(mission="kill_queen"), BugHuntTactics(mission="kill_queen")
    plain.reset(seed)
    tactics.reset(seed)
    play(plain, ScriptedMarines())
    play(tactics, HeuristicCommander())
    assert tactics.result == plain.result and tactics.stats == plain.stats and tactics.turn == plain.turn
    assert tactics.to_dict()["humans"] == plain.to_dict()["humans"]


def test_the_marines_only_choose_tactics_and_the_hive_keeps_its_bug_hunt_actions():
    game = BugHuntTactics(mission="kill_queen")
    game.reset(5)
    span = game.layout.span("tactic")
    seen = {"marines": 0, "hive": 0}

    def check(g):
        mask = g.legal_mask("marines")
        assert mask[span].all() and mask.sum() == len(g.tactics)

    class Hive:
        def act(self, g, player):
            assert not g.legal_mask("hive")[span].any()
            seen["hive"] += 1
            return HIVE.act(g, player)

    class Commander:
        def act(self, g, player):
            seen["marines"] += 1
            return g.layout.encode("tactic", seen["marines"] % len(g.tactics))

    play(game, Commander(), hive=Hive(), on_marines=check)
    assert seen["marines"] > 10 and seen["hive"] > 10


def first_act(seed):
    """A kill_queen game at the first figure's first action of turn 1."""
    game = BugHunt(mission="kill_queen")
    game.reset(seed)
    while game.decision.kind != "act":
        game.apply(ScriptedMarines().act(game, game.current_player()))
    return game


def walk_distance(game, goals):
    return game.walk_steps(goals).get(game.humans[game.active].pos)


def test_hold_never_steps_where_the_scripted_squad_walks():
    game = first_act(0)
    kind, _ = game.layout.decode(ScriptedMarines().act(game, "marines"))
    assert kind == "move"  # the scripted squad sets out to explore
    held = TacticMarines("hold").act(game, "marines")
    assert held in (game.layout.encode("overwatch"), game.layout.encode("end"))


def test_regroup_steps_toward_the_nearest_squad_mate_or_holds_beside_one():
    for seed in range(6):
        game = first_act(seed)
        action = TacticMarines("regroup").act(game, "marines")
        kind, _ = game.layout.decode(action)
        mates = [h.pos for i, h in enumerate(game.humans) if i != game.active and h.status == "active"]
        before = walk_distance(game, mates)
        if kind == "move":
            game.apply(action)
            assert walk_distance(game, mates) < before
        elif kind in ("overwatch", "end"):
            assert before <= 1
        else:  # every tactic shoots as the scripted squad does
            assert action == ScriptedMarines().act(game, "marines")


def test_press_walks_on_toward_the_goals_before_shooting_and_otherwise_plays_as_the_scripted_squad():
    base, press, rooms = ScriptedMarines(), TacticMarines("press"), TacticMarines("rooms")
    seen = {"walk": 0, "shot skipped": 0, "room": 0}

    def check(g):
        if g.decision.kind != "act":
            return
        scripted, pressed = base.act(g, "marines"), press.act(g, "marines")
        mask = g.legal_mask("marines")
        step = ScriptedMarines.step_toward(g, base._goals(g), mask)
        if g.layout.decode(scripted)[0] == "comms" or step is None:
            assert pressed == scripted
        else:
            assert pressed == step
            seen["walk"] += 1
            seen["shot skipped"] += g.layout.decode(scripted)[0] in ("fire", "grenade")
        # rooms: shoots as the scripted squad; else toward the nearest room not entered
        left = [p for p in g.colony.pieces if p["kind"] == "room" and not p["entered"]]
        kind = g.layout.decode(scripted)[0]
        if left and kind not in ("fire", "grenade", "comms") and not any(a.alive and a.kind == "queen" for a in g.aliens):
            centres = [g.sq(((p["rect"][0] + p["rect"][2]) // 2, (p["rect"][1] + p["rect"][3]) // 2)) for p in left]
            to_room = ScriptedMarines.step_toward(g, centres, mask)
            if to_room is not None:
                assert rooms.act(g, "marines") == to_room
                seen["room"] += 1

    for seed in range(3):
        game = BugHunt(mission="kill_queen")
        game.reset(seed)
        play(game, base, on_marines=check)
    assert seen["walk"] > 0 and seen["shot skipped"] > 0 and seen["room"] > 0
