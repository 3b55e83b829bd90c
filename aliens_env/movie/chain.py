"""A chain of stage games played as one episode: the mechanism of the Movie Scenario (two stages)
and of the Complete Movie Scenario (the Expansion's branching campaign).

One action space and one observation for the whole episode (``layout`` / ``obs_layout``, given by
the subclass): each stage's actions and views are copied into them by name (``_stage_maps``,
``observe``). The stage being played is ``stage_game``; when its rules end it, ``_stage_over``
(the subclass) records it and starts the next stage, or leaves the episode over. The episode's
dice are the stage's (DicePolicy, the search and the replays roll them).
"""
from __future__ import annotations

import copy

import numpy as np

from ..core.game import Game

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: a block of at least this many values (runs of consecutive values in the stage's observation
#: and in the episode's, at steady steps) is copied as one strided view; the other values in one
#: gather (see ``_obs_map``)
BLOCK_MIN = 32
#: the action maps and observation maps of the chains, shared by every game of a class (they
#: depend on the class, the stage and its roster alone; read only); the survivors of a stage come
#: in many sets, so the memo is emptied when it passes MAPS_KEPT entries (memory stays bounded)
_KEPT: dict[tuple, tuple] = {}
MAPS_KEPT = 256


def _kept(key: tuple, make):
    out = _KEPT.get(key)
    if out is None:
        if len(_KEPT) >= MAPS_KEPT:
            _KEPT.clear()
        out = _KEPT[key] = make()
    return out


def _repeats(items: list[tuple]) -> list[tuple]:
    """Items (episode start, stage start, shape, steps in the episode, in the stage, the first
    index into the map) where each one after the first of a group has the same shape and steps and
    starts the same distance after the one before in both: each such group as one item of one more
    axis (its count, those distances)."""
    out, k = [], 0
    while k < len(items):
        d, s, shape, steps_d, steps_s, first = items[k]
        j = k + 1
        if j < len(items) and items[j][2:5] == (shape, steps_d, steps_s):
            step_d, step_s = items[j][0] - d, items[j][1] - s
            while (j < len(items) and items[j][2:5] == (shape, steps_d, steps_s) and items[j][0] - items[j - 1][0] == step_d
                   and items[j][1] - items[j - 1][1] == step_s):
                j += 1
            out.append((d, s, (j - k, *shape), (step_d, *steps_d), (step_s, *steps_s), first))
        else:
            out.append(items[k])
        k = j
    return out


class StageChain(Game):
    """The shared part of a chain of stages; a subclass sets ``layout``, ``obs_layout``,
    ``stage`` and ``stage_game`` and provides ``_stage_over``, ``_copy_views`` and
    ``_chain_view`` (its own features, written after the stage's views)."""

    stage: str
    stage_game: Game
    _maps_of: tuple = (None, None)  # (the stage game, its _stage_maps) of the last call
    _obs_map_of: tuple = (None, None)  # (the stage game, its _obs_map) of the last call

    def __getstate__(self) -> dict:
        """Without the bound observation plan: its views are of this game's buffers and of its
        stage game's kept observation, which a copy or a pickle would share or turn into frozen
        arrays of its own (the copy binds the plan again at its first observe); nor the action
        maps and observation map kept for the last stage game (they hold that game, perhaps a
        stage already left: each is found again by identity); nor the stage games this chain
        built and keeps as spares (each game starts stage games of its own)."""
        state = self.__dict__.copy()
        for name in ("_plan", "_maps_of", "_obs_map_of", "_spares", "_built"):
            state.pop(name, None)
        return state

    def clone(self) -> "StageChain":
        """A shallow copy (``copy.copy`` goes through ``__getstate__``: none of what it leaves out)
        with a clone of the stage game; a subclass copies its own records on it."""
        new = copy.copy(self)
        new.stage_game = self.stage_game.clone()
        return new

    # -- the stage games, built once and reset as good as new (the static part is the costly one)
    _built: tuple = (None, None)  # (the stage game this chain built, its key)

    def _stage_game(self, stage: str, args: tuple, make) -> tuple[Game, bool]:
        """(a game of ``stage`` as ``make()`` builds it, ``args`` the values it is built with: this
        chain's spare one of that stage when it was built with the same (the caller resets it);
        whether ``make()`` built it (a builder given the dice starts the game on them itself: the
        caller need not start it again))."""
        spares = self.__dict__.setdefault("_spares", {})
        key = (stage, args)
        spare = spares.pop(stage, None)
        built = spare is None or spare[0] != key
        g = make() if built else spare[1]
        self._built = (g, key)
        return g, built

    def _keep_spare(self) -> None:
        """The stage game (finished, or left by reset) kept as its stage's spare, when this chain
        built it (one a stage: the memory stays bounded)."""
        g, key = self._built
        if g is not None and g is self.stage_game:
            self.__dict__.setdefault("_spares", {})[key[0]] = (key, g)
        self._built = (None, None)

    # the episode's dice are the stage's: DicePolicy, the search and the replays roll them
    @property
    def dice(self):
        return self.stage_game.dice

    @dice.setter
    def dice(self, value) -> None:
        self.stage_game.dice = value

    def current_player(self) -> str | None:
        return self.stage_game.current_player()

    def legal_mask(self, player: str) -> np.ndarray:
        to_outer, _, runs, blank = self._stage_maps()
        mask = blank.copy()  # (a copy costs less than making an empty mask)
        kept = self.stage_game.legal_mask_kept(player)
        if cython.compiled:  # every run one memcpy, in C (chain.pxd): no fancy index's set-up
            _copy_mask_runs_c(mask, kept, runs[0], runs[1], runs[2], runs[3])  # noqa: F821  (defined in chain.pxd)
        else:
            mask[to_outer] = kept
        return mask

    def _legal_inner(self, action) -> int:
        """The stage's action for ``action`` when it is legal there (the common case, found
        without building a mask), else -1."""
        if type(action) is int and 0 <= action < self.layout.size:
            g = self.stage_game
            inner = self._stage_maps()[1][action]
            # (no current_player() asked: a stage's illegal_reason gives a reason when no one is to move)
            if inner >= 0 and g.illegal_reason(inner) is None:
                return inner
        return -1

    def apply(self, action: int) -> None:
        """As Game.apply, the common case first: a legal action of the stage's, looked up once."""
        inner = self._legal_inner(action)
        if inner >= 0:
            self._apply_stage(self.stage_game, inner)
        else:
            super().apply(action)  # (the error: illegal_reason's)

    def _apply(self, action: int) -> None:
        # (apply() has checked it through illegal_reason: the stage's action is legal there)
        self._apply_stage(self.stage_game, self._stage_maps()[1][action])

    def _apply_stage(self, g: Game, inner: int) -> None:
        g._apply(inner)
        if g.is_terminal():
            self._stage_over()

    def _stage_over(self) -> None:
        """The stage's rules have ended it: record it and start the next stage (or end the episode)."""
        raise NotImplementedError

    def to_stage_action(self, action: int) -> int:
        """The stage game's action for an action of the episode (-1: none in this stage)."""
        return self._stage_maps()[1][action]

    def from_stage_action(self, action: int) -> int:
        """The episode's action for an action of the stage game."""
        return int(self._stage_maps()[0][action])

    def _slice_name(self, game: Game, kind: str) -> str:
        """The episode's slice of a stage's action slice (the same name unless a subclass says)."""
        return kind

    def _stage_maps(self) -> tuple[np.ndarray, list[int], tuple, np.ndarray]:
        """(stage action -> episode action, episode action -> stage action or -1 (a list of
        ints, as the steps use it), the compiled mask copy's runs: the address of the runs of
        consecutive actions in both (episode start, stage start, length: an intp array's rows),
        their count, the episode's and the stage's action counts, the array; the episode's empty
        mask, read only): the slice of the same name (``_slice_name``) and the same entry, but by
        label where both slices are labelled (``target[m]`` by the character's name)."""
        g, last = self.stage_game, self._maps_of
        if last[0] is g:
            return last[1]
        maps = _kept((type(self), "actions", type(g), tuple(getattr(g, "marine_order", ()))), self._make_stage_maps)
        self._maps_of = (g, maps)
        return maps

    def _make_stage_maps(self) -> tuple[np.ndarray, list[int], tuple, np.ndarray]:
        g = self.stage_game
        lay = g.layout
        inner_specs, outer_specs = dict(lay._specs), dict(self.layout._specs)
        to_outer = []
        for kind, i in (lay.decode(a) for a in range(lay.size)):
            name = self._slice_name(g, kind)
            inner, outer = inner_specs[kind], outer_specs[name]
            if not isinstance(inner, int) and not isinstance(outer, int):
                i = [str(x) for x in outer].index(str(list(inner)[i]))
            to_outer.append(self.layout.encode(name, i))
        to_outer = np.array(to_outer, dtype=np.int64)
        to_inner = np.full(self.layout.size, -1, dtype=np.int64)
        to_inner[to_outer] = np.arange(lay.size)
        breaks = np.flatnonzero(np.diff(to_outer) != 1) + 1
        runs = np.array([(to_outer[a], a, b - a) for a, b in zip([0, *breaks], [*breaks, len(to_outer)]) if b > a],
                        dtype=np.intp).reshape(-1, 3)
        if (runs < 0).any() or (runs[:, 0] + runs[:, 2] > self.layout.size).any() or (runs[:, 1] + runs[:, 2] > lay.size).any():
            raise ValueError(f"{type(self).__name__}: an action run lies outside its layouts")  # (the C copy checks no index)
        at = (runs.__array_interface__["data"][0], len(runs), self.layout.size, lay.size)
        blank = self.layout.empty_mask()
        blank.flags.writeable = False  # (shared: every legal mask is a copy of it)
        return to_outer, to_inner.tolist(), (*at, runs), blank

    # ------------------------------------------------------------------------------------------
    def observe(self, player: str) -> np.ndarray:
        """A copy of ``observe_kept``'s values."""
        return self.observe_kept(player).copy()

    def observe_kept(self, player: str) -> np.ndarray:
        """The stage's views copied into the episode's by name (``_copy_views``), then the
        chain's own features (``_chain_view``): read from the stage's kept observation where it
        keeps one (``observe_kept``), else from its observe copied into the plan's buffer. The
        values are in the plan's episode buffer, this game's own (the same array while the
        plan's shape holds, which is the layout's: ``_bind_obs_map`` reuses it), given as it
        is: the compact transform reads it without observe's copy (a reader must not write it)."""
        g = self.stage_game
        kept = g.observe_kept(player)
        plan = self.__dict__.get("_plan")
        if plan is None or plan[0] is not g or plan[1] is not (plan[2] if kept is None else kept):
            plan = self._plan = self._bind_obs_map(g, kept)
        _, source, inner, out, blocks, src, dst, at = plan
        if kept is None:
            inner[:] = g.observe(player)
        if cython.compiled:  # every run one memcpy, in C (chain.pxd): no numpy assignment's set-up a block
            _copy_runs_c(at[0], at[1], at[2], at[3])  # noqa: F821  (defined in chain.pxd)
        else:
            for to, of in blocks:
                to[...] = of
            if len(src):
                out[dst] = source[src]
        self._chain_view(out)
        return out

    #: what ``_chain_view`` last wrote into the plan's episode buffer (the subclass's key; None:
    #: nothing yet, as after ``_bind_obs_map`` rewrites the buffer with the template)
    _shown = None

    def _chain_view(self, out: np.ndarray) -> None:
        """Write the episode's own features into ``out``, the plan's episode buffer (the subclass;
        they stay there until rewritten: it may skip values ``_shown`` says are written)."""

    def _bind_obs_map(self, g: Game, kept: np.ndarray | None) -> tuple:
        """(the stage game, the buffer read, this game's buffer of the stage's observe (None when
        the stage's kept observation is read), the episode's buffer, the (episode view, stage
        view) pairs of the blocks (pure Python alone: none compiled), the stage's other indices, where they go, the compiled copy's
        addresses (of the episode's buffer, of the buffer read, of the runs, and their count; the
        runs checked here to lie inside both buffers, the three arrays held by the plan)): ``_obs_map`` bound
        to buffers of this game's own (never shared with another game, a clone or a copy: each
        binds its own at its first observe of a stage game). The episode's buffer holds the
        values ``_copy_views`` does not write (the template's); the stage's values are rewritten
        every observe, the chain's own view when it changes (``_shown``, forgotten here)."""
        template, blocks, src, dst, runs = self._obs_map()
        inner = np.zeros(g.obs_layout.size, dtype=np.float32) if kept is None else None
        source = inner if kept is None else kept
        if (runs < 0).any() or (runs[:, 0] + runs[:, 2] > template.size).any() or (runs[:, 1] + runs[:, 2] > source.size).any():
            raise ValueError(f"{type(self).__name__}: an observation run lies outside its buffers")  # (the C copy checks no index)
        if template.dtype != np.float32 or source.dtype != np.float32 or not source.flags.c_contiguous or runs.dtype != np.intp or not runs.flags.c_contiguous:
            raise ValueError(f"{type(self).__name__}: the observations are not contiguous float32 buffers")
        old = self.__dict__.get("_plan")  # (this game's own: a clone, a copy or a pickle starts without)
        if old is not None and old[3].shape == template.shape:
            out = old[3]  # (its memory already in use: faster than a new one)
            out[...] = template
        else:
            out = template.copy()
        self._shown = None  # (the chain's own features: not in the template)
        size, bound = template.itemsize, []
        if not cython.compiled:  # (compiled, observe copies the runs: the block views would go unused)
            for d, s, shape, steps_d, steps_s in blocks:  # (as numpy's as_strided, without its cost)
                of = np.ndarray(shape, source.dtype, source, s * size, tuple(k * size for k in steps_s))
                of.flags.writeable = False  # (the stage's values: read, never written here)
                bound.append((np.ndarray(shape, out.dtype, out, d * size, tuple(k * size for k in steps_d)), of))
        at = (out.__array_interface__["data"][0], source.__array_interface__["data"][0],
              runs.__array_interface__["data"][0], len(runs))
        return g, source, inner, out, bound, src, dst, (*at, runs)

    def _obs_map(self) -> tuple[np.ndarray, list[tuple[int, ...]], np.ndarray, np.ndarray, np.ndarray]:
        """(the episode's observation before the stage's values, the blocks (episode start,
        stage start, shape, the steps of each axis in the episode, in the stage), the stage's other
        indices, where they go), kept per stage game and roster: ``_copy_views`` worked out once
        on index numbers. Runs of consecutive values (a board plane's row, a Marine's row)
        repeated at the same steps in both go as one block of ``count`` runs, and blocks alike
        repeated at the same steps (the rows of the board's planes) as one block of blocks; the
        rest in one gather. Compiled, ``observe`` copies the runs instead (episode start, stage
        start, length: one row each, every value of the map), each by one memcpy."""
        g, last = self.stage_game, self._obs_map_of
        if last[0] is g:
            return last[1]
        out = _kept((type(self), "views", self.stage, type(g), tuple(getattr(g, "marine_order", ()))), self._make_obs_map)
        self._obs_map_of = (g, out)
        return out

    def _make_obs_map(self) -> tuple[np.ndarray, list[tuple], np.ndarray, np.ndarray, np.ndarray]:
        g = self.stage_game
        template = self._copy_views(np.zeros(g.obs_layout.size), self.obs_layout.zeros())
        # the stage's index numbers, past the 0 and 1 that _copy_views writes itself
        where = self._copy_views(np.arange(g.obs_layout.size) + 2.0, np.full(self.obs_layout.size, -1.0))
        dst = np.flatnonzero(where >= 2)
        src = where[dst].astype(np.int64) - 2
        breaks = np.flatnonzero((np.diff(dst) != 1) | (np.diff(src) != 1)) + 1
        runs = [(int(dst[a]), int(src[a]), (int(b - a),), (1,), (1,), a) for a, b in zip([0, *breaks], [*breaks, len(dst)])]
        blocks = _repeats(_repeats(runs))  # (runs of runs, then blocks of those)
        # (an item covers the map's indices from its first on, as many as it has values)
        rest = [np.arange(a, a + int(np.prod(shape))) for _, _, shape, _, _, a in blocks if np.prod(shape) < BLOCK_MIN]
        blocks = [block[:5] for block in blocks if np.prod(block[2]) >= BLOCK_MIN]
        rest = np.concatenate(rest) if rest else np.zeros(0, dtype=np.int64)
        copies = np.array([(d, s, shape[0]) for d, s, shape, _, _, _ in runs], dtype=np.intp).reshape(-1, 3)
        return template, blocks, src[rest], dst[rest], copies

    def _copy_views(self, inner_obs: np.ndarray, obs: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    # ------------------------------------------------------------------------------------------
    def describe_action(self, action: int) -> str:
        inner = self.to_stage_action(action)
        if inner < 0:
            return f"{self.layout.name(action)} (no such action in the {self.stage.replace('_', ' ')})"
        return self.stage_game.describe_action(inner)

    def illegal_reason(self, action: int) -> str | None:
        if self._legal_inner(action) >= 0:
            return None
        reason = super().illegal_reason(action)
        return None if reason is None else f"{reason} ({self.stage.replace('_', ' ')} stage)"

    def determinize(self, side: str, rng) -> "StageChain":
        """A clone whose stage game is re-dealt as the stage's own ``determinize`` does (the
        stages still to come are not dealt yet: nothing to hide)."""
        new = self.clone()
        new.stage_game = self.stage_game.determinize(side, rng)
        return new

    @property
    def events(self) -> list[str]:
        return self.stage_game.events

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """The stage's picture (its own size)."""
        return self.stage_game.render_rgb(viewer)
