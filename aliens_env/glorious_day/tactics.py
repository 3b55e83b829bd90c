"""Another Glorious Day in the Corps with the marines commanded by tactics ("GloriousDayTactics",
ASSUMPTION A52 of docs/rules/glorious_day.md).

The rules, the missions, the dice, the Aliens (or the Hive player) and the observation are
GloriousDay's. Only the marines decide differently: at the start of each Character's activation
(the heuristic marines choose who activates, as they do) the commander picks one *tactic* of
data/tactics.yaml, and the heuristic marines (``HeuristicMarines``) play that Character's
activation under it. Tactic 0 is the heuristic marines themselves, so a commander always picking
it plays their games move for move. The tactic slice is appended after GloriousDay's slices, so
every GloriousDay action keeps its number (the Aliens' and the Hive's policies read the same
indices). The default mission is ``queen_apc`` (the bug hunt of the Queen and the M577 APC, where
who crews the APC matters most, A51).

As ReactorRoomTactics and BugHuntTactics: the network chooses, the script carries out.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.actions import ActionLayout
from ..core.commander import CommandedSide, HeuristicCommander  # noqa: F401  (HeuristicCommander: the registry's heuristic)
from ..core.data import read_yaml
from .apc_policy import _get_out
from .data_files import DATA
from .game import GloriousDay
from .policies import HeuristicMarines

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

TACTICS = ("heuristic", "board", "stay_out", "get_out", "hold")


@lru_cache(maxsize=None)
def tactic_names() -> tuple[str, ...]:
    """data/tactics.yaml's list, checked: known names, `heuristic` first, none twice."""
    names = read_yaml(DATA / "tactics.yaml").get("tactics")
    if (not isinstance(names, list) or not names or names[0] != "heuristic" or len(set(names)) != len(names)
            or any(n not in TACTICS for n in names)):
        raise ValueError(f"{DATA / 'tactics.yaml'}: tactics must list distinct names of {list(TACTICS)}, "
                         f"'heuristic' first, got {names!r}")
    return tuple(names)


class TacticMarines(HeuristicMarines):
    """The heuristic marines playing one activation under a tactic (data/tactics.yaml)."""

    def __init__(self, tactic: str = "heuristic"):
        if tactic not in TACTICS:
            raise ValueError(f"unknown Glorious Day tactic {tactic!r}; allowed: {list(TACTICS)}")
        self.tactic = tactic
        self.name = f"tactic {tactic}"

    @cython.locals(game=GloriousDay)
    def crew(self, game) -> int | None:
        """A51's crew replaced at an action: everyone may board (`board`), nobody (`stay_out`,
        `get_out`)."""
        if game.decision.kind != "action":
            return None
        tactic = self.tactic
        if tactic == "board":
            return len(game.chars)
        return 0 if tactic == "stay_out" or tactic == "get_out" else None

    @cython.locals(game=GloriousDay, layout=ActionLayout)  # (compiled: the game's queries, encode and decode C calls)
    def act(self, game, player: str) -> int:
        if self.tactic == "heuristic" or game.decision.kind != "action":
            return HeuristicMarines.act(self, game, player)  # (super()'s, without building a super object)
        c, layout = game.active, game.layout
        if (self.tactic == "get_out" and game.apc is not None and game.queen is not None and game.seat_of(c)
                and not game.apc["moves"]):  # (no Queen to shoot, as in APC Chase: as stay_out)
            # Knocked Down (the script mask's Stand) it gets up first, HeuristicMarines' first rule;
            # else each of its move_targets, _get_out's Moves, is a legal Move: no whole mask asked
            if not game.script_mask(player)[layout.encode("stand")]:
                action = _get_out(game, c)
                if layout.decode(action)[0] == "move":
                    return action
        action = HeuristicMarines.act(self, game, player)
        if self.tactic == "hold" and layout.decode(action)[0] in ("move", "drive"):
            mask = game.script_mask(player)  # (read only: no copy)
            for alternative in ("aim", "rest", "end"):
                if mask[layout.encode(alternative)]:
                    return layout.encode(alternative)
        return action


class GloriousDayTactics(CommandedSide, GloriousDay):
    name = "GloriousDayTactics"
    #: none of GloriousDay's own compact rows (A74): its marines take only tactics, its compact
    #: observation is the commander's (core/compact.yaml)
    row_aimed_slice_names = compact_row_columns = None

    def __init__(self, mission: str = "queen_apc", **options):
        super().__init__(mission=mission, **options)
        self.reset(0)  # the set-up's reset did not play the heuristic marines' choice of who activates

    @classmethod
    def _make_tactics(cls) -> list:
        return [TacticMarines(n) for n in tactic_names()]

    def _commanded(self) -> str:
        return self.chars[self.active]["name"] if self.active >= 0 else "the marines"

    @cython.locals(game=GloriousDay)  # (compiled: the records, the commander's too, read from the struct)
    def _run(self) -> None:
        """GloriousDay's loop; the choice of who activates next is the heuristic marines' own
        (the commander decides how, at the activation's first action). (GloriousDay._run named:
        super()'s, CommandedSide has none, without building a super object.)"""
        game = self
        GloriousDay._run(self)
        while not game._executing and game.decision is not None and game.decision.kind == "activate":
            self._executing = True  # (writes through self: tests/test_compiled.py)
            try:
                game._cache.clear()
                GloriousDay._resolve(self, game.tactics[0].act(self, game._commanded_side))
            finally:
                self._executing = False
                game._cache.clear()
            GloriousDay._run(self)

    @cython.locals(game=GloriousDay)
    def _command_start(self) -> tuple[int, int]:
        game = self
        return (game.round, game.active)

    @cython.locals(game=GloriousDay)
    def _command_over(self, start: tuple[int, int]) -> bool:
        """A tactic plays one Character's activation: over at the next Character's first action
        or in the next round."""
        game = self
        return game.decision.kind == "action" and (game.round, game.active) != start
