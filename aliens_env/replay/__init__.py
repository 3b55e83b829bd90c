"""Replays: record a game, check that a replay file reproduces, view it in a browser, make a video.

    from aliens_env.replay import record
    env = record(gym.make("aliens_env/ReactorRoom-v0"))   # or a PettingZoo AEC env, or a Game
    env.reset(seed=0); ...; env.save("game.json")

    python -m aliens_env.replay check game.json
    python -m aliens_env.replay view game.json [--out game.html] [--viewer marines] [--no-open]
    python -m aliens_env.replay video game.json --out game.gif

The file format is in ``fileformat``; the package needs neither torch nor a browser (the video
needs imageio: ``pip install "aliens-env[viewer]"``).
"""
from __future__ import annotations

import json
from typing import Iterator

from .fileformat import FORMAT_VERSION, MAX_BYTES, MAX_STEPS, ReplayError, load, loads, save, validate
from .recorder import Recorder, record

__all__ = ["FORMAT_VERSION", "MAX_BYTES", "MAX_STEPS", "ReplayError", "Recorder", "check", "load", "loads",
           "record", "replay_states", "save", "validate"]


def _plain(data):
    return json.loads(json.dumps(data))


def _first_difference(a, b, path: str = "") -> str:
    """Where two JSON values first differ, as a path (``marines[2].pos``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip(".")
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} vs {len(b)})".lstrip(".")
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path.lstrip(".") or "(the whole value)"


def replay_states(replay: dict, any_version: bool = False) -> Iterator[tuple[int, object]]:
    """Play ``replay`` (checked by ``validate``) again: yields (0, the starting game), then
    (i + 1, the game after step i) for each step, the same game object throughout. Every step
    is checked as it is played: the action legal, its name and player as recorded, the same
    dice; after the last, the final position. The first difference is a ReplayError."""
    import aliens_env
    from aliens_env.envs.registry import REGISTRY, load_object

    if replay["aliens_env_version"] != aliens_env.__version__ and not any_version:
        raise ReplayError(f"replay recorded with aliens_env {replay['aliens_env_version']}, this is "
                          f"{aliens_env.__version__}: its rules may differ (check it with --any-version to try anyway)")
    name = replay["env"]
    if name not in REGISTRY:
        raise ReplayError(f"replay of unknown environment {name!r}; registered: {sorted(REGISTRY)}")
    spec = REGISTRY[name]
    start = replay["start"]
    if replay["options"] != start.get("config", {}):
        raise ReplayError("the replay's options differ from its start position's config: the file was changed")
    try:
        if replay["seed"] is not None:
            game = spec.make_game(**replay["options"])
            game.reset(replay["seed"])
            if _plain(game.to_dict()) != start:
                where = _first_difference(_plain(game.to_dict()), start)
                raise ReplayError(f"the start is not what seed {replay['seed']} deals (first difference: {where}): "
                                  "the file was changed or recorded by other rules")
        else:
            game = load_object(spec.game).from_dict(start)
    except ReplayError:
        raise
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"the replay's options or start position are not valid: {exc}") from None
    if game.name != name:
        raise ReplayError(f"the start position is of {game.name}, the replay says {name}")
    yield 0, game
    for i, step in enumerate(replay["steps"]):
        at = f"step {i}"
        if game.is_terminal():
            raise ReplayError(f"{at}: the game was already over; the replay has {len(replay['steps'])} steps")
        player = game.current_player()
        if step["player"] != player:
            raise ReplayError(f"{at}: the replay says {step['player']} moves, but it is {player}'s move")
        for low, high, value in step["choice_dice"]:  # rolled again: the dice go on as they went
            if game.dice._roll(low, high, "recorded roll") != value:
                raise ReplayError(f"{at}: the dice rolled while choosing differ from the replay's {step['choice_dice']}")
        reason = game.illegal_reason(step["action"])
        if reason is not None:
            raise ReplayError(f"{at}: action {step['action']} is not legal: {reason}")
        name_now = game.describe_action(step["action"])
        if name_now != step["name"]:
            raise ReplayError(f"{at}: action {step['action']} is {name_now!r}, the replay calls it {step['name']!r:.120}")
        rolled: list = []
        game.dice.log = rolled
        try:
            game.apply(step["action"])
        finally:
            game.dice.log = None
        rolled = [value for _, _, value in rolled]
        if rolled != step["dice"]:
            raise ReplayError(f"{at} ({step['name']}): the dice rolled {rolled}, the replay says {step['dice']}")
        yield i + 1, game
    final = _plain(game.to_dict())
    if final != replay["final"]:
        raise ReplayError(f"the final position differs from the replay's (first difference: "
                          f"{_first_difference(final, replay['final'])})")
    outcome = _plain(game.outcome()) if game.is_terminal() else None
    if outcome != replay["outcome"]:
        raise ReplayError(f"the outcome is {outcome}, the replay says {replay['outcome']}")


def check(replay: dict, any_version: bool = False) -> dict:
    """Reproduce ``replay`` completely; returns a summary (env, steps, outcome). A ReplayError
    names the first step that differs."""
    last = None
    for _, game in replay_states(replay, any_version):
        last = game
    return {"env": replay["env"], "steps": len(replay["steps"]), "over": last.is_terminal(),
            "outcome": replay["outcome"]}
