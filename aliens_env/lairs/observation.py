"""The lairs' observation, kept up to date between steps (issue 13's speed target).

The views and their values are the Reactor Room's (``ReactorRoom.observe``) over the lairs' planes,
then the lairs' own; only the way they are made differs. A game keeps its last observation in
``_obs_state`` and, at each ``observe`` (through ``_observe_record``, the Reactor Room's hook for
the kept observation), rewrites only what may have changed:

- a Marine's board square and feature row when one of the fields they show, or the attack of the
  Alien on its card, is no longer the object last shown (its key in ``LairsRecord.keys``: compared
  field by field by identity, without building a key), or when it starts or stops acting; written
  by the Reactor Room's ``_write_marine_rows`` (the record is the Reactor Room's, with the lairs'
  own fields);
- the squares set on the other planes (the Aliens', the Queen's and the Facehuggers', the acting
  and candidate squares): those set last time cleared, those set now set (``ObsRecord.show_ones``);
- the globals and the targets (the tail, the Reactor Room's ``_write_tail``) every time;
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
from ..reactor_room.game import MARINE_FEATURES, Alien, Marine
from ..reactor_room.observation import ObsRecord
from .queen import QueenRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


class LairsMarine(Marine):
    """The lairs' Marine (its own class: the name the lairs' pickles give)."""

    __slots__ = ()


class LairsRecord(ObsRecord):
    """One game's last observation and what it was made of: the Reactor Room's record (its Marines'
    keys, squares and rows, the squares of the other planes, the tail's end) and the lairs' own.
    Its ``keys`` hold the lairs' layout (``_observe_record``: the fields compared one by one), not
    the Reactor Room's. Pickled and copied as the Reactor Room's record is (the owner alone: the game
    that loads it makes its own). Compiled, an extension type (observation.pxd): the lairs' fields
    read from its struct."""

    def __init__(self, owner: int, template: np.ndarray, n_marines: int):
        ObsRecord.__init__(self, owner, template, n_marines)
        self.active = NO  # the Marine shown acting
        self.dead = 0  # the Marines shown dead (their keys' status)
        self.flipped: dict | None = None  # the Rooms flipped shown
        self.lairs = None  # what the lairs' features were made of last time (None: not written yet)
        self.scenario = None  # what the scenario's views were made of last time (None: not written yet)


class ObsState:
    """Only loads the record of games pickled before ``LairsRecord`` (4674b8d and older: a plain
    class; protocols 0 and 1 rebuild it with ``object.__new__``, which an extension type's subclass
    refuses): a stand-in with owner None, whatever state it was pickled with (its owner alone, or
    older, all its slots), which the game's first observe replaces with a ``LairsRecord``. Pickled
    as 4674b8d pickled it."""

    __slots__ = ("owner",)

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
        self._tail_at = self._features_at + len(self.marine_order) * len(MARINE_FEATURES)
        #: (Alien counter, the plane of its kind) of the Queen's and the Facehuggers' counters
        self._kind_plane = [(a, self._plane[self.kinds[a]]) for a in range(self._special_slots)]
        self._obs_state = None

    @cython.locals(m=Marine, al=Alien, keys=list, shown=tuple, i=cython.Py_ssize_t, dead=cython.Py_ssize_t,
                   alien=cython.Py_ssize_t, no=cython.Py_ssize_t, rec=LairsRecord, marines=list, aliens=list, plane=dict)
    def _observe_record(self) -> np.ndarray:
        """The kept observation (``_obs_state.buf``) brought up to date, for the Reactor Room's
        ``observe`` and ``observe_kept``: its views over the lairs (PLANES: the Rooms not yet
        entered, the Queen, the Facehuggers), then the lairs' features. The Room and Sentry Cards
        stay hidden."""
        state = self._obs_state
        if state is None or state.owner != id(self):
            state = self._obs_state = LairsRecord(id(self), self._obs_template, len(self.marines))
        rec = state  # (the same record, typed: compiled, its fields read and its methods called in C; written through state)
        buf, plane = rec.buf, self._plane
        marines, aliens, active = self.marines, self.aliens, self.active
        # -- the Marines: rewritten when a field shown (or the attack on its card) is no longer the
        # very object shown (an equal new object only writes the same values again). ``shown``:
        # Marine i's key in ``state.keys``, (status, pos, wounded, incapacitated, carried_by,
        # carrying, actions_left, aim, attack). The dead (``rec.dead``) are counted again on the
        # keys replaced alone: a key kept holds the same status
        keys = rec.keys
        changed = []
        dead = rec.dead
        no = NO
        for i in range(len(marines)):
            m = marines[i]
            shown = keys[i]
            alien = m.alien
            attack = aliens[alien].attack if alien != no else ""
            if shown is None or m.status is not shown[0] or m.pos is not shown[1] or m.wounded is not shown[2] \
                    or m.incapacitated is not shown[3] or m.carried_by is not shown[4] or m.carrying is not shown[5] \
                    or m.actions_left is not shown[6] or m.aim is not shown[7] or attack is not shown[8]:
                if shown is not None and shown[0] == "dead":
                    dead -= 1
                if m.status == "dead":
                    dead += 1
                keys[i] = (m.status, m.pos, m.wounded, m.incapacitated, m.carried_by, m.carrying, m.actions_left, m.aim, attack)
                changed.append(i)
        state.dead = dead
        if active != rec.active:  # (its row's "acting")
            for i in (active, rec.active):
                if i != NO and i not in changed:
                    changed.append(i)
            state.active = active
        if changed:
            self._write_marine_rows(rec, changed)
        # -- the Aliens (the Queen and the Facehuggers on their own planes too), the acting and candidate squares
        ones, live, targeted = self._squares_shown(plane, active)
        for a, kind_at in self._kind_plane:
            al = aliens[a]
            if al.in_play:
                ones.append(kind_at + al.pos)
        rec.show_ones(ones)
        # -- the Rooms not yet entered
        if self.flipped != rec.flipped:
            at = plane["room_unflipped"]
            buf[at:at + self.board.n] = self._room_plane()
            state.flipped = dict(self.flipped)
        # -- the globals and the targets (written every time: they change at most steps)
        self._write_tail(rec, self._tail_at, live, targeted)
        # -- the lairs' features and the scenario's, each when what it is made of has changed (its views rewritten whole)
        survivors = len(marines) - dead  # (survivors())
        for j in self.facehugged:
            if marines[j].status != "dead":
                survivors -= 1
        self._observe_lairs(rec, survivors)
        key = self._scenario_key()
        if key != rec.scenario:
            self._observe_scenario(buf, key)
            state.scenario = key
        return buf

    def _observe_lairs(self, state, survivors: int) -> None:
        """The lairs' features into the kept observation: HuntForTheQueen's (game.py), the front
        class of every lairs game; declared here, cpdef (observation.pxd), for _observe_record's C call."""
        raise NotImplementedError("HuntForTheQueen._observe_lairs writes the lairs' features")

    def _scenario_key(self) -> tuple:
        """What a lairs scenario's own views are made of: they are rewritten when it changes
        (compared with ``!=`` to last time's; the package's scenarios give tuples, and another
        value is compared alike, compiled and pure)."""
        return ()

    def _observe_scenario(self, buf: np.ndarray, key: tuple) -> None:
        """A lairs scenario's own views (``_scenario_views``), each rewritten whole (none for the
        hunt); ``key`` is ``_scenario_key()``, just worked out."""
