"""Recorded seeded games of every registered environment, hashed: the guard that keeps behaviour
while the code changes for speed (issue 16). Each game plays seeded built-in policies through the
Game contract; the hash covers every legal mask, both sides' observations, each action, the final
position's JSON and the outcome.

    python -m tests.recorded_games            # print the hashes of this tree
    python -m tests.recorded_games --record   # write them to tests/data/recorded_games.json

Record only when a rule is meant to change (say so in the commit), never to make a speed change
pass. A newly registered environment is recorded once, the day it lands."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np

import aliens_env
from aliens_env.core.game import SIDES
from aliens_env.envs.registry import get_spec, make_policy

RECORD_FILE = Path(__file__).parent / "data" / "recorded_games.json"
GAMES_PER_PAIRING = 3
MAX_STEPS = 3000

#: option sets played per environment, besides the defaults
VARIANTS: dict[str, list[dict]] = {
    "BugHunt": [
        {},
        {"mission": "kill_queen", "squad": "two_squads", "bug_master_picks": True},
        {"squad": "armoured", "apc": True, "electronic_locks": True, "satellite_comms": True},
        {"mission": "kill_queen", "free_bug_master": True},
    ],
    "OperationsAirDucts": [{}, {"scenario": "lets_eat_burke"}, {"scenario": "gormans_last_stand", "beginner": True}],
}


def pairings(name: str) -> list[tuple[str, str]]:
    """(marine policy, hive policy): random and each side's default built-in, in every pairing."""
    defaults = get_spec(name).default_opponent
    return sorted({(m, h) for m in ("random", defaults["marines"]) for h in ("random", defaults["hive"])})


def play(name: str, options: dict, marines: str, hive: str, seed: int) -> str:
    game = get_spec(name).make_game(**options)
    game.reset(seed)
    policies = {"marines": make_policy(name, "marines", marines, seed=seed),
                "hive": make_policy(name, "hive", hive, seed=seed + 1)}
    h = hashlib.sha256()
    steps = 0
    while not game.is_terminal() and steps < MAX_STEPS:
        player = game.current_player()
        h.update(game.legal_mask(player).tobytes())
        for side in SIDES:
            h.update(np.ascontiguousarray(game.observe(side), dtype=np.float32).tobytes())
        action = int(policies[player].act(game, player))
        h.update(f"{player}:{action};".encode())
        game.apply(action)
        steps += 1
    h.update(json.dumps(game.to_dict(), sort_keys=True).encode())
    h.update(json.dumps(game.outcome(), sort_keys=True, default=str).encode())
    return h.hexdigest()


def fingerprint(name: str) -> str:
    """One hash over every recorded game of an environment."""
    total = hashlib.sha256()
    for k, options in enumerate(VARIANTS.get(name, [{}])):
        for marines, hive in pairings(name):
            for g in range(GAMES_PER_PAIRING):
                total.update(play(name, options, marines, hive, seed=1000 * k + g).encode())
    return total.hexdigest()


def main(argv: list[str]) -> None:
    names = sorted(aliens_env.REGISTRY)
    prints = {name: fingerprint(name) for name in names}
    for name, digest in prints.items():
        print(f"{name:24s} {digest}")
    if "--record" in argv:
        RECORD_FILE.parent.mkdir(exist_ok=True)
        RECORD_FILE.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n")
        print(f"wrote {RECORD_FILE}")


if __name__ == "__main__":
    main(sys.argv[1:])
