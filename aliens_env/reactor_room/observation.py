"""The Reactor Room's observation kept up to date between steps (issues 12 and 13: speed).

The views and their values are those ``ReactorRoom.observe`` documents; only the way they are made
differs. A game keeps its last observation in an ``ObsRecord`` and, at each ``observe``, rewrites
only what may have changed:

- a Marine's board square and feature row when what they show differs from last time (its
  ``key`` in ``ObsRecord.keys``: the fields shown, the attack of the Alien on its card, acting);
- the Aliens' squares and the acting and candidate squares: those set last time cleared, those set
  now set;
- the globals and the targets every time (one pack; the targets no longer there cleared);
- a subclass's own views in ``_observe_kept`` (Operations: its doors, known junctions and scenario
  features), what it wrote last time kept in ``extra``.

Single values are written through ``view`` (a memoryview of ``buf``: faster than numpy's item
assignment).

A record belongs to the game object that made it (its ``id``) and to its observation template: a
clone starts without one, and a game that finds another's builds its own from scratch. A game that
takes one over unknowingly (a deep copy's record, adopted by a game at the freed original's
address) still observes right: every rewrite is decided by what the record itself holds (its keys,
squares, counts and ones), nothing kept on the game outside it.
"""
from __future__ import annotations

import numpy as np


class ObsRecord:
    """One game's last observation and what it was made of. Compiled, an extension type
    (observation.pxd): ``ReactorRoom._observe_record`` reads its fields from the struct."""

    def __init__(self, owner: int, template: np.ndarray, n_marines: int):
        self.owner = owner
        self.template = template
        self.buf = template.copy()
        self.view = memoryview(self.buf)  # buf's float32 values, written one at a time
        self.keys = [None] * n_marines  # what each Marine's square and row show (ReactorRoom.observe)
        self.squares = [None] * n_marines  # each Marine's board square (flat index), None off the map
        self.counts = {}  # board square (flat index) -> how many Marines are shown there
        self.ones = []  # the Aliens', acting and candidate squares set last time (_squares_shown's list)
        self.tail_end = 0  # where the globals and targets written last time end
        self.extra = None  # what a subclass's _observe_kept wrote last time (its own record)

    # Pickled and copied as its class and fields, the same pickle compiled and pure (Cython's own
    # pickling would name a helper of the compiled module); a memoryview is neither copied nor
    # pickled: a copy makes its own over its own buf
    def __reduce__(self):
        return type(self), (self.owner, self.template, len(self.keys)), {name: getattr(self, name) for name in RECORD_FIELDS}

    def __setstate__(self, state: dict) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.view = memoryview(self.buf)

    def show_ones(self, ones: list) -> None:
        """Set the squares of ``ones`` (flat indices) to 1.0, those set last time cleared first
        (a handful each: cheaper written twice than compared as sets)."""
        view = self.view
        for sq in self.ones:
            view[sq] = 0.0
        for sq in ones:
            view[sq] = 1.0
        self.ones = ones

    def tail_ends_at(self, end: int) -> None:
        """The globals and targets now end at flat index ``end``: what last time's longer tail
        wrote past it is cleared."""
        if end < self.tail_end:
            self.buf[end:self.tail_end] = 0.0
        self.tail_end = end


#: what an ObsRecord pickles (all but ``view``, made anew over ``buf``)
RECORD_FIELDS = ("owner", "template", "buf", "keys", "squares", "counts", "ones", "tail_end", "extra")


def move_mark(view, counts: dict, old: int | None, new: int | None) -> None:
    """Move one figure's 1.0 in a board plane of the kept observation where several figures may
    share a square (``counts``: figures per marked square): the old square is cleared when its
    last figure leaves, the new one marked. None: off the board."""
    if old is not None:
        if counts[old] == 1:
            del counts[old]
            view[old] = 0.0
        else:
            counts[old] -= 1
    if new is not None:
        counts[new] = counts.get(new, 0) + 1
        view[new] = 1.0
