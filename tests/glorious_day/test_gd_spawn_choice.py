"""A spawn's options are found only while its choice is open (``_task_spawn``, as ``_task_alien``'s
and ``_task_blip``'s): the choice made, the rules do not search again but place the model on the
square chosen. Checked over positions of random play: an open spawn decision offers the free
squares of the position (the plain rule), and each of them, chosen, gets the model."""
from __future__ import annotations

from gd_helpers import random_positions


def _plain_spawn_squares(g, task: dict) -> list[int]:
    """The free squares a spawn may take: those next to its square (``near``), else the free
    squares least far by range from its squares (every passable square a candidate)."""
    closed = g.occupied() | g.barricades
    if task.get("near"):
        return sorted(s for s in g.nbrs[task["at"][0]] if s not in closed)
    rows = g.board.range_rows()
    by_range: dict[int, list[int]] = {}
    for s in range(g.board.n):
        if g.passable[s] and s not in closed:
            by_range.setdefault(min(rows[s][t] for t in task["at"]), []).append(s)
    return by_range[min(by_range)] if by_range else []


def _on(models: list, square: int) -> int:
    """How many models (an Alien's count, a Blip one) stand on `square`."""
    return sum(m.get("count", 1) for m in models if m is not None and m["pos"] == square)


def test_a_spawn_choice_places_the_model_on_the_square_chosen():
    checked = {"near": 0, "far": 0}
    for mission in ("newt", "queen_apc", "apc_chase"):
        for g in random_positions(mission, 1500, 3):
            d = g.decision
            if d is None or d.kind != "place" or not g.work or g.work[-1]["kind"] != "spawn":
                continue
            task = g.work[-1]
            assert sorted(d.options) == _plain_spawn_squares(g, task)
            for square in d.options:  # (the choice made, as _resolve makes it, then the step alone)
                g2 = g.clone()
                g2.decision = None
                spawn = g2.work[-1]
                spawn["choice"] = square
                aliens = spawn["what"] == "alien"
                models = g2.aliens if aliens else g2.blips
                room = None in models and (aliens or bool(g2.blip_pool))
                before = _on(models, square)
                depth = len(g2.work)
                g2._task_spawn(spawn)
                assert spawn not in g2.work[:depth - 1] and g2.work[:depth - 1] == g.work[:depth - 1]
                assert _on(models, square) == before + (spawn.get("count", 1) if room else 0)
            checked["near" if task.get("near") else "far"] += 1
    assert min(checked.values()) > 3, checked
