"""How many of the heuristic marines' Moves and Attacks (against the dice Hive) Glorious Day's
compact rows hold (A74 of docs/rules/glorious_day.md): the Move is row 0's, the Attack a target row's.

    python tools/gd_row_share.py [MISSION ...] [--games 40]

prints, per mission, the Moves and Attacks made and how many the rows hold (seeds 100000 + game).
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from aliens_env.glorious_day import compact_rows  # noqa: E402
from aliens_env.glorious_day.game import GloriousDay  # noqa: E402
from aliens_env.glorious_day.policies import GloriousDiceAI, HeuristicMarines  # noqa: E402


def share(mission: str, games: int) -> dict[str, int]:
    marines, hive = HeuristicMarines(), GloriousDiceAI()
    count = dict.fromkeys(("moves", "moves held", "attacks", "attacks held"), 0)
    for seed in range(games):
        g = GloriousDay(mission=mission)
        g.reset(100000 + seed)
        while not g.is_terminal() and not g.truncated_by():
            player = g.current_player()
            action = (marines if player == "marines" else hive).act(g, player)
            if player == "marines" and g.decision.kind == "action":
                kind, index = g.layout.decode(action)
                if kind == "move":
                    count["moves"] += 1
                    count["moves held"] += compact_rows.move_rows(g, 6)[0][0] == index
                elif kind == "attack":
                    count["attacks"] += 1
                    count["attacks held"] += index in compact_rows.target_rows(g, 4)[0]
            g.apply(action)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("missions", nargs="*", default=["newt", "escape", "queen_apc", "loader_bay", "apc_chase", "sulaco"])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    for mission in args.missions:
        print(mission, share(mission, args.games))


if __name__ == "__main__":
    main()
