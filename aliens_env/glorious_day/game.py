"""Aliens: Another Glorious Day in the Corps (Gale Force Nine) with the Hive player of the
"Get Away From Her" expansion: the foundation (one mission, small models).

A round: the Marine Phase (each Character activates once, in the order the marines choose, and
takes up to two actions), then the Alien Phase: the Hivemind Step (only with a Hive player:
gain 4 Willpower, draw a Hivemind card, spend Willpower, discard to three), activate Aliens,
activate Blips, draw Motion Tracker cards; then the check for the end.

Marines (the whole fireteam, one action a step):
    activate[c]        the next Character to activate
    move[square]       Move: up to Speed spaces (8 directions) to a free square
    attack[alien]      Attack an Alien model in line of sight and range: exhaust the weapon's
                       Endurance cost, roll the d10, hit under the Aim dial; the dial drops one
    aim                the Aim dial +1
    barricade[dir]     Barricade (or unbarricade) the door next to the Character
    interact[what]     remove_hazard (one Hazard on the Character) or newt (pick Newt up)
    rest               recycle exhausted Endurance cards to the deck's bottom, then draw
    stand              a Knocked Down Character gets up
    end                end the activation
Hive (ties of the rules, and the Hive player's choices):
    place[square]      where an Alien or Blip moves or is placed, of the tied squares
    target[c]          which Character (tied) an Alien attacks, or a card's target
    wp_move[model,dir] Willpower Move (1): an Alien model or Blip one space
    wp_draw            Willpower Draw (2)
    swap[blip]         Swap Blips (2): first one Blip, then the other
    wp_reorder         Reorder Deck (2): the top Motion Tracker card to the bottom
    play[card]         play a Nature or Instinct card
    end_step           end the spending of the Hivemind Step
    discard[card]      discard to hand size
    react / decline    play the Reaction card that fits the moment, or not

This module is the front: the Game contract, the set-up and the phase machine (masks and the
dispatch of a decision). The rules live in the classes ``GloriousDay`` derives from, one module
per concern: state (constants and the queries the rules and policies share), marines (the Marine
Phase and the Endurance cards), hivemind (the Hivemind Step), aliens (the Alien Phase's work:
Aliens and Blips, Defense, reveals, the Motion Tracker), observation, codec (positions saved,
cloned, determinized and loaded), text (descriptions and the text view), and the large models:
queen, power_loader, apc. They form one chain over ``PhasedGame`` (each derives from the one
before, in the order of their imports: ``VehicleRules``, ``StateQueries``, ``MarineRules``,
``HivemindRules``, ``AlienRules``, ``Observation``, ``Positions``, ``TextViews``, ``QueenRules``,
``LoaderRules``), so that compiled each is an extension type and the game's records live in
``VehicleRules``' struct (glorious_day/apc.pxd). No two of them define the same name, so the
order resolves every method as the mixins did (a test holds them to it).
"""
from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from ..core.actions import MASK_DTYPE, ActionLayout, ObsLayout  # (MASK_DTYPE: the masks' frombuffer)
from ..core.board import DIRECTION_NAMES, NO, board_from_rows
from ..core.dice import Dice
from ..core.game import Decision, PhasedGame, lone_legal

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython
from . import compact_rows as own_rows
from . import missions as objectives
from .missions import check as mission_end  # (compiled: a C call, game.pxd)
from .apc import APC_TARGET
from .data_files import ENTRY_MARKS, LARGE_MARKS, load
from .observation import MARKS, anew_spans
from .power_loader import LoaderRules
from .state import (  # noqa: F401  (the constants, importable from here as before)
    ALIEN_FEATURES, APC_FEATURES, CHAR_EXTRA, CHAR_FEATURES, DECISION_INDEX, DECISIONS, ENDS, ENDURANCE_MAX,
    INTERACTS, LARGE_FEATURES, MAX_ALIENS, MAX_CHARACTERS, MISSION_FEATURES, MT_KINDS, OUTS, PHASES, PLANES,
    QUEEN_MT_KINDS, REACTION_OF, SEAT_FEATURES,
)

_frombuffer = np.frombuffer  # (the masks' array over their bytearray: no attribute look-up at each mask)
_MAPS: dict[tuple, dict] = {}  # (mission, height, width): the board and what is read off it once

#: the decision kinds that are the marines' to take (outside the class body: compiled, an extension
#: type's body takes no generator expression)
MARINE_DECISIONS = frozenset(k for k, side in DECISIONS.items() if side == "marines")


class GloriousDay(LoaderRules):
    name = "GloriousDay"
    marine_decisions = MARINE_DECISIONS
    #: the hive's decisions' slices (place; target: target, target_apc; hivemind: wp_move, wp_draw, wp_reorder,
    #: play, end_step, wp_move_queen, heal_queen; swap_second: swap; discard; react: react, decline); the
    #: marines' every other (activate, action)
    side_slice_names = {"hive": ("place", "target", "target_apc", "wp_move", "wp_draw", "wp_reorder", "play", "end_step",
                                 "wp_move_queen", "heal_queen", "swap", "discard", "react", "decline")}
    #: the compact observation's own rows (core/compact.yaml's game_rows: the acting Character's move
    #: options and targets) and the Move and Attack aimed at them (glorious_day/compact_rows.py, A74)
    compact_row_columns = own_rows.ROW_COLUMNS
    row_aimed_slice_names = own_rows.AIMED

    def __init__(self, mission: str = "newt", hive_player: bool = True, campaign: bool = False,
                 fireteam: list[str] | None = None, heroes: list[str] | None = None, apc_chase: bool = False):
        """`mission` one of missions.yaml's; `campaign`: play the campaign from `mission` to its
        end as one episode (the Fireteam's losses carried on); `fireteam` and `heroes`: the
        players' choice of Characters and of their Hero sides (the mission's by default)."""
        super().__init__()
        data = self.data = load()
        if mission not in data["missions"]:
            raise ValueError(f"unknown mission {mission!r}; missions are {sorted(data['missions'])}")
        if type(hive_player) is not bool:
            raise ValueError(f"hive_player must be true or false, got {hive_player!r}")
        if type(campaign) is not bool:
            raise ValueError(f"campaign must be true or false, got {campaign!r}")
        if campaign and mission not in data["campaign"]:
            raise ValueError(f"campaign: the campaign starts at one of its missions {data['campaign']}, got {mission!r}")
        if campaign and (fireteam is not None or heroes is not None):
            raise ValueError("fireteam and heroes: in the campaign each mission fields its own Fireteam "
                             "(missions.yaml); leave them unset")
        if type(apc_chase) is not bool or (apc_chase and not campaign):
            raise ValueError(f"apc_chase must be true or false, and true only with campaign=True (APC Chase between "
                             f"missions 2 and 3), got {apc_chase!r}")
        self.hive_player, self.campaign, self.apc_chase = hive_player, campaign, apc_chase
        self.fireteam_option = (None if fireteam is None and heroes is None
                                else objectives.check_fireteam(data, mission, fireteam, heroes))
        self.plan = data["campaign"][data["campaign"].index(mission):] if campaign else [mission]
        if apc_chase and data["apc_chase_after"] in self.plan:  # PRINTED: APC Chase between missions 2 and 3
            self.plan.insert(self.plan.index(data["apc_chase_after"]) + 1, "apc_chase")
        self.extended = (campaign or self.fireteam_option is not None
                         or any(objectives.extended(data, name) for name in self.plan))
        maps = [data["missions"][name]["map"].splitlines() for name in self.plan]
        self.height, self.width = max(len(rows) for rows in maps), max(len(rows[0]) for rows in maps)
        self.rules, self.hive_rules = data["rules"], data["rules"]["hive"]
        #: the Queen and the Power Loader: their actions and view in every game one of whose
        #: missions has one (the campaign's layout is one for all its missions)
        marks = "".join(data["missions"][name]["map"] for name in self.plan)
        self.has_queen, self.has_large = "Q" in marks, "Q" in marks or "P" in marks
        self.has_apc = "V" in marks  # the M577 APC (apc.py)
        self.synthetic_names = frozenset(name for name, info in data["characters"].items() if info.get("synthetic"))
        self.card_names = tuple(data["hivemind"]["cards"])
        self.card_index = {k: i for i, k in enumerate(self.card_names)}  # (card_names.index, one look-up)
        self.cards = data["hivemind"]["cards"]
        self.reactions = tuple(k for k in self.card_names if self.cards[k]["type"] == "reaction")
        self.natures = tuple(k for k in self.card_names if self.cards[k]["type"] == "nature")
        self.max_blips = sum(self.rules["blips"].values())
        self.max_tokens = self.rules["max_tokens"]
        self.model_slots = MAX_ALIENS + self.max_blips
        n = self.height * self.width
        slices = [
            ("activate", MAX_CHARACTERS), ("move", n), ("attack", MAX_ALIENS), ("aim", 1),
            ("barricade", DIRECTION_NAMES), ("interact", INTERACTS), ("rest", 1), ("stand", 1), ("end", 1),
            ("place", n), ("target", MAX_CHARACTERS), ("wp_move", self.model_slots * 8), ("wp_draw", 1),
            ("swap", self.max_blips), ("wp_reorder", 1), ("play", self.card_names), ("end_step", 1),
            ("discard", self.card_names), ("react", 1), ("decline", 1),
        ]
        if self.extended:  # Enraged Ripley sets Newt down (free); an Interact with an objective token
            slices += [("set_down", DIRECTION_NAMES), ("token", self.max_tokens)]
        if self.has_large:  # the large models' actions, only in games with them (mission 1's layout stays)
            slices += [("attack_queen", 1), ("loader", 1), ("airlock", 1), ("wp_move_queen", n), ("heal_queen", 1)]
        if self.has_apc:  # the APC's crew actions and the Hive's choice of the APC as a target
            slices += [("drive", 1), ("apc_step", DIRECTION_NAMES), ("apc_stop", 1), ("turret", MAX_ALIENS),
                       ("scan", self.max_blips), ("repair", 1), ("target_apc", 1)]
        self.layout = ActionLayout(slices)
        self._slot = {name: self.layout.slices[name][0] for name in self.layout.slices}
        #: 57, 67 with the Queen's cards (the largest deck of the game's missions)
        self.tracker_total = max(len(self.tracker_cards(data["missions"][name])) for name in self.plan)
        self.global_features = (
            "round/rounds", "endurance_deck/91", "hand/hand_limit", "exhausted/91", "discard/91",
            "willpower/10", "hive_hand/10", "hivemind_deck/31", f"motion_tracker_deck/{self.tracker_total}", "blip_pool/21",
            "hive_hazards/6", "reaction_used", "newt_found", "hive_player",
            *(f"nature={k}" for k in self.natures), *(f"decision={k}" for k in DECISIONS))
        #: {Motion Tracker kind: its column among the hive's top_tracker features}, in that order
        kinds = MT_KINDS + (QUEEN_MT_KINDS if self.has_queen else ())
        self.mt_kinds = {kind: column for column, kind in enumerate(kinds)}
        self.hive_features = (*(f"hand_{k}/3" for k in self.card_names), *(f"top_tracker={k}" for k in self.mt_kinds))
        views = [
            ("board", (len(PLANES), self.height, self.width), "planes: " + ", ".join(PLANES)),
            ("characters", (MAX_CHARACTERS, len(CHAR_FEATURES)), ", ".join(CHAR_FEATURES)),
            ("aliens", (MAX_ALIENS, len(ALIEN_FEATURES)), ", ".join(ALIEN_FEATURES)),
            ("globals", len(self.global_features), ", ".join(self.global_features)),
            ("hive_knowledge", len(self.hive_features), "hive only (zeros for marines): " + ", ".join(self.hive_features)),
        ]
        if self.extended:
            views += [("tokens", (self.height, self.width), "objective tokens left"),
                      ("characters_extra", (MAX_CHARACTERS, len(CHAR_EXTRA)), ", ".join(CHAR_EXTRA)),
                      ("mission", len(MISSION_FEATURES), ", ".join(MISSION_FEATURES))]
        if self.has_large:
            views += [("large_models", len(LARGE_FEATURES), ", ".join(LARGE_FEATURES))]
        if self.has_apc:
            views += [("apc", len(APC_FEATURES), ", ".join(APC_FEATURES)),
                      ("apc_seats", (MAX_CHARACTERS, len(SEAT_FEATURES)), ", ".join(SEAT_FEATURES)),
                      ("scanned", (self.height, self.width), "(value + 1)/4 of the Blips the Scanner looked at")]
        self.obs_layout = ObsLayout(views)
        self._plane_at = {name: self.obs_layout.offset("board") + k * n for k, name in enumerate(PLANES)}
        self._char_rows_at, self._alien_rows_at = self.obs_layout.offset("characters"), self.obs_layout.offset("aliens")
        self._globals_at = self.obs_layout.offset("globals")
        self._anew_spans = anew_spans(self.obs_layout)  # the views observation.py writes anew each time
        self._obs_rows: dict[tuple, array] = {}  # the characters_extra rows by what they show (a few a game)
        self._obs_kept: tuple | None = None  # the last public observation written (observation.py)
        self.mission = ""
        self._load_mission(mission)
        self.reset(0)

    def _load_mission(self, mission: str) -> None:
        """The mission's board (padded with walls to the game's size: the campaign's missions
        share one) and what is read off it, kept once per map."""
        self.mission, m = mission, self.data["missions"][mission]
        self.m = m
        self.map_id = key = (mission, self.height, self.width)
        loaded = _MAPS.get(key)
        if loaded is None:
            rows = [row.ljust(self.width, "W") for row in m["map"].splitlines()]
            rows += ["W" * self.width] * (self.height - len(rows))
            b = board_from_rows(tuple(rows), extra_open="DMNT" + ENTRY_MARKS + LARGE_MARKS)
            grid = np.array([list(r) for r in rows]).ravel()
            marks = lambda ch: np.flatnonzero(grid == ch).tolist()  # noqa: E731
            loaded = _MAPS[key] = {
                "map_rows": rows, "board": b, "doors": set(marks("D")), "exits": set(marks("E")),
                "starts": marks("M"), "entries": {e: marks(e)[0] for e in ENTRY_MARKS if marks(e)},
                "newt_start": (marks("N") or [NO])[0], "token_starts": marks("T"),
                "passable": b.passable.ravel().tolist(),
                # sight[a][b]: a square sees another (the map's table, built once)
                "sight": [b.los_list(i) if b.passable.flat[i] else None for i in range(b.n)],
                "nbrs": [[sq for _, sq in b.neighbours[i]] for i in range(b.n)]}
        for name, value in loaded.items():
            setattr(self, name, value)
        self._setup_large(np.array([list(r) for r in self.map_rows]))
        self._setup_vehicle(np.array([list(r) for r in self.map_rows]).ravel())
        b = self.board
        template = self.obs_layout.zeros()
        planes = self.obs_layout.view(template, "board")
        planes[PLANES.index("wall")] = ~b.passable
        for i in self.doors:
            planes[PLANES.index("door")].flat[i] = 1
        for i in self.exits:
            planes[PLANES.index("exit")].flat[i] = 1
        for i in self.entries.values():
            planes[PLANES.index("entry")].flat[i] = 1
        if self.extended:
            mission_view = self.obs_layout.view(template, "mission")
            mission_view[objectives.OBJECTIVES.index(m["objective"])] = 1
            mission_view[len(objectives.OBJECTIVES) + 1] = m["kind"] == "bug_hunt"
            mission_view[len(objectives.OBJECTIVES) + 2] = self.plan.index(mission) / len(self.plan)
        self._obs_template_array = array("f", template.tobytes())

    # ------------------------------------------------------------------------------------------
    # set-up
    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self.dice = Dice(seed)
        self.stage, self.killed, self.kills_at_start = 0, [], 0
        self.stats = {"kills": 0, "attacks": 0, "hits": 0, "characters_lost": 0, "reveals": 0,
                      "barricades_broken": 0, "willpower_spent": 0, "cards_played": 0, "reactions": 0}
        self.events: list[str] = []
        if self.mission != self.plan[0]:
            self._load_mission(self.plan[0])
        self._set_up()
        self._run()

    def _set_up(self) -> None:
        """The mission's set-up: the Fireteam on its start squares, the decks, the Hive, the start Blips."""
        data, m, decks = self.data, self.m, self.data["decks"]
        parts = ("core", "expansion") if m["expansion_cards"] else ("core",)
        self.chars = []
        for k, (who, hero) in enumerate(objectives.fielded(self)):
            self.chars.append({"name": who, "hero": hero, "pos": self.starts[k], "alive": True, "knocked": False,
                               "activated": False, "aim": 0, "actions": 0, "hazards": [], "out": ""})
        self._mark_all()
        names = [ch["name"] for ch in self.chars]
        self.newt_char = names.index(data["newt"]) if data["newt"] in names else NO
        self.tokens = list(self.token_starts)
        self.aliens: list[dict | None] = [None] * MAX_ALIENS
        self.blips: list[dict | None] = [None] * self.max_blips
        self.blip_pool = [int(v) for v, count in self.rules["blips"].items() for _ in range(count)]
        self.dice.shuffle(self.blip_pool)
        self.barricades: set[int] = set()
        self.deck = [c for part in parts for c, count in decks["endurance"][part].items() for _ in range(count)]
        self.dice.shuffle(self.deck)
        self.hand, self.exhausted, self.discard = [], [], []
        self.tracker = self.tracker_cards()
        self.dice.shuffle(self.tracker)
        self.tracker_discard = []
        self.hive_hazards = [h for h, count in decks["hive_hazards"].items() for _ in range(count)]
        self.willpower, self.hm_hand, self.hm_discard, self.nature = 0, [], [], ""
        self.hm_deck = [k for k in self.card_names for _ in range(self.cards[k]["copies"])]
        if self.hive_player:
            # set-up: one Nature at random in play, the rest shuffled back in; Willpower 4
            natures = [k for k in self.hm_deck if k in self.natures]
            self.nature = natures[self.dice.pick(len(natures))]
            self.hm_deck.remove(self.nature)
            self.willpower = self.hive_rules["starting_willpower"]
        self.dice.shuffle(self.hm_deck)
        self.newt, self.newt_carrier = self.newt_start, NO
        self.round, self.phase, self.active, self.end = 1, "marine", NO, ""
        self.reaction_round, self.queen_moved = 0, False
        self.kills_at_start = self.stats["kills"]
        self.work: list[dict] = []
        self.decision: Decision | None = None
        self._cache: dict[str, Any] = {}
        self._reset_large()
        self._reset_vehicle()
        self._deal_starting_hand()
        for e in m["start_blips"]:
            self._place_blip(self.entries[str(e)])

    def _next_mission(self) -> None:
        """The campaign goes on: the Killed stay out of later missions (A25); the next mission is set up."""
        self.killed += [ch["name"] for ch in self.chars if not ch["alive"]]
        self.stage += 1
        self._load_mission(self.plan[self.stage])
        self._set_up()
        self.events.append(f"the campaign goes on: {self.m['title']}")

    # ------------------------------------------------------------------------------------------
    # the phase machine
    # ------------------------------------------------------------------------------------------
    @cython.locals(lone=cython.Py_ssize_t)  # (compiled: compared in C)
    def _run(self) -> None:
        """PhasedGame's loop, but a Reaction window is always offered (its opening is public, so
        taking a lone 'decline' at once would tell the marines the Hive holds no such card). As
        PhasedGame's, it asks core's lone_legal of the script mask (``script_mask``), but a Hivemind
        Step known to be a real choice from part of its mask (``_hivemind_choice``) before that."""
        while True:
            self._cache.clear()
            if self.decision is not None:
                if self.decision.kind == "hivemind" and self._hivemind_choice():
                    return
                mask = self.script_mask(self.decision.player)
                lone = lone_legal(mask)
                if lone == -2 or (lone >= 0 and self.decision.kind == "react"):  # a real choice, or a window
                    return
                if lone == -1:
                    raise RuntimeError(f"GloriousDay: no legal action in decision {self.decision}")
                self._resolve(lone)
            elif not self._advance():
                return

    def _hivemind_choice(self) -> bool:
        """Whether the Hivemind Step's mask holds two or more actions, known from its Willpower's and
        cards' part (``_hivemind_mask``: End Step and another) without the Queen's (``_queen_hive_mask``,
        her Moves' search): both only mark actions legal, so two there are two in the whole mask.
        False: the whole mask decides (``_run``). The dice AI's End Step needs no mask either
        (``illegal_reason``): against it, the Step's whole mask is worked out only when asked for."""
        mask = bytearray(self.layout.size)
        self._hivemind_mask(mask)
        return lone_legal(_frombuffer(mask, MASK_DTYPE)) == -2

    def illegal_reason(self, action: int) -> str | None:
        """PhasedGame's, but End Step in the Hivemind Step is legal without the mask worked out
        (``_hivemind_mask`` always marks it)."""
        d = self.decision
        if d is not None and d.kind == "hivemind" and type(action) is int and action == self._slot["end_step"]:
            return None
        return PhasedGame.illegal_reason(self, action)

    def _advance(self) -> bool:
        if self.phase == "over":
            return False
        if self._check_end():
            return True
        if self.work:
            self._work()
            return True
        phase = self.phase
        if phase == "marine":
            if self.active != NO and self.chars[self.active]["alive"] and (
                    self.chars[self.active]["actions"] > 0 or self._driving(self.active)):
                self._decide("action")
            elif [c for c in self.in_play() if not self.chars[c]["activated"]]:  # (a list: a cpdef takes no generator)
                if self.active != NO:
                    self._obs_chars.add(self.active)  # (no longer the active one)
                self.active = NO
                self._decide("activate")
            else:
                if self.active != NO:
                    self._obs_chars.add(self.active)  # (no longer the active one)
                self.active = NO
                self.phase = "hivemind" if self.hive_player else "aliens"
                self._queen_phase_start()
                self._vehicle_phase_start()
                if self.hive_player:
                    self._hivemind_start()
        elif phase == "hivemind":
            self._decide("hivemind")
        elif phase == "discard":
            if len(self.hm_hand) > self.hive_rules["hand_size"]:
                self._decide("discard")
            else:
                self.phase = "aliens"
        elif phase == "aliens":
            self.work = [{"kind": "alien", "slot": k, "stage": "move"} for k in reversed(range(MAX_ALIENS))
                         if self.aliens[k] is not None]
            if self.queen is not None:
                self.work.append({"kind": "queen", "stage": "move"})  # she activates first
            self.phase = "blips"
        elif phase == "blips":
            self.work = [{"kind": "blip", "slot": k} for k in reversed(range(self.max_blips)) if self.blips[k] is not None]
            self.phase = "tracker"
        elif phase == "tracker":
            self.work = [{"kind": "tracker"} for _ in range(self.tracker_draws())]
            self.phase = "round_end"
        elif phase == "round_end":
            self._queen_phase_end()
            self._vehicle_round_end()
            if self.phase == "over":
                return True
            if self.round >= self.m["rounds"]:
                self._finish(*objectives.at_time(self))
                return True
            self.round += 1
            for ch in self.chars:
                ch["activated"] = False
            self._obs_chars.update(range(len(self.chars)))
            self.queen_moved = False
            self._obs_marks.add("large")
            self.phase = "marine"
        return True

    def _check_end(self) -> bool:
        result = mission_end(self)
        if result is None:
            return False
        self._finish(*result)
        return True

    def _finish(self, end: str, why: str) -> None:
        """The mission ends; in the campaign a won mission leads to the next one."""
        self.events.append(why)
        if self.campaign and end in objectives.WINS and self.stage + 1 < len(self.plan):
            self._next_mission()
            return
        self.end, self.phase, self.work, self.decision = end, "over", [], None

    # ------------------------------------------------------------------------------------------
    # masks and resolution
    # ------------------------------------------------------------------------------------------
    def _compute_mask(self) -> np.ndarray:
        """The open decision's mask (``_fill_mask``)."""
        mask = bytearray(self.layout.size)  # (item writes to bytes are cheap) handed out as the layout's int8 mask
        self._fill_mask(mask, True)
        return _frombuffer(mask, MASK_DTYPE)

    def _compute_script_mask(self) -> np.ndarray:
        """The script mask (PhasedGame.script_mask; GloriousDayTactics' while a tactic plays): an
        action's mask without the entries the scripted marines never read, asking the rules'
        queries for those (``_fill_mask``); an action's mask holds Rest and End whenever it holds
        one of them, so its count stays above 1. The other decisions' masks whole."""
        mask = bytearray(self.layout.size)
        self._fill_mask(mask, False)
        return _frombuffer(mask, MASK_DTYPE)

    # (compiled: item reads and writes without lookups; in the hot loops a mask's index is a C
    # integer, ``i``, an entry of the slice at ``base``)
    @cython.locals(mask=bytearray, slot=dict, ch=dict, base=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   whole=cython.bint)
    def _fill_mask(self, mask: bytearray, whole: bool = True) -> None:
        """The open decision's legal actions marked 1 in `mask` (the layout's size, all 0; a
        bytearray: each value written must be a Python int or bool, a numpy bool is refused).
        Not `whole`, an action's mask (a Character's own, not the drive's or the Power Loader's
        second attack) leaves out the actions with a target (Move, Attack, Barricade, turret shot,
        Scan, set Newt down, token) and the Attack on the Queen, the Power Loader, the airlock and
        Repair, which the scripted marines never read (they ask ``move_targets``,
        ``attack_targets``, ``can_attack_queen``... themselves): Rest and End are then both legal,
        the count above 1 either way."""
        kind, slot, opts = self.decision.kind, self._slot, self.decision.options
        if kind == "activate":
            for c in self.in_play():
                if not self.chars[c]["activated"]:
                    mask[slot["activate"] + c] = 1
        elif kind == "action":
            c = self.active
            ch = self.chars[c]
            mask[slot["rest"]] = mask[slot["end"]] = 1
            if ch["knocked"]:
                mask[slot["stand"]] = 1
                return
            if self.loader is not None and self.loader["bonus"] and c == self.pilot():
                mask[slot["rest"]] = 0  # the second Power Loader attack, or not (end)
                for k in self.loader_targets():
                    mask[slot["attack"] + k] = 1
                mask[slot["attack_queen"]] = self.loader_reaches_queen()
                return
            if ch["out"] == "carried":  # PRINTED: a carried Newt may only Rest
                return
            seat = "" if self.apc is None else self.seat_of(c)
            if seat == "driver" and self.apc["moves"] > 0:
                mask[slot["rest"]] = mask[slot["end"]] = 0  # the drive goes on: a step or the stop
                for d in self.vehicle_step_dirs():
                    mask[slot["apc_step"] + d] = 1
                mask[slot["apc_stop"]] = 1
                return
            if ch["aim"] < self.rules["aim_max"]:
                mask[slot["aim"]] = 1
            if ch["hazards"]:
                mask[slot["interact"]] = 1
            if self.newt_adjacent(c):
                mask[slot["interact"] + 1] = 1
            if self.apc is not None:
                mask[slot["drive"]] = seat == "driver"
            if not whole:
                return
            base = slot["move"]
            for i in self.move_targets(c):
                mask[base + i] = 1
            base = slot["attack"]
            for i in self.attack_targets(c):
                mask[base + i] = 1
            for d in self.barricade_dirs(c):
                mask[slot["barricade"] + d] = 1
            if self.has_large:
                mask[slot["attack_queen"]] = self.can_attack_queen(c)
                mask[slot["loader"]] = self.can_use_loader(c)
                mask[slot["airlock"]] = self.can_open_airlock(c)
            if self.apc is not None:
                for k in self.turret_targets(c):
                    mask[slot["turret"] + k] = 1
                for k in self.can_scan(c):
                    mask[slot["scan"] + k] = 1
                mask[slot["repair"]] = self.can_repair(c)
            if self.extended:
                for d in self.set_down_dirs(c):
                    mask[slot["set_down"] + d] = 1
                for k in self.token_targets(c):
                    mask[slot["token"] + k] = 1
        elif kind == "place":
            base = slot["place"]
            for i in opts:
                mask[base + i] = 1
        elif kind == "target":
            for c in opts:
                mask[slot["target_apc"] if c == APC_TARGET else slot["target"] + c] = 1
        elif kind == "hivemind":
            self._hivemind_mask(mask)
            self._queen_hive_mask(mask)
        elif kind == "swap_second":
            for k, bl in enumerate(self.blips):
                if bl is not None and k != opts[0]:
                    mask[slot["swap"] + k] = 1
        elif kind == "discard":
            for card in set(self.hm_hand):
                mask[slot["discard"] + self.card_index[card]] = 1
        elif kind == "react":
            mask[slot["decline"]] = 1
            card = REACTION_OF[self.work[-1]["kind"]]
            if card in self.hm_hand:
                mask[slot["react"]] = 1

    def _resolve(self, action: int) -> None:
        name, index = self.layout.decode(action)
        decision, self.decision = self.decision, None
        self._cache.clear()
        kind = decision.kind
        if kind == "activate":
            self._activate(index)
        elif kind == "action":
            self._marine_action(name, index)
        elif kind in ("place", "target"):
            self.work[-1]["choice"] = APC_TARGET if name == "target_apc" else index
        elif kind == "hivemind":
            self._hive_action(name, index)
        elif kind == "swap_second":
            self._spend("swap_blips")
            first = decision.options[0]
            a, b = self.blips[first], self.blips[index]
            a["value"], b["value"] = b["value"], a["value"]
            if self.apc is not None:  # A45: swapped Blips are unknown again
                self.apc["scanned"] = [k for k in self.apc["scanned"] if k not in (first, index)]
                self._obs_marks.add("apc")
            self.events.append("the Hive swaps two Blips")
        elif kind == "discard":
            self._discard_hivemind(self.card_names[index])
        elif kind == "react":
            self.work[-1]["react"] = name == "react"
            if name == "react":
                card = REACTION_OF[self.work[-1]["kind"]]
                self._spend_card(card)
                self.reaction_round = self.round
                self.stats["reactions"] += 1

    # ------------------------------------------------------------------------------------------
    # outcome, shaping
    # ------------------------------------------------------------------------------------------
    def outcome(self) -> dict[str, Any]:
        marines = 1 if self.end in objectives.WINS else -1 if self.end else 0
        return {"marines": marines, "hive": -marines,
                "score": {**self.stats, "round": self.round, "end": self.end,
                          **({"missions_won": self.stage + (self.end in objectives.WINS)} if self.campaign else {}),
                          "endurance_left": len(self.deck) + len(self.hand) + len(self.exhausted)}}

    def shaping_value(self, side: str) -> float:
        w = self.rules["shaping"]
        value = w["newt_found"] * (self.newt == NO) + w["character_lost"] * self.stats["characters_lost"]
        value += w["endurance_card"] * (len(self.deck) + len(self.hand) + len(self.exhausted))
        if self.m["objective"] != "rescue":
            value += w["objective"] * (objectives.progress(self) + self.stage)
        if self.newt_carrier != NO:
            dist = self.bfs(sorted(self.exits), set())[self.chars[self.newt_carrier]["pos"]]
            value -= w["carrier_to_exit"] * min(dist, 50)
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    # the compact observation's own rows and the actions aimed at them (A74)
    # ------------------------------------------------------------------------------------------
    def compact_rows(self, view: str, rows: int, player: str) -> np.ndarray:
        """(The Game contract's) the move options' and targets' rows (glorious_day/compact_rows.py)."""
        return own_rows.compact_rows(self, view, rows, player)

    def row_aimed_actions(self, name: str, rows: int) -> list[int]:
        """(The Game contract's) the Move to each move row's square, the Attack on each target row's
        Alien (glorious_day/compact_rows.py)."""
        return own_rows.row_aimed_actions(self, name, rows)

    # ------------------------------------------------------------------------------------------
    # rendering (the text view: text.py)
    # ------------------------------------------------------------------------------------------
    def render_rgb(self, viewer: str | None = None) -> np.ndarray:
        """The board and the figures as render_text shows them to ``viewer`` (Blip values to the hive only)."""
        from ..render.glorious_day import render

        return render(self, viewer)
