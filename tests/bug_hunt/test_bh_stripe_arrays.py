"""band_stripe() makes a new stripe in one of the game's stripe arrays (observation._stripe_array:
they outlast the map planes' rewrites and new layout versions), and the compiled stripe converts only
the planes map_planes marks (observation._MAPPED), leaving the figures' planes as the array was made
(zero). Checked against the plain computation, the map planes' slice / 2, through random play: a
stripe array handed out while a kept stripe still holds it, a figure plane left dirty, or a marked
plane skipped shows as a kept stripe that is not its slice."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.observation import N_PLANES, P, STRIPES
from aliens_env.bug_hunt.tactics import BugHuntTactics
from bh_helpers import check_kept_stripes, random_play

_FIGURE_PLANES = ("marine", "civilian", "android", *observation.ALIEN_KINDS, "overwatch", "acting")


def test_the_mapped_planes_are_all_but_the_figures():
    assert observation._MAPPED == bytes(name not in _FIGURE_PLANES for name in observation.PLANES)
    assert sum(observation._MAPPED) == N_PLANES - len(_FIGURE_PLANES) == 13


@pytest.mark.parametrize("make", [BugHunt, BugHuntTactics])
def test_stripes_made_in_reused_arrays_are_their_map_planes_slices_through_random_play(make):
    """Through random play (BugHuntTactics' activations move the window's column often, and doors,
    rooms and features rewrite the map planes), every kept stripe is its slice after every
    observation, the map planes never mark a figure's plane, and the stripes go to a handful of
    arrays, reused (more than twice as many stripes made as arrays)."""
    figure_ids = [P[name] for name in _FIGURE_PLANES]
    arrays: dict[int, np.ndarray] = {}  # (held: their ids stay theirs)
    made = rewrites = 0
    for seed in range(4):
        last_planes_key = None
        for g in random_play(seed, 400, make):
            before = dict(g._shared.get("stripes", (None, {}))[1])
            g.observe(g.current_player())
            kept = check_kept_stripes(g)
            made += sum(before.get(k) is not out for k, out in g._shared["stripes"][1].items())
            for out in kept:
                arrays[id(out)] = out
            planes = observation.map_planes(g)
            assert not planes[figure_ids].any()
            key = observation.geometry.lasting_cache(g)["map_planes"][:2]  # (the layout version and the rooms entered)
            rewrites += key != last_planes_key
            last_planes_key = key
    # (at STRIPES 8: BugHunt made 48 stripes in 21 arrays, BugHuntTactics 205 in 28)
    assert rewrites > 8 and made > 2 * len(arrays)
    assert len(arrays) <= 4 * 2 * STRIPES  # (a new game, a new set: 4 games)
