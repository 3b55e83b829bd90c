"""The Alien Queen (expansion "Alien Queen"), a rule class of ``GloriousDay``.

- She activates in the Activate Aliens step like any other Alien (first of them): up to 6 spaces
  (8 in a frenzy) as a large model toward the closest Character she can reach, ignoring the
  Characters she cannot (narrow doors and passages), and attacks the closest Character within two
  spaces of her model (ties: the Hive's). The attacked Character adds +3 to its Defense roll.
- Killed by an attack or a counterattack, she gains a Damage token instead. Campaign: starting
  an Alien Phase with six or more tokens, she does not activate and removes them all; only the
  airlock kills her. Bug hunt: at 15 or more tokens she is Mortally Wounded; if she is at the
  start of an Alien Phase, she and every Alien and Blip move two more spaces, and at the end of
  that Alien Phase she is Killed (even if Willpower removed tokens).
- Willpower Actions: Move Queen (3: up to three spaces, any direction, once a Hivemind Step) and
  Heal Queen (1: one Damage token removed).
- Her ten Motion Tracker cards (large_models.yaml, A30).
"""
from __future__ import annotations

from ..core.board import NO
from .apc import APC_TARGET
from .large_models import kept_footprint, shove_plan
from .text import TextViews

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: (map, square, reach, size): _anchors_on's stands (a fixed map's geometry; bounded by the maps' squares)
_ANCHORS_ON: dict[tuple, tuple] = {}
#: (map, squares, reach, size): _anchors_near's anchors (the squares of one target of hers: a
#: Character's, the Power Loader's four, the APC's; bounded by the maps' squares and the APC's stands)
_ANCHORS_NEAR: dict[tuple, tuple] = {}
#: queen_moves' answers by what they are worked out from, read within her move's window
#: (_move_window: the map, her square, the squares closed to her, the Barricades, the Aliens' and
#: Blips' squares, Newt's token there), so a Hive mask asked again on a board unchanged near her
#: (a Draw, a card, a Reorder, a model moved away) reuses it; at most QUEEN_MOVES_SIZE kept (then
#: all dropped)
_QUEEN_MOVES: dict[tuple, tuple] = {}
QUEEN_MOVES_SIZE = 500
#: (map, anchor, spaces, size): _move_window's squares (a fixed map's geometry; bounded by its squares)
_MOVE_WINDOWS: dict[tuple, frozenset] = {}
#: (board width, size): _anchors_holding's offsets of a footprint's squares from its anchor
_FOOTPRINT_OFFSETS: dict[tuple, tuple] = {}


def within(whole: dict, steps: int) -> dict:
    """The anchors of `whole` (a ``large_reach`` without limit) at most `steps` away, in its order:
    ``large_reach`` limited to `steps`, without a second search (`whole` is in breadth-first
    order: its steps never decrease)."""
    out = {}
    for a, d in whole.items():
        if d > steps:
            break
        out[a] = d
    return out


class QueenRules(TextViews):
    # -- set-up ---------------------------------------------------------------------------------
    def _setup_large(self, grid) -> None:
        """The large models' marks on the mission's map (called by _load_mission)."""
        self.large = self.data["large_models"]
        self.size = self.large["size"]
        flat = grid.ravel()
        find = lambda mark: int(next(iter((flat == mark).nonzero()[0]), NO))  # noqa: E731
        self.queen_start, self.loader_start = find("Q"), find("P")
        self.airlock = set((flat == "A").nonzero()[0].tolist())
        self.airlock_controls = set((flat == "C").nonzero()[0].tolist())
        self.bug_hunt = self.m["kind"] == "bug_hunt"

    def _reset_large(self) -> None:
        self.queen = None if self.queen_start == NO else {"pos": self.queen_start, "damage": 0, "frenzy": False,
                                                          "rest": False}
        self.loader = None if self.loader_start == NO else {"pos": self.loader_start, "pilot": NO, "bonus": False}

    def tracker_cards(self, m: dict | None = None) -> list[str]:
        """The Motion Tracker cards of mission `m` (the game's by default), unshuffled: core,
        expansion (the longer missions) and the ten Queen cards in games with the Queen (printed)."""
        m = self.m if m is None else m
        decks = self.data["decks"]["motion_tracker"]
        parts = [decks[p] for p in (("core", "expansion") if m["expansion_cards"] else ("core",))]
        if "Q" in m["map"]:
            parts.append(self.data["large_models"]["tracker_cards"])
        return [card for part in parts for card, n in part.items() for _ in range(n)]

    # -- queries --------------------------------------------------------------------------------
    def queen_closed(self) -> set[int]:
        """Squares the Queen may not stand on while she moves: Characters (the Power Loader's four
        squares too), an empty Power Loader, Barricades."""
        out = set(self.char_at())  # (the others added in place: no new set at each union)
        out |= self.barricades
        out |= self.vehicle_set()
        if self.loader is not None:
            out.update(self.loader_squares())
        return out

    @cython.locals(out=dict)  # (compiled: the APC's squares written as dict items, no generic item writes)
    def queen_prey(self) -> dict[int, int]:
        """{square: Character} the Queen hunts: the Characters' models, the APC's squares as one
        Character (APC_TARGET; PRINTED, its crew not through its walls)."""
        at = self.char_at()
        if self.apc is None:
            return at
        inside, chars = self.vehicle_set(), self.chars
        out = {s: c for s, c in at.items() if chars[c]["pos"] not in inside}  # (not aboard(c))
        for s in self.vehicle_squares():  # (each added in place: no second dict made to merge)
            out[s] = APC_TARGET
        return out

    def queen_range(self, square: int, rows: list | None = None) -> int:
        """Her range to `square` (from the nearest of her squares); `rows`: her squares'
        ``board.range_row``, when the caller reads many squares."""
        rows = [self.board.range_row(q) for q in self.queen_squares()] if rows is None else rows
        return min([row[square] for row in rows])

    @cython.locals(rows=list, sight=list, row=list, s=cython.Py_ssize_t, r=cython.Py_ssize_t, d=cython.Py_ssize_t,
                   most=cython.Py_ssize_t, seen=cython.bint)
    def queen_targets(self) -> list[int]:  # (compiled: list reads and her range in C integers)
        """The closest Characters within her reach (two spaces of her model, in sight of it);
        a non-Synthetic in her reach before any Synthetic (PRINTED, Bishop: A39)."""
        squares, reach = self.queen_squares(), self.large["queen"]["reach"]
        rows, sight = [self.board.range_row(q) for q in squares], self.sight
        at = self.queen_prey()
        near = []  # (Character, her range) of the squares of `at` in her reach and sight, in its order
        most = reach
        for s, c in at.items():
            r = most + 1  # her range to s (queen_range(s, rows)) when within her reach: loops, not lists
            for row in rows:
                d = row[s]
                if d < r:
                    r = d
            if r > most:
                continue
            seen = False
            for q in squares:
                if sight[q][s]:
                    seen = True
                    break
            if seen:
                near.append((c, r))
        names, chars = self.synthetic_names, self.chars
        if names and near:  # (synthetic(c), inline: the APC is no Synthetic)
            synthetic = [c != APC_TARGET and chars[c]["name"] in names for c in at.values()]
            if any(synthetic) and not all(synthetic):  # people and Synthetics: the people in her reach first
                people = [(c, r) for c, r in near if c == APC_TARGET or chars[c]["name"] not in names]
                near = people or near
        best, out = reach + 1, []
        for c, r in near:
            if r < best:
                best, out = r, []
            if r == best and c not in out:
                out.append(c)
        return sorted(out)

    @cython.locals(out=dict, barred=set, squares_of=dict, anchors=tuple, found=list, i=cython.Py_ssize_t)
    def _attack_anchors(self, closed: set[int]) -> dict[int, list[int]]:
        """{Character: anchors from which the Queen would have it within reach and in sight}, each
        anchor once (the APC, one target on many squares, shares most of its squares' anchors);
        the callers read each list as a set (its least steps, its membership), and the dict
        by its keys."""
        squares_of = {}  # {Character: its squares}, in queen_prey's order
        for s, c in self.queen_prey().items():
            if c in squares_of:
                squares_of[c].append(s)
            else:
                squares_of[c] = [s]
        out = {}
        barred = self._anchors_holding(closed)  # (her squares there meet `closed`)
        for c, squares in squares_of.items():
            anchors, found = self._anchors_near(tuple(squares)), []
            for i in range(len(anchors)):
                a = anchors[i]
                if a not in barred:
                    found.append(a)
            if found:
                out[c] = found
        return out

    def _anchors_near(self, squares: tuple) -> tuple:
        """The anchors of ``_anchors_on`` of each of `squares`, each once, in their order; kept per
        map (_ANCHORS_NEAR: a Character's square, the Power Loader's or the APC's squares)."""
        key = (self.map_id, squares, self.large["queen"]["reach"], self.size)
        out = _ANCHORS_NEAR.get(key)
        if out is None:
            found = {}  # (a dict: its keys in the order first seen)
            for s in squares:
                for a, _ in self._anchors_on(s):
                    found[a] = None
            out = _ANCHORS_NEAR[key] = tuple(found)
        return out

    def _anchors_on(self, s: int) -> tuple:
        """(anchor, her squares) of every stand of the Queen with square s within her reach and
        in sight of one of her open squares, in row order; kept per map (_ANCHORS_ON)."""
        b, reach, size = self.board, self.large["queen"]["reach"], self.size
        key = (self.map_id, s, reach, size)
        out = _ANCHORS_ON.get(key)
        if out is None:
            found, stands = [], b.large_stands(size=size)
            r0, c0 = b.rc(s)
            for r in range(r0 - reach - size + 1, r0 + reach + 1):
                for col in range(c0 - reach - size + 1, c0 + reach + 1):
                    if not b.inside(r, col):
                        continue
                    a = b.index(r, col)
                    squares = kept_footprint(b, a, size)
                    if squares and stands[a] and any(self.sight[q][s] for q in squares if self.passable[q]):
                        found.append((a, squares))
            out = _ANCHORS_ON[key] = tuple(found)
        return out

    @cython.locals(whole=dict, by_char=dict)  # (compiled: dict reads without method lookups)
    def queen_destinations(self, steps: int, closed: set[int] | None = None, targets: list[int] | None = None) -> list[int]:
        """Where the Queen may end a move of `steps`: the anchors in reach (her squares never on
        `closed`) where the smaller Aliens and Blips under her can make room, nearest (in large
        steps) the closest Character she can reach; where she stands when she has one within
        reach already or can reach none. `targets`: ``queen_targets()`` when the caller has them."""
        q = self.queen["pos"]
        targets = self.queen_targets() if targets is None else targets
        synthetic = self.synthetic_on_board()
        if targets and not (synthetic and all(self.synthetic(c) for c in targets)):
            return [q]
        closed = self.queen_closed() if closed is None else closed
        b, size = self.board, self.size
        anchors = self._attack_anchors(closed)
        whole = b.large_reach(q, closed, size=size)
        by_char = {}  # {Character: the least steps to one of its anchors in `whole`}, those with one
        for c, ans in anchors.items():
            least = None
            for a in ans:
                d = whole.get(a)
                if d is not None and (least is None or d < least):
                    least = d
            if least is not None:
                by_char[c] = least
        if synthetic:
            found = self._queen_preferring_people(within(whole, steps), anchors, by_char, bool(targets))
            if found is not None:
                return found
            by_char = {c: d for c, d in by_char.items() if not self.synthetic(c)} or by_char
        if not by_char:
            return [q]
        near = min(by_char.values())
        goals = [a for c, d in by_char.items() if d == near for a in anchors[c]]
        field = b.large_field(goals, closed, size=size)
        return self._nearest_ends(within(whole, steps), q, field)

    @cython.locals(field=dict, by_distance=dict)  # (compiled: dict reads without method lookups)
    def _nearest_ends(self, reach, q: int, field: dict) -> list[int]:
        """The anchors of ``_queen_ends(reach, q)`` least far by `field` (10**6 off it), ascending:
        ``_queen_ends`` asked of the anchors of `reach` one distance at a time, nearest first, so
        that ``queen_room`` is asked only at those as near as the nearest end (she may always end
        on `q`, her own anchor)."""
        known, far = self._room_known(), 10**6
        by_distance = {}
        for a in reach:
            by_distance.setdefault(field.get(a, far), []).append(a)
        for d in sorted(by_distance):
            ends = self._queen_ends(by_distance[d], q, known)
            if ends:
                return sorted(ends)
        return []

    def _queen_preferring_people(self, reach: dict, anchors: dict, by_char: dict,
                                 synthetic_in_reach: bool) -> list[int] | None:
        """PRINTED (Bishop, A39): with a Synthetic on the board, the Queen ends where she can attack
        a non-Synthetic if a move lets her (else she stays by the Synthetic she has in reach, or
        ends where she can attack one); None: she can attack no one after this move (she then
        heads for the nearest non-Synthetic); `reach`: the anchors of her move (``large_reach``)."""
        q = self.queen["pos"]
        ends = self._queen_ends(reach, q)
        people = [c for c in by_char if not self.synthetic(c)]
        synths = [c for c in by_char if self.synthetic(c)]
        for group in (people, synths):
            hits = sorted(a for a in ends if any(a in anchors[c] for c in group))
            if hits:
                return [q] if synthetic_in_reach and group is synths else hits
        return [q] if synthetic_in_reach else None

    @cython.locals(squares=tuple, smalls=set, under=list)
    def queen_room(self, anchor: int, known: dict | None = None) -> dict[int, int] | None:
        """How the Aliens and Blips under the Queen at `anchor` make room ({} if none is there),
        or None if they cannot; `known`: ``_room_known()`` of this position, when the caller
        tests many anchors."""
        squares = kept_footprint(self.board, anchor, self.size)
        known = self._room_known() if known is None else known
        smalls = known["smalls"]
        under = [s for s in squares if s in smalls]  # (ascending: a footprint lists its squares row by row)
        if not under:
            return {}
        if self.newt_carrier == NO and self.newt in squares:
            return None
        base = known.get("banned")
        if base is None:  # (the models but the Queen, the Barricades)
            base = known["banned"] = self.occupied()  # (a new set: her squares taken out, the Barricades added in place)
            base.difference_update(self.queen_squares())
            base |= self.barricades
        return shove_plan(self.nbrs, under, base, squares)  # (her squares apart: no copy of `base` per anchor)

    def _queen_ends(self, reach, q: int, known: dict | None = None) -> list[int]:
        """The anchors of `reach` the Queen (at `q`) may end a move on: her own, and those where the
        Aliens and Blips under her can make room (``queen_room``, asked only at the anchors whose
        footprint holds one: elsewhere it is {}); `known`: ``_room_known()`` when the caller has it."""
        known = self._room_known() if known is None else known
        under = self._anchors_holding(known["smalls"])
        return [a for a in reach if a == q or a not in under or self.queen_room(a, known) is not None]

    @cython.locals(offsets=tuple, out=set, s=cython.Py_ssize_t, o=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   k=cython.Py_ssize_t)  # (compiled: each anchor worked out as a C integer)
    def _anchors_holding(self, squares) -> set[int]:
        """The anchors whose footprint (an anchor on the board: the anchor plus the offsets of
        her size x size squares) holds one of `squares`."""
        key = (self.board.width, self.size)
        offsets = _FOOTPRINT_OFFSETS.get(key)
        if offsets is None:
            w, size = key
            offsets = _FOOTPRINT_OFFSETS[key] = tuple([i * w + j for i in range(size) for j in range(size)])
        out, k = set(), len(offsets)
        for s in squares:
            for i in range(k):
                o = offsets[i]
                out.add(s - o)
        return out

    def _room_known(self) -> dict:
        """What ``queen_room`` reads of the position: the Aliens' and Blips' squares (and, once
        it needs them, the squares they may not be pushed to: its "banned" entry, filled in by
        ``queen_room``). Right only within one position: build it anew after any model moves."""
        smalls = set()  # (a loop per list: no filter nor second set to merge)
        for model in self.aliens:
            if model is not None:
                smalls.add(model["pos"])
        for model in self.blips:
            if model is not None:
                smalls.add(model["pos"])
        return {"smalls": smalls}

    def _place_queen(self, anchor: int) -> None:
        plan = self.queen_room(anchor)
        for old, new in (plan or {}).items():
            for model in (*self.aliens, *self.blips):
                if model is not None and model["pos"] == old:
                    model["pos"] = new
                    self._obs_marks.update(("aliens", "blips"))
        self.queen["pos"] = anchor
        self._obs_marks.add("large")
        self._cache.clear()

    def frenzy_bonus(self) -> int:
        """Spaces every Alien, Blip and the Queen move on top of their own in the frenzy."""
        return self.large["queen"]["frenzy"] if self.queen is not None and self.queen["frenzy"] else 0

    # -- the Alien Phase ------------------------------------------------------------------------
    def _queen_phase_start(self) -> None:
        """At the start of the Alien Phase: the campaign rest or the bug hunt frenzy."""
        q, rules = self.queen, self.large["queen"]
        if q is None:
            return
        if not self.bug_hunt and q["damage"] >= rules["campaign_rest"]:
            q["rest"], q["damage"] = True, 0
            self._obs_marks.add("large")
            self.events.append("the Queen rests: she removes her Damage tokens and does not activate")
        elif self.bug_hunt and q["damage"] >= rules["mortal_wound"]:
            q["frenzy"] = True
            self._obs_marks.add("large")
            self.events.append("the Queen is Mortally Wounded: the Hive goes into a frenzy")

    def _queen_phase_end(self) -> None:
        """At the end of the Alien Phase: a frenzied Queen is Killed."""
        q = self.queen
        if q is None:
            return
        q["rest"] = False
        self._obs_marks.add("large")
        if q["frenzy"]:
            self.queen = None
            self.stats["kills"] += 1
            self.events.append("the Queen dies of her wounds")
            if self.m["objective"] == "queen":
                self._finish("queen_killed", "the Alien Queen is Killed")

    def _task_queen(self, task: dict) -> None:
        q = self.queen
        if q is None or q["rest"] or not self.anyone_on_board():
            return self._done(task)
        targets = None  # (her targets where she stands, once worked out)
        if task["stage"] == "move":
            steps = self.large["queen"]["speed"] + (self.nature == "aggressive") + self.frenzy_bonus()
            options = []
            if "choice" not in task:  # (found only while the choice is open, as _task_alien's; her targets kept)
                targets = self.queen_targets()
                options = self.queen_destinations(steps, targets=targets)
            anchor = self._choose(task, "place", options)
            if anchor is None:
                return
            if anchor != q["pos"]:
                self._place_queen(anchor)
                targets = None
            task["stage"] = "attack"
        if targets is None:
            targets = self.queen_targets()
        if not targets:
            return self._done(task)
        target = self._choose(task, "target", targets)
        if target is None:
            return
        self._done(task)
        self.work.append({"kind": "defense", "alien": 0, "char": target, "queen": True})

    def hurt_queen(self) -> None:
        """The Queen would be Killed: she gains a Damage token instead."""
        self.queen["damage"] += 1
        self._obs_marks.add("large")
        self.events.append(f"the Queen takes a Damage token ({self.queen['damage']})")

    def _task_queen_card(self, card: str) -> None:
        """A Queen Motion Tracker card (A30); quiet without a Queen."""
        if self.queen is None:
            return
        if card == "queen_hunts":
            self.work.append({"kind": "queen", "stage": "move"})
        elif card == "queen_brood":
            self.work.append({"kind": "spawn", "what": "blip", "at": list(self.queen_squares())})
        elif card == "queen_heals" and self.queen["damage"]:
            self.queen["damage"] -= 1
            self._obs_marks.add("large")

    # -- the Hive's Willpower -------------------------------------------------------------------
    @cython.locals(ends=list)
    def queen_moves(self) -> list[int]:
        """Anchors Move Queen reaches: up to three spaces, any direction, ending where the small
        models under her make room."""
        if self.queen is None:
            return []
        q, closed, known = self.queen["pos"], self.queen_closed(), self._room_known()
        spaces = self.hive_rules["queen_move_spaces"]
        window = self._move_window(q, spaces)
        newt = self.newt if self.newt_carrier == NO and self.newt in window else NO
        key = (self.map_id, q, window & closed, window & self.barricades, window & known["smalls"], newt, spaces,
               self.size)
        out = _QUEEN_MOVES.get(key)
        if out is None:  # (queen_room reads the models' squares: all in `closed`, the smalls, Newt or hers)
            reach = self.board.large_reach(q, closed, spaces, size=self.size)
            if len(_QUEEN_MOVES) >= QUEEN_MOVES_SIZE:
                _QUEEN_MOVES.clear()
            ends = [a for a in self._queen_ends(reach, q, known) if a != q]
            ends.sort()
            out = _QUEEN_MOVES[key] = tuple(ends)
        return list(out)

    def _move_window(self, q: int, spaces: int) -> frozenset:
        """The squares a move of `spaces` from anchor `q` reads: her squares at every anchor within
        `spaces` steps of `q` (a step moves the anchor one row and/or column) and the squares one
        step from them (where the models under her are pushed); kept per map (_MOVE_WINDOWS)."""
        key = (self.map_id, q, spaces, self.size)
        out = _MOVE_WINDOWS.get(key)
        if out is None:
            b, far = self.board, spaces + 1
            (r0, c0), w = b.rc(q), b.width
            cols = range(max(0, c0 - far), min(w, c0 + far + self.size))
            out = _MOVE_WINDOWS[key] = frozenset(
                [r * w + c for r in range(max(0, r0 - far), min(b.height, r0 + far + self.size)) for c in cols])
        return out

    @cython.locals(base=cython.Py_ssize_t, a=cython.Py_ssize_t)  # (compiled: a mask's index a C integer)
    def _queen_hive_mask(self, mask: bytearray) -> None:
        if not self.has_large:
            return
        costs, slot = self.hive_rules["costs"], self._slot
        if self.queen is not None and self.willpower >= costs["move_queen"] and not self.queen_moved:
            base = slot["wp_move_queen"]
            for a in self.queen_moves():
                mask[base + a] = 1
        if self.queen is not None and self.willpower >= costs["heal_queen"] and self.queen["damage"]:
            mask[slot["heal_queen"]] = 1

    def _queen_hive_action(self, name: str, index: int) -> None:
        if name == "wp_move_queen":
            self._spend("move_queen")
            self.queen_moved = True
            self._obs_marks.add("large")
            self._place_queen(index)
            self.events.append(f"the Hive moves the Queen to {self.board.rc(index)}")
        else:
            self._spend("heal_queen")
            self.queen["damage"] -= 1
            self._obs_marks.add("large")
            self.events.append("the Hive heals the Queen")

    # -- the airlock (mission 5) ----------------------------------------------------------------
    def can_open_airlock(self, c: int) -> bool:
        return bool(self.airlock_controls) and self.chars[c]["pos"] in self.airlock_controls

    def _open_airlock(self) -> None:
        """A35: everything on the airlock's squares is blown out: the Queen (the mission is won),
        Aliens, Blips and Characters."""
        out = self.airlock
        self.events.append("the airlock opens")
        for k, a in enumerate(self.aliens):
            if a is not None and a["pos"] in out:
                self.aliens[k] = None
                self._obs_marks.add("aliens")
        for k, bl in enumerate(self.blips):
            if bl is not None and bl["pos"] in out:
                self.blips[k] = None
                self._obs_marks.add("blips")
                self.blip_pool.append(bl["value"])
        for c, ch in enumerate(self.chars):
            if ch["alive"] and (set(self.char_squares(c)) & out):
                self._kill_character(c)
        if self.queen is not None and out.intersection(self.queen_squares()):
            self.queen = None
            self._obs_marks.add("large")
            self.stats["kills"] += 1
            self._finish("airlock", "the Alien Queen is thrown out of the airlock")
