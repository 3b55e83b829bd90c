"""The kinds of action space an environment gives a side (the adapters' option ``actions=``, train.py's
config key ``actions``, a policy file's header):

- "all" (the default): the game's one flat Discrete space, ``game.layout``, shared by both sides;
- "side": only the slices of the layout that side may ever take (``game.side_slices(side)``, the
  Game contract), numbered 0..n-1 in the layout's order: e.g. the Tactics environments' marines take
  only their tactics. A network's action head is that much smaller. Where the observation shows only
  the first rows of a view (``Observer.shown_rows``: the compact observation's nearest targets), the
  actions aimed at the rows it does not show are left out too (``game.row_slice_names``): a network
  acts on what it sees (ReactorRoom's marines fire at their 8 nearest targets, not their 16). A
  slice whose actions are aimed at a view's rows decision by decision (``game.row_aimed_slice_names``:
  Bug Hunt's grenade, one action per offset from the firer) is there one action per shown row
  instead, mapped at each decision (``game.row_aimed_actions``): a grenade at target k's square.

A ``SideActions`` is made once per environment (or policy), game and side: ``n`` actions,
``mask(game)`` the side's legal ones, ``to_game(i, game)`` the game's action of index ``i``,
``from_game(a, game)`` the index of the game's action ``a``, ``expand(values, game)`` a vector over
the side's actions as one over the game's. ``game`` (the game now) is needed where the side has
aimed actions (``aimed``), else it may be left out. For "all" each is the game's own (indices are
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


def _aimed_rows(game, names, shown_rows: dict[str, int]) -> dict[str, int]:
    """{slice of ``names`` aimed at a view's rows decision by decision: the rows ``shown_rows``
    shows of that view} (``game.row_aimed_slice_names``); a slice declared aimed at a
    view the game has not, or also at fixed rows (``row_slice_names``), is a ValueError."""
    declared = game.row_aimed_slice_names or {}
    fixed = {name for slices in (game.row_slice_names or {}).values() for name in slices}
    own = game.compact_row_columns or {}  # (the game's own row views of the compact observation)
    aimed = {}
    for view, slices in declared.items():
        if view not in game.obs_layout.shapes and view not in own:
            raise ValueError(f"{type(game).__name__}.row_aimed_slice_names names view {view!r}; its views: "
                             f"{list(game.obs_layout.shapes)}, its own compact row views: {list(own)}")
        for name in slices:
            if name in fixed:
                raise ValueError(f"{type(game).__name__} declares {name!r} both in row_slice_names and in "
                                 f"row_aimed_slice_names: a slice's actions are aimed at fixed rows or decision by decision")
            if name in names and view in shown_rows:  # (else: another side's, an option's, or every row shown)
                full_rows = game.obs_layout.shapes[view][0] if view in game.obs_layout.shapes else shown_rows[view]
                aimed[name] = min(shown_rows[view], full_rows)
    return aimed


class SideActions:
    """The actions of one kind that ``side`` takes in ``game`` (and in games of the same config:
    the layout and the declared slices depend on the config only). ``actions`` holds the game's
    action of each index, -1 at an aimed one (its action is the decision's: ``to_game(i, game)``)."""

    def __init__(self, game, side: str, kind: str = "all", shown_rows: dict[str, int] | None = None):
        """``shown_rows``: {row view: how many of its first rows the observation shows}
        (``Observer.shown_rows``; None: all of every view; "all" keeps every action whatever it is)."""
        self.kind = check_actions(kind)
        if side not in SIDES:
            raise ValueError(f"unknown side {side!r}; sides are {list(SIDES)}")
        self.side = side
        layout = game.layout
        self.layout, self.game_size = layout, layout.size
        #: the aimed slices: (name, its first index, the rows shown, its game actions' span) each
        self.aimed = ()
        if kind == "all":
            self.actions = np.arange(layout.size, dtype=np.int64)
        else:
            names = game.side_slices(side)
            unknown = [name for name in names if name not in layout.slices]
            if unknown or not names:
                raise ValueError(f"{type(game).__name__}.side_slices({side!r}) gives {list(names)}: "
                                 f"{'none' if not names else unknown} not slices of its layout {list(layout.slices)}")
            kept = _kept_counts(game, names, shown_rows or {})
            aimed_rows = _aimed_rows(game, names, shown_rows or {})
            pieces, aimed, first = [], [], 0
            for name in names:
                start, count = layout.slices[name]
                if name in aimed_rows:
                    aimed.append((name, first, aimed_rows[name], range(start, start + count)))
                    pieces.append(np.full(aimed_rows[name], -1))  # (the decision's: row_aimed_actions)
                else:
                    pieces.append(np.arange(start, start + kept.get(name, count)))
                first += len(pieces[-1])
            self.actions = np.concatenate(pieces).astype(np.int64)
            self.aimed = tuple(aimed)
        #: the game's action of each index, -1 at an aimed one (to_game's look-up, as Python ints: without numpy)
        self._to_game = self.actions.tolist()
        self.n = len(self.actions)
        #: the indices whose game action is fixed (every index but the aimed ones)
        self._fixed = np.flatnonzero(self.actions >= 0)
        #: the index of each of the game's actions, -1 where the side never takes it (or takes it aimed)
        self._index = np.full(layout.size, -1, dtype=np.int64)
        self._index[self.actions[self._fixed]] = self._fixed

    def _check_game(self, game, what: str) -> None:
        """A TypeError when the side has aimed actions and ``game`` is None: ``what`` needs it."""
        if game is None and self.aimed:
            raise TypeError(f"SideActions.{what} needs the game (game=): the "
                            f"{', '.join(name for name, *_ in self.aimed)} actions of the {self.side} are aimed at the "
                            f"rows of a view, which change at every decision")

    def mask(self, game) -> np.ndarray:
        """The side's legal actions now (int8, ``n`` values): its part of ``game.legal_mask(side)``
        (an aimed index: its game action's entry now, 0 where its row aims at none)."""
        mask = game.legal_mask(self.side)
        if self.kind == "all":
            return mask
        out = mask[self.actions]  # (an aimed index reads the last action here: set below)
        for name, first, rows, _ in self.aimed:
            for k, action in enumerate(game.row_aimed_actions(name, rows)):
                out[first + k] = mask[action] if action >= 0 else 0
        return out

    def to_game(self, i, game=None) -> int:
        """The game's action of index ``i`` (in ``game`` now: needed where the side has aimed
        actions); an index out of 0..n-1, or an aimed one whose row aims at nothing now, is an
        IllegalActionError (a ValueError) that names it. ("all": ``i`` as it is: the game checks it.)"""
        if self.kind == "all":
            return i
        if isinstance(i, np.ndarray) and i.shape == ():
            i = i.item()
        if not isinstance(i, (int, np.integer)) or isinstance(i, bool) or not 0 <= i < self.n:
            raise IllegalActionError(f"action {i!r} is not an index of the {self.n} actions of the {self.side} "
                                     f"(0-{self.n - 1}, actions='side')")
        action = self._to_game[i]
        if not self.aimed:
            return action
        self._check_game(game, "to_game")
        if action >= 0:
            return action
        name, first, rows, _ = next(aimed for aimed in self.aimed if aimed[1] <= i < aimed[1] + aimed[2])
        action = game.row_aimed_actions(name, rows)[i - first]
        if action < 0:
            raise IllegalActionError(f"{self.side} action {i} ({name} at row {i - first}) is aimed at nothing now")
        return action

    def apply(self, game, i) -> None:
        """Apply the game's action of index ``i``; an IllegalActionError (nothing changed) names both
        the index and the game's action. ("all": the game's own apply.)"""
        if self.kind == "all":
            game.apply(i)
            return
        action = self.to_game(i, game)  # (an index out of range: its own IllegalActionError)
        try:
            game.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"{self.side} action {i} (the game's {action}, "
                                     f"{game.layout.name(action)}): {exc}") from None

    def from_game(self, action, game=None) -> int:
        """The index of the game's action ``action`` (in ``game`` now: needed where the side has
        aimed actions); a ValueError where the side never takes it, or (an aimed slice's) no row
        the side's actions show is aimed at it now."""
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise ValueError(f"a game action is a whole number, got {action!r}")
        action = int(action)
        self._check_game(game, "from_game")
        if 0 <= action < self.game_size:
            if self._index[action] >= 0:
                return int(self._index[action])
            for name, first, rows, span in self.aimed:
                if action in span:
                    actions = game.row_aimed_actions(name, rows)
                    if action in actions:
                        return first + actions.index(action)
                    raise ValueError(f"game action {action} ({self.layout.name(action)}) is not one of the actions of "
                                     f"the {self.side} now (actions={self.kind!r}): no row they show is aimed at it")
        raise ValueError(f"game action {action} is not one of the actions of the {self.side} (actions={self.kind!r})")

    def expand(self, values: np.ndarray, game=None, fill=0) -> np.ndarray:
        """A vector over the side's ``n`` actions as one over the game's actions (``fill``
        elsewhere; an aimed index's value at its game action in ``game`` now, needed where the side
        has aimed actions: dropped where its row aims at none)."""
        if self.kind == "all":
            return values
        self._check_game(game, "expand")
        values = np.asarray(values)
        out = np.full(self.game_size, fill, dtype=values.dtype)
        out[self.actions[self._fixed]] = values[self._fixed]
        for name, first, rows, _ in self.aimed:
            for k, action in enumerate(game.row_aimed_actions(name, rows)):
                if action >= 0:
                    out[action] = values[first + k]
        return out
