"""What the lairs' rescue scenarios (Marine Assault, the Rescue of Newt) share: the way out by the
Elevator (``exit``: one Action on an Elevator square, anyone carried goes too) and Cocooning
Squares closed to the Marines while a captured Marine lies in them."""
from __future__ import annotations

import numpy as np


class ElevatorRescue:
    """A mixin for a subclass of HuntForTheQueen: add ``("exit", 1)`` to its action slices, call
    ``_rescue_mask`` from its ``_compute_marine_mask`` and route the ``exit`` action to
    ``_leave``."""

    def on_elevator(self, i: int) -> bool:
        return self.marines[i].pos in self.elevator

    def _rescue_mask(self, mask: np.ndarray, closed: set[int]) -> None:
        """The acting Marine: no step into a ``closed`` square (a cocoon); ``exit`` on the Elevator."""
        i, s = self.active, self._slot
        m = self.marines[i]
        for direction, sq in self.board.neighbours[m.pos]:
            if sq in closed:
                mask[s["move"] + direction] = 0
        if m.actions_left > 0 and not self._in_combat(m) and self.on_elevator(i):
            mask[s["exit"]] = 1

    def _leave(self, i: int) -> None:
        """Out by the Elevator (one Action), with anyone carried."""
        self.marines[i].actions_left -= 1
        self._exit(i)
