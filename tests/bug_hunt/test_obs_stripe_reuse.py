"""band_stripe() keeps STRIPES stripes: a new one evicts the one made first and is made in its array
when that array is as long (no search of the game's stripe arrays), else in another one of the right
length. Each stripe kept must then be its map planes' slice, and no array serve two kept stripes."""
from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.observation import STRIPE_ROWS, STRIPES

from bh_helpers import check_kept_stripes


def _kept(g) -> dict:
    stripes = g._shared["stripes"][1]
    assert len({id(out) for out in stripes.values()}) == len(stripes) <= STRIPES
    check_kept_stripes(g)
    return stripes


def test_a_new_stripe_takes_the_array_of_the_one_it_evicts_when_as_long():
    g = BugHunt()
    g.reset(2)
    g.observe(g.current_player())  # (the map planes and a stripe)
    g._shared.pop("stripes")
    fr = STRIPE_ROWS  # (the second band)
    made = [observation.band_stripe(g, fr, fc) for fc in range(STRIPES)]
    assert len(_kept(g)) == STRIPES
    out = observation.band_stripe(g, fr, STRIPES)  # (the stripe of column 0 goes)
    assert out is made[0] and (0, 1) not in _kept(g)
    # a band past the grid's, rows cut short by the planes' end (band_stripe takes any inside them):
    # the array of the stripe it evicts (column 1's) is too long for it
    side = observation.map_planes(g).shape[1]
    short_fr = (side - STRIPE_ROWS) // STRIPE_ROWS * STRIPE_ROWS
    short = observation.band_stripe(g, short_fr, 0)
    assert short.shape[1] < made[1].shape[1] and all(short is not out for out in made)
    assert (1, 1) not in _kept(g)
    # the next one evicts column 2's, as long as it needs: made in that array again
    again = observation.band_stripe(g, fr, STRIPES + 1)
    assert again is made[2]
    _kept(g)
    for fc in range(STRIPES + 2):  # (made again, all of them, in arrays no kept stripe holds)
        observation.band_stripe(g, fr, fc)
        _kept(g)
