"""Scripted Operations/Air Ducts marines ("heuristic"), on the Reactor Room's heuristic.

The Reactor Room heuristic's priorities hold (fight back In Combat, rescue a held teammate,
covering fire, carry the wounded); the way out is the scenario's:

1. at the far door: ask Burke while he lingers (one Action, once a turn), cut with the Cutting
   Torch (the rest of the turn);
2. a Grenade Launcher fires at an Alien when the blast would catch two or more Aliens, or one at
   range 9 or more, and no Marine (A18);
3. the walk: while the far door is sealed, the Marines wait at the room's end of the corridor
   (`wait_range` from the cutting square), and once Burke is through it a torch-bearer makes for
   the cutting square; once it is open, everyone makes for the Exit, entering the ducts only
   behind Newt while she can lead (the rules keep Ripley beside Newt and hold the ducts for
   Newt's signal and her lead at the junctions); paths count furniture as 2 and no diagonal
   steps in the ducts;
4. Gorman's Last Stand: nobody walks anywhere; they hold and shoot.
"""
from __future__ import annotations

import heapq

import numpy as np

from ..core.actions import ActionLayout
from ..core.board import NO, UNREACHABLE
from ..reactor_room.game import Marine
from ..reactor_room.heuristic import HeuristicMarines, closest_step, grenade_legal, move_actions, safe_grenades
from .game import Operations

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: the distance fields of the scripted marines, shared by all of them (a field depends on the
#: board and its targets alone; the boards are shared too): the wounded to fetch come in ever new
#: sets, so the memo is emptied when it passes FIELDS_KEPT entries (memory stays bounded)
FIELDS_KEPT = 256
_FIELDS: dict = {}
#: per board and wait_range: the paths to the Exit, to the cutting squares, and the wait near them
_GOALS: dict = {}


class OperationsMarines(HeuristicMarines):
    name = "heuristic"
    setting_extras = ("wait_range",)  # named in a commander's tactic labels

    def __init__(self, threat_range: int = 9, min_hit: float = 0.3, wait_range: int = 4):
        super().__init__(threat_range, min_hit)
        self.wait_range = wait_range

    @cython.locals(game=Operations, lay=ActionLayout, m=Marine)
    def _act(self, game, player: str, legal: set[int]) -> int:
        if game.decision.kind != "marine":
            return super()._act(game, player, legal)
        lay = game.layout
        m = game.marines[game.active]
        if not game._in_combat(m):
            if m.pos in game.cut_squares:  # (the mask allows asking Burke and the torch only there)
                for kind in ("ask_burke", "torch"):
                    if lay.encode(kind) in legal and not self._held_teammate_near(game, m):
                        return lay.encode(kind)
            grenade = self._grenade(game, legal)
            if grenade is not None:
                return grenade
        return HeuristicMarines._act(self, game, player, legal)  # (super()'s, without building a super object)

    @cython.locals(game=Operations, m=Marine, o=Marine)
    def _held_teammate_near(self, game, m) -> bool:
        for o in game.marines:
            if o is not m and o.alien != NO and game._ranges[o.pos][m.pos] <= 1:
                return True
        return False

    @cython.locals(game=Operations)
    def _grenade(self, game, legal: set[int]) -> int | None:
        """The safe throw (``safe_grenades``) catching the most Aliens, two at least or any at range
        9 or more; Aliens on a Marine's card are left. None at once when no grenade is legal (most
        activations: no Alien in sight, no launcher)."""
        if not grenade_legal(game, legal):
            return None
        best = None
        here = game.marines[game.active].pos
        for action, a, caught in safe_grenades(game, legal):
            if (caught >= 2 or game._ranges[here][game.aliens[a].pos] >= 9) and (best is None or caught > best[0]):
                best = (caught, action)
        return None if best is None else best[1]

    @cython.locals(game=Operations, m=Marine, o=Marine, ranges=list)
    def _step(self, game, m_index: int, legal: set[int]) -> int | None:
        if game.scenario == "gormans_last_stand":
            return None
        m = game.marines[m_index]
        moves = move_actions(game, legal)
        if not moves:
            return None
        fields = goal_fields(game, self.wait_range)
        goal = goal_of(game, m, fields)
        if m.carrying == NO and m.name != "Newt":
            wounded = []
            ranges = game._ranges[m.pos]
            for o in game.marines:
                if o.status == "on_map" and o.incapacitated and o.carried_by == NO and o.alien == NO \
                        and ranges[o.pos] <= 2 and goal[o.pos] < UNREACHABLE:
                    wounded.append(o.pos)
            if wounded:
                goal = marine_field(game, wounded)
        barred = None
        if m.name != "Newt" and game.newt_able() and game.far_door_open:
            # while Newt can lead, the others go into the ducts only behind her
            barred = ahead_of_newt(game, fields[0]).__contains__
        return closest_step(game, m.pos, goal, moves, barred)


def marine_field(game, targets) -> list[int]:
    """A Marine's path cost from every square to the nearest target: furniture costs 2, and
    no diagonal step into or out of a duct (the scenario's rules for Marines). A list by
    square (read square by square), kept: not to be written."""
    key = (game.board, tuple(sorted(targets)))
    out = _FIELDS.get(key)
    if out is None:
        if len(_FIELDS) >= FIELDS_KEPT:
            _FIELDS.clear()
        board, duct, furniture = game.board, game.duct, game.furniture
        dist = [UNREACHABLE] * board.n
        heap = [(0, t) for t in key[1]]
        for t in key[1]:
            dist[t] = 0
        while heap:
            d0, sq = heapq.heappop(heap)
            if d0 > dist[sq]:
                continue
            nd = d0 + (2 if sq in furniture else 1)  # the step from a neighbour into sq
            for direction, n in board.neighbours[sq]:
                if direction % 2 and (n in duct or sq in duct):
                    continue
                if nd < dist[n]:
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n))
        out = _FIELDS[key] = dist
    return out


def goal_of(game, m, fields: tuple) -> list[int]:
    """Path costs to where Marine m is going (0 there), of ``fields`` (``goal_fields``)."""
    exits, field, waiting = fields
    if game.far_door_open or m.pos in game.airlock or m.pos in game.duct:
        return exits
    if m.name in game.data["cutting_torch"] and game.burke != "bolting":
        return field
    return waiting


def goal_fields(game, wait_range: int) -> tuple[list[int], list[int], list[int]]:
    """Path costs on this board (kept per board and ``wait_range``): to the Exit, to the cutting
    squares, and to within ``wait_range`` of them (wait near the door, out of the cutter's way)."""
    key = (game.board, wait_range)
    out = _GOALS.get(key)
    if out is None:
        field = marine_field(game, game.cut_squares)
        out = (marine_field(game, np.flatnonzero(game.board.exit.ravel()).tolist()), field,
               [0 if d <= wait_range else d for d in field])
        _GOALS[key] = out
    return out


#: per board and Newt's path cost to the Exit: the duct squares ahead of her (``ahead_of_newt``;
#: bounded: a board per state of the doors, a cost per square along the ducts)
_AHEAD: dict = {}


@cython.locals(newt=Marine, ahead=list)
def ahead_of_newt(game, exits: list[int]) -> frozenset:
    """The duct squares not behind Newt on the way to the Exit, all of them while she is not in the
    ducts yet: barred for closest_step while she leads. ``exits``: the board's path costs to the
    Exit (``goal_fields``: one list per board, so the board keys it). Kept per
    board and her path cost (shared: read only; built in a plain loop: with a generator Cython
    would make a closure scope at every call, even one that returns a kept set)."""
    duct = game.duct
    newt = game.marines[game._newt]
    behind = exits[newt.pos] if newt.pos in duct else None
    key = (game.board, behind)
    out = _AHEAD.get(key)
    if out is None:
        ahead = []
        for sq in duct:
            if behind is None or exits[sq] <= behind:
                ahead.append(sq)
        out = _AHEAD[key] = frozenset(ahead)
    return out
