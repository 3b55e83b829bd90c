"""observation.map_planes' marks after the first seven planes (egg caches, sentries, scenery, rooms,
pending ports: written as C bytes through a typed view of the grid's squares when compiled) equal the
plain computation written out from the features, the colony's pieces and its ports, through random
play (with features of every kind and state added at random squares) and after the marked planes
were scribbled on and their keys changed (a rebuild in place zeroes and writes again only the planes
whose marks may have changed: the open ends' at each new layout version, the room plane when the rooms
entered or the pieces change, the features' planes when their kinds or states change)."""
import numpy as np

from aliens_env.bug_hunt import observation
from bh_helpers import random_play

NAMES = ("egg_cache", "sentry_on", "sentry_off", "scenery", "room", "open_end")
FEATURES = (("egg_cache", "intact"), ("egg_cache", "destroyed"), ("sentry", "active"), ("sentry", "inactive"),
            ("sentry", "destroyed"), ("comms_terminal", "ready"))


def _plain_marks(g) -> np.ndarray:
    """The marked planes over the grid's squares, in half steps (2 is 1.0, 1 is 0.5)."""
    n = g.size
    marks = {name: np.zeros((n, n), dtype=np.uint8) for name in NAMES}
    for f in g.features:
        if f["kind"] == "egg_cache" and f["state"] == "intact":
            name = "egg_cache"
        elif f["kind"] == "sentry" and f["state"] != "destroyed":
            name = "sentry_on" if f["state"] == "active" else "sentry_off"
        else:
            name = "scenery"
        r, c = f["pos"]
        marks[name][r, c] = 2
    for p in g.colony.pieces:
        if p["kind"] == "room":
            r0, c0, r1, c1 = p["rect"]
            marks["room"][r0:r1 + 1, c0:c1 + 1] = 2 if p["entered"] else 1
    for port in g.colony.ports:
        if port["state"] == "pending":
            for r, c in port["cells"]:
                marks["open_end"][r, c] = 2
    return np.stack([marks[name] for name in NAMES])


def _marked(g, planes) -> np.ndarray:
    half, n = g.window // 2, g.size
    return planes[[observation.P[name] for name in NAMES], half:half + n, half:half + n]


def test_the_marks_through_random_play_are_the_plain_ones():
    rng = np.random.default_rng(3)
    checked, seen = 0, set()
    for seed in range(4):
        for g in random_play(seed, 250):
            planes = observation.map_planes(g)
            want = _plain_marks(g)
            assert np.array_equal(_marked(g, planes), want)
            seen.update(name for name, plane in zip(NAMES, want) if plane.any())
            checked += 1
            if checked % 10 == 0:  # with features of every kind and state laid at random squares
                features = g.features
                g.features = features + [{"kind": kind, "state": state, "pos": [int(v) for v in rng.integers(g.size, size=2)]}
                                         for kind, state in FEATURES for _ in range(int(rng.integers(3)))]
                more = _plain_marks(g)
                assert np.array_equal(_marked(g, observation.map_planes(g)), more)
                seen.update(name for name, plane in zip(NAMES, more) if plane.any())
                g.features = features
                assert np.array_equal(_marked(g, observation.map_planes(g)), want)
            # scribbled on, then made again in place as each plane's key changes: the planes whose key did not
            # change keep the scribbles (a pin on map_planes' rewriting only what may have changed; that the
            # planes kept are the rule's, through play, is test_bh_map_planes_groups')
            if checked % 25 == 0:
                half, n = g.window // 2, g.size
                for p in observation._MARKED:
                    planes[p, half:half + n, half:half + n] = rng.integers(0, 3, (n, n))
                observation._scan_spans(planes, observation._kept_planes(g)[-1], observation._MARKED)  # (with its spans)
                scribbled = _marked(g, planes).copy()
                g.colony.changed()  # a new layout version: the open ends made again, the others kept as they are
                assert observation.map_planes(g) is planes
                assert np.array_equal(_marked(g, planes)[:5], scribbled[:5])
                assert np.array_equal(_marked(g, planes)[5], want[5])
                g.rooms_entered += 1  # (the rooms' key: their plane made again)
                assert observation.map_planes(g) is planes
                assert np.array_equal(_marked(g, planes)[:4], scribbled[:4])
                assert np.array_equal(_marked(g, planes)[4:], want[4:])
                g.rooms_entered -= 1
                g.features = list(features) + [{"kind": "crate", "state": "intact", "pos": [0, 0]}]  # (the features' key)
                observation.map_planes(g)
                g.features = features
                assert observation.map_planes(g) is planes
                assert np.array_equal(_marked(g, planes), want)
    assert checked > 600 and seen == set(NAMES), (checked, seen)
