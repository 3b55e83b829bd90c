"""The phase loop's hooks as C calls (core/game.pxd: ``_compute_mask``, ``_compute_script_mask``,
``_resolve`` and ``_advance`` cpdef; PhasedGame's ``script_mask`` keeps a commander's script mask,
reading ``_executing`` from its struct). Checked on seeded games: a Python subclass's overrides of
these hooks are still the ones called (by the phase loop, by ``_current_mask``, by a commander's
``_resolve``) and change nothing in the games played; outside a tactic's play the script mask is the
whole mask's kept array itself; no Tactics class names a ``script_mask`` of its own."""
import random

import numpy as np
import pytest

from aliens_env.bug_hunt.game import BugHunt
from aliens_env.bug_hunt.tactics import BugHuntTactics
from aliens_env.core.commander import CommandedSide
from aliens_env.core.game import PhasedGame
from aliens_env.envs import REGISTRY
from aliens_env.envs.registry import load_object
from aliens_env.glorious_day.tactics import GloriousDayTactics
from aliens_env.reactor_room.game import ReactorRoom
from aliens_env.reactor_room.tactics import ReactorRoomTactics
from aliens_env.ripley_queen.game import RipleyQueen
from test_loop_hooks import play  # (its STEPS random legal steps from the seeded start: each step's player and mask)

STEPS = 200
HOOKS = ("_compute_mask", "_compute_script_mask", "_resolve", "_advance", "script_mask")
TACTICS_ENVS = sorted(name for name, spec in REGISTRY.items() if issubclass(load_object(spec.game), CommandedSide))


def counted(cls: type) -> type:
    """`cls` whose loop hooks count their calls (in the new class's ``calls``) and then do what
    cls's do."""

    def hook(name: str):
        base = getattr(cls, name)

        def method(self, *args):
            type(self).calls[name] += 1
            return base(self, *args)

        return method

    return type(f"Counted{cls.__name__}", (cls,), {**{name: hook(name) for name in HOOKS},
                                                   "calls": dict.fromkeys(HOOKS, 0)})


# every registered game on the phase loop: extension types (BugHunt, ReactorRoom, the lairs and
# Operations below it: their hooks C overrides of PhasedGame's), Python classes (RipleyQueen) and
# commanded sides (the commander's _apply and _compute_mask Python overrides; GloriousDay's own loop)
PHASED_GAMES = sorted({load_object(spec.game) for spec in REGISTRY.values()
                       if issubclass(load_object(spec.game), PhasedGame)}, key=lambda cls: cls.__name__)


def test_the_hooks_are_checked_on_every_kind_of_game():
    assert {BugHunt, BugHuntTactics, ReactorRoom, ReactorRoomTactics, RipleyQueen, GloriousDayTactics} <= set(PHASED_GAMES)


@pytest.mark.parametrize("cls", PHASED_GAMES, ids=lambda cls: cls.__name__)
@pytest.mark.parametrize("seed", [0, 4])
def test_a_python_subclass_s_hooks_are_the_ones_called(cls, seed):
    game = counted(cls)()
    played = play(game, seed)
    assert played == play(cls(), seed)  # (the same games)
    calls = type(game).calls
    for name in ("_compute_mask", "_resolve", "_advance", "script_mask"):
        assert calls[name] > 0, name
    # a script mask of its own is asked only while a tactic plays
    assert (calls["_compute_script_mask"] > 0) == issubclass(cls, CommandedSide)


@pytest.mark.parametrize("cls", [BugHunt, BugHuntTactics])
def test_outside_a_tactic_s_play_the_script_mask_is_the_whole_mask_itself(cls):
    """At every player step of seeded games (a tactic's sub-steps aside: tests/core/test_script_mask.py)."""
    game, rng = cls(), random.Random(2)
    game.reset(2)
    for _ in range(STEPS):
        player = game.current_player()
        if player is None:
            game.reset(rng.randrange(1000))
            continue
        assert not game._executing
        other = "hive" if player == "marines" else "marines"
        assert game.script_mask(player) is game.legal_mask_kept(player)
        assert not game.script_mask(other).any()  # (the empty mask of a side not to move)
        game.apply(int(rng.choice(np.flatnonzero(game.legal_mask(player)))))


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_no_tactics_class_names_a_script_mask_of_its_own(name):
    """PhasedGame's, which keeps the script mask of a game with a ``_compute_script_mask`` of its
    own (compiled, any other would be a Python-level call from the phase loop)."""
    cls = load_object(REGISTRY[name].game)
    assert cls.script_mask is vars(PhasedGame)["script_mask"]
