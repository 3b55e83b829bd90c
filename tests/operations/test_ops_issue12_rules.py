"""The Reactor Room's Optional Rules that hold in Operations/Air Ducts too (issue 12): Firing
Through Marines and Additional Aim Time; the Reactor Room's New Scenarios do not."""
import json

import numpy as np
import pytest

from aliens_env.operations.game import Operations
from ops_helpers import at_marine, empty_ops, idx
from rr_helpers import aim, put_alien, target_index

TABLES = Operations().tables


@pytest.mark.parametrize("option", ["harder_drops", "double_bonus_bugs", "petty_revenge", "bonus_bug"])
def test_the_reactor_rooms_scenario_options_are_refused_here(option):
    with pytest.raises(ValueError, match="firing_through_marines, aim_time"):
        Operations(**{option: True})


@pytest.mark.parametrize("teammate, ranks", [((7, 10), 0), ((7, 9), 1), (None, 0)])
def test_firing_through_marines_in_operations(teammate, ranks):
    numbers = []
    for option in (False, True):
        marines = {"Hicks": (7, 11), **({"Hudson": teammate} if teammate else {})}
        g = empty_ops(marines, firing_through_marines=option)
        a = put_alien(g, (7, 5))  # range 6
        at_marine(g, "Hicks")
        aim(g, 3)
        numbers.append(g._fire_number(idx(g, "Hicks"), a))
        assert g.to_dict()["config"].get("firing_through_marines", False) is option
    assert numbers[1] == numbers[0] - TABLES["firing_through_marines"]["penalty_per_rank"] * ranks


def test_additional_aim_time_in_operations_banks_shows_and_saves():
    g = empty_ops({"Hicks": (7, 11)}, aim_time=True)
    a = put_alien(g, (7, 5))
    at_marine(g, "Hicks", actions=5)
    aim(g, 5)
    hicks = idx(g, "Hicks")
    assert g.marines[hicks].aim == 3 and g.banked[hicks] == 2
    assert g._fire_number(hicks, a) == 5 + 2 * TABLES["aim_time"]["bonus_per_banked"]
    view = g.obs_layout.views(g.observe("marines"))["banked"]
    assert view[hicks] == 1.0
    g.stats["dead"] = sum(m.status == "dead" for m in g.marines)  # (empty_ops' absent Marines)
    g.stats["aliens_appeared"] = 1
    g._cache.clear()
    d = json.loads(json.dumps(g.to_dict()))
    h = Operations.from_dict(d)
    assert h.banked == g.banked and np.array_equal(h.observe("marines"), g.observe("marines"))
    assert h.legal_mask("marines")[h.layout.encode("fire", target_index(h, a))]
