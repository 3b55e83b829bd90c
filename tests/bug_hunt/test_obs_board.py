"""observe()'s board, whatever the new array held: the planes map_planes marks are the padded map
planes' window in floats (half steps / 2) and every other value is written too, so an observation
made in an array of NaNs equals one made in an array of zeros. (Compiled, _window_c converts the
marked planes straight from the map planes and zeroes the figures' planes in pieces of _ZERO_PIECE
bytes: pieces that do not divide a plane and one longer than every run are checked too.) Over
seeded random play of Bug Hunt (with the options that add to the observation) and BugHuntTactics.
"""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation
from aliens_env.bug_hunt.observation import N_PLANES
from aliens_env.bug_hunt.tactics import BugHuntTactics

from bh_helpers import random_play

GAMES = {"BugHunt": (BugHunt, 150),
         "options": (lambda: BugHunt(mission="kill_queen", apc=True, electronic_locks=True, satellite_comms=True), 150),
         "BugHuntTactics": (BugHuntTactics, 40)}


def _observe_in(monkeypatch, g, player: str, fill: float) -> np.ndarray:
    """g's observation made in a new array full of `fill` (observe() makes it with observation._EMPTY)."""
    made = []

    def empty(shape, dtype):
        made.append(shape)
        return np.full(shape, fill, dtype=dtype)

    with monkeypatch.context() as m:
        m.setattr(observation, "_EMPTY", empty)
        obs = g.observe(player)
    assert len(made) == 1
    return obs


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
            assert not observation.map_planes(g)[~mapped].any()  # (the planes _MAPPED leaves out: 0 in the map planes)
            board = g.obs_layout.views(in_nans)["board"]
            w = g.window
            fr, fc = divmod(observation.focus(g), g.size)
            want = observation.map_planes(g)[:, fr:fr + w, fc:fc + w].astype(np.float32) / 2
            assert board.shape == (N_PLANES, w, w)
            assert np.array_equal(board[mapped], want[mapped])
            checked += 1
    assert checked > 30


def test_the_mapped_planes_are_all_but_the_figures():
    """_MAPPED flags every plane map_planes may mark and none of the figures' (the compiled board
    zeroes the planes it leaves out, where numpy copies them from the map planes: the two agree
    only while map_planes leaves those planes 0, which the play above checks)."""
    figures = {"marine", "civilian", "android", *observation.ALIEN_KINDS, "overwatch", "acting"}
    assert [name for name, flag in zip(observation.PLANES, observation._MAPPED) if not flag] == [
        name for name in observation.PLANES if name in figures]
