"""The Marine Phase of Glorious Day, a rule class of ``GloriousDay``: a Character's activation and
actions (Move, Attack, Aim, Barricade, Interact, Rest, Stand; Newt carried and set down; escape
and objective tokens), the Characters' sight revealing Blips, and the Endurance cards."""
from __future__ import annotations

from ..core.board import NO
from .data_files import HAZARDS
from .state import INTERACTS
from .state import StateQueries


class MarineRules(StateQueries):
    """The Marine Phase: activations, actions, Endurance."""

    def _activate(self, c: int) -> None:
        ch = self.chars[c]
        self.active = c
        self._obs_chars.add(c)
        ch["activated"] = True
        ch["actions"] = self.rules["actions_per_activation"]
        ch["aim"] = self.stats_of(c)["aim"]
        self.events.append(f"{ch['name']} activates")

    def _marine_action(self, name: str, index: int) -> None:
        c = self.active
        ch = self.chars[c]
        ch["actions"] -= 1
        self._obs_chars.add(c)
        who = ch["name"]
        second = self.loader is not None and self.loader["bonus"]
        if second:
            self.loader["bonus"] = False
            self._obs_marks.add("large")
        if name == "end":
            if not second:  # declining the second Power Loader attack keeps the actions left
                ch["actions"] = 0
        elif name == "stand":
            ch["knocked"] = False
            self.events.append(f"{who} gets up")
        elif name == "move" and c == self.pilot():
            self._move_loader(c, index)
            self.events.append(f"the Power Loader moves to {self.board.rc(index)}")
            self._reveal_seen()
        elif name == "attack" and c == self.pilot():
            self._loader_attack(c, index)
        elif name == "attack_queen":
            if c == self.pilot():
                self._loader_attack(c, None)
            elif self.apc is not None and self.seat_of(c) in ("front_turret", "rear_turret"):
                self._turret(c, None)
            else:
                if self.apc is not None and self.aboard(c):
                    self.apc["fired"] = True  # the Door Gunner's attack opens the door
                    self._obs_marks.add("apc")
                self._attack(c, None)
        elif name == "loader":
            self._use_loader(c)
        elif name == "airlock":
            self._open_airlock()
        elif name == "move":
            if self.apc is not None:
                self._vehicle_move(c, index)
            ch["pos"] = index
            self.events.append(f"{who} moves to {self.board.rc(index)}")
            if self.m["objective"] == "escape" and index in self.exits:
                self._escape(c)
            self._reveal_seen()
        elif name == "aim":
            ch["aim"] = min(ch["aim"] + self.rules["aim_step"], self.rules["aim_max"])
        elif name == "attack":
            if self.apc is not None and self.aboard(c):
                self.apc["fired"] = True  # PRINTED: the Door Gunner's attack opens the door for the Alien Phase
                self._obs_marks.add("apc")
            self._attack(c, index)
        elif name in ("drive", "apc_step", "apc_stop", "turret", "scan", "repair"):
            self._crew_action(c, name, index)
        elif name == "barricade":
            door = self.board.step(ch["pos"], index)
            if door in self.barricades:
                self.barricades.discard(door)
                self._obs_marks.add("barricades")
                self.events.append(f"{who} removes the Barricade at {self.board.rc(door)}")
            else:
                self.barricades.add(door)
                self._obs_marks.add("barricades")
                self.events.append(f"{who} Barricades the door at {self.board.rc(door)}")
        elif name == "interact":
            if INTERACTS[index] == "newt":
                self.newt_carrier, self.newt = c, NO
                if self.newt_char != NO:
                    newt = self.chars[self.newt_char]
                    newt["pos"], newt["out"] = NO, "carried"
                    self._obs_chars.add(self.newt_char)
                self.events.append(f"{who} picks Newt up")
            else:
                hazard = ch["hazards"].pop(0)
                self._lose_hazard(hazard)
                self.events.append(f"{who} shakes off {hazard}")
        elif name == "set_down":
            ch["actions"] += 1  # PRINTED: "at any time during her Activation": no action spent
            self._set_newt_down(self.board.step(ch["pos"], index))
        elif name == "token":
            self._token(c, index)
        elif name == "rest":
            n = min(self.rules["rest_recycle"], len(self.exhausted))
            self.deck[:0] = self.exhausted[:n]  # to the deck's bottom (the top is the end of the list)
            del self.exhausted[:n]
            for _ in range(self.rules["rest_draw"]):
                self._draw_endurance(c)
            self.events.append(f"{who} Rests: recycles {n}, draws {self.rules['rest_draw']}")

    def _escape(self, c: int) -> None:
        """A Character ending a Move on an exit leaves the board, with Newt if it carries her."""
        ch = self.chars[c]
        ch["pos"], ch["out"], ch["actions"] = NO, "escaped", 0
        self._obs_chars.add(c)
        self.events.append(f"{ch['name']} gets out")
        if self.newt_carrier == c and self.newt_char != NO:
            self.chars[self.newt_char]["out"] = "escaped"
            self._obs_chars.add(self.newt_char)
            self.newt_carrier = NO
            self.events.append("Newt gets out")

    def _set_newt_down(self, square: int) -> None:
        """Newt is set down on `square` (the token, or Newt the Character)."""
        if self.newt_char != NO:
            newt = self.chars[self.newt_char]
            newt["pos"], newt["out"] = square, ""
            self._obs_chars.add(self.newt_char)
        else:
            self.newt = square
        self.events.append(f"{self.chars[self.newt_carrier]['name']} sets Newt down at {self.board.rc(square)}")
        self._obs_chars.add(self.newt_carrier)
        self.newt_carrier = NO
        self._reveal_seen()

    def _token(self, c: int, k: int) -> None:
        """An Interact with an objective token: done, or a Tech test first (rules.yaml tokens)."""
        ch, square = self.chars[c], self.tokens[k]
        if self.rules["tokens"][self.m["tokens"]]["test"] == "tech":
            roll = self.dice.d10()
            passed = roll < self.stats_of(c)["tech"]
            self.events.append(f"{ch['name']}'s Tech test at {self.board.rc(square)}: roll {roll}, "
                               f"{'passed' if passed else 'failed'}")
            if not passed:
                return
        self.tokens[k] = NO
        self._obs_marks.add("tokens")
        self.events.append(f"{ch['name']} deals with the {self.m['tokens']} at {self.board.rc(square)}")

    def _attack(self, c: int, k: int | None) -> None:
        """An Attack with the weapon on the Alien in slot k (None: the Queen)."""
        ch, weapon = self.chars[c], self.weapon_of(c)
        for _ in range(weapon["cost"]):
            self.exhausted.append(self.hand.pop())
        roll = self.dice.d10()
        dial = ch["aim"] + weapon["aim_bonus"]
        ch["aim"] = max(0, ch["aim"] - self.rules["aim_step"])
        self._obs_chars.add(c)
        self.stats["attacks"] += 1
        hit = roll < dial
        at = self.board.rc(self.aliens[k]["pos"] if k is not None else self.queen["pos"])
        self.events.append(f"{ch['name']} attacks the {'Alien' if k is not None else 'Queen'} at {at}: "
                           f"roll {roll} against {dial}: {'hit' if hit else 'miss'}")
        if hit:
            self.stats["hits"] += 1
            self.work.append({"kind": "kill", "slot": k} if k is not None else {"kind": "kill", "slot": 0, "queen": True})

    def _reveal_seen(self) -> None:
        """Every face-down Blip a Character sees is revealed (queued)."""
        seen = [k for k, bl in enumerate(self.blips) if bl is not None and self._seen(bl["pos"])]
        queued = {w["slot"] for w in self.work if w["kind"] == "reveal"}
        self.work.extend({"kind": "reveal", "slot": k} for k in reversed(seen) if k not in queued)

    def _seen(self, square: int) -> bool:
        """In a Character's sight (or the APC's: PRINTED, Blips in its sight are revealed)."""
        return any(ch["pos"] != NO and self.sight[ch["pos"]][square] for ch in self.chars) \
            or (self.has_apc and self.apc is not None and self.vehicle_sees(square))

    # -- Endurance ------------------------------------------------------------------------------
    def _draw_endurance(self, c: int) -> None:
        """Draw the top card: a Hazard goes on the drawing Character, anything else to the hand
        (past the hand limit it is exhausted)."""
        if not self.deck:
            return
        card = self.deck.pop()
        if (card in HAZARDS or card.startswith("hive:")) and self.synthetic(c):
            self.deck.insert(0, card)  # PRINTED: no Hazards on Synthetics: the card is recycled
            self.events.append(f"{self.chars[c]['name']} recycles the Hazard {card}")
        elif card in HAZARDS or card.startswith("hive:"):
            self.chars[c]["hazards"].append(card)
            self._obs_chars.add(c)
            self.events.append(f"{self.chars[c]['name']} draws the Hazard {card}")
        elif len(self.hand) < self.rules["hand_limit"]:
            self.hand.append(card)
        else:
            self.exhausted.append(card)

    def _deal_starting_hand(self) -> None:
        """The starting hand: Hazards met while dealing go to the deck's bottom (A5)."""
        hazards = []
        while len(self.hand) < self.rules["starting_hand"] and self.deck:
            card = self.deck.pop()
            (self.hand if card == "grit" else hazards).append(card)
        self.deck[:0] = hazards

    def _lose_endurance(self, n: int) -> None:
        for _ in range(n):
            source = self.deck or self.hand
            if source:
                self.discard.append(source.pop())

    def _lose_hazard(self, hazard: str) -> None:
        if hazard.startswith("hive:"):
            self.hive_hazards.append(hazard.removeprefix("hive:"))
        else:
            self.discard.append(hazard)
