"""The Reactor Room's observation kept up to date between steps (issues 12 and 13: speed).

The views and their values are those ``ReactorRoom.observe`` documents; only the way they are made
differs. A game keeps its last observation in an ``ObsRecord`` and, at each ``observe``, rewrites
only what may have changed:

- a Marine's board square and feature row when a field it shows is not the very object its
  ``key`` in ``ObsRecord.keys`` holds (the fields shown, the attack of the Alien on its card,
  acting; an equal new object rewrites the same values);
- the Aliens' squares and the acting and candidate squares: those set last time cleared, those set
  now set;
- the globals and the targets every time (``ReactorRoom._write_tail``; the targets no longer there
  cleared);
- a subclass's own views in ``_observe_kept`` (Operations: its doors, known junctions and scenario
  features), what it wrote last time kept in ``extra``.

Single values are written through ``view`` (a memoryview of ``buf``: faster than numpy's item
assignment), and by the record's own methods and the game's row and tail writers through ``values``
(compiled, a typed view of ``buf``: written in C).

A record belongs to the game object that made it (its ``id``) and to its observation template: a
clone, a copy and a loaded game start without one (a record is neither copied nor pickled), and a
game that finds another's builds its own from scratch.
"""
from __future__ import annotations

import copyreg

import numpy as np

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


class ObsRecord:
    """One game's last observation and what it was made of. Compiled, an extension type
    (observation.pxd): ``ReactorRoom._observe_record`` reads its fields from the struct.

    The lairs' record (lairs/observation.py's ``LairsRecord``) derives from it and uses
    ``show_ones``, ``ReactorRoom._write_marine_rows`` and ``ReactorRoom._write_tail`` (the lairs
    change with them); ``keys`` then holds the lairs' layout of a Marine's key, not the Reactor
    Room's, and the lairs check the owner alone (their template is made once, in their
    ``__init__``)."""

    def __init__(self, owner: int, template: np.ndarray, n_marines: int):
        self.owner = owner
        self.template = template
        self.buf = template.copy()
        self.view = memoryview(self.buf)  # buf's float32 values, written one at a time
        self.values = self.buf  # the same, compiled a typed view (observation.pxd): written in C
        self.keys = [None] * n_marines  # what each Marine's square and row show (ReactorRoom.observe)
        self.squares = [None] * n_marines  # each Marine's board square (flat index), None off the map
        self.counts = {}  # board square (flat index) -> how many Marines are shown there
        self.ones = []  # the Aliens', acting and candidate squares set last time (_squares_shown's list)
        self.tail_end = 0  # where the globals and targets written last time end
        self.extra = None  # what a subclass's _observe_kept wrote last time (its own record)

    # A pickled or copied record is not kept: the game that loads it makes its own at its first
    # observe (owner None never matches), so an older layout's record (c344682's other_ones)
    # loads too; the pickle names the class alone, the same compiled and pure (Cython's own
    # pickling would name a helper of the compiled module). copy.copy and copy.deepcopy go through
    # __reduce__ too: a copied record has owner None, as a loaded one has
    def __reduce__(self):
        return copyreg.__newobj__, (type(self),), {"owner": None}

    def __setstate__(self, state) -> None:
        self.owner = None

    @cython.locals(sq=cython.Py_ssize_t)
    def show_ones(self, ones: list) -> None:
        """Set the squares of ``ones`` (flat indices) to 1.0, those set last time cleared first
        (a handful each: cheaper written twice than compared as sets)."""
        for sq in self.ones:
            self.values[sq] = 0.0
        for sq in ones:
            self.values[sq] = 1.0
        self.ones = ones

    @cython.locals(k=cython.Py_ssize_t)
    def write_values(self, at: int, values) -> None:
        """Write ``values`` (a list or tuple of floats, ints or bools) from flat index ``at`` on,
        as float32: each rounded as struct's "f" and numpy round it (compiled, C's float cast of
        the double)."""
        k = at
        for v in values:  # (compiled: list and tuple indexed in C)
            self.values[k] = v
            k += 1

    @cython.locals(sq=cython.Py_ssize_t)
    def move_mark(self, old: int | None, new: int | None) -> None:
        """Move one figure's 1.0 in a board plane where several figures may share a square
        (``counts``: figures per marked square): the old square is cleared when its last figure
        leaves, the new one marked. None: off the board."""
        counts = self.counts
        if old is not None:
            sq = old
            if counts[sq] == 1:
                del counts[sq]
                self.values[sq] = 0.0
            else:
                counts[sq] -= 1
        if new is not None:
            sq = new
            counts[sq] = counts.get(sq, 0) + 1
            self.values[sq] = 1.0
