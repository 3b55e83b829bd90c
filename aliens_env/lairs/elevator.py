"""What the lairs' rescue scenarios (Marine Assault, the Rescue of Newt) share: the way out by the
Elevator (``exit``: one Action on an Elevator square, anyone carried goes too) and Cocooning
Squares closed to the Marines while a captured Marine lies in them.

Option ``elevator_delay`` (the Closing Notes, A49): the Elevator is called when a Marine first
steps onto it from outside; a d10 then gives the turns it takes to come (0-9), and nobody leaves
by it before the turn of the call plus the roll (``elevator_at``; NO until the call).

Option ``egg_facehuggers`` (the Closing Notes, A50): at the start of every Aliens Appear phase a d10
for each cocooned Marine (in marine order, a Marine with nothing on its card); on a roll of
``egg_facehugger_on`` a Facehugger comes out of the Egg beside the cocoon onto the Marine's card,
and attacks it in the Aliens Attack phase like any Facehugger on a card."""
from __future__ import annotations

import numpy as np

from ..core.board import DIRECTIONS, NO
from ..reactor_room.game import Marine
from .game import HuntForTheQueen
from .rooms import RoomRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

DIRECTION_OF = {offset: d for d, offset in enumerate(DIRECTIONS)}  # (row, column) offset -> direction


class ElevatorRescue:
    """A mixin for a subclass of HuntForTheQueen: add ``("exit", 1)`` to its action slices, call
    the module's ``rescue_mask`` from its ``_compute_marine_mask`` (a C call compiled;
    ``_rescue_mask`` is the same for a Python caller) and route the ``exit`` action to
    ``_leave``. (Its steps of the phase machine name the next class that has them, HuntForTheQueen
    or RoomRules, rather than super(): the class after this mixin in every subclass's method
    resolution order is HuntForTheQueen, and no super object walks the chain at each call.)"""

    def on_elevator(self, i: int) -> bool:
        return self.marines[i].pos in self.elevator

    def _rescue_mask(self, mask: np.ndarray, held: list[int]) -> None:
        """The acting Marine: no step into the square of a Marine of ``held`` (a cocoon; a square
        may come twice); ``exit`` on the Elevator (``rescue_mask``)."""
        rescue_mask(self, mask, held)

    def elevator_here(self) -> bool:
        """The Elevator may be left by (always, unless elevator_delay: from the turn it comes)."""
        return not self.options["elevator_delay"] or NO < self.elevator_at <= self.turn

    def _start_phase(self, phase: str) -> None:
        if phase == "aliens_appear" and self.options["egg_facehuggers"]:
            self._eggs_hatch()
        HuntForTheQueen._start_phase(self, phase)

    def _eggs_hatch(self) -> None:
        for j in sorted(self.cocooned):
            m = self.marines[j]
            if m.status != "on_map" or m.alien != NO:
                continue
            roll = self.dice.d10()
            if roll not in self.tables["egg_facehugger_on"]:
                continue
            slot = self._free_slot("facehugger")
            if slot == NO:
                self.events.append(f"an Egg beside {m.name} opens ({roll}), but no Facehugger counter is left")
                continue
            al = self.aliens[slot]
            al.in_play, al.pos, al.card, al.attack, al.stunned = True, m.pos, j, "attacking", False
            m.alien = slot
            self.stats["aliens_appeared"] += 1
            self.events.append(f"an Egg beside {m.name} opens ({roll}): Facehugger {slot} leaps onto the cocooned Marine")

    def _move_marine(self, i: int, direction: int) -> None:
        start = self.marines[i].pos
        RoomRules._move_marine(self, i, direction)  # (HuntForTheQueen's: RoomRules' own)
        m = self.marines[i]
        if (self.options["elevator_delay"] and self.elevator_at == NO and m.status == "on_map"
                and self.on_elevator(i) and start not in self.elevator):
            roll = self.dice.d10()
            self.elevator_at = self.turn + roll
            self.events.append(f"{m.name} calls the Elevator: it comes in {roll} turns (turn {self.elevator_at})")

    def _leave(self, i: int) -> None:
        """Out by the Elevator (one Action), with anyone carried."""
        self.marines[i].actions_left -= 1
        self._exit(i)


@cython.locals(m=Marine, ranges=list, marines=list, j=cython.Py_ssize_t, sq=cython.Py_ssize_t, pos=cython.Py_ssize_t,
               width=cython.Py_ssize_t)
def rescue_mask(game: RoomRules, mask: np.ndarray, held: list[int]) -> None:
    """ElevatorRescue._rescue_mask of ``game`` (an ElevatorRescue game): compiled, a C function
    (elevator.pxd) that the scenarios' masks call without a Python-level call, the game's fields
    read from its struct."""
    s = game._slot
    m = game.marines[game.active]
    pos = m.pos
    if held:  # (a move bit is set only for a step onto the board's neighbour in that direction)
        ranges, width, marines = game._ranges[pos], game.board.width, game.marines
        for j in held:
            sq = marines[j].pos
            if ranges[sq] == 1:  # (a neighbour: its direction from the offset)
                mask[s["move"] + DIRECTION_OF[(sq // width - pos // width, sq % width - pos % width)]] = 0
    # (on_elevator(i) inlined and tested before _in_combat: the cheap test that fails at most steps first)
    if m.actions_left > 0 and pos in game.elevator and game.elevator_here() and not game._in_combat(m):
        mask[s["exit"]] = 1
