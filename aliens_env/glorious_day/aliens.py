"""The Alien Phase of Glorious Day, a rule class of ``GloriousDay``: the work stack of its steps and of
the effects that may wait on a decision: Aliens move and attack (the Characters' Defense rolls,
counterattacks, Barricades broken), Blips move and are revealed, models placed, Terror, the
Motion Tracker cards. Where a model may go is the nearest free square in its reach (``nearest_in_reach``)."""
from __future__ import annotations

from array import array

from ..core.board import NO, UNREACHABLE
from .apc import APC_TARGET
from .hivemind import HivemindRules
from .state import _reach_layers

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: squares by range from entry points, by mission (pure functions of the fixed maps: shared by
#: every game)
_RINGS: dict[tuple, list[list[int]]] = {}
#: by class, by task kind: the class's method of that kind ("_task_" + kind), looked up once (not a
#: bound method made at each step); the classes' own functions: shared by every game. Read from the
#: class: an instance's own ``_task_*`` attribute is not seen, nor a method patched onto the class after
#: its first task (a test that patches one clears this table)
_TASK_METHODS: dict[type, dict[str, object]] = {}
#: nearest_in_reach's search queue, by board size: scratch (``_nearest_free`` writes each entry
#: before it reads it; one search at a time), not a new array of the board's size at each search
_QUEUES: dict[int, array] = {}


def _nearest_free(first, nexts, queue, mark: bytearray, taken: bytearray, field: list, start: int, steps: int,
                  far: int) -> list:
    """``nearest_in_reach``'s choice: of the squares within `steps` steps of `start` (``_reach_layers``'
    search over ``flat_table``'s `first` and `nexts` into `queue`, an int array of one entry per square,
    never onto a square `mark` holds: the closed ones), the free ones (`taken` zero) at the least
    level of `field` from the start's level less `steps` (at least 1) up, or all the free ones when
    the start's level is `far` or more (no Character reached); ascending. Compiled, the loops run on
    C ints (aliens.pxd): no Python int nor tuple made per square."""
    mark[start] = 1
    queue[0] = start
    tail = _reach_layers(first, nexts, mark, queue, 0, 1, steps)
    out = []
    here = field[start]
    if here >= far:
        for i in range(tail):
            s = queue[i]
            if not taken[s]:
                out.append(s)
        out.sort()
        return out
    least, best = max(1, here - steps), here + 1
    for i in range(tail):
        s = queue[i]
        level = field[s]
        if least <= level < best and not taken[s]:
            best = level
    if best > here:
        raise AssertionError("the start square is always in reach")
    for i in range(tail):
        s = queue[i]
        level = field[s]
        if level == best and not taken[s]:
            out.append(s)
    out.sort()
    return out


class AlienRules(HivemindRules):
    """The work: the Alien Phase's steps and the effects that may wait on a decision."""

    def _choose(self, task: dict, kind: str, options: list[int]) -> int | None:
        """The task's tied choice: decided already, the only option, or a decision opened now
        (None: wait for it)."""
        if "choice" in task:  # (callers then pass no options: they are found only while it is open)
            return task.pop("choice")
        if len(options) == 1:
            return options[0]
        self._decide(kind, sorted(options))
        return None

    def _work(self) -> None:
        task = self.work[-1]
        kind = task["kind"]
        cls, tables = type(self), _TASK_METHODS
        methods = tables.get(cls)
        if methods is None:
            methods = tables[cls] = {}
        method = methods.get(kind)
        if method is None:
            method = methods[kind] = getattr(cls, "_task_" + kind)
        method(self, task)

    def _done(self, task: dict) -> None:
        """The task on top of the work stack is finished."""
        assert self.work[-1] is task
        self.work.pop()

    def _task_alien(self, task: dict) -> None:
        alien = self.aliens[task["slot"]]
        if alien is None or not self.anyone_on_board():
            return self._done(task)
        if task["stage"] == "move":
            # the options are found only while the choice is open (made, ``_choose`` takes it: the
            # position is the one they were found in)
            options = [] if "choice" in task else self.alien_destinations(task["slot"])
            square = self._choose(task, "place", options)
            if square is None:
                return
            if square != alien["pos"]:
                alien["pos"] = square
                self._obs_marks.add("aliens")
            task["stage"] = "attack"
        if task["stage"] == "attack":
            at = self.char_at()
            targets = sorted({at[s] for s in self.nbrs[alien["pos"]] if s in at})
            people = [c for c in targets if not self.synthetic(c)]
            if people and len(people) < len(targets):  # PRINTED: a non-Synthetic is attacked first
                targets = people
            if self.apc is not None:
                outside = [c for c in targets if not self.aboard(c)]
                if not outside and "choice" not in task and self.door_attempt(alien):
                    return self._done(task)
                targets = self.vehicle_targets(alien, targets)
            if not targets:
                self._done(task)
                return self._break_barricade(alien)
            target = self._choose(task, "target", targets)
            if target is None:
                return
            self._done(task)
            self.work.append({"kind": "defense", "alien": task["slot"], "char": target})

    def alien_destinations(self, slot: int) -> list[int]:
        """Where an Alien may end its move: up to 6 (7 Aggressive) steps, never through a
        Character or a Barricade, on a free square, as near the closest Character as it gets
        (one next to a Character, where it attacks). With no Character reachable it heads for
        the nearest through the Barricades (and attacks a Barricade it stands beside). With a
        Synthetic on the board, the non-Synthetics come first (``_preferring_people``)."""
        alien = self.aliens[slot]
        if self.synthetic_on_board():
            found = self._preferring_people(alien["pos"])
            if found is not None:
                return found
        chars = self._character_squares()
        field = self._character_field(chars, False, None)
        through = field[alien["pos"]] >= UNREACHABLE
        if through:
            field = self._character_field(chars, True, None)
        if field[alien["pos"]] <= 1 or field[alien["pos"]] >= UNREACHABLE:
            return [alien["pos"]]
        speed = self.rules["alien_speed"] + (self.nature == "aggressive") + self.frenzy_bonus()
        return self.nearest_in_reach(alien["pos"], speed, through, None, chars, field)  # (by position: a C call)

    def _preferring_people(self, pos: int) -> list[int] | None:
        """PRINTED (Bishop the Synthetic): an Alien that can move next to a non-Synthetic does;
        else next to a Synthetic; else it moves toward the nearest non-Synthetic, toward a
        Synthetic only when they are the only Characters it can move toward. None: no Character
        reachable (the Barricade rule decides)."""
        speed = self.rules["alien_speed"] + (self.nature == "aggressive")
        people = tuple(sorted({self.chars[c]["pos"] for c in self.on_board() if not self.synthetic(c)}
                              | self.vehicle_set()))  # the APC counts as a non-Synthetic Character
        synths = tuple(sorted(self.chars[c]["pos"] for c in self.on_board() if self.synthetic(c)))
        fields = [(self.character_field(targets=group), group) for group in (people, synths) if group]
        for field, group in fields:  # next to a Character, non-Synthetics first
            if field[pos] <= 1:
                return [pos]
            if field[pos] < UNREACHABLE:
                found = self.nearest_in_reach(pos, speed, False, group)
                if field[found[0]] == 1:
                    return found
        for field, group in fields:  # toward the nearest, non-Synthetics first
            if field[pos] < UNREACHABLE:
                return self.nearest_in_reach(pos, speed, False, group)
        return None

    def _break_barricade(self, alien: dict) -> None:
        doors = [s for s in self.nbrs[alien["pos"]] if s in self.barricades]
        if not doors or self.character_field()[alien["pos"]] < UNREACHABLE:
            return
        roll = self.dice.d6()
        need = self.rules["barricade_breaks_on"] - (self.nature == "relentless")
        if roll >= need:
            self.barricades.discard(doors[0])
            self._obs_marks.add("barricades")
            self.stats["barricades_broken"] += 1
        self.events.append(f"an Alien attacks the Barricade at {self.board.rc(doors[0])}: roll {roll}, "
                           f"{'broken' if roll >= need else 'holds'}")

    def defense_total(self, c: int, alien: dict, roll: int, queen: bool = False) -> int:
        """The Defense roll's total: the d10, acid, Vicious, a Swarm's extra Aliens, the Queen's
        +3 and Ripley's Class 2 License in the Power Loader (-1)."""
        ch = self.chars[c]
        acid = sum(self.data["decks"]["hazards"][h.removeprefix("hive:")].get("defense", 0) for h in ch["hazards"])
        total = roll + acid + (self.nature == "vicious") + self.rules["swarm_defense_bonus"] * (alien["count"] - 1)
        if queen:
            total += self.large["queen"]["defense_bonus"]
        if self.loader is not None:
            total += self.loader_defense_modifier(c)
        return total

    def _task_defense(self, task: dict) -> None:
        queen, c = task.get("queen", False), task["char"]
        if queen:  # the Queen attacks as one model
            alien = None if self.queen is None else dict(self.queen, count=1)
        else:
            alien = self.aliens[task["alien"]]
        apc = c == APC_TARGET  # PRINTED: Aliens (the Queen too) attack the APC as if it were a Character
        if alien is None or (self.apc is None if apc else not self.chars[c]["alive"]):
            return self._done(task)
        if apc:  # Defense 5 and Melee 2; Savage answers its passed roll as a Character's (A48)
            defense = self.apc_rules["defense"]
        else:
            defense = min(self.stats_of(c)["defense"], self.rules["defense_kill_roll"] - 1)

        def total_of(roll: int) -> int:
            if apc:
                return self.vehicle_defense_total(alien, roll, queen)
            return self.defense_total(c, alien, roll, queen)

        total = self._rolled_defense(task, total_of, defense, "APC" if apc else "Character")
        if total is None:
            return
        self._done(task)
        if apc:
            self._vehicle_defense(total, task["alien"], queen)
        else:
            self._defense_result(c, task["alien"], total, queen)

    def _rolled_defense(self, task: dict, total_of, defense: int, who: str, window: bool = True) -> int | None:
        """The task's Defense roll's total (`total_of` the d10); a passed roll (at most
        `defense`) may be answered by Savage (if `window`): rolled again. None: the Reaction
        window is open."""
        if "roll" not in task:
            task["roll"] = self.dice.d10()
        total = total_of(task["roll"])
        passed = total <= defense
        if passed and window and "react" not in task and self.can_react("defense"):
            self._decide("react")
            return None
        if passed and task.get("react"):
            task["roll"], task["react"] = self.dice.d10(), False
            total = total_of(task["roll"])
            self.events.append(f"Savage: the {who} rolls the Defense again")
        return total

    def _defense_result(self, c: int, slot: int, total: int, queen: bool = False) -> None:
        ch = self.chars[c]
        stats = self.stats_of(c)
        who = ch["name"]
        if total >= self.rules["defense_kill_roll"] or (total > stats["defense"] and ch["knocked"]):
            self.events.append(f"{who}'s Defense {total}: Killed")
            self._kill_character(c)
        elif total <= stats["melee"]:
            self.events.append(f"{who}'s Defense {total}: counterattack, an Alien dies")
            self.hurt_queen() if queen else self._remove_alien(slot)
        elif total <= stats["defense"]:
            self.events.append(f"{who}'s Defense {total}: fended off")
        elif c == self.pilot():
            self._loader_pushed(c, self.queen_squares() if queen else [self.aliens[slot]["pos"]])
        else:
            ch["knocked"] = True
            self._obs_chars.add(c)
            self._lose_endurance(self.rules["failed_defense_discards"])
            self.events.append(f"{who}'s Defense {total}: Knocked Down")
            if self.newt_carrier == c and self.data["characters"][who].get("carries"):
                # PRINTED: Knocked Down, Enraged Ripley sets Newt down at once (A26: the first free square next to her)
                free = [s for _, s in self.board.neighbours[ch["pos"]] if s not in self.occupied() | self.barricades]
                if free:
                    self._set_newt_down(free[0])

    def _kill_character(self, c: int) -> None:
        ch = self.chars[c]
        ch["alive"], ch["knocked"] = False, False
        self._obs_chars.add(c)
        for h in ch["hazards"]:
            self._lose_hazard(h)
        ch["hazards"] = []
        self.stats["characters_lost"] += 1
        if c == self.pilot():
            self.loader["pilot"], self.loader["bonus"] = NO, False  # the Power Loader is empty
            self._obs_marks.add("large")
        if self.newt_carrier == c and self.newt_char != NO:
            square = ch["pos"]
            ch["pos"] = NO
            self._set_newt_down(square)
        elif self.newt_carrier == c:
            self.newt, self.newt_carrier = ch["pos"], NO
        ch["pos"] = NO

    def _remove_alien(self, slot: int) -> None:
        alien = self.aliens[slot]
        alien["count"] -= 1
        self._obs_marks.add("aliens")
        self.stats["kills"] += 1
        if alien["count"] <= 0:
            self.aliens[slot] = None

    def _task_kill(self, task: dict) -> None:
        queen = task.get("queen", False)
        if (self.queen if queen else self.aliens[task["slot"]]) is None:
            return self._done(task)
        if "react" not in task and self.can_react("kill"):
            self._decide("react")
            return
        self._done(task)
        if task.get("react"):
            self.events.append("Resilient: the hit is ignored")
        elif queen:
            self.hurt_queen()
        elif task.get("whole"):  # a turret's kill: the model and the tokens under it
            self.stats["kills"] += self.aliens[task["slot"]]["count"]
            self.aliens[task["slot"]] = None
            self._obs_marks.add("aliens")
        else:
            self._remove_alien(task["slot"])

    def _task_blip(self, task: dict) -> None:
        blip = self.blips[task["slot"]]
        if blip is None or not self.anyone_on_board():
            return self._done(task)
        if "steps" not in task:
            task["steps"] = self.dice.d6() + (self.nature == "stealthy") + self.frenzy_bonus()
        options = [] if "choice" in task else self.blip_destinations(task["slot"], task["steps"])  # (as _task_alien's)
        square = self._choose(task, "place", options)
        if square is None:
            return
        blip["pos"] = square
        self._obs_marks.add("blips")
        self._done(task)
        if self._seen(square):
            self.work.append({"kind": "reveal", "slot": task["slot"]})

    def blip_destinations(self, slot: int, steps: int) -> list[int]:
        """A Blip moves `steps` toward the closest Character (never through Characters or
        Barricades), ending on a free square as near as it gets."""
        return self.nearest_in_reach(self.blips[slot]["pos"], steps)

    @cython.locals(field=list, mark=bytearray, taken=bytearray, flat=tuple, n=cython.Py_ssize_t,
                   s=cython.Py_ssize_t)  # (compiled: the marks written with C ints)
    def nearest_in_reach(self, start: int, steps: int, through_barricades: bool = False,
                         targets: tuple | None = None, _chars: tuple | None = None,
                         _field: list[int] | None = None) -> list[int]:
        """The free squares within `steps` of `start` (never through Characters or Barricades)
        nearest the closest Character by ``character_field``, ascending; all of them when no
        Character can be reached. The nearest are those at the least level of the field from the
        start's distance less `steps` (no square in reach is nearer) up.
        ``_chars``: ``_character_squares()`` when the caller has them; ``_field``: the field too."""
        chars = self._character_squares() if _chars is None else _chars
        field = self._character_field(chars, through_barricades, targets) if _field is None else _field
        # (searched anew, not kept as ``reach`` keeps the Characters' reaches: the Models' closed
        # squares seldom repeat, and kept they only pushed those out)
        n = self.board.n
        mark, taken = bytearray(n), self._occupied_marks()  # (closed: the Characters and Barricades; taken: occupied)
        for s in chars:
            mark[s] = 1
        for s in self.barricades:
            mark[s] = 1
        taken[start] = 0  # (the squares found are free: not occupied, but the start)
        flat, queue = self._flat_nbrs(), _QUEUES.get(n)
        if queue is None:
            queue = _QUEUES[n] = array("i", [0]) * n
        return _nearest_free(flat[0], flat[1], queue, mark, taken, field, start, steps, UNREACHABLE)

    def _task_reveal(self, task: dict) -> None:
        blip = self.blips[task["slot"]]
        if blip is None:
            return self._done(task)
        if "react" not in task and self.can_react("reveal"):
            self._decide("react")
            return
        self._done(task)
        if task.get("react"):
            self.events.append("Hidden: the Blip stays face-down")
            return
        self.blips[task["slot"]] = None
        self._obs_marks.add("blips")
        value, square = blip["value"], blip["pos"]
        self.blip_pool.append(value)
        self.dice.shuffle(self.blip_pool)
        self.stats["reveals"] += 1
        self.events.append(f"a Blip at {self.board.rc(square)} is revealed: {value}")
        if value == 3:
            self._add_alien(square, 3)
        elif value >= 1:
            self._add_alien(square, 1)
            if value == 2:
                self.work.append({"kind": "spawn", "what": "alien", "at": [square], "near": True})

    def _add_alien(self, square: int, count: int) -> None:
        if None in self.aliens:
            self.aliens[self.aliens.index(None)] = {"pos": square, "count": count}
            self._obs_marks.add("aliens")

    @cython.locals(rows=list, row=list, passable=list, blocked=bytearray, ring=list, free=list,
                   s=cython.Py_ssize_t, t=cython.Py_ssize_t, r=cython.Py_ssize_t,
                   d=cython.Py_ssize_t)  # (compiled: the rings' ranges and the marks read in C integers)
    def _free_near(self, squares: list[int]) -> list[int]:
        """The free squares nearest (by range) to any of `squares`: the squares themselves when free."""
        blocked = self._blocked_marks()
        key = (self.map_id, tuple(squares))
        rings = _RINGS.get(key)
        if rings is None:  # (new for each square the Queen broods from: a loop per square, no generator)
            rows, passable = self.board.range_rows(), self.passable
            by_range: dict[int, list[int]] = {}
            for s in range(len(rows)):
                if passable[s]:
                    row, r = rows[s], UNREACHABLE  # (the least of board.range(s, t) over `squares`)
                    for t in squares:
                        d = row[t]
                        if d < r:
                            r = d
                    by_range.setdefault(r, []).append(s)
            rings = _RINGS[key] = [by_range[r] for r in sorted(by_range)]
        for ring in rings:
            free = []
            for s in ring:
                if not blocked[s]:
                    free.append(s)
            if free:
                return free
        return []

    def _task_spawn(self, task: dict) -> None:
        """Place a Blip or an Alien model (a Swarm of `count`) on the free square nearest the
        given squares (a revealed Blip's second Alien: on a free square next to it)."""
        options = []  # (found only while the choice is open, as _task_alien's: made, ``_choose`` takes it)
        if "choice" not in task:
            if task.get("near"):
                blocked = self._blocked_marks()
                options = [s for s in self.nbrs[task["at"][0]] if not blocked[s]]
            else:
                options = self._free_near(task["at"])
            if not options:
                return self._done(task)
        square = self._choose(task, "place", options)
        if square is None:
            return
        self._done(task)
        if task["what"] == "blip":
            self._place_blip(square)
        else:
            self._add_alien(square, task.get("count", 1))

    def _place_blip(self, square: int) -> None:
        if not self.blip_pool or None not in self.blips:
            return
        k = self.blips.index(None)
        self.blips[k] = {"pos": square, "value": self.blip_pool.pop()}
        self._obs_marks.add("blips")
        if self.apc is not None and k in self.apc["scanned"]:
            self.apc["scanned"].remove(k)  # a new Blip in the slot: unknown again
            self._obs_marks.add("apc")
        if self._seen(square):
            self.work.append({"kind": "reveal", "slot": k})

    def _task_terror(self, task: dict) -> None:
        options = [c for c in self.on_board() if not self.synthetic(c)]
        if not options:  # PRINTED: a Hazard the Hive could place only on a Synthetic is discarded
            self._done(task)
            self.events.append("Terror: only Synthetics to place it on: the Hazard is discarded")
            return
        target = self._choose(task, "target", options)
        if target is None:
            return
        self._done(task)
        hazard = self.hive_hazards.pop()
        self.chars[target]["hazards"].append("hive:" + hazard)
        self._obs_chars.add(target)
        self.events.append(f"Terror: {self.chars[target]['name']} gets the Hive Hazard {hazard}")

    def _task_tracker(self, task: dict) -> None:
        self._done(task)
        if not self.tracker:
            self.tracker, self.tracker_discard = self.tracker_discard, []
            self.dice.shuffle(self.tracker)
        if not self.tracker:
            return
        card = self.tracker.pop()
        self.tracker_discard.append(card)
        self.events.append(f"Motion Tracker: {card}")
        kind, _, entry = card.partition("_")
        if kind == "blip":
            self.work.append({"kind": "spawn", "what": "blip", "at": [self.entries[entry]]})
        elif kind == "swarm":
            self.work.append({"kind": "spawn", "what": "alien", "at": [self.entries[entry]], "count": 3})
        elif kind == "queen":
            self._task_queen_card(card)
        elif kind == "movement":
            self.work.extend({"kind": "blip", "slot": k} for k in reversed(range(self.max_blips)) if self.blips[k] is not None)
