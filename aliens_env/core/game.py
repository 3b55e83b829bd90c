"""The Game contract every ruleset implements; the adapters in aliens_env.envs know only this.

A game is a state plus a few verbs (in the spirit of OpenSpiel):

- ``reset(seed)``; ``current_player()`` is "marines", "hive" or None once terminal;
- ``legal_mask(player)`` -> int8 array over ``layout`` (one flat Discrete space shared by both
  sides), never all zero for the player to move (``legal_mask_kept``: the same without a copy);
- ``apply(action)``; ``observe(player)`` -> float32 array of shape ``observation_shape``, holding
  only what that side may know, made of the named views of ``obs_layout`` (core.actions.ObsLayout);
- ``outcome()`` -> {"marines": +1/0/-1, "hive": ..., "score": {...}}; ``is_terminal()``: the game
  is over, ended by its rules or cut by an episode cap the user asked for (an option such as
  ``turn_limit``): then ``truncated_by()`` names the cap and ``outcome()`` has no result (None for
  both sides): a truncated game is never a win, draw or loss;
- ``clone()``, ``to_dict()`` / ``from_dict()`` (JSON-able), ``describe_action(action)``;
- ``illegal_reason(action)`` says why an action is not legal now (for errors and info dicts);
- declared hooks the adapters call, with defaults: ``shaping_value(side)`` (0.0),
  ``render_text(viewer)`` (repr), ``render_rgb(viewer)`` (none: a registered ruleset provides it),
  ``determinize(side, rng)`` (a plain clone: what a side cannot know is re-dealt where there is some),
  ``side_slices(side)`` (the names of the slices of ``layout`` that side may ever take: every slice
  for both sides unless a ruleset declares its split, ``side_slice_names``; the adapters'
  ``actions="side"``, aliens_env/envs/actions.py).

All randomness goes through ``self.dice``, owned by the state.
"""
from __future__ import annotations

import copy
import functools
import json
import pathlib
import random
import re
import sys
from abc import abstractmethod
from typing import Any

import numpy as np

from .actions import ActionLayout, ObsLayout
from .dice import Dice

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from . import pure_cython as cython

try:  # np.count_nonzero without its Python wrapper (~0.3 us a call; lone_legal as pure Python counts every mask)
    from numpy._core.multiarray import count_nonzero as _count_nonzero
except ImportError:  # (another numpy layout: the public function)
    _count_nonzero = np.count_nonzero

SIDES: tuple[str, str] = ("marines", "hive")


def other_side(side: str) -> str:
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r}; sides are {list(SIDES)}")
    return SIDES[1] if side == SIDES[0] else SIDES[0]


#: the name of each result of ``Game.outcome()[side]``
RESULTS = {1: "win", 0: "draw", -1: "loss"}
#: the reward of each result for the learning side, unless ``result_reward=`` says otherwise
DEFAULT_RESULT_REWARD = {"win": 1.0, "draw": 0.0, "loss": -1.0}


#: what the adapters' ``reward=`` pays at the end: the result (through ``result_reward``), or the
#: Tournament Victory Points of the Aliens (1989) scenarios, scaled to [0, 1] for the marines
REWARDS = ("result", "victory_points")


def final_reward(game: "Game", side: str, result_reward: dict[str, float], reward: str = "result") -> float:
    """The reward for ``side`` at the end of a game that is over; 0 for a game cut by an episode
    cap (truncated: it has no result). ``reward="victory_points"``: the marines get
    ``score["victory_points"] / game.victory_points_max``, the hive its negative."""
    if game.truncated_by() is not None:
        return 0.0
    if reward == "victory_points":
        value = game.outcome()["score"]["victory_points"] / game.victory_points_max
        return value if side == SIDES[0] else -value
    return result_reward[RESULTS[game.outcome()[side]]]


def check_reward(reward: str, result_reward: dict | None, game: "Game") -> str:
    """The adapters' ``reward=`` option: "result" (the default) or "victory_points" (only for a
    game that scores them, and then without ``result_reward``)."""
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r}; allowed: {list(REWARDS)}")
    if reward == "victory_points":
        if not hasattr(game, "victory_points_max"):
            raise ValueError(f"reward='victory_points' needs a game that scores the Tournament Victory Points "
                             f"(ReactorRoom, OperationsAirDucts, MovieScenario, CompleteMovie); {game.name} does not")
        if result_reward is not None:
            raise ValueError("reward='victory_points' pays the points, not a result: leave result_reward unset")
    return reward


def check_result_reward(value: dict | None) -> dict[str, float]:
    """The reward of each result (``result_reward=`` of the environments): a mapping that gives a
    number for each of win, draw and loss; None gives +1, 0, -1."""
    if value is None:
        return dict(DEFAULT_RESULT_REWARD)
    if (
        not isinstance(value, dict)
        or set(value) != set(DEFAULT_RESULT_REWARD)
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value.values())
    ):
        raise ValueError(
            f"result_reward must give a number for each of win, draw, loss, e.g. "
            f"{{'win': 1.0, 'draw': 0.0, 'loss': 0.0}}; got {value!r}"
        )
    return {key: float(v) for key, v in value.items()}


def lone_legal(mask: np.ndarray) -> int:
    """The index of the lone legal action of `mask` (a contiguous array of one byte an action, as
    every mask: compiled, another is refused); -1 when none is legal, -2 when two or more are
    (``PhasedGame._run`` takes a lone action at once)."""
    if cython.compiled:  # one C loop over its bytes, no Python call (core/game.pxd)
        return _lone_legal_c(mask)  # noqa: F821
    count = _count_nonzero(mask)
    return -2 if count > 1 else -1 if count == 0 else int(mask.argmax())


class IllegalActionError(ValueError):
    """An action that is not legal for the player to move; the message names it and says why."""


@functools.lru_cache(maxsize=None)
def abstract_methods(cls: type) -> tuple[str, ...]:
    """The methods marked ``@abstractmethod`` that class ``cls`` leaves without an implementation."""
    return tuple(sorted(name for name in dir(cls) if getattr(getattr(cls, name, None), "__isabstractmethod__", False)))


@functools.lru_cache(maxsize=None)
def _declared_fields(module: str, name: str) -> frozenset[str]:
    """The attributes the .pxd file beside `module` declares for its class `name` (the lines
    ``cdef public TYPE a, b`` under ``cdef class name``, TYPE ``object`` or a type such as ``list``
    or ``Decision``); none without such a file."""
    path = getattr(sys.modules.get(module), "__file__", None)
    pxd = None if path is None else pathlib.Path(path).parent / (module.rpartition(".")[2] + ".pxd")
    if pxd is None or not pxd.is_file():
        return frozenset()
    names, inside = set(), False
    for line in pxd.read_text().splitlines():
        header = re.match(r"cdef class (\w+)", line)
        if header or (line and not line[0].isspace()):
            inside = bool(header) and header.group(1) == name
        elif inside and line.lstrip().startswith("cdef public "):
            fields = re.fullmatch(r"\s+cdef public \w+ (\w+(?:, \w+)*)\s*(?:#.*)?", line)
            if fields is None:  # (a field this parser missed would drop out of pickles unseen)
                raise ValueError(f"{pxd}: cannot read {line.strip()!r}: one type word, then names")
            names.update(fields.group(1).split(", "))
    return frozenset(names)


@functools.lru_cache(maxsize=None)
def struct_fields(cls: type) -> frozenset[str]:
    """The attributes the .pxd files declare for `cls` and its bases (core/game.pxd, the rulesets'
    own): compiled, a game keeps them in its struct, not in its ``__dict__``."""
    return frozenset().union(*(_declared_fields(klass.__module__, klass.__name__) for klass in cls.__mro__))


def rebuild_game(cls: type, state: dict) -> "Game":
    """A game from its pickle (``Game.__reduce__``): each declared attribute set by name (into the
    struct, compiled; None where the pickle leaves it out), the others into the ``__dict__``; so a
    game pickled compiled loads in a pure-Python process and the other way round."""
    state = cls._upgrade_state(state)
    game = cls.__new__(cls)
    fields = struct_fields(cls)
    for name in fields:
        setattr(game, name, state.get(name))
    game.__dict__.update({name: value for name, value in state.items() if name not in fields})
    return game


class Game:
    """The contract. Not an ``ABC``: compiled, Game is an extension type (core/game.pxd), which takes
    no metaclass; ``__init__`` refuses a class that leaves an abstract method out, as ABC would.

    What every ruleset sets (comments, not annotations: an extension type's class body declares no
    attributes): ``name`` (a class attribute: the name used in env ids and in position files),
    ``layout`` (the ActionLayout) and ``obs_layout`` (the ObsLayout: the named views of
    ``observe()``'s flat array, declared once per ruleset).

    What a ruleset declares of its action space: ``side_slice_names`` (a class attribute, read by
    ``side_slices``), ``{side: names of the slices that side may ever take}`` by the rules (which
    decisions are whose); a side it leaves out takes every slice the other side's entry does not
    name; a name may be both sides' (a card both decks hold), and may be missing from a layout (an
    option that adds the slice). None (the default): every slice for both sides.
    ``row_slice_names`` (a class attribute), ``{row view: names of the slices whose k-th action is
    aimed at that view's k-th row}`` (a Marine's fire at its k-th target): where an observation
    shows only the first rows of the view (``observation="compact"``), ``actions="side"`` leaves out
    the actions aimed at the rows it does not show (aliens_env/envs/actions.py). A name may be
    missing from a layout, as above. None (the default): no such slices.
    ``row_aimed_slice_names`` (a class attribute), ``{row view: names of slices whose actions are
    aimed, decision by decision, at that view's rows}`` (a Bug Hunt Marine's grenade, a slice of
    offsets from the firer, at its k-th target's square): where an observation shows only the first
    rows of the view, ``actions="side"`` gives the side one action per shown row instead of the
    slice, mapped at each decision by ``row_aimed_actions(name, rows)``, which a ruleset declaring
    any implements. Otherwise as ``row_slice_names``; None (the default): no such slices. The view
    may be one of the game's own row views of the compact observation (below) rather than of the
    full one (Glorious Day's Move at the squares of its ``moves`` rows).

    What a ruleset may add: its own compact observation (the environments' ``observation="compact"``,
    aliens_env/envs/observations.py), ``compact_layout`` (an ObsLayout) and ``observe_compact(player)``
    (float32 in [0, 1], that layout's size). Without them "compact" is core/compact.py's transform of
    the full observation, or the full one. That transform may end with row views the game works out
    itself (core/compact.yaml's ``game_rows``): ``compact_row_columns`` (a class attribute, ``{view:
    its columns' names}``) and ``compact_rows(view, rows, player)`` (float32 in [0, 1] of shape
    ``(rows, columns)``, only what `player` may know). None (the default): no such views."""

    side_slice_names = None  # (see the class's docstring: every slice for both sides)
    row_slice_names = None  # (see the class's docstring: no slice aimed at a view's rows)
    row_aimed_slice_names = None  # (see the class's docstring: no slice aimed at them decision by decision)
    compact_row_columns = None  # (see the class's docstring: no row view of the game's own in the compact observation)

    def __init__(self):
        missing = abstract_methods(type(self))
        if missing:
            raise TypeError(f"can't instantiate {type(self).__name__}: it implements no {', '.join(missing)} "
                            f"(abstract methods of the Game contract)")
        self.dice = Dice()

    @classmethod
    def _upgrade_state(cls, state: dict) -> dict:
        """A pickle's state as this version of the class loads it (``rebuild_game``): a class whose
        attributes changed fills in what an older pickle lacks. Here, the state as it is."""
        return state

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return self.obs_layout.shape

    # -- the contract --------------------------------------------------------------------------
    @abstractmethod
    def reset(self, seed: int | None = None) -> None: ...

    @abstractmethod
    def current_player(self) -> str | None: ...

    @abstractmethod
    def legal_mask(self, player: str) -> np.ndarray: ...

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action of the player to move and advance to the next decision."""

    @abstractmethod
    def observe(self, player: str) -> np.ndarray: ...

    def legal_mask_kept(self, player: str) -> np.ndarray:
        """The values ``legal_mask(player)`` gives, perhaps in the game's own kept array (no copy):
        the returned array must not be written and is valid until the next step. For a caller that
        only reads it at once (the Movie chains, the scripted players of the Reactor Room family, of
        Glorious Day and of Bug Hunt: its squad, tactics and dice AI). Default: ``legal_mask``."""
        return self.legal_mask(player)

    def observe_kept(self, player: str) -> np.ndarray | None:
        """The values ``observe(player)`` gives, in the game's own kept buffer (the same array at
        every call while this game object keeps it, rewritten by its next observe or observe_kept): for a wrapper
        that copies them on at once and never writes it (the Movie chains). None: the game keeps
        none (call ``observe``)."""
        return None

    @abstractmethod
    def outcome(self) -> dict[str, Any]: ...

    @abstractmethod
    def to_dict(self) -> dict: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, data: dict) -> "Game": ...

    @abstractmethod
    def describe_action(self, action: int) -> str: ...

    # -- shared behaviour ----------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """The game is over: ended by the rules, or cut by an episode cap (``truncated_by()``)."""
        return self.current_player() is None

    def truncated_by(self) -> str | None:
        """None unless the game was cut short by an episode cap the user asked for (not a rule):
        then the cap's option name (e.g. "turn_limit"). The adapters report such a game as
        truncated, with no result reward. Rulesets with a cap override this."""
        return None

    def legal_actions(self, player: str | None = None) -> list[int]:
        player = player or self.current_player()
        if player is None:
            return []
        return np.flatnonzero(self.legal_mask(player)).tolist()

    def illegal_reason(self, action: int) -> str | None:
        """None when legal; else a sentence naming the action and why it is not allowed now.
        Rulesets may override to give a more specific reason."""
        player = self.current_player()
        if player is None:
            return "the game is over: no action is legal"
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()
        if not isinstance(action, (int, np.integer)) or not 0 <= int(action) < self.layout.size:
            return f"action {action!r} is not an integer in 0-{self.layout.size - 1}"
        if self.legal_mask(player)[int(action)]:
            return None
        legal = ", ".join(self.describe_action(a) for a in self.legal_actions(player)[:12])
        more = "" if len(self.legal_actions(player)) <= 12 else ", ..."
        return f"{self.layout.name(int(action))} is not legal for {player} now; legal: {legal}{more}"

    def apply(self, action: int) -> None:
        """Apply an action; an illegal one raises IllegalActionError and changes nothing."""
        reason = self.illegal_reason(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self._apply(int(action))

    def clone(self) -> "Game":
        return copy.deepcopy(self)

    def __reduce__(self):
        """Pickled, copied and deep-copied as its class and every attribute by name, struct fields
        and ``__dict__`` alike (``rebuild_game``): the same pickle compiled and pure (Cython's own
        pickling of an extension type names a helper of the compiled module). A class's own
        ``__getstate__`` gives the ``__dict__`` part (the Movie chains leave their kept views out).
        A declared attribute that is None is left out (``rebuild_game`` sets it to None): compiled,
        every declared field exists, None until set, where a pure game has only those it set (a
        plain ReactorRoom never sets the Tactics envs' commander records)."""
        getstate, own = getattr(type(self), "__getstate__", None), vars(self)
        state = dict(own if getstate in (None, getattr(object, "__getstate__", None)) else getstate(self))  # (3.10: no object.__getstate__)
        for name in struct_fields(type(self)):
            value = state.pop(name, None) if name in own else getattr(self, name, None)  # (pure: in the __dict__)
            if value is not None:
                state[name] = value
        return rebuild_game, (type(self), state)

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> "Game":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"position is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    # -- declared hooks: the adapters call these on every game ---------------------------------
    def shaping_value(self, side: str) -> float:
        """The shaping potential of `side` in this position. With ``shaping=True`` the adapters
        add its change to `side`'s reward at every step (potential-based shaping); a ruleset
        documents its potential and keeps its weights in its YAML. Default 0.0: no shaping."""
        return 0.0

    def side_slices(self, side: str) -> tuple[str, ...]:
        """The names of the slices of ``layout`` that `side` may ever take, in the layout's order
        (``side_slice_names``, the ruleset's declaration): a legal action of `side` always lies in
        one of them (tests/test_conformance.py checks it by random play of every registered
        environment). Default: every slice, for both sides."""
        other = other_side(side)  # (checks the side's name)
        names = tuple(self.layout.slices)
        declared = self.side_slice_names
        if declared is None:
            return names
        if side in declared:
            return tuple(name for name in names if name in declared[side])
        return tuple(name for name in names if name not in declared[other])

    def row_aimed_actions(self, name: str, rows: int) -> list[int]:
        """The game's action of slice `name` (one of ``row_aimed_slice_names``') aimed now at each
        of the first `rows` rows of its view, -1 where none is (an empty row, one the slice cannot
        reach, a row whose action an earlier row's already is: each action at most once). Its
        legality is the game's mask's. A ruleset that declares ``row_aimed_slice_names`` implements it."""
        raise NotImplementedError(f"{type(self).__name__} declares row_aimed_slice_names {self.row_aimed_slice_names!r} "
                                  f"but implements no row_aimed_actions (the game's action aimed at each row now)")

    def compact_rows(self, view: str, rows: int, player: str) -> np.ndarray:
        """The first `rows` rows of the game's own row view `view` of the compact observation now, as
        `player` may know them (float32 in [0, 1], ``(rows, len(compact_row_columns[view]))``). A
        ruleset that declares ``compact_row_columns`` implements it."""
        raise NotImplementedError(f"{type(self).__name__} declares compact_row_columns {self.compact_row_columns!r} "
                                  f"but implements no compact_rows (the rows of its own views now)")

    def determinize(self, side: str, rng: random.Random) -> "Game":
        """A clone in which only what `side` cannot know is re-dealt with `rng` (the other
        side's hand, face-down piles, an unlaid map), so that ``observe(side)`` is unchanged: one
        world `side` cannot tell from this one, for search (aliens_env.search). The future of the
        dice is not part of it: a searcher reseeds the clone's dice itself. Default: a plain
        clone, for games where both sides see everything."""
        return self.clone()

    def render_text(self, viewer: str | None = None) -> str:
        """A text view for people ("ansi"): `viewer` ("marines" / "hive") hides what that side may
        not know; None is a spectator's view of everything."""
        return repr(self)

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """An image (height, width, 3) uint8 ("rgb_array"), `viewer` as in ``render_text``. Every
        registered ruleset provides one (drawn with aliens_env.render: labels, panels, a legend)."""
        raise NotImplementedError(f"{type(self).__name__} has no image rendering")


class Decision:
    """An open decision of a PhasedGame: the side that decides, its kind (a word of the ruleset,
    e.g. "order") and its options (the ruleset's own list). A plain class, not a dataclass: one is
    made at every decision, and compiled (an extension type, core/game.pxd) a dataclass's __init__
    costs about eight times this one's."""

    def __init__(self, player: str, kind: str, options: list | None = None):
        self.player = player
        self.kind = kind
        self.options = [] if options is None else options

    def __eq__(self, other) -> bool:
        if type(other) is not Decision:
            return NotImplemented
        return (self.player, self.kind, self.options) == (other.player, other.kind, other.options)

    __hash__ = None  # (mutable, compared by value: unhashable, as the dataclass it was)

    def __repr__(self) -> str:
        return f"Decision(player={self.player!r}, kind={self.kind!r}, options={self.options!r})"

    def copy(self) -> "Decision":
        return Decision(self.player, self.kind, list(self.options))

    def __reduce__(self):
        """Pickled as its class and fields (compiled, an extension type: Cython's own pickling
        would name a helper of the compiled module, which a pure process lacks)."""
        return Decision, (self.player, self.kind, self.options)


class PhasedGame(Game):
    """A game whose rules run in phases until somebody must decide.

    The state holds ``decision`` (None once the game is over, else a ``Decision``, opened with
    ``_decide(kind, options)``: the kinds in ``marine_decisions`` are the marines', all others the
    hive's) and a per-position ``_cache``. A ruleset implements:

    - ``_compute_mask()``: the legal actions of the open decision;
    - ``_resolve(action)``: carry out one legal action (the decision is closed first);
    - ``_advance() -> bool``: one step of the phase machine while no decision is open (it may
      open one); False once the game is over;
    - optionally ``_settle() -> bool``: checked before anything else at every step (even with a
      decision open), False when the game has just ended (the default never ends it there).

    ``_run`` then plays on until a decision has two or more legal actions: a decision with one
    legal action is taken at once, so every step offered to a player is a real choice. It counts
    the *script mask* (``script_mask``), by default the whole mask.

    The script mask is the mask scripted policies read (read only, valid until the next step) and
    the one the phase loop counts; a game may leave out of it what its scripts never read, so as
    not to work that out (the Tactics environments while a tactic plays: core/commander.py, a
    ruleset's ``_compute_script_mask``). Its contract: it holds a subset of the whole mask's
    entries; its count is above 1 exactly when the whole mask's is; where the whole mask counts 1
    (or 0), it is the whole mask (so a lone entry taken by the loop is the whole mask's). Scripts
    read from it only the entries it holds, and ask the whole mask (``legal_mask_kept``) or the
    rules' queries for the rest. (tests/core/test_script_mask.py checks it for every Tactics
    environment.)

    A rule for every ruleset: nothing may change the position while the same decision object stays
    open (``_resolve`` closes it first; a new position always opens a new one with ``_decide``; a
    clone copies it). So a cache keyed on the decision object stays right while that object is
    open: a commander's kept primitive cache (core/commander.py) relies on it.
    """

    # ``decision`` (a Decision, or None), ``events`` (a list) and ``marine_decisions`` (a class
    # attribute: the frozenset of the decision kinds that are the marines' to take)

    def _decide(self, kind: str, options: list | None = None) -> None:
        """Open a decision of `kind` over `options`."""
        player = SIDES[0] if kind in self.marine_decisions else SIDES[1]
        self.decision = Decision(player, kind, options)

    def current_player(self) -> str | None:
        return None if self.decision is None else self.decision.player

    def legal_mask(self, player: str) -> np.ndarray:
        return self.legal_mask_kept(player).copy()

    def legal_mask_kept(self, player: str) -> np.ndarray:
        """The open decision's kept mask itself (``_current_mask``); an empty mask for a player
        not to move."""
        if self.decision is None or self.decision.player != player:
            return self.layout.empty_mask()
        return self._current_mask()

    @cython.locals(d=Decision, cache=dict)  # (compiled: the decision's fields and the cache C reads)
    def script_mask(self, player: str) -> np.ndarray:
        """The script mask (see the class's docstring): while a commander's tactic plays
        (``_executing``, core/commander.py) and the side it commands (``_commanded_side``) decides,
        the kept ``_compute_script_mask()`` (the whole mask instead where it is cached already: no
        second mask worked out); otherwise the whole mask, ``legal_mask_kept``'s (a commander's own
        mask while it decides)."""
        d = self.decision
        if self._executing and d is not None and d.player == player and player == self._commanded_side:
            cache = self._cache
            mask = cache.get("mask")
            if mask is None:
                mask = cache.get("script_mask")
                if mask is None:
                    mask = cache["script_mask"] = self._compute_script_mask()
            return mask
        return self.legal_mask_kept(player)

    def _compute_script_mask(self) -> np.ndarray:
        """The open decision's script mask, worked out where a game keeps one of its own (a
        commanded side while a tactic plays, core/commander.py): a ruleset's hook, leaving out what
        its scripts never read, within the contract of the class's docstring. Default: the whole
        mask."""
        return self._current_mask()

    def illegal_reason(self, action: int) -> str | None:
        # the common case first: a plain int that is legal now (no copy of the mask)
        if type(action) is int and self.decision is not None and 0 <= action < self.layout.size \
                and self._current_mask()[action]:
            return None
        return super().illegal_reason(action)

    def _clone_shared(self):
        """A shallow copy with its own dice, open decision, stats, events and an empty cache: the
        start of a ruleset's clone(), which then copies its own mutable records."""
        new = copy.copy(self)
        new.dice = self.dice.clone()
        new.decision = None if self.decision is None else self.decision.copy()
        new.stats = dict(self.stats)
        new.events = list(self.events)
        new._cache = {}
        new._primitive = None  # (a commander's kept cache, core/commander.py: the original's, not the clone's)
        return new

    def _current_mask(self) -> np.ndarray:
        mask = self._cache.get("mask")
        if mask is None:
            mask = self._cache["mask"] = self._compute_mask()
        return mask

    def _apply(self, action: int) -> None:
        self.events = []
        self._resolve(action)
        self._run()

    @cython.locals(lone=cython.Py_ssize_t)  # (compiled: compared in C)
    def _run(self) -> None:
        while True:
            self._cache.clear()  # the position may have changed: masks and views are recomputed
            if not self._settle():
                return
            if self.decision is not None:
                mask = self.script_mask(self.decision.player)  # (two or more entries exactly when the whole mask has)
                lone = lone_legal(mask)
                if lone == -2:  # a real choice
                    return
                if lone == -1:
                    raise RuntimeError(f"{type(self).__name__}: no legal action in decision {self.decision}")
                self._resolve(lone)
            elif not self._advance():
                return

    def _settle(self) -> bool:
        return True

    def describe_action(self, action: int) -> str:
        """The action's name while no decision is open, else what it does now (``_describe``)."""
        kind, index = self.layout.decode(action)
        label = self.layout.name(action)
        if self.decision is None:
            return label
        return self._describe(kind, index, label)

    @abstractmethod
    def _describe(self, kind: str, index: int, label: str) -> str:
        """What action ``label`` (slice ``kind``, entry ``index``) does in the open decision."""

    # (abstract, marked below the class: compiled, cpdef methods take no decorator)
    def _compute_mask(self) -> np.ndarray: ...

    def _resolve(self, action: int) -> None: ...

    def _advance(self) -> bool: ...


for _name in ("_compute_mask", "_resolve", "_advance"):  # the loop's hooks every ruleset implements
    abstractmethod(vars(PhasedGame)[_name])  # (sets the function's __isabstractmethod__: abstract_methods finds it)
del _name
if not cython.compiled:  # (compiled, the struct's fields, None until a commander sets them: core/game.pxd)
    PhasedGame._executing = None
    PhasedGame._commanded_side = None
