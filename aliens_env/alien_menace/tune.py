"""Measure Alien Menace: win rates of the scripted players (the dice AI) and random players, in
both seatings, with Wilson 95% intervals, and the game's speed under random play.

    python -m aliens_env.alien_menace.tune                 # 2,000 seeded games per match-up
    python -m aliens_env.alien_menace.tune --games 500 --cards my_cards.yaml

Game i of a match-up is seeded with seed0 + i (the game's dice: shuffles, tokens, the dice AI's
tie-breaks); random players are seeded with seed0 + i + 1 (as the Gymnasium adapter does).
"""
from __future__ import annotations

import argparse
import time

from ..core.policy import RandomPolicy, play_out
from ..core.stats import wilson_interval
from .dice_ai import AlienMenaceDiceAI
from .game import AlienMenace


def make(kind: str, seed: int):
    if kind == "dice":
        return AlienMenaceDiceAI(seed=seed)
    if kind == "random":
        return RandomPolicy(seed)
    raise ValueError(f"unknown player {kind!r}; allowed: dice, random")


def match(marines: str, hive: str, games: int = 2000, seed0: int = 0, **options) -> dict:
    """Play `games` seeded games; returns the Alien's wins, rate, interval, steps per game."""
    game = AlienMenace(**options)
    wins = steps = 0
    for i in range(games):
        seed = seed0 + i
        game.reset(seed)
        players = {"marines": make(marines, seed + 1), "hive": make(hive, seed + 1)}
        steps += play_out(game, players)
        wins += game.winner == "hive"
    low, high = wilson_interval(wins, games)
    return {"marines": marines, "hive": hive, "games": games, "hive_wins": wins, "hive_rate": wins / games,
            "wilson95": (low, high), "steps_per_game": steps / games}


def speed(seconds: float = 3.0, seed: int = 0, **options) -> float:
    """Game steps (apply of a random legal action, mask included) per second."""
    game = AlienMenace(**options)
    policy = RandomPolicy(seed)
    steps, start, i = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        game.reset(seed + i)
        i += 1
        steps += play_out(game, {"marines": policy, "hive": policy})
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cards", default=None, help="a cards YAML to use instead of data/cards.yaml")
    parser.add_argument("--only-dice", action="store_true", help="only the dice AI against itself")
    args = parser.parse_args(argv)
    options = {"cards_file": args.cards} if args.cards else {}
    pairs = [("dice", "dice")] if args.only_dice else [("dice", "dice"), ("random", "dice"), ("dice", "random"), ("random", "random")]
    print(f"{'marines':>8} {'hive':>8} {'games':>6} {'Alien wins':>10} {'Wilson 95%':>16} {'steps/game':>10}")
    for marines, hive in pairs:
        r = match(marines, hive, args.games, args.seed, **options)
        low, high = r["wilson95"]
        print(f"{marines:>8} {hive:>8} {r['games']:>6} {r['hive_rate']:>10.1%} {f'{low:.1%}-{high:.1%}':>16} {r['steps_per_game']:>10.1f}")
    if not args.only_dice:
        print(f"speed: {speed(**options):,.0f} game steps/s (random play, one core)")


if __name__ == "__main__":
    main()
