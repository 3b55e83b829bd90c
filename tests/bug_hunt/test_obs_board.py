"""observe()'s board, whatever the new array held: the planes map_planes marks are the padded map
planes' window in floats (half steps / 2) and every other value is written too, so an observation
made in an array of NaNs equals one made in an array of zeros. (Compiled, _board_c copies the marked
planes from the stripe and zeroes the figures' planes in pieces of _ZERO_PIECE bytes: pieces that do
not divide a plane and one longer than every run are checked too.) Over seeded random play of Bug
Hunt (with the options that add to the observation) and BugHuntTactics, both observations."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.observation import N_PLANES
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import random_play

GAMES = {"BugHunt": (BugHunt, 150),
         "options": (lambda: BugHunt(mission="kill_queen", apc=True, electronic_locks=True, satellite_comms=True), 150),
         "BugHuntTactics": (BugHuntTactics, 40), "compact": (lambda: BugHuntTactics(observation="compact"), 40)}


class _Filled:
    """numpy, its `empty` giving arrays full of `fill` (observe() makes its observation with it)."""

    def __init__(self, fill: float):
        self.fill = fill

    def empty(self, shape, dtype):
        return np.full(shape, self.fill, dtype=dtype)

    def __getattr__(self, name):
        return getattr(np, name)


def _observe_in(monkeypatch, g, player: str, fill: float) -> np.ndarray:
    with monkeypatch.context() as m:
        m.setattr(observation, "np", _Filled(fill))
        return g.observe(player)


@pytest.mark.parametrize("piece", [observation._ZERO_PIECE, 3, 1000, 10 ** 9])
@pytest.mark.parametrize("name", list(GAMES))
def test_the_board_is_the_map_planes_window_and_every_value_is_written(monkeypatch, name, piece):
    monkeypatch.setattr(observation, "_ZERO_PIECE", piece)
    make, moves = GAMES[name]
    mapped = np.frombuffer(observation._MAPPED, np.uint8) == 1
    checked = 0
    for seed in range(3 if piece == observation._ZERO_PIECE else 1):
        for g in random_play(seed, moves, make=make):
            player = g.current_player() or "marines"
            in_nans = _observe_in(monkeypatch, g, player, np.nan)
            in_zeros = _observe_in(monkeypatch, g, player, 0.0)
            assert in_nans.tobytes() == in_zeros.tobytes()
            views = g.obs_layout.views(in_nans)
            if "board" in views:
                w = g.window
                fr, fc = divmod(observation.focus(g), g.size)
                want = observation.map_planes(g)[:, fr:fr + w, fc:fc + w].astype(np.float32) / 2
                assert views["board"].shape == (N_PLANES, w, w)
                assert np.array_equal(views["board"][mapped], want[mapped])
            checked += 1
    assert checked > 30
