"""Position builders for the Reactor Room rule tests.

Every test builds a position directly (an empty room, chosen Marines and Aliens, a chosen phase)
and scripts the dice, so each rule is reached on purpose and checked on its own.

Squares are given as (row, col); the map is in aliens_env/reactor_room/data/reactor_room.yaml:
rows 5-7, columns 9-15 are the Stairwell; column 0 of rows 5-7 is the Exit; 2x2 obstructions sit
at rows 1-2 and 10-11, columns 2-3, 10-11 and 19-20.
"""
from __future__ import annotations

import numpy as np
import pytest

from aliens_env.core.policy import play_out
from aliens_env.reactor_room.game import NO, Alien, ReactorRoom

MARINES = ["Apone", "Hicks", "Vasquez", "Drake", "Hudson", "Dietrich", "Frost", "Crowe", "Wierzbowski"]


def sq(g: ReactorRoom, rc) -> int:
    return g.board.index(*rc)


def rc(g: ReactorRoom, square: int) -> tuple[int, int]:
    return g.board.rc(square)


def idx(g: ReactorRoom, name: str) -> int:
    return next(i for i, m in enumerate(g.marines) if m.name == name)


def marine(g: ReactorRoom, name: str):
    return g.marines[idx(g, name)]


def empty_room(marines: dict | None = None, turn: int = 2, **options) -> ReactorRoom:
    """A game with no Alien in play and only the listed Marines on the map ({name: (r, c)}).
    Marines not listed are taken off the map (status "dead", not counted in the statistics).
    The game is left between phases (no decision, phase "setup"): call one of the starters."""
    return clear_room(ReactorRoom(**options), marines, turn)


def clear_room(g: ReactorRoom, marines: dict | None = None, turn: int = 2) -> ReactorRoom:
    """``g`` (a Reactor Room or a game built on it) made as ``empty_room`` describes."""
    g.aliens = [Alien() for _ in range(g.pool)]
    marines = marines or {}
    for m in g.marines:
        if m.name in marines:
            m.pos = g.board.index(*marines[m.name])
            m.status = "on_map"
        else:
            m.pos, m.status = NO, "dead"
        m.wounded = m.incapacitated = False
        m.carried_by = m.carrying = m.alien = NO
        m.actions_left = m.aim = 0
        m.handed_off = False
    g.stats = {"exited": 0, "dead": 0, "aliens_killed": 0, "aliens_appeared": 0}
    g.turn = turn
    g.phase = "setup"
    g.queue, g.mover, g.mover_target, g.mover_steps = [], NO, NO, 0
    g.to_appear, g.active, g.push_alien = 0, NO, NO
    g.decision = None
    g.events = []
    g._cache.clear()
    return g


def put_alien(g: ReactorRoom, at, a: int | None = None, on: str | None = None, attack: str = "attacking",
              stunned: bool = False) -> int:
    """Put Alien counter `a` (default: the first free one) at square `at`, or on Marine `on`'s
    card (its square) with the given attack state (attacking | in_combat | grabbing)."""
    if a is None:
        a = next(i for i, al in enumerate(g.aliens) if not al.in_play)
    alien = g.aliens[a]
    alien.in_play, alien.stunned = True, stunned
    if on is not None:
        m = idx(g, on)
        alien.pos, alien.card, alien.attack = g.marines[m].pos, m, attack
        g.marines[m].alien = a
    else:
        alien.pos, alien.card, alien.attack = g.board.index(*at), NO, ""
    g._cache.clear()
    return a


def marines_phase(g: ReactorRoom, name: str, actions: int | None = None) -> ReactorRoom:
    """Open the Marines phase at Marine `name` (its full Actions unless told) and run to its
    first real choice."""
    i = idx(g, name)
    m = g.marines[i]
    g.phase = "marines"
    g.active = i
    m.actions_left = g.characters[name].actions if actions is None else actions
    m.aim = 0
    m.handed_off = False
    g.decision = None
    g._cache.clear()
    g._run()
    return g


def start_phase(g: ReactorRoom, phase: str, stop: str | None = None) -> ReactorRoom:
    """Start `phase` and play it (single-option decisions taken) until the next real choice or
    until the phase `stop` (default: the phase after `phase`) begins."""
    g.decision = None
    g._cache.clear()
    g._start_phase(phase)
    return run_until(g, stop or NEXT_PHASE[phase])


NEXT_PHASE = {"aliens_move": "aliens_appear", "aliens_appear": "aliens_attack", "aliens_attack": "marines", "marines": "aliens_move"}


def run_until(g: ReactorRoom, stop: str) -> ReactorRoom:
    """Like ReactorRoom._run, but halts when phase `stop` is reached (before its first step)."""
    steps = {
        "aliens_move": g._step_aliens_move,
        "aliens_appear": g._step_aliens_appear,
        "aliens_attack": g._step_aliens_attack,
        "marines": g._step_marines,
    }
    turn = g.turn
    for _ in range(10_000):
        if g.turn != turn:
            return g  # never run into the next turn
        g._cache.clear()  # as ReactorRoom._run: the state may have changed
        if g.decision is not None:
            legal = np.flatnonzero(g._current_mask())
            if len(legal) > 1:
                return g
            g._resolve(int(legal[0]))
            continue
        if g.phase == stop or g.phase not in steps:
            return g
        if g._marines_gone():
            g.phase = "over"
            return g
        steps[g.phase]()
    raise AssertionError("the phase machine did not stop")


def decide(g: ReactorRoom, kind: str, index: int, stop: str | None = None) -> ReactorRoom:
    """Take a (legal) decision and play on until `stop` begins (default: the phase after the
    current one; "never" plays like the game itself, to the next real choice)."""
    action = g.layout.encode(kind, index)
    assert g.legal_mask(g.current_player())[action], f"{g.layout.name(action)} is not legal: {legal_names(g)}"
    phase = g.phase
    g.events = []
    g._resolve(action)
    if stop == "never":
        g._run()
        return g
    return run_until(g, stop or NEXT_PHASE.get(phase, "never"))


def act(g: ReactorRoom, kind: str, index: int = 0) -> ReactorRoom:
    """A Marines-phase action through the public API (legality checked by apply)."""
    g.apply(g.layout.encode(kind, index))
    return g


def legal_names(g: ReactorRoom) -> list[str]:
    player = g.current_player()
    if player is None:
        return []
    return [g.layout.name(a) for a in np.flatnonzero(g.legal_mask(player))]


def legal(g: ReactorRoom, kind: str, index: int = 0) -> bool:
    player = g.current_player()
    return player is not None and bool(g.legal_mask(player)[g.layout.encode(kind, index)])


def legal_indices(g: ReactorRoom, kind: str) -> list[int]:
    player = g.current_player()
    if player is None:
        return []
    return [i for i in range(g.layout.slices[kind][1]) if g.legal_mask(player)[g.layout.encode(kind, i)]]


def target_index(g: ReactorRoom, alien: int) -> int:
    """The k of fire[k] / melee[k] for Alien counter `alien` (acting Marine's target list)."""
    return g.targets().index(alien)


def aim(g: ReactorRoom, times: int) -> ReactorRoom:
    for _ in range(times):
        act(g, "aim")
    return g


def hive_first(g: ReactorRoom, stop: str) -> ReactorRoom:
    """Answer every hive decision with its first legal option until phase `stop` begins."""
    run_until(g, stop)
    while g.decision is not None and g.current_player() == "hive" and g.phase != stop:
        a = int(np.flatnonzero(g.legal_mask("hive"))[0])
        g._resolve(a)
        run_until(g, stop)
    return g


def move_alien_to(g: ReactorRoom, target, stop: str | None = None) -> ReactorRoom:
    """Answer the hive's open move_to decision (if any) with square `target` (r, c)."""
    if g.decision is None:
        return g
    assert g.decision.kind == "move_to", g.decision
    square = g.board.index(*target)
    assert square in g.decision.options, f"{target} not among {[g.board.rc(o) for o in g.decision.options]}"
    r0, c0 = g.board.rc(g.aliens[g.mover].pos)
    from aliens_env.reactor_room.game import OFFSET_INDEX

    return decide(g, "move_to", OFFSET_INDEX[(target[0] - r0, target[1] - c0)], stop=stop)


class ScriptedCommander:
    """A Tactics env's commander that picks ``chosen(turn, phase, active)`` at each decision."""

    def __init__(self, chosen):
        self.chosen = chosen

    def act(self, game, player):
        return game.layout.encode("tactic", self.chosen(game.turn, game.phase, game.active))


class SwitchingMarines:
    """In the plain game: the setting ScriptedCommander(chosen) would choose, held from the first
    decision of an activation to its end (``settings``: the tactics as scripted marines)."""

    def __init__(self, settings, chosen):
        self.settings, self.chosen = settings, chosen
        self.activation = self.current = None

    def act(self, game, player):
        key = (game.turn, game.phase, game.active)
        if key != self.activation:
            self.activation, self.current = key, self.settings[self.chosen(*key)]
        return self.current.act(game, player)


def play(game, marines, hive, max_steps: int | None = None):
    """Plays ``game`` to its end (or ``max_steps`` decisions), ``marines`` and ``hive`` (policies)
    deciding; returns it."""
    play_out(game, {"marines": marines, "hive": hive}, max_steps)
    return game


def assert_same_game(plain, commanded, seed: int, marines, commander, make_hive):
    """``plain`` played by ``marines`` and ``commanded`` (its Tactics env) by ``commander``, from
    the same seed and each against a fresh ``make_hive()``, end alike; returns ``plain``."""
    plain.reset(seed)
    commanded.reset(seed)
    play(plain, marines, make_hive())
    play(commanded, commander, make_hive())
    assert commanded.outcome() == plain.outcome()
    assert commanded.stats == plain.stats and commanded.turn == plain.turn
    assert commanded.to_dict()["marines"] == plain.to_dict()["marines"]
    assert commanded.to_dict()["aliens"] == plain.to_dict()["aliens"]
    return plain


def assert_one_tactic_per_activation(game, seed: int, commander, hive) -> int:
    """Plays a Tactics env from ``seed``: at each of the Marines' decisions every tactic and
    nothing else is legal, a primitive action ("end") is refused with an error naming the tactics
    and changes nothing, and no activation (turn, phase, Marine) decides twice. Returns how many
    activations decided."""
    from aliens_env.core.game import IllegalActionError

    game.reset(seed)
    tactic, seen = game.layout.span("tactic"), set()
    while not game.is_terminal():
        player = game.current_player()
        if player != "marines":
            game.apply(hive.act(game, player))
            continue
        mask = game.legal_mask("marines")
        assert mask[tactic].all() and mask.sum() == len(game.tactics)
        key = (game.turn, game.phase, game.active)
        assert key not in seen
        seen.add(key)
        before = game.to_dict()
        with pytest.raises(IllegalActionError, match="tactic"):
            game.apply(game.layout.encode("end"))
        assert game.to_dict() == before
        game.apply(commander.act(game, player))
    return len(seen)


# -- the observation's Marine rows and tail, made from scratch from their documented features
# (reactor_room/game.py: MARINE_FEATURES, GLOBAL_FEATURES, TARGET_FEATURES) for the tests of the
# game's writers (ReactorRoom._write_marine_rows and _write_tail), which write them value by value


def documented_marine_rows(g: ReactorRoom) -> tuple[np.ndarray, dict[int, int]]:
    """(every Marine's MARINE_FEATURES row, float32, one row per Marine; the board squares
    (flat indices into the observation) of the Marines on the map -> how many are shown there),
    each feature worked out anew from its name."""
    from aliens_env.reactor_room.game import MARINE_FEATURES

    h, w = g.board.height, g.board.width
    rows, squares = [], {}
    for i, m in enumerate(g.marines):
        on_map = m.status == "on_map"
        attack = g.aliens[m.alien].attack if on_map and m.alien != NO else ""
        f = dict.fromkeys(MARINE_FEATURES, 0.0)
        f.update({"on_map": on_map, "exited": m.status == "exited", "dead": m.status == "dead",
                  "wounded": m.wounded, "incapacitated": m.incapacitated})
        if on_map:
            f.update({"carried": m.carried_by != NO, "carrying": m.carrying != NO, "grabbed": attack == "grabbing",
                      "in_combat": attack in ("attacking", "in_combat"), "actions_left/3": m.actions_left / 3,
                      "aim/3": m.aim / 3, "acting": i == g.active, "row/height": (m.pos // w) / h,
                      "column/width": (m.pos % w) / w})
            plane = "incapacitated" if m.incapacitated else "wounded" if m.wounded else "marine"
            sq_ = g._plane[plane] + m.pos
            squares[sq_] = squares.get(sq_, 0) + 1
        rows.append([float(f[name]) for name in MARINE_FEATURES])
    return np.array(rows, dtype=np.float32), squares


def assert_rows_as_documented(g, rec) -> None:
    """The record holds, over its template, every Marine's row and board square as made from
    scratch (rr_helpers.documented_marine_rows), its squares and counts agreeing."""
    rows, counts = documented_marine_rows(g)
    at, n = g._features_at, len(g.marines)
    expected = rec.template.copy()
    for sq in counts:
        expected[sq] = 1.0
    expected[at:at + rows.size] = rows.ravel()
    assert np.array_equal(rec.buf, expected), np.flatnonzero(rec.buf != expected)[:10]
    assert rec.counts == counts
    assert sorted(s for s in rec.squares if s is not None) == sorted(sq for sq, k in counts.items() for _ in range(k))
    assert len(rec.squares) == n


def documented_tail(g: ReactorRoom, live: int, targeted: list) -> np.ndarray:
    """The values after the Marines' rows, float32: the GLOBAL_FEATURES (``live``: the Aliens
    shown), then ``targeted`` (the targets' TARGET_FEATURES, in order)."""
    from aliens_env.reactor_room.game import DECISION_KINDS, GLOBAL_FEATURES

    n, kind = len(g.marines), None if g.decision is None else g.decision.kind
    f = {"turn/turn_scale": min(g.turn / g._turn_scale, 1.0), "aliens_in_play/pool": live / g.pool,
         "out/marines": g.stats["exited"] / n, "dead/marines": g.stats["dead"] / n,
         "red_turn": g.turn % g._red_turn_every == 0}
    f.update({f"decision={k}": k == kind for k in DECISION_KINDS})
    return np.array([float(f[name]) for name in GLOBAL_FEATURES] + [float(v) for v in targeted], dtype=np.float32)
