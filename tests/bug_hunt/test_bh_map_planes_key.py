"""observation.map_planes keeps its planes while the layout version, the rooms entered and the
features' kinds and states stay the same: the features' part of that key is compared in a loop
(_same_features over the marks _feature_marks kept), which must answer as comparing the lists of
(kind, state) pairs it replaced, and the kept planes (rewritten in place when the key changes)
must always be the ones a fresh build makes."""
import random

import numpy as np

from aliens_env.bug_hunt import BugHunt, explore, observation
from aliens_env.bug_hunt.observation import _feature_marks, _same_features

KINDS = ("egg_cache", "sentry", "crate_eggs", "comms_terminal")
STATES = ("intact", "hatched", "active", "inactive", "destroyed", "ready", "used")


def _pairs(features):
    return [(f["kind"], f["state"]) for f in features]


def test_same_features_answers_as_comparing_the_kind_and_state_pairs():
    rng = random.Random(3)
    differ = 0
    for _ in range(3000):
        before = [{"kind": rng.choice(KINDS), "pos": [1, 2], "state": rng.choice(STATES)} for _ in range(rng.randrange(6))]
        marks = _feature_marks(before)
        after = [dict(f) for f in before]
        change = rng.randrange(5)
        if change == 1 and after:
            after[rng.randrange(len(after))]["state"] = rng.choice(STATES)
        elif change == 2 and after:
            after[rng.randrange(len(after))]["kind"] = rng.choice(KINDS)
        elif change == 3:
            after.append({"kind": rng.choice(KINDS), "pos": [0, 0], "state": rng.choice(STATES)})
        elif change == 4 and after:
            after.pop(rng.randrange(len(after)))
        same = _pairs(before) == _pairs(after)
        assert _same_features(marks, after) == same
        differ += not same
    assert differ > 1000


def test_the_kept_map_planes_are_always_those_a_rebuild_makes():
    """Through random play (sections laid, doors, hazards, rooms entered, features hatched,
    destroyed, switched), map_planes returns what a game without its caches builds afresh, its
    array rewritten in place when the layout changes (the margin kept, the rest made again)."""
    checked = in_place = 0
    for seed in range(3):
        g = BugHunt()
        g.reset(seed)
        rng = np.random.default_rng(seed)
        last = before = None
        for _ in range(400):
            if g.is_terminal():
                break
            kept = observation.map_planes(g)
            shared, g._shared = g._shared, {}
            fresh = observation.map_planes(g)
            g._shared = shared
            assert fresh is not kept and np.array_equal(kept, fresh)
            in_place += kept is last and not np.array_equal(kept, before)  # (the same array, made again)
            last, before = kept, kept.copy()
            checked += 1
            player = g.current_player()
            legal = np.flatnonzero(g.legal_mask(player))
            g.apply(int(legal[rng.integers(len(legal))]))
    assert checked > 300 and in_place >= 5


def test_a_room_entered_is_seen_though_the_layout_version_stays():
    """Entering a room marks it (its plane 1, not 0.5) without a new layout version: the rooms
    entered are part of map_planes' key, so the kept planes are made again (a key of the version
    alone keeps the room at 0.5 and fails here)."""
    entered = 0
    for seed in range(20):
        g = BugHunt()
        g.reset(seed)
        rng = np.random.default_rng(seed)
        for _ in range(400):
            if g.is_terminal():
                break
            rooms = [k for k, p in enumerate(g.colony.pieces) if p["kind"] == "room" and not p.get("entered")]
            if rooms:
                break
            legal = np.flatnonzero(g.legal_mask(g.current_player()))
            g.apply(int(legal[rng.integers(len(legal))]))
        if g.is_terminal() or not rooms:
            continue
        observation.map_planes(g)  # (the planes kept before the room is entered)
        version = g.colony.version
        explore.enter_room(g, rooms[0], 0)
        if g.colony.version != version:  # (the Brood Chamber found in it: a new layout anyway)
            continue
        fresh = g.clone()
        fresh._shared = {}
        assert np.array_equal(observation.map_planes(g), observation.map_planes(fresh)), seed
        entered += 1
    assert entered >= 3
