"""What a command (CommandedSide._apply, core/commander.py) leaves in the game, in every Tactics environment of the
registry: the command's own events (the list made anew, not the last step's added to), no tactic playing
(``_executing`` False), and, where the commanded side decides next, the primitive cache handed over (``_primitive``:
the open decision and its cache) and an empty cache for the commander's masks."""
import numpy as np
import pytest

from aliens_env.core.commander import CommandedSide
from aliens_env.envs import REGISTRY
from aliens_env.envs.registry import load_object

TACTICS_ENVS = sorted(name for name, spec in REGISTRY.items() if issubclass(load_object(spec.game), CommandedSide))


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_a_command_leaves_its_events_no_tactic_playing_and_the_cache_handed_over(name):
    game, rng = REGISTRY[name].make_game(), np.random.default_rng(5)
    game.reset(5)
    commands = handed_over = 0
    for _ in range(400):
        if game.is_terminal():
            game.reset(int(rng.integers(1000)))
        player = game.current_player()
        mask = game.legal_mask_kept(player)
        action = int(rng.choice(np.flatnonzero(mask)))
        commanded = player == game._commanded_side and game.layout.decode(action)[0] == "tactic"
        before = game.events
        before.append("(the last step's)")
        game.apply(action)
        if not commanded:
            continue
        commands += 1
        assert game.events is not before and "(the last step's)" not in game.events, name
        assert game._executing is False, name
        d = game.decision
        if d is not None and d.player == game._commanded_side:
            kept_decision, kept_cache = game._primitive
            assert kept_decision is d and kept_cache is not game._cache and game._cache == {}, name
            handed_over += 1
    assert commands > 20 and handed_over > 0, (name, commands, handed_over)
