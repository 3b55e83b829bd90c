"""rebuild_game (core/game.py) loads a pickle's state through the class's hook ``_upgrade_state``:
Game's leaves the state as it is; CommandedSide's (core/commander.py) fills in ``_commanded_side``
only where a pickle from before the field (session 56) lacks it, and changes nothing else, not
the pickle's own dict. (tests/core/test_loop_lone_legal.py loads such a pickle of every Tactics
environment.)"""
from __future__ import annotations

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt.tactics import BugHuntTactics


def test_a_plain_games_state_is_loaded_as_given():
    game = BugHunt()
    game.reset(1)
    cls, state = game.__reduce__()[1]
    assert cls._upgrade_state(state) is state
    assert "_commanded_side" not in state or state["_commanded_side"] is None


def test_a_commanded_games_side_is_filled_in_only_where_its_pickle_lacks_it():
    game = BugHuntTactics()
    game.reset(1)
    rebuild, (cls, state) = game.__reduce__()[:2]
    assert state["_commanded_side"] == "marines"
    assert cls._upgrade_state(state) is state  # (a current pickle: nothing to fill in)
    state["_commanded_side"] = "hive"  # (no commander commands the hive: a value the hook must not overwrite)
    assert rebuild(cls, state)._commanded_side == "hive"
    del state["_commanded_side"]
    upgraded = cls._upgrade_state(state)
    assert "_commanded_side" not in state  # (the pickle's own dict is left as it was)
    assert set(upgraded) == set(state) | {"_commanded_side"} and upgraded["_commanded_side"] == "marines"
    assert all(upgraded[name] is value for name, value in state.items())
    assert rebuild(cls, state)._commanded_side == "marines"


def test_a_bug_hunt_pickle_from_before_its_squad_rows_moved_loads_without_them():
    """Bug Hunt's observe() kept its squad rows in ``_rows`` until session 58 (now in the layout
    caches): a pickle carrying it loads without it, and its other fields as they were."""
    game = BugHuntTactics()
    game.reset(2)
    rebuild, (cls, state) = game.__reduce__()[:2]
    state["_rows"] = {None: ()}  # (as an older pickle held it)
    loaded = rebuild(cls, state)
    assert "_rows" not in vars(loaded) and not hasattr(loaded, "_rows")
    assert "_rows" in state  # (the pickle's own dict is left as it was)
    assert loaded.turn == game.turn and loaded.observe(loaded.current_player()).tobytes() == \
        game.observe(game.current_player()).tobytes()
