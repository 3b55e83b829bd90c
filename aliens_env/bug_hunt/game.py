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
    grenade[dr,dc]   launch a grenade from the squad's pool at the square (dr, dc) from the figure
                     (2 AP): any open square the firer sees within the grenade's range (PRINTED
                     "the firer nominates the square")
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
    step[d]       move the moving Alien one square (8 directions) or open the door there (1 AP);
                  by default only steps that close on the nearest human not in combat (PRINTED)
    stop          that Alien moves no further this turn (by default only when no step closes in)
    close_door[d] the moving Alien closes the open door beside it (1 AP; by default only when no
                  step closes in; ASSUMPTION A65)
    approach[d]   the compass side the Aliens approach from ("same direction" activations)
    attack[f]     which adjacent human an Alien attacks in Close Combat
    summon, appear  only with bug_master_picks: whether the Aliens come, and what comes

This module is the front: the Game contract and the phase machine. The rules live in plain
functions of the game, one module per concern: state (records, constants, small queries),
geometry (squares, range, sight, the Aliens' graph and distance fields), combat, xeno (the
Aliens' move and the Xeno phase), explore (laying what the squad sees), marines (the Marines'
actions and the APC), dice_ai (the rulebook's own hive), observation and codec (positions).
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..core.actions import ActionLayout
from ..core.board import DIRECTION_NAMES
from ..core.dice import Dice
from ..core.game import Decision  # (the open decision's type of typed locals: game.pxd cimports it)
from . import codec, combat, data_files, dice_ai, explore, geometry, layout as lay, marines, observation, state, xeno
from .colony import CARDINAL, CARDINAL_NAMES, Colony
from .marines import marine_mask  # (compiled, a C call: game.pxd cimports it)
# the phase machine's steps and the decisions' rules, called by their own names (_advance, _resolve: at
# every step; a module attribute read at each call costs a look-up in the module's dict): so a test that
# patches one of them in its module (combat, marines, xeno) does not reach the game; patch it here
from .combat import close_combat, extra_hit, next_extra_hit, next_overwatch, overwatch_shot, step_aliens_cc
from .marines import apc_action, marine_action, step_marines
from .xeno import alien_close_door, alien_step, approach, hive_choices, place_approach, step_aliens_move, step_xeno
from .observation import EXTRA_FEATURES  # noqa: F401  (importable from here)
from .state import (  # noqa: F401  (the records and constants, importable from here as before)
    ALIEN_KINDS, ALL_DECISION_KINDS, APC_OPTION, APPEAR_NAMES, APPEAR_ROWS, DECISION_KINDS, DIAGONALS,
    MARINE_DECISIONS, MAX_SQUAD, MAX_TARGETS, NO, Alien, Human,
)
from .state import GameRecords  # BugHunt's base (compiled, game.pxd cimports it: no module attribute then)
from .state import Alien as AlienRecord, Human as HumanRecord  # _check_end's and _start_phase's figures
# (compiled, game.pxd cimports the types by these names)

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

OPTION_NAMES = ("mission", "squad", "ripley_leads", "ripley_four_lp", "turn_limit", "bug_master_picks", "apc",
                "electronic_locks", "satellite_comms", "free_bug_master")


def _mark(mask: np.ndarray, start: int, indices) -> None:
    """``mask[start + i] = 1`` for each i of `indices`; IndexError for an entry off the mask (a
    negative one too: not wrapped to the mask's end). Compiled: the mask's bytes written in C
    through the pointer marines.pxd's _mask_bytes hands out (int8, one dimension checked there):
    _mark_bytes, game.pxd."""
    if cython.compiled:
        _mark_bytes(mask, start, indices)  # noqa: F821
        return
    size = len(mask)
    for i in indices:
        at = start + i
        if not 0 <= at < size:
            raise IndexError(f"mask entry {at} is out of range 0-{size - 1}")
        mask[at] = 1


# the action slots by action layout (the slices' names and starts): one dict shared by every game of
# a layout, so that marines.marine_numbers' last MaskNumbers (keyed on the slots' identity) serves
# them all, games stepped in turn too. Read only: a game's slots are never changed in place.
_SLOTS_BY_LAYOUT: dict[tuple, dict[str, int]] = {}


def _shared_slots(layout: ActionLayout) -> dict[str, int]:
    """{slice name: its first action} of `layout`, the one dict of every layout of these slices."""
    slots = {name: span[0] for name, span in layout.slices.items()}
    return _SLOTS_BY_LAYOUT.setdefault(tuple(slots.items()), slots)


class BugHunt(GameRecords):
    name = "BugHunt"
    marine_decisions = MARINE_DECISIONS
    #: the hive's decisions' slices (step: step, stop, close_door; order, approach, attack, summon, appear);
    #: the marines' every other (activate: activate, activate_apc; act; extra_hit; overwatch_fire; drive)
    side_slice_names = {"hive": ("order", "step", "stop", "approach", "attack", "summon", "appear", "close_door")}
    #: a figure's fire at its k-th target (the ``targets`` view's k-th row)
    row_slice_names = {"targets": ("fire",)}
    #: a figure's grenade at its k-th target's square (the slice's offset from the firer: row_aimed_actions)
    row_aimed_slice_names = {"targets": ("grenade",)}

    def __init__(self, mission: str = "explore", squad: list | str = "colonial_marines", ripley_leads: bool = True,
                 ripley_four_lp: bool = False, turn_limit: int | None = None, bug_master_picks: bool = False,
                 apc: bool = False, electronic_locks: bool = False, satellite_comms: bool = False,
                 free_bug_master: bool = False, **unknown):
        super().__init__()
        if unknown:
            raise ValueError(f"unknown BugHunt option(s) {sorted(unknown)}; allowed: {list(OPTION_NAMES)}")
        missions = data_files.missions()
        if mission not in missions:
            raise ValueError(f"unknown mission {mission!r}; allowed: {sorted(missions)}")
        self.rules = data_files.rules()
        self.mission_name = mission
        self.mission = missions[mission]
        # the rooms the squad must have entered before its return to the entry wins (_check_end,
        # asked before every decision: read here once); None for a mission not won by returning
        self.return_rooms = self.mission["rooms"] if self.mission["objective"] == "explore_and_return" else None
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
        for key, value in (("apc", apc), ("electronic_locks", electronic_locks), ("satellite_comms", satellite_comms),
                           ("free_bug_master", free_bug_master)):
            if not isinstance(value, bool):
                raise ValueError(f"option {key} must be true or false, got {value!r}")
        self.apc_option, self.electronic_locks, self.satellite_comms = apc, electronic_locks, satellite_comms
        # the Bug Master's Aliens move as the rulebook's do (towards the nearest human) unless freed (A64)
        self.free_bug_master = free_bug_master
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
            ("grenade", [f"{dr:+d},{dc:+d}" for dr, dc in marines.grenade_offsets(self)]),
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
            ("close_door", CARDINAL_NAMES),
        ])
        self._slot = _shared_slots(self.layout)
        self.window = self.rules["obs_window"]
        self.obs_layout = observation.layout(self.window)
        self.reset(0)

    # ==========================================================================================
    # set-up and the contract
    # ==========================================================================================
    def config(self) -> dict:
        return {"mission": self.mission_name, "squad": self.squad_option, "ripley_leads": self.ripley_leads,
                "ripley_four_lp": self.ripley_four_lp, "turn_limit": self.turn_limit,
                "bug_master_picks": self.bug_master_picks, "apc": self.apc_option,
                "electronic_locks": self.electronic_locks, "satellite_comms": self.satellite_comms,
                "free_bug_master": self.free_bug_master}

    @classmethod
    def _upgrade_state(cls, state: dict) -> dict:
        """A game pickled before session 58 carries ``_rows`` (observe()'s squad rows, now in the
        layout caches: observation.squad_rows): dropped, not left in the loaded game's ``__dict__``."""
        state = super()._upgrade_state(state)
        if "_rows" in state:
            state = {name: value for name, value in state.items() if name != "_rows"}
        return state

    def __reduce__(self):
        """Game.__reduce__'s, the layout caches (``_shared``) left out, as a clone leaves them
        (codec.clone): remade on use. Compiled they hold typed views (tactics' goal views) and
        cdef-class objects holding them or C fields (geometry.WalkKept, explore.CellCodes,
        marines.MaskNumbers, state.FeatureIndex), which do not pickle."""
        rebuild, (cls, state) = super().__reduce__()
        state["_shared"] = {}
        return rebuild, (cls, state)

    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        # the layout's own seed (ASSUMPTION A48): each open end is laid with dice seeded from it
        # and the end's squares, so a seed fixes the colony whatever order it is explored in
        self.layout_seed = int(seed) if seed is not None else random.SystemRandom().randrange(2**62)
        self.colony = Colony(self.size, self.rules["hazard_extra_ap"])
        start = lay.lay_entry(self.colony, self.rules)
        self.humans: list[Human] = []
        # the APC (option) is parked on the deepest entry square; figures fill the next ones
        self.apc: dict | None = None
        if self.apc_option:
            self.apc = {"pos": geometry.sq(self, start[0]), "moves": 0, "activated": False, "driving": False,
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
                h.pos = geometry.sq(self, nxt) if nxt is not None else NO
            self.humans.append(h)
        self.brood_located = False  # a satellite uplink has located the Brood Chamber (A60)
        self._optional_static: tuple | None = None  # the observation's optional block (its float values), while it cannot change
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
        self.decision = None
        self.stats = {"aliens_killed": 0, "humans_dead": 0, "captured": 0, "unconscious": 0, "aliens_placed": 0,
                      "activations": 0, "sections_laid": 0, "rescued": 0, "lost_at_rescue": 0}
        self.events: list[str] = []
        self._cache: dict[str, Any] = {}
        # layout-derived caches (graph, path fields) and the kept script mask (_compute_script_mask; all remade
        # after a new layout version empties it); a clone gets its own (codec.py)
        self._shared: dict = {}
        explore.reveal(self)
        self._start_phase("aliens_move")
        self._run()

    def outcome(self) -> dict[str, Any]:
        value = 1 if self.result == "marines" else -1 if self.result == "hive" else 0
        return {"marines": value, "hive": -value, "score": {
            **self.stats, "turns": self.turn, "rooms_entered": self.rooms_entered, "brood_found": self.brood_found,
            "queen_killed_in_chamber": self.queen_killed_in_chamber, "result": self.result,
            "squad_able": sum(h.status == "active" for h in self.humans)}}

    def determinize(self, side: str, rng) -> "BugHunt":
        """A clone whose colony not yet laid is drawn again: a new layout seed (ASSUMPTION A48
        lays every open end with dice seeded from it). Neither side knows what lies beyond an
        open end; everything laid, every figure and every counter is seen by both."""
        if side not in ("marines", "hive"):
            raise ValueError(f"unknown side {side!r}; sides are ['marines', 'hive']")
        new = self.clone()
        new.layout_seed = rng.getrandbits(62)
        return new

    def shaping_value(self, side: str) -> float:
        """The marines' potential (the hive's is its negative): the weights of rules.yaml `shaping`
        times the rooms entered, the Aliens killed and the squad figures lost so far."""
        w = self.rules["shaping"]
        lost = self.stats["humans_dead"] + self.stats["captured"] + self.stats["unconscious"]
        v = w["room_entered"] * self.rooms_entered + w["alien_killed"] * self.stats["aliens_killed"] + w["figure_lost"] * lost
        return v if side == "marines" else -v

    # ==========================================================================================
    # the rule queries and hooks the policies, the adapters and the tests call (the rules live
    # in the modules: state, geometry, combat, xeno, explore, marines, dice_ai, observation, codec)
    # ==========================================================================================
    sq, rc, cell, step_sq = geometry.sq, geometry.rc, geometry.cell, geometry.step_sq
    rng, los, enter_cost = geometry.rng, geometry.los, geometry.enter_cost
    walk_field, walk_steps, entry_squares = geometry.walk_field, geometry.walk_steps, geometry.entry_squares
    room_centres, exploration_goals = geometry.room_centres, geometry.exploration_goals
    able_humans, live_aliens, occupied, figure_at = state.able_humans, state.live_aliens, state.occupied, state.figure_at
    room_of, exposed, crew = state.room_of, state.exposed, state.crew
    available_ap, spend = state.available_ap, state.spend
    in_combat, extra_hit_options = combat.in_combat, combat.extra_hit_options
    target_square, weapon_range = combat.target_square, combat.weapon_range
    alien_steps, aliens_in_sight, hive_choices = xeno.alien_steps, xeno.aliens_in_sight, xeno.hive_choices
    lock_roll, layout_dice = explore.lock_roll, explore.layout_dice  # the game's seam for these dice
    targets, grenade_slot = marines.targets, marines.grenade_slot
    target_field, rulebook_steps, dice_ai_action = xeno.target_field, xeno.rulebook_steps, dice_ai.dice_ai_action
    focus, observe = observation.focus, observation.observe
    to_dict, from_dict, clone = codec.to_dict, classmethod(codec.from_dict), codec.clone
    # private steps the tests drive directly
    _reveal, _equip_new_pieces = explore.reveal, explore.equip_new_pieces
    _xeno_phase, _activation_need = xeno.xeno_phase, xeno.activation_need
    _cc_roll, _hurt_human, _remove_human = combat.cc_roll, combat.hurt_human, combat.remove_human

    # squad 0's pool, grenades and flags, for single-squad play and tests
    pool = property(lambda self: self.pools[0], lambda self, v: self.pools.__setitem__(0, v))
    pool_lost = property(lambda self: self.pools_lost[0], lambda self, v: self.pools_lost.__setitem__(0, v))
    grenades = property(lambda self: self.grenade_pools[0], lambda self, v: self.grenade_pools.__setitem__(0, v))
    fired = property(lambda self: self.fired_squads[0], lambda self, v: self.fired_squads.__setitem__(0, v))

    # ==========================================================================================
    # the phase machine
    # ==========================================================================================
    @cython.locals(a=AlienRecord, h=HumanRecord)  # (their writes C writes: the figures are final, state.pxd)
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
                elif a.attached == NO:
                    self.queue.append(i)
            self.mover = NO
            if self.apc is not None:
                self.apc["auto"] = self.rules["apc"]["auto_bursts"]
        elif phase == "aliens_cc":
            self.queue = [i for i, a in enumerate(self.aliens) if a.alive and (
                (a.attached != NO and a.attached_turn < self.turn) or (a.attached == NO and combat.cc_victims(self, i)))]
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
            xeno.xeno_phase(self)

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
        # the phases by how often they advance (the Marines' steps most): compiled, a phase that is not
        # the one compared costs a call of PyUnicode_Compare (two different str objects)
        if self.ow_queue:
            next_overwatch(self)
        elif self.phase == "marines":
            step_marines(self)
        elif self.phase == "aliens_move":
            step_aliens_move(self)
        elif self.phase == "aliens_cc":
            step_aliens_cc(self)
        elif self.phase == "xeno":
            step_xeno(self)
        return True

    @cython.locals(h=HumanRecord, entry=bytearray, pos=cython.Py_ssize_t)
    def _check_end(self) -> None:
        """Finishes the game if it is won or lost (before every decision: the figures' loops typed)."""
        if self.queen_killed_in_chamber:
            self._finish("marines", "the Queen is dead in her Brood Chamber: the Aliens lose")
            return
        for h in self.humans:  # some human of the squad (not the android) still active?
            if h.status == "active" and h.role != "android":
                break
        else:
            self._finish("hive", "no human of the squad can fight on")
            return
        if self.return_rooms is not None and self.rooms_entered >= self.return_rooms:
            entry = self.colony.entry_flags  # (a byte a square: pos NO reads the last, as entry.flat's)
            for h in self.humans:  # every active figure at the entry?
                if h.status == "active":
                    pos = h.pos  # (compiled: a C index, the byte read as a C int)
                    if not entry[pos]:
                        break
            else:
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

    @cython.locals(layout=ActionLayout, decision=Decision)  # (compiled: decode a C call, the decision's fields C reads)
    def _resolve(self, action: int) -> None:
        layout = self.layout
        kind, index = layout.decode(action)
        decision, self.decision = self.decision, None
        self._cache.clear()
        decision_kind = decision.kind
        if decision_kind == "act":  # (the commonest kind first: compiled, each kind compared in vain is a str compare)
            marine_action(self, kind, index)
        elif decision_kind == "activate":
            if kind == "activate_apc":
                self.apc.update(activated=True, driving=True, moves=self.rules["apc"]["movement"])
                self.events.append("the APC moves out")
            else:
                self.active = index
                self.humans[index].activated = True
        elif decision_kind == "drive":
            apc_action(self, kind, index)
        elif decision_kind == "order":
            self.mover = index
            self.queue.remove(index)
        elif decision_kind == "step":
            if kind == "stop":
                self.mover = NO
            elif kind == "close_door":
                alien_close_door(self, self.mover, index)
            else:
                alien_step(self, self.mover, index)
        elif decision_kind == "approach":
            place_approach(self, index)
        elif decision_kind == "extra_hit":
            extra_hit(self, decision.options[index])
            next_extra_hit(self)
        elif decision_kind == "overwatch_fire":
            overwatch_shot(self, index == 1)
        elif decision_kind == "summon":
            self.placement = {"stage": "appear"} if index == 1 else None
            self.events.append("the Bug Master " + ("summons the Aliens" if index == 1 else "holds the Aliens back"))
        elif decision_kind == "appear":
            self.placement = None
            approach(self, APPEAR_ROWS[index])
        elif decision_kind == "attack":
            a = self.queue.pop(0)
            close_combat(self, a, index)

    @cython.locals(layout=ActionLayout, d=Decision)  # (compiled: empty_mask a C call, the decision's fields C reads)
    def _compute_mask(self) -> np.ndarray:
        d = self.decision
        kind = d.kind
        layout = self.layout
        mask = layout.empty_mask()
        s = self._slot
        if kind == "act":  # (the kinds by how often they are asked: a figure's action, an Alien's step)
            marine_mask(self, mask)
        elif kind == "step":
            steps, stop, closes = hive_choices(self, self.mover)
            _mark(mask, s["step"], steps)
            _mark(mask, s["close_door"], closes)
            mask[s["stop"]] = stop
        elif kind == "activate":
            figures = d.options
            if APC_OPTION in figures:  # (the APC's own slot; option apc)
                mask[s["activate_apc"]] = 1
                figures = [i for i in figures if i != APC_OPTION]
            _mark(mask, s["activate"], figures)
        elif kind == "extra_hit":
            _mark(mask, s["extra_hit"], range(len(d.options)))
        elif kind in ("order", "approach", "attack", "summon", "appear", "overwatch_fire"):
            _mark(mask, s[kind], d.options)
        elif kind == "drive":
            marines.apc_mask(self, mask)
        return mask

    @cython.locals(layout=ActionLayout, cache=dict, shared=dict)
    def _compute_script_mask(self) -> np.ndarray:
        """The script mask (PhasedGame.script_mask; BugHuntTactics' while a tactic plays): a
        figure's action without the grenade slots the squad never reads (marines.marine_mask), the
        other decisions' whole masks, kept as the whole mask too (``_current_mask``'s). Those are this
        class's own ``_compute_mask``, named: while a tactic plays the commander's override
        (core/commander.py) hands them to it anyway, and compiled the call is a C call, not two
        Python-level calls through that override.

        A figure's script mask is written into one array the game keeps (in ``_shared``, which a
        clone or a pickle does not share, and a new layout version empties: then made anew; made
        anew too when its size is not the layout's, which a commander extends after the set-up's
        masks), zeroed first by marine_mask (script: through the pointer it writes by): a new array
        at every sub-step of a tactic cost more than its zeroing. The script mask is valid until the
        next step only (PhasedGame), and only the open decision's is read: the last position's is
        no longer."""
        if self.decision.kind != "act":
            cache = self._cache
            mask = cache.get("mask")
            if mask is None:
                mask = cache["mask"] = BugHunt._compute_mask(self)
            return mask
        layout = self.layout
        shared = self._shared
        mask = shared.get("act_script_mask")
        if mask is None or len(mask) != layout.size:
            mask = shared["act_script_mask"] = layout.empty_mask()
        marine_mask(self, mask, True)
        return mask

    # ==========================================================================================
    # descriptions and rendering
    # ==========================================================================================
    def _describe(self, kind: str, index: int, label: str) -> str:
        d = self.decision
        if kind == "activate" and index < len(self.humans):
            return f"activate {self.humans[index].name}"
        if kind == "activate_apc":
            crew = ", ".join(self.humans[j].name for j in state.crew(self))
            return f"drive the APC ({crew or 'no crew'} inside)"
        if d.kind == "drive" and self.apc is not None:
            if kind == "fire" and index < len(marines.targets(self)):
                t = marines.targets(self)[index]
                what = f"{self.aliens[t[1]].kind} {t[1]}" if t[0] == "alien" else "egg cache" if t[0] == "egg" else "auto sentry"
                return f"APC: midi-gun at {what} (range {geometry.rng(self, self.apc['pos'], combat.target_square(self, t))})"
            if kind == "drive":
                return f"APC: drive {CARDINAL_NAMES[index]} ({self.apc['moves']} movement left)"
            return f"APC: {label}"
        if d.kind == "act" and self.active != NO:
            h = self.humans[self.active]
            if kind == "grenade":
                r, c = geometry.rc(self, h.pos)
                dr, dc = marines.grenade_offsets(self)[index]
                return f"{h.name}: grenade at ({r + dr}, {c + dc}) (range {max(abs(dr), abs(dc))})"
            if kind == "fire" and index < len(marines.targets(self)):
                t = marines.targets(self)[index]
                what = f"{self.aliens[t[1]].kind} {t[1]}" if t[0] == "alien" else "egg cache" if t[0] == "egg" else "auto sentry"
                r = geometry.rng(self, h.pos, combat.target_square(self, t))
                weapon = "grenade" if kind == "grenade" else h.weapon.replace("_", " ")
                return f"{h.name}: {weapon} at {what} (range {r})"
            if kind == "move" and self.apc is not None and (h.in_apc or geometry.step_sq(self, h.pos, *CARDINAL[index]) == self.apc["pos"]):
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
        if kind == "close_door" and self.mover != NO:
            return f"{self.aliens[self.mover].kind} {self.mover} closes the door {CARDINAL_NAMES[index]}"
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

    def row_aimed_actions(self, name: str, rows: int) -> list[int]:
        """(The Game contract's) the grenade at each of the acting figure's first `rows` targets'
        squares now (marines.grenades_at_targets)."""
        if name != "grenade":
            raise ValueError(f"BugHunt aims no {name!r} at the targets' rows; row_aimed_slice_names: "
                             f"{self.row_aimed_slice_names}")
        return marines.grenades_at_targets(self, rows)

    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        from .render import render_rgb
        return render_rgb(self)

    def render_text(self, viewer: str | None = None) -> str:
        from .render import render_text
        return render_text(self)
