"""Bug Hunt (Stephen A. Gilbert, 2008): Colonial Marines explore a colony laid as they go.

A turn (PRINTED sequence): layout (laid whenever the squad sees an open end), Aliens move,
Aliens adjacent to humans make Close Combat attacks, the Marines spend Action Points, then the
Xeno phase (egg caches, impregnated humans, the activation roll for each squad and the placement
of what approaches). Decisions with one legal option are taken automatically.

Marines (one AP-costing action per step for the figure being activated):
    activate[f]      which figure acts next (among those not yet activated this turn)
    move[d]          one square N/E/S/W (1 AP, 2 onto acid holes or debris; no diagonals)
    move_diagonal[d] Predators only (optional side): NE/SE/SW/NW
    door[d]          open or close the door beside the figure (1 AP)
    weld[d]          weld the closed door beside the figure shut (6 AP)
    unweld[d]        work on a welded door (6 AP a turn, open after two turns)
    fire[k]          fire the figure's weapon at target k (pulse rifle/pistol 1 AP, smart-gun and
                     flame-thrower 2 AP)
    grenade[k]       launch a grenade from the squad's pool at target k's square (2 AP)
    overwatch        go into over-watch (2 AP; ends the activation)
    equip[d]         switch the auto sentry beside the figure on or off (equipment operator, 2 AP)
    pick_lock[d]     pick the electronic lock of the door beside the figure (operator, option
                     electronic_locks)
    comms            use the satellite comms terminal the figure stands on or beside (operator,
                     option satellite_comms)
    activate_apc     drive the M12 APC next (option apc; a figure must be inside): then drive[d]
                     one square (1 of its 10 movement), fire[k] its midi-gun (2), end
    end              finish this figure; unused AP are lost
    overwatch_fire   (during the Aliens' move) hold or fire when an Alien spends an AP in sight
  AP come from the figure's own first, then from its squad's d6 pool (the leader's).
  Target k is the k-th visible target in range (Aliens, intact egg caches, active sentries) by
  (range, kind, id).
Hive (the Bug Master's choices; the dice AI makes them as the rulebook says):
    order[a]      which Alien moves next
    step[d]       move the moving Alien one square (8 directions) or open the door there (1 AP)
    stop          that Alien moves no further this turn
    approach[d]   the compass side the Aliens approach from ("same direction" activations)
    attack[f]     which adjacent human an Alien attacks in Close Combat
    summon, appear  only with bug_master_picks: whether the Aliens come, and what comes
"""
from __future__ import annotations

import heapq
import random
import struct
from collections import deque
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from ..core.actions import ActionLayout
from ..core.board import DIRECTION_NAMES, DIRECTIONS
from ..core.dice import Dice
from ..core.game import PhasedGame
from . import data_files, layout as lay
from .colony import (
    CARDINAL, CARDINAL_NAMES, DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR, PASSABLE, WALL, Colony,
)

NO = -1
DIAGONALS = ((-1, 1), (1, 1), (1, -1), (-1, -1))  # NE SE SW NW
MAX_SQUAD = data_files.MAX_SQUAD
MAX_TARGETS = 12
ALIEN_KINDS = ("face_hugger", "dog", "alien", "queen", "chest_burster")
OPTION_NAMES = ("mission", "squad", "ripley_leads", "ripley_four_lp", "turn_limit", "bug_master_picks", "apc",
                "electronic_locks", "satellite_comms")
APC_OPTION = MAX_SQUAD  # the APC's entry among the options of an "activate" decision
FAR = 10_000
_PASSABLE = tuple(bool(x) for x in PASSABLE)  # by cell code, as plain bools (cheaper to index)


@dataclass
class Human:
    name: str
    role: str
    weapon: str
    leader: bool = False
    can_lead: bool = False
    equipment: bool = False
    pos: int = NO
    status: str = "active"  # active | dead | captured | unconscious
    lp: int = 1
    ap: int = 0
    activated: bool = False
    overwatch: bool = False
    moved: bool = False
    hugger: int = NO  # the Face-Hugger attached to this figure
    squad: int = 0  # which squad the figure belongs to
    dreadnaught: bool = False  # Dreadnaught Tactical Armour (+1 in close combat)
    out_of_ammo: bool = False  # an M4 Power Loader's midi-guns ran dry
    in_apc: bool = False  # inside the M12 APC (its square is pos): safe from harm (option apc)


@dataclass
class Alien:
    kind: str
    pos: int = NO
    alive: bool = True
    lp: int = 1
    ap: int = 0
    new: bool = True  # placed this turn: does not move in the next Aliens-move phase
    attached: int = NO  # Face-Hugger: the human it is attached to
    attached_turn: int = 0
    anchored: bool = False  # the Brood Chamber's egg-laying Queen stays put (ASSUMPTION A22)


@dataclass
class Decision:
    kind: str  # activate | act | order | step | approach | attack
    options: list

    @property
    def player(self) -> str:
        return "marines" if self.kind in ("activate", "act", "overwatch_fire", "extra_hit", "drive") else "hive"


DECISION_KINDS = ("activate", "act", "order", "step", "approach", "attack", "summon", "appear", "overwatch_fire",
                  "extra_hit")  # one-hot in the observation's globals
ALL_DECISION_KINDS = DECISION_KINDS + ("drive",)  # "drive": the APC is being driven (its own feature)
#: the rows a Bug Master may pick from when `bug_master_picks` is on (the appears table, with its
#: second roll split into "1D6 Aliens" and "the Queen")
APPEAR_ROWS = (
    {"kind": "face_hugger", "count": "one"}, {"kind": "dog", "count": "d3"}, {"kind": "dog", "count": "d6"},
    {"kind": "alien", "count": "d3"}, {"kind": "alien", "count": "d6"}, {"kind": "queen", "count": "one"},
)
APPEAR_NAMES = ("face_hugger", "d3_dogs", "d6_dogs", "d3_aliens", "d6_aliens", "queen")


class BugHunt(PhasedGame):
    name = "BugHunt"

    def __init__(self, mission: str = "explore", squad: list | str = "colonial_marines", ripley_leads: bool = True,
                 ripley_four_lp: bool = False, turn_limit: int | None = None, bug_master_picks: bool = False,
                 apc: bool = False, electronic_locks: bool = False, satellite_comms: bool = False, **unknown):
        super().__init__()
        if unknown:
            raise ValueError(f"unknown BugHunt option(s) {sorted(unknown)}; allowed: {list(OPTION_NAMES)}")
        missions = data_files.missions()
        if mission not in missions:
            raise ValueError(f"unknown mission {mission!r}; allowed: {sorted(missions)}")
        self.rules = data_files.rules()
        self.mission_name = mission
        self.mission = missions[mission]
        if turn_limit is None:
            turn_limit = self.mission["turn_limit"]
        if not isinstance(turn_limit, int) or isinstance(turn_limit, bool) or turn_limit < 1:
            raise ValueError(f"turn_limit must be a whole number of turns >= 1, got {turn_limit!r}")
        self.turn_limit = turn_limit
        self.squad_option = squad
        self.squad_raw = data_files.squad_raw(squad)
        self.squad_def = data_files.squad_from(self.squad_raw)
        self.n_squads = max(f["squad"] for f in self.squad_def) + 1
        self.ripley_leads = bool(ripley_leads)
        self.ripley_four_lp = bool(ripley_four_lp)
        self.bug_master_picks = bool(bug_master_picks)
        for key, value in (("apc", apc), ("electronic_locks", electronic_locks), ("satellite_comms", satellite_comms)):
            if not isinstance(value, bool):
                raise ValueError(f"option {key} must be true or false, got {value!r}")
        self.apc_option, self.electronic_locks, self.satellite_comms = apc, electronic_locks, satellite_comms
        if not apc and any(f["in_apc"] for f in self.squad_def):
            raise ValueError("squad figures with in_apc: true need the option apc=True")
        self.size = self.rules["grid_size"]
        self.max_aliens = self.rules["max_aliens"]
        self.layout = ActionLayout([
            ("activate", MAX_SQUAD),
            ("move", CARDINAL_NAMES),
            ("move_diagonal", ("NE", "SE", "SW", "NW")),
            ("door", CARDINAL_NAMES),
            ("weld", CARDINAL_NAMES),
            ("unweld", CARDINAL_NAMES),
            ("fire", MAX_TARGETS),
            ("grenade", MAX_TARGETS),
            ("overwatch", 1),
            ("equip", CARDINAL_NAMES),
            ("end", 1),
            ("order", self.max_aliens),
            ("step", DIRECTION_NAMES),
            ("stop", 1),
            ("approach", CARDINAL_NAMES),
            ("attack", MAX_SQUAD),
            ("summon", ["no", "yes"]),
            ("overwatch_fire", ["hold", "fire"]),
            ("extra_hit", MAX_TARGETS),
            ("appear", APPEAR_NAMES),
            ("pick_lock", CARDINAL_NAMES),
            ("comms", 1),
            ("activate_apc", 1),
            ("drive", CARDINAL_NAMES),
        ])
        self._slot = {k: v[0] for k, v in self.layout.slices.items()}
        self.window = self.rules["obs_window"]
        self.observation_shape = (N_PLANES * self.window * self.window + MAX_SQUAD * SQUAD_FEATURES + GLOBAL_FEATURES + MAX_TARGETS * TARGET_FEATURES
                                  + EXTRA_FEATURES,)
        self.reset(0)

    # ==========================================================================================
    # set-up and the contract
    # ==========================================================================================
    def config(self) -> dict:
        return {"mission": self.mission_name, "squad": self.squad_option, "ripley_leads": self.ripley_leads,
                "ripley_four_lp": self.ripley_four_lp, "turn_limit": self.turn_limit,
                "bug_master_picks": self.bug_master_picks, "apc": self.apc_option,
                "electronic_locks": self.electronic_locks, "satellite_comms": self.satellite_comms}

    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        # the layout's own seed (ASSUMPTION A48): each open end is laid with dice seeded from it
        # and the end's squares, so a seed fixes the colony whatever order it is explored in
        self.layout_seed = int(seed) if seed is not None else random.SystemRandom().randrange(2**62)
        self.colony = Colony(self.size)
        start = lay.lay_entry(self.colony, self.rules)
        self.humans: list[Human] = []
        # the APC (option) is parked on the deepest entry square; figures fill the next ones
        self.apc: dict | None = None
        if self.apc_option:
            self.apc = {"pos": self.sq(start[0]), "moves": 0, "activated": False, "driving": False,
                        "moved": False, "out_of_ammo": False, "auto": 0}
            start = start[1:]
        slots = iter(start)
        for f in self.squad_def:
            lp = self.rules["ripley_lp_optional"] if (self.ripley_four_lp and f["name"] == "Ripley") else 1
            h = Human(f["name"], f["role"], f["weapon"], f["leader"], f["can_lead"], f["equipment"], lp=lp,
                      squad=f["squad"], dreadnaught=f["dreadnaught"], in_apc=f["in_apc"])
            if h.in_apc:
                h.pos = self.apc["pos"]
            else:
                nxt = next(slots, None)
                h.pos = self.sq(nxt) if nxt is not None else NO
            self.humans.append(h)
        self.brood_located = False  # a satellite uplink has located the Brood Chamber (A60)
        self._optional_static: bytes | None = None  # the observation's optional block, while it cannot change
        self.aliens: list[Alien] = []
        self.features: list[dict] = []
        self.welds: dict[str, int] = {}  # door square -> turns of un-welding done
        self.unweld_turn: dict[str, int] = {}
        self.turn = 1
        self.phase = "aliens_move"
        # per squad (PRINTED: each squad rolls its pool and has its own six grenades)
        self.pools = [0] * self.n_squads
        self.pools_lost = [False] * self.n_squads
        self.grenade_pools = [self.rules["grenade_pool"]] * self.n_squads
        self.fired_squads = [False] * self.n_squads
        self.xeno_squads: list[int] = []
        self.xeno_squad = NO
        self.ow_queue: list[int] = []  # over-watch figures that may fire at the Alien ow_target
        self.ow_target = NO
        self.extra: dict | None = None  # a smart-gun burst's hits still to place
        self.active = NO
        self.mover = NO
        self.queue: list[int] = []
        self.placement: dict | None = None
        self.rooms_entered = 0
        self.brood_found = False
        self.queen_killed_in_chamber = False
        self.result: str | None = None
        self.decision: Decision | None = None
        self.stats = {"aliens_killed": 0, "humans_dead": 0, "captured": 0, "unconscious": 0, "aliens_placed": 0,
                      "activations": 0, "sections_laid": 0, "rescued": 0, "lost_at_rescue": 0}
        self.events: list[str] = []
        self._cache: dict[str, Any] = {}
        self._shared: dict = {}  # layout-derived caches (graph, path fields), shared by clones
        self._rows: dict = {}  # observe()'s entry per squad figure state (shared by clones: pure)
        self._reveal()
        self._start_phase("aliens_move")
        self._run()

    def outcome(self) -> dict[str, Any]:
        marines = 1 if self.result == "marines" else -1 if self.result == "hive" else 0
        return {"marines": marines, "hive": -marines, "score": {
            **self.stats, "turns": self.turn, "rooms_entered": self.rooms_entered, "brood_found": self.brood_found,
            "queen_killed_in_chamber": self.queen_killed_in_chamber, "result": self.result,
            "squad_able": sum(h.status == "active" for h in self.humans)}}

    def shaping_value(self, side: str) -> float:
        """Marines: +0.05 a room entered, +0.02 an Alien killed, -0.05 a human lost (documented)."""
        lost = self.stats["humans_dead"] + self.stats["captured"] + self.stats["unconscious"]
        v = 0.05 * self.rooms_entered + 0.02 * self.stats["aliens_killed"] - 0.05 * lost
        return v if side == "marines" else -v

    # ==========================================================================================
    # helpers
    # ==========================================================================================
    def sq(self, rc) -> int:
        return rc[0] * self.size + rc[1]

    def rc(self, s: int) -> tuple[int, int]:
        return divmod(s, self.size)

    def cell(self, s: int) -> int:
        return int(self.colony.cells.flat[s])

    def step_sq(self, s: int, dr: int, dc: int) -> int:
        r, c = divmod(s, self.size)
        r, c = r + dr, c + dc
        if 0 <= r < self.size and 0 <= c < self.size:
            return r * self.size + c
        return NO

    def rng(self, a: int, b: int) -> int:
        ar, ac = divmod(a, self.size)
        br, bc = divmod(b, self.size)
        return max(abs(ar - br), abs(ac - bc))

    def los(self, a: int, b: int, radius: int | None = None) -> bool:
        """Line of sight from a to b within `radius` (at most the sight range)."""
        sight = self.rules["sight_range"]
        ar, ac = divmod(a, self.size)
        br, bc = divmod(b, self.size)
        if max(abs(ar - br), abs(ac - bc)) > (sight if radius is None else min(radius, sight)):
            return False
        return bool(self.colony.los_from((ar, ac), sight).flat[b])

    def able_humans(self) -> list[int]:
        return [i for i, h in enumerate(self.humans) if h.status == "active" and h.pos != NO]

    def live_aliens(self) -> list[int]:
        return [i for i, a in enumerate(self.aliens) if a.alive]

    def occupied(self) -> set[int]:
        """Squares no figure may enter: figures (an attached Face-Hugger rides its victim) and
        auto sentry pods (ASSUMPTION A23)."""
        occ = {h.pos for h in self.humans if h.status == "active" and h.pos != NO}
        for a in self.aliens:
            if a.alive and a.attached == NO:
                occ.add(a.pos)
        for f in self.features:
            if f["kind"] == "sentry":
                r, c = f["pos"]
                occ.add(r * self.size + c)
        if self.apc is not None:
            occ.add(self.apc["pos"])  # the APC's square (figures board it with a move, A55)
        return occ

    def figure_at(self, s: int) -> tuple[str, int] | None:
        """The figure a blast or a door on square s would hit (figures inside the APC are safe)."""
        for i, h in enumerate(self.humans):
            if h.status == "active" and h.pos == s and not h.in_apc:
                return ("human", i)
        for i, a in enumerate(self.aliens):
            if a.alive and a.pos == s and a.attached == NO:
                return ("alien", i)
        return None

    def enter_cost(self, s: int) -> int:
        return 1 + (self.rules["hazard_extra_ap"] if self.colony.hazard.flat[s] else 0)

    def _diag_ok(self, s: int, dr: int, dc: int) -> bool:
        """A diagonal step may not cut a wall or door corner (ASSUMPTION A24)."""
        if not (dr and dc):
            return True
        a, b = self.step_sq(s, dr, 0), self.step_sq(s, 0, dc)
        return a != NO and b != NO and PASSABLE[self.cell(a)] and PASSABLE[self.cell(b)]

    def _around(self, s: int) -> list:
        """Square s's 8 neighbours in DIRECTIONS order (N, NE, E, ... NW) on the laid map, each
        (square, cell, AP to enter it, a diagonal step to it cuts no corner) or None off the
        grid; cached per layout version (every change of a square or hazard bumps it)."""
        version = self.colony.version
        cache = self._shared.get("around")
        if cache is None or cache[0] != version:
            cache = self._shared["around"] = (version, {})
        out = cache[1].get(s)
        if out is None:
            cells, hazard = cache[2:] if len(cache) > 2 else (None, None)
            if cells is None:
                cells, hazard = self.colony.cells.ravel().tolist(), self.colony.hazard.ravel().tolist()
                cache = self._shared["around"] = (version, cache[1], cells, hazard)
            size, extra = self.size, self.rules["hazard_extra_ap"]
            r, c = divmod(s, size)
            out = []
            for dr, dc in DIRECTIONS:  # as step_sq, cell, enter_cost and _diag_ok, on plain lists
                rr, cc = r + dr, c + dc
                if not (0 <= rr < size and 0 <= cc < size):
                    out.append(None)
                    continue
                n = rr * size + cc
                corner_ok = not (dr and dc) or (_PASSABLE[cells[rr * size + c]] and _PASSABLE[cells[r * size + cc]])
                out.append((n, cells[n], 1 + (extra if hazard[n] else 0), corner_ok))
            cache[1][s] = out
        return out

    def room_of(self, s: int) -> int:
        pid = int(self.colony.piece.flat[s])
        if pid >= 0 and self.colony.pieces[pid]["kind"] == "room":
            return pid
        return NO

    def exposed(self, h: Human) -> bool:
        """An active figure the Aliens (and acid, blasts, sentries, eggs) can reach: not inside the
        APC (PRINTED: anyone inside is safe from harm)."""
        return h.status == "active" and not h.in_apc

    def crew(self) -> list[int]:
        """Active figures inside the APC."""
        return [i for i, h in enumerate(self.humans) if h.status == "active" and h.in_apc]

    # squad 0's pool, grenades and flags, for single-squad play and tests
    pool = property(lambda self: self.pools[0], lambda self, v: self.pools.__setitem__(0, v))
    pool_lost = property(lambda self: self.pools_lost[0], lambda self, v: self.pools_lost.__setitem__(0, v))
    grenades = property(lambda self: self.grenade_pools[0], lambda self, v: self.grenade_pools.__setitem__(0, v))
    fired = property(lambda self: self.fired_squads[0], lambda self, v: self.fired_squads.__setitem__(0, v))

    def available_ap(self, i: int) -> int:
        sq = self.humans[i].squad
        return self.humans[i].ap + (0 if self.pools_lost[sq] else self.pools[sq])

    def spend(self, i: int, cost: int) -> None:
        h = self.humans[i]
        own = min(h.ap, cost)
        h.ap -= own
        self.pools[h.squad] -= cost - own
        h.overwatch = False  # expending AP in its own phase ends over-watch (PRINTED)

    # ==========================================================================================
    # the phase machine
    # ==========================================================================================
    def _start_phase(self, phase: str) -> None:
        self.phase = phase
        if phase == "aliens_move":
            self.queue = []
            for i, a in enumerate(self.aliens):
                if not a.alive:
                    continue
                a.ap = self.rules["alien_ap"][a.kind]
                if a.new:
                    a.new = False  # newly placed Aliens do not move (PRINTED)
                elif a.attached == NO and not a.anchored:
                    self.queue.append(i)
            self.mover = NO
            if self.apc is not None:
                self.apc["auto"] = self.rules["apc"]["auto_bursts"]
        elif phase == "aliens_cc":
            self.queue = [i for i, a in enumerate(self.aliens) if a.alive and (
                (a.attached != NO and a.attached_turn < self.turn) or (a.attached == NO and self._cc_victims(i)))]
        elif phase == "marines":
            for sq in range(self.n_squads):
                self.fired_squads[sq] = False
                if not self.pools_lost[sq]:
                    self.pools[sq] = self.dice.d6()
                    self.events.append(f"squad {sq} pool {self.pools[sq]} AP")
            for h in self.humans:
                h.ap = self.rules["role_ap"].get(h.role, self.rules["human_ap"]) if h.status == "active" else 0
                h.activated = False
                h.moved = False
            self.active = NO
            if self.apc is not None:
                self.apc.update(activated=False, driving=False, moved=False, moves=0)
        elif phase == "xeno":
            self._xeno_phase()

    def _settle(self) -> bool:
        """The end is checked before any decision: a game just won or lost asks nobody."""
        if self.result is None:
            self._check_end()
        if self.result is not None:
            self.decision = None
            self.phase = "over"
            return False
        return True

    def _advance(self) -> bool:
        if self.ow_queue:
            self._next_overwatch()
        elif self.phase == "aliens_move":
            self._step_aliens_move()
        elif self.phase == "aliens_cc":
            self._step_aliens_cc()
        elif self.phase == "marines":
            self._step_marines()
        elif self.phase == "xeno":
            self._step_xeno()
        return True

    def _check_end(self) -> None:
        if self.queen_killed_in_chamber:
            self._finish("marines", "the Queen is dead in her Brood Chamber: the Aliens lose")
            return
        for h in self.humans:
            if h.status == "active" and h.role != "android":
                break
        else:
            self._finish("hive", "no human of the squad can fight on")
            return
        if self.mission["objective"] == "explore_and_return" and self.rooms_entered >= self.mission["rooms"]:
            able = [h for h in self.humans if h.status == "active"]
            if all(self.colony.entry.flat[h.pos] for h in able):
                self._finish("marines", "the squad is back at the entry with its search done")
                return
        if self.turn > self.turn_limit:
            self._finish("hive", f"turn limit {self.turn_limit} reached")

    def _finish(self, winner: str, why: str) -> None:
        self.result = winner
        self.events.append(why)
        if winner == "marines":  # rescue rolls for captured and hugged figures (PRINTED)
            for h in self.humans:
                if h.status == "captured":
                    ok = self.dice.d6() <= self.rules["rescue_captured_on"]
                elif h.status == "unconscious":
                    ok = self.dice.d6() <= self.rules["rescue_unconscious_on"]
                else:
                    continue
                self.stats["rescued" if ok else "lost_at_rescue"] += 1
                self.events.append(f"{h.name} {'is rescued' if ok else 'is found too late'}")

    def _resolve(self, action: int) -> None:
        kind, index = self.layout.decode(action)
        decision, self.decision = self.decision, None
        self._cache.clear()
        if decision.kind == "activate":
            if kind == "activate_apc":
                self.apc.update(activated=True, driving=True, moves=self.rules["apc"]["movement"])
                self.events.append("the APC moves out")
            else:
                self.active = index
                self.humans[index].activated = True
        elif decision.kind == "act":
            self._marine_action(kind, index)
        elif decision.kind == "drive":
            self._apc_action(kind, index)
        elif decision.kind == "order":
            self.mover = index
            self.queue.remove(index)
        elif decision.kind == "step":
            if kind == "stop":
                self.mover = NO
            else:
                self._alien_step(self.mover, index)
        elif decision.kind == "approach":
            self._place_approach(index)
        elif decision.kind == "extra_hit":
            self._extra_hit(decision.options[index])
            self._next_extra_hit()
        elif decision.kind == "overwatch_fire":
            self._overwatch_shot(index == 1)
        elif decision.kind == "summon":
            self.placement = {"stage": "appear"} if index == 1 else None
            self.events.append("the Bug Master " + ("summons the Aliens" if index == 1 else "holds the Aliens back"))
        elif decision.kind == "appear":
            self.placement = None
            self._approach(APPEAR_ROWS[index])
        elif decision.kind == "attack":
            a = self.queue.pop(0)
            self._close_combat(a, index)

    # ==========================================================================================
    # Aliens move
    # ==========================================================================================
    def _step_aliens_move(self) -> None:
        if self.mover != NO:
            a = self.aliens[self.mover]
            if not a.alive or a.ap <= 0 or a.attached != NO:
                self.mover = NO
            else:
                self.decision = Decision("step", [])
                return
        self.queue = [i for i in self.queue if self.aliens[i].alive and self.aliens[i].attached == NO]
        if not self.queue:
            self._start_phase("aliens_cc")
            return
        if len(self.queue) == 1:
            self.mover = self.queue.pop(0)
            return
        self.decision = Decision("order", list(self.queue))

    def alien_steps(self, i: int) -> dict[int, tuple[int, int]]:
        """direction -> (square, AP cost) for the moving Alien; a closed door there is opened
        instead (1 AP; Face-Huggers cannot open doors; welded doors stay shut)."""
        a = self.aliens[i]
        occ = self.occupied()
        out = {}
        ap = a.ap
        door = self.rules["ap_cost"]["door"]
        for d, near in enumerate(self._around(a.pos)):
            if near is None:
                continue
            n, cell, cost, corner_ok = near
            if cell == DOOR_CLOSED:
                if not d & 1 and a.kind != "face_hugger" and ap >= door:  # even d: N, E, S, W
                    out[d] = (n, door)
                continue
            if not _PASSABLE[cell] or n in occ or not corner_ok:
                continue
            if cost <= ap:
                out[d] = (n, cost)
        return out

    def _alien_step(self, i: int, d: int) -> None:
        a = self.aliens[i]
        n, cost = self.alien_steps(i)[d]
        a.ap -= cost
        if self.cell(n) == DOOR_CLOSED:
            self.colony.cells.flat[n] = DOOR_OPEN
            self.colony.changed()
            self.events.append(f"{a.kind} {i} opens a door")
            self._reveal()
        else:
            a.pos = n
            self._sentries_fire(("alien", i))
        if a.alive and self.apc is not None:
            self._apc_auto_fire(i)
        if a.alive:
            self._overwatch_chances(i)

    # -- the dice AI's rulebook choices ---------------------------------------------------------
    def target_field(self, hugger: bool) -> np.ndarray:
        """Cost (AP) from every square to the nearest human not in combat (androids ignored),
        through doors an Alien may open; 1 means adjacent (PRINTED: Aliens make for the nearest
        human not in combat)."""
        key = ("field", hugger)
        field = self._cache.get(key)
        if field is not None:
            return field
        targets = [h.pos for j, h in enumerate(self.humans)
                   if self.exposed(h) and h.role != "android" and h.pos != NO and not self.in_combat(j)]
        field = self._dijkstra(targets, hugger)
        self._cache[key] = field
        return field

    def in_combat(self, j: int, exclude: int = NO) -> bool:
        h = self.humans[j]
        if h.hugger != NO:
            return True
        return any(a.alive and a.attached == NO and i != exclude and self.rng(a.pos, h.pos) <= 1
                   for i, a in enumerate(self.aliens))

    def graph(self) -> list[list[tuple[int, bool]]]:
        """Moves an Alien could make on the laid map (8 directions, no corner cutting), from and
        into open squares and closed doors, as (square, diagonal) per square (an empty tuple for
        squares off the walkable map); built once per layout version."""
        version = self.colony.version
        shared = self._shared
        if shared.get("graph_version") != version:
            shared.clear()
            shared["graph_version"] = version
            size = self.size
            cells = self.colony.cells
            passable = np.pad(PASSABLE[cells], 1)
            door = np.pad(cells == DOOR_CLOSED, 1)
            walkable = passable | door

            def at(grid: np.ndarray, dr: int, dc: int) -> np.ndarray:
                """grid[r + dr, c + dc] for every square (r, c) of the map; off the map is False."""
                return grid[1 + dr:1 + dr + size, 1 + dc:1 + dc + size]

            nbrs: list = [()] * (size * size)  # squares no Alien can stand on share one empty tuple
            for s in np.flatnonzero(at(walkable, 0, 0)).tolist():
                nbrs[s] = []
            for dr, dc in DIRECTIONS:  # each square's list in DIRECTIONS order
                ok = at(walkable, 0, 0) & at(walkable, dr, dc)
                diag = bool(dr and dc)
                if diag:  # no diagonal through a closed door or across a wall or door corner
                    ok &= ~at(door, 0, 0) & ~at(door, dr, dc) & at(passable, 0, dc) & at(passable, dr, 0)
                off = dr * size + dc
                for s in np.flatnonzero(ok).tolist():
                    nbrs[s].append((s + off, diag))
            shared["graph"] = nbrs
        return shared["graph"]

    def _dijkstra(self, targets: list[int], hugger: bool) -> np.ndarray:
        key = ("dijkstra", tuple(sorted(targets)), hugger)
        nbrs = self.graph()
        cached = self._shared.get(key)
        if cached is not None:
            return cached
        n = self.size * self.size
        dist = [FAR] * n
        heap = []
        for t in targets:
            dist[t] = 0
            heap.append((0, t))
        heapq.heapify(heap)
        cells = self.colony.cells.ravel().tolist()
        hazard = self.colony.hazard.ravel().tolist()
        extra = self.rules["hazard_extra_ap"]
        while heap:
            d0, s = heapq.heappop(heap)
            if d0 > dist[s]:
                continue
            cs = cells[s]
            # the cost of entering s from a neighbour: 1 (+1 hazard); a closed door is opened first (+1)
            if d0 == 0:
                enter = 1
            elif cs == DOOR_CLOSED:
                if hugger:
                    continue
                enter = 2
            else:
                enter = 1 + (extra if hazard[s] else 0)
            nd = d0 + enter
            for m, _diag in nbrs[s]:
                if nd < dist[m]:
                    if hugger and cells[m] == DOOR_CLOSED:
                        continue
                    dist[m] = nd
                    heapq.heappush(heap, (nd, m))
        out = np.array(dist, dtype=np.int32)
        self._shared[key] = out
        return out

    def rulebook_steps(self, i: int) -> list[int]:
        """The steps the rulebook's Alien makes: toward the nearest human not in combat, as far
        as its AP allow; none once it stands beside a human (it will attack) or cannot close in."""
        a = self.aliens[i]
        if any(self.exposed(h) and h.role != "android" and self.rng(h.pos, a.pos) <= 1 for h in self.humans):
            return []
        field = self.target_field(a.kind == "face_hugger")
        here = int(field[a.pos])
        best, out = here, []
        for d, (n, _cost) in self.alien_steps(i).items():
            v = int(field[n])  # opening a closed door on the way counts as progress through it
            if v < best:
                best, out = v, [d]
            elif v == best and v < here:
                out.append(d)
        return out

    def dice_ai_action(self) -> int:
        """The solo rules' choice for the hive decision at hand (ASSUMPTION A25 for the order)."""
        d = self.decision
        s = self._slot
        if d.kind == "order":
            return s["order"] + min(d.options)
        if d.kind == "step":
            steps = self.rulebook_steps(self.mover)
            if not steps:
                return s["stop"]
            return s["step"] + steps[self.dice.pick(len(steps))]
        if d.kind == "approach":
            return s["approach"] + d.options[self.dice.pick(len(d.options))]
        if d.kind == "attack":
            return s["attack"] + d.options[self.dice.pick(len(d.options))]
        if d.kind == "summon":  # the dice decide, as in solo play
            need = self._activation_need()
            return s["summon"] + int(self.dice.d6() >= need)
        if d.kind == "appear":
            row = self._roll_appears()
            return s["appear"] + next(k for k, r in enumerate(APPEAR_ROWS) if r == row)
        legal = np.flatnonzero(self._current_mask())
        return int(legal[self.dice.pick(len(legal))])

    # ==========================================================================================
    # Close Combat
    # ==========================================================================================
    def _cc_victims(self, i: int) -> list[int]:
        a = self.aliens[i]
        return [j for j, h in enumerate(self.humans)
                if self.exposed(h) and h.role != "android" and self.rng(h.pos, a.pos) <= 1]

    def _step_aliens_cc(self) -> None:
        while self.queue:
            i = self.queue[0]
            a = self.aliens[i]
            if not a.alive:
                self.queue.pop(0)
                continue
            if a.attached != NO:
                self.queue.pop(0)
                self._hugger_struggle(i)
                return
            victims = self._cc_victims(i)
            if not victims:
                self.queue.pop(0)
                continue
            if len(victims) == 1:
                self.queue.pop(0)
                self._close_combat(i, victims[0])
                return
            self.decision = Decision("attack", victims)
            return
        self._start_phase("marines")

    def _cc_roll(self, alien_dice: int, human_dice: int, alien_penalty: int = 0, human_bonus: int = 0) -> tuple[int, int]:
        """Both sides roll their pools; the highest die counts; ties fight on (PRINTED). A Power
        Loader takes `alien_penalty` off every die rolled against it."""
        for _ in range(self.rules["max_cc_rounds"]):
            a = max(self.dice.d6() for _ in range(alien_dice)) - alien_penalty
            h = max(self.dice.d6() for _ in range(human_dice)) + human_bonus
            if a != h:
                return a, h
        return 0, 1  # ASSUMPTION A12: an endless tie goes to the defender

    def _armour_bonus(self, h: Human) -> int:
        return self.rules["dreadnaught_bonus"] if h.dreadnaught else 0

    def _passenger_saved(self, h: Human) -> bool:
        """M4 Military Power Loader: a hit on the passenger is negated on 1-4 (PRINTED)."""
        if h.role != "power_loader" or h.weapon != "midi_guns":
            return False
        roll = self.dice.d6()
        saved = roll <= self.rules["loader_passenger_save"]
        self.events.append(f"the Loader's armour {'saves' if saved else 'fails'} {h.name} ({roll})")
        return saved

    def _loader_penalty(self, h: Human) -> int:
        return self.rules["power_loader_enemy_penalty"] if h.role == "power_loader" else 0

    def _close_combat(self, i: int, j: int) -> None:
        a, h = self.aliens[i], self.humans[j]
        h.overwatch = False  # a Close Combat attack breaks over-watch (PRINTED)
        cc = self.rules["cc_dice"]
        ar, hr = self._cc_roll(cc[a.kind], cc[h.role], self._loader_penalty(h), self._armour_bonus(h))
        if hr > ar:
            self.events.append(f"{h.name} beats the {a.kind} {i} in close combat ({hr} v {ar})")
            self._hit_alien(i, acid=False)
            return
        margin = ar - hr
        self.events.append(f"the {a.kind} {i} wins close combat on {h.name} ({ar} v {hr})")
        if self._passenger_saved(h):
            return
        if a.kind == "face_hugger":
            a.attached, a.attached_turn, a.pos = j, self.turn, h.pos
            h.hugger = i
            self.events.append(f"a Face-Hugger attaches to {h.name}")
        elif margin <= self.rules["grab_margin_max"]:
            self._remove_human(j, "captured")
        else:
            self._hurt_human(j, save=False)  # killed (or a wound, for Ripley with 4 LP); saves are rolled above

    def _hugger_struggle(self, i: int) -> None:
        a = self.aliens[i]
        j = a.attached
        h = self.humans[j]
        cc = self.rules["cc_dice"]
        ar, hr = self._cc_roll(cc["face_hugger"], cc[h.role], self._loader_penalty(h), self._armour_bonus(h))
        if ar > hr:
            self.events.append(f"{h.name} falls unconscious under the Face-Hugger")
            a.alive, a.pos, a.attached = False, NO, NO
            h.hugger = NO
            self._remove_human(j, "unconscious")
            return
        self.events.append(f"{h.name} tears the Face-Hugger off")
        a.attached = NO
        h.hugger = NO
        self._throw_hugger(i, h.pos, self.dice.d6())

    def _throw_hugger(self, i: int, origin: int, distance: int) -> None:
        """Thrown 1D6 squares (PRINTED): to a free open square in line of sight as far as
        possible up to that range, one picked by the die among equals (ASSUMPTION A20)."""
        occ = self.occupied()
        best, options = 0, []
        for s in range(self.size * self.size):
            if not PASSABLE[self.cell(s)] or s in occ:
                continue
            r = self.rng(origin, s)
            if r > distance or r == 0 or r < best or not self.los(origin, s, distance):
                continue
            if r > best:
                best, options = r, [s]
            elif r == best:
                options.append(s)
        a = self.aliens[i]
        if not options:
            a.alive, a.pos = False, NO
            return
        a.pos = options[self.dice.pick(len(options))]

    # ==========================================================================================
    # Marines
    # ==========================================================================================
    def _step_marines(self) -> None:
        if self.apc is not None and self.apc["driving"]:
            if self.crew():
                self.decision = Decision("drive", [])
                return
            self.apc["driving"], self.apc["moves"] = False, 0
        if self.active != NO:
            h = self.humans[self.active]
            if h.status == "active" and h.hugger == NO:
                self.decision = Decision("act", [])
                return
            self.active = NO
        pending = [i for i, h in enumerate(self.humans)
                   if h.status == "active" and h.pos != NO and not h.activated and h.hugger == NO]
        if self.apc is not None and not self.apc["activated"] and self.crew():
            pending.append(APC_OPTION)  # the APC is driven by whoever is inside (A55)
        if not pending:
            self.active = NO
            self._start_phase("xeno")
            return
        self.decision = Decision("activate", pending)

    def targets(self) -> list[tuple[str, int]]:
        """Visible targets of the active figure within its weapon's (or the grenade's) reach:
        ("alien", i) and ("egg", feature), by (range, kind, id). While the APC is driven: its
        midi-gun's targets, from its square."""
        cached = self._cache.get("targets")
        if cached is not None:
            return cached
        if self.active == NO and self.apc is not None and self.apc["driving"]:
            pos, reach = self.apc["pos"], self._weapon_range(self.rules["apc"]["weapon"])
        else:
            h = self.humans[self.active]
            pos = h.pos
            reach = max(self._weapon_range(h.weapon), self.rules["weapons"]["grenade"]["range"] if self._can_grenade(self.active) else 0)
        out = []
        if reach > 0:
            size, sight = self.size, self.rules["sight_range"]
            hr, hc = divmod(pos, size)
            seen = None  # the figure's line of sight (as self.los), fetched once something is in reach
            for i, a in enumerate(self.aliens):
                if a.alive and a.pos != pos:
                    ar, ac = divmod(a.pos, size)
                    r = max(abs(ar - hr), abs(ac - hc))
                    if r <= reach and r <= sight:
                        if seen is None:
                            seen = self.colony.los_from((hr, hc), sight).ravel()
                        if seen[a.pos]:
                            out.append((r, 0, i, ("alien", i)))
            for k, f in enumerate(self.features):
                kind = "egg" if f["kind"] == "egg_cache" and f["state"] == "intact" else \
                    "sentry" if f["kind"] == "sentry" and f["state"] == "active" else None
                if kind is not None:
                    s = self.sq(f["pos"])
                    if self.rng(pos, s) <= reach and self.los(pos, s):
                        out.append((self.rng(pos, s), 1, k, (kind, k)))
        cached = [t for *_, t in sorted(out)][:MAX_TARGETS]
        self._cache["targets"] = cached
        return cached

    def _weapon_range(self, weapon: str) -> int:
        w = self.rules["weapons"][weapon]
        return 0 if w is None else w["range"]

    def _can_grenade(self, i: int) -> bool:
        # ASSUMPTION A26: grenades are launched from the pulse rifle's under-slung launcher
        return self.humans[i].weapon == "pulse_rifle" and self.grenade_pools[self.humans[i].squad] > 0

    def _target_square(self, t: tuple[str, int]) -> int:
        return self.aliens[t[1]].pos if t[0] == "alien" else self.sq(self.features[t[1]]["pos"])

    def _adjacent_door(self, i: int, d: int) -> int:
        dr, dc = CARDINAL[d]
        return self.step_sq(self.humans[i].pos, dr, dc)

    def _compute_mask(self) -> np.ndarray:
        d = self.decision
        mask = self.layout.empty_mask()
        s = self._slot
        if d.kind == "activate":
            for i in d.options:
                mask[s["activate_apc"] if i == APC_OPTION else s["activate"] + i] = 1
        elif d.kind == "order":
            for i in d.options:
                mask[s["order"] + i] = 1
        elif d.kind == "step":
            for dd in self.alien_steps(self.mover):
                mask[s["step"] + dd] = 1
            mask[s["stop"]] = 1
        elif d.kind == "approach":
            for dd in d.options:
                mask[s["approach"] + dd] = 1
        elif d.kind == "attack":
            for j in d.options:
                mask[s["attack"] + j] = 1
        elif d.kind == "extra_hit":
            for k in range(len(d.options)):
                mask[s["extra_hit"] + k] = 1
        elif d.kind in ("summon", "appear", "overwatch_fire"):
            for j in d.options:
                mask[s[d.kind] + j] = 1
        elif d.kind == "act":
            self._marine_mask(mask)
        elif d.kind == "drive":
            self._apc_mask(mask)
        return mask

    def _marine_mask(self, mask: np.ndarray) -> None:
        s = self._slot
        i = self.active
        h = self.humans[i]
        ap = self.available_ap(i)
        cost = self.rules["ap_cost"]
        occ = self.occupied()
        around = self._around(h.pos)
        if h.in_apc:  # inside the APC: only leaving it (a move, PRINTED 1 AP like a normal square)
            for d in range(4):  # CARDINAL (N, E, S, W) are DIRECTIONS 0, 2, 4, 6
                near = around[2 * d]
                if near is not None and _PASSABLE[near[1]] and near[0] not in occ and near[2] * cost["move"] <= ap:
                    mask[s["move"] + d] = 1
            mask[s["end"]] = 1
            return
        apc_sq, board = NO, False
        if self.apc is not None:
            apc_sq = self.apc["pos"]
            board = (h.role in self.rules["apc"]["crew_roles"] and ap >= self.rules["apc"]["board_cost"] * cost["move"]
                     and len(self.crew()) < self.rules["apc"]["capacity"])
        for d in range(4):  # CARDINAL (N, E, S, W) are DIRECTIONS 0, 2, 4, 6
            near = around[2 * d]
            if near is None:
                continue
            n, cell, enter, _ = near
            if _PASSABLE[cell] and n not in occ and enter * cost["move"] <= ap:
                mask[s["move"] + d] = 1
            elif n == apc_sq and board:
                mask[s["move"] + d] = 1  # board the APC
            if cell in (DOOR_OPEN, DOOR_CLOSED) and ap >= cost["door"]:
                if cell == DOOR_CLOSED or self.figure_at(n) is None:
                    mask[s["door"] + d] = 1
            if cell == DOOR_CLOSED and ap >= cost["weld"]:
                mask[s["weld"] + d] = 1
            if cell == DOOR_WELDED and ap >= cost["unweld"] and self.unweld_turn.get(str(n)) != self.turn:
                mask[s["unweld"] + d] = 1
            if h.equipment and ap >= cost["equip"] and any(
                    f["kind"] == "sentry" and self.sq(f["pos"]) == n for f in self.features):
                mask[s["equip"] + d] = 1
            if cell == DOOR_LOCKED:  # (option electronic_locks, A58) cut like a weld, or picked by the operator
                if ap >= cost["unweld"] and self.unweld_turn.get(str(n)) != self.turn:
                    mask[s["unweld"] + d] = 1
                if h.equipment and ap >= cost["pick_lock"]:
                    mask[s["pick_lock"] + d] = 1
        if self.satellite_comms and h.equipment and ap >= cost["comms"] and self._comms_terminal(h.pos) != NO:
            mask[s["comms"]] = 1
        if h.role == "predator":  # Predators move as Alien Warriors: diagonals too (PRINTED, optional)
            for k in range(4):  # DIAGONALS (NE, SE, SW, NW) are DIRECTIONS 1, 3, 5, 7
                near = around[2 * k + 1]
                if near is not None:
                    n, cell, enter, corner_ok = near
                    if _PASSABLE[cell] and n not in occ and corner_ok and enter * cost["move"] <= ap:
                        mask[s["move_diagonal"] + k] = 1
        if h.weapon != "none" and not h.out_of_ammo:
            fire_cost = cost[f"fire_{h.weapon}"]
            rng_w = self._weapon_range(h.weapon)
            gren = self._can_grenade(i) and ap >= cost["grenade"]
            grange = self.rules["weapons"]["grenade"]["range"]
            for k, t in enumerate(self.targets()):
                r = self.rng(h.pos, self._target_square(t))
                if ap >= fire_cost and r <= rng_w:
                    mask[s["fire"] + k] = 1
                if gren and r <= grange:
                    mask[s["grenade"] + k] = 1
            if ap >= cost["overwatch"] and not h.overwatch:
                mask[s["overwatch"]] = 1
        mask[s["end"]] = 1

    def _marine_action(self, kind: str, index: int) -> None:
        i = self.active
        h = self.humans[i]
        cost = self.rules["ap_cost"]
        if kind == "end":
            self.events.append(f"{h.name} ends")
            self.active = NO
            return
        if kind in ("move", "move_diagonal"):
            dr, dc = CARDINAL[index] if kind == "move" else DIAGONALS[index]
            n = self.step_sq(h.pos, dr, dc)
            if self.apc is not None and n == self.apc["pos"]:  # boarding the APC (PRINTED 1 AP)
                self.spend(i, self.rules["apc"]["board_cost"] * cost["move"])
                h.pos, h.in_apc, h.moved = n, True, True
                self.events.append(f"{h.name} boards the APC")
                return
            self.spend(i, self.enter_cost(n) * cost["move"])
            if h.in_apc:
                h.in_apc = False
                self.events.append(f"{h.name} leaves the APC")
            h.pos = n
            h.moved = True
            self._after_human_move(i)
        elif kind == "door":
            n = self._adjacent_door(i, index)
            self.spend(i, cost["door"])
            opening = self.cell(n) == DOOR_CLOSED
            self.colony.cells.flat[n] = DOOR_OPEN if opening else DOOR_CLOSED
            self.colony.changed()
            self.events.append(f"{h.name} {'opens' if opening else 'closes'} a door")
            self._reveal()
        elif kind == "weld":
            n = self._adjacent_door(i, index)
            self.spend(i, cost["weld"])
            self.colony.cells.flat[n] = DOOR_WELDED
            self.welds[str(n)] = 0
            self.colony.changed()
            self.events.append(f"{h.name} welds a door shut")
        elif kind == "unweld":
            n = self._adjacent_door(i, index)
            self.spend(i, cost["unweld"])
            done = self.welds.get(str(n), 0) + 1
            self.unweld_turn[str(n)] = self.turn
            if done >= self.rules["unweld_turns"]:
                self.colony.cells.flat[n] = DOOR_CLOSED
                self.welds.pop(str(n), None)
                self.colony.changed()
                self.events.append(f"{h.name} cuts the weld: the door is shut but free")
            else:
                self.welds[str(n)] = done
                self.events.append(f"{h.name} works on the weld ({done}/{self.rules['unweld_turns']})")
        elif kind == "equip":
            n = self._adjacent_door(i, index)
            self.spend(i, cost["equip"])
            f = next(f for f in self.features if f["kind"] == "sentry" and self.sq(f["pos"]) == n)
            f["state"] = "inactive" if f["state"] == "active" else "active"
            self.events.append(f"{h.name} switches an auto sentry {'on' if f['state'] == 'active' else 'off'}")
        elif kind == "pick_lock":
            n = self._adjacent_door(i, index)
            self.spend(i, cost["pick_lock"])
            roll = self.dice.d6()
            if roll >= self.rules["electronic_locks"]["pick_on"]:
                self.colony.cells.flat[n] = DOOR_CLOSED
                self.colony.changed()
                self.events.append(f"{h.name} picks the electronic lock ({roll}): the door is shut but free")
            else:
                self.events.append(f"{h.name} fails to pick the lock ({roll})")
        elif kind == "comms":
            k = self._comms_terminal(h.pos)
            self.spend(i, cost["comms"])
            self.features[k]["state"] = "used"
            self.brood_located = True
            self.events.append(f"{h.name} makes the satellite uplink: the scan locates the Brood Chamber")
        elif kind == "overwatch":
            self.spend(i, cost["overwatch"])
            h.overwatch = True
            self.events.append(f"{h.name} goes into over-watch")
            self.active = NO
        elif kind == "fire":
            t = self.targets()[index]
            self.spend(i, cost[f"fire_{h.weapon}"])
            self.fired_squads[h.squad] = True
            self._fire(i, t)
        elif kind == "grenade":
            t = self.targets()[index]
            self.spend(i, cost["grenade"])
            self.fired_squads[h.squad] = True
            self.grenade_pools[h.squad] -= 1
            self._grenade(i, self._target_square(t))
        if h.status != "active" or h.hugger != NO:
            self.active = NO

    # -- the M12 APC (option apc; ASSUMPTIONS A55-A57) ------------------------------------------
    def _apc_mask(self, mask: np.ndarray) -> None:
        """Driving the APC: one square N/E/S/W onto open floor (1 movement, 2 onto acid holes or
        debris; not through doorways unless apc.through_doors), a manual midi-gun burst at a
        target in sight and range (apc.fire_cost movement), or end."""
        s = self._slot
        apc, cfg = self.apc, self.rules["apc"]
        occ = self.occupied()
        for d, (dr, dc) in enumerate(CARDINAL):
            n = self.step_sq(apc["pos"], dr, dc)
            if n == NO:
                continue
            cell = self.cell(n)
            if (cell == FLOOR or (cell == DOOR_OPEN and cfg["through_doors"])) and n not in occ \
                    and self.enter_cost(n) <= apc["moves"]:
                mask[s["drive"] + d] = 1
        if not apc["out_of_ammo"] and apc["moves"] >= cfg["fire_cost"]:
            for k in range(len(self.targets())):
                mask[s["fire"] + k] = 1
        mask[s["end"]] = 1

    def _apc_action(self, kind: str, index: int) -> None:
        apc, cfg = self.apc, self.rules["apc"]
        if kind == "end":
            apc["driving"], apc["moves"] = False, 0  # unused movement is lost, like unused AP
            self.events.append("the APC stops")
        elif kind == "drive":
            dr, dc = CARDINAL[index]
            n = self.step_sq(apc["pos"], dr, dc)
            apc["moves"] -= self.enter_cost(n)
            apc["pos"], apc["moved"] = n, True
            crew = self.crew()
            for j in crew:
                self.humans[j].pos = n
            self._reveal(n)  # the crew sees from the APC's square
            room = self.room_of(n)
            if crew and room != NO and not self.colony.pieces[room]["entered"]:
                self._enter_room(room, crew[0])
        elif kind == "fire":
            t = self.targets()[index]
            apc["moves"] -= cfg["fire_cost"]
            for j in self.crew():
                self.fired_squads[self.humans[j].squad] = True
            self.events.append("the APC's crew fires the twin midi-gun")
            self._apc_fire(t)

    def _apc_fire(self, t: tuple[str, int]) -> None:
        """One burst of the twin midi-gun: the M4 Loader's midi-guns (A57): out of ammo on two 1s
        or 2s, that burst's hits still count; a hit kills (the Queen loses 1 LP)."""
        w = self.rules["weapons"][self.rules["apc"]["weapon"]]
        rolls = [self.dice.d6() for _ in range(w["dice"])]
        hits = sum(r >= w["hit"] for r in rolls)
        self.events.append(f"the APC's midi-gun fires: {rolls}")
        if "out_of_ammo_on" in w and sum(r <= w["out_of_ammo_on"] for r in rolls) >= w["out_of_ammo_dice"]:
            self.apc["out_of_ammo"] = True
            self.events.append("the APC's midi-gun is out of ammo")
        if hits:
            self._hit_target(t)

    def _apc_auto_fire(self, i: int) -> None:
        """PRINTED: the onboard computer fires on enemy presence. DESIGNED (A57): at the first
        Alien that spends an AP in the APC's sight and range, apc.auto_bursts times per Aliens'
        move phase; it needs no crew and never fires at humans."""
        apc = self.apc
        if apc is None or apc["auto"] <= 0 or apc["out_of_ammo"]:
            return
        a = self.aliens[i]
        rng_w = self._weapon_range(self.rules["apc"]["weapon"])
        if not a.alive or self.rng(apc["pos"], a.pos) > rng_w or not self.los(apc["pos"], a.pos):
            return
        apc["auto"] -= 1
        self.events.append(f"the APC's onboard computer fires at the {a.kind} {i}")
        self._apc_fire(("alien", i))

    def _after_human_move(self, i: int) -> None:
        h = self.humans[i]
        self._sentries_fire(("human", i))
        if h.status != "active":
            return
        self._reveal(h.pos)
        room = self.room_of(h.pos)
        if room != NO and not self.colony.pieces[room]["entered"]:
            self._enter_room(room, i)

    def _enter_room(self, room: int, i: int) -> None:
        piece = self.colony.pieces[room]
        piece["entered"] = True
        before = self.rooms_entered
        self.rooms_entered += 1
        self.events.append(f"{self.humans[i].name} enters a {piece['room'].replace('_', ' ')} (room {self.rooms_entered})")
        if self.mission["brood_chamber"] and not self.brood_found and not piece.get("brood") and self.brood_located:
            # the satellite scan's fix (A60): the next new room is the Brood Chamber, no roll
            piece["brood"] = True
            piece["special"] = "brood_chamber"
            self.events.append("Brood Chamber found where the satellite scan placed it!")
            self._fill_brood(room, self.humans[i].pos)
        elif (self.mission["brood_chamber"] and not self.brood_found and not piece.get("brood")
                and before >= self.rules["brood_check_after_rooms"]):
            roll = self.dice.d6()
            if roll >= self.rules["brood_found_on"]:
                piece["brood"] = True
                piece["special"] = "brood_chamber"
                self.events.append(f"Brood Chamber found ({roll})!")
                self._fill_brood(room, self.humans[i].pos)

    # ==========================================================================================
    # layout as the squad sees it
    # ==========================================================================================
    def _reveal(self, viewer: int = NO) -> None:
        """Lay every open end (or open door) a squad figure sees within reveal range, until no
        new one is seen (PRINTED: you only lay what the Marines can see). After a figure's own
        move only its view has changed, so only it is checked until something new is laid."""
        col = self.colony
        radius = self.rules["reveal_range"]
        while True:
            if viewer != NO:
                viewers, viewer = [viewer], NO
            else:
                viewers = [h.pos for h in self.humans if h.status == "active" and h.pos != NO]
            found = NO
            size, sight = self.size, self.rules["sight_range"]
            views: dict[int, np.ndarray] = {}  # viewer -> its line of sight, once a mouth is in range
            for k, mouths in self._open_mouths():
                for v in viewers:
                    vr, vc = divmod(v, size)
                    for m in mouths:  # as self.los(v, m, radius)
                        mr, mc = divmod(m, size)
                        if max(abs(vr - mr), abs(vc - mc)) > min(radius, sight):
                            continue
                        seen = views.get(v)
                        if seen is None:
                            seen = views[v] = col.los_from((vr, vc), sight).ravel()
                        if seen[m]:
                            found = k
                            break
                    if found != NO:
                        break
                if found != NO:
                    break
            if found == NO:
                self._reopen()
                return
            before = len(col.pieces)
            brood_exists = self.brood_found or any(p.get("brood") for p in col.pieces)
            new = lay.resolve_port(col, found, self.layout_dice(col.ports[found]), self.rules, brood_exists)
            self.stats["sections_laid"] += len(col.pieces) - before
            self.features.extend(new)
            self._equip_new_pieces(before)
            for pid in range(before, len(col.pieces)):
                if col.pieces[pid].get("brood"):
                    self.events.append("the door opens on the Brood Chamber!")
                    port = col.ports[found]
                    entrance = port["door"] if port["door"] is not None else port["cells"][0]
                    self._fill_brood(pid, self.sq(entrance))

    def _open_mouths(self) -> list[tuple[int, list[int]]]:
        """(port index, the squares a figure must see to lay it) for every pending open end and
        every pending door that stands open; kept per layout version (every change of a port or
        a door bumps it)."""
        col = self.colony
        cached = self._shared.get("mouths")
        if cached is not None and cached[0] == col.version:
            return cached[1]
        out = []
        for k, port in enumerate(col.ports):
            if port["state"] != "pending":
                continue
            if port["kind"] == "door":
                door = self.sq(port["door"])
                if self.cell(door) != DOOR_OPEN:
                    continue
                out.append((k, [door]))
            else:
                dr, dc = CARDINAL[port["d"]]
                out.append((k, [self.step_sq(self.sq(q), -dr, -dc) for q in port["cells"]]))
        self._shared["mouths"] = (col.version, out)
        return out

    def _reopen(self) -> None:
        """ASSUMPTION A54: the tabletop layout never runs out, but sections laid on a finite grid
        can seal every open end. Then a closed door is found in the wall of a laid corridor or
        room where a section would fit beyond it (picked with dice seeded from the layout seed),
        and exploration goes on through it."""
        col = self.colony
        if any(p["state"] == "pending" for p in col.ports) or self._shared.get("reopen_failed") == col.version:
            return
        candidates = []
        for pid, piece in enumerate(col.pieces):
            if piece["kind"] not in ("corridor", "room", "entry"):
                continue
            r0, c0, r1, c1 = piece["rect"]
            sides = (
                (0, [(r0 - 1, c) for c in range(c0, c1 + 1)]), (2, [(r1 + 1, c) for c in range(c0, c1 + 1)]),
                (1, [(r, c1 + 1) for r in range(r0, r1 + 1)]), (3, [(r, c0 - 1) for r in range(r0, r1 + 1)]),
            )
            for d, line in sides:
                dr, dc = CARDINAL[d]
                for r, c in line:
                    if col.cells[r, c] != WALL:
                        continue
                    beyond = (r + dr, c + dc)
                    if col.fits(col.rect_cells(beyond, d, 2, 2)):
                        candidates.append((r, c, d, pid))
        if not candidates:
            self._shared["reopen_failed"] = col.version  # the grid is full: look again only once it changes
            return
        candidates.sort()
        dice = Dice(f"bug-hunt-reopen:{self.layout_seed}:{len(col.ports)}")
        r, c, d, pid = candidates[dice.pick(len(candidates))]
        dr, dc = CARDINAL[d]
        col.cells[r, c] = DOOR_CLOSED
        col.add_port([(r + dr, c + dc)], d, "door", pid, (r, c))
        col.changed()
        self.events.append("every way on is sealed: a closed door is found")

    def _equip_new_pieces(self, before: int) -> None:
        """Optional equipment in newly laid sections: electronic locks on closed doors (A58) and
        a comms terminal in communications centres (A59); each lock is rolled with a die seeded
        from the layout seed and the door's square, so a seed still fixes the colony (A48)."""
        col = self.colony
        for pid in range(before, len(col.pieces)):
            piece = col.pieces[pid]
            if self.electronic_locks:
                for r, c in piece.get("doors", ()):
                    if col.cells[r, c] == DOOR_CLOSED and self.lock_roll((r, c)) >= self.rules["electronic_locks"]["locked_on"]:
                        col.cells[r, c] = DOOR_LOCKED
                        col.changed()
            if self.satellite_comms and piece["kind"] == "room" \
                    and piece.get("special") in self.rules["satellite_comms"]["rooms"]:
                r0, c0, r1, c1 = piece["rect"]
                # a console on the room's first row, middle (clear of the centre item; it does not block)
                self.features.append({"kind": "comms_terminal", "pos": [r0, (c0 + c1) // 2], "state": "ready"})

    def lock_roll(self, door: tuple[int, int]) -> int:
        """The d6 that says whether a closed door laid at `door` is electronically locked."""
        return Dice(f"bug-hunt-lock:{self.layout_seed}:{door[0]}:{door[1]}").d6()

    def _comms_terminal(self, pos: int) -> int:
        """The ready comms terminal on or beside square pos (a feature index), when using it
        would still do something: the mission has a Brood Chamber not yet found or located."""
        if not self.satellite_comms or not self.mission["brood_chamber"] or self.brood_found or self.brood_located:
            return NO
        for k, f in enumerate(self.features):
            if f["kind"] == "comms_terminal" and f["state"] == "ready" and self.rng(self.sq(f["pos"]), pos) <= 1:
                return k
        return NO

    def layout_dice(self, port: dict) -> Dice:
        """The dice that lay what lies at an open end: seeded by the game's layout seed and the
        end's first square and direction."""
        r, c = port["cells"][0]
        return Dice(f"bug-hunt-layout:{self.layout_seed}:{r}:{c}:{port['d']}")

    def _fill_brood(self, room: int, entrance: int) -> None:
        """A Queen, 1D6+2 egg caches and 2D6 Aliens (PRINTED); the Queen at the square farthest
        from where the squad comes in, eggs nearest her, Aliens on the next farthest free squares;
        what does not fit is not placed (ASSUMPTION A21)."""
        self.brood_found = True
        eggs = self.dice.d6() + self.rules["brood_eggs_base"]
        n_aliens = sum(self.dice.d6() for _ in range(self.rules["brood_alien_dice"]))
        squares = [self.sq(q) for q in lay.piece_squares(self.colony, room)]
        occ = self.occupied()
        free = sorted((s for s in squares if s not in occ), key=lambda s: (-self.rng(s, entrance), s))
        if not free:
            return
        queen_sq = free.pop(0)
        self._add_alien("queen", queen_sq, anchored=True)
        for s in sorted(squares, key=lambda s: (self.rng(s, queen_sq), s))[1:eggs + 1]:
            self.features.append({"kind": "egg_cache", "pos": list(self.rc(s)), "state": "intact"})
        for s in free[:n_aliens]:
            self._add_alien("alien", s)

    def _add_alien(self, kind: str, s: int, anchored: bool = False) -> int:
        if len(self.live_aliens()) >= self.max_aliens:
            self.events.append(f"no {kind} counter left (pool of {self.max_aliens})")
            return NO
        a = Alien(kind, pos=int(s), lp=self.rules["queen_lp"] if kind == "queen" else 1, anchored=anchored)
        slot = next((k for k, old in enumerate(self.aliens) if not old.alive), NO)
        if slot == NO:
            self.aliens.append(a)
            slot = len(self.aliens) - 1
        else:
            self.aliens[slot] = a
            if slot in self.queue:
                self.queue.remove(slot)
        self.stats["aliens_placed"] += 1
        return slot

    # ==========================================================================================
    # firing
    # ==========================================================================================
    def _fire(self, i: int, t: tuple[str, int]) -> None:
        h = self.humans[i]
        w = self.rules["weapons"][h.weapon]
        square = self._target_square(t)
        if h.weapon == "flame_thrower":
            roll = self.dice.d6()
            self.events.append(f"{h.name} fires the flame-thrower ({roll})")
            if roll >= w["hit"]:
                self._blast(square, flame=True)
            return
        rolls = [self.dice.d6() for _ in range(w["dice"])]
        hits = sum(r >= w["hit"] for r in rolls)
        self.events.append(f"{h.name} fires the {h.weapon.replace('_', ' ')}: {rolls}")
        if h.weapon == "combi_weapon":
            # PRINTED: to hit 5, automatic against eggs and Face-Huggers; ASSUMPTION A50: each
            # hit on the Queen costs her a Life Point, other targets die on the first
            kind = "egg" if t[0] != "alien" else self.aliens[t[1]].kind
            if kind in w["auto_vs"]:
                hits = max(hits, 1)
            for _ in range(hits if t[0] == "alien" and self.aliens[t[1]].kind == "queen" else min(hits, 1)):
                self._hit_target(t)
            return
        if h.weapon == "midi_guns":
            low = sum(r <= w["out_of_ammo_on"] for r in rolls)
            if low >= w["out_of_ammo_dice"]:
                h.out_of_ammo = True  # the hits of this burst still count (PRINTED)
                self.events.append(f"{h.name}'s midi-guns are out of ammo")
        if not hits:
            return
        self.extra = {"shooter": i, "hits": hits - 1, "squares": [square],
                       "done": [t[1]] if t[0] == "alien" else []}
        self._hit_target(t)
        if w.get("extra_hit_radius", 0) > 0:
            self._next_extra_hit()
        else:
            self.extra = None

    def extra_hit_options(self) -> list[int]:
        """Aliens a smart-gun's further hits may go to (PRINTED: other targets in sight and range
        within 3 squares of a target already hit), nearest to a hit one first (A27)."""
        e = self.extra
        h = self.humans[e["shooter"]]
        w = self.rules["weapons"][h.weapon]
        out = []
        for k, a in enumerate(self.aliens):
            if not a.alive or k in e["done"]:
                continue
            near = min(self.rng(a.pos, s) for s in e["squares"])
            if near <= w["extra_hit_radius"] and self.rng(h.pos, a.pos) <= w["range"] and self.los(h.pos, a.pos):
                out.append((near, k))
        return [k for _, k in sorted(out)][:MAX_TARGETS]

    def _next_extra_hit(self) -> None:
        """Place the burst's remaining hits: the Marines choose among two or more targets."""
        while self.extra is not None:
            e = self.extra
            options = self.extra_hit_options() if e["hits"] > 0 and self.humans[e["shooter"]].status == "active" else []
            if not options:
                self.extra = None
                return
            if len(options) > 1:
                self.decision = Decision("extra_hit", options)
                return
            self._extra_hit(options[0])

    def _extra_hit(self, k: int) -> None:
        e = self.extra
        e["hits"] -= 1
        e["done"].append(k)
        e["squares"].append(self.aliens[k].pos)
        self._hit_target(("alien", k))

    def _hit_target(self, t: tuple[str, int], acid: bool = True) -> None:
        if t[0] in ("egg", "sentry"):
            self.features[t[1]]["state"] = "destroyed"
            self.events.append(f"{'an egg cache' if t[0] == 'egg' else 'an auto sentry'} is destroyed")
        else:
            self._hit_alien(t[1], acid=acid)

    def _hit_alien(self, i: int, acid: bool) -> None:
        """A hit kills, or costs the Queen 1 LP (PRINTED); non-flame hits splash acid."""
        a = self.aliens[i]
        if not a.alive:
            return
        square, host = a.pos, a.attached
        a.lp -= 1
        if a.lp <= 0:
            self._kill_alien(i)
        else:
            self.events.append(f"the Queen is hit ({a.lp} LP left)")
        if acid:
            self._acid(square, host)

    def _kill_alien(self, i: int) -> None:
        a = self.aliens[i]
        if a.attached != NO:
            self.humans[a.attached].hugger = NO
        if a.kind == "queen":
            room = self.room_of(a.pos)
            if room != NO and self.colony.pieces[room].get("brood"):
                self.queen_killed_in_chamber = True
        a.alive, a.attached = False, NO
        self.stats["aliens_killed"] += 1
        self.events.append(f"the {a.kind} {i} is killed")
        a.pos = NO

    def _acid(self, square: int, victim: int) -> None:
        """PRINTED: non-aliens beside a hit Alien are splashed on 1-2; Marines' armour fails on
        1-3, civilians die; a Face-Hugger's host is splashed by any attack but close combat."""
        for j, h in enumerate(self.humans):
            if not self.exposed(h) or self.rng(h.pos, square) > 1:
                continue
            if j != victim and self.dice.d6() > self.rules["acid_splash_on"]:
                continue
            self.events.append(f"acid splashes {h.name}")
            if h.role in ("marine", "predator") and self.dice.d6() > self.rules["armour_fails_on"]:
                self.events.append(f"{h.name}'s armour holds")
                continue
            self._hurt_human(j)

    def _hurt_human(self, j: int, save: bool = True) -> None:
        h = self.humans[j]
        if save and self._passenger_saved(h):
            return
        h.lp -= 1
        if h.lp <= 0:
            self._remove_human(j, "dead")
        else:
            self.events.append(f"{h.name} is hit ({h.lp} LP left)")

    def _remove_human(self, j: int, status: str) -> None:
        h = self.humans[j]
        if h.status != "active":
            return
        h.status = status
        if h.hugger != NO:  # a Face-Hugger on a dead host drops off where it lay
            a = self.aliens[h.hugger]
            a.attached = NO
            a.pos = h.pos
            h.hugger = NO
        h.pos = NO
        h.overwatch = False
        h.in_apc = False
        self.stats["humans_dead" if status == "dead" else status] += 1
        self.events.append(f"{h.name} is {status}")
        self._check_leader()

    def _check_leader(self) -> None:
        """Each squad's leader spends its pool; a lost leader loses it for good, unless a main
        character (Ripley) takes the squad over, joining it if she was in another (A52)."""
        for sq in range(self.n_squads):
            if self.pools_lost[sq]:
                continue
            leader = next((h for h in self.humans if h.leader and h.squad == sq), None)
            if leader is not None and leader.status == "active":
                continue
            if leader is not None:
                leader.leader = False
            if self.ripley_leads:
                heir = next((h for h in self.humans if h.can_lead and h.status == "active" and not h.leader), None)
                if heir is not None:
                    heir.leader = True
                    heir.squad = sq
                    self.events.append(f"{heir.name} takes over squad {sq}")
                    continue
            self.pools_lost[sq] = True
            self.pools[sq] = 0
            self.events.append(f"squad {sq}'s leader is lost: no more pool AP")

    def _blast(self, square: int, flame: bool) -> None:
        """The target square is hit; every adjacent square with a figure or an egg cache rolls
        two dice and a 4-6 hits (PRINTED; either die, ASSUMPTION A11)."""
        self._blast_square(square, flame)
        rule = self.rules["blast_adjacent"]
        for dr, dc in DIRECTIONS:
            n = self.step_sq(square, dr, dc)
            if n == NO or not self._blast_has_victim(n):
                continue
            rolls = [self.dice.d6() for _ in range(rule["dice"])]
            if max(rolls) >= rule["kill_on"]:
                self._blast_square(n, flame)

    def _blast_has_victim(self, s: int) -> bool:
        return self.figure_at(s) is not None or any(
            _blastable(f) and self.sq(f["pos"]) == s for f in self.features)

    def _blast_square(self, s: int, flame: bool) -> None:
        for k, f in enumerate(self.features):
            if _blastable(f) and self.sq(f["pos"]) == s:
                self._hit_target(("egg" if f["kind"] == "egg_cache" else "sentry", k))
        who = self.figure_at(s)
        if who is None:
            return
        if who[0] == "alien":
            self._hit_alien(who[1], acid=not flame)
        else:
            j = who[1]
            hugger = self.humans[j].hugger
            self._hurt_human(j)
            if hugger != NO and self.aliens[hugger].alive:
                self._hit_alien(hugger, acid=not flame)

    def _grenade(self, i: int, target: int) -> None:
        """PRINTED: a 5-6 lands on the target square; else a d6 for the direction (1-2 over,
        3 left, 4 right, 5-6 under) and 1D3 squares; it stops short of a wall (ASSUMPTION A28)."""
        h = self.humans[i]
        w = self.rules["weapons"]["grenade"]
        roll = self.dice.d6()
        landing = target
        if roll < w["hit"]:
            way = self.rules["grenade_scatter"][self.dice.d6()]
            dist = self.rules["d3"][self.dice.d6()]
            (r0, c0), (r1, c1) = self.rc(h.pos), self.rc(target)
            dr, dc = _sign(r1 - r0), _sign(c1 - c0)
            if way == "undershoot":
                dr, dc = -dr, -dc
            elif way == "left":
                dr, dc = -dc, dr
            elif way == "right":
                dr, dc = dc, -dr
            for _ in range(dist):
                n = self.step_sq(landing, dr, dc)
                if n == NO or not PASSABLE[self.cell(n)]:
                    break
                landing = n
            self.events.append(f"{h.name}'s grenade misses ({roll}): {way} {dist}")
        else:
            self.events.append(f"{h.name}'s grenade lands on target ({roll})")
        self._blast(landing, flame=False)

    # ==========================================================================================
    # over-watch and auto sentries
    # ==========================================================================================
    def _can_overwatch(self, j: int, i: int) -> bool:
        h, a = self.humans[j], self.aliens[i]
        return (a.alive and h.overwatch and h.status == "active" and h.weapon != "none" and not h.out_of_ammo
                and self.rng(h.pos, a.pos) <= self._weapon_range(h.weapon) and self.los(h.pos, a.pos))

    def _overwatch_chances(self, i: int) -> None:
        """PRINTED: a Marine on over-watch may fire every time an Alien spends 1 AP: each one
        that can see it in range is asked, in squad order (free, ASSUMPTION A29)."""
        self.ow_target = i
        self.ow_queue = [j for j, h in enumerate(self.humans) if h.overwatch and self._can_overwatch(j, i)]

    def _next_overwatch(self) -> None:
        """Offer the next over-watch shot (fire / hold), skipping figures that can no longer."""
        while self.ow_queue and not self._can_overwatch(self.ow_queue[0], self.ow_target):
            self.ow_queue.pop(0)
        if not self.ow_queue:
            self.ow_target = NO
            return
        self.decision = Decision("overwatch_fire", [0, 1])

    def _overwatch_shot(self, fire: bool) -> None:
        j = self.ow_queue.pop(0)
        if fire:
            self.events.append(f"{self.humans[j].name} fires on over-watch")
            self._fire(j, ("alien", self.ow_target))
        if not self.ow_queue:
            self.ow_target = NO

    def _sentries_fire(self, who: tuple[str, int]) -> None:
        """Active auto sentries fire at anything that moves in their sight (ASSUMPTION A10)."""
        w = self.rules["weapons"]["sentry"]
        for f in self.features:
            if f["kind"] != "sentry" or f["state"] != "active":
                continue
            fig = self.humans[who[1]] if who[0] == "human" else self.aliens[who[1]]
            alive = self.exposed(fig) if who[0] == "human" else fig.alive
            if not alive:
                return
            s = self.sq(f["pos"])
            if self.rng(s, fig.pos) > w["range"] or not self.los(s, fig.pos):
                continue
            rolls = [self.dice.d6() for _ in range(w["dice"])]
            if max(rolls) >= w["hit"]:
                self.events.append(f"an auto sentry hits the {getattr(fig, 'name', None) or fig.kind}")
                if who[0] == "human":
                    self._hurt_human(who[1])
                else:
                    self._hit_alien(who[1], acid=True)

    # ==========================================================================================
    # the Xeno phase
    # ==========================================================================================
    def _xeno_phase(self) -> None:
        """Eggs, impregnated humans, then the activation roll (PRINTED; A13, A15)."""
        rules = self.rules
        for f in self.features:
            if f["kind"] not in ("egg_cache", "crate_eggs") or f["state"] != "intact":
                continue
            s = self.sq(f["pos"])
            for h in self.humans:
                if not self.exposed(h) or h.role == "android" or not h.moved or self.rng(h.pos, s) > rules["egg_range"]:
                    continue
                roll = self.dice.d6()
                if roll <= rules["egg_hatch_on"]:
                    f["state"] = "hatched" if f["kind"] == "egg_cache" else "opened"
                    spot = self._free_near(s)
                    if spot != NO:
                        self._add_alien("face_hugger", spot)
                    self.events.append(f"an egg opens ({roll}): a Face-Hugger!")
                    break
        viewers = [h.pos for h in self.humans if h.status == "active"]
        for f in self.features:
            if f["kind"] != "impregnated_human" or f["state"] != "alive":
                continue
            s = self.sq(f["pos"])
            if not any(self.los(v, s) for v in viewers):
                continue
            if self.dice.d6() <= rules["impregnated_burst_on"]:
                f["kind"], f["state"] = "burst_human", "dead"
                spot = self._free_near(s)
                if spot != NO:
                    self._add_alien("chest_burster", spot)
                self.events.append("a Chest-Burster breaks out!")
        # then the activation roll once for each squad in play (_step_xeno)
        self.xeno_squads = [sq for sq in range(self.n_squads) if any(
            h.status == "active" and h.squad == sq for h in self.humans)]
        self.placement = None
        if self.xeno_squads:
            self._activation(self.xeno_squads.pop(0))

    def _activation(self, sq: int) -> None:
        """The activation roll for squad sq (or the Bug Master's choice)."""
        self.xeno_squad = sq
        if self.bug_master_picks:
            self.placement = {"stage": "summon"}
            return
        need = self._activation_need()
        roll = self.dice.d6()
        self.events.append(f"xeno activation roll {roll} (needs {need}+)")
        if roll < need:
            self.placement = None
            return
        mode = self.rules["approach"][self.dice.d6()]
        self._approach(self._roll_appears(), mode)

    def _activation_need(self) -> int:
        sq = max(self.xeno_squad, 0)
        moved = any(h.moved for h in self.humans if h.squad == sq) or (
            self.apc is not None and self.apc["moved"] and any(self.humans[j].squad == sq for j in self.crew()))
        act = self.rules["activation"]
        if self.fired_squads[sq]:
            need = act["fired"]
        elif moved:
            need = act["moved_secure"] if not self.aliens_in_sight(sq) else act["moved"]
        else:
            need = act["resting"]
        return need

    def _roll_appears(self) -> dict:
        row = self.rules["appears"][self.dice.d6()]
        if row == "second_roll":
            row = self.rules["appears_after_six"][self.dice.d6()]
        return row

    def _approach(self, row: dict, mode: str | None = None) -> None:
        """The Aliens come (PRINTED tables, rolled in the printed order: approach, what comes,
        how many, how far; with a Bug Master's pick the approach is rolled after it)."""
        rules = self.rules
        self.stats["activations"] += 1
        if row["kind"] == "queen" and any(a.alive and a.kind == "queen" for a in self.aliens):
            row = rules["second_queen_becomes"]
        if mode is None:
            mode = rules["approach"][self.dice.d6()]
        count = {"one": lambda: 1, "d3": lambda: rules["d3"][self.dice.d6()], "d6": self.dice.d6}[row["count"]]()
        distance = sum(self.dice.d6() for _ in range(rules["placement_dice"]))
        self.events.append(f"the Aliens come: {count} {row['kind']} from {mode} direction(s), {distance} squares out")
        self.placement = {"kind": row["kind"], "count": count, "mode": mode, "distance": distance}

    def aliens_in_sight(self, sq: int | None = None) -> bool:
        return any(a.alive and self.los(h.pos, a.pos) for h in self.humans
                   if h.status == "active" and (sq is None or h.squad == sq) for a in self.aliens)

    def _step_xeno(self) -> None:
        p = self.placement
        if p is not None and "stage" in p:
            self.decision = Decision(p["stage"], list(range(2 if p["stage"] == "summon" else len(APPEAR_ROWS))))
            return
        if p is not None:
            options = self._placement_candidates()
            if not options:
                self.events.append("no square out of view to come from: the Aliens do not come this turn")
            elif p["mode"] == "same" and len(options) > 1:
                self.decision = Decision("approach", sorted(options))
                return
            else:
                self._place_approach(NO)
                return
        self.placement = None
        if self.xeno_squads:
            self._activation(self.xeno_squads.pop(0))
            return
        self.xeno_squad = NO
        self._end_turn()

    def _placement_candidates(self) -> dict[int, list[tuple[int, int]]]:
        """direction -> [(path distance from the squad, square)] of open squares out of view
        (ASSUMPTION A30: directions are the compass quarter seen from the squad's centre).
        Read-only; kept for the position (asked again when the approach is placed)."""
        key = ("placement", self.colony.version, self.xeno_squad,
               tuple((h.status, h.pos, h.squad) for h in self.humans),
               tuple(a.pos for a in self.aliens if a.alive and a.attached == NO),
               tuple(tuple(f["pos"]) for f in self.features if f["kind"] == "sentry"))
        cached = self._shared.get(key)
        if cached is None:
            cached = self._shared[key] = self._placement_candidates_uncached()
        return cached

    def _placement_candidates_uncached(self) -> dict[int, list[tuple[int, int]]]:
        sq = max(self.xeno_squad, 0)
        squad = [h.pos for h in self.humans if h.status == "active" and h.squad == sq]
        if not squad:
            return {}
        dist = self._bfs(squad)
        occ = self.occupied()
        seen = np.zeros(self.size * self.size, dtype=bool)
        for v in (h.pos for h in self.humans if h.status == "active"):  # out of everyone's view
            seen |= self.colony.los_from(self.rc(v), self.rules["sight_range"]).ravel()
        rows = [self.rc(v)[0] for v in squad]
        cols = [self.rc(v)[1] for v in squad]
        cr, cc = sum(rows) / len(rows), sum(cols) / len(cols)
        out: dict[int, list] = {}
        free = PASSABLE[self.colony.cells.ravel()]
        free[list(occ)] = False
        hidden = np.flatnonzero((dist < FAR) & ~seen & free)
        if not len(hidden):
            # ASSUMPTION A31: no laid square is out of view: they come out of the dark at the
            # edge of what is laid, at least min_placement squares away
            hidden = np.flatnonzero((dist < FAR) & (dist >= self.rules["min_placement"]) & free)
        r, c = np.divmod(hidden, self.size)
        dr, dc = r - cr, c - cc
        side = np.where(np.abs(dr) >= np.abs(dc), np.where(dr < 0, 0, 2), np.where(dc > 0, 1, 3))
        for s, d, far in zip(hidden.tolist(), side.tolist(), dist[hidden].tolist()):
            out.setdefault(d, []).append((far, s))
        return out

    def _bfs(self, sources: list[int]) -> np.ndarray:
        """Squares (steps) from the sources over open squares and doors an Alien could open
        (read-only; kept per layout version and sources)."""
        nbrs = self.graph()
        key = ("bfs", tuple(sources))
        cached = self._shared.get(key)
        if cached is not None:
            return cached
        dist = [FAR] * (self.size * self.size)
        q = deque()
        for s in sources:
            dist[s] = 0
            q.append(s)
        while q:
            s = q.popleft()
            d1 = dist[s] + 1
            for m, _diag in nbrs[s]:
                if dist[m] == FAR:
                    dist[m] = d1
                    q.append(m)
        out = np.array(dist, dtype=np.int32)
        out.flags.writeable = False
        self._shared[key] = out
        return out

    def _place_approach(self, direction: int) -> None:
        """Place what approaches: 3D6 squares away out of view (the nearest distance to it), all
        from one side, or dealt round the sides in N, E, S, W order for "many directions"."""
        p = self.placement
        self.placement = None
        options = self._placement_candidates()
        dirs = sorted(options)
        taken: set[int] = set()
        placed = 0
        for k in range(p["count"]):
            d = direction if p["mode"] == "same" and direction != NO else dirs[k % len(dirs)]
            pool = [x for x in options.get(d, []) if x[1] not in taken] or \
                [x for dd in dirs for x in options[dd] if x[1] not in taken]
            if not pool:
                break
            _, s = min(pool, key=lambda x: (abs(x[0] - p["distance"]), -x[0], x[1]))
            taken.add(s)
            if self._add_alien(p["kind"], s) != NO:
                placed += 1
        self.events.append(f"{placed} {p['kind']} placed")

    def _free_near(self, s: int) -> int:
        occ = self.occupied()
        if PASSABLE[self.cell(s)] and s not in occ:
            return s
        dist = self._bfs([s])
        best = [(int(dist[m]), int(m)) for m in np.flatnonzero(dist < FAR) if PASSABLE[self.cell(int(m))] and int(m) not in occ]
        return min(best)[1] if best else NO

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn > self.turn_limit:
            return  # _check_end finishes the game
        self._start_phase("aliens_move")

    # ==========================================================================================
    # observation
    # ==========================================================================================
    def focus(self) -> int:
        """The square the observation window is centred on: the acting figure (the moving or
        attacking Alien for the hive), else the squad's leader, else any squad figure."""
        d = self.decision
        if d is not None and d.kind == "act" and self.active != NO:
            return self.humans[self.active].pos
        if d is not None and d.kind == "step" and self.mover != NO:
            return self.aliens[self.mover].pos
        if d is not None and d.kind == "attack" and self.queue:
            return self.aliens[self.queue[0]].pos
        if d is not None and d.kind == "overwatch_fire" and self.ow_queue:
            return self.humans[self.ow_queue[0]].pos
        if d is not None and d.kind == "extra_hit" and self.extra is not None:
            return self.humans[self.extra["shooter"]].pos
        if d is not None and d.kind == "drive":
            return self.apc["pos"]
        first = None  # the first able leader, else the first able figure
        for h in self.humans:
            if h.status == "active":
                if h.leader:
                    return h.pos
                if first is None:
                    first = h
        return first.pos if first is not None else self.sq((self.size - 2, self.size // 2))

    def _map_planes(self) -> np.ndarray:
        """The planes that depend on the layout and its contents only, over the whole grid,
        padded by half a window on every side so a window is a plain slice; cached per layout
        version (every change of a square, a port or a hazard bumps it), rooms entered (only
        `_enter_room` marks a room) and the features' kinds and states."""
        sig = (self.colony.version, self.rooms_entered, [(f["kind"], f["state"]) for f in self.features])
        cached = self._shared.get("map_planes")
        if cached is not None and cached[0] == sig:
            return cached[1]
        n, half = self.size, self.window // 2
        cells = self.colony.cells
        planes = np.zeros((N_PLANES, n + 2 * half, n + 2 * half), dtype=np.float32)
        planes[1] = 1.0  # off the grid reads as wall
        inner = planes[:, half:half + n, half:half + n]
        inner[0] = (cells == FLOOR) | (cells == DOOR_OPEN)
        inner[1] = cells == WALL
        inner[2] = cells == DOOR_OPEN
        inner[3] = (cells == DOOR_CLOSED) | (cells == DOOR_LOCKED)
        inner[4] = (cells == DOOR_WELDED) + 0.5 * (cells == DOOR_LOCKED)  # locked (A58): closed, sealed 0.5
        inner[5] = self.colony.hazard > 0
        inner[6] = self.colony.entry
        for f in self.features:
            r, c = f["pos"]
            if f["kind"] == "egg_cache" and f["state"] == "intact":
                inner[15, r, c] = 1
            elif f["kind"] == "sentry" and f["state"] != "destroyed":
                inner[16 if f["state"] == "active" else 17, r, c] = 1
            else:
                inner[18, r, c] = 1
        for p in self.colony.pieces:
            if p["kind"] == "room":
                r0, c0, r1, c1 = p["rect"]
                inner[19, r0:r1 + 1, c0:c1 + 1] = 0.5 + 0.5 * p["entered"]
        for port in self.colony.ports:
            if port["state"] == "pending":
                for r, c in port["cells"]:
                    inner[22, r, c] = 1
        self._shared["map_planes"] = (sig, planes)
        return planes

    def _squad_row(self, h: Human) -> tuple[float, ...]:
        """A squad figure's SQUAD_FEATURES: status (active, dead, captured, unconscious), hugged, AP,
        activated, over-watch, leader, role (marine, civilian, android), weapon (pulse rifle,
        pistol, smart-gun, flame-thrower), row, column, LP, squad."""
        size = self.size
        if h.status == "active":
            r, c = divmod(h.pos, size)
            status, where = _STATUS_ACTIVE, (r / size, c / size)
        else:
            status, where = _STATUS_ROWS.get(h.status, _STATUS_OTHER), (0.0, 0.0)
        static = (h.role in ("marine", "predator"), h.role in ("civilian", "power_loader"),
                  h.role in ("android", "predator", "power_loader"),
                  h.weapon in ("pulse_rifle", "combi_weapon"), h.weapon in ("pistol", "midi_guns"),
                  h.weapon in ("smart_gun", "combi_weapon", "midi_guns"), h.weapon == "flame_thrower")
        return (*status, float(h.hugger != NO), min(h.ap, 4) / 4, float(h.activated), float(h.overwatch),
                float(h.leader), *map(float, static), *where, min(h.lp, 4) / 4, h.squad / max(1, self.n_squads - 1))

    def _squad_entry(self, h: Human) -> tuple:
        """What observe() needs of a squad figure, kept per figure state in self._rows: its row
        packed as float32 bytes, then for an active figure its map plane, row and column and
        whether it is on over-watch (plane -1 for a figure not on the map)."""
        row = _ROW.pack(*self._squad_row(h))
        if h.status != "active":
            return row, -1, 0, 0, False
        r, c = divmod(h.pos, self.size)
        return row, _ROLE_PLANE[h.role], r, c, h.overwatch

    def observe(self, player: str) -> np.ndarray:
        """The window's planes are sliced from the cached map planes with the figures marked on
        top; squad, global and target features are built as one list of floats and packed in."""
        w, size = self.window, self.size
        focus = self.focus()
        fr, fc = divmod(focus, size)
        r0, c0 = fr - w // 2, fc - w // 2
        obs = np.empty(self.observation_shape, dtype=np.float32)
        area = w * w
        n_planes = N_PLANES * area
        obs[:n_planes].reshape(N_PLANES, w, w)[...] = self._map_planes()[:, fr:fr + w, fc:fc + w]
        humans, aliens, d = self.humans, self.aliens, self.decision
        # the squad: on the map planes, and its rows of features (kept per figure state)
        squad: list[bytes] = []  # float32 rows, packed once per figure state
        append, rows = squad.append, self._rows
        for h in humans:
            key = (h.status, h.pos, h.hugger, h.ap, h.activated, h.overwatch, h.leader, h.lp, h.squad, h.role, h.weapon)  # all _squad_row reads
            entry = rows.get(key)
            if entry is None:
                entry = rows[key] = self._squad_entry(h)
            append(entry[0])
            if entry[1] >= 0:  # active: marked on its role's plane (and the over-watch plane)
                _, plane, r, c, overwatch = entry
                r -= r0
                c -= c0
                if 0 <= r < w and 0 <= c < w:
                    k = r * w + c
                    obs[plane * area + k] = 1.0
                    if overwatch:
                        obs[20 * area + k] = 1.0
        squad.append(bytes(4 * SQUAD_FEATURES * (MAX_SQUAD - len(humans))))
        raw = memoryview(obs).cast("B")
        at = n_planes * 4
        raw[at:at + _SQUAD_BYTES] = b"".join(squad)
        at += _SQUAD_BYTES
        queen_lp = self.rules["queen_lp"]
        queen = alive = 0
        for a in aliens:
            if a.alive:
                alive += 1
                is_queen = a.kind == "queen"
                if is_queen and a.lp > queen:
                    queen = a.lp
                r, c = divmod(a.pos, size)
                r -= r0
                c -= c0
                if 0 <= r < w and 0 <= c < w:
                    obs[_ALIEN_PLANE[a.kind] * area + r * w + c] = a.lp / queen_lp if is_queen else 1.0
        marks = []
        if d is not None and d.kind in ("act", "step", "attack", "overwatch_fire"):
            marks.append((focus, 1.0))
        if d is not None and d.kind == "overwatch_fire" and self.ow_target != NO:
            marks.append((aliens[self.ow_target].pos, 0.5))
        for s, value in marks:
            r, c = divmod(s, size)
            r -= r0
            c -= c0
            if 0 <= r < w and 0 <= c < w:
                obs[21 * area + r * w + c] = value
        # global features
        kinds = _KIND_ONEHOT[None if d is None else d.kind]
        objective = self.mission["objective"]
        my_squad = humans[self.active].squad if self.active != NO else 0
        _GLOBALS.pack_into(
            obs, at, min(self.turn / self.turn_limit, 1.0), min(self.pools[my_squad], 6) / 6,
            self.grenade_pools[my_squad] / self.rules["grenade_pool"],
            min(self.rooms_entered, 10) / 10, float(self.brood_found), queen / queen_lp, *kinds,
            float(player == "marines"), float(objective == "explore_and_return"), float(objective == "kill_queen"),
            float(self.pools_lost[my_squad]),
            aliens[self.mover].ap / 6 if (self.mover != NO and d is not None and d.kind == "step") else 0.0,
            alive / self.max_aliens, float(self.active == NO), min(self.mission.get("rooms", 0), 10) / 10,
            fr / size, fc / size)
        at += 4 * GLOBAL_FEATURES
        # target features, MAX_TARGETS rows
        tail: list[float] = []
        put = tail.extend
        listed = ()
        if d is not None and d.kind in ("act", "extra_hit", "drive") and (self.active != NO or self.extra is not None
                                                                         or d.kind == "drive"):
            if d.kind == "extra_hit":
                pos = humans[self.extra["shooter"]].pos
                listed = [("alien", k) for k in d.options]
            else:
                pos = self.apc["pos"] if d.kind == "drive" else humans[self.active].pos
                listed = self.targets()
        for t in listed:
            row = [0.0] * TARGET_FEATURES
            row[0] = 1.0
            row[1] = min(self.rng(pos, self._target_square(t)), 12) / 12
            if t[0] == "alien":
                a = aliens[t[1]]
                row[2 + ALIEN_KINDS.index(a.kind)] = 1.0
                row[8] = a.lp / queen_lp
            else:
                row[7] = 1.0 if t[0] == "egg" else 0.5
            put(row)
        # every feature is built inside [0, 1] (the property tests check it); a fresh array each call
        if listed:
            put(_ZEROS[:(MAX_TARGETS - len(listed)) * TARGET_FEATURES])
            _TARGETS.pack_into(obs, at, *tail)
        else:  # no targets (most steps)
            raw[at:at + _TARGETS.size] = _NO_TARGETS
        raw[len(raw) - _EXTRA_BYTES:] = self._optional_static or self._optional_bytes()
        return obs

    def _optional_bytes(self) -> bytes:
        """The optional block packed as float32 bytes; kept for the game while it cannot change
        (the APC and satellite comms off: then only the operator and option flags are set)."""
        out = self._optional_features().tobytes()
        if self.apc is None and not self.satellite_comms:
            self._optional_static = out
        return out

    def _optional_features(self) -> np.ndarray:
        """The last EXTRA_FEATURES values of the observation: the optional APC and equipment
        (with the options off only the operator flags 17-24 are set). Layout (docs/rules/
        bug_hunt.md, the observation): 0 APC in play, 1-2 its row/col / grid, 3 movement left / 10, 4 activated this turn,
        5 being driven now, 6 midi-gun out of ammo, 7 crew / capacity, 8 automated bursts left,
        9-16 figure f is inside the APC, 17-24 figure f may operate equipment, 25 electronic
        locks in play, 26 satellite comms in play, 27 the uplink has located the Brood Chamber,
        28 a ready comms terminal is laid, 29-30 the nearest one's row/col / grid, 31 the acting
        figure can use it now."""
        apc, size = self.apc, self.size
        out = np.zeros(EXTRA_FEATURES, dtype=np.float32)
        if apc is not None:
            cfg = self.rules["apc"]
            r, c = divmod(apc["pos"], size)
            out[0:9] = (1, r / size, c / size, min(apc["moves"], cfg["movement"]) / cfg["movement"], apc["activated"],
                        apc["driving"], apc["out_of_ammo"], min(len(self.crew()), cfg["capacity"]) / cfg["capacity"],
                        min(apc["auto"], max(cfg["auto_bursts"], 1)) / max(cfg["auto_bursts"], 1))
        for i, h in enumerate(self.humans):
            out[9 + i] = h.status == "active" and h.in_apc
            out[17 + i] = h.equipment
        out[25:28] = (self.electronic_locks, self.satellite_comms, self.brood_located)
        ref = self.focus()
        terminals = [self.sq(f["pos"]) for f in self.features if f["kind"] == "comms_terminal" and f["state"] == "ready"]
        if terminals:
            t = min(terminals, key=lambda q: (self.rng(q, ref), q))
            out[28:31] = (1, t // size / size, t % size / size)
        d = self.decision
        if d is not None and d.kind == "act" and self.active != NO:
            out[31] = bool(self._current_mask()[self._slot["comms"]])
        return out

    # ==========================================================================================
    # positions, descriptions, rendering
    # ==========================================================================================
    def to_dict(self) -> dict:
        return {
            "game": self.name, "config": self.config(), "dice": self.dice.to_dict(),
            "colony": self.colony.to_dict(),
            "humans": [asdict(h) for h in self.humans], "aliens": [asdict(a) for a in self.aliens],
            "features": [dict(f) for f in self.features],
            "welds": dict(self.welds), "unweld_turn": dict(self.unweld_turn),
            **{k: (list(v) if isinstance(v, list) else v) for k, v in ((k, getattr(self, k)) for k in _SCALARS)},
            "queue": list(self.queue), "ow_queue": list(self.ow_queue),
            "extra": None if self.extra is None else {k: (list(v) if isinstance(v, list) else v) for k, v in self.extra.items()},
            "placement": None if self.placement is None else dict(self.placement),
            "decision": None if self.decision is None else {"kind": self.decision.kind, "options": list(self.decision.options)},
            "stats": dict(self.stats), "events": list(self.events),
            "apc": None if self.apc is None else dict(self.apc), "brood_located": self.brood_located,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "BugHunt":
        if not isinstance(data, dict) or data.get("game") != cls.name:
            raise ValueError(f"not a {cls.name} position: expected a JSON object with \"game\": \"{cls.name}\"")
        try:
            game = cls(**data["config"])
            game.dice = Dice.from_dict(data["dice"])
            game.colony = Colony.from_dict(data["colony"])
            if game.colony.size != game.size:
                raise ValueError(f"colony size {game.colony.size} does not match grid_size {game.size}")
            game.humans = [Human(**h) for h in data["humans"]]
            game.aliens = [Alien(**a) for a in data["aliens"]]
            if len(game.humans) != len(game.squad_def):
                raise ValueError(f"a position needs {len(game.squad_def)} squad figures")
            game.features = [dict(f) for f in data["features"]]
            game.welds = {str(k): int(v) for k, v in data["welds"].items()}
            game.unweld_turn = {str(k): int(v) for k, v in data["unweld_turn"].items()}
            for k in _SCALARS:
                setattr(game, k, data[k])
            game.queue = [int(x) for x in data["queue"]]
            game.ow_queue = [int(x) for x in data["ow_queue"]]
            extra = data["extra"]
            game.extra = None if extra is None else {
                "shooter": int(extra["shooter"]), "hits": int(extra["hits"]),
                "squares": [int(x) for x in extra["squares"]], "done": [int(x) for x in extra["done"]]}
            game.placement = None if data["placement"] is None else dict(data["placement"])
            dec = data["decision"]
            if dec is not None and dec["kind"] not in ALL_DECISION_KINDS:
                raise ValueError(f"unknown decision kind {dec['kind']!r}")
            game.decision = None if dec is None else Decision(dec["kind"], list(dec["options"]))
            game.stats = dict(data["stats"])
            game.events = list(data["events"])
            apc = data.get("apc")
            game.apc = None if apc is None else {k: apc[k] for k in _APC_KEYS}
            game.brood_located = bool(data.get("brood_located", False))
            game._check_position()
        except (KeyError, TypeError, AttributeError, IndexError, OverflowError) as exc:
            raise ValueError(f"malformed {cls.name} position: missing or wrong field {exc!r}") from None
        game._cache = {}
        game._shared = {}
        return game

    def _check_position(self) -> None:
        """Refuse a loaded position that the rules could not have produced in shape."""
        n = self.size * self.size
        kinds = {"egg_cache", "crate_eggs", "burst_human", "impregnated_human", "sentry", "comms_terminal"}

        def is_int(x) -> bool:
            return isinstance(x, int) and not isinstance(x, bool)

        for h in self.humans:
            if h.status not in ("active", "dead", "captured", "unconscious") or h.role not in data_files.ROLES:
                raise ValueError(f"squad figure {h.name!r} has an unknown status or role")
            if not (is_int(h.pos) and is_int(h.ap) and is_int(h.lp) and is_int(h.hugger) and is_int(h.squad)
                    and 0 <= h.squad < self.n_squads):
                raise ValueError(f"squad figure {h.name!r}: pos, ap, lp and hugger must be whole numbers")
            if h.status == "active" and not 0 <= h.pos < n:
                raise ValueError(f"squad figure {h.name} stands off the grid")
        for a in self.aliens:
            if a.kind not in ALIEN_KINDS or not (is_int(a.pos) and is_int(a.lp) and is_int(a.ap) and is_int(a.attached)):
                raise ValueError(f"an Alien has an unknown kind or a non-integer field: {a}")
            if a.alive and not 0 <= a.pos < n:
                raise ValueError("an Alien stands off the grid")
            if a.attached != NO and not 0 <= a.attached < len(self.humans):
                raise ValueError("a Face-Hugger is attached to no squad figure")
        if len(self.aliens) > self.max_aliens:
            raise ValueError(f"more than {self.max_aliens} Alien counters")
        for f in self.features:
            pos = f.get("pos")
            if f.get("kind") not in kinds or not isinstance(f.get("state"), str) or not (
                    isinstance(pos, list) and len(pos) == 2 and all(is_int(x) and 0 <= x < self.size for x in pos)):
                raise ValueError(f"malformed feature {f}")
        if (self.apc is None) != (not self.apc_option):
            raise ValueError("an APC in a position needs the option apc=True (and the option needs one)")
        if self.apc is not None:
            if not (is_int(self.apc["pos"]) and 0 <= self.apc["pos"] < n and is_int(self.apc["moves"])
                    and is_int(self.apc["auto"])):
                raise ValueError("the APC's pos, moves and auto must be whole numbers, pos on the grid")
            if any(h.in_apc and h.status == "active" and h.pos != self.apc["pos"] for h in self.humans):
                raise ValueError("a figure inside the APC must stand on its square")
        elif any(h.in_apc for h in self.humans):
            raise ValueError("a figure is inside an APC that is not in play")
        if self.phase not in ("aliens_move", "aliens_cc", "marines", "xeno", "over"):
            raise ValueError(f"unknown phase {self.phase!r}")
        for name in ("pools", "pools_lost", "grenade_pools", "fired_squads"):
            value = getattr(self, name)
            if not isinstance(value, list) or len(value) != self.n_squads:
                raise ValueError(f"{name} must list one value per squad ({self.n_squads})")
        if not all(is_int(v) for v in self.pools + self.grenade_pools):
            raise ValueError("pools and grenade pools must be whole numbers")
        if any(not is_int(q) or not 0 <= q < self.n_squads for q in self.xeno_squads) or not is_int(self.xeno_squad):
            raise ValueError("the Xeno phase names squads that do not exist")
        for name in ("turn", "active", "mover", "rooms_entered"):
            if not is_int(getattr(self, name)):
                raise ValueError(f"{name} must be a whole number")
        if not (NO <= self.active < len(self.humans)) or not (NO <= self.mover < len(self.aliens)):
            raise ValueError("the acting figure or the moving Alien does not exist")
        if any(not is_int(q) or not 0 <= q < len(self.humans) for q in self.ow_queue) or not is_int(self.ow_target):
            raise ValueError("the over-watch queue names figures that do not exist")
        if any(not is_int(q) or not 0 <= q < len(self.aliens) for q in self.queue):
            raise ValueError("the Alien queue names Aliens that do not exist")
        d = self.decision
        if d is not None and any(not is_int(o) for o in d.options):
            raise ValueError("decision options must be whole numbers")
        if self.result not in (None, "marines", "hive"):
            raise ValueError(f"unknown result {self.result!r}")
        if (d is None) != (self.result is not None):
            raise ValueError("a position has a player to move exactly when the game is not over")
        if d is not None:
            needs = {"act": self.active != NO, "step": self.mover != NO, "attack": bool(self.queue),
                     "drive": self.apc is not None and self.apc["driving"] and self.active == NO,
                     "overwatch_fire": bool(self.ow_queue) and 0 <= self.ow_target < len(self.aliens),
                     "extra_hit": self.extra is not None and 0 <= self.extra["shooter"] < len(self.humans)
                     and all(0 <= o < len(self.aliens) for o in d.options) and 0 < len(d.options) <= MAX_TARGETS}
            if not needs.get(d.kind, True):
                raise ValueError(f"a {d.kind!r} decision without its acting figure")
            self._cache = {}
            try:
                legal = self._compute_mask().any()
            except (IndexError, KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"the decision does not fit the position: {exc!r}") from None
            if not legal:
                raise ValueError("the player to move would have no legal action")

    def clone(self) -> "BugHunt":
        import copy
        new = copy.copy(self)
        new.dice = self.dice.clone()
        new.colony = self.colony.copy()
        new.humans = [copy.copy(h) for h in self.humans]
        new.aliens = [copy.copy(a) for a in self.aliens]
        new.features = [dict(f) for f in self.features]
        new.welds = dict(self.welds)
        new.unweld_turn = dict(self.unweld_turn)
        new.queue = list(self.queue)
        new.placement = None if self.placement is None else dict(self.placement)
        new.decision = None if self.decision is None else Decision(self.decision.kind, list(self.decision.options))
        new.stats = dict(self.stats)
        new.events = list(self.events)
        new.pools, new.pools_lost = list(self.pools), list(self.pools_lost)
        new.grenade_pools, new.fired_squads = list(self.grenade_pools), list(self.fired_squads)
        new.xeno_squads = list(self.xeno_squads)
        new.ow_queue = list(self.ow_queue)
        new.extra = None if self.extra is None else {k: (list(v) if isinstance(v, list) else v) for k, v in self.extra.items()}
        new.apc = None if self.apc is None else dict(self.apc)
        new._cache = {}
        new._shared = {}  # a clone's layout may diverge: its caches are its own
        return new

    def describe_action(self, action: int) -> str:
        kind, index = self.layout.decode(action)
        label = self.layout.name(action)
        d = self.decision
        if d is None:
            return label
        if kind == "activate" and index < len(self.humans):
            return f"activate {self.humans[index].name}"
        if kind == "activate_apc":
            crew = ", ".join(self.humans[j].name for j in self.crew())
            return f"drive the APC ({crew or 'no crew'} inside)"
        if d.kind == "drive" and self.apc is not None:
            if kind == "fire" and index < len(self.targets()):
                t = self.targets()[index]
                what = f"{self.aliens[t[1]].kind} {t[1]}" if t[0] == "alien" else "egg cache" if t[0] == "egg" else "auto sentry"
                return f"APC: midi-gun at {what} (range {self.rng(self.apc['pos'], self._target_square(t))})"
            if kind == "drive":
                return f"APC: drive {CARDINAL_NAMES[index]} ({self.apc['moves']} movement left)"
            return f"APC: {label}"
        if d.kind == "act" and self.active != NO:
            h = self.humans[self.active]
            if kind in ("fire", "grenade") and index < len(self.targets()):
                t = self.targets()[index]
                what = f"{self.aliens[t[1]].kind} {t[1]}" if t[0] == "alien" else "egg cache" if t[0] == "egg" else "auto sentry"
                r = self.rng(h.pos, self._target_square(t))
                weapon = "grenade" if kind == "grenade" else h.weapon.replace("_", " ")
                return f"{h.name}: {weapon} at {what} (range {r})"
            if kind == "move" and self.apc is not None and (h.in_apc or self.step_sq(h.pos, *CARDINAL[index]) == self.apc["pos"]):
                return f"{h.name}: {'leave the APC' if h.in_apc else 'board the APC'} {CARDINAL_NAMES[index]}"
            if kind in ("move", "door", "weld", "unweld", "equip"):
                return f"{h.name}: {kind} {CARDINAL_NAMES[index]}"
            if kind == "pick_lock":
                return f"{h.name}: pick the electronic lock {CARDINAL_NAMES[index]}"
            if kind == "comms":
                return f"{h.name}: satellite uplink (locate the Brood Chamber)"
            return f"{h.name}: {label}"
        if kind == "order":
            a = self.aliens[index] if index < len(self.aliens) else None
            return f"{a.kind if a else 'Alien'} {index} moves next"
        if kind == "step" and self.mover != NO:
            return f"{self.aliens[self.mover].kind} {self.mover} steps {DIRECTION_NAMES[index]}"
        if kind == "approach":
            return f"the Aliens approach from the {CARDINAL_NAMES[index]}"
        if kind == "extra_hit" and d.kind == "extra_hit" and index < len(d.options) and self.extra is not None:
            a = self.aliens[d.options[index]]
            return f"{self.humans[self.extra['shooter']].name}: next smart-gun hit on the {a.kind} {d.options[index]}"
        if kind == "overwatch_fire" and self.ow_queue and self.ow_target != NO:
            what = "fires at" if index == 1 else "holds fire on"
            return f"{self.humans[self.ow_queue[0]].name} (over-watch) {what} the {self.aliens[self.ow_target].kind} {self.ow_target}"
        if kind == "attack" and index < len(self.humans) and self.queue:
            return f"{self.aliens[self.queue[0]].kind} {self.queue[0]} attacks {self.humans[index].name}"
        return label

    def render_rgb(self) -> np.ndarray:
        from .render import render_rgb
        return render_rgb(self)

    def render_text(self, viewer: str | None = None) -> str:
        from .render import render_text
        return render_text(self)


N_PLANES = 23
SQUAD_FEATURES = 20
GLOBAL_FEATURES = 26
TARGET_FEATURES = 9
_ALIEN_PLANE = {kind: 10 + k for k, kind in enumerate(ALIEN_KINDS)}  # planes 10-14
_ROLE_PLANE = {"marine": 7, "predator": 7, "power_loader": 7, "civilian": 8, "android": 9}
_STATUS_ACTIVE = (1.0, 0.0, 0.0, 0.0)
_STATUS_ROWS = {"dead": (0.0, 1.0, 0.0, 0.0), "captured": (0.0, 0.0, 1.0, 0.0)}
_STATUS_OTHER = (0.0, 0.0, 0.0, 1.0)
_KIND_ONEHOT = {k: tuple(float(k == j) for j in DECISION_KINDS) for k in (None, *DECISION_KINDS)}
_KIND_ONEHOT["drive"] = _KIND_ONEHOT[None]  # driving the APC is flagged in the optional block
_ZEROS = (0.0,) * (MAX_SQUAD * SQUAD_FEATURES + MAX_TARGETS * TARGET_FEATURES)
#: the features after the planes, packed as float32: a squad row, the globals, the target rows
_ROW = struct.Struct(f"={SQUAD_FEATURES}f")
_SQUAD_BYTES = 4 * MAX_SQUAD * SQUAD_FEATURES
_GLOBALS = struct.Struct(f"={GLOBAL_FEATURES}f")
_TARGETS = struct.Struct(f"={MAX_TARGETS * TARGET_FEATURES}f")
_NO_TARGETS = bytes(_TARGETS.size)
EXTRA_FEATURES = 32  # the optional APC and equipment, at the end of the observation (_optional_features)
_EXTRA_BYTES = 4 * EXTRA_FEATURES
_APC_KEYS = ("pos", "moves", "activated", "driving", "moved", "out_of_ammo", "auto")
_SCALARS = ("layout_seed", "turn", "phase", "pools", "pools_lost", "grenade_pools", "active", "mover", "fired_squads",
            "xeno_squads", "xeno_squad", "ow_target", "rooms_entered",
            "brood_found", "queen_killed_in_chamber", "result")


def _blastable(f: dict) -> bool:
    """Egg caches and auto sentries can be destroyed by fire (ASSUMPTION A10)."""
    return (f["kind"] == "egg_cache" and f["state"] == "intact") or (f["kind"] == "sentry" and f["state"] != "destroyed")


def _sign(x: int) -> int:
    return int(x > 0) - int(x < 0)
