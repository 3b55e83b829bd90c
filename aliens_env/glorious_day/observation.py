"""The observation of Glorious Day, a rule class of ``GloriousDay``: the views of ``obs_layout``
packed into a float array (the public views, then the hive's own knowledge)."""
from __future__ import annotations

from array import array

import numpy as np

from ..core.board import NO
from . import missions as objectives
from .missions import progress as mission_progress  # (compiled: a C call, observation.pxd)
from .aliens import AlienRules
from .apc import SEATS
from .data_files import HAZARDS
from .state import (APC_FEATURES, CHAR_EXTRA, CHAR_FEATURES, DECISION_INDEX, ENDURANCE_MAX, MAX_ALIENS,
                    MAX_CHARACTERS, SEAT_FEATURES)

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

#: {(height, width, square, count): an Alien's row of the ``aliens`` view} (a few thousand floats a map size)
_ALIEN_ROWS: dict[tuple, array] = {}
#: the views written anew (the template's values, then what they show) when what they show changed,
#: by group: the large models' (``has_large``), the later missions' (``extended``), and each of the
#: APC's three views alone (``_write_view``)
ANEW_GROUPS = {"large": ("large_models",), "mission": ("tokens", "characters_extra", "mission"),
               "apc": ("apc",), "apc_seats": ("apc_seats",), "scanned": ("scanned",)}
ANEW_VIEWS = tuple(view for views in ANEW_GROUPS.values() for view in views)
#: a crew position's column in a row of the ``apc_seats`` view (after "aboard")
SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS + ("repair",))}
#: the parts of the public observation the rules mark when they change them (``_obs_marks``; "apc":
#: the APC's record, its square, Damage, moves, door, traffic, fire and the Blips its Scanner saw;
#: "tokens": the objective tokens left; "large": the Queen's and the Power Loader's records, and whether
#: the Queen was moved this round)
MARKS = ("aliens", "blips", "barricades", "apc", "tokens", "large")
#: columns of a ``characters`` row (CHAR_FEATURES' order: ``_char_row`` writes it, ``_char_cells`` some columns)
AIM_AT, ACTIONS_AT, ACTIVATED_AT, ACTIVE_AT, KNOCKED_AT, HAZARDS_AT, ROW_AT, COL_AT = (
    CHAR_FEATURES.index(name) for name in ("aim/9", "actions_left/2", "activated", "active", "knocked_down",
                                           f"hazard_{HAZARDS[0]}", "row/h", "col/w"))
#: the global values' counts in ``_observe_public``'s order (``_global_value`` reads them by index)
GLOBAL_COUNTS = ("round", "deck", "hand", "exhausted", "discard", "willpower", "hm_hand", "hm_deck", "tracker",
                 "blip_pool", "hive_hazards", "reaction_round", "newt")
#: the global value worked out from two counts: the reaction round's flag (``reaction_used``:
#: counts[11], the reaction round, equal to counts[0], the round), rewritten when either changes
REACTION_FLAG_AT = GLOBAL_COUNTS.index("reaction_round")


class _Views(tuple):
    """A kept public observation's typed views: (``values``: its array's, ``blank``: the
    template's; ``_typed``'s: compiled, Cython memoryviews, which a ``float[::1]`` argument takes
    without asking the array for its buffer again; as Python, the arrays themselves). Its class
    marks the kept observation as this process's own: a copied or unpickled one holds a plain
    object instead (its numpy view would no longer show its array, and Cython's memoryviews do not
    pickle), and is written anew."""
    __slots__ = ()

    def __reduce__(self):
        return object, ()


def _hand_counts(most: int = 40) -> tuple[float, ...]:
    """The hand view of a card held `count` times: 1/3 a copy up to 1, added in float32 as the
    view was first written (``obs[i] = min(obs[i] + 1 / 3, 1)`` on a float32 array)."""
    value, out = np.zeros(1, dtype=np.float32), [0.0]
    for _ in range(most):
        value[0] = min(value[0] + 1 / 3, 1)
        out.append(float(value[0]))
    return tuple(out)


HAND_COUNT = _hand_counts()


class Observation(AlienRules):
    """The observation: what each side sees."""

    def observe(self, player: str) -> np.ndarray:
        """The views of ``obs_layout``. Both sides see the board, the models, the face-down Blips
        (not their values), the piles' sizes, Willpower, the Nature in play and the open
        decision; only the hive's view holds Hive Knowledge: the Blips' values, its hand and the
        top Motion Tracker card."""
        obs = self._public().copy()  # a copy of its own: the caller may change it
        if player == "hive":
            self._add_hive_knowledge(obs)
        return obs

    def observe_kept(self, player: str) -> np.ndarray | None:
        """The marines' observation in the game's kept array (core/game.py's contract: read only,
        valid until the next step; no copy: the compact observation reads it at once). The public
        views are all the marines see; the hive's adds its own knowledge to a copy: None (call
        ``observe``)."""
        return None if player == "hive" else self._public()

    def _public(self) -> np.ndarray:
        """The public views of this position: a numpy view of the game's kept array (read only)."""
        public = self._cache.get("obs_public")
        if public is None:
            public = self._cache["obs_public"] = self._observe_public()
        return public

    def _global_values(self, counts: list) -> list:
        """The globals' first values (before the Nature's and the decision's one-hots), from the
        counts ``_observe_public`` works them out from: its write from scratch only (afterwards
        it rewrites a value alone: each is ``_global_value``'s, which a subclass overrides)."""
        return [self._global_value(i, counts) for i in range(len(counts))] + [self.hive_player]

    @cython.locals(i=cython.Py_ssize_t, counts=list)
    def _global_value(self, i: int, counts: list) -> object:
        """The global value `i` of ``_global_values``: worked out from ``counts[i]`` (GLOBAL_COUNTS
        names them; and, for the reaction round's flag, ``counts[0]``, the round)."""
        count = counts[i]
        if i == 0:
            return min(count / self.m["rounds"], 1)
        if i == 1 or i == 3 or i == 4:
            return count / ENDURANCE_MAX
        if i == 2:
            return count / self.rules["hand_limit"]
        if i == 5:
            return count / 10
        if i == 6:
            return min(count, 10) / 10
        if i == 7:
            return count / 31
        if i == 8:
            return count / self.tracker_total
        if i == 9:
            return count / 21
        if i == 10:
            return count / 6
        if i == 11:  # (REACTION_FLAG_AT)
            return count == counts[0]
        if i == 12:
            return count == NO  # (Newt not on the map)
        raise IndexError(f"global value {i}: there are {len(GLOBAL_COUNTS)}")

    def _mark_all(self) -> None:
        """Everything looked at again at the next observe: ``_obs_marks`` the parts the rules mark
        when they change them (MARKS), ``_obs_chars`` the Characters whose row may have changed."""
        self._obs_marks, self._obs_chars = set(MARKS), set(range(len(self.chars)))

    def _observe_public(self) -> np.ndarray:
        """A numpy view of the game's kept Python float array (cheap item writes), written
        incrementally: the game keeps the last one it wrote, and each part is written again only
        when what it shows changed (what it showed before set back to the template, or only the
        values that changed: a Character's columns, the globals' features).
        What the rules change is marked where they change it (``_obs_chars``: the Characters whose
        row may have changed; ``_obs_marks``: "aliens", "blips", "barricades", "apc"), so only the
        marked parts are looked at; a slot of ``aliens`` or ``blips`` filled or emptied is found by the
        slots' identity as well, and Newt and the globals by comparing what they are worked out
        from. The views of the Queen and the Power Loader, of the APC and of the later missions
        are written anew (a group at a time) when what they are worked out from changed."""
        template = self._obs_template_array
        kept = self._obs_kept
        if kept is None or kept[0] != id(self) or kept[1] is not template or type(kept[5]) is not _Views:
            obs = template[:]  # new, cloned, copied or another mission's: written anew
            kept = self._obs_kept = (id(self), template, obs, {}, np.frombuffer(obs, dtype=np.float32),
                                     _Views((_typed(obs), _typed(template))))
            self._mark_all()
        values, blank = kept[5]
        self._write_public(kept[2], values, template, blank, kept[3])
        return kept[4]  # a view of the kept array itself: do not modify

    # (compiled: dict reads, not lookups, the kept dicts being plain dicts; the Aliens' slots, the
    # Characters' numbers and squares and the offsets in C integers: items read and written at C indices)
    @cython.locals(at=dict, ch=dict, alien=dict, squares=list, slot=cython.Py_ssize_t,
                   seats=list, mission=list, square=cython.Py_ssize_t, last_slot=cython.Py_ssize_t,
                   counts=list, shown_counts=list, i=cython.Py_ssize_t,
                   now_at=cython.Py_ssize_t, now_count=cython.Py_ssize_t, was_at=cython.Py_ssize_t,
                   was_count=cython.Py_ssize_t, empty=cython.Py_ssize_t, was_slots=list, slots=list,
                   shown_at=cython.Py_ssize_t, o=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.Py_ssize_t,
                   character=cython.Py_ssize_t, knocked=cython.Py_ssize_t, pos=cython.Py_ssize_t,
                   now_pos=cython.Py_ssize_t, was_pos=cython.Py_ssize_t, plane=cython.Py_ssize_t, rows=dict,
                   changed=list)
    def _write_public(self, obs: array, values, template: array, blank, last: dict) -> None:
        """``_observe_public``'s writes into the kept array `obs` (`last`: what it shows); single
        values and the template's spans through ``values`` and ``blank`` (``_Views``: compiled,
        written and read in C; numpy's or the array's item writes cost several times more), rows
        made as arrays through `obs`."""
        marks = self._obs_marks
        at, w, h = self._plane_at, self.width, self.height

        if "barricades" in marks:
            key = tuple(sorted(self.barricades))
            if key != last.get("barricades", ()):
                _mark(values, blank, at["barricade"], last.get("barricades", ()), key)
                last["barricades"] = key

        touched = self._obs_chars
        chars_touched = bool(touched)  # (the later missions' views are looked at again then)
        chars_moved = False  # a Character's square changed, or one died (the APC's crew seats looked at again then)
        if touched:
            k, o = len(CHAR_FEATURES), self._char_rows_at
            active, carrier, pilot = self.active, self.newt_carrier, self.pilot()
            character, knocked = at["character"], at["knocked_down"]
            old, chars = last.get("chars", ()), self.chars
            same = len(old) == len(chars)
            keys = list(old) if same else [None] * len(chars)
            changed = []  # the Characters whose rows changed (compared as their keys are made)
            for c in touched if same else range(len(chars)):
                if c == NO:
                    continue
                ch = chars[c]
                key = ((c, ch["pos"], ch["name"], ch["hero"], ch["aim"], ch["actions"] if active == c else -1,
                        ch["activated"], active == c, ch["knocked"], carrier == c, pilot == c, *ch["hazards"])
                       if ch["alive"] else None)
                if same and key != old[c]:
                    changed.append(c)
                keys[c] = key
            if not same:
                changed = list(range(max(len(keys), len(old))))  # (a row written again shows the same)
            if changed:  # their old rows and squares cleared, then written
                changed.sort()
                cleared = set()
                chars_moved = not same
                for c in changed:  # (each key read once; its square in a C integer, NO when it has none)
                    now = keys[c] if c < len(keys) else None
                    was = old[c] if c < len(old) else None
                    now_pos = NO if now is None else now[1]
                    was_pos = NO if was is None else was[1]
                    chars_moved = chars_moved or now is None or was is None or now_pos != was_pos
                    if now_pos == NO:  # (a row on the board is written whole)
                        i = o + c * k
                        values[i:i + k] = blank[i:i + k]
                    if was_pos != NO:
                        values[character + was_pos] = blank[character + was_pos]
                        values[knocked + was_pos] = blank[knocked + was_pos]
                        cleared.add(was_pos)
                for c, key in enumerate(keys):
                    if key is None or (c not in changed and key[1] not in cleared):
                        continue
                    pos = key[1]
                    if pos == NO:  # escaped, or carried: alive, off the board
                        values[o + c * k] = 1.0
                        continue
                    if c in changed:
                        was = old[c] if same else None
                        # the same name, Hero side, carrying, piloting and Hazards: ``was[2:4] == key[2:4]
                        # and was[9:] == key[9:]`` compared item by item (no slices made)
                        same_stats = (was is not None and was[1] != NO and len(was) == len(key)
                                      and was[2] == key[2] and was[3] == key[3])
                        i = 9
                        while same_stats and i < len(key):
                            same_stats = was[i] == key[i]
                            i += 1
                        if same_stats:
                            _char_cells(values, o + c * k, was, key, w, h)  # (the same stats: the columns that changed)
                        else:
                            obs[o + c * k:o + c * k + k] = self._char_row(c, pos)
                    values[character + pos] = 1.0
                    values[knocked + pos] = key[8]
                last["chars"] = tuple(keys)
            touched.clear()

        if "aliens" in marks or self.aliens != last.get("alien_slots"):  # (compared slot by slot, no copy made)
            was_slots = last.get("alien_slots")  # (None when new)
            slots = last["alien_slots"] = list(self.aliens)  # (a copy: the slots filled or emptied found next time)
            # each slot's square and count as last shown (NO: empty; an array of C longs, read and
            # written in C through a typed view when compiled, observation.pxd): the rows of the slots that changed
            # cleared, then written; the squares they left or entered kept
            shown = last.get("aliens")
            if shown is None:
                shown = last["aliens"] = array("l", [NO, 0] * len(slots))
            shown_aliens = shown
            o, plane, squares, rows = self._alien_rows_at, at["alien"], [], _ALIEN_ROWS
            empty = NO  # (the global read once, a C integer)
            for slot in range(len(slots)):
                alien = slots[slot]
                if alien is None:  # (two statements: no tuple made to unpack into the C integers)
                    if was_slots is not None and was_slots[slot] is None:
                        continue  # empty, and shown empty (NO, 0) since the last call: not read
                    now_at, now_count = empty, 0
                else:
                    now_at, now_count = alien["pos"], alien["count"]
                was_at, was_count = shown_aliens[2 * slot], shown_aliens[2 * slot + 1]
                if now_at == was_at and now_count == was_count:
                    continue
                i = o + 4 * slot
                if was_at != empty:
                    values[i:i + 4] = blank[i:i + 4]
                    squares.append(was_at)
                if now_at != empty:
                    row = rows.get((h, w, now_at, now_count))
                    if row is None:
                        r, col = divmod(now_at, w)
                        row = rows[(h, w, now_at, now_count)] = array("f", (1.0, now_count / 3, r / h, col / w))
                    obs[i:i + 4] = row
                    squares.append(now_at)
                shown_aliens[2 * slot], shown_aliens[2 * slot + 1] = now_at, now_count
            for i in range(len(squares)):  # the count of the last slot on each square left or entered
                # (Aliens run over may share a square under the APC; shown_aliens is now every slot's), the
                # template's value on one left empty
                square, last_slot = squares[i], empty
                for slot in range(len(slots) - 1, -1, -1):  # (from the last slot: the first found)
                    shown_at = shown_aliens[2 * slot]  # (compared in C)
                    if shown_at == square:
                        last_slot = slot
                        break
                if last_slot == empty:
                    values[plane + square] = blank[plane + square]
                else:
                    values[plane + square] = shown_aliens[2 * last_slot + 1] / 3

        blips_seen = "blips" in marks or self.blips != last.get("blip_slots")  # (the Scanner's view too)
        if blips_seen:
            slots = last["blip_slots"] = list(self.blips)
            blips = tuple([bl["pos"] for bl in filter(None, slots)])
            if blips != last.get("blips"):
                _mark(values, blank, at["blip"], last.get("blips", ()), blips)
                last["blips"] = blips

        if self.newt != last.get("newt", NO):
            plane, old = at["newt"], last.get("newt", NO)
            if old != NO:
                values[plane + old] = blank[plane + old]
            if self.newt != NO:
                values[plane + self.newt] = 1.0
            last["newt"] = self.newt

        # the globals: their values (each written again when its count changed, compared one by one
        # with the counts shown: one or two a step change, not all 13), then the one-hots of the
        # Nature in play and of the open decision's kind (often the only change)
        o = self._globals_at
        counts = [self.round, len(self.deck), len(self.hand), len(self.exhausted), len(self.discard), self.willpower,
                  len(self.hm_hand), len(self.hm_deck), len(self.tracker), len(self.blip_pool), len(self.hive_hazards),
                  self.reaction_round, self.newt]  # (GLOBAL_COUNTS' order)
        shown_counts = last.get("globals")
        if shown_counts is None:  # new: the template's first (a mission of its own has its own template), then all
            size = len(self.global_features)
            values[o:o + size] = blank[o:o + size]
            firsts = self._global_values(counts)
            obs[o:o + len(firsts)] = array("f", firsts)
        else:  # the values whose counts changed (the reaction round's flag also when the round did)
            for i in range(len(counts)):  # (an unchanged count is most often the same int object: not compared)
                if counts[i] is not shown_counts[i] and counts[i] != shown_counts[i]:
                    values[o + i] = self._global_value(i, counts)
            if counts[0] != shown_counts[0] and counts[REACTION_FLAG_AT] == shown_counts[REACTION_FLAG_AT]:
                values[o + REACTION_FLAG_AT] = self._global_value(REACTION_FLAG_AT, counts)
        last["globals"] = counts
        decision, nature = self.decision, self.nature
        hots = (nature, None if decision is None else decision.kind)
        shown = last.get("global_hots")  # (None when new: the template's, written above)
        if hots != shown:
            hot = o + len(self.global_features) - len(self.natures) - len(DECISION_INDEX)
            if shown is None or nature != shown[0]:  # the Nature in play
                if shown is not None and shown[0]:
                    i = hot + self.natures.index(shown[0])
                    values[i] = blank[i]
                if nature:
                    values[hot + self.natures.index(nature)] = 1.0
            hot += len(self.natures)
            if shown is None or hots[1] != shown[1]:  # the open decision's kind
                if shown is not None and shown[1] is not None:
                    i = hot + DECISION_INDEX[shown[1]]
                    values[i] = blank[i]
                if hots[1] is not None:
                    values[hot + DECISION_INDEX[hots[1]]] = 1.0
            last["global_hots"] = hots

        # the groups of views written anew when what they show changed (keys of what they read, built
        # when it was marked)
        if self.has_large and "large" in marks:
            q, lo = self.queen, self.loader
            key = (None if q is None else (q["pos"], q["damage"], q["frenzy"], q["rest"]), self.queen_moved,
                   None if lo is None else (lo["pos"], lo["pilot"], lo["bonus"]))
            if key != last.get("large"):
                self._write_anew(obs, values, blank, "large")
                last["large"] = key
        if self.has_apc:  # its three views, each looked at when what it shows was marked ("apc": the APC's
            # record; the crew's seats also when a Character's square changed, the Scanner's view when a Blip
            # was) and written anew when it changed (not all three whenever a Character moves: the seats' key holds
            # only the Characters aboard)
            apc, apc_marked = self.apc, "apc" in marks
            if apc_marked:
                vehicle = () if apc is None else (apc["pos"], apc["damage"], apc["moves"], apc["door_open"],
                                                  apc["traffic"], apc["fired"])
                if vehicle != last.get("apc"):
                    self._write_view(values, blank, "apc", vehicle)
                    last["apc"] = vehicle
            if apc_marked or chars_moved:
                seats = []
                if apc is not None:
                    seats.append(apc["pos"])  # the APC's square (its shape's seats), then each Character aboard and its square
                    inside, chars = self.vehicle_set(), self.chars
                    for i in range(len(chars)):  # (i: a C integer)
                        where = chars[i]["pos"]  # (an object: not `pos`, a C integer, made an int again twice)
                        if where in inside:
                            seats.append(i)
                            seats.append(where)
                if seats != last.get("apc_seats"):
                    self._write_view(values, blank, "apc_seats", seats)
                    last["apc_seats"] = seats
            if apc_marked or blips_seen:
                scanned = ()
                if apc is not None:
                    blips = self.blips
                    scanned = tuple([(b, None) if blips[b] is None else (b, blips[b]["pos"], blips[b]["value"])
                                     for b in apc["scanned"]])
                if scanned != last.get("scanned"):
                    self._write_view(values, blank, "scanned", scanned)
                    last["scanned"] = scanned
        if self.extended:  # the objective's progress compared at each step; the rest of what these views
            # show (one flat list: no tuple made per Character; Newt's Character, the tokens' count, the
            # tokens, then each Character's name and whereabouts off the board) listed again only when a
            # Character or the tokens were marked
            progress, shown = mission_progress(self), last.get("mission")
            mission = shown
            if shown is None or chars_touched or "tokens" in marks:
                mission = [self.newt_char, len(self.tokens)]
                mission += self.tokens
                for ch in self.chars:
                    mission.append(ch["name"])
                    mission.append(ch["out"])
            if (mission is not shown and mission != shown) or progress != last.get("progress"):
                self._write_anew(obs, values, blank, "mission")
                last["mission"], last["progress"] = mission, progress
        marks.clear()

    @cython.locals(start=cython.Py_ssize_t, stop=cython.Py_ssize_t)
    def _write_anew(self, obs: array, values, blank, group: str) -> None:
        """A group of ANEW_GROUPS written anew: the template's values (`blank`, into `values`:
        ``_Views``), then what it shows."""
        for span in self._anew_spans[group]:
            start, stop = span.start, span.stop
            values[start:stop] = blank[start:stop]
        if group == "large":
            self._observe_large(values)
        else:
            self._observe_mission(obs)

    @cython.locals(o=cython.Py_ssize_t, start=cython.Py_ssize_t, stop=cython.Py_ssize_t, k=cython.Py_ssize_t,
                   i=cython.Py_ssize_t, c=cython.Py_ssize_t)
    def _write_view(self, values, blank, view: str, key) -> None:
        """A view of the APC written anew (into `values` from `blank`: ``_Views``): the template's
        values, then what `key` (its key in ``_observe_public``) shows: the APC's state, its crew's
        seats, the Blips its Scanner saw."""
        at = self.obs_layout.offsets
        for span in self._anew_spans[view]:  # (the view's one span)
            start, stop = span.start, span.stop
            values[start:stop] = blank[start:stop]
        if not key:  # (no APC)
            return
        o = at[view]
        if view == "apc":  # (APC_FEATURES' eight columns)
            rules, w, h = self.apc_rules, self.width, self.height
            r, col = divmod(key[0], w)
            values[o], values[o + 1], values[o + 2] = 1.0, r / h, col / w
            values[o + 3], values[o + 4] = key[1] / rules["damage_tokens"], key[2] / rules["drive_pass"]
            values[o + 5], values[o + 6], values[o + 7] = key[3], key[4], key[5]
        elif view == "apc_seats":
            k = len(SEAT_FEATURES)
            for i in range(1, len(key), 2):
                c = key[i]
                seat = self.seat_of(c)
                if seat:
                    values[o + c * k] = 1.0
                    values[o + c * k + 1 + SEAT_INDEX[seat]] = 1.0
        else:
            for entry in key:
                if entry[1] is not None:
                    values[o + entry[1]] = (entry[2] + 1) / 4

    def _char_row(self, c: int, pos: int) -> array:
        """The ``characters`` row of a Character on the board."""
        ch, stats, w, h = self.chars[c], self.stats_of(c), self.width, self.height
        r, col = divmod(pos, w)
        row = array("f", (1.0, 1.0, ch["hero"], stats["speed"] / 9, stats["defense"] / 9,
                          stats["melee"] / 9, stats["tech"] / 9, ch["aim"] / 9,
                          ch["actions"] / 2 if self.active == c else 0.0, ch["activated"], self.active == c,
                          ch["knocked"], self.newt_carrier == c, *(0.0,) * len(HAZARDS), r / h, col / w))
        for hz in ch["hazards"]:
            row[HAZARDS_AT + HAZARDS.index(hz.removeprefix("hive:"))] = 1.0
        return row

    @cython.locals(o=cython.Py_ssize_t)
    def _observe_large(self, values) -> None:
        """The ``large_models`` view (into `values`, ``_Views``'): the Queen's and the Power
        Loader's state (public)."""
        o, w, h = self.obs_layout.offsets["large_models"], self.width, self.height
        q, lo = self.queen, self.loader
        if q is not None:
            r, col = divmod(q["pos"], w)
            values[o], values[o + 1], values[o + 2] = 1.0, min(q["damage"] / 15, 1), q["frenzy"]
            values[o + 3], values[o + 4], values[o + 5] = q["rest"], r / h, col / w
        values[o + 6] = self.queen_moved
        if lo is not None:
            r, col = divmod(lo["pos"], w)
            values[o + 7], values[o + 8], values[o + 9] = 1.0, lo["pilot"] != NO, r / h
            values[o + 10], values[o + 11] = col / w, lo["bonus"]
            if lo["pilot"] != NO:
                values[o + 12 + lo["pilot"]] = 1.0

    def _observe_mission(self, obs: array) -> None:
        """The views the missions past mission 1 add: tokens left, who is Synthetic, Newt, may
        carry her, escaped or carried, and the objective's progress (the rest is in the template)."""
        at = self.obs_layout.offsets
        o = at["tokens"]
        for t in self.tokens:
            if t != NO:
                obs[o + t] = 1.0
        o, k = at["characters_extra"], len(CHAR_EXTRA)
        rows = self._obs_rows
        for c, ch in enumerate(self.chars):
            key = ("extra", c, ch["name"], self.newt_char, ch["out"])
            row = rows.get(key)
            if row is None:
                row = rows[key] = array("f", (self.synthetic(c), c == self.newt_char, self.can_carry(c),
                                              ch["out"] == "escaped", ch["out"] == "carried"))
            obs[o + c * k:o + c * k + k] = row
        obs[at["mission"] + len(objectives.OBJECTIVES)] = mission_progress(self)

    @cython.locals(held=dict, index=dict, at=cython.Py_ssize_t, o=cython.Py_ssize_t, square=cython.Py_ssize_t,
                   column=cython.Py_ssize_t, copies=cython.Py_ssize_t)
    def _add_hive_knowledge(self, obs: np.ndarray) -> None:
        """The hive's own knowledge written into `obs` (compiled: a typed view of the numpy array,
        observation.pxd, its items written in C, at indices added in C integers): the Blips'
        values, its hand and the top Motion Tracker card."""
        at = self._plane_at["blip_value/3 (hive only)"]
        for bl in self.blips:  # the face-down Blips
            if bl:
                square = bl["pos"]
                obs[at + square] = bl["value"] / 3
        o = self.obs_layout.offsets["hive_knowledge"]
        held = {}  # {card: its copies in the hand}
        for card in self.hm_hand:
            held[card] = held.get(card, 0) + 1
        index = self.card_index
        for card, copies in held.items():
            column = index[card]
            obs[o + column] = HAND_COUNT[copies]
        if self.tracker:  # the top Motion Tracker card
            obs[o + len(self.card_names) + self.mt_kinds[self.tracker[-1]]] = 1.0  # (its column: a dict read)


def anew_spans(layout) -> dict[str, list[slice]]:
    """{group of ANEW_GROUPS: the spans of its views in the layout, adjacent ones joined}."""
    return {group: _joined_spans(layout, views) for group, views in ANEW_GROUPS.items()}


def _joined_spans(layout, views) -> list[slice]:
    out: list[slice] = []
    for span in sorted((layout.span(v) for v in views if v in layout.offsets), key=lambda sp: sp.start):
        if out and out[-1].stop == span.start:
            out[-1] = slice(out[-1].start, span.stop)
        else:
            out.append(span)
    return out


@cython.locals(column=cython.Py_ssize_t)
def _char_cells(obs, at: int, was: tuple, key: tuple, w: int, h: int) -> None:
    """The columns of a Character's ``characters`` row (at `at`, on the board, written for key
    `was`) that change for `key`, the same Character with the same stats, carrying and Hazards
    (key: _observe_public's; as ``_char_row`` writes them). (Compiled: each column read into a
    C integer, its index added in C.)"""
    if key[1] != was[1]:
        r, col = divmod(key[1], w)
        column = ROW_AT
        obs[at + column] = r / h
        column = COL_AT
        obs[at + column] = col / w
    if key[4] != was[4]:
        column = AIM_AT
        obs[at + column] = key[4] / 9
    if key[5] != was[5] or key[7] != was[7]:
        column = ACTIONS_AT
        obs[at + column] = key[5] / 2 if key[7] else 0.0
        column = ACTIVE_AT
        obs[at + column] = key[7]
    if key[6] != was[6]:
        column = ACTIVATED_AT
        obs[at + column] = key[6]
    if key[8] != was[8]:
        column = KNOCKED_AT
        obs[at + column] = key[8]


@cython.locals(square=cython.Py_ssize_t)
def _mark(obs, template, plane: int, old, new) -> None:
    """A plane that marks squares with 1.0: the squares marked last time back to the template's
    values, then the new ones marked."""
    for square in old:
        obs[plane + square] = template[plane + square]
    for square in new:
        obs[plane + square] = 1.0


def _typed(buffer):
    """`buffer` (float32 values) as ``_Views`` keeps it: compiled, a Cython memoryview
    (observation.pxd types the argument); as Python, `buffer` itself."""
    return buffer
