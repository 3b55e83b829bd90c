"""The kinds of action space an environment gives a side (the adapters' option ``actions=``, train.py's
config key ``actions``, a policy file's header):

- "all" (the default): the game's one flat Discrete space, ``game.layout``, shared by both sides;
- "side": only the slices of the layout that side may ever take (``game.side_slices(side)``, the
  Game contract), numbered 0..n-1 in the layout's order: e.g. the Tactics environments' marines take
  only their tactics. A network's action head is that much smaller. Where the observation shows only
  the first rows of a view (``Observer.shown_rows``: the compact observation's nearest targets), the
  actions aimed at the rows it does not show are left out too (``game.row_slice_names``): a network
  acts on what it sees (ReactorRoom's marines fire at their 8 nearest targets, not their 16).

A ``SideActions`` is made once per environment (or policy), game and side: ``n`` actions,
``mask(game)`` the side's legal ones, ``to_game(i)`` the game's action of index ``i``,
``from_game(a)`` the index of the game's action ``a``. For "all" each is the game's own (indices are
the game's actions).
"""
from __future__ import annotations

import numpy as np

from ..core.game import SIDES, IllegalActionError

ACTIONS = ("all", "side")


def check_actions(kind) -> str:
    """``kind`` if it is one of ACTIONS, else a ValueError naming the allowed ones."""
    if kind not in ACTIONS:
        raise ValueError(f"unknown actions {kind!r}; allowed: {list(ACTIONS)}")
    return kind


def kind_of_count(game, side: str, n: int, shown_rows: dict[str, int] | None = None) -> str | None:
    """The first kind of actions whose count for ``side`` of ``game`` (with the observation's
    ``shown_rows``) is ``n`` (a model's without a header), None if none is."""
    return next((kind for kind in ACTIONS if SideActions(game, side, kind, shown_rows).n == n), None)


def _kept_counts(game, names, shown_rows: dict[str, int]) -> dict[str, int]:
    """{slice of ``names`` aimed at a view's rows: its actions kept}: as many as ``shown_rows``
    shows of the view (``game.row_slice_names``); a declared slice whose size is not its view's
    row count is a ValueError (its k-th action could not be the k-th row's)."""
    declared = game.row_slice_names or {}
    kept = {}
    for view, shown in shown_rows.items():
        for name in declared.get(view, ()):
            if name not in names:
                continue  # (another side's, or an option's slice this layout has not)
            count, rows = game.layout.slices[name][1], game.obs_layout.shapes[view][0]
            if count != rows:
                raise ValueError(f"{type(game).__name__}.row_slice_names names {name!r} for view {view!r}, but the "
                                 f"slice has {count} actions and the view {rows} rows: its k-th action must be the k-th row's")
            kept[name] = min(shown, count)
    return kept


class SideActions:
    """The actions of one kind that ``side`` takes in ``game`` (and in games of the same config:
    the layout and the declared slices depend on the config only)."""

    def __init__(self, game, side: str, kind: str = "all", shown_rows: dict[str, int] | None = None):
        """``shown_rows``: {row view: how many of its first rows the observation shows}
        (``Observer.shown_rows``; None: all of every view; "all" keeps every action whatever it is)."""
        self.kind = check_actions(kind)
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; sides are {list(SIDES)}")
        self.side = side
        layout = game.layout
        self.game_size = layout.size
        if kind == "all":
            self.actions = np.arange(layout.size, dtype=np.int64)
        else:
            names = game.side_slices(side)
            unknown = [name for name in names if name not in layout.slices]
            if unknown or not names:
                raise ValueError(f"{type(game).__name__}.side_slices({side!r}) gives {list(names)}: "
                                 f"{'none' if not names else unknown} not slices of its layout {list(layout.slices)}")
            kept = _kept_counts(game, names, shown_rows or {})
            self.actions = np.concatenate([np.arange(start, start + kept.get(name, count)) for name, (start, count) in
                                           ((name, layout.slices[name]) for name in names)]).astype(np.int64)
        self.n = len(self.actions)
        #: (the game's action of each index as a Python int: to_game's look-up without numpy)
        self._to_game = self.actions.tolist()
        #: the index of each of the game's actions, -1 where the side never takes it
        self._index = np.full(layout.size, -1, dtype=np.int64)
        self._index[self.actions] = np.arange(self.n)

    def mask(self, game) -> np.ndarray:
        """The side's legal actions now (int8, ``n`` values): its part of ``game.legal_mask(side)``."""
        mask = game.legal_mask(self.side)
        return mask if self.kind == "all" else mask[self.actions]

    def to_game(self, i) -> int:
        """The game's action of index ``i``; an index out of 0..n-1 is an IllegalActionError (a
        ValueError) that names the side's range. ("all": ``i`` as it is: the game checks it.)"""
        if self.kind == "all":
            return i
        if isinstance(i, np.ndarray) and i.shape == ():
            i = i.item()
        if not isinstance(i, (int, np.integer)) or isinstance(i, bool) or not 0 <= i < self.n:
            raise IllegalActionError(f"action {i!r} is not an index of the {self.n} actions of the {self.side} "
                                     f"(0-{self.n - 1}, actions='side')")
        return self._to_game[i]

    def apply(self, game, i) -> None:
        """Apply the game's action of index ``i``; an IllegalActionError (nothing changed) names both
        the index and the game's action. ("all": the game's own apply.)"""
        if self.kind == "all":
            game.apply(i)
            return
        action = self.to_game(i)  # (an index out of range: its own IllegalActionError)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"{self.side} action {i} (the game's {action}, "
                                     f"{game.layout.name(action)}): {exc}") from None

    def from_game(self, action) -> int:
        """The index of the game's action ``action``; a ValueError where the side never takes it."""
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise ValueError(f"a game action is a whole number, got {action!r}")
        action = int(action)
        if not 0 <= action < self.game_size or self._index[action] < 0:
            raise ValueError(f"game action {action} is not one of the actions of the {self.side} (actions={self.kind!r})")
        return int(self._index[action])

    def expand(self, values: np.ndarray, fill=0) -> np.ndarray:
        """A vector over the side's ``n`` actions as one over the game's actions (``fill`` elsewhere)."""
        if self.kind == "all":
            return values
        out = np.full(self.game_size, fill, dtype=np.asarray(values).dtype)
        out[self.actions] = values
        return out
