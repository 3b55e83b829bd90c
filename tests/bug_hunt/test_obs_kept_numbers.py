"""What observe() keeps between calls in the layout caches (game._shared): a SquadRow per figure,
reused while the figure's fields are the very objects it was read from (observation.squad_rows,
read_row), and the game's ObsNumbers (observation.obs_numbers: the layout's offsets, the rules' and
the mission's numbers, the optional block packed while it is kept). Through random play each
observation equals one made with nothing kept, and the kept numbers follow the rules, the mission
and the optional block when those are other objects."""
import struct

import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.observation import DECISION_KINDS, EXTRA_FEATURES
from aliens_env.bug_hunt.state import NO
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import plain_squad_row, random_play

_KEPT = ("squad_rows", "obs_numbers")


def _fresh(g, player: str) -> np.ndarray:
    """g's observation for `player` made with observe()'s kept rows and numbers dropped first."""
    for name in _KEPT:
        g._shared.pop(name, None)
    return g.observe(player)


@pytest.mark.parametrize("make", [BugHunt, BugHuntTactics])
def test_kept_rows_and_numbers_give_the_observation_made_afresh_through_random_play(make):
    """Through random play (figures move, are wounded, activated and spend AP), each observation
    with its kept rows and numbers equals one made afresh, and its squad rows equal their plain
    computation (bh_helpers.plain_squad_row). Random play does not change every field a row
    compares: test_bh_observation's squad-rows test edits each field in turn."""
    checked = 0
    for seed in range(3):
        for g in random_play(seed, 300, make=make):
            player = g.current_player()
            kept = g.observe(player)
            squad = g.obs_layout.views(kept)["squad"]
            for i, h in enumerate(g.humans):
                assert squad[i].tobytes() == struct.pack(f"{len(squad[i])}f", *plain_squad_row(g, h)), (seed, i)
            assert kept.tobytes() == _fresh(g, player).tobytes(), seed
            checked += 1
    assert checked > 300


def test_kept_numbers_follow_other_rules_and_mission_objects():
    """A game given another mission (objective, rooms to enter) or other rules (the grenade pool)
    as new objects is observed with their numbers, as the plain globals read them."""
    g = BugHunt()
    g.reset(3)
    player = g.current_player()
    g.observe(player)  # (numbers kept for the first mission and rules)
    at = g.obs_layout.offsets["globals"] + 6 + len(DECISION_KINDS)
    for objective, rooms in (("kill_queen", 3), ("explore_and_return", 7), ("kill_queen", 0)):
        g.mission = dict(g.mission, objective=objective, rooms=rooms)
        obs = g.observe(player)
        assert obs[at + 1] == (objective == "explore_and_return") and obs[at + 2] == (objective == "kill_queen")
        assert obs[at + 7] == np.float32(min(rooms, 10) / 10)
    mine = g.humans[g.active].squad if g.active != NO else 0
    for pool in (6, 3):
        g.rules = dict(g.rules, grenade_pool=pool)
        globals_ = g.obs_layout.views(g.observe(player))["globals"]
        assert globals_[2] == np.float32(g.grenade_pools[mine] / pool)


def test_the_kept_optional_block_is_the_tuple_the_game_keeps():
    """While game._optional_static holds a tuple the optional view is that tuple as float32, packed
    again when another tuple is kept (a new game, a position loaded)."""
    g = BugHunt()
    g.reset(5)
    player = g.current_player()
    g.observe(player)
    assert g._optional_static is not None  # (no APC, no satellite comms: the block cannot change)
    for k in range(3):
        values = tuple(float((k + i) % 4) / 4 for i in range(EXTRA_FEATURES))
        g._optional_static = values
        assert tuple(g.obs_layout.views(g.observe(player))["optional"].tolist()) == values
