"""The kinds of observation an environment gives (the adapters' option ``observation=``, train.py's
config key ``observation``, a policy file's header):

- "full" (the default): the game's own observation, ``game.observe(side)``;
- "compact": a few hundred values, so that an MLP trains fast: the game's own compact observation
  where it has one (``game.compact_layout`` and ``game.observe_compact(side)``, the Game contract:
  BugHuntTactics' A67), else made from the full observation (aliens_env.core.compact), so it holds
  only what the side may know, and ended by the rows a game works out itself where its spec has
  them (``game_rows``: Glorious Day's move options and targets, A74); a game whose full observation
  is already that small (``compact_observation(game)`` is None) gives its full one.

An ``Observer`` is made once per environment (or policy) and game; ``observer(game, side)`` is
one observation of that kind, float32 in [0, 1] of shape ``observer.shape``, whose views
``observer.layout`` names.
"""
from __future__ import annotations

from ..core.compact import compact_observation

OBSERVATIONS = ("full", "compact")


def check_observation(kind) -> str:
    """``kind`` if it is one of OBSERVATIONS, else a ValueError naming the allowed ones."""
    if kind not in OBSERVATIONS:
        raise ValueError(f"unknown observation {kind!r}; allowed: {list(OBSERVATIONS)}")
    return kind


def kind_of_shape(game, shape: tuple) -> str | None:
    """The first kind of observation of ``game`` whose shape is ``shape`` (a model's without a
    header: the kinds' shapes differ wherever a game has a compact one), None if none is."""
    return next((kind for kind in OBSERVATIONS if Observer(game, kind).shape == tuple(shape)), None)


class Observer:
    """The observations of one kind of ``game`` (and of games of the same config: a game's own
    compact layout and the transform depend on the config only)."""

    def __init__(self, game, kind: str = "full"):
        self.kind = check_observation(kind)
        #: the game's own compact observation (observe_compact), else the transform of the full one, else the full one
        self.own = kind == "compact" and getattr(game, "compact_layout", None) is not None
        if self.own and not callable(getattr(game, "observe_compact", None)):
            raise TypeError(f"{type(game).__name__} declares compact_layout without observe_compact(player): "
                            f"the Game contract's hook is the pair")
        self.transform = compact_observation(game) if kind == "compact" and not self.own else None
        if self.own:
            self.layout, self.shape = game.compact_layout, tuple(game.compact_layout.shape)
        elif self.transform is not None:
            self.layout, self.shape = self.transform.layout, tuple(self.transform.shape)
        else:
            self.layout, self.shape = game.obs_layout, tuple(game.observation_shape)
        #: {row view: how many of its first rows this observation shows}, for the views it cuts (the
        #: transform's ``rows``: the nearest targets) and the game's own rows (``game_rows``);
        #: SideActions leaves out the actions at the others, and aims its aimed slices at these
        self.shown_rows = {} if self.transform is None else self.transform.shown_rows

    def __call__(self, game, side: str):
        if self.own:
            return game.observe_compact(side)
        if self.transform is None:
            return game.observe(side)
        return self.transform.observe(game, side)
