"""Bug Hunt's observation views (observation.layout) hold what their names say."""
import numpy as np

from aliens_env.bug_hunt import BugHunt, marines
from aliens_env.bug_hunt.observation import PLANES, optional_features


def test_the_views_hold_what_they_name():
    g = BugHunt()
    g.reset(3)
    g.apply(g.layout.encode("activate", 0))  # Apone acts: the window is centred on him
    assert g.decision.kind == "act" and g.humans[g.active].role == "marine"
    views = g.obs_layout.views(g.observe("marines"))
    board = dict(zip(PLANES, views["board"]))
    centre = g.window // 2
    on_centre = {name for name, plane in board.items() if plane[centre, centre]}
    assert on_centre == {"floor", "entry", "marine", "acting"}  # he stands on the entry floor
    r, c = g.rc(g.humans[g.active].pos)
    figures = board["marine"] + board["civilian"] + board["android"]  # each figure on its role's plane
    assert figures.max() == 1 and figures.sum() == sum(h.status == "active" and abs(g.rc(h.pos)[0] - r) <= centre
                                        and abs(g.rc(h.pos)[1] - c) <= centre for h in g.humans)
    assert views["squad"][:, 0].tolist() == [1.0] * len(g.humans) + [0.0] * (len(views["squad"]) - len(g.humans))
    assert np.array_equal(views["optional"], optional_features(g))
    assert views["targets"][:, 0].sum() == len(marines.targets(g))  # a row per target in sight


def test_every_window_of_the_kept_stripes_is_the_map_planes_window():
    """observe() copies its window's map planes from stripes kept per column and band of rows
    (observation.stripe): every window on the grid, the edges and the last band included, is the
    padded map planes' slice in floats, and no more than STRIPES stripes are kept."""
    from aliens_env.bug_hunt import observation

    g = BugHunt()
    g.reset(5)
    planes = observation.map_planes(g).astype(np.float32) / 2
    w = g.window
    for fr in range(g.size):
        for fc in (0, 1, g.size // 2, g.size - 1):
            window = observation.stripe(g, fr, fc).reshape(len(PLANES), w, w)
            assert np.array_equal(window, planes[:, fr:fr + w, fc:fc + w]), (fr, fc)
            assert len(g._shared["stripes"][1]) <= observation.STRIPES
