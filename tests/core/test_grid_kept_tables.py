"""The movement tables of a version (core/grid.py: the open steps, who may enter, the step keys), made by
C calls from whichever reader asks first (``step_keys``, ``field``, ``around``, ``enterable``,
``step_open``), are kept once per version and shared by every reader, and recorded as the last ones
built (what the next version's are made from); each equals the rules read square by square. The
distance fields and the sight views are read-only arrays of their dtypes."""
from __future__ import annotations

import numpy as np
import pytest

from grid_rules import (MOVERS, edited, field_by_the_rules, random_grid, step_open_by_the_rules,
                        table_by_the_rules)


def readers(g, mover, square: int) -> list:
    """Each reader of the movement tables, asking for them once."""
    return [lambda: g.step_keys(mover), lambda: g.field([square], mover), lambda: g.around(square),
            lambda: g.enterable(mover), lambda: g.step_open()]


@pytest.mark.parametrize("diagonal", ["corner", "squeeze"])
def test_the_reader_first_at_a_version_makes_the_tables_every_reader_shares(diagonal):
    rng = np.random.default_rng(60 if diagonal == "corner" else 61)
    for trial in range(8):
        g = random_grid(rng, diagonal, 2, 12, 13)
        for edit in range(12):
            g = edited(g, rng, on_copy=edit % 4 == 3, walls=True)
            mover = MOVERS[int(rng.integers(len(MOVERS)))]
            square = int(rng.integers(g.n))
            calls = readers(g, mover, square)
            for k in rng.permutation(len(calls)):  # (any of them first)
                calls[k]()
            cache, last = g._cache, g._last_built()
            keys, opened, enter = g.step_keys(mover), cache["open_bits"], cache[("enter_bytes", mover)]
            # one copy of each a version, read by all: around's and step_open's open steps, field's step keys
            assert cache["around_bytes"][4] is opened
            assert cache[("search_tables", id(mover))][1] is keys
            assert cache[("search_tables", id(mover))][3] is enter
            # and the last ones built, read from this version's squares, with their work copies (equal, not shared)
            now = cache["square_bytes"]
            for kind, table in ((("step_keys", mover, g.width), keys), (("open_bits", g.width), opened),
                                (("enter_bytes", mover, g.width), enter)):
                assert last[kind][:2] == (now, table)
                assert type(last[kind][2]) is bytearray and last[kind][2] == table
            rules = step_open_by_the_rules(g)
            assert np.array_equal(g.step_open(), rules)
            table = table_by_the_rules(g, mover, rules)
            assert list(keys) == [sum(1 << d for d, _ in row) for row in table]
            field = g.field([square], mover)
            assert field.dtype == np.int32 and not field.flags.writeable
            cost = [None if not e else 1 for e in g.enterable(mover).tolist()]
            assert field.tolist() == field_by_the_rules(table, cost, [square], False, None, ())


def test_the_sight_views_are_read_only_bools():
    rng = np.random.default_rng(62)
    g = random_grid(rng, "corner", 8, 14, 14)
    for src in range(0, g.n, 5):
        for radius in (None, 3):
            seen = g.los_from(src, radius)
            assert seen.dtype == np.bool_ and not seen.flags.writeable and len(seen) == g.n
