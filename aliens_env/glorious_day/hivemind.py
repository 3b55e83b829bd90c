"""The Hivemind Step of Glorious Day (the Hive player of "Get Away From Her"), a rule class of
``GloriousDay``: Willpower gained and spent (Move, Draw, Swap Blips, Reorder Deck), the Hivemind
cards drawn, played and discarded, and the Hive's mask and actions in the step."""
from __future__ import annotations

from .state import MAX_ALIENS, OTHER_MARK
from .marines import MarineRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


class HivemindRules(MarineRules):
    """The Hivemind Step: Willpower and the Hivemind cards."""

    def _hivemind_start(self) -> None:
        h = self.hive_rules
        self.willpower = min(self.willpower + h["willpower_gain"], h["willpower_max"])
        self._draw_hivemind()
        self.queen_moved = False
        self._obs_marks.add("large")
        self.events.append(f"Hivemind Step: Willpower {self.willpower}")

    def _draw_hivemind(self) -> None:
        if not self.hm_deck:
            return
        self.hm_hand.append(self.hm_deck.pop())
        if not self.hm_deck and self.hm_discard:
            # drawing the last card: the discard pile becomes the new deck
            self.hm_deck, self.hm_discard = self.hm_discard, []
            self.dice.shuffle(self.hm_deck)
            self.events.append("the Hivemind discard is shuffled into a new deck")

    def _spend(self, what: str) -> None:
        cost = self.hive_rules["costs"][what]
        self.willpower -= cost
        self.stats["willpower_spent"] += cost

    def _spend_card(self, card: str) -> None:
        cost = self.cards[card]["cost"]
        self.willpower -= cost
        self.stats["willpower_spent"] += cost
        self.stats["cards_played"] += 1
        self.hm_hand.remove(card)
        if self.cards[card]["type"] != "nature":
            self.hm_discard.append(card)
        self.events.append(f"the Hive plays {card}")

    def _discard_hivemind(self, card: str) -> None:
        self.hm_hand.remove(card)
        self.hm_discard.append(card)

    @cython.locals(marks=bytearray, s=cython.Py_ssize_t)  # (compiled: each byte written as a C int)
    def _blocked_marks(self) -> bytearray:
        """``occupied() | barricades`` as a byte per square (nonzero: no model may end a move there):
        ``_occupied_marks`` with the Barricades marked, no set made."""
        marks = self._occupied_marks()
        for s in self.barricades:
            marks[s] = OTHER_MARK
        return marks

    def wp_move_squares(self, slot: int) -> list[tuple[int, int]]:
        """(direction, square) a Willpower Move may take a model (slot < MAX_ALIENS: an Alien,
        else a Blip): one step, in any direction, to a free square not Barricaded (``_blocked_marks``)."""
        model = self.aliens[slot] if slot < MAX_ALIENS else self.blips[slot - MAX_ALIENS]
        if model is None:
            return []
        blocked = self._blocked_marks()
        return [(d, s) for d, s in self.board.neighbours[model["pos"]] if not blocked[s]]

    def card_playable(self, card: str) -> bool:
        info = self.cards[card]
        if card not in self.hm_hand or info["cost"] > self.willpower or info["type"] == "reaction":
            return False
        if info["type"] == "nature":
            return card != self.nature
        if card == "ambush":
            return bool(self.blip_pool) and None in self.blips and bool(self._free_near(list(self.entries.values())))
        if card in ("terror", "infest"):
            return bool(self.hive_hazards)
        return bool(self.tracker or self.tracker_discard)

    @cython.locals(blocked=bytearray, models=list, model=dict, neighbours=list, base=cython.Py_ssize_t,
                   m=cython.Py_ssize_t, at=cython.Py_ssize_t, d=cython.Py_ssize_t,
                   s=cython.Py_ssize_t)  # (compiled: a mask's index and a mark read with C integers)
    def _hivemind_mask(self, mask: bytearray) -> None:
        slot, costs, wp = self._slot, self.hive_rules["costs"], self.willpower
        mask[slot["end_step"]] = 1
        if wp >= costs["move"]:
            blocked = self._blocked_marks()
            base, neighbours = slot["wp_move"], self.board.neighbours
            models = self.aliens + self.blips  # (model m: Alien m, then Blip m - MAX_ALIENS)
            for m in range(len(models)):  # (a C loop, not enumerate: no Python int made per model)
                model = models[m]
                if model is not None:  # wp_move_squares(m), inline
                    at = base + m * 8
                    for d, s in neighbours[model["pos"]]:
                        if not blocked[s]:
                            mask[at + d] = 1
        if wp >= costs["draw"] and (self.hm_deck or self.hm_discard):
            mask[slot["wp_draw"]] = 1
        blips = [k for k, bl in enumerate(self.blips) if bl is not None]
        if wp >= costs["swap_blips"] and len(blips) >= 2:
            for k in blips:
                mask[slot["swap"] + k] = 1
        if wp >= costs["reorder_deck"] and len(self.tracker) >= 2:
            mask[slot["wp_reorder"]] = 1
        for card in set(self.hm_hand):  # (a card not in hand is not playable)
            if self.card_playable(card):
                mask[slot["play"] + self.card_index[card]] = 1

    def _hive_action(self, name: str, index: int) -> None:
        if name == "end_step":
            self.phase = "discard"
        elif name == "wp_move":
            m, d = divmod(index, 8)
            model = self.aliens[m] if m < MAX_ALIENS else self.blips[m - MAX_ALIENS]
            model["pos"] = self.board.step(model["pos"], d)
            self._obs_marks.add("aliens" if m < MAX_ALIENS else "blips")
            self._spend("move")
            self.events.append(f"Willpower Move to {self.board.rc(model['pos'])}")
            if m >= MAX_ALIENS and self._seen(model["pos"]):
                self.work.append({"kind": "reveal", "slot": m - MAX_ALIENS})
        elif name == "wp_draw":
            self._spend("draw")
            self._draw_hivemind()
        elif name == "swap":
            self._decide("swap_second", [index])
        elif name == "wp_reorder":
            self._spend("reorder_deck")
            self.tracker.insert(0, self.tracker.pop())
            self.events.append("the Hive puts the top Motion Tracker card at the bottom")
        elif name in ("wp_move_queen", "heal_queen"):
            self._queen_hive_action(name, index)
        elif name == "play":
            card = self.card_names[index]
            self._spend_card(card)
            if self.cards[card]["type"] == "nature":
                if self.nature:
                    self.hm_discard.append(self.nature)
                self.nature = card
            elif card == "ambush":
                self.work.append({"kind": "spawn", "what": "blip", "at": list(self.entries.values())})
            elif card == "terror":
                self.work.append({"kind": "terror"})
            elif card == "infest":
                self.deck.append("hive:" + self.hive_hazards.pop())
                self.dice.shuffle(self.deck)
            elif card == "stir":
                self.work.append({"kind": "tracker"})
