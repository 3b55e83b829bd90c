"""Hunt for the Queen with the Marines commanded by tactics ("HuntForTheQueenTactics", ASSUMPTION
A51 in docs/rules/lairs.md).

The rules, the lairs, the dice, the hive's decisions and the observation are Hunt for the Queen's.
Only the Marines decide differently: at the start of each Marine's activation (and at a Push) they
choose one *tactic*, a setting of the scripted hunt marines (``HuntMarines``), and that setting
plays the whole activation (the Reactor Room commander's rules, reactor_room/tactics.py). Tactic 0
is the scripted marines' own setting, so a commander who always picks it plays exactly their game;
the others are listed in data/hunt_tactics.yaml. A setting has five parts:

- ``threat_range``, ``min_hit``: the Reactor Room heuristic's covering fire (which Aliens count as
  a threat, the least chance of a kill worth a shot);
- ``walk``: ``hunt`` (the script's walk: at the Queen once she is out, else to the nearest Room not
  yet entered), ``hold`` (no walk: stay, shoot, fetch a wounded teammate beside it) or ``rooms``
  (to the nearest Room not yet entered even when the Queen is out: Room Cards over the chase);
- ``stand_off``: while the Queen is out, no step that ends within this range of her (0: walk up to
  her, as the script does): a Marine beside her is rammed, attacked and carried off, and keeps her
  safe from every Grenade Launcher;
- ``blast_risk``: the worst the Grenade Table may do to a Marine when a Grenade Launcher fires at
  the Queen (``none``: the script's rule, no Marine in the blast; ``wounded``: Marines 4-8 squares
  off it may be Wounded; ``incapacitated``: 2-3 squares off too). Grenades at other Aliens keep
  the script's rule.

The tactic slice comes after Hunt for the Queen's slices, so every action keeps its number (the
dice hive and the trained Queen read the same indices). Its shaping pays only for hits on the
Queen (hunt_tactics.yaml: tactics_shaping), the way to the win.
"""
from __future__ import annotations

from functools import lru_cache

from ..core.board import NO
from ..core.data import read_yaml
from ..reactor_room.tactics import CommandedMarines
from ..reactor_room.data_files import grenade_result
from ..reactor_room.heuristic import closest_step, move_actions
from .data_files import DATA
from .game import HuntForTheQueen
from .policies import HuntMarines, beside_queen
from .queen import QUEEN
from .rooms import RoomRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

WALKS = ("hunt", "hold", "rooms")
BLAST_RISKS = ("none", "wounded", "incapacitated")  # the Grenade Table's Marine results, mildest first
SETTING = ("threat_range", "min_hit", "walk", "stand_off", "blast_risk")


@lru_cache(maxsize=None)
def tactics_data() -> dict:
    """hunt_tactics.yaml, checked: each tactic a full setting with allowed values."""
    where = DATA / "hunt_tactics.yaml"
    data = read_yaml(where)
    for k, tactic in enumerate(data["tactics"]):
        if set(tactic) != set(SETTING):
            raise ValueError(f"{where}: tactics[{k}] must give exactly {list(SETTING)}, got {sorted(tactic)}")
        if tactic["walk"] not in WALKS or tactic["blast_risk"] not in BLAST_RISKS:
            raise ValueError(f"{where}: tactics[{k}]: walk must be one of {WALKS} and blast_risk one of {BLAST_RISKS}, "
                             f"got {tactic['walk']!r}, {tactic['blast_risk']!r}")
    if data["tactics"][0] != dict(threat_range=9, min_hit=0.3, walk="hunt", stand_off=0, blast_risk="none"):
        raise ValueError(f"{where}: tactics[0] must be the scripted marines' own setting")
    return data


class HuntTactic(HuntMarines):
    """The scripted hunt marines with a tactic's setting (the defaults: the script itself)."""

    setting_extras = ("walk", "stand_off", "blast_risk")  # named in the commander's tactic labels

    def __init__(self, threat_range: int = 9, min_hit: float = 0.3, walk: str = "hunt", stand_off: int = 0,
                 blast_risk: str = "none"):
        if walk not in WALKS or blast_risk not in BLAST_RISKS:
            raise ValueError(f"walk must be one of {WALKS} and blast_risk one of {BLAST_RISKS}, "
                             f"got {walk!r}, {blast_risk!r}")
        super().__init__(threat_range=threat_range, min_hit=min_hit)
        self.walk, self.stand_off, self.blast_risk = walk, stand_off, blast_risk
        self._risk = BLAST_RISKS.index(blast_risk)

    @cython.locals(game=RoomRules)
    def _grenade(self, game: HuntForTheQueen, legal: set[int]) -> int | None:
        if self._risk == 0:
            return HuntMarines._grenade(self, game, legal)  # (named, not super(): as in HuntMarines._act)
        at = game.layout.slices["grenade"][0]
        q = game.aliens[QUEEN]
        k = game.targets().index(QUEEN) if QUEEN in game.targets() else NO
        if k != NO and at + k in legal and q.in_play:
            b = game.board
            seen = b.los_list(q.pos)
            worst = 0
            for o in game.marines:
                if o.status == "on_map" and (b.range(q.pos, o.pos) == 0 or seen[o.pos]):
                    result = grenade_result(b.range(q.pos, o.pos))["marine"]
                    worst = max(worst, BLAST_RISKS.index(result) if result in BLAST_RISKS else len(BLAST_RISKS))
            if worst <= self._risk:
                return at + k
        return HuntMarines._grenade(self, game, legal)

    @cython.locals(game=RoomRules)
    def _step(self, game: HuntForTheQueen, m_index: int, legal: set[int]) -> int | None:
        if m_index in game.riders or (self.walk == "hunt" and self.stand_off == 0):
            return HuntMarines._step(self, game, m_index, legal)  # (named, not super(): as in HuntMarines._act)
        m = game.marines[m_index]
        board = game.board
        q = game.aliens[QUEEN]
        goal = None
        if self.walk == "rooms" or (self.walk == "hunt" and not q.in_play):
            goal = game.rooms_field()
        elif self.walk == "hunt":
            goal = beside_queen(board, q.pos)
        carry = self._carry_goal(game, m)
        if carry is not None:  # a wounded mate beside: pick them up first
            goal = carry
        if goal is None:  # (before the legal Moves are listed: "hold" mostly has no goal)
            return None
        moves = move_actions(game, legal)
        if not moves:
            return None
        barred = within_range(board, q.pos, self.stand_off) if self.stand_off and q.in_play else None
        return closest_step(game, m.pos, goal, moves, barred)


def within_range(board, square: int, reach: int):
    """``barred`` for closest_step: the squares within `reach` of `square` (the stand-off from the Queen).
    (``board.range(sq, square)`` read from the board's range table: no method call per square.)"""
    rows = board.range_rows()
    return lambda sq: rows[sq][square] <= reach


class HuntForTheQueenTactics(CommandedMarines, HuntForTheQueen):
    name = "HuntForTheQueenTactics"

    @classmethod
    def _make_tactics(cls) -> list:
        return [HuntTactic(**setting) for setting in tactics_data()["tactics"]]

    def shaping_value(self, side: str) -> float:
        w = tactics_data()["tactics_shaping"]
        value = w["queen_hit"] * (self.queen_damage + self.queen_dead)
        return value if side == "marines" else -value
