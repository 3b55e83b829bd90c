"""The observation's named views (ReactorRoom.obs_layout) hold what their names say."""
import numpy as np

from aliens_env.reactor_room.game import DECISION_KINDS, GLOBAL_FEATURES, MARINE_FEATURES, PLANES, TARGET_FEATURES
from rr_helpers import empty_room, idx, marines_phase, put_alien, sq


def views(g, side="marines"):
    return g.obs_layout.views(g.observe(side))


def test_the_board_planes_are_the_terrain_and_the_counters():
    g = empty_room({"Hicks": (8, 5), "Hudson": (3, 4)})
    g.marines[idx(g, "Hudson")].wounded = True
    put_alien(g, (9, 6))
    put_alien(g, (2, 14), stunned=True)
    marines_phase(g, "Hicks")
    board = views(g)["board"]
    plane = {name: board[i] for i, name in enumerate(PLANES)}
    assert np.array_equal(plane["obstruction"], g.board.blocked) and np.array_equal(plane["exit"], g.board.exit)
    assert np.array_equal(plane["stairwell"], g.board.stairwell)
    assert np.argwhere(plane["marine"]).tolist() == [[8, 5]] and np.argwhere(plane["wounded"]).tolist() == [[3, 4]]
    assert np.argwhere(plane["alien"]).tolist() == [[9, 6]] and np.argwhere(plane["stunned"]).tolist() == [[2, 14]]
    assert np.argwhere(plane["acting"]).tolist() == [[8, 5]]  # Hicks acts


def test_the_marine_rows_globals_and_targets():
    g = empty_room({"Hicks": (8, 5)}, turn=4)
    put_alien(g, (9, 6))
    put_alien(g, (8, 12))
    marines_phase(g, "Hicks")
    v = views(g)
    hicks = dict(zip(MARINE_FEATURES, v["marines"][idx(g, "Hicks")]))
    hudson = dict(zip(MARINE_FEATURES, v["marines"][idx(g, "Hudson")]))
    assert hicks["on_map"] == 1 and hicks["acting"] == 1 and hicks["actions_left/3"] == g.marines[idx(g, "Hicks")].actions_left / 3
    assert hicks["row/height"] == np.float32(8 / g.board.height) and hicks["column/width"] == np.float32(5 / g.board.width)
    assert hudson["on_map"] == 0 and hudson["dead"] == 1  # off the map (empty_room's "dead")
    glob = dict(zip(GLOBAL_FEATURES, v["globals"]))
    assert glob["turn/turn_scale"] == np.float32(4 / g.data["turn_scale"]) and glob["decision=marine"] == 1
    assert sum(glob[f"decision={kind}"] for kind in DECISION_KINDS) == 1
    assert glob["aliens_in_play/pool"] == np.float32(2 / g.pool)
    present = [dict(zip(TARGET_FEATURES, row)) for row in v["targets"] if row[0]]
    assert len(present) == len(g.targets()) == 2
    assert present[0]["range/20"] == np.float32(1 / 20)  # the nearest Alien first
    assert not v["targets"][2:].any()
