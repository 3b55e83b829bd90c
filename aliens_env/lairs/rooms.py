"""The lairs' Room and Sentry Cards and the Aliens' appearance, a rule class of ``HuntForTheQueen``
(docs/rules/lairs.md).

- Room Cards: the card of a Room is flipped the first time a Marine enters it, and its
  inhabitants (the Queen, Facehuggers, Aliens) appear at the back of the Room (A17);
- every Aliens Appear phase from the scenario's first: Sentry Cards drawn until an Empty (each
  Alien one at a random Stairwell 1-8, the deck reshuffled when empty), then the Alien Appearance
  Table's Waves, each at a different Stairwell;
- ``stairwells``: the map's Stairwells numbered (1-8 climbable, 9 the large one).
"""
from __future__ import annotations

import numpy as np

from ..core.board import NO
from ..reactor_room.game import ReactorRoom


class RoomRules(ReactorRoom):
    # -- Aliens Appear: Sentry Cards and Waves at the Stairwells -----------------------------------
    def _reshuffle_sentries(self) -> None:
        deck = [card for card, count in self.data["sentry_deck"].items() for _ in range(count)]
        self.dice.shuffle(deck)
        self.sentry_deck = deck

    def _aliens_due(self) -> int:
        self.appear_at = []
        if self.turn < self.hunt["first_appear_turn"]:
            return 0
        while True:  # Sentry Cards until an Empty
            if not self.sentry_deck:
                self._reshuffle_sentries()
            card = self.sentry_deck.pop(0)
            if card == "empty":
                break
            self.appear_at.append(self._pick_stairwell([]))
            self.events.append(f"Sentry Card: an Alien at Stairwell {self.appear_at[-1]}")
        roll = self.dice.d10()
        waves = next(row["waves"] for row in self.data["appearance_table"] if roll <= row["max"])
        used: list[int] = []
        for size in waves:
            stair = self._pick_stairwell(used)
            used.append(stair)
            self.appear_at += [stair] * size
            self.events.append(f"Alien Appearance Table {roll}: a Wave of {size} at Stairwell {stair}")
        return len(self.appear_at)

    def _pick_stairwell(self, used: list[int]) -> int:
        choices = [s for s in range(1, 9) if s not in used]
        return choices[self.dice.pick(len(choices))]

    def _step_aliens_appear(self) -> None:
        if self.mover != NO:
            self._step_mover()
            return
        if not self.appear_at:
            self.to_appear = 0
            self._start_phase("aliens_attack")
            return
        stair = self.appear_at.pop(0)
        self.to_appear = len(self.appear_at)
        slot = self._free_slot("alien")
        occupied = self._occupied()
        free = [s for s in self.stairwells[stair] if s not in occupied]
        if slot == NO or not free:
            self.events.append(f"no {'open square at Stairwell ' + str(stair) if slot != NO else 'Alien counter left'}: "
                               "the Alien does not appear")
            return
        self._bring_in(slot, free[self.dice.pick(len(free))], f"Alien {slot}")

    def _free_slot(self, kind: str) -> int:
        """The first Alien counter of ``kind`` not in play, NO when none is left."""
        kinds = self.kinds
        for a, al in enumerate(self.aliens):  # (a loop, not a generator: compiled, no generator object at each Alien)
            if kinds[a] == kind and not al.in_play:
                return a
        return NO

    # -- Room Cards: flipped the first time a Marine enters a Room ---------------------------------
    def _flip_room(self, room: int, entering: int) -> None:
        card = self.room_deck[room - 1]
        self.flipped[room] = card
        self.events.append(f"Room {room} is entered: its card is {card}")
        spec = self.data["room_cards"][card]
        inhabitants = ["queen"] * spec["queen"] + ["facehugger"] * spec["facehuggers"] + ["alien"] * spec["aliens"]
        row = self.board.distance_list(entering)
        occupied = self._occupied()
        free = sorted((s for s in self.rooms[room] if s not in occupied), key=lambda s: (-row[s], s))  # A17: the back
        for kind, square in zip(inhabitants, free):
            slot = self._free_slot(kind)
            if slot == NO:
                continue
            al = self.aliens[slot]
            al.in_play, al.pos, al.card, al.attack, al.stunned = True, square, NO, "", False
            self.stats["aliens_appeared"] += 1
            self.events.append(f"{'the Queen' if kind == 'queen' else kind.capitalize() + ' ' + str(slot)} "
                               f"appears at {self.board.rc(square)}")

    def _move_marine(self, i: int, direction: int) -> None:
        ReactorRoom._move_marine(self, i, direction)
        m = self.marines[i]
        room = self.room_of.get(m.pos)
        if room is not None and room not in self.flipped and m.status == "on_map":
            self._flip_room(room, m.pos)


def stairwells(chars: np.ndarray, board) -> dict[int, list[int]]:
    """Stairwells 1-8: the 's' groups (8-connected) numbered in reading order of their first
    square; 9: the 'S' squares."""
    flat = chars.ravel()
    seen: set[int] = set()
    out: dict[int, list[int]] = {}
    for sq in np.flatnonzero(flat == "s").tolist():
        if sq in seen:
            continue
        group, stack = [], [sq]
        seen.add(sq)
        while stack:
            s = stack.pop()
            group.append(s)
            for d in range(8):
                n = board.step(s, d)
                if n is not None and flat[n] == "s" and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out[len(out) + 1] = sorted(group)
    if len(out) != 8:
        raise ValueError(f"lairs.yaml: the map must have eight climbable Stairwells ('s' groups), it has {len(out)}")
    out[9] = np.flatnonzero(flat == "S").tolist()
    return out
