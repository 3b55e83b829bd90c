"""The replay file: JSON, one game from its starting position to its end, enough to reproduce it.

    {"format": "aliens-env-replay", "format_version": 1, "aliens_env_version": "0.1.0",
     "env": "ReactorRoom", "options": {...the game's options...}, "seed": 3 or null,
     "players": {"marines": "heuristic", "hive": "dice"},      # who played each side (labels)
     "start": {...the starting position, game.to_dict()...},
     "steps": [{"action": 12, "name": "Apone: move north", "player": "marines",
                "choice_dice": [[0, 9, 7]], "dice": [4]}, ...],
     "final": {...the final position...}, "outcome": {...game.outcome()...} or null}

``seed`` is the seed ``game.reset(seed)`` dealt ``start`` from (null when the game started from a
saved position); each step's ``name`` is ``describe_action`` before it was taken, ``player`` the
side that took it, ``choice_dice`` the rolls of the game's dice made while the action was chosen
(a dice AI rolls them: [lowest, highest, result] each, enough to roll them again) and ``dice``
every result the game's dice rolled while it was carried out.
A file is checked here field by field (``load``); that it reproduces is checked by
``aliens_env.replay.reproduce``.
"""
from __future__ import annotations

import json
import os

FORMAT = "aliens-env-replay"
FORMAT_VERSION = 1
#: the largest replay file read (bytes) and the most steps: beyond either it is an error, so a
#: viewer never freezes on a stranger's file
MAX_BYTES = 20_000_000
MAX_STEPS = 5_000
#: the longest string of a step or a player label
MAX_TEXT = 500
KEYS = ("format", "format_version", "aliens_env_version", "env", "options", "seed", "players", "start", "steps",
        "final", "outcome")
STEP_KEYS = ("action", "name", "player", "choice_dice", "dice")


class ReplayError(ValueError):
    """A replay that cannot be read or does not reproduce; the message is one line naming why."""


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(data, where: str = "replay") -> dict:
    """The replay ``data`` (parsed JSON) checked field by field; a ReplayError names the first
    field that is wrong and what is allowed."""
    if not isinstance(data, dict):
        raise ReplayError(f"{where}: a replay is a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise ReplayError(f"{where}: not an aliens-env replay (\"format\" must be {FORMAT!r})")
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise ReplayError(f"{where}: replay format version {version!r}; this aliens_env reads version {FORMAT_VERSION}")
    missing = [k for k in KEYS if k not in data]
    extra = sorted(set(data) - set(KEYS))
    if missing or extra:
        raise ReplayError(f"{where}: missing field(s) {missing} / unknown field(s) {extra}; a replay has {list(KEYS)}")
    for key in ("aliens_env_version", "env"):
        if not isinstance(data[key], str) or len(data[key]) > MAX_TEXT:
            raise ReplayError(f"{where}: {key} must be a string, got {data[key]!r:.80}")
    for key in ("options", "start", "final", "players"):
        if not isinstance(data[key], dict):
            raise ReplayError(f"{where}: {key} must be a JSON object, got {type(data[key]).__name__}")
    for side, label in data["players"].items():
        if side not in ("marines", "hive") or not isinstance(label, str) or len(label) > MAX_TEXT:
            raise ReplayError(f"{where}: players must map marines/hive to a label of at most {MAX_TEXT} characters")
    if data["seed"] is not None and not _int(data["seed"]):
        raise ReplayError(f"{where}: seed must be an integer or null, got {data['seed']!r:.80}")
    if data["outcome"] is not None and not isinstance(data["outcome"], dict):
        raise ReplayError(f"{where}: outcome must be a JSON object or null")
    steps = data["steps"]
    if not isinstance(steps, list):
        raise ReplayError(f"{where}: steps must be a list, got {type(steps).__name__}")
    if len(steps) > MAX_STEPS:
        raise ReplayError(f"{where}: {len(steps)} steps; a replay may hold at most {MAX_STEPS}")
    for i, step in enumerate(steps):
        at = f"{where}: steps[{i}]"
        if not isinstance(step, dict) or sorted(step) != sorted(STEP_KEYS):
            raise ReplayError(f"{at} must be an object with exactly the fields {list(STEP_KEYS)}")
        if not _int(step["action"]) or step["action"] < 0:
            raise ReplayError(f"{at}.action must be a whole number >= 0, got {step['action']!r:.80}")
        if step["player"] not in ("marines", "hive"):
            raise ReplayError(f"{at}.player must be \"marines\" or \"hive\", got {step['player']!r:.80}")
        if not isinstance(step["name"], str) or len(step["name"]) > MAX_TEXT:
            raise ReplayError(f"{at}.name must be a string of at most {MAX_TEXT} characters")
        if not isinstance(step["dice"], list) or not all(_int(v) and 0 <= v <= 10_000 for v in step["dice"]):
            raise ReplayError(f"{at}.dice must be a list of die results (whole numbers 0-10000)")
        rolls = step["choice_dice"]
        if not isinstance(rolls, list) or not all(
                isinstance(r, list) and len(r) == 3 and all(_int(v) for v in r) and 0 <= r[0] <= r[2] <= r[1] <= 10_000
                for r in rolls):
            raise ReplayError(f"{at}.choice_dice must be a list of rolls [lowest, highest, result] (0-10000)")
    return data


def loads(text: str, where: str = "replay") -> dict:
    if len(text) > MAX_BYTES:
        raise ReplayError(f"{where}: {len(text)} characters; a replay may be at most {MAX_BYTES} bytes")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ReplayError(f"{where}: not valid JSON ({exc})") from None
    return validate(data, where)


def load(path: str) -> dict:
    """Read and check a replay file (its size first: an oversized file is not read)."""
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise ReplayError(f"{path}: {size} bytes; a replay may be at most {MAX_BYTES} bytes")
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    return loads(text, path)


def save(replay: dict, path: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(replay, f, separators=(",", ":"))
