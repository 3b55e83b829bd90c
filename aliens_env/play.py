"""Play any registered environment in the terminal, choosing from the legal actions by name.

    python -m aliens_env.play ReactorRoom                    # you: marines, against the dice AI
    python -m aliens_env.play ReactorRoom --side hive        # you: the hive, against heuristic marines
    python -m aliens_env.play ReactorRoom --opponent random --seed 3 --save game.json
    python -m aliens_env.play RipleyQueen --replay game.replay.json   # then: python -m aliens_env.replay view game.replay.json
    python -m aliens_env.play ReactorRoom --option ammunition=true --option fires=true   # the env's options

At the prompt type the number of an action, or a unique part of its name; `?` lists the legal
actions again, `s FILE` saves the position as JSON, `q` quits. --load FILE continues a saved
position (the file written by `s` or --save). End of input (Ctrl-D) or Ctrl-C also quits; a file
that cannot be read or written, a position of another game or an opponent that cannot be made
is a one-line error and exit code 1.
"""
from __future__ import annotations

import argparse
import json
import sys

import aliens_env
from aliens_env.core.game import RESULTS, other_side
from aliens_env.envs.registry import get_spec, make_policy


class PlayError(Exception):
    """What went wrong, in one line for the terminal (exit code 1)."""


def choose(game, player, read=input, write=print) -> int | None:
    """Ask for one legal action; None means quit."""
    legal = game.legal_actions(player)
    names = [game.describe_action(a) for a in legal]
    write("\n".join(f"  {i:>2}  {name}" for i, name in enumerate(names)))
    while True:
        answer = read(f"{player}> ").strip()  # EOFError (Ctrl-D) is the caller's
        if answer in ("q", "quit", "exit"):
            return None
        if not answer:
            write(f"type the number of an action (0-{len(legal) - 1}) or a unique part of its name; '?' lists them, 'q' quits")
            continue
        if answer == "?":
            write("\n".join(f"  {i:>2}  {name}" for i, name in enumerate(names)))
            continue
        if answer.startswith("s "):
            path = answer[2:].strip()
            try:
                save(game, path)
            except PlayError as exc:
                write(str(exc))
                continue
            write(f"saved to {path}")
            continue
        if answer.isdigit() and int(answer) < len(legal):
            return legal[int(answer)]
        matches = [a for a, name in zip(legal, names) if answer.lower() in name.lower()]
        if len(matches) == 1:
            return matches[0]
        write(f"{answer!r} matches {len(matches)} legal actions; type a number 0-{len(legal) - 1}, '?' or 'q'")


def save(game, path: str) -> None:
    try:
        with open(path, "w") as f:
            json.dump(game.to_dict(), f)
    except OSError as exc:
        raise PlayError(f"cannot save to {path}: {exc.strerror or exc}") from None


def load(game_class, path: str):
    try:
        with open(path) as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise PlayError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return game_class.from_json(text)
    except ValueError as exc:
        raise PlayError(f"{path}: {exc}") from None


def main(argv=None, read=input, write=print) -> int:
    parser = argparse.ArgumentParser(description="Play an aliens_env game in the terminal.")
    parser.add_argument("env", help=f"one of {sorted(aliens_env.REGISTRY)}")
    parser.add_argument("--side", default="marines", choices=["marines", "hive"])
    parser.add_argument("--opponent", default=None, help="policy spec for the other side (default: the env's default)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load", help="continue a saved JSON position")
    parser.add_argument("--save", help="write the final position to this JSON file")
    parser.add_argument("--replay", metavar="FILE", help="record the game (both sides' actions and the dice) as a replay file")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of the environment (repeatable); VALUE is read as JSON (true, 3), else as text")
    args = parser.parse_args(argv)
    try:
        spec = get_spec(args.env)
    except KeyError as exc:
        parser.error(str(exc.args[0]))
    try:
        return play(args, spec, read, write)
    except PlayError as exc:
        print(f"{parser.prog}: error: {exc}", file=sys.stderr)
        return 1


def env_options(pairs: list[str]) -> dict:
    """--option KEY=VALUE pairs as keywords: VALUE read as JSON, else as text."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise PlayError(f"--option {pair!r}: give KEY=VALUE, e.g. --option ammunition=true")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def play(args, spec, read, write) -> int:
    try:
        game = spec.make_game(**env_options(args.option))
    except (TypeError, ValueError) as exc:
        raise PlayError(f"options: {exc}") from None
    if args.load:
        game = load(type(game), args.load)
    else:
        game.reset(args.seed)
    try:
        opponent = make_policy(spec.name, other_side(args.side), args.opponent, seed=args.seed)
    except (ValueError, OSError, ImportError) as exc:
        raise PlayError(f"opponent {args.opponent!r}: {exc}") from None
    code = 0
    apply = game.apply
    if args.replay:
        from aliens_env.replay import record

        recorder = record(game, players={args.side: "you", other_side(args.side): str(args.opponent or "default")})
        recorder.seed = None if args.load else args.seed
        apply = recorder.apply
    try:
        while not game.is_terminal():
            player = game.current_player()
            if player != args.side:
                apply(opponent.act(game, player))
                continue
            write("\n" + game.render_text(viewer=args.side))
            action = choose(game, player, read, write)
            if action is None:
                write("quit")
                break
            apply(action)
    except (EOFError, KeyboardInterrupt) as exc:  # Ctrl-D, Ctrl-C: quit
        write("bye")
        code = 130 if isinstance(exc, KeyboardInterrupt) else 0
    write("\n" + game.render_text(viewer=None if game.is_terminal() else args.side))
    if game.is_terminal():
        outcome = game.outcome()
        cut = game.truncated_by()
        result = f"none: the game was cut by {cut} (truncated)" if cut else RESULTS[outcome[args.side]]
        write(f"\nresult for {args.side}: {result}  score: {outcome['score']}")
    if hasattr(opponent, "stats"):  # a search agent: how fast it decided
        write(f"opponent {opponent.label}: {opponent.stats()['decisions_per_second']:.1f} decisions per second")
    if args.save:
        save(game, args.save)
    if args.replay:
        try:
            recorder.save(args.replay)
        except OSError as exc:
            raise PlayError(f"cannot save the replay to {args.replay}: {exc.strerror or exc}") from None
        write(f"replay saved to {args.replay}")
    return code


if __name__ == "__main__":
    sys.exit(main())
