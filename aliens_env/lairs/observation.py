"""The lairs' observation, kept up to date between steps (issue 13's speed target).

The views and their values are the Reactor Room's (``ReactorRoom.observe``) over the lairs' planes,
then the lairs' own; only the way they are made differs. A game keeps its last observation in
``_obs_state`` and, at each ``observe`` (through ``_observe_record``, the Reactor Room's hook for
the kept observation), rewrites only what may have changed:

- a Marine's board square and feature row when the Marine has been written to since (``LairsMarine``
  notes every write), when it starts or stops acting, or when an Alien is on its card (the row
  shows that Alien's attack);
- the squares set on the other planes (the Aliens', the Queen's and the Facehuggers', the acting
  and candidate squares): worked out every time, but only the set difference from last time's is
  written (cleared, then set);
- the globals and the targets (the tail) when they have changed;
- the plane of the Rooms not entered when the Rooms flipped have changed;
- the lairs' features every time, into the kept buffer; a scenario's own views
  (``_observe_scenario``) when what they are made of (``_scenario_key``) has changed. The banked
  aims and the arms are written into each observation's copy (``ReactorRoom.observe``).

The record belongs to the game object that made it (its ``id``): a copy (which shares the record
by a shallow copy) builds its own from scratch at its first ``observe``; a clone starts without one.
"""
from __future__ import annotations

import numpy as np

from ..core.board import NO
from ..reactor_room.game import (
    CARD_FEATURES, MARINE_FEATURES, MARINE_PLANE, OFF_MAP_FEATURES, RANGE_FEATURE, ROW_PACK,
    Alien, Marine, float_struct, square_features,
)
from ..reactor_room.observation import move_mark
from .queen import QueenRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


#: the Marine fields its board square and feature row are made of
SHOWN = frozenset({"status", "pos", "wounded", "incapacitated", "carried_by", "carrying", "alien", "actions_left", "aim"})


class LairsMarine(Marine):
    """A Marine that notes the writes to the fields its observation shows: ``seen`` is the
    observation record that has shown it since (such a write resets it to None)."""

    __slots__ = ("seen",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)  # (compiled, Marine's __init__ writes its struct: no __setattr__)
        SET_SEEN(self, None)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name in SHOWN:
            SET_SEEN(self, None)


SET_SEEN = LairsMarine.seen.__set__  # (the slot's own setter: no __setattr__)


class ObsState:
    """One game's last observation and what it was made of."""

    __slots__ = ("owner", "tracked", "buf", "active", "marine_ones", "counts", "attacks", "status", "other_ones",
                 "flipped", "tail", "scenario")

    def __init__(self, owner: int, template: np.ndarray, marines: list):
        n_marines = len(marines)
        self.owner = owner
        self.tracked = all(type(m) is LairsMarine for m in marines)  # (else every Marine is written every time)
        self.buf = template.copy()
        self.active = NO
        self.marine_ones: list = [None] * n_marines  # each Marine's board square (flat index), None off the map
        self.counts: dict[int, int] = {}  # board square (flat index) -> the Marines shown there
        self.attacks: list[str] = [""] * n_marines  # the attack on each Marine's card as last shown
        self.status: list = [None] * n_marines  # each Marine's status as last shown
        self.other_ones: set[int] = set()  # every other square set last time
        self.flipped: dict | None = None
        self.tail: list = []  # the globals and targets written last time
        self.scenario = None  # what the scenario's views were made of last time (None: not written yet)


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

    @cython.locals(m=Marine, al=Alien)
    def _observe_record(self) -> np.ndarray:
        """The kept observation (``_obs_state.buf``) brought up to date, for the Reactor Room's
        ``observe`` and ``observe_kept``: its views over the lairs (PLANES: the Rooms not yet
        entered, the Queen, the Facehuggers), then the lairs' features. The Room and Sentry Cards
        stay hidden."""
        state = self._obs_state
        if state is None or state.owner != id(self):
            state = self._obs_state = ObsState(id(self), self._obs_template, self.marines)
        buf, plane = state.buf, self._plane
        marines, aliens, active = self.marines, self.aliens, self.active
        # -- the Marines: rewritten when changed
        if state.tracked:
            attacks = state.attacks
            changed = set()
            for i, m in enumerate(marines):
                if m.seen is not state or (m.alien != NO and aliens[m.alien].attack != attacks[i]):
                    changed.add(i)
        else:
            changed = set(range(len(marines)))
        if active != state.active:
            changed.update(i for i in (active, state.active) if i != NO)
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
        # -- the lairs' features and the scenario's (into the kept buffer: each rewrites its views whole)
        status = state.status  # (survivors(), from the statuses shown)
        survivors = len(status) - status.count("dead")
        for j in self.facehugged:
            if status[j] != "dead":
                survivors -= 1
        self._observe_lairs(buf, survivors)
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

    @cython.locals(m=Marine)
    def _write_marines(self, state: ObsState, changed: set[int]) -> None:
        """Marine i's board square and feature row, for each i of ``changed``."""
        buf, squares, counts, attacks, status = state.buf, state.marine_ones, state.counts, state.attacks, state.status
        marines, aliens, tracked = self.marines, self.aliens, state.tracked
        active, where, at, width, pack = self.active, self._where, self._row_at, self._row_bytes, ROW_PACK
        for i in changed:
            m = marines[i]
            if tracked:
                SET_SEEN(m, state)
            status[i] = m.status
            on_map = m.status == "on_map"
            old, sq = squares[i], self._marine_plane_at[m.incapacitated, m.wounded] + m.pos if on_map else None
            if old != sq:  # (the same square: nothing to move; two Marines may share one)
                move_mark(buf, counts, old, sq)
                squares[i] = sq
            if not on_map:
                pack(buf, at + i * width, *OFF_MAP_FEATURES[m.status, m.wounded, m.incapacitated])
                continue
            attack = attacks[i] = aliens[m.alien].attack if m.alien != NO else ""
            grabbed, fighting = CARD_FEATURES[attack]
            pack(buf, at + i * width, 1.0, 0.0, 0.0, m.wounded, m.incapacitated, m.carried_by != NO, m.carrying != NO,
                 grabbed, fighting, m.actions_left / 3, m.aim / 3, i == active, *where[m.pos])
