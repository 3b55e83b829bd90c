"""The work stack's dispatch (``AlienRules._work``): each task kind's method is looked up once per class
(a table by class, then by kind), so a subclass's own method of a kind is the one its games run, and
the base class's games still run the base one, whichever class's game worked first."""
from __future__ import annotations

import pytest

import gd_helpers
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import empty

HICKS, BISHOP = 0, 5  # in Escape


class RecordingTerror(GloriousDay):
    """A game whose Terror task only records that it ran (and finishes the task)."""

    def _task_terror(self, task: dict) -> None:
        self.events.append("recorded terror")
        self._done(task)


def _escape(game_class, monkeypatch) -> GloriousDay:
    monkeypatch.setattr(gd_helpers, "GloriousDay", game_class)
    return empty(mission="escape", chars={BISHOP: (6, 4), HICKS: (6, 8)}, newt=None, hive_player=True)


@pytest.mark.parametrize("subclass_first", [True, False])
def test_each_class_runs_its_own_task_method(subclass_first, monkeypatch):
    base, own = _escape(GloriousDay, monkeypatch), _escape(RecordingTerror, monkeypatch)
    assert type(base) is GloriousDay and type(own) is RecordingTerror
    for g in ([own, base] if subclass_first else [base, own]):
        g.work = [{"kind": "terror"}]
        g._work()
    assert own.events == ["recorded terror"] and not own.work
    assert "recorded terror" not in base.events and (base.events or base.decision is not None)


def test_an_unknown_task_kind_names_its_method(monkeypatch):
    g = _escape(GloriousDay, monkeypatch)
    g.work = [{"kind": "no_such_kind"}]
    with pytest.raises(AttributeError, match="_task_no_such_kind"):
        g._work()
