"""How long Reactor Room games last, and whether the rules end every one of them.

    python -m aliens_env.reactor_room.game_lengths --games 10000 --marines heuristic random --hive dice

The rulebook sets "no time limit": a game ends when no Marine left on the map can act again (all
out, dead or Incapacitated). This plays seeded games with the default options (no cap) and
reports, per marine policy, how many ended by the rules, the longest game in turns (and its
seed) and the spread of lengths. Game i uses seed SEED+i for the dice, 2(SEED+i)+1 for the
marines and 2(SEED+i)+2 for the hive, as evaluate.py does. ``--guard`` is a safety net only: a
game still going after that many turns is cut there and reported as not ended by the rules.
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from ..core.policy import play_out
from ..envs.registry import builtin_policy_names, get_spec, make_policy


def game_lengths(marines: str, hive: str = "dice", games: int = 1000, seed: int = 0, guard: int = 10_000,
                 env: str = "ReactorRoom") -> dict:
    """Play ``games`` default games (the rulebook's: no turn limit) and summarise their lengths."""
    game = get_spec(env).make_game(turn_limit=guard)
    policies = {"marines": make_policy(env, "marines", marines, seed=seed), "hive": make_policy(env, "hive", hive, seed=seed)}
    turns, results, unended = [], {1: 0, 0: 0, -1: 0}, []
    for s in range(seed, seed + games):
        game.reset(s)
        for side, offset in (("marines", 1), ("hive", 2)):
            if hasattr(policies[side], "seed"):
                policies[side].seed(2 * s + offset)
        play_out(game, policies)
        turns.append(game.turn)
        if game.truncated_by() is not None:
            unended.append(s)
        else:
            results[game.outcome()["marines"]] += 1
    t = np.asarray(turns)
    longest = int(t.argmax())
    return {
        "marines": marines, "hive": hive, "games": games, "seed": seed, "guard": guard,
        "ended_by_rules": games - len(unended), "not_ended_seeds": unended,
        "longest_turns": int(t[longest]), "longest_seed": seed + longest,
        "mean_turns": float(t.mean()), "median_turns": float(np.median(t)),
        "p99_turns": float(np.percentile(t, 99)),
        "win": results[1], "draw": results[0], "loss": results[-1],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--marines", nargs="+", default=["heuristic", "random"], metavar="SPEC")
    p.add_argument("--hive", default="dice", metavar="SPEC")
    p.add_argument("--env", default="ReactorRoom", choices=["ReactorRoom", "ReactorRoomTactics"])
    p.add_argument("--guard", type=int, default=10_000, help="safety net: cut a game still going after this many turns")
    args = p.parse_args(argv)
    if args.games < 1 or args.guard < 1:
        p.error("--games and --guard must be at least 1")
    for spec in [*args.marines, args.hive]:
        if ":" in spec:
            p.error(f"{spec!r}: only built-in policies here ({builtin_policy_names(args.env)})")
    print(f"{args.env}, {args.games} games per row (seeds {args.seed}-{args.seed + args.games - 1}), "
          f"default options (no turn limit), hive {args.hive}")
    print(f"{'marines':<10} {'ended by rules':>15} {'longest (turns)':>16} {'its seed':>9} {'mean':>6} {'median':>7} "
          f"{'99%':>5} {'win':>5} {'draw':>5} {'loss':>5} {'secs':>6}")
    ok = True
    for marines in args.marines:
        start = time.time()
        try:
            r = game_lengths(marines, args.hive, args.games, args.seed, args.guard, args.env)
        except ValueError as exc:
            p.error(str(exc))
        ok &= r["ended_by_rules"] == r["games"]
        print(f"{marines:<10} {r['ended_by_rules']:>9}/{r['games']:<5} {r['longest_turns']:>16} {r['longest_seed']:>9} "
              f"{r['mean_turns']:>6.1f} {r['median_turns']:>7.0f} {r['p99_turns']:>5.0f} {r['win']:>5} {r['draw']:>5} "
              f"{r['loss']:>5} {time.time() - start:>6.0f}")
        if r["not_ended_seeds"]:
            print(f"  not ended by the rules within {args.guard} turns: seeds {r['not_ended_seeds'][:20]}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
