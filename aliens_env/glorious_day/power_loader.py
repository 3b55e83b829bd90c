"""The P-5000 Power Loader (expansion "P-5000 Power Loader"), a rule class of ``GloriousDay``.

- Interact next to the empty Power Loader mounts it: the Character's model leaves the board and
  the Power Loader is its model (the Character's square is the Loader's top-left one); Speed,
  Defense and Melee come from the Stats Overlay. Interact again dismounts: the Character stands
  on a free square next to the Loader (A34: the first in the board's order), which is empty again.
- It moves as a large model (through friendly models; Characters it ends on make room).
- Attack: an Alien model next to it; a hit on the Queen moves her two spaces (A31: straight away
  from the Loader, as far as she can go) and the Loader follows to stay next to her; a hit on
  another Alien removes the model (a whole Swarm); a roll of 2 or less gives another attack at
  once; the Aim dial drops two.
- Attacked: a failed Defense pushes it two spaces straight away from the attacker (as far as it
  can go) instead of Knocking the pilot Down; 10 or more Kills the pilot and leaves the Loader
  empty. Ripley's Class 2 License: -1 to her Defense rolls in it.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..core.board import DIRECTIONS, NO
from .large_models import away, kept_footprint, shove_plan
from .queen import QueenRules


class LoaderRules(QueenRules):
    def char_squares(self, c: int) -> tuple[int, ...]:
        """The squares of Character c's model: the Power Loader's four for its pilot."""
        if c == self.pilot():
            return self.loader_squares()
        return (self.chars[c]["pos"],)

    def overlay(self, c: int, stats: dict) -> dict:
        """The Stats Overlay on the pilot's card (Speed, Defense, Melee)."""
        return dict(stats, **self.large["power_loader"]["overlay"]) if c == self.pilot() else stats

    def loader_defense_modifier(self, c: int) -> int:
        rules = self.large["power_loader"]
        return rules["license_defense"] if c == self.pilot() and self.chars[c]["name"] in rules["license"] else 0

    # -- Interact: mount and dismount -----------------------------------------------------------
    def can_use_loader(self, c: int) -> bool:
        """Mount (next to the empty Loader, not carrying Newt) or dismount (a free square next to it)."""
        if self.loader is None:
            return False
        if c == self.pilot():
            return bool(self._dismount_squares())
        pos = self.chars[c]["pos"]
        return self.pilot() == NO and self.newt_carrier != c and any(s in self.nbrs[pos] for s in self.loader_squares())

    def _dismount_squares(self) -> list[int]:
        mine = set(self.loader_squares())
        occupied = self.occupied() | self.barricades | set(self.queen_squares())
        return sorted({n for s in mine for n in self.nbrs[s]} - mine - occupied)

    def _use_loader(self, c: int) -> None:
        ch = self.chars[c]
        self._obs_chars.add(c)
        if c == self.pilot():
            ch["pos"] = self._dismount_squares()[0]
            self.loader["pilot"], self.loader["bonus"] = NO, False
            self._obs_marks.add("large")
            self.events.append(f"{ch['name']} climbs out of the Power Loader")
        else:
            self.loader["pilot"] = c
            self._obs_marks.add("large")
            ch["pos"] = self.loader["pos"]
            self.events.append(f"{ch['name']} mounts the Power Loader")

    # -- moving ---------------------------------------------------------------------------------
    def loader_moves(self, c: int) -> list[int]:
        """Anchors the piloted Loader's Move reaches: Speed large steps, never through Aliens, the
        Queen or Barricades, ending where no Alien, Blip or Newt stands and the Characters under
        it can make room."""
        alien_sq = {a["pos"] for a in self.aliens if a is not None}
        closed = alien_sq | self.barricades | set(self.queen_squares())
        reach = self.board.large_reach(self.loader["pos"], closed, self.stats_of(c)["speed"], size=self.size)
        return sorted(a for a in reach if a != self.loader["pos"] and self._loader_room(c, a) is not None)

    def _loader_room(self, c: int, anchor: int) -> dict[int, int] | None:
        squares = kept_footprint(self.board, anchor, self.size)
        blocked = {bl["pos"] for bl in self.blips if bl is not None}
        if self.newt_carrier == NO and self.newt != NO:
            blocked.add(self.newt)
        if blocked.intersection(squares):
            return None
        under = sorted(s for s, k in self.char_at().items() if k != c and s in squares)
        if not under:
            return {}
        banned = (self.occupied() - set(self.loader_squares())) | self.barricades | set(squares)
        return shove_plan(self.nbrs, under, banned)

    def _move_loader(self, c: int, anchor: int) -> None:
        plan = self._loader_room(c, anchor) or {}
        for k, ch in enumerate(self.chars):
            if ch["alive"] and k != c and ch["pos"] in plan:
                ch["pos"] = plan[ch["pos"]]
                self._obs_chars.add(k)
        self.loader["pos"] = self.chars[c]["pos"] = anchor
        self._obs_marks.add("large")
        self._obs_chars.add(c)
        self._cache.clear()

    def _push(self, anchor: int, d: int, spaces: int, closed: set[int]) -> int:
        """The anchor a large model reaches pushed up to `spaces` in direction d (it stops before
        a square of `closed`, a wall or the board's edge)."""
        table = self.board.large_step_table(size=self.size)
        for _ in range(spaces):
            new = next((n for dd, n in table[anchor] if dd == d), None)
            if new is None or closed.intersection(kept_footprint(self.board, new, self.size)):
                break
            anchor = new
        return anchor

    def _others(self, *skip: Sequence[int]) -> set[int]:
        """Every model's square and the Barricades, but the squares in `skip`."""
        out = self.occupied() | self.barricades | set(self.queen_squares()) | set(self.loader_squares())
        for squares in skip:
            out -= set(squares)
        return out

    # -- attacking ------------------------------------------------------------------------------
    def loader_targets(self) -> list[int]:
        """Alien slots next to the Loader (any of its squares)."""
        if len(self.hand) < self.large["power_loader"]["attack_cost"]:
            return []
        mine = self.loader_squares()
        return [k for k, a in enumerate(self.aliens) if a is not None and any(a["pos"] in self.nbrs[s] for s in mine)]

    def loader_reaches_queen(self) -> bool:
        if self.queen is None or len(self.hand) < self.large["power_loader"]["attack_cost"]:
            return False
        queen = set(self.queen_squares())
        return any(queen.intersection(self.nbrs[s]) for s in self.loader_squares())

    def _loader_attack(self, c: int, slot: int | None) -> None:
        """A Power Loader Attack on the Alien in `slot`, or on the Queen (slot None)."""
        ch, rules = self.chars[c], self.large["power_loader"]
        self._obs_chars.add(c)
        for _ in range(rules["attack_cost"]):
            self.exhausted.append(self.hand.pop())
        roll = self.dice.d10()
        dial = ch["aim"]
        ch["aim"] = max(0, ch["aim"] - rules["aim_drop"])
        self.stats["attacks"] += 1
        hit = roll < dial
        self.events.append(f"the Power Loader attacks {'the Queen' if slot is None else 'an Alien'}: roll {roll} "
                           f"against {dial}: {'hit' if hit else 'miss'}")
        if not hit:
            return
        self.stats["hits"] += 1
        if slot is None:
            d = away(self.board, self.queen_squares(), self.loader_squares())
            if d is not None:
                q0 = self.queen["pos"]
                self.queen["pos"] = self._push(q0, d, rules["queen_push"], self._others(self.queen_squares()))
                dr, dc = DIRECTIONS[d]
                moved = max(abs(a - b) for a, b in zip(self.board.rc(self.queen["pos"]), self.board.rc(q0)))
                self.loader["pos"] = ch["pos"] = self._push(self.loader["pos"], d, moved,
                                                            self._others(self.loader_squares()))
                self._obs_marks.add("large")
                self.events.append(f"the Queen is thrown to {self.board.rc(self.queen['pos'])}")
        else:
            self.stats["kills"] += self.aliens[slot]["count"]
            self.aliens[slot] = None
            self._obs_marks.add("aliens")
        self._cache.clear()
        if roll <= rules["second_attack_roll"] and (self.loader_targets() or self.loader_reaches_queen()):
            self.loader["bonus"] = True
            self._obs_marks.add("large")
            ch["actions"] += 1

    def _loader_pushed(self, c: int, attacker: Sequence[int]) -> None:
        """A failed Defense in the Loader: pushed two spaces straight away from the attacker."""
        d = away(self.board, self.loader_squares(), attacker)
        if d is not None:
            self.loader["pos"] = self.chars[c]["pos"] = self._push(
                self.loader["pos"], d, self.large["power_loader"]["pushed_back"], self._others(self.loader_squares()))
            self._obs_marks.add("large")
            self._obs_chars.add(c)
        self._cache.clear()
        self.events.append(f"the Power Loader is pushed back to {self.board.rc(self.loader['pos'])}")
