"""marines.marine_action spends each action's AP as the rules price it (ap_cost; read from
marines.marine_numbers' fields since session 60, not from the rules' dicts at every action), over
random Bug Hunt games at every figure's decision: each with the actions priced apart (so that one
action's cost read for another's shows) and a full squad pool (so that the dearer ones are legal),
one legal action of each kind (drawn at random) applied by marine_action to a copy, the AP the figure
may spend (state.available_ap) compared before and after with the price the rules give."""
from __future__ import annotations

import copy
import random

import pytest

from aliens_env.bug_hunt import geometry, marines, state
from aliens_env.bug_hunt.colony import CARDINAL
from aliens_env.bug_hunt.state import DIAGONALS
from bh_helpers import decisions

# each action's own price (AP): no two alike, the moves' the cheapest (a move costs its square's
# terrain cost times the move's price, boarding the APC board_cost times it)
PRICES = {"move": 1, "door": 2, "weld": 3, "unweld": 4, "equip": 5, "pick_lock": 6, "comms": 7,
          "overwatch": 8, "grenade": 9}
FIRE_PRICE = 10  # (then 11, 12, ... by weapon)

OPTIONS = [(21, {}), (22, {"squad": "predators", "mission": "kill_queen"}),
           (23, {"apc": True, "squad": "apc_crew", "electronic_locks": True, "satellite_comms": True})]


def priced(rules: dict) -> dict:
    """A copy of the rules with every action's AP cost its own (PRICES, the weapons' from FIRE_PRICE)."""
    out = copy.deepcopy(rules)
    cost = out["ap_cost"]
    cost.update(PRICES)
    for k, name in enumerate(sorted(n for n in cost if n.startswith("fire_"))):
        cost[name] = FIRE_PRICE + k
    return out


def rule_price(game, kind: str, index: int) -> int:
    """The AP an action of the active figure costs by the rules: a move its square's cost (geometry.
    enter_cost) times the move's price, or board_cost times it onto the APC; a shot its weapon's
    price; end nothing; any other action its own price."""
    h = game.humans[game.active]
    cost = game.rules["ap_cost"]
    if kind in ("move", "move_diagonal"):
        dr, dc = (CARDINAL if kind == "move" else DIAGONALS)[index]
        n = geometry.step_sq(game, h.pos, dr, dc)
        if game.apc is not None and n == game.apc["pos"] and not h.in_apc:
            return game.rules["apc"]["board_cost"] * cost["move"]
        return geometry.enter_cost(game, n) * cost["move"]
    if kind == "fire":
        return cost[f"fire_{h.weapon}"]
    return 0 if kind == "end" else cost[kind]


@pytest.mark.parametrize("seed,options", OPTIONS)
def test_marine_action_spends_the_rules_price(seed, options):
    rng = random.Random(seed)
    done = dict.fromkeys(("move", "door", "weld", "fire", "overwatch", "grenade", "end"), 0)
    kept = {}  # the priced rules, by the game's rules
    for g in decisions(seed, 2500, **options):
        c = copy.deepcopy(g)
        h = c.humans[c.active]
        if id(g.rules) not in kept:
            kept[id(g.rules)] = (g.rules, priced(g.rules))
        c.rules = kept[id(g.rules)][1]
        if not c.pools_lost[h.squad]:
            c.pools[h.squad] = 30
        c.grenade_pools[h.squad] = 1
        c._cache.clear()
        mask = c.layout.empty_mask()
        marines.marine_mask(c, mask)
        by_kind = {}
        for a in mask.nonzero()[0]:
            kind, index = c.layout.decode(int(a))
            by_kind.setdefault(kind, []).append(index)
        for kind, indices in by_kind.items():  # one action of each legal kind, each on its own copy
            d = copy.deepcopy(c, {id(c.rules): c.rules})
            index = rng.choice(indices)
            want = rule_price(d, kind, index)
            h = d.humans[d.active]
            before, lost = state.available_ap(d, d.active), d.pools_lost[h.squad]
            marines.marine_action(d, kind, index)
            if h.status != "active" or d.pools_lost[h.squad] != lost:
                continue  # (the figure fell to its own blast, or its squad's pool was lost with a leader: AP not comparable)
            assert before - state.available_ap(d, c.active) == want, (seed, g.turn, c.active, kind, index)
            if kind in done:
                done[kind] += 1
    least = dict(dict.fromkeys(done, 10), door=1, weld=1)  # (doors are seldom beside a figure in random play)
    if options.get("squad") == "predators":  # (no pulse rifle: no grenade)
        least["grenade"] = 0
    assert all(done[k] >= least[k] for k in done), done
