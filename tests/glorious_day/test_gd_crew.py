"""TacticMarines.crew (glorious_day/tactics.py: comparisons, no dict built at each call, since
session 50) against the table it replaced: at an action everyone may board (`board`), nobody
(`stay_out`, `get_out`), the mission's crew otherwise (None); None at every other decision."""
import pytest

from aliens_env.core.game import Decision
from aliens_env.glorious_day.game import DECISIONS
from aliens_env.glorious_day.tactics import TACTICS, GloriousDayTactics, TacticMarines


def table_crew(tactic: str, game) -> int | None:
    if game.decision.kind != "action":
        return None
    return {"board": len(game.chars), "stay_out": 0, "get_out": 0}.get(tactic)


@pytest.mark.parametrize("tactic", TACTICS)
def test_the_crew_of_each_tactic_is_the_table_s_at_every_decision(tactic):
    game = GloriousDayTactics(hive_player=False)
    seen = set()
    for kind, side in DECISIONS.items():
        game.decision = Decision(side, kind)
        assert TacticMarines(tactic).crew(game) == table_crew(tactic, game), kind
        seen.add(table_crew(tactic, game))
    assert len(seen) == (1 if tactic in ("heuristic", "hold") else 2)
