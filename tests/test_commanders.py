"""Every Tactics environment (core/commander.py: CommandedSide) against the game it commands: the
game's actions keep their numbers, the tactics come after them, the observation is the game's, the
hive decides in the game's own actions, and the ``heuristic`` commander (tactic 0) is the game's
scripted marines. Each env's own tests check that tactic 0 replays their games move for move."""
import numpy as np
import pytest

from aliens_env.core.commander import CommandedSide
from aliens_env.envs import make_policy
from aliens_env.envs.registry import REGISTRY, get_spec

COMMANDERS = sorted(name for name in REGISTRY if issubclass(type(get_spec(name).make_game()), CommandedSide))
#: the game each commands, built as the commander builds it (its default options)
COMMANDED = {"ReactorRoomTactics": ("ReactorRoom", {}), "OperationsAirDuctsTactics": ("OperationsAirDucts", {}),
             "HuntForTheQueenTactics": ("HuntForTheQueen", {}), "BugHuntTactics": ("BugHunt", {}),
             "GloriousDayTactics": ("GloriousDay", {"mission": "queen_apc"})}


def test_every_commander_env_is_listed():
    assert COMMANDERS == sorted(COMMANDED)


@pytest.mark.parametrize("name", COMMANDERS)
def test_the_games_actions_keep_their_numbers_and_the_tactics_come_after(name):
    base, options = COMMANDED[name]
    game, plain = get_spec(name).make_game(**options), get_spec(base).make_game(**options)
    assert game.layout.names()[: plain.layout.size] == plain.layout.names()
    assert game.layout.span("tactic") == slice(plain.layout.size, plain.layout.size + len(game.tactics))
    assert game.layout.size == plain.layout.size + len(game.tactics)
    assert game.observation_shape == plain.observation_shape


@pytest.mark.parametrize("name", COMMANDERS)
def test_the_hive_decides_in_the_games_own_actions(name):
    base, options = COMMANDED[name]
    game = get_spec(name).make_game(**options)
    game.reset(5)
    commander = make_policy(name, "marines", "heuristic", seed=5)
    while game.current_player() != "hive":
        game.apply(commander.act(game, "marines"))
    mask = game.legal_mask("hive")
    assert not mask[game.layout.span("tactic")].any()
    assert np.flatnonzero(mask).max() < get_spec(base).make_game(**options).layout.size


def test_a_tactics_env_refuses_fewer_than_two_tactics(monkeypatch):
    """One tactic would be no choice (a step offered is a real choice: the command's last _run is
    the step's), so a data file listing one is refused, naming the count."""
    from aliens_env.reactor_room.heuristic import HeuristicMarines
    from aliens_env.reactor_room.tactics import ReactorRoomTactics

    monkeypatch.setattr(ReactorRoomTactics, "_make_tactics", classmethod(lambda cls: [HeuristicMarines()]))
    with pytest.raises(ValueError, match="two or more tactics; its data file lists 1"):
        ReactorRoomTactics()
