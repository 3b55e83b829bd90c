"""The Movie Scenario of Aliens (1989): the Reactor Room, then Operations/Air Ducts, one episode.

Stage 1 is the Reactor Room (``ReactorRoom``, unchanged). When its rules end it, the survivors
(out in any condition) carry across with Gorman, Newt, Ripley and Burke into Operations/Air
Ducts (``MovieOperations``: the Operations rules with that roster), every condition improved one
step (option ``healing``; ``healing=False`` is the Tournament pairing, the same chain without
it). The episode's dice run on from one stage into the next. The score is the Tournament
Victory Points of both stages added up (a character surviving both counts in each).

One action space and one observation for the whole episode (``MovieScenario.layout`` /
``obs_layout``): each stage's actions and views are copied into them by name (see
``_stage_maps`` and ``observe``).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.actions import ActionLayout, ObsLayout
from ..core.data import read_yaml
from ..core.positions import Fields, position_error
from ..operations import data_files as ops_files
from ..operations.game import PLANES as OPS_PLANES, SCENARIO_FEATURES, Operations
from ..reactor_room import data_files as reactor_files
from ..reactor_room.data_files import character
from .chain import StageChain
from ..reactor_room.game import GLOBAL_FEATURES, MARINE_FEATURES, PLANES as REACTOR_PLANES, TARGET_FEATURES, ReactorRoom, float_struct

DATA = Path(__file__).parent / "data"
STAGES = ("reactor_room", "operations")
#: the board planes of the episode: every plane of either stage, by name
PLANES = ("obstruction", "stairwell", *OPS_PLANES[1:])
MOVIE_FEATURES = ("stage=reactor_room", "stage=operations", "healing", "reactor_room_points/max")
MOVIE_STRUCT = float_struct(len(MOVIE_FEATURES))  # their packing into the observation
#: what the position keeps of the finished Reactor Room (stage 2)
REACTOR_RECORD = ("result", "victory_points", "exited", "dead", "aliens_killed", "stranded", "turns")


@lru_cache(maxsize=None)
def movie_data() -> dict:
    return read_yaml(DATA / "movie.yaml")


def roster() -> list[str]:
    """Every character of the episode, in the observation's row order: the Reactor Room's nine,
    then the four who join."""
    return [*reactor_files.scenario()["marines"], *movie_data()["joining"]]


def condition(wounded: bool, incapacitated: bool) -> str:
    return "incapacitated" if incapacitated else "wounded" if wounded else "healthy"


class MovieOperations(Operations):
    """Operations/Air Ducts with the Movie's roster (``marine_order``: the Reactor Room's
    survivors, then Gorman, Newt, Ripley, Burke) starting in the conditions they carry across
    (``wounded``, ``incapacitated``: names). The scenario's rules are Operations' own."""

    def __init__(self, marine_order: list[str] | None = None, wounded: list[str] | tuple = (),
                 incapacitated: list[str] | tuple = (), dice=None, **options):
        joining = movie_data()["joining"]
        reactor = reactor_files.scenario()["marines"]
        order = list(joining if marine_order is None else marine_order)
        survivors = order[:-len(joining)] if len(order) >= len(joining) else order
        if (order[-len(joining):] != joining or len(set(survivors)) != len(survivors)
                or any(name not in reactor for name in survivors)):
            raise ValueError(f"marine_order must list Reactor Room Marines ({reactor}) each at most once, then "
                             f"{joining}; got {order}")
        for label, names in (("wounded", wounded), ("incapacitated", incapacitated)):
            if not isinstance(names, (list, tuple)) or any(name not in order for name in names) or len(set(names)) != len(names):
                raise ValueError(f"{label} must list characters of marine_order ({order}) each at most once, got {names!r}")
        self.wounded_at_start, self.incapacitated_at_start = list(wounded), list(incapacitated)
        self._roster = order
        self._dice_next = dice  # (given: the first game is rolled with these dice, as start(dice) does)
        super().__init__(marine_order=order, **options)

    def _scenario_data(self) -> dict:
        data = ops_files.scenario()
        extra = movie_data()
        torch = [*data["cutting_torch"], *(name for name in extra["cards"])]
        return {**data, "marines": list(self._roster), "start_squares": {**data["start_squares"], **extra["start_squares"]},
                "cutting_torch": torch}

    def _character_cards(self) -> dict:
        return movie_characters()

    def _starting_marines(self):
        if self._dice_next is not None:  # the episode's dice run on into this stage
            self.dice, self._dice_next = self._dice_next, None
        marines = super()._starting_marines()
        for m in marines:
            m.incapacitated = m.name in self.incapacitated_at_start
            m.wounded = m.name in self.wounded_at_start
        return marines

    def start(self, dice) -> None:
        """A new game of this stage rolled with ``dice`` (the episode's, as it stands)."""
        self._dice_next = dice
        self.reset()

    def to_dict(self) -> dict:
        data = super().to_dict()
        data["config"].update(wounded=list(self.wounded_at_start), incapacitated=list(self.incapacitated_at_start))
        return data


@lru_cache(maxsize=None)
def movie_characters() -> dict:
    """The Operations cards plus the designed bottom-weapon cards of the other Reactor Room Marines."""
    cards = dict(ops_files.characters())
    for name, card in movie_data()["cards"].items():
        cards[name] = character(name, card, "bottom", ops_files.tables())
    return cards


class MovieScenario(StageChain):
    """The Movie Scenario (``healing=True``) or the Tournament pairing (``healing=False``)."""

    name = "MovieScenario"
    #: its stages' hive slices; the marines' every other (Operations' own grenade, torch and ask_burke among them)
    #: but fire_pair: the Machine Gun's special ability, the Reactor Room's option machine_gun_special, off in
    #: its Reactor Room (built and loaded with the defaults) and no option of Operations (never legal)
    side_slice_names = {**ReactorRoom.side_slice_names,
                        "marines": ("move", "aim", "fire", "melee", "push", "hand_off", "end", "grenade", "torch", "ask_burke")}
    row_slice_names = ReactorRoom.row_slice_names  # (its stages' actions at a target)

    def __init__(self, healing: bool = True, **options):
        if options:
            raise ValueError(f"unknown Movie Scenario option(s) {sorted(options)}; allowed: healing "
                             "(true: the Movie Scenario, false: the Tournament pairing)")
        if not isinstance(healing, bool):
            raise ValueError(f"healing must be true (the Movie Scenario) or false (the Tournament pairing), got {healing!r}")
        self.healing = healing
        self.roster = roster()
        reactor = ReactorRoom()
        full = MovieOperations(marine_order=[*reactor.marine_order, *movie_data()["joining"]])
        slices = [(name, self.roster if name == "target" else spec) for name, spec in full._action_slices()]
        self.layout = ActionLayout(slices)
        height = max(reactor.board.height, full.board.height)
        width = max(reactor.board.width, full.board.width)
        pool = max(reactor.pool, full.pool)
        self.obs_layout = ObsLayout([
            ("board", (len(PLANES), height, width), "planes: " + ", ".join(PLANES)
             + " (the stage's map at the top left; squares off it are obstruction)"),
            ("marines", (len(self.roster), len(MARINE_FEATURES)),
             "per character, in the order " + ", ".join(self.roster) + ": " + ", ".join(MARINE_FEATURES)
             + " (all 0 while not in the stage)"),
            ("globals", len(GLOBAL_FEATURES), ", ".join(GLOBAL_FEATURES)),
            ("targets", (pool, len(TARGET_FEATURES)), "per target k of the acting Marine: " + ", ".join(TARGET_FEATURES)),
            ("scenario", len(SCENARIO_FEATURES), "Operations/Air Ducts' scenario view (0 in the Reactor Room): "
             + ", ".join(SCENARIO_FEATURES)),
            ("movie", len(MOVIE_FEATURES), ", ".join(MOVIE_FEATURES)),
        ])
        self._movie_span = self.obs_layout.span("movie")
        self._reactor_max = reactor.victory_points_max
        self.victory_points_max = reactor.victory_points_max + full.victory_points_max
        self.stage_game: ReactorRoom = reactor
        self._built = (reactor, (STAGES[0], ()))
        self.stage = STAGES[0]
        self.reactor_room: dict[str, int] | None = None
        self.reset(0)

    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """A new episode on this chain's Reactor Room (the finished one, as good as new); the
        Operations it leaves is kept for the next episode that carries the same across."""
        self._keep_spare()
        self.stage, self.reactor_room = STAGES[0], None
        self.stage_game = self._stage_game(STAGES[0], (), ReactorRoom)[0]
        self.stage_game.reset(seed)

    def _stage_over(self) -> None:
        if self.stage == STAGES[0]:
            self._carry_across()

    def _carry_across(self) -> None:
        """The Reactor Room is over: its record, then Operations/Air Ducts with the survivors
        (healed one step unless ``healing=False``) and the four who join, on the same dice."""
        rr = self.stage_game
        out = rr.outcome()
        self.reactor_room = {
            "result": out["marines"], "victory_points": rr.victory_points(), "exited": rr.stats["exited"],
            "dead": rr.stats["dead"], "aliens_killed": rr.stats["aliens_killed"],
            "stranded": sum(m.status == "on_map" for m in rr.marines), "turns": rr.turn,
        }
        steps = movie_data()["healing"]
        wounded, incapacitated = [], []
        for m in rr.marines:
            if m.status != "exited":
                continue
            now = condition(m.wounded, m.incapacitated)
            now = steps[now] if self.healing else now
            (wounded if now == "wounded" else incapacitated if now == "incapacitated" else []).append(m.name)
        order = [*rr.survivors(), *movie_data()["joining"]]
        self._keep_spare()  # (the finished Reactor Room: the next episode starts on it)
        stage, started = self._stage_game(STAGES[1], (tuple(order), tuple(wounded), tuple(incapacitated)),
                                          lambda: MovieOperations(marine_order=order, wounded=wounded,
                                                                  incapacitated=incapacitated, dice=rr.dice))
        if not started:  # (a new one started on the dice given)
            stage.start(rr.dice)
        events = [*rr.events, f"the Reactor Room is over: {', '.join(rr.survivors()) or 'nobody'} carried across"
                  + (" (healed one step)" if self.healing else "")]
        stage.events = events + stage.events
        self.stage_game, self.stage = stage, STAGES[1]

    @property
    def turn(self) -> int:
        """The episode's turn: the Reactor Room's turns, then on from there."""
        return (self.reactor_room["turns"] if self.reactor_room else 0) + self.stage_game.turn

    # ------------------------------------------------------------------------------------------
    def outcome(self) -> dict[str, Any]:
        """The result is the last stage's (Operations/Air Ducts: 4+ out win, 1-3 draw, 0 loss;
        M6); the score is the Victory Points of both stages added up, with each stage's count."""
        stage_out = self.stage_game.outcome()
        rr = self.reactor_room
        if rr is None:  # still in the Reactor Room
            rr_points, rr_result, rr_exited = stage_out["score"]["victory_points"], stage_out["marines"], stage_out["score"]["exited"]
            ops_points = ops_exited = 0
            ops_result = None
        else:
            rr_points, rr_result, rr_exited = rr["victory_points"], rr["result"], rr["exited"]
            ops_points, ops_result, ops_exited = stage_out["score"]["victory_points"], stage_out["marines"], stage_out["score"]["exited"]
        score = {
            "victory_points": rr_points + ops_points,
            "reactor_room_points": rr_points, "operations_points": ops_points,
            "reactor_room_result": rr_result, "operations_result": ops_result,
            "reactor_room_exited": rr_exited, "operations_exited": ops_exited,
            "turns": self.turn,
        }
        marines = ops_result if self.stage == STAGES[1] else stage_out["marines"]
        hive = None if marines is None else -marines
        return {"marines": marines, "hive": hive, "truncated_by": None, "score": score}

    def shaping_value(self, side: str) -> float:
        """The stage's potential (ReactorRoom / Operations shaping), plus in Operations the
        Reactor Room's final one: no jump when the stage changes."""
        value = self.stage_game.shaping_value("marines")
        if self.reactor_room is not None:
            w = reactor_files.scenario()["shaping"]
            rr = self.reactor_room
            value += (w["exited"] * rr["exited"] + w["dead"] * rr["dead"] + w["alien_killed"] * rr["aliens_killed"]
                      + w["stranded"] * rr["stranded"])
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    def _chain_view(self, out: np.ndarray) -> None:
        """The movie view: the stage, healing and the Reactor Room's points (written when changed)."""
        shown = (self.stage, self.healing, self.reactor_room["victory_points"] if self.reactor_room else 0)
        if shown != self._shown:
            stage, healing, rr_points = shown
            # as out[self._movie_span] = (...), faster (out: the plan's contiguous float32 buffer)
            MOVIE_STRUCT.pack_into(out, self._movie_span.start * out.itemsize, stage == STAGES[0], stage == STAGES[1],
                                   healing, rr_points / self._reactor_max)
            self._shown = shown

    def _copy_views(self, inner_obs: np.ndarray, obs: np.ndarray) -> np.ndarray:
        """The stage's views copied into ``obs`` (the episode's) by name: board planes at the top
        left (squares off the stage's map are obstruction), Marine rows by character, the
        Operations scenario view (left as it is in the Reactor Room)."""
        g = self.stage_game
        inner = g.obs_layout.views(inner_obs)
        out = self.obs_layout.views(obs)
        board = out["board"]
        h, w = g.board.height, g.board.width
        board[0] = 1.0
        board[0, :h, :w] = 0.0
        planes = REACTOR_PLANES if self.stage == STAGES[0] else OPS_PLANES
        board[[PLANES.index(p) for p in planes], :h, :w] = inner["board"]
        out["marines"][[self.roster.index(name) for name in g.marine_order]] = inner["marines"]
        out["globals"][:] = inner["globals"]
        out["targets"][:len(inner["targets"])] = inner["targets"]
        if self.stage == STAGES[1]:
            out["scenario"][:] = inner["scenario"]
        return obs

    # ------------------------------------------------------------------------------------------
    def clone(self) -> "MovieScenario":
        new = super().clone()
        new.reactor_room = None if self.reactor_room is None else dict(self.reactor_room)
        return new

    def to_dict(self) -> dict:
        return {"game": self.name, "config": {"healing": self.healing}, "stage": self.stage, "turn": self.turn,
                "reactor_room": None if self.reactor_room is None else dict(self.reactor_room),
                "position": self.stage_game.to_dict()}

    @classmethod
    def from_dict(cls, data: dict) -> "MovieScenario":
        """A position saved by to_dict: the stage's position through its own loader, the
        Reactor Room's record field by field, checked against the second stage's roster."""
        f = Fields.position(cls.name, data, keys=("game", "config", "stage", "turn", "reactor_room", "position"))
        config = f.fields("config", keys=("healing",))
        game = cls(healing=config.bool("healing"))
        stage = f.choice("stage", STAGES)
        if stage == STAGES[0]:
            if f.raw("reactor_room") is not None:
                raise f.fail("reactor_room", "must be null while the Reactor Room is played", f.raw("reactor_room"))
            inner = ReactorRoom.from_dict(f.raw("position"))
            if inner.to_dict()["config"] != ReactorRoom().to_dict()["config"] or inner.is_terminal():
                raise f.fail("position", "must be an unfinished Reactor Room with the default options")
            game.stage_game, game.reactor_room = inner, None
        else:
            rr = f.fields("reactor_room", keys=REACTOR_RECORD)
            record = {key: rr.int(key, 0) for key in REACTOR_RECORD if key != "result"}
            record["result"] = rr.choice("result", (-1, 0, 1))
            inner = MovieOperations.from_dict(f.raw("position"))
            survivors = len(inner.marine_order) - len(movie_data()["joining"])
            if survivors != record["exited"]:
                raise f.fail("reactor_room.exited", f"must be the number of Reactor Room Marines in the second stage ({survivors})",
                             record["exited"])
            game.stage_game, game.reactor_room = inner, {key: record[key] for key in REACTOR_RECORD}
        game.stage = stage
        turn = f.int("turn", 1)
        if turn != game.turn:
            raise f.fail("turn", f"must be the episode's turn, the stages' turns added up ({game.turn})", turn)
        return game

    def render_text(self, viewer: str | None = None) -> str:
        head = f"The Movie Scenario ({'healing' if self.healing else 'Tournament pairing, no healing'}): "
        if self.reactor_room is None:
            head += "stage 1, the Reactor Room"
        else:
            head += (f"stage 2, Operations/Air Ducts (Reactor Room: {self.reactor_room['exited']} out, "
                     f"{self.reactor_room['victory_points']} Victory Points)")
        return head + "\n" + self.stage_game.render_text(viewer)
