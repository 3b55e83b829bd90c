"""The lairs' observation, kept up to date between steps (issue 13's speed target).

The views and their values are the Reactor Room's (``ReactorRoom.observe``) over the lairs' planes,
then the lairs' own; only the way they are made differs. A game keeps its last observation in
``_obs_state`` and, at each ``observe`` (through ``_observe_record``, the Reactor Room's hook for
the kept observation), rewrites only what may have changed:

- a Marine's board square and feature row when one of the fields they show, or the attack of the
  Alien on its card, is no longer the object last shown (``ObsState.shown``: compared by identity,
  without building a key), or when it starts or stops acting;
- the squares set on the other planes (the Aliens', the Queen's and the Facehuggers', the acting
  and candidate squares): worked out every time, but only the set difference from last time's is
  written (cleared, then set);
- the globals and the targets (the tail) when they have changed;
- the plane of the Rooms not entered when the Rooms flipped have changed;
- the lairs' features (``_observe_lairs``) when what they are made of has changed; a scenario's own
  views (``_observe_scenario``) when what they are made of (``_scenario_key``) has changed. The banked
  aims and the arms are written into each observation's copy (``ReactorRoom.observe``).

The record belongs to the game object that made it (its ``id``): a copy (which shares the record
by a shallow copy) builds its own from scratch at its first ``observe``; a clone starts without one.
"""
from __future__ import annotations

import numpy as np

from ..core.board import NO
from ..reactor_room.game import (
    CARD_FEATURES, MARINE_FEATURES, MARINE_PLANE, OFF_MAP_FEATURES, ROW_PACK,
    Alien, Marine, float_struct, square_features,
)
from ..reactor_room.observation import move_mark
from .queen import QueenRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


class LairsMarine(Marine):
    """The lairs' Marine (its own class: the name the lairs' pickles give)."""

    __slots__ = ()


class ObsState:
    """One game's last observation and what it was made of."""

    __slots__ = ("owner", "buf", "active", "marine_ones", "counts", "shown", "other_ones", "flipped", "tail", "lairs",
                 "scenario")

    def __init__(self, owner: int, template: np.ndarray, n_marines: int):
        self.owner = owner
        self.buf = template.copy()
        self.active = NO
        self.marine_ones: list = [None] * n_marines  # each Marine's board square (flat index), None off the map
        self.counts: dict[int, int] = {}  # board square (flat index) -> the Marines shown there
        #: per Marine, the objects its square and row were made of (``_write_marines``: the fields
        #: shown and the attack on its card), None before its first write
        self.shown: list = [None] * n_marines
        self.other_ones: set[int] = set()  # every other square set last time
        self.flipped: dict | None = None
        self.tail: list = []  # the globals and targets written last time
        self.lairs = None  # what the lairs' features were made of last time (None: not written yet)
        self.scenario = None  # what the scenario's views were made of last time (None: not written yet)

    # A pickled record is not kept: the game that loads it makes its own at its first observe (the
    # owner, another object's id, never matches), so a record of an older layout loads too.
    def __getstate__(self) -> dict:
        return {"owner": None}

    def __setstate__(self, state) -> None:
        self.owner = None


class LairsObservation(QueenRules):
    """The kept observation (``_observe_record``) for ``HuntForTheQueen`` and its scenarios (a class
    of its chain of rules, above ``ReactorRoom``: game.py)."""

    _marine_candidate_kinds = ("target", "queen_attack")  # (the Queen's attack: the Marines she may hit)

    def _init_observation(self) -> None:
        """After the observation layout."""
        self._row_at = self._features_at * 4  # (bytes)
        self._row_bytes = len(MARINE_FEATURES) * 4
        self._tail_at = self._features_at + len(self.marine_order) * len(MARINE_FEATURES)
        self._where = square_features(self.board.height, self.board.width)
        self._marine_plane_at = {key: self._plane[name] for key, name in MARINE_PLANE.items()}
        #: (Alien counter, the plane of its kind) of the Queen's and the Facehuggers' counters
        self._kind_plane = [(a, self._plane[self.kinds[a]]) for a in range(self._special_slots)]
        self._obs_state = None

    @cython.locals(m=Marine, al=Alien, row=tuple, i=cython.Py_ssize_t, dead=cython.Py_ssize_t)
    def _observe_record(self) -> np.ndarray:
        """The kept observation (``_obs_state.buf``) brought up to date, for the Reactor Room's
        ``observe`` and ``observe_kept``: its views over the lairs (PLANES: the Rooms not yet
        entered, the Queen, the Facehuggers), then the lairs' features. The Room and Sentry Cards
        stay hidden."""
        state = self._obs_state
        if state is None or state.owner != id(self):
            state = self._obs_state = ObsState(id(self), self._obs_template, len(self.marines))
        buf, plane = state.buf, self._plane
        marines, aliens, active = self.marines, self.aliens, self.active
        # -- the Marines: rewritten when a field shown (or the attack on its card) is no longer the
        # very object shown (an equal new object only writes the same values again); the dead
        # counted on the way. A row of ``state.shown``, as ``_write_marines`` records it: (status,
        # pos, wounded, incapacitated, carried_by, carrying, actions_left, aim, attack)
        shown = state.shown
        changed = []
        dead = 0
        for i in range(len(marines)):
            m = marines[i]
            row = shown[i]
            attack = aliens[m.alien].attack if m.alien != NO else ""
            if row is None or m.status is not row[0] or m.pos is not row[1] or m.wounded is not row[2] \
                    or m.incapacitated is not row[3] or m.carried_by is not row[4] or m.carrying is not row[5] \
                    or m.actions_left is not row[6] or m.aim is not row[7] or attack is not row[8]:
                changed.append(i)
            if m.status == "dead":
                dead += 1
        if active != state.active:  # (its row's "acting")
            for i in (active, state.active):
                if i != NO and i not in changed:
                    changed.append(i)
            state.active = active
        if changed:
            self._write_marines(state, changed)
        # -- the Aliens (the Queen and the Facehuggers on their own planes too), the acting and candidate squares
        ones, live, targeted = self._squares_shown(plane, active)
        for a, kind_at in self._kind_plane:  # (the order of ones does not matter: each is set to 1)
            al = aliens[a]
            if al.in_play:
                ones.append(kind_at + al.pos)
        ones = set(ones)  # (the squares of planes only these are written to: the change alone)
        before = state.other_ones
        if ones != before:
            for sq in before - ones:
                buf[sq] = 0.0
            for sq in ones - before:
                buf[sq] = 1.0
            state.other_ones = ones
        # -- the Rooms not yet entered
        if self.flipped != state.flipped:
            at = plane["room_unflipped"]
            buf[at:at + self.board.n] = self._room_plane()
            state.flipped = dict(self.flipped)
        # -- the globals and the targets
        tail = self._obs_tail(live, targeted)
        if tail != state.tail:
            at, count, before = self._tail_at, len(tail), len(state.tail)
            if count < before:
                buf[at + count:at + before] = 0.0
            float_struct(count).pack_into(buf, at * 4, *tail)  # (lru-cached: the tail's length varies with the targets)
            state.tail = tail
        # -- the lairs' features and the scenario's, each when what it is made of has changed (its views rewritten whole)
        survivors = len(marines) - dead  # (survivors())
        for j in self.facehugged:
            if marines[j].status != "dead":
                survivors -= 1
        self._observe_lairs(state, survivors)
        key = self._scenario_key()
        if key != state.scenario:
            self._observe_scenario(buf, key)
            state.scenario = key
        return buf

    def _scenario_key(self) -> tuple:
        """What a lairs scenario's own views are made of: they are rewritten when it changes."""
        return ()

    def _observe_scenario(self, buf: np.ndarray, key: tuple) -> None:
        """A lairs scenario's own views (``_scenario_views``), each rewritten whole (none for the
        hunt); ``key`` is ``_scenario_key()``, just worked out."""

    @cython.locals(m=Marine, i=cython.Py_ssize_t)
    def _write_marines(self, state: ObsState, changed: list[int]) -> None:
        """Marine i's board square and feature row, for each i of ``changed``, and what they were
        made of (``state.shown``)."""
        buf, squares, counts, shown = state.buf, state.marine_ones, state.counts, state.shown
        marines, aliens, active = self.marines, self.aliens, self.active
        where, at, width, pack = self._where, self._row_at, self._row_bytes, ROW_PACK
        for i in changed:
            m = marines[i]
            attack = aliens[m.alien].attack if m.alien != NO else ""
            # (the layout _observe_record compares field by field: keep the two in step)
            shown[i] = (m.status, m.pos, m.wounded, m.incapacitated, m.carried_by, m.carrying, m.actions_left, m.aim, attack)
            on_map = m.status == "on_map"
            old, sq = squares[i], self._marine_plane_at[m.incapacitated, m.wounded] + m.pos if on_map else None
            if old != sq:  # (the same square: nothing to move; two Marines may share one)
                move_mark(buf, counts, old, sq)
                squares[i] = sq
            if not on_map:
                pack(buf, at + i * width, *OFF_MAP_FEATURES[m.status, m.wounded, m.incapacitated])
                continue
            grabbed, fighting = CARD_FEATURES[attack]
            r, c = where[m.pos]  # (passed one by one: no tuple of the arguments built)
            pack(buf, at + i * width, 1.0, 0.0, 0.0, m.wounded, m.incapacitated, m.carried_by != NO, m.carrying != NO,
                 grabbed, fighting, m.actions_left / 3, m.aim / 3, i == active, r, c)
