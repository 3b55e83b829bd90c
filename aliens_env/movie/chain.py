"""A chain of stage games played as one episode: the mechanism of the Movie Scenario (two stages)
and of the Complete Movie Scenario (the Expansion's branching campaign).

One action space and one observation for the whole episode (``layout`` / ``obs_layout``, given by
the subclass): each stage's actions and views are copied into them by name (``_stage_maps``,
``observe``). The stage being played is ``stage_game``; when its rules end it, ``_stage_over``
(the subclass) records it and starts the next stage, or leaves the episode over. The episode's
dice are the stage's (DicePolicy, the search and the replays roll them).
"""
from __future__ import annotations

import numpy as np

from ..core.game import Game

#: the action maps and observation plans of the chains, shared by every game of a class (they
#: depend on the class, the stage and its roster alone); the survivors of a stage come in many
#: sets, so the memo is emptied when it passes MAPS_KEPT entries (memory stays bounded)
_KEPT: dict[tuple, tuple] = {}
MAPS_KEPT = 256


def _kept(key: tuple, make):
    out = _KEPT.get(key)
    if out is None:
        if len(_KEPT) >= MAPS_KEPT:
            _KEPT.clear()
        out = _KEPT[key] = make()
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
        """Without the bound observation plan: its views are of buffers the process's games share,
        which a deep copy or a pickle would turn into frozen arrays of its own (the copy binds
        the plan again at its first observe); nor the action maps and observation map kept for
        the last stage game (they hold that game, perhaps a stage already left: each is found
        again by identity)."""
        state = self.__dict__.copy()
        for name in ("_plan", "_maps_of", "_obs_map_of"):
            state.pop(name, None)
        return state

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
        mask = self.layout.empty_mask()
        to_outer, _, span = self._stage_maps()
        mask[to_outer if span is None else span] = self.stage_game.legal_mask(player)
        return mask

    def _apply(self, action: int) -> None:
        # (apply() has checked it through illegal_reason: the stage's action is legal there)
        self.stage_game._apply(self._stage_maps()[1][action])
        if self.stage_game.is_terminal():
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

    def _stage_maps(self) -> tuple[np.ndarray, list[int], slice | None]:
        """(stage action -> episode action, episode action -> stage action or -1 (a list of
        ints, as the steps use it), the episode's slice of the stage's actions when they lie
        in order in one run, else None): the slice of the same name (``_slice_name``) and the same
        entry, but by label where both slices are labelled (``target[m]`` by the character's name)."""
        g = self.stage_game
        if self._maps_of[0] is g:
            return self._maps_of[1]
        maps = _kept((type(self), "actions", type(g), tuple(getattr(g, "marine_order", ()))), self._make_stage_maps)
        self._maps_of = (g, maps)
        return maps

    def _make_stage_maps(self) -> tuple[np.ndarray, list[int], slice | None]:
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
        start = int(to_outer[0]) if len(to_outer) else 0
        run = len(to_outer) and bool((to_outer == np.arange(start, start + len(to_outer))).all())
        return to_outer, to_inner.tolist(), slice(start, start + len(to_outer)) if run else None

    # ------------------------------------------------------------------------------------------
    def observe(self, player: str) -> np.ndarray:
        """The stage's views copied into the episode's by name (``_copy_views``), then the
        chain's own features (``_chain_view``)."""
        head, inner, bits, flags, to_outer, out, src, dst = self._obs_plan()
        seen = self.stage_game.observe(player)
        # only the stage's values that differ (bit for bit) from the last observe written there
        changed = np.not_equal(seen.view(np.int32), bits, out=flags).nonzero()[0]
        if len(changed):
            values = seen[changed]
            inner[changed] = values
            out[to_outer[changed]] = values
        if len(src):
            out[dst] = seen[src]
        obs = head.copy()
        self._chain_view(obs)
        return obs

    def _chain_view(self, obs: np.ndarray) -> None:
        """Write the episode's own features into ``obs`` (the subclass)."""

    def _obs_plan(self) -> tuple:
        """``_obs_map`` bound to buffers: (the episode's observation, the stage's last one, the
        same as int32 bits, a flag per stage value, where each stage value goes, the episode's
        buffer with one spare slot at its end (for a stage value shown nowhere), the stage's
        values shown a second time, where they go). Kept as the maps are (per class, stage and
        roster): the games of one process share them, each observe writing the stage's values
        that differ from the last observe's (the two buffers agree, whichever game wrote them; the
        project runs no threads). The episode's buffer holds the values ``_copy_views`` does not
        write (the template's)."""
        g = self.stage_game
        plan = self.__dict__.get("_plan")
        if plan is not None and plan[0] is g:
            return plan[1]
        bound = _kept((type(self), "plan", self.stage, type(g), tuple(getattr(g, "marine_order", ()))), self._bind_obs_map)
        self._plan = (g, bound)
        return bound

    def _bind_obs_map(self) -> tuple:
        template, to_outer, src, dst = self._obs_map()
        out = np.zeros(len(template) + 1, dtype=np.float32)  # (the spare slot: stage values shown nowhere)
        out[:-1] = template
        inner = np.zeros(len(to_outer), dtype=np.float32)  # (the stage's zeros: where they go, out holds 0 too)
        return out[:-1], inner, inner.view(np.int32), np.zeros(len(to_outer), dtype=bool), to_outer, out, src, dst

    def _obs_map(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(the episode's observation before the stage's values, where each stage value goes in it
        (its size: shown nowhere), the stage's values shown a second time, where they go), kept
        per stage game and roster: ``_copy_views`` worked out once on index numbers."""
        g = self.stage_game
        if self._obs_map_of[0] is g:
            return self._obs_map_of[1]
        out = _kept((type(self), "views", self.stage, type(g), tuple(getattr(g, "marine_order", ()))), self._make_obs_map)
        self._obs_map_of = (g, out)
        return out

    def _make_obs_map(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        g = self.stage_game
        size = g.obs_layout.size
        template = self._copy_views(np.zeros(size), self.obs_layout.zeros())
        # the stage's index numbers, past the 0 and 1 that _copy_views writes itself
        where = self._copy_views(np.arange(size) + 2.0, np.full(self.obs_layout.size, -1.0))
        dst = np.flatnonzero(where >= 2)
        src = where[dst].astype(np.int64) - 2
        to_outer = np.full(size, self.obs_layout.size, dtype=np.int64)
        to_outer[src[::-1]] = dst[::-1]  # (a value shown twice: its first place here, the others in src, dst)
        again = to_outer[src] != dst
        return template, to_outer, src[again], dst[again]

    def _copy_views(self, inner_obs: np.ndarray, obs: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    # ------------------------------------------------------------------------------------------
    def describe_action(self, action: int) -> str:
        inner = self.to_stage_action(action)
        if inner < 0:
            return f"{self.layout.name(action)} (no such action in the {self.stage.replace('_', ' ')})"
        return self.stage_game.describe_action(inner)

    def illegal_reason(self, action: int) -> str | None:
        if type(action) is int and 0 <= action < self.layout.size and self.current_player() is not None:
            inner = self._stage_maps()[1][action]
            if inner >= 0 and self.stage_game.illegal_reason(inner) is None:
                return None  # legal: the stage's action is (the common case, no mask built)
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
