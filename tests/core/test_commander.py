"""The commander's own pieces (core/commander.py) against the plain computations they replace:
its mask (``command_mask``: one read-only array kept per layout) and the game's methods it falls
back on (bound once per class by ``CommandedSide.__init_subclass__``: super()'s), in every Tactics
environment of the registry."""
import numpy as np
import pytest

from aliens_env.core.commander import CommandedSide, command_mask
from aliens_env.envs import REGISTRY
from aliens_env.envs.registry import load_object

TACTICS_ENVS = sorted(name for name, spec in REGISTRY.items() if issubclass(load_object(spec.game), CommandedSide))
FALLBACKS = ("_compute_mask", "_apply")


def plain_command_mask(layout) -> np.ndarray:
    """Every tactic legal, nothing else: the commander's mask worked out anew."""
    mask = layout.empty_mask()
    mask[layout.span("tactic")] = 1
    return mask


def next_after_commander(cls: type, name: str):
    """The method `name` super() gives in CommandedSide's methods for a game of class `cls`: the
    first class after CommandedSide in its MRO that defines it."""
    after = cls.__mro__[cls.__mro__.index(CommandedSide) + 1:]
    return next(vars(k)[name] for k in after if name in vars(k))


def wrong_fallbacks(klass: type) -> list[str]:
    """The methods whose fallback in `klass` is not super()'s."""
    return [method for method in FALLBACKS
            if getattr(klass, "_game" + method) is not next_after_commander(klass, method)]


def test_every_tactics_environment_is_covered():
    assert {"ReactorRoomTactics", "OperationsAirDuctsTactics", "HuntForTheQueenTactics", "BugHuntTactics",
            "GloriousDayTactics"} <= set(TACTICS_ENVS)


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_the_game_methods_the_commander_falls_back_on_are_super_s(name):
    """In the class, in a subclass overriding one of them (its own comes first; the commander's
    fallback stays the game's), and in a mixin that names no game (None)."""
    cls = load_object(REGISTRY[name].game)
    sub = type(f"Sub{cls.__name__}", (cls,), {"_apply": lambda self, action: None})
    assert wrong_fallbacks(cls) == wrong_fallbacks(sub) == []
    mixin = type("Mixin", (CommandedSide,), {})
    assert all(getattr(mixin, "_game" + method) is None for method in FALLBACKS)


def test_a_wrong_fallback_is_seen():
    """The check above against a mutant: a fallback bound to the commander's own method."""
    cls = load_object(REGISTRY["GloriousDayTactics"].game)
    mutant = type("Mutant", (cls,), {})
    mutant._game_apply = CommandedSide._apply
    assert wrong_fallbacks(mutant) == ["_apply"]


@pytest.mark.parametrize("name", TACTICS_ENVS)
def test_the_commander_s_mask_is_the_plain_one_read_only_and_copied_out(name):
    """At every commander's decision of random games: the kept mask is the plain computation's,
    the same read-only array each time for the layout, and ``legal_mask`` a writable copy."""
    game, rng = REGISTRY[name].make_game(), np.random.default_rng(3)
    game.reset(3)
    kept, seen = None, 0
    for _ in range(400):
        if game.is_terminal():
            game.reset(int(rng.integers(1000)))
        player = game.current_player()
        mask = game.legal_mask_kept(player)
        if player == "marines" and not game._executing:
            assert np.array_equal(mask, plain_command_mask(game.layout))
            assert not mask.flags.writeable and (kept is None or mask is kept)
            kept, seen = mask, seen + 1
            copy = game.legal_mask(player)
            assert copy is not mask and copy.flags.writeable and np.array_equal(copy, mask)
        game.apply(int(rng.choice(np.flatnonzero(mask))))
    assert seen > 20


def test_command_masks_by_layout():
    """Each (size, tactic slice) its own mask, made once."""
    a, b = command_mask(10, (7, 3)), command_mask(12, (7, 3))
    assert a.tolist() == [0] * 7 + [1] * 3 and b.tolist() == [0] * 7 + [1] * 3 + [0, 0]
    assert command_mask(10, (7, 3)) is a and a.dtype == np.int8
