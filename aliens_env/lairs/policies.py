"""The players of Hunt for the Queen: the hive played by the base rules ("dice") and scripted
marines ("heuristic")."""
from __future__ import annotations

from ..core.board import NO, UNREACHABLE
from ..core.game import Decision
from ..core.policy import DicePolicy
from ..reactor_room.game import Marine
from ..reactor_room.heuristic import HeuristicMarines, closest_step, grenade_legal, move_actions, safe_grenades
from .game import QUEEN, STOP, HuntForTheQueen
from .rooms import RoomRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


class LairsDiceAI(DicePolicy):
    """The hive by the base rules: every Alien choice by the die among the legal ones (as the
    Reactor Room's dice AI), and the Queen like any Alien: straight for the nearest Marine able to
    act (the die among equally near ones), one step at a time along a shortest path (the die among
    equally good steps), stopping on that Marine's square or when no step gets closer (A18)."""

    name = "dice"

    @cython.locals(game=RoomRules, d=Decision)  # (compiled: the decision and its kind read from the structs)
    def act(self, game: HuntForTheQueen, player: str) -> int:
        d = game.decision
        if d.kind != "queen_move":
            return DicePolicy.act(self, game, player)  # (named: super()'s, without building a super object)
        lay = game.layout
        q = game.aliens[QUEEN]
        board = game.board
        able = [m.pos for m in game.marines if m.status == "on_map" and not m.incapacitated and m.carried_by == NO
                and m.alien == NO]
        if able:
            here = board.field([q.pos])
            best = min(int(here[p]) for p in able)
            if best < UNREACHABLE:
                if best == 0 and STOP in d.options:
                    return lay.encode("queen_stop")
                near = sorted({p for p in able if int(here[p]) == best})
                goal = board.field([near[game.dice.pick(len(near))] if len(near) > 1 else near[0]])
                steps = [o for o in d.options if o != STOP and int(goal[board.step(q.pos, o)]) < int(goal[q.pos])]
                if steps:
                    return lay.encode("queen_step", steps[game.dice.pick(len(steps))] if len(steps) > 1 else steps[0])
        if STOP in d.options:
            return lay.encode("queen_stop")
        return DicePolicy.act(self, game, player)


def beside_queen(board, q: int) -> tuple[int, ...]:
    """``board.field`` of the squares beside square q (of q itself when none), the Queen's: on a
    square a Marine may stand on, her own field less one step (q itself 1), kept in the board's
    cache by her square alone, not by the set of squares beside her (checked square by square in
    tests/lairs/test_lairs_policies.py): she keeps her square while the Marines walk, each step
    asking again. A tuple (read-only, as the board's fields): closest_step reads it square by
    square, faster than an array."""
    return board._cached(("beside_queen", q), _beside_queen_field, board, q)


def _beside_queen_field(board, q: int) -> tuple[int, ...]:
    steps = board.neighbours[q]
    if not steps or not board.passable.flat[q]:
        return tuple(board.field([n for _, n in steps] or [q]).tolist())
    own = board.field([q])
    out = own - 1
    out[own >= UNREACHABLE] = UNREACHABLE
    out[q] = 1
    return tuple(out.tolist())


class HuntMarines(HeuristicMarines):
    """Scripted marines for Hunt for the Queen, on the Reactor Room's heuristic (fight back, rescue,
    covering fire, carry the wounded), with the hunt's goals:

    1. a Grenade Launcher fires at the Queen's square when the blast hurts no Marine (an automatic
       hit), and at an Alien when it would catch two or more Aliens and no Marine;
    2. a rider steps off the Elevator;
    3. the walk: towards the Queen once she is seen, else towards the nearest Room not yet entered.
    """

    name = "heuristic"

    @cython.locals(game=RoomRules)
    def _act(self, game: HuntForTheQueen, player: str, legal: set[int]) -> int:
        # (HeuristicMarines._act named, not super(): the next class after HuntMarines in the
        # method resolution order of each of its subclasses, called at every sub-step)
        if game.decision.kind != "marine":
            return HeuristicMarines._act(self, game, player, legal)
        m = game.marines[game.active]
        if not game._in_combat(m) and grenade_legal(game, legal):
            grenade = self._grenade(game, legal)
            if grenade is not None:
                return grenade
        return HeuristicMarines._act(self, game, player, legal)

    @cython.locals(game=RoomRules)
    def _grenade(self, game: HuntForTheQueen, legal: set[int]) -> int | None:
        """The safe throw (``safe_grenades``) catching the most Aliens, two at least, the Queen
        counting ten; Aliens on a Marine's card are left (the Queen excepted)."""
        best = None
        for action, a, caught in safe_grenades(game, legal, even_on_card=QUEEN):
            value = 10 if a == QUEEN else caught
            if value >= 2 and (best is None or value > best[0]):
                best = (value, action)
        return None if best is None else best[1]

    @staticmethod
    @cython.locals(game=RoomRules, m=Marine, o=Marine, ranges=list)
    def _carry_goal(game: HuntForTheQueen, m):
        """The distance field to the Incapacitated Marines beside m that it may pick up (not carried,
        not on an Alien's card; Newt carries no one), or None when there is none or m carries one."""
        if m.carrying != NO or m.name == "Newt":
            return None
        ranges = game._ranges  # (board.range(a, b) is ranges[a][b]: read without a method call)
        wounded = []
        for o in game.marines:
            if o.status == "on_map" and o.incapacitated and o.carried_by == NO and o.alien == NO \
                    and ranges[o.pos][m.pos] <= 1:
                wounded.append(o.pos)
        return game.board.field(wounded) if wounded else None

    @cython.locals(game=RoomRules)
    def _step(self, game: HuntForTheQueen, m_index: int, legal: set[int]) -> int | None:
        m = game.marines[m_index]
        moves = move_actions(game, legal)
        if not moves:
            return None
        board = game.board
        q = game.aliens[QUEEN]
        if q.in_play:
            goal = beside_queen(board, q.pos)
        else:
            goal = game.rooms_field()
            if goal is None:
                return None
        if m_index not in game.riders:
            carry = self._carry_goal(game, m)
            if carry is not None:  # a wounded mate beside: pick them up first
                goal = carry
        step = closest_step(game, m.pos, goal, moves)
        if step is None and m_index in game.riders:
            return min(moves.values())  # off the Elevator card, wherever there is room
        return step
