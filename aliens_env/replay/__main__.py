"""`python -m aliens_env.replay check|view|video FILE`: see aliens_env.replay.

    python -m aliens_env.replay check game.json
    python -m aliens_env.replay view game.json [--out game.html] [--viewer all|marines|hive] [--no-open]
    python -m aliens_env.replay video game.json --out game.gif [--fps 4] [--viewer ...]

A file that cannot be read, is not a replay of this format version, or does not reproduce is a
one-line error and exit code 1.
"""
from __future__ import annotations

import argparse
import os
import sys

from . import ReplayError, check, load


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m aliens_env.replay", description="Check, view or film a replay file.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="replay the file and confirm it reproduces the game exactly")
    p.add_argument("file", help="a replay file (JSON)")
    p = sub.add_parser("view", help="write one self-contained HTML page of the replay and open it")
    p.add_argument("file", help="a replay file (JSON)")
    p.add_argument("--out", help="the HTML file (default: FILE with .html)")
    p.add_argument("--viewer", default="all", choices=["all", "marines", "hive"],
                   help="whose view: all (a spectator: everything) or one side's (the other hand hidden)")
    p.add_argument("--no-open", action="store_true", help="do not open it in a browser")
    p = sub.add_parser("video", help="write the replay as a GIF or MP4 (needs imageio)")
    p.add_argument("file", help="a replay file (JSON)")
    p.add_argument("--out", required=True, help="game.gif or game.mp4")
    p.add_argument("--fps", type=float, default=4.0)
    p.add_argument("--viewer", default="all", choices=["all", "marines", "hive"])
    for p in sub.choices.values():
        p.add_argument("--any-version", action="store_true",
                       help="try a replay recorded by another aliens_env version (it must still reproduce)")
    args = parser.parse_args(argv)
    try:
        replay = load(args.file)
        if args.command == "check":
            summary = check(replay, args.any_version)
            state = "over" if summary["over"] else "not over"
            print(f"{args.file}: reproduces: {summary['env']}, {summary['steps']} steps, the game {state}; "
                  f"outcome {summary['outcome']}")
        elif args.command == "view":
            from .viewer import write

            out = args.out or os.path.splitext(args.file)[0] + ".html"
            write(replay, out, args.viewer, args.any_version)
            print(f"wrote {out}")
            if not args.no_open:
                import pathlib
                import webbrowser

                webbrowser.open(pathlib.Path(out).resolve().as_uri())
        else:
            from .video import write

            viewer = None if args.viewer == "all" else args.viewer
            print(f"wrote {write(replay, args.out, args.fps, viewer, args.any_version)}")
    except ReplayError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
