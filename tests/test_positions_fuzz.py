"""Mutated positions, for every registered environment: a loader either refuses a position with
a ValueError that names the field, or the position plays on legally with every observation in
the space. And loading never aliases the caller's data.

Valid positions come from seeded random play at several depths; each mutation changes one field
(deleted, a wrong type, out of range, huge, negative, None, NaN, a list or dict changed) or cuts
the JSON text short. The default run tries ``ALIENS_FUZZ_MUTATIONS`` (500) mutations per
ruleset; the full run sets it to 2000 (or more):

    ALIENS_FUZZ_MUTATIONS=2000 python -m pytest tests/test_positions_fuzz.py
    PYTHONPATH=. python tests/test_positions_fuzz.py --mutations 2000   # the table of outcomes

(the table's PYTHONPATH picks the source tree that is measured, e.g. an older checkout.)
"""
from __future__ import annotations

import copy
import json
import math
import os
import random
import sys
from collections import Counter

import numpy as np
import pytest

import aliens_env
from aliens_env.core.policy import RandomPolicy
from aliens_env.envs.registry import REGISTRY, get_spec

ROUND_TRIP_STEPS = 400  # per game of test_every_position_of_random_games_saves_and_loads
MUTATIONS = int(os.environ.get("ALIENS_FUZZ_MUTATIONS", "500"))
DEPTHS = (0, 3, 10, 30, 80, 200)  # actions of random play before a position is taken
PLAY_STEPS = 25  # how long an accepted position must play on
OUTCOMES = ("named", "unnamed", "other_exception", "crashed_in_play", "bad_observation", "accepted_ok")
HUGE = 10**30


#: optional rules whose positions hold more fields (tried beside each env's default config)
EXTRA_CONFIGS = {
    "BugHunt": [{"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True,
                 "mission": "kill_queen"}, {"bug_master_picks": True, "ripley_four_lp": True}],
    "OperationsAirDucts": [{"scenario": "lets_eat_burke", "beginner": True}, {"scenario": "gormans_last_stand"},
                           {"door_grenade": True}],
    "GloriousDay": [{"mission": "sulaco"}, {"mission": "loader_bay", "hive_player": False},
                    {"mission": "escape"}, {"mission": "retrieve", "campaign": True}, {"mission": "apc_chase"},
                    {"mission": "queen_apc"}],
}


def seed_positions(name: str, games: int = 2) -> list[dict]:
    """JSON-ready positions of seeded random games, taken at each of DEPTHS (and the end), with
    the default config and each of EXTRA_CONFIGS."""
    out = []
    for seed, config in [(seed, config) for seed in range(games) for config in [{}, *EXTRA_CONFIGS.get(name, [])]]:
        game = get_spec(name).make_game(**config)
        game.reset(seed)
        policy = RandomPolicy(seed)
        for step in range(max(DEPTHS) + 1):
            if step in DEPTHS or game.is_terminal():
                out.append(json.loads(json.dumps(game.to_dict())))
            if game.is_terminal():
                break
            game.apply(policy.act(game, game.current_player()))
    return out


# -- mutations ---------------------------------------------------------------------------------
def _pick_path(data, rng: random.Random) -> tuple:
    """A random path (keys and indices) into the position: a top-level field, then a random
    walk down that stops at each level with some probability."""
    keys = [k for k in data if k != "game"]
    path = (rng.choice(keys),)
    node = data[path[0]]
    while isinstance(node, (dict, list)) and node and rng.random() > 0.3:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path += (key,)
        node = node[key]
    return path


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _wrong_type(value, rng):
    if isinstance(value, bool):
        return rng.choice(["x", 1, None, [True]])
    if isinstance(value, int):
        return rng.choice(["x", str(value), float(value) + 0.5, [value], {"v": value}, True])
    if isinstance(value, float):
        return rng.choice(["x", [value], True])
    if isinstance(value, str):
        return rng.choice([7, [value], {"v": value}, True])
    if isinstance(value, list):
        return rng.choice(["x", 3, {"0": value[0] if value else 1}])
    if isinstance(value, dict):
        return rng.choice(["x", 3, list(value.values())])
    return rng.choice(["x", 3, [], {}])


def _out_of_range(value, rng):
    if isinstance(value, bool):
        return 2
    if isinstance(value, int):
        return rng.choice([value + rng.randint(1, 60), value - rng.randint(1, 60), 999, -7])
    if isinstance(value, float):
        return rng.choice([value + 50.0, -3.5, math.inf])
    if isinstance(value, str):
        return value + "_bogus" if value else "bogus"
    return rng.choice([-7, 999])


def _nested(value, rng):
    if isinstance(value, list):
        if value and rng.random() < 0.4:
            return value[:-1] if rng.random() < 0.5 else value + [copy.deepcopy(rng.choice(value))]
        if value and rng.random() < 0.5:
            changed = list(value)
            changed[rng.randrange(len(value))] = rng.choice([None, "x", -7, HUGE, [], {}])
            return changed
        return value + [rng.choice([0, -7, "x", None, [], {}])]
    if isinstance(value, dict):
        changed = dict(value)
        if value and rng.random() < 0.5:
            changed.pop(rng.choice(list(value)))
        else:
            changed["bogus_key"] = 1
        return changed
    return [value]


def mutate(data: dict, rng: random.Random):
    """One mutation of a position: (what to load: dict or JSON text, kind, path)."""
    kind = rng.choice(("delete", "wrong_type", "out_of_range", "huge", "negative", "none", "nan",
                       "truncated_json", "nested"))
    if kind == "truncated_json":
        text = json.dumps(data)
        return text[: rng.randrange(1, len(text) - 1)], kind, ()
    data = copy.deepcopy(data)
    path = _pick_path(data, rng)
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    if kind == "delete":
        del parent[key]
    else:
        parent[key] = {
            "wrong_type": lambda: _wrong_type(value, rng),
            "out_of_range": lambda: _out_of_range(value, rng),
            "huge": lambda: HUGE if not isinstance(value, float) else 1e300,
            "negative": lambda: -abs(value) - 1 if isinstance(value, (int, float)) else -1,
            "none": lambda: None,
            "nan": lambda: math.nan,
            "nested": lambda: _nested(value, rng),
        }[kind]()
    return data, kind, path


def field_name(path: tuple) -> str | None:
    """The name a refusal must mention: the innermost named key of the path."""
    names = [k for k in path if isinstance(k, str)]
    return names[-1] if names else None


# -- loading and playing -------------------------------------------------------------------------
def play_check(game, steps: int = PLAY_STEPS, seed: int = 0) -> str | None:
    """None if the game plays on legally for `steps` actions with every observation inside the
    space and a non-empty mask for the player to move; else what went wrong."""
    policy = RandomPolicy(seed)
    shape = game.observation_shape
    for _ in range(steps + 1):
        for side in ("marines", "hive"):
            obs = game.observe(side)
            if obs.shape != shape or obs.dtype != np.float32 or not np.isfinite(obs).all() \
                    or obs.min() < 0 or obs.max() > 1:
                return f"observation of {side} outside the space"
        player = game.current_player()
        if player is None:
            return None
        if not game.legal_mask(player).any():
            return f"empty mask for {player}"
        game.apply(policy.act(game, player))
    return None


def classify(cls, item, path) -> tuple[str, str]:
    """(outcome, detail) of loading one mutated position and playing it on."""
    try:
        game = cls.from_json(item) if isinstance(item, str) else cls.from_dict(item)
    except ValueError as exc:
        name = field_name(path)
        if name is None or name in str(exc):
            return "named", str(exc)
        return "unnamed", str(exc)
    except Exception as exc:  # noqa: BLE001 - counting what leaks
        return "other_exception", f"{type(exc).__name__}: {exc}"
    try:
        problem = play_check(game)
    except Exception as exc:  # noqa: BLE001
        return "crashed_in_play", f"{type(exc).__name__}: {exc}"
    if problem:
        return "bad_observation", problem
    return "accepted_ok", ""


def fuzz(name: str, mutations: int, seed: int = 0):
    """Counter of outcomes and a list of (outcome, kind, path, detail) of the failures."""
    cls = type(get_spec(name).make_game())
    positions = seed_positions(name)
    rng = random.Random(f"{name}-{seed}")
    counts, failures = Counter(), []
    for _ in range(mutations):
        item, kind, path = mutate(rng.choice(positions), rng)
        outcome, detail = classify(cls, item, path)
        counts[outcome] += 1
        if outcome not in ("named", "accepted_ok"):
            failures.append((outcome, kind, ".".join(map(str, path)), detail[:200]))
    return counts, failures


# -- the tests -----------------------------------------------------------------------------------
NAMES = sorted(REGISTRY)


@pytest.mark.parametrize("name", NAMES)
def test_mutated_positions_are_refused_by_field_or_play_on(name):
    counts, failures = fuzz(name, MUTATIONS)
    assert not failures, f"{len(failures)} of {MUTATIONS}: " + "\n".join(map(str, failures[:15]))
    assert counts["named"] > 0 and counts["accepted_ok"] > 0  # both kinds of mutation were tried


@pytest.mark.parametrize("name", NAMES)
def test_loading_does_not_alias_the_callers_data(name):
    """Play a loaded game on: the caller's dict is unchanged, and a second load starts at the
    same place; nor does a saved dict change as its game plays on."""
    cls = type(get_spec(name).make_game())
    for data in seed_positions(name, games=1)[1:5]:
        before = copy.deepcopy(data)
        game = cls.from_dict(data)
        start = game.to_dict()
        saved = copy.deepcopy(start)
        assert play_check(game, steps=60) is None
        assert data == before and start == saved
        assert cls.from_dict(data).to_dict() == start


@pytest.mark.parametrize("name", NAMES)
def test_a_refused_field_is_named_with_what_it_must_be(name):
    cls = type(get_spec(name).make_game())
    positions = seed_positions(name, games=1)
    data = positions[min(2, len(positions) - 1)]  # (a Drop Ship game may end before the third depth)
    for key in ("turn", "dice"):
        if key in data:
            bad = dict(data, **{key: "x"})
            with pytest.raises(ValueError, match=f"'{key}' must be"):
                cls.from_dict(bad)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutations", type=int, default=2000)
    parser.add_argument("--env", action="append", help="environment(s); default: every registered one")
    parser.add_argument("--show", type=int, default=0, help="print this many failures per environment")
    parser.add_argument("--seed", type=int, default=0, help="the mutations' seed (the tests use 0)")
    args = parser.parse_args()
    names = args.env or NAMES
    print(f"aliens_env from {aliens_env.__file__}", file=sys.stderr)
    table = {}
    for name in names:
        table[name], failures = fuzz(name, args.mutations, args.seed)
        for failure in failures[: args.show]:
            print(name, *failure, sep=" | ", file=sys.stderr)
    print("| outcome | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for outcome in OUTCOMES:
        print(f"| {outcome} | " + " | ".join(f"{table[n][outcome]:,}" for n in names) + " |")


@pytest.mark.parametrize("name", NAMES)
def test_every_position_of_random_games_saves_and_loads(name):
    """Each position of two random games, at every step and at the end, loads back as it was saved
    (the checks above refuse only what a game cannot reach)."""
    cls = type(get_spec(name).make_game())
    pick = random.Random(3)
    for seed in range(2):
        game = get_spec(name).make_game()
        game.reset(seed)
        for _ in range(ROUND_TRIP_STEPS):
            data = json.loads(json.dumps(game.to_dict()))
            assert cls.from_dict(data).to_dict() == data, (name, seed)
            if game.is_terminal():
                break
            game.apply(pick.choice(game.legal_actions()))
