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
