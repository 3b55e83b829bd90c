"""observation._focus and _write_features read the game's ObsNumbers (obs_numbers: observe() hands them
in): given anything else, None included (compiled, their typed argument takes None from a Python caller,
and its fields would be read through it), they raise a TypeError that names what they need, and with
the game's numbers they give focus()'s square and observe()'s values."""
import numpy as np
import pytest

from aliens_env.bug_hunt import BugHunt, observation


def _game():
    g = BugHunt()
    g.reset(3)
    g.observe(g.current_player())  # (the layout caches filled)
    return g


@pytest.mark.parametrize("numbers", [None, object(), {}])
def test_focus_refuses_what_is_not_the_game_s_numbers(numbers):
    g = _game()
    with pytest.raises(TypeError, match="ObsNumbers"):
        observation._focus(g, numbers)
    assert observation._focus(g, observation.obs_numbers(g)) == observation.focus(g)


@pytest.mark.parametrize("numbers", [None, object()])
def test_write_features_refuses_what_is_not_the_game_s_numbers(numbers):
    g = _game()
    player = g.current_player()
    obs = g.observe(player)
    out = obs.copy()
    at = g.obs_layout.offsets["board"]
    with pytest.raises(TypeError, match="ObsNumbers"):
        observation._write_features(g, player, out, observation.focus(g), at, g.window, numbers)
    observation._write_features(g, player, out, observation.focus(g), at, g.window, observation.obs_numbers(g))
    assert np.array_equal(out, obs)
