"""The Queen and the Facehuggers of the lairs, a rule class of ``HuntForTheQueen`` (docs/rules/lairs.md).

- the Queen moves: three Actions, step by step as the hive decides (``queen_move``: STOP or a
  direction), Ramming every Marine in a square she passes through (the Ram column), putting the
  standing Marine of the square where she stops on her card;
- her three attacks (Tooth, Tail, Claw) spread over the adjacent Marines (``queen_attack``), a
  fourth on the Marine on her card (any Grab-family result fatal);
- the Facehuggers' own attack table (a permanent Incapacitation counts as Dead), +3 to the roll
  to hit them, their acid only in their own square;
- the 1-5 damage track and the roll past it; a grenade on her square hits her automatically.
"""
from __future__ import annotations

from ..core.board import NO
from ..reactor_room.data_files import table_result
from ..reactor_room.game import Alien, Marine
from .rooms import RoomRules

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

QUEEN = 0  # the Queen's counter slot
STOP = 8  # the option "stop" of a queen_move decision (0-7 are directions)


class QueenRules(RoomRules):
    # -- Aliens Move: the Queen, step by step ----------------------------------------------------
    def _step_mover(self) -> None:
        if self.mover != QUEEN:
            RoomRules._step_mover(self)
            return
        if self.queen_steps == 0:
            self.queen_steps, self.queen_from = self.tables["queen_actions"], self.aliens[QUEEN].pos
        options = self.queen_options()
        if len(options) == 1:
            self._queen_move(options[0])
        else:
            self._decide("queen_move", options)

    def queen_options(self) -> list[int]:
        """Her legal moves now: STOP where she may end, and the directions into squares from which
        she can still end her move in the Actions left (she walks the Marines' graph: A16)."""
        q = self.aliens[QUEEN]
        barred = self._queen_barred()  # (worked out once for every square the search asks about)
        options = []
        if self.queen_steps > 0:
            for direction, sq in self.board.neighbours[q.pos]:
                if self._queen_can_end(sq, self.queen_steps - 1, barred):
                    options.append(direction)
        if q.pos not in barred:
            options.append(STOP)
        return options

    def _queen_may_stop(self, square: int) -> bool:
        """No other Alien at rest there, and no standing Marine unless one free of Aliens."""
        return square not in self._queen_barred()

    @cython.locals(al=Alien, m=Marine, a=cython.Py_ssize_t)
    def _queen_barred(self) -> set[int]:
        """The squares where she may not stop (``_queen_may_stop``): another Alien's at rest, a
        standing Marine's held by an Alien."""
        barred = set()
        for a in range(len(self.aliens)):
            al = self.aliens[a]
            if a != QUEEN and al.in_play and al.card == NO:
                barred.add(al.pos)
        for m in self.marines:
            if m.status == "on_map" and not m.incapacitated and m.carried_by == NO and m.alien != NO:
                barred.add(m.pos)
        return barred

    def _queen_can_end(self, square: int, steps: int, barred: set[int]) -> bool:
        """Whether she may stop within ``steps`` steps of ``square`` (``barred``: ``_queen_barred()``)."""
        frontier, seen = [square], {square}
        for k in range(steps + 1):
            for sq in frontier:
                if sq not in barred:
                    return True
            if k == steps:
                break
            frontier = [n for sq in frontier for _, n in self.board.neighbours[sq] if n not in seen and not seen.add(n)]
        return False

    def _queen_move(self, option: int) -> None:
        q = self.aliens[QUEEN]
        if option == STOP:
            self._queen_stops()
            return
        here = q.pos
        if here != self.queen_from:
            self._ram(here)
        q.pos = self.board.step(here, option)
        self.queen_steps -= 1
        if self.queen_steps == 0:
            self._queen_stops()  # (she only steps where she can still end her move)

    def _ram(self, square: int) -> None:
        """Every Marine in a square she passes through: the Ram column."""
        for j, m in enumerate(self.marines):
            if m.status == "on_map" and m.pos == square:
                roll = self.dice.d10()
                result = table_result(self.tables["queen_ram"], roll)
                self.events.append(f"the Queen rams {m.name}: {roll} = {result}")
                self._injure(j, result)

    def _queen_stops(self) -> None:
        q = self.aliens[QUEEN]
        self.queen_steps, self.queen_from = 0, NO
        for j, m in enumerate(self.marines):
            if m.status == "on_map" and m.pos == q.pos and not m.incapacitated and m.carried_by == NO:
                if m.carrying != NO:
                    lost = m.carrying
                    self.events.append(f"{self.marines[lost].name}, carried by {m.name}, is lost")
                    self._kill(lost)
                q.card, q.attack = j, "attacking"
                m.alien = QUEEN
                self.events.append(f"the Queen stops on {m.name}: onto her card")
                break
        self._done_moving()

    # -- Aliens Attack: Facehuggers and the Queen ----------------------------------------------------
    # (The Reactor Room's steps are called by the next class's name, RoomRules, rather than through
    # super(): the same method, RoomRules being QueenRules' base in every game's method resolution
    # order, without a super object walking the chain at each call.)
    def _step_aliens_attack(self) -> None:
        if self.queue:
            a = self.queue[0]
            if self.kinds[a] == "facehugger" and self.aliens[a].in_play and self.aliens[a].card != NO:
                self.queue.pop(0)
                self._facehugger_attacks(a)
                return
            RoomRules._step_aliens_attack(self)
            return
        if self.queen_attacks and self.aliens[QUEEN].in_play:
            targets = self.queen_targets()
            if targets:
                if len(targets) == 1:
                    self._queen_attacks(targets[0])
                else:
                    self._decide("queen_attack", targets)
                return
        self.queen_attacks = []
        RoomRules._step_aliens_attack(self)

    def queen_targets(self) -> list[int]:
        """The adjacent Marines her next attack may hit: the untouched ones while any remain."""
        q = self.aliens[QUEEN]
        near = [j for j, m in enumerate(self.marines) if m.status == "on_map" and not m.incapacitated
                and m.carried_by == NO and self.board.range(m.pos, q.pos) == 1]
        fresh = [j for j in near if j not in self.queen_hit]
        return fresh or near

    def _queen_attacks(self, j: int) -> None:
        attack = self.queen_attacks.pop(0)
        column = "queen_tooth" if attack == "tooth" else "queen_tail_claw"
        roll = self.dice.d10()
        result = table_result(self.tables[column], roll)
        self.queen_hit.append(j)
        self.events.append(f"the Queen's {attack} on {self.marines[j].name}: {roll} = {result}")
        self._injure(j, result)

    def _attack_result(self, m: int, a: int, result: str) -> None:
        if a != QUEEN:
            RoomRules._attack_result(self, m, a, result)
            return
        if result == "in_combat":
            self.aliens[QUEEN].attack = "in_combat"
            return
        self.events.append(f"{self.marines[m].name} dies on the Queen's card")  # any Grab-family result is fatal
        self._kill(m)

    def _facehugger_attacks(self, a: int) -> None:
        al = self.aliens[a]
        j = al.card
        roll = self.dice.d10()
        result = table_result(self.tables["facehugger_attack"], roll)
        self.events.append(f"Facehugger {a} attacks {self.marines[j].name}: {roll} = {result}")
        if result == "incapacitated":
            self._remove_alien(a)  # it has done its work
            self._incapacitate(j)
            if self.marines[j].status == "on_map":
                self.facehugged.append(j)
                self.events.append(f"{self.marines[j].name} is lost to the Facehugger (counts as Dead)")
        elif result == "dead":
            self._kill(j)
        else:
            al.attack = "in_combat"
            if result == "wounded":
                self._wound(j)

    # -- fire on Facehuggers and the Queen: the damage track ------------------------------------------
    def _penalty(self, m: int, a: int) -> int:
        extra = self.tables["facehugger_fire_penalty"] if self.kinds[a] == "facehugger" else 0
        return RoomRules._penalty(self, m, a) + extra

    def _blast_hits_alien(self, a: int, rng: int) -> None:
        """A grenade on the Queen's square is an automatic hit; other Aliens by the Grenade Table."""
        if a == QUEEN:
            if rng == 0:
                self.events.append("the grenade lands on the Queen: an automatic hit")
                self._hit_queen(flame=False)
        else:
            RoomRules._blast_hits_alien(self, a, rng)

    def _kill_alien(self, a: int, flame: bool) -> None:
        if a == QUEEN:
            self._hit_queen(flame)
            return
        if self.kinds[a] != "facehugger":
            RoomRules._kill_alien(self, a, flame)
            return
        square = self.aliens[a].pos
        self._remove_alien(a)
        self.stats["aliens_killed"] += 1
        if not flame:  # its acid sprays only into its own square
            for j, other in enumerate(self.marines):
                if other.status == "on_map" and other.pos == square:
                    self._acid(j)

    def _hit_queen(self, flame: bool) -> None:
        """A hit on the Queen: the next space of the damage track, or past space 5 the killing roll;
        acid as for any Alien (not from a Flame Unit), lethal or not."""
        q = self.aliens[QUEEN]
        square = q.pos
        track = self.tables["queen_damage_track"]
        if self.queen_damage < track:
            self.queen_damage += 1
            self.events.append(f"the Queen is hit: damage track {self.queen_damage}/{track}")
            lethal = False
        else:
            roll = self.dice.d10()
            lethal = roll in self.tables["queen_kill_on"]
            self.events.append(f"the Queen is hit past the track: {roll}, " + ("she dies" if lethal else "she fights on"))
        if lethal:
            self._remove_alien(QUEEN)
            self.queen_dead = True
            self.stats["aliens_killed"] += 1
        if not flame:
            for j, other in enumerate(self.marines):
                if other.status == "on_map" and self.board.range(other.pos, square) <= 1:
                    self._acid(j)
