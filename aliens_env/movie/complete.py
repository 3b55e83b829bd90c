"""The Complete Movie Scenario of the Aliens Expansion (1989): every scenario as one branching
episode (docs/rules/complete_movie.md, assumptions CM1-CM10).

Reactor Room, then the Drop Ship; a won Drop Ship sends the squad to Marine Assault (when the
Reactor Room lost both of its captured, CM2) or Hunt for the Queen; a drawn or lost one back to
Operations/Air Ducts (the Reactor Room's survivors with Gorman, Newt, Ripley and Burke, as the
Movie Scenario) and then the Rescue of Newt (if Ripley got out, CM4). Each stage is its own
scenario's game, unchanged but for who starts in it and how (``Carried``): a character lost in an
earlier stage stays lost, one who came through starts the next stage of theirs one condition step
better (CM3, CM5). The score is the Tournament Victory Points of every stage added up; the result
is a win whenever the Queen was killed, else by the tally (CM7).

One action space and one observation for the whole episode, the union of the stages' by name
(``StageChain``): the Drop Ship's slices and views carry the prefix ``drop_ship_``.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..core.actions import ActionLayout, ObsLayout
from ..core.board import NO
from ..core.compact import plane_names
from ..core.data import read_yaml
from ..core.dice import Dice
from ..core.game import Game
from ..core.positions import Fields
from ..drop_ship.game import DropShip
from ..lairs.assault import MarineAssault
from ..lairs.game import HuntForTheQueen
from ..lairs.rescue import RescueOfNewt
from ..lairs.rooms import RoomRules
from ..reactor_room import data_files as reactor_files
from ..reactor_room.game import Marine, ReactorRoom, float_struct
from .chain import StageChain
from .game import MovieOperations, MovieScenario, condition, movie_data

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython

DATA = Path(__file__).parent / "data"
CONDITIONS = ("healthy", "wounded", "incapacitated", "lost")
#: the registry names of the stages' own games (their scripted marines and dice hive)
STAGE_ENVS = {"reactor_room": "ReactorRoom", "drop_ship": "DropShip", "operations": "OperationsAirDucts",
              "rescue_of_newt": "RescueOfNewt", "marine_assault": "MarineAssault",
              "hunt_for_the_queen": "HuntForTheQueen"}
PREFIX = {"drop_ship": "drop_ship_"}  # the Drop Ship's actions and views share no name with the others
#: the Drop Ship's marines' slices (its every one but its hive's: DropShip.side_slice_names)
DROP_SHIP_MARINES = ("warn", "draw", "aim", "fire", "melee", "end")
RECORD_KEYS = ("stage", "result", "victory_points", "queen_dead", "turns")
#: the stages whose characters come through by leaving the map (their points count as they leave)
EXIT_STAGES = ("reactor_room", "operations", "rescue_of_newt", "marine_assault")
#: the campaign view's packing (a stage one-hot, the tally, the Queen, the stages done)
CAMPAIGN_STRUCT = float_struct(len(STAGE_ENVS) + 3)


@lru_cache(maxsize=None)
def campaign() -> dict:
    data = read_yaml(DATA / "complete_movie.yaml")
    if tuple(data["stages"]) != tuple(STAGE_ENVS):
        raise ValueError(f"{DATA / 'complete_movie.yaml'}: stages must be {list(STAGE_ENVS)}")
    return data


def healed(cond: str) -> str:
    """One condition step better (CM5: the Movie Scenario's table); lost stays lost."""
    return cond if cond == "lost" else movie_data()["healing"][cond]


class Carried:
    """A lairs scenario started with what the campaign carries into it: ``lost`` characters are
    off the map, dead, from the start (a rider's carrier lost: the rider stands in its square);
    ``wounded`` ones start Wounded. Everything else is the scenario's own set-up."""

    def __init__(self, lost: list[str] | tuple = (), wounded: list[str] | tuple = (), **options):
        self.lost_at_start, self.wounded_at_start = list(lost), list(wounded)
        super().__init__(**options)

    def _reset_scenario(self) -> None:
        super()._reset_scenario()
        for j, m in enumerate(self.marines):
            if m.name in self.lost_at_start:
                rider = m.carrying
                self._kill(j)
                self.events[-1] = f"{m.name} was lost in an earlier stage"
                if rider != NO and rider in self.riders:
                    self._step_off(rider)
                    self.riders.remove(rider)
        for m in self.marines:
            if m.name in self.wounded_at_start and m.status == "on_map":
                m.wounded = True


class CarriedHunt(Carried, HuntForTheQueen):
    pass


class CarriedAssault(Carried, MarineAssault):
    pass


class CarriedRescue(Carried, RescueOfNewt):
    pass


LOADERS = {"reactor_room": ReactorRoom, "drop_ship": DropShip, "operations": MovieOperations,
           "rescue_of_newt": RescueOfNewt, "marine_assault": MarineAssault, "hunt_for_the_queen": HuntForTheQueen}


def stage_conditions(stage: str, g: Game) -> dict[str, str]:
    """Each character of a finished stage: their condition if they came through (out, or alive
    in Hunt for the Queen, a Facehugger's victim counting as Dead), else ``lost`` (CM3)."""
    if stage == "drop_ship":
        return {m.name: condition(m.wounded, m.incapacitated) if m.status == "aboard" and not g.crashed else "lost"
                for m in g.crew}
    hugged = getattr(g, "facehugged", ())
    return {m.name: condition(m.wounded, m.incapacitated) if came_through(stage, j, m, hugged) else "lost"
            for j, m in enumerate(g.marines)}


def came_through(stage: str, j: int, m, hugged) -> bool:
    """Marine j came through the stage: out (alive in Hunt for the Queen), not a Facehugger's
    victim (``hugged``, counted as Dead)."""
    return (m.status != "dead" if stage == "hunt_for_the_queen" else m.status == "exited") and j not in hugged


def stage_points(stage: str, g: Game) -> int:
    """The Tournament Victory Points of the characters who came through the stage (CM6)."""
    return sum(reactor_files.victory_points(name) for name, cond in stage_conditions(stage, g).items() if cond != "lost")


@cython.locals(m=Marine, j=cython.Py_ssize_t, points=object)
def exit_points(stage: str, g: Game) -> int:
    """``stage_points`` of a stage of EXIT_STAGES being played (those out so far, a Facehugger's
    victim not counted), without building the conditions: the tally every observe shows. (The
    stages' characters are the Reactor Room's Marines: compiled, their status is read from the
    struct; a loop, not sum() over a generator, which would read it by attribute lookup.)"""
    marines = g.marines
    for m in marines:
        if m.status == "exited":
            break
    else:
        return 0  # (a shortcut: in an exit stage only those out come through)
    hugged = g.facehugged if isinstance(g, HuntForTheQueen) else ()  # (the lairs' alone: stage_conditions' getattr)
    points = 0
    for j, m in enumerate(marines):
        if came_through(stage, j, m, hugged):
            points += reactor_files.victory_points(m.name)
    return points


class CompleteMovie(StageChain):
    name = "CompleteMovie"
    #: its stages' hive slices and marines' slices (the Drop Ship's prefixed): none takes fire_pair (its
    #: Reactor Room is built and loaded with the default options)
    side_slice_names = {
        "hive": HuntForTheQueen.side_slice_names["hive"] + tuple(
            PREFIX["drop_ship"] + name for name in DropShip.side_slice_names["hive"]),
        "marines": tuple(dict.fromkeys(MovieScenario.side_slice_names["marines"] + MarineAssault.side_slice_names["marines"]
                                       + RescueOfNewt.side_slice_names["marines"]))
        + tuple(PREFIX["drop_ship"] + name for name in DROP_SHIP_MARINES)}
    row_slice_names = HuntForTheQueen.row_slice_names  # (its stages' actions at a target: the Reactor Room's, Operations', the lairs')

    def __init__(self, **options):
        if options:
            raise ValueError(f"unknown Complete Movie option(s) {sorted(options)}; the campaign has none")
        self.data = campaign()
        self.stages = tuple(self.data["stages"])
        reactor = ReactorRoom()
        templates = {"reactor_room": reactor, "drop_ship": DropShip(),
                     "operations": MovieOperations(marine_order=[*reactor.marine_order, *movie_data()["joining"]]),
                     "rescue_of_newt": RescueOfNewt(), "marine_assault": MarineAssault(),
                     "hunt_for_the_queen": HuntForTheQueen()}
        self.roster: list[str] = []
        for stage, g in templates.items():
            for name in self._names(g):
                if name not in self.roster:
                    self.roster.append(name)
        self.layout = ActionLayout(self._union_slices(templates))
        self.obs_layout = ObsLayout(self._union_views(templates))
        self._campaign_at = self.obs_layout.span("campaign").start * 4  # (bytes)
        self._stage_one_hot = {s: tuple(float(s == t) for t in self.stages) for s in self.stages}  # (the campaign view)
        self._maxima = {stage: sum(reactor_files.victory_points(n) for n in self._names(g)) for stage, g in templates.items()}
        m = self._maxima
        self.victory_points_max = (m["reactor_room"] + m["drop_ship"]
                                   + max(m["operations"] + m["rescue_of_newt"], m["marine_assault"], m["hunt_for_the_queen"]))
        self.stage, self.stage_game = self.stages[0], reactor
        self._built = (reactor, (self.stages[0], ()))
        self.records: list[dict[str, int | str]] = []
        self.carried: dict[str, str] = {}
        self.reset(0)

    @staticmethod
    def _names(g: Game) -> list[str]:
        return list(g.marine_order) if hasattr(g, "marine_order") else [m.name for m in g.crew]

    def _slice_name(self, game: Game, kind: str) -> str:
        return PREFIX.get(self.stage, "") + kind

    def _union_slices(self, templates: dict) -> list[tuple[str, Any]]:
        """Every stage's slices by (prefixed) name: labelled slices the union of their labels in
        the order met, counted ones the largest count."""
        specs: dict[str, Any] = {}
        for stage, g in templates.items():
            for kind, spec in g.layout._specs:
                name = PREFIX.get(stage, "") + kind
                old = specs.get(name)
                if old is not None and isinstance(old, int) != isinstance(spec, int):
                    raise ValueError(f"action slice {name} is counted in one stage and labelled in another")
                if isinstance(spec, int):
                    specs[name] = max(spec, old or 0)
                else:
                    labels = list(old or [])
                    specs[name] = labels + [str(x) for x in spec if str(x) not in labels]
        return list(specs.items())

    def _union_views(self, templates: dict) -> list[tuple]:
        """Every stage's views by (prefixed) name: the board's planes by name over the largest map,
        per-character rows (a stage's per-Marine or per-crew view) for the characters some stage
        having the view can place in it (``view_characters``, in the roster's order), any other
        view its largest shape; then the campaign's own view."""
        planes: list[str] = []
        shapes: dict[str, tuple] = {}
        text: dict[str, str] = {}
        placed: dict[str, set[str]] = {}  # (a per-character view: the characters of the stages having it)
        for stage, g in templates.items():
            for name, shape, _, desc in g.obs_layout.rows():
                key = PREFIX.get(stage, "") + name
                if name == "board":
                    planes += [p for p in plane_names(desc) if p not in planes]
                    old = shapes.get(key, (0, 0, 0))
                    shapes[key] = (0, max(old[1], shape[1]), max(old[2], shape[2]))
                    text[key] = "planes: {planes} (the stage's map at the top left; squares off it are obstruction)"
                elif desc.startswith(("per Marine", "per crew member")):
                    placed.setdefault(key, set()).update(self._names(g))
                    shapes[key] = (0, shape[1])
                    text.setdefault(key, desc.split(": ", 1)[1])  # (its features)
                else:
                    old = shapes.get(key, (0,) * len(shape))
                    shapes[key] = tuple(max(a, b) for a, b in zip(old, shape))
                    text.setdefault(key, desc)
        self.planes = planes
        shapes["board"] = (len(planes), *shapes["board"][1:])
        text["board"] = text["board"].format(planes=", ".join(planes))
        # {per-character view: the characters of its rows}
        self.view_characters: dict[str, tuple[str, ...]] = {}
        for key, names in placed.items():
            rows = tuple(n for n in self.roster if n in names)
            if not rows:
                raise ValueError(f"per-character view {key!r}: no stage having it has a character to place in it")
            self.view_characters[key] = rows
            shapes[key] = (len(rows), shapes[key][1])
            text[key] = f"per character (all 0 while not in the stage), in the order {', '.join(rows)}: {text[key]}"
        features = [f"stage={s}" for s in self.stages] + ["victory_points/max", "queen_killed", "stages_done/3"]
        views = [(key, shapes[key], text[key]) for key in shapes]
        views.append(("campaign", len(features), ", ".join(features) + "; roster: " + ", ".join(self.roster)))
        return views

    # ------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        self._keep_spare()
        self.stage, self.records, self.carried = self.stages[0], [], {}
        self.stage_game = self._stage_game(self.stages[0], (), ReactorRoom)[0]
        self.stage_game.reset(seed)

    def _stage_over(self) -> None:
        """The stage's rules have ended it: its record, who came through, then the next stage."""
        g = self.stage_game
        out = g.outcome()
        self.records.append({"stage": self.stage, "result": out["marines"], "victory_points": stage_points(self.stage, g),
                             "queen_dead": int(bool(getattr(g, "queen_dead", False))), "turns": g.turn})
        self.carried.update(stage_conditions(self.stage, g))
        nxt = self.next_stage()
        if nxt is not None:
            self._start(nxt)

    def next_stage(self) -> str | None:
        """The branch (CM2, CM4) after the last finished stage; None: the campaign is over."""
        last = self.records[-1] if self.records else None
        if last is None:
            return self.stages[0]
        stage = last["stage"]
        if stage == "reactor_room":
            return "drop_ship"
        if stage == "drop_ship":
            if last["result"] == 1:
                captives = self.data["captives"]
                return "marine_assault" if all(self.carried.get(c) == "lost" for c in captives) else "hunt_for_the_queen"
            return "operations"
        if stage == "operations":
            return "rescue_of_newt" if self.carried.get("Ripley", "lost") != "lost" else None
        return None

    def _start(self, stage: str) -> None:
        """A new game of ``stage``, seeded from the episode's dice, with the carried characters."""
        seed = sum(self.dice.d10() * 10**k for k in range(9))
        events = [*self.stage_game.events, f"{self.stage.replace('_', ' ')} is over; next: {stage.replace('_', ' ')}"]
        now = {name: healed(cond) for name, cond in self.carried.items()}
        self._keep_spare()
        started = False  # (a new Operations starts on the dice reset(seed) would roll: not reset again)
        if stage == "drop_ship":
            g = self._stage_game(stage, (), DropShip)[0]
        elif stage == "operations":
            reactor = reactor_files.scenario()["marines"]
            order = [n for n in reactor if now.get(n, "lost") != "lost"] + list(movie_data()["joining"])
            wounded = [n for n in order if now.get(n) == "wounded"]
            incapacitated = [n for n in order if now.get(n) == "incapacitated"]
            g, started = self._stage_game(stage, (tuple(order), tuple(wounded), tuple(incapacitated)),
                                          lambda: MovieOperations(marine_order=order, wounded=wounded,
                                                                  incapacitated=incapacitated, dice=Dice(seed)))
        else:
            cls = {"rescue_of_newt": CarriedRescue, "marine_assault": CarriedAssault, "hunt_for_the_queen": CarriedHunt}[stage]
            keep = set(self.data["captives"]) if stage == "marine_assault" else {"Newt"} if stage == "rescue_of_newt" else set()
            lost = [n for n, c in now.items() if c == "lost" and n not in keep]
            wounded = [n for n, c in now.items() if c == "wounded" and n not in keep]
            g = self._stage_game(stage, (tuple(lost), tuple(wounded)), lambda: cls(lost=lost, wounded=wounded))[0]
        if not started:
            g.reset(seed)
        g.events[:0] = events[-50:]
        self.stage, self.stage_game = stage, g

    @property
    def turn(self) -> int:
        """The episode's turn: the finished stages' turns, then on from there."""
        return sum(int(r["turns"]) for r in self.records) + (0 if self._over() else self.stage_game.turn)

    def _over(self) -> bool:
        return bool(self.records) and self.records[-1]["stage"] == self.stage

    # ------------------------------------------------------------------------------------------
    @cython.locals(lairs=RoomRules)
    def queen_killed(self) -> bool:
        # (asked at every observe: a loop, not any() over a generator; the lairs' games alone have a
        # queen_dead: asked as isinstance, not getattr's AttributeError, in the other stages)
        for r in self.records:
            if r["queen_dead"]:
                return True
        g = self.stage_game
        if not isinstance(g, HuntForTheQueen):
            return False
        lairs = g  # (compiled: queen_dead read from the lairs' struct, lairs/rooms.pxd)
        return bool(lairs.queen_dead)

    def victory_points(self) -> int:
        """The tally: every finished stage's points, and the points of those already out of the
        stage being played."""
        points = 0
        for r in self.records:  # (at every observe: a loop, not sum() over a generator)
            points += int(r["victory_points"])
        if self.stage not in EXIT_STAGES or self._over():
            return points  # (the Drop Ship's crew and the hunters come through only at the end)
        return points + exit_points(self.stage, self.stage_game)

    def outcome(self) -> dict[str, Any]:
        """The Queen killed in any stage: a win whatever the points; else the tally against the
        film's (CM7): more than it a win, half of it or more a draw, less a loss."""
        points = self.victory_points()
        score = {"victory_points": points, "queen_killed": int(self.queen_killed()), "turns": self.turn,
                 "path": [r["stage"] for r in self.records] + ([] if self._over() else [self.stage]),
                 **{f"{r['stage']}_points": r["victory_points"] for r in self.records},
                 **{f"{r['stage']}_result": r["result"] for r in self.records}}
        if not self._over():
            return {"marines": None, "hive": None, "truncated_by": None, "score": score}
        film = self.data["film_tally"]  # (more than the film's a win, at least half of it a draw: CM7)
        marines = 1 if self.queen_killed() or points > film else 0 if 2 * points >= film else -1
        return {"marines": marines, "hive": -marines, "truncated_by": None, "score": score}

    def shaping_value(self, side: str) -> float:
        """The finished stages' points (CM9), then the stage's own potential."""
        value = self.data["shaping_per_point"] * sum(int(r["victory_points"]) for r in self.records)
        if not self._over():
            value += self.stage_game.shaping_value("marines")
        return value if side == "marines" else -value

    # ------------------------------------------------------------------------------------------
    def _copy_views(self, inner_obs: np.ndarray, obs: np.ndarray) -> np.ndarray:
        """The stage's views into the episode's by name: board planes by name at the top left
        (squares off the stage's map, or every square in the Drop Ship, are obstruction), per-
        character rows by character (the view's own, ``view_characters``), the others at their start."""
        g = self.stage_game
        inner = g.obs_layout.views(inner_obs)
        out = self.obs_layout.views(obs)
        prefix = PREFIX.get(self.stage, "")
        board = out["board"]
        board[0] = 1.0
        names = self._names(g)
        for name, shape, _, desc in g.obs_layout.rows():
            key = prefix + name
            if name == "board":
                h, w = shape[1:]
                board[0, :h, :w] = 0.0
                board[[self.planes.index(p) for p in plane_names(desc)], :h, :w] = inner[name]
            elif key in self.view_characters:
                rows = self.view_characters[key]
                out[key][[rows.index(n) for n in names]] = inner[name]
            else:
                out[key][tuple(slice(0, n) for n in shape)] = inner[name]
        return obs

    def _chain_view(self, out: np.ndarray) -> None:
        """The campaign view, written when what it shows has changed (``_shown``)."""
        shown = (self.stage, self.victory_points(), self.queen_killed(), len(self.records))
        if shown != self._shown:
            stage, points, queen, done = shown
            # as out[campaign view] = (...), faster (campaign() checks the stages are STAGE_ENVS')
            CAMPAIGN_STRUCT.pack_into(out, self._campaign_at, *self._stage_one_hot[stage],
                                      min(points / self.victory_points_max, 1.0), queen, min(done / 3, 1.0))
            self._shown = shown

    # ------------------------------------------------------------------------------------------
    def clone(self) -> "CompleteMovie":
        new = super().clone()
        new.records = [dict(r) for r in self.records]
        new.carried = dict(self.carried)
        return new

    def to_dict(self) -> dict:
        return {"game": self.name, "config": {}, "stage": self.stage, "turn": self.turn,
                "records": [dict(r) for r in self.records], "carried": dict(self.carried),
                "position": self.stage_game.to_dict()}

    @classmethod
    def from_dict(cls, data: dict) -> "CompleteMovie":
        """A position saved by to_dict: the finished stages' records and the carried conditions
        field by field, the path checked against the branch rules, the stage's position through
        its own loader."""
        f = Fields.position(cls.name, data, keys=("game", "config", "stage", "turn", "records", "carried", "position"))
        f.fields("config", keys=())
        game = cls()
        stage = f.choice("stage", game.stages)
        records = []
        for r in f.records("records", RECORD_KEYS, max_length=len(game.stages)):
            records.append({"stage": r.choice("stage", game.stages), "result": r.choice("result", (-1, 0, 1)),
                            "victory_points": r.int("victory_points", 0, game.victory_points_max),
                            "queen_dead": r.int("queen_dead", 0, 1), "turns": r.int("turns", 1)})
        carried = f.fields("carried")
        raw = carried.data if isinstance(carried.data, dict) else {}
        for name in raw:
            if name not in game.roster:
                raise carried.fail(name, f"must name a character of the campaign ({game.roster})")
            carried.choice(name, CONDITIONS)
        game.carried = dict(raw)
        game.records = []
        for k, rec in enumerate(records):  # the path the branch rules give
            if rec["stage"] != game.next_stage():
                raise f.fail(f"records[{k}].stage", f"must be {game.next_stage()!r}, the stage the branch rules give there",
                             rec["stage"])
            game.records.append(rec)
        over = bool(records) and records[-1]["stage"] == stage
        if not over and stage != game.next_stage():
            raise f.fail("stage", f"must be {game.next_stage()!r} after the records given (or the last record's stage)", stage)
        if over and game.next_stage() is not None:
            raise f.fail("stage", f"is finished, but the branch rules go on to {game.next_stage()!r}", stage)
        inner = LOADERS[stage].from_dict(f.raw("position"))
        if stage == "reactor_room" and inner.to_dict()["config"] != ReactorRoom().to_dict()["config"]:
            raise f.fail("position", "must be a Reactor Room with the default options (the campaign's: it has none)")
        if over != inner.is_terminal():
            raise f.fail("position", "must be finished exactly when the last record is its stage's")
        game.stage, game.stage_game = stage, inner
        turn = f.int("turn", 0)
        if turn != game.turn:
            raise f.fail("turn", f"must be the episode's turn, the stages' turns added up ({game.turn})", turn)
        return game

    def render_text(self, viewer: str | None = None) -> str:
        done = "; ".join(f"{r['stage'].replace('_', ' ')}: {r['victory_points']} points" for r in self.records)
        head = (f"The Complete Movie Scenario: {self.stage.replace('_', ' ')}"
                + (f" (done: {done})" if done else "") + f"; tally {self.victory_points()}"
                + ("; the Queen is dead" if self.queen_killed() else ""))
        return head + "\n" + self.stage_game.render_text(viewer)
