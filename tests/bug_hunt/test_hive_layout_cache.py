"""geometry.layout_cache against its rule, over random Bug Hunt positions: the layout cache is
emptied (but for its "lasting" dict) exactly when the colony's layout version differs from the one
it was filled at, whichever way the version moved (a later one, past the small ints Python keeps,
or an earlier one: another colony of the game), and kept while the version stays."""
from __future__ import annotations

from aliens_env.bug_hunt.geometry import lasting_cache, layout_cache
from bh_helpers import positions


def test_the_layout_cache_is_emptied_exactly_when_the_version_changes():
    checked = 0
    for g in positions(5, "explore", every=25, steps=600):
        col = g.colony
        shared = layout_cache(g)
        lasting = lasting_cache(g)
        shared["mark"] = col.version
        assert layout_cache(g) is shared and shared["mark"] == col.version  # the same version: kept
        kept = col.version
        try:
            for version in (kept + 1, kept + 300, kept + 300, 0, 0, kept):
                was = shared.get("mark")
                col.version = version
                got = layout_cache(g)
                assert got is shared and got["layout_version"] == version
                if was == version:  # filled at this very version: kept
                    assert got["mark"] == version
                else:
                    assert "mark" not in got and got["lasting"] is lasting
                    got["mark"] = version
                checked += 1
        finally:
            col.version = kept
            layout_cache(g).clear()  # (filled at the versions made up above: the game's caches start again)
    assert checked >= 100
