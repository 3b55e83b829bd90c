"""The optional weapon rules of Aliens (1989), each an option (off by default) of the Reactor Room
and of Operations/Air Ducts (all but Fires there: no one carries a Flame Unit):

- ``ammunition`` (Ammunition Restrictions): each weapon holds its printed capacity, a shot spends
  one box, ``reload`` refills a Pistol, Pulse Rifle or Machine Gun in 8 Actions done in one
  uninterrupted stretch (the old load is dropped at its first Action, W1); Flame Units, Grenade
  Launchers and Shotguns are not reloadable. An empty weapon cannot Aim or fire.
- ``backup_weapons``: a Colonial Marine (not Burke, Bishop, Newt, Ripley) drops the primary for
  the backup (a Pistol; Hicks his Shotgun, Drake a Flame Unit) with ``backup``, 4 Actions in one
  stretch; the primary (and a Pulse Rifle's launcher) is lost (W3, W4).
- ``fires``: a Flame Unit spends an Action to put a Fire counter on a visible square
  (``burn[dr,dc]``, within the weapon's reach, first in its line, no counter there; W6); Aliens
  cannot move through, stop or be put on it, and one that would appear there dies; Marines do not
  enter it either (W7); every Fire clears at the start of the Marines phase; one box each under
  ``ammunition``.
- ``hand_grenades``: ``hand_grenade`` draws and arms one (1 Action); it blows in that square at
  the start of the next Marines phase, on the Grenade Table (the launcher's blast, ``_blast``).
- ``thrown_grenades`` (the Closing Notes): ``prime`` (1 Action each, 6 in one stretch) readies a
  throw, then ``throw[k]`` (no Action) lands it on target k's square within 8 squares in sight,
  where it blows at once (W8).

Reload, backup and a throw are *tasks* of several Actions carried over turns: any other action of
the Marine, ending the activation with Actions left, or an Alien reaching the Marine, interrupts
the task and loses the Actions spent on it (W1). The action blocks exist only when their option
is on, appended after the scenario's own (the default layout is unchanged).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from functools import lru_cache

from ..core.board import NO, UNREACHABLE
from . import data_files
from .data_files import WEAPON_OPTIONS, grenade_result

WEAPON_KINDS = frozenset({"reload", "backup", "burn", "hand_grenade", "prime", "throw"})
TASKS = ("reload", "backup", "throw")
#: the task an action carries on (every other action interrupts the task under way)
TASK_OF = {"reload": "reload", "backup": "backup", "prime": "throw", "throw": "throw"}
ARMS_FEATURES = ("ammo/capacity", "launcher/capacity", "grenades/carried", "task=reload", "task=backup",
                 "task=throw", "progress/task_actions", "backup_in_hand")
WEAPON_PLANES = ("fire", "armed_grenade")


@lru_cache(maxsize=None)
def backup_card(card: data_files.Character, ref: data_files.Character) -> data_files.Character:
    """``card`` with the backup weapon of ``ref``, the card whose weapon and Aim rows it takes
    (the cards are frozen and the key is both whole: every game built with the same cards shares
    one, made once, not a ``replace`` a game built)."""
    return replace(card, weapon=ref.weapon, aim=ref.aim, wounded_aim=ref.wounded_aim)


@dataclass(slots=True)
class Arms:
    """One Marine's weapon records under the optional weapon rules."""
    ammo: int = 0  # boxes left in the weapon in hand (Ammunition Restrictions)
    launcher: int = 0  # boxes left in a Pulse Rifle's Grenade Launcher
    grenades: int = 0  # hand grenades left (Hand Grenades, thrown grenades)
    task: str = ""  # the task under way: "" | reload | backup | throw
    progress: int = 0  # Actions spent on it so far
    backup: bool = False  # the primary is dropped: the backup weapon is in hand


class FirePaths:
    """The Aliens' paths over the board with the Fire squares taken out (Fires): the board's
    ``distance_list`` and ``within``, by breadth-first search over its steps."""

    def __init__(self, board, fires: list[int]):
        self.board, self.fires = board, frozenset(fires)
        self._rows: dict[int, list[int]] = {}

    def distance_list(self, square: int) -> list[int]:
        row = self._rows.get(square)
        if row is None:
            row = [UNREACHABLE] * self.board.n
            row[square] = 0
            frontier, nbrs, fires = [square], self.board.neighbours, self.fires
            d = 0
            while frontier:
                d += 1
                nxt = []
                for s in frontier:
                    for _, n in nbrs[s]:
                        if row[n] > d and n not in fires:
                            row[n] = d
                            nxt.append(n)
                frontier = nxt
            self._rows[square] = row
        return row

    def within(self, square: int, steps: int) -> list[int]:
        return [s for s, d in enumerate(self.distance_list(square)) if d <= steps]


class WeaponRules:
    """The optional weapon rules, mixed into ReactorRoom (and so Operations). The game calls the
    hooks: ``_init_weapons`` (construction), ``_reset_arms`` (reset), ``_weapon_mask``,
    ``_note_action``, ``_weapon_action``, ``_spend_shot``, ``_interrupt_task``, ``_marines_phase_begins``, ``_observe_arms``, ``_arms_dict``."""

    # -- set-up --------------------------------------------------------------------------------
    def _init_weapons(self) -> None:
        """After options, characters, tables and board; before the action and observation layouts."""
        t = self.tables
        self.armed_rules = any(self.options[k] for k in WEAPON_OPTIONS)
        self._cards = self.characters  # the cards as dealt; a backup weapon replaces one (copy on write)
        self._capacity = t["ammunition"]["capacity"]
        self._task_actions = {"reload": t["ammunition"]["reload_actions"], "backup": t["backup_weapons"]["actions"],
                              "throw": t["thrown_grenades"]["actions"]}
        spec, rows = t["backup_weapons"], data_files.characters()  # the Reactor Room cards hold the rows
        self._backups = {}
        for name in self.marine_order:
            char = self.characters[name]
            weapon = spec["instead"].get(name, spec["weapon"])
            if name in t["not_colonial_marines"] or weapon == char.weapon:
                continue  # not a Colonial Marine, or the backup is the weapon in hand (W3)
            ref = rows[spec["rows_from"][weapon]]
            if ref.weapon != weapon:
                raise ValueError(f"tables.yaml: backup_weapons.rows_from.{weapon} names {ref.name}, whose card "
                                 f"lists a {ref.weapon}, not a {weapon}")
            self._backups[name] = backup_card(char, ref)
        flames = [c for c in (*self.characters.values(), *self._backups.values()) if c.weapon == "Flame Unit"]
        reach = max((self._weapon_reach(c, False, c.max_aim) for c in flames), default=0)
        self._burn_offsets = [(dr, dc) for dr in range(-reach, reach + 1) for dc in range(-reach, reach + 1)
                              if (dr, dc) != (0, 0)]

    def _weapon_slices(self) -> list[tuple[str, int | list[str]]]:
        """The weapon rules' action blocks, each only when its option is on (after every other)."""
        on, out = self.options, []
        if on["ammunition"]:
            out.append(("reload", 1))
        if on["backup_weapons"]:
            out.append(("backup", 1))
        if on["fires"]:
            out.append(("burn", [f"{dr:+d},{dc:+d}" for dr, dc in self._burn_offsets]))
        if on["hand_grenades"]:
            out.append(("hand_grenade", 1))
        if on["thrown_grenades"]:
            out += [("prime", 1), ("throw", self.pool)]
        return out

    def _weapon_views(self) -> list[tuple]:
        """The weapon rules' observation views, when any of them is on (after every other)."""
        if not self.armed_rules:
            return []
        b = self.board
        return [
            ("arms", (len(self.marine_order), len(ARMS_FEATURES)), "per Marine, in marine_order: " + ", ".join(ARMS_FEATURES)),
            ("weapon_planes", (len(WEAPON_PLANES), b.height, b.width), "planes: " + ", ".join(WEAPON_PLANES)),
        ]

    def _reset_arms(self) -> None:
        self.fires: list[int] = []  # squares with a Fire counter (sorted; replaced, never changed in place)
        self.armed: list[int] = []  # squares of armed hand grenades, in the order drawn (replaced likewise)
        self._fire_paths = None
        if not self.armed_rules:
            self.arms: list[Arms] = []
            return
        self.characters = self._cards
        self.arms = [self._fresh_arms(m.name) for m in self.marines]

    def _fresh_arms(self, name: str) -> Arms:
        t, on, char = self.tables, self.options, self.characters[name]
        launcher = self._capacity["Grenade Launcher"] if char.weapon in self.data.get("grenade_launcher", ()) else 0
        grenadier = (on["hand_grenades"] or on["thrown_grenades"]) and name not in t["not_colonial_marines"]
        return Arms(ammo=self._capacity.get(char.weapon, 0), launcher=launcher,
                    grenades=t["hand_grenades_carried"] if grenadier else 0)

    def _paths(self):
        """What the Aliens path over: the board, less the Fire squares while there are any."""
        if not self.fires:
            return self.board
        if self._fire_paths is None:
            self._fire_paths = FirePaths(self.board, self.fires)
        return self._fire_paths

    # -- masks ---------------------------------------------------------------------------------
    def _empty(self, i: int) -> bool:
        """Ammunition Restrictions: the weapon in hand has no box left for a shot."""
        return self.options["ammunition"] and self.arms[i].ammo < self.tables["ammunition"]["boxes_per_shot"]

    def can_reload(self, i: int) -> bool:
        m, arms = self.marines[i], self.arms[i]
        weapon = self.characters[m.name].weapon
        return (self.options["ammunition"] and weapon in self._capacity
                and weapon not in self.tables["ammunition"]["not_reloadable"] and arms.ammo < self._capacity[weapon])

    def _weapon_mask(self, mask, i: int, in_combat: bool) -> None:
        """The weapon rules' part of the acting Marine's mask (a Marine not passing a teammate)."""
        m, arms, on, s = self.marines[i], self.arms[i], self.options, self._slot
        if self._empty(i):
            for kind in ("aim", "fire", "fire_pair"):
                mask[self.layout.span(kind)] = 0
        free = m.actions_left > 0 and not in_combat
        if free and self.can_reload(i):
            mask[s["reload"]] = 1
        if on["backup_weapons"] and free and m.name in self._backups and not arms.backup:
            mask[s["backup"]] = 1
        if on["fires"] and free:
            for k, _ in self._burn_squares(i):
                mask[s["burn"] + k] = 1
        if on["hand_grenades"] and free and arms.grenades > 0:
            mask[s["hand_grenade"]] = 1
        if on["thrown_grenades"]:
            if self._throw_ready(i):
                if not in_combat:
                    for k, _ in self._throw_targets(i):
                        mask[s["throw"] + k] = 1
            elif free and arms.grenades > 0:
                mask[s["prime"]] = 1

    def _burn_squares(self, i: int) -> list[tuple[int, int]]:
        """(k, square) of burn[k]: open squares in sight within the Flame Unit's reach, first in its
        line, with no counter and no Fire (W6); none without a box left under ``ammunition``."""
        m = self.marines[i]
        char = self.characters[m.name]
        if char.weapon != "Flame Unit":
            return []
        if self.options["ammunition"] and self.arms[i].ammo < self.tables["ammunition"]["boxes_per_fire"]:
            return []
        b = self.board
        reach = self._weapon_reach(char, m.wounded, char.max_aim)
        counters = {o.pos for o in self.marines if o.status == "on_map"} | {al.pos for al in self.aliens if al.in_play}
        seen = b.los_list(m.pos)
        r0, c0 = b.rc(m.pos)
        out = []
        for k, (dr, dc) in enumerate(self._burn_offsets):
            if max(abs(dr), abs(dc)) > reach or not b.inside(r0 + dr, c0 + dc):
                continue
            sq = b.index(r0 + dr, c0 + dc)
            if (b.passable.flat[sq] and sq not in counters and sq not in self.fires and seen[sq]
                    and self._first_in_line(m.pos, sq)):
                out.append((k, sq))
        return out

    def _throw_ready(self, i: int) -> bool:
        arms = self.arms[i]
        return arms.task == "throw" and arms.progress >= self._task_actions["throw"]

    def _throw_targets(self, i: int) -> list[tuple[int, int]]:
        """(k, Alien) of throw[k]: target k's square within the throwing range, in sight, not the
        thrower's own (W8)."""
        pos = self.marines[i].pos
        seen, ranges = self.board.los_list(pos), self.board.range_row(pos)
        reach = self.tables["thrown_grenades"]["range"]
        return [(k, a) for k, a in enumerate(self.targets())
                if self.aliens[a].pos != pos and ranges[self.aliens[a].pos] <= reach and seen[self.aliens[a].pos]]

    # -- actions -------------------------------------------------------------------------------
    def _note_action(self, kind: str) -> None:
        """A Marine's action: any that does not carry on the task under way interrupts it
        (``end`` only with Actions left: unused Actions break the stretch; every other way an
        activation ends leaves no Action, or no Marine able to act)."""
        i = self.active
        arms = self.arms[i]
        if arms.task and TASK_OF.get(kind) != arms.task and (kind != "end" or self.marines[i].actions_left > 0):
            self._interrupt_task(i)

    def _interrupt_task(self, i: int) -> None:
        arms = self.arms[i]
        if arms.task:
            self.events.append(f"{self.marines[i].name}'s {arms.task} is interrupted ({arms.progress} Actions lost)")
            arms.task, arms.progress = "", 0

    def _weapon_action(self, kind: str, index: int) -> None:
        i = self.active
        m, arms = self.marines[i], self.arms[i]
        if kind in ("reload", "backup", "prime"):
            task = TASK_OF[kind]
            if arms.task != task:
                arms.task, arms.progress = task, 0
                if task == "reload":
                    arms.ammo = 0  # the old load is dropped (W1)
            m.actions_left -= 1
            m.aim = 0
            arms.progress += 1
            need = self._task_actions[task]
            self.events.append(f"{m.name} {kind}s ({arms.progress}/{need})")
            if arms.progress < need or task == "throw":
                return
            arms.task, arms.progress = "", 0
            if task == "reload":
                arms.ammo = self._capacity[self.characters[m.name].weapon]
                self.events.append(f"{m.name} has reloaded")
            else:
                self._take_backup(i)
        elif kind == "burn":
            square = dict(self._burn_squares(i))[index]
            m.actions_left -= 1
            if self.options["ammunition"]:
                arms.ammo -= self.tables["ammunition"]["boxes_per_fire"]
            self.fires = sorted([*self.fires, square])
            self._fire_paths = None
            self.events.append(f"{m.name} sets a Fire at {self.board.rc(square)}")
        elif kind == "hand_grenade":
            m.actions_left -= 1
            arms.grenades -= 1
            self.armed = [*self.armed, m.pos]
            self.events.append(f"{m.name} draws and arms a hand grenade at {self.board.rc(m.pos)}")
        elif kind == "throw":
            square = self.aliens[self.targets()[index]].pos
            arms.task, arms.progress = "", 0
            arms.grenades -= 1
            self.events.append(f"{m.name} throws a grenade at {self.board.rc(square)}")
            self._blast(square)

    def _take_backup(self, i: int) -> None:
        m, arms = self.marines[i], self.arms[i]
        backup = self._backups[m.name]
        old = self.characters[m.name].weapon
        self.characters = {**self.characters, m.name: backup}
        arms.backup, arms.ammo, arms.launcher = True, self._capacity.get(backup.weapon, 0), 0
        self.events.append(f"{m.name} drops the {old} for the backup {backup.weapon}")

    def _spend_shot(self, i: int) -> None:
        if self.options["ammunition"]:
            self.arms[i].ammo -= self.tables["ammunition"]["boxes_per_shot"]

    # -- the start of the Marines phase: Fires clear, armed hand grenades blow ------------------
    def _marines_phase_begins(self) -> None:
        if self.fires:
            self.events.append("the Fires burn out")
            self.fires, self._fire_paths = [], None
        armed, self.armed = self.armed, []
        for square in armed:
            self.events.append(f"a hand grenade blows at {self.board.rc(square)}")
            self._blast(square)

    def _burns_on_appearing(self, slot: int, square: int) -> None:
        """Fires: an Alien that would appear on a Fire square dies there."""
        self.stats["aliens_appeared"] += 1
        self.stats["aliens_killed"] += 1
        self.events.append(f"Alien {slot} appears in the Fire at {self.board.rc(square)} and dies")

    def _blast(self, square: int) -> None:
        """A grenade blows at ``square``: the Grenade Table by range from the blast, on everyone
        the blast square sees (Operations A5), Marines first, then the Aliens it caught."""
        b = self.board
        seen = b.los_list(square)

        def caught(pos: int) -> int | None:
            r = b.range(square, pos)
            return r if r == 0 or seen[pos] else None

        caught_aliens = [(a, caught(al.pos)) for a, al in enumerate(self.aliens) if al.in_play and caught(al.pos) is not None]
        for j, o in enumerate(self.marines):
            if o.status != "on_map" or caught(o.pos) is None:
                continue
            result = grenade_result(caught(o.pos))["marine"]
            if result != "none":
                self.events.append(f"the blast: {o.name} {result}")
            self._injure(j, result)
        for a, rng in caught_aliens:  # found before any Marine was hurt; one may have left with a body since
            if self.aliens[a].in_play:
                self._blast_hits_alien(a, rng)

    def _blast_hits_alien(self, a: int, rng: int) -> None:
        """The Grenade Table's Alien column at ``rng`` squares from the blast (a ruleset with other
        figures, such as the lairs' Queen, overrides this)."""
        if grenade_result(rng)["alien"] == "dead":
            self._kill_alien(a, flame=False)

    # -- observation, positions, descriptions -------------------------------------------------
    def _observe_arms(self, obs) -> None:
        cap, carried = self._capacity, max(1, self.tables["hand_grenades_carried"])
        feats = []
        for m, a in zip(self.marines, self.arms):
            full = cap.get(self.characters[m.name].weapon, 0)
            need = self._task_actions.get(a.task, 1)
            feats += (a.ammo / full if full else 0.0, a.launcher / cap["Grenade Launcher"], min(a.grenades / carried, 1.0),
                      a.task == "reload", a.task == "backup", a.task == "throw", min(a.progress / need, 1.0), a.backup)
        at = self.obs_layout.offset("arms")
        obs[at:at + len(feats)] = feats
        planes = self.obs_layout.offset("weapon_planes")
        for k, squares in enumerate((self.fires, self.armed)):
            for sq in squares:
                obs[planes + k * self.board.n + sq] = 1.0

    def _arms_dict(self) -> dict:
        return {"marines": [asdict(a) for a in self.arms], "fires": list(self.fires), "armed": list(self.armed)}

    def _describe_weapon(self, kind: str, index: int) -> str:
        i = self.active
        m, arms = self.marines[i], self.arms[i]
        weapon = self.characters[m.name].weapon
        if kind == "reload":
            return f"{m.name}: reload the {weapon} ({arms.progress + 1 if arms.task == 'reload' else 1}/{self._task_actions['reload']} Actions, uninterrupted)"
        if kind == "backup":
            done = arms.progress + 1 if arms.task == "backup" else 1
            return f"{m.name}: drop the {weapon} for the backup {self._backups[m.name].weapon} ({done}/{self._task_actions['backup']} Actions)"
        if kind == "burn":
            dr, dc = self._burn_offsets[index]
            r, c = self.board.rc(m.pos)
            return f"{m.name}: set a Fire at ({r + dr}, {c + dc}) with the Flame Unit"
        if kind == "hand_grenade":
            return f"{m.name}: draw and arm a hand grenade here (it blows at the start of the next Marines phase; {arms.grenades} left)"
        if kind == "prime":
            done = arms.progress + 1 if arms.task == "throw" else 1
            return f"{m.name}: ready a grenade throw ({done}/{self._task_actions['throw']} Actions)"
        if index < len(self.targets()):
            square = self.aliens[self.targets()[index]].pos
            return f"{m.name}: throw the grenade at Alien {self.targets()[index]}'s square {self.board.rc(square)} (range {self.board.range(m.pos, square)})"
        return f"{m.name}: throw {index}"


def load_arms(game, f, what: str) -> None:
    """Read a position's ``arms`` record (present exactly when a weapon rule is on) into ``game``."""
    from ..core.positions import position_error

    if not game.armed_rules:
        if f.raw("arms") is not None:
            raise position_error(what, "arms", "must be absent: no optional weapon rule is on")
        return
    if f.raw("arms") is None:
        raise position_error(what, "arms", "must be given: an optional weapon rule is on")
    arms = f.fields("arms", keys=("marines", "fires", "armed"))
    n, squares = len(game.marine_order), game.board.n - 1
    records = []
    top = max(max(game._capacity.values()), game.tables["hand_grenades_carried"])
    for i, a in enumerate(arms.records("marines", [name for name in Arms.__slots__], length=n)):
        name = game.marine_order[i]
        record = Arms(ammo=a.int("ammo", 0, top), launcher=a.int("launcher", 0, top), grenades=a.int("grenades", 0, top),
                      task=a.choice("task", ("", *TASKS)), progress=a.int("progress", 0, max(game._task_actions.values())),
                      backup=a.bool("backup"))
        if record.backup and name not in game._backups:
            raise position_error(what, f"arms.marines[{i}].backup", f"is true, but {name} has no backup weapon")
        if record.task == "backup" and name not in game._backups:
            raise position_error(what, f"arms.marines[{i}].task", f"is 'backup', but {name} has no backup weapon")
        records.append(record)
    game.arms = records
    game.characters = {**game._cards, **{m: game._backups[m] for m, a in zip(game.marine_order, records) if a.backup}}
    game.fires = sorted(arms.ints("fires", 0, squares, unique=True))
    game.armed = arms.ints("armed", 0, squares)
    if game.fires and not game.options["fires"]:
        raise position_error(what, "arms.fires", "must be empty: the fires option is off")
    if any(not game.board.passable.flat[s] for s in game.fires):
        raise position_error(what, "arms.fires", "must list open squares (no obstruction, no Stairwell)", game.fires)
    if game.armed and not game.options["hand_grenades"]:
        raise position_error(what, "arms.armed", "must be empty: the hand_grenades option is off")
