"""A side commanded by tactics (the Tactics environments: ReactorRoomTactics, OperationsAirDuctsTactics,
HuntForTheQueenTactics, BugHuntTactics, GloriousDayTactics): the marines choose one *tactic*, a
scripted policy, and it plays their primitive actions until the game's own rule says the command
is over (the end of an activation).

Mixed in before the game's class. The game's class supplies its tactics (``_make_tactics``, a
class method over its data file: policies with ``act(game, player)``, tactic 0 the scripted marines
themselves), their names (``_tactic_name``; ``tactic_labels()`` lists them without building a game)
and the two hooks ``_command_start`` and ``_command_over``. The ``tactic`` slice is appended after
the game's own, so every action of the game keeps its number (its hive policies read the same
indices); ``self._executing`` is True while a tactic plays (and while the game sets up), and
``self._commanded_side`` names the side the tactics play ("marines").

While a tactic plays and the commanded side decides, the script mask (``script_mask``, core/game.py's
PhasedGame: what the scripts read and the phase loop counts) is the game's ``_compute_script_mask``,
kept in ``_cache`` beside the whole mask (the whole mask instead once something asked for it): a
ruleset leaves out there what its scripts never read (PhasedGame's default: the whole mask).
PhasedGame's ``script_mask`` reads ``_executing`` and ``_commanded_side`` (compiled, fields of its struct:
core/game.pxd).
"""
from __future__ import annotations

import numpy as np

from .actions import MASK_DTYPE, ActionLayout
from .game import SIDES, Decision, PhasedGame

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from . import pure_cython as cython


#: the commanders' masks (every tactic legal, nothing else) by layout: (size, the tactic slice's
#: (start, count)); each made once, read only, shared by the games of that layout (``command_mask``)
_COMMAND_MASKS: dict[tuple, np.ndarray] = {}


def command_mask(size: int, tactic_slice: tuple[int, int]) -> np.ndarray:
    """The commander's mask over a layout of `size` actions whose tactic slice is `tactic_slice`
    (start, count): a kept mask, read only (``legal_mask`` copies it), the same array at every call."""
    masks = _COMMAND_MASKS  # (typed: a C look-up, compiled; commander.pxd)
    key = (size, tactic_slice)
    mask = masks.get(key)
    if mask is None:
        start, count = tactic_slice
        mask = np.zeros(size, MASK_DTYPE)
        mask[start:start + count] = 1
        mask.flags.writeable = False
        masks[key] = mask
    return mask


class CommandedSide:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # the game's own methods the commander's overrides fall back on, found once here: super()'s
        # (the next class after CommandedSide in cls's MRO), without building a super object at each
        # call (a mixin cannot name its base). None in a mixin derived from this one without a game.
        base = super(CommandedSide, cls)
        for name in ("_compute_mask", "_apply"):
            setattr(cls, "_game" + name, getattr(base, name, None))

    def __init__(self, **options):
        #: (decision, cache) where the last command ended: the primitive mask, targets, ... its _run()
        #: worked out for the open decision, reused by the next command while that decision is open
        #: (a decision is opened anew whenever the position changes; a clone copies the decision).
        #: Set here, not a class attribute: a game may keep it in its struct (reactor_room/game.pxd,
        #: glorious_day/apc.pxd, bug_hunt/state.pxd)
        self._primitive = None
        self.tactics = self._make_tactics()
        if len(self.tactics) < 2:  # (one tactic would be no choice: a step offered is a real choice)
            raise ValueError(f"{type(self).__name__} needs two or more tactics; its data file lists {len(self.tactics)}")
        self._commanded_side = SIDES[0]  # the marines: script_mask answers their decisions while a tactic plays
        self._executing = True  # no commander's mask while the game sets up
        super().__init__(**options)
        self.layout = self.layout.extended("tactic", [self._tactic_name(t) for t in self.tactics])
        self._executing = False
        self._cache.clear()

    @classmethod
    def _upgrade_state(cls, state: dict) -> dict:
        """A game pickled before ``_commanded_side`` was (session 56) loads with it: its commander
        commanded the marines, as every commander does."""
        state = super()._upgrade_state(state)
        if "_commanded_side" not in state:
            state = {**state, "_commanded_side": SIDES[0]}
        return state

    @classmethod
    def _make_tactics(cls) -> list:
        """The tactics, tactic 0 the scripted marines' own play (from the class's data file: no
        option changes them)."""
        raise NotImplementedError

    @staticmethod
    def _tactic_name(tactic) -> str:
        """A tactic's name in the layout and in ``describe_action``: by default its ``tactic``."""
        return tactic.tactic

    @classmethod
    def tactic_labels(cls) -> list[str]:
        """The tactic names in action order (tactic 0 first), known from the class: no game built."""
        return [cls._tactic_name(tactic) for tactic in cls._make_tactics()]

    def tactic_label(self, k: int) -> str:
        """Tactic k's name."""
        return self._tactic_name(self.tactics[k])

    def _commanded(self) -> str:
        """Whom a tactic chosen now commands, for ``describe_action``."""
        return "the Marines"

    def describe_action(self, action: int) -> str:
        kind, index = self.layout.decode(action)
        if kind == "tactic":
            return f"{self._commanded()}: tactic {index} ({self.tactic_label(index)})"
        return super().describe_action(action)

    def side_slices(self, side: str) -> tuple[str, ...]:
        """The commanded side takes only tactics (``_compute_mask``: its every mask is the
        commander's); the other side the game's own slices."""
        if side == self._commanded_side:
            return ("tactic",)
        return super().side_slices(side)

    def _command_start(self):
        """What ``_command_over`` compares against: taken as a tactic is chosen."""
        raise NotImplementedError

    def _command_over(self, start) -> bool:
        """Has the command ended (the marines deciding again, past what a tactic plays)?"""
        raise NotImplementedError

    @cython.locals(game=PhasedGame, layout=ActionLayout)
    def _compute_mask(self) -> np.ndarray:
        """The marines' mask is the commander's (every tactic: ``command_mask``) unless a tactic
        plays; every other mask is the game's own, whoever commands the marines."""
        game = self  # (typed: the open decision read from the struct, compiled; commander.pxd)
        if game._executing or game.decision.player != game._commanded_side:
            return self._game_compute_mask()
        layout = self.layout
        return command_mask(layout.size, layout.slices["tactic"])

    @cython.locals(game=PhasedGame, d=Decision, layout=ActionLayout)
    def _apply(self, action: int) -> None:
        """A tactic's command: the tactic's primitive actions, each carried out by the game's own
        ``_resolve`` and ``_run``, until the game's rule says the command is over (``_command_over``)
        or another side decides; every other action is the game's own ``_apply``. The command plays
        on up to the next real choice itself (its last ``_run``): no ``_run`` follows it, which would
        only work the open decision's mask out again (the marines' next decision is a real choice:
        two or more tactics, ``__init__``; and the game's own ``_run`` stops at the same decisions
        whether a tactic plays or not). (The commander overrides no ``_resolve``: the phase loop's
        lone actions and the tactic's reach the game's own, a C call where it is an extension type's.)"""
        layout = self.layout  # (typed: decode a C call, compiled)
        kind, index = layout.decode(action)
        if kind != "tactic":
            self._game_apply(action)
            return
        # (typed, compiled: the decision, the cache and the side read from the struct, the loop's hooks C calls,
        # commander.pxd; written through self: a typed local is for reading, tests/test_compiled.py)
        game = self
        self.events = []
        side = game._commanded_side
        tactic = self.tactics[index]
        start = self._command_start()
        self._executing = True
        kept, self._primitive = self._primitive, None
        if kept is not None and kept[0] is game.decision:  # still the position the last command ended in
            self._cache = kept[1]  # (its primitive cache; the commander's mask cached since is dropped)
        else:
            game._cache.clear()  # the masks cached so far were the commander's
        try:
            while True:  # after _run() the cache holds this position's primitive mask: act() reuses it
                game._resolve(tactic.act(self, side))
                game._run()  # forced steps and the phase machine, up to the next real choice
                d = game.decision
                if d is None or d.player != side or self._command_over(start):
                    break
        except BaseException:
            game._cache.clear()  # (a command broken off keeps nothing)
            raise
        finally:
            self._executing = False
        if d is not None and d.player == side:  # the next command starts here: the cache handed over
            self._primitive, self._cache = (d, game._cache), {}
        # (another side's decision keeps its cache: its masks are the same whoever commands the marines)


class HeuristicCommander:
    """The scripted marines as a commander: always tactic 0, their own play, so its games are
    theirs, move for move."""

    name = "heuristic"

    def act(self, game, player: str) -> int:
        return game.layout.encode("tactic", 0)


class TacticCommander:
    """One fixed tactic as a commander (policy spec ``tactic:NAME``): always the tactic of that
    name (its label: ``CommandedSide.tactic_labels``), or ``tactic:K`` by number, so its games are that
    tactic's own, every activation. ``labels`` are the class's (``check`` compares the game's own)."""

    def __init__(self, name: str, labels: list[str]):
        if name in labels:
            self.index = labels.index(name)
        elif name.isdecimal() and name.isascii() and int(name) < len(labels):
            self.index = int(name)
        else:
            raise ValueError(f"unknown tactic {name!r}; allowed: {labels} (or a number 0-{len(labels) - 1})")
        self.label = labels[self.index]
        self.name = f"tactic:{self.label}"

    def check(self, game, side: str) -> None:
        """The game played is a Tactics environment's with this tactic under this number (no
        option changes a game's list: this catches a game of another environment)."""
        if not isinstance(game, CommandedSide):
            raise ValueError(f"tactic:{self.label} needs a Tactics environment; {type(game).__name__} is not one")
        labels = [game.tactic_label(k) for k in range(len(game.tactics))]  # the game's own list
        if self.index >= len(labels) or labels[self.index] != self.label:
            raise ValueError(f"tactic {self.label!r} is not tactic {self.index} of this game; tactics: {labels}")

    def act(self, game, player: str) -> int:
        return game.layout.encode("tactic", self.index)
