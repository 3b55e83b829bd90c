"""tactics_obs.compact_numbers: what BugHuntTactics' compact observation reads of the rules (rules.yaml
compact_limits, the Brood Chamber checks' rooms, the grenade pool) and of the compact layout (the offsets),
kept for the game as C numbers (session 67), read again when the game's rules or compact layout is another
object: a game given other limits observes by them, as the reference observation does
(test_bh_compact_obs_reference, which holds the kept numbers to the reference over played games)."""
import numpy as np

from aliens_env.bug_hunt import tactics_obs
from aliens_env.bug_hunt.tactics import BugHuntTactics
from bh_helpers import random_play
from test_bh_compact_obs_reference import reference_observe


def test_the_kept_numbers_are_read_again_for_other_rules_or_another_compact_layout():
    g = None
    for g in random_play(6, 80, make=lambda: BugHuntTactics(mission="kill_queen")):
        pass
    numbers = tactics_obs.compact_numbers(g)
    assert tactics_obs.compact_numbers(g) is numbers  # (kept)
    before = g.observe_compact("marines")
    assert np.array_equal(before, reference_observe(g, "marines"))
    limits = g.rules["compact_limits"]
    g.rules = {**g.rules, "compact_limits": {name: value * 2 for name, value in limits.items()},
               "grenade_pool": g.rules["grenade_pool"] * 2, "brood_check_after_rooms": 0}
    assert tactics_obs.compact_numbers(g) is not numbers
    after = g.observe_compact("marines")
    assert np.array_equal(after, reference_observe(g, "marines")) and not np.array_equal(after, before)
    situation = g.compact_layout.offsets["situation"]
    assert after[situation + 7] == 1.0  # (the Brood Chamber checks open from 0 rooms entered)
    numbers = tactics_obs.compact_numbers(g)
    g.compact_layout = tactics_obs.layout(g.obs_layout)  # (an equal layout, another object: read again)
    assert tactics_obs.compact_numbers(g) is not numbers
    assert np.array_equal(g.observe_compact("marines"), after)
