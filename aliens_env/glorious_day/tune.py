"""Measure Another Glorious Day in the Corps: the marines' mission results against each Hive,
with Wilson 95% intervals: the check that the designed numbers keep the game plausible (scripted
marines win some and lose some against the automated Aliens; random marines almost never win).

    python -m aliens_env.glorious_day.tune                  # 1,000 seeded games per match-up
    python -m aliens_env.glorious_day.tune --games 200 --mission escape
    python -m aliens_env.glorious_day.tune --mission sulaco     # or queen_lair, loader_bay
    python -m aliens_env.glorious_day.tune --mission newt --campaign --matchups dice
    python -m aliens_env.glorious_day.tune --mission newt --campaign --apc-chase --matchups dice

Match-ups: heuristic and random marines against the core game's automated Aliens (the `dice`
hive, no Hive player), and heuristic marines against the `dice` and the `scripted` Hive player.
Game i is seeded with seed0 + i; a random player with seed0 + i + 1.
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

from ..core.policy import RandomPolicy, play_out
from ..core.stats import wilson_interval
from .game import GloriousDay
from .missions import WINS
from .policies import GloriousDiceAI, HeuristicMarines, ScriptedHive

#: (marines, hive, hive_player)
MATCHUPS = (("heuristic", "dice", False), ("random", "dice", False), ("heuristic", "dice", True),
            ("heuristic", "scripted", True))


def make(kind: str, seed: int):
    players = {"heuristic": HeuristicMarines, "dice": GloriousDiceAI, "scripted": ScriptedHive}
    if kind == "random":
        return RandomPolicy(seed)
    if kind not in players:
        raise ValueError(f"unknown player {kind!r}; allowed: random, {', '.join(players)}")
    return players[kind]()


def match(marines: str, hive: str, hive_player: bool, games: int = 1000, seed0: int = 0, mission: str = "newt",
          campaign: bool = False, apc_chase: bool = False) -> dict:
    """Play `games` seeded games; the marines' wins, rate, interval and how the games ended."""
    game = GloriousDay(mission=mission, hive_player=hive_player, campaign=campaign, apc_chase=apc_chase)
    ends, steps = Counter(), 0
    for i in range(games):
        seed = seed0 + i
        game.reset(seed)
        players = {"marines": make(marines, seed + 1), "hive": make(hive, seed + 1)}
        steps += play_out(game, players)
        ends[game.end] += 1
    wins = sum(ends[end] for end in WINS)
    return {"wins": wins, "rate": wins / games, "interval": wilson_interval(wins, games), "ends": dict(ends),
            "steps_per_game": steps / games}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed0", type=int, default=0)
    parser.add_argument("--mission", default="newt",
                        help="the mission (missions.yaml: newt, escape, ..., sulaco, queen_lair, loader_bay), "
                             "or where the campaign starts")
    parser.add_argument("--campaign", action="store_true", help="play the campaign from --mission as one episode")
    parser.add_argument("--apc-chase", action="store_true", help="with --campaign: APC Chase between missions 2 and 3")
    parser.add_argument("--matchups", default="all", choices=("all", "dice", "automated"),
                        help="dice (or automated): only heuristic marines against the automated Aliens")
    args = parser.parse_args(argv)
    print(f"mission {args.mission}{' (campaign)' if args.campaign else ''}{' with APC Chase' if args.apc_chase else ''}, "
          f"{args.games} seeded games per match-up; "
          "marines' win rate [95% interval]")
    for marines, hive, hive_player in MATCHUPS if args.matchups == "all" else MATCHUPS[:1]:
        start = time.perf_counter()
        r = match(marines, hive, hive_player, args.games, args.seed0, args.mission, args.campaign, args.apc_chase)
        lo, hi = r["interval"]
        who = f"{hive} {'Hive player' if hive_player else 'automated Aliens'}"
        print(f"  {marines:9s} vs {who:26s} {r['rate']:.3f} [{lo:.3f}, {hi:.3f}]  ends {r['ends']}  "
              f"{r['steps_per_game']:.0f} steps/game, {time.perf_counter() - start:.0f}s")


if __name__ == "__main__":
    main()
