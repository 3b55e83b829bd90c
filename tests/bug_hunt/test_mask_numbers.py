"""marines.marine_numbers (session 55): the action slots and AP costs marine_mask reads, looked up
once per rules and action layout and kept as C fields. Each is its dict's entry; a game given other
rules (other AP costs) gets masks by those rules (the kept numbers remade, checked against the
rule's mask, test_bh_marine_mask_typed.plain_marine_mask), in seeded BugHunt and BugHuntTactics
play."""
from __future__ import annotations

import copy
import random

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, marines
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics
from test_bh_marine_mask_typed import masks_by_code_and_rule

COSTS = ("move", "door", "weld", "unweld", "equip", "pick_lock", "overwatch", "grenade")
SLOTS = ("move", "move_diagonal", "door", "weld", "unweld", "equip", "pick_lock", "comms", "fire", "overwatch",
         "grenade", "end")


def test_numbers_are_the_rules_and_slots():
    g = BugHunt()
    numbers = marines.marine_numbers(g)
    cost = g.rules["ap_cost"]
    assert {k: getattr(numbers, f"{k}_cost") for k in COSTS} == {k: cost[k] for k in COSTS}
    assert numbers.fire_cost == {k[len("fire_"):]: v for k, v in cost.items() if k.startswith("fire_")}
    assert {k: getattr(numbers, k) for k in SLOTS} == {k: g._slot[k] for k in SLOTS}
    assert marines.marine_numbers(g) is numbers  # kept while the rules and slots are the same
    g.rules = copy.deepcopy(g.rules)
    numbers = marines.marine_numbers(g)
    assert numbers.rules is g.rules  # remade for other rules
    g._slot = dict(g._slot)
    assert marines.marine_numbers(g) is not numbers and marines.marine_numbers(g).slot is g._slot  # and other slots


def _able(g):
    return [i for i, h in enumerate(g.humans) if h.status == "active" and h.pos != NO and h.hugger == NO]


@pytest.mark.parametrize("make,seed", [(BugHunt, 31), (BugHuntTactics, 32)])
def test_masks_by_other_costs(make, seed):
    """Every able figure the active one, in positions of seeded play, under the rules as they are
    and with every AP cost one more or one less (a copy of the rules per position: the kept
    numbers are remade for it)."""
    rng = random.Random(seed)
    g = make(electronic_locks=True, satellite_comms=True)
    g.reset(seed)
    masks = changed = 0
    for step in range(300):
        if g.is_terminal():
            g.reset(seed * 1000 + step)
        if step % 5 == 0:
            position = g.clone()
            rules = copy.deepcopy(position.rules)
            for name in rules["ap_cost"]:
                rules["ap_cost"][name] = max(1, rules["ap_cost"][name] + rng.choice((-1, 1)))
            for given in (position.rules, rules):
                position.rules = given
                for i in _able(position):
                    position.active = i
                    for script in (False, True):
                        got, want = masks_by_code_and_rule(position, script)
                        assert np.array_equal(got, want), (make.__name__, seed, step, i, script)
                        masks += 1
                        changed += given is rules
        g.apply(rng.choice(g.legal_actions()))
    assert masks > 300 and changed > 150, (masks, changed)
