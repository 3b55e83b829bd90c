"""Registration of every ruleset: one line each. A ruleset registered here is covered by the
conformance suite (tests/test_conformance.py), the benchmark and train.py/evaluate.py at once."""
from .registry import REGISTRY, GameSpec, get_spec, make_policy, register_game

register_game(
    GameSpec(
        name="ReactorRoom",
        game="aliens_env.reactor_room.game:ReactorRoom",
        policies={
            "dice": "aliens_env.core.policy:DicePolicy",
            "heuristic": "aliens_env.reactor_room.heuristic:HeuristicMarines",
            "planner": "aliens_env.reactor_room.planner:PlannerMarines",
        },
    )
)

register_game(
    GameSpec(
        name="ReactorRoomTactics",
        game="aliens_env.reactor_room.tactics:ReactorRoomTactics",
        policies={
            "dice": "aliens_env.core.policy:DicePolicy",
            "heuristic": "aliens_env.reactor_room.tactics:HeuristicCommander",
        },
    )
)

register_game(
    GameSpec(
        name="AlienMenace",
        game="aliens_env.alien_menace.game:AlienMenace",
        policies={"dice": "aliens_env.alien_menace.dice_ai:AlienMenaceDiceAI"},
        default_opponent={"hive": "dice", "marines": "dice"},
    )
)

register_game(
    GameSpec(
        name="BugHunt",
        game="aliens_env.bug_hunt.game:BugHunt",
        policies={
            "dice": "aliens_env.bug_hunt.policies:BugHuntDiceAI",
            "heuristic": "aliens_env.bug_hunt.policies:ScriptedMarines",
            "bug_master": "aliens_env.bug_hunt.bug_master:BugMasterHeuristic",
        },
    )
)

register_game(
    GameSpec(
        name="BugHuntTactics",
        game="aliens_env.bug_hunt.tactics:BugHuntTactics",
        policies={
            "dice": "aliens_env.bug_hunt.policies:BugHuntDiceAI",
            "heuristic": "aliens_env.bug_hunt.tactics:HeuristicCommander",
        },
    )
)

register_game(
    GameSpec(
        name="RipleyQueen",
        game="aliens_env.ripley_queen.game:RipleyQueen",
        policies={
            "dice": "aliens_env.ripley_queen.policies:QueenDiceAI",
            "heuristic": "aliens_env.ripley_queen.policies:HeuristicRipley",
        },
    )
)

register_game(
    GameSpec(
        name="GloriousDay",
        game="aliens_env.glorious_day.game:GloriousDay",
        policies={
            "dice": "aliens_env.glorious_day.policies:GloriousDiceAI",
            "scripted": "aliens_env.glorious_day.policies:ScriptedHive",
            "heuristic": "aliens_env.glorious_day.policies:HeuristicMarines",
        },
    )
)

register_game(
    GameSpec(
        name="OperationsAirDucts",
        game="aliens_env.operations.game:Operations",
        policies={
            "dice": "aliens_env.core.policy:DicePolicy",
            "heuristic": "aliens_env.operations.policies:OperationsMarines",
        },
    )
)

register_game(
    GameSpec(
        name="MovieScenario",
        game="aliens_env.movie.game:MovieScenario",
        policies={
            "dice": "aliens_env.core.policy:DicePolicy",
            "heuristic": "aliens_env.movie.policies:MovieMarines",
        },
    )
)

register_game(
    GameSpec(
        name="DropShip",
        game="aliens_env.drop_ship.game:DropShip",
        policies={
            "dice": "aliens_env.core.policy:DicePolicy",
            "heuristic": "aliens_env.drop_ship.policies:DropShipMarines",
        },
    )
)

register_game(
    GameSpec(
        name="HuntForTheQueen",
        game="aliens_env.lairs.game:HuntForTheQueen",
        policies={
            "dice": "aliens_env.lairs.policies:LairsDiceAI",
            "heuristic": "aliens_env.lairs.policies:HuntMarines",
        },
    )
)

register_game(
    GameSpec(
        name="MarineAssault",
        game="aliens_env.lairs.assault:MarineAssault",
        policies={
            "dice": "aliens_env.lairs.policies:LairsDiceAI",
            "heuristic": "aliens_env.lairs.assault_policies:AssaultMarines",
        },
    )
)

register_game(
    GameSpec(
        name="RescueOfNewt",
        game="aliens_env.lairs.rescue:RescueOfNewt",
        policies={
            "dice": "aliens_env.lairs.policies:LairsDiceAI",
            "heuristic": "aliens_env.lairs.rescue_policies:RescueMarines",
        },
    )
)

register_game(
    GameSpec(
        name="CompleteMovie",
        game="aliens_env.movie.complete:CompleteMovie",
        policies={
            "dice": "aliens_env.movie.policies:CompleteMovieDice",
            "heuristic": "aliens_env.movie.policies:CompleteMovieMarines",
        },
    )
)

register_game(
    GameSpec(
        name="OperationsAirDuctsTactics",
        game="aliens_env.operations.tactics:OperationsAirDuctsTactics",
        policies={
            "dice": "aliens_env.core.policy:DicePolicy",
            "heuristic": "aliens_env.reactor_room.tactics:HeuristicCommander",
        },
    )
)

register_game(
    GameSpec(
        name="HuntForTheQueenTactics",
        game="aliens_env.lairs.tactics:HuntForTheQueenTactics",
        policies={
            "dice": "aliens_env.lairs.policies:LairsDiceAI",
            "heuristic": "aliens_env.reactor_room.tactics:HeuristicCommander",
        },
    )
)

register_game(
    GameSpec(
        name="GloriousDayTactics",
        game="aliens_env.glorious_day.tactics:GloriousDayTactics",
        policies={
            "dice": "aliens_env.glorious_day.policies:GloriousDiceAI",
            "scripted": "aliens_env.glorious_day.policies:ScriptedHive",
            "heuristic": "aliens_env.glorious_day.tactics:HeuristicCommander",
        },
    )
)

__all__ = ["REGISTRY", "GameSpec", "get_spec", "make_policy", "register_game"]
