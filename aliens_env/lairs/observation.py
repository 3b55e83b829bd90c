"""The lairs' observation, kept up to date between steps (issue 13's speed target).

The views and their values are the Reactor Room's (``ReactorRoom.observe``) over the lairs' planes,
then the lairs' own; only the way they are made differs. A game keeps its last observation in
``_obs_state`` and, at each ``observe`` (through ``_observe_record``, the Reactor Room's hook for
the kept observation), rewrites only what may have changed:

- a Marine's board square and feature row when one of the fields they show, or the attack of the
  Alien on its card, is no longer the object last shown (its key in ``LairsRecord.keys``: compared
  field by field by identity, without building a key), or when it starts or stops acting; written
  by the lairs' ``_write_marine_rows`` (the Reactor Room's values, written one by one into the
  record's typed view; the record is the Reactor Room's, with the lairs' own fields);
- the squares set on the other planes (the Aliens', the Queen's and the Facehuggers', the acting
  and candidate squares): those set last time cleared, those set now set (``ObsRecord.show_ones``);
- the globals and the targets (the tail, the Reactor Room's ``_obs_tail`` written one by one) every
  time;
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
from ..reactor_room.game import CARD_FEATURES, DECISION_ONE_HOT, MARINE_FEATURES, MARINE_PLANE, OFF_MAP_FEATURES, Alien, Marine
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
    read from its struct, and ``floats`` a typed view of ``buf`` for this module's own writes
    (the Reactor Room's ``values`` is for its module alone)."""

    def __init__(self, owner: int, template: np.ndarray, n_marines: int):
        ObsRecord.__init__(self, owner, template, n_marines)
        self.floats = self.buf  # (compiled, a typed view: written in C)
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
                   alien=cython.Py_ssize_t, no=cython.Py_ssize_t, rec=LairsRecord, marines=list, aliens=list, plane=dict,
                   k=cython.Py_ssize_t, end=cython.Py_ssize_t)
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
        # -- the globals and the targets (written every time: they change at most steps): the Reactor
        # Room's _obs_tail, written value by value into the record's typed view instead of through
        # a list and write_tail; the values past their end that a longer tail wrote last time cleared
        d = self.decision
        k = self._tail_at
        rec.floats[k] = min(self.turn / self._turn_scale, 1.0)
        k += 1
        for v in DECISION_ONE_HOT.get(None if d is None else d.kind, DECISION_ONE_HOT[None]):
            rec.floats[k] = v
            k += 1
        stats = self.stats
        rec.floats[k] = live / self.pool
        rec.floats[k + 1] = stats["exited"] / len(marines)
        rec.floats[k + 2] = stats["dead"] / len(marines)
        rec.floats[k + 3] = self.turn % self._red_turn_every == 0
        k += 4
        for v in targeted:
            rec.floats[k] = v
            k += 1
        for end in range(k, rec.tail_end):
            rec.floats[end] = 0.0
        state.tail_end = k
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

    @cython.locals(record=LairsRecord, m=Marine, squares=list, marines=list, aliens=list, i=cython.Py_ssize_t,
                   row=cython.Py_ssize_t, at=cython.Py_ssize_t, width=cython.Py_ssize_t, active=cython.Py_ssize_t,
                   alien=cython.Py_ssize_t, no=cython.Py_ssize_t, pos=cython.Py_ssize_t, height=cython.Py_ssize_t,
                   board_width=cython.Py_ssize_t, plane=dict, marine_plane=dict, card_features=dict,
                   wounded=cython.bint, incapacitated=cython.bint, carried_by=cython.Py_ssize_t,
                   carrying=cython.Py_ssize_t, grabbed=cython.bint, fighting=cython.bint)
    def _write_marine_rows(self, rec: LairsRecord, changed: list[int]) -> None:
        """The Reactor Room's (Marine i's board square and feature row, for each i of ``changed``:
        the same values), an on-map row written value by value into the record's typed view
        (``floats``: compiled, in C) instead of through a tuple of Python floats and
        ``write_values`` (tests/lairs/test_observation_speed.py compares the two). ``rec``: a
        ``LairsRecord``."""
        record = rec  # (typed here, not in the .pxd's signature, as the Reactor Room's)
        squares = record.squares
        marines, aliens, plane = self.marines, self.aliens, self._plane
        active, no = self.active, NO
        at, width = self._features_at, len(MARINE_FEATURES)
        b = self.board
        height, board_width = b.height, b.width
        marine_plane, card_features = MARINE_PLANE, CARD_FEATURES
        for i in changed:
            m = marines[i]
            old = squares[i]
            on_map = m.status == "on_map"
            sq = plane[marine_plane[m.incapacitated, m.wounded]] + m.pos if on_map else None
            if sq != old:  # the board square: moved, or shown on another plane (two may share one)
                record.move_mark(old, sq)
                squares[i] = sq
            row = at + i * width  # (a flat float index)
            if not on_map:
                record.write_values(row, OFF_MAP_FEATURES[m.status, m.wounded, m.incapacitated])
                continue
            alien = m.alien
            grabbed, fighting = card_features[aliens[alien].attack if alien != no else ""]
            # MARINE_FEATURES in order (each value rounded to float32 as write_values rounds it; the
            # flags as C truth values: True and False, the values MARINE_PLANE's keys allow, give
            # 1.0 and 0.0 as float() does)
            wounded, incapacitated, carried_by, carrying = m.wounded, m.incapacitated, m.carried_by, m.carrying
            record.floats[row] = 1.0
            record.floats[row + 1] = 0.0
            record.floats[row + 2] = 0.0
            record.floats[row + 3] = wounded
            record.floats[row + 4] = incapacitated
            record.floats[row + 5] = carried_by != no
            record.floats[row + 6] = carrying != no
            record.floats[row + 7] = grabbed
            record.floats[row + 8] = fighting
            record.floats[row + 9] = m.actions_left / 3
            record.floats[row + 10] = m.aim / 3
            record.floats[row + 11] = i == active
            pos = m.pos  # (row/height, column/width: the Reactor Room's square_features)
            record.floats[row + 12] = pos // board_width / height
            record.floats[row + 13] = pos % board_width / board_width

    def _scenario_key(self) -> tuple:
        """What a lairs scenario's own views are made of: they are rewritten when it changes
        (compared with ``!=`` to last time's; the package's scenarios give tuples, and another
        value is compared alike, compiled and pure)."""
        return ()

    def _observe_scenario(self, buf: np.ndarray, key: tuple) -> None:
        """A lairs scenario's own views (``_scenario_views``), each rewritten whole (none for the
        hunt); ``key`` is ``_scenario_key()``, just worked out."""
