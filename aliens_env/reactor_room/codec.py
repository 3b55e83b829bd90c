"""Loading a saved Reactor Room position (also ReactorRoomTactics'): every field is read through
core.positions (type and range), then the records are checked against each other, so a position
is either refused with a ValueError naming the field or one the rules could have produced in
shape, which plays on. The game's ``to_dict`` writes what this reads."""
from __future__ import annotations

from collections import Counter
from dataclasses import fields as dataclass_fields
from typing import TYPE_CHECKING

from ..core.board import DIRECTIONS
from ..core.dice import Dice
from ..core.positions import Fields, PositionError, check_int, check_list, position_error

if TYPE_CHECKING:
    from .game import ReactorRoom

PHASES = ("aliens_move", "aliens_appear", "aliens_attack", "marines", "over", "time_limit")
STATUSES = ("on_map", "exited", "dead")
ATTACKS = ("attacking", "in_combat", "grabbing")
STATS = ("exited", "dead", "aliens_killed", "aliens_appeared")
#: the optional rules' records, present in a position only when their rule is on
RULE_RECORDS = {"banked": None, "nukes": 0}
KEYS = ("game", "config", "dice", "marines", "aliens", "turn", "phase", "queue", "mover", "mover_target",
        "mover_steps", "to_appear", "active", "push_alien", "decision", "stats", "events")


def load(cls: type["ReactorRoom"], data: dict) -> "ReactorRoom":
    from .data_files import OPTION_NAMES, RULE_OPTION_NAMES
    from .game import NO, OFFSET_INDEX, Alien, Marine
    from .weapons import load_arms

    f = Fields.position(cls.name, data, keys=KEYS, optional={**RULE_RECORDS, "arms": None})  # arms: the optional weapon rules
    what = f.what
    config = f.fields("config")
    for key in OPTION_NAMES + RULE_OPTION_NAMES:
        if key in config.data:
            config.bool(key)
    if config.data.get("turn_limit") is not None:
        config.int("turn_limit", 1)
    if "marine_order" in config.data and config.raw("marine_order") is not None:
        config.strs("marine_order")
    try:
        game = cls(**config.data)
    except ValueError as exc:
        raise position_error(what, "config", f"is refused: {exc}") from None
    game.dice = Dice.from_dict(f.fields("dice"), scripted=False)
    load_arms(game, f, what)  # (first: a backup weapon changes the card the Marines are read with)
    n, pool, board = len(game.marine_order), game.pool, game.board
    squares = board.n - 1
    marines = []
    for i, m in enumerate(f.records("marines", [x.name for x in dataclass_fields(Marine)], length=n)):
        char = game.characters[game.marine_order[i]]
        marines.append(Marine(
            name=m.choice("name", [game.marine_order[i]]), pos=m.int("pos", NO, squares),
            status=m.choice("status", STATUSES), wounded=m.bool("wounded"), incapacitated=m.bool("incapacitated"),
            carried_by=m.index("carried_by", "marines", n), carrying=m.index("carrying", "marines", n),
            alien=m.index("alien", "aliens", pool), actions_left=m.int("actions_left", 0, char.actions),
            aim=m.int("aim", 0, char.max_aim), handed_off=m.bool("handed_off"),
        ))
    aliens = []
    for a in f.records("aliens", [x.name for x in dataclass_fields(Alien)], length=pool):
        aliens.append(Alien(
            in_play=a.bool("in_play"), pos=a.int("pos", NO, squares), card=a.index("card", "marines", n),
            attack=a.choice("attack", ("", *ATTACKS)), stunned=a.bool("stunned"),
        ))
    game.marines, game.aliens = marines, aliens
    limit = game.turn_limit if isinstance(game.turn_limit, int) else None
    game.turn = f.int("turn", 1, limit)
    game.phase = f.choice("phase", PHASES)
    game.queue = f.indices("queue", "aliens", pool)
    game.mover = f.index("mover", "aliens", pool)
    game.mover_target = f.index("mover_target", "marines", n)
    tables = game.tables
    game.mover_steps = f.int("mover_steps", 0, max(tables["alien_actions"], tables["alien_actions_on_appearing"]))
    game.to_appear = f.int("to_appear", 0, pool)
    game.active = f.index("active", "marines", n)
    game.push_alien = f.index("push_alien", "aliens", pool)
    stats = f.fields("stats", keys=STATS)
    game.stats = {key: stats.int(key, 0) for key in STATS}
    game.events = f.strs("events")
    _load_rule_records(game, f)
    game.decision = None
    if f.raw("decision") is not None:
        dec = f.fields("decision", keys=("kind", "options"))
        kind = dec.choice("kind", game.decision_kinds)
        options = dec.list("options")
        path = dec.at("options")
        if kind == "marine":
            check_list(what, path, options, length=0)
        elif kind in ("push", "place"):  # [direction, square] pairs
            for k, option in enumerate(options):
                pair = check_list(what, f"{path}[{k}]", option, length=2)
                check_int(what, f"{path}[{k}][0]", pair[0], 0, len(DIRECTIONS) - 1)
                check_int(what, f"{path}[{k}][1]", pair[1], 0, squares)
            options = [tuple(o) for o in options]
        else:
            hi = {"order": pool - 1, "target": n - 1, "move_to": squares, **game._extra_option_bounds()}[kind]
            options = [check_int(what, f"{path}[{k}]", o, 0, hi) for k, o in enumerate(options)]
        if kind != "marine" and (not options or len(set(options)) != len(options)):
            raise position_error(what, path, "must list one or more different options", options)
        game._decide(kind, options)
    game._cache = {}
    _check_consistency(game, what, NO, OFFSET_INDEX)
    return game


def _load_rule_records(game: "ReactorRoom", f: Fields) -> None:
    """The optional rules' records (present only when their rule is on): banked Aim under
    Additional Aim Time (0 to max_banked, only for a Marine at its card's maximum Aim), the
    nukes of Petty Revenge."""
    n = len(game.marine_order)
    for key, option in (("banked", "aim_time"), ("nukes", "petty_revenge")):
        if key in f.data and not game.options[option]:
            raise f.fail(key, f"is a record of option {option}, which is off")
    if "banked" in f.data:
        top = game.tables["aim_time"]["max_banked"]
        banked = f.list("banked", length=n)
        game.banked = [check_int(f.what, f"banked[{i}]", b, 0, top) for i, b in enumerate(banked)]
        for i, (b, m) in enumerate(zip(game.banked, game.marines)):
            if b and m.aim < game.characters[m.name].max_aim:
                raise f.fail(f"banked[{i}]", "may be above 0 only for a Marine at its card's maximum Aim", b)
    if "nukes" in f.data:
        game.nukes = f.int("nukes", 0)


def _check_consistency(game: "ReactorRoom", what: str, NO: int, OFFSET_INDEX: dict) -> None:
    """The records agree with each other, as the rules keep them (tests/reactor_room's
    check_invariants are the same conditions, asserted after every step of play)."""
    board, marines, aliens = game.board, game.marines, game.aliens

    def fail(path: str, must: str) -> PositionError:
        return position_error(what, path, must)

    for i, m in enumerate(marines):
        at = f"marines[{i}]"
        if m.status == "on_map":
            if m.pos == NO or not board.passable.flat[m.pos]:
                raise fail(f"{at}.pos", f"must be an open square for a Marine on the map, not {m.pos}")
        elif (m.pos, m.alien, m.carrying, m.carried_by) != (NO, NO, NO, NO):
            raise fail(f"{at}.status", f"is {m.status!r}: pos, alien, carrying and carried_by must all be {NO}")
        if m.carrying != NO:
            c = marines[m.carrying]
            if m.carrying == i or c.carried_by != i or not c.incapacitated or c.pos != m.pos or m.incapacitated:
                raise fail(f"{at}.carrying", f"names marines[{m.carrying}], whose carried_by, incapacitated and pos "
                           "must say it is carried here by an able Marine")
        if m.carried_by != NO and (m.carried_by == i or marines[m.carried_by].carrying != i):
            raise fail(f"{at}.carried_by", f"names marines[{m.carried_by}], whose carrying must name this Marine")
        if m.alien != NO:
            a = aliens[m.alien]
            if not a.in_play or a.card != i or a.pos != m.pos:
                raise fail(f"{at}.alien", f"names aliens[{m.alien}], whose in_play, card and pos must put it on this card")
    for k, a in enumerate(aliens):
        at = f"aliens[{k}]"
        if not a.in_play:
            if (a.pos, a.card, a.attack, a.stunned) != (NO, NO, "", False):
                raise fail(f"{at}.in_play", f"is false: pos and card must be {NO}, attack \"\" and stunned false")
            continue
        if a.pos == NO or board.blocked.flat[a.pos]:
            raise fail(f"{at}.pos", f"must be a square that is not an obstruction, not {a.pos}")
        if (a.card == NO) != (a.attack == ""):
            raise fail(f"{at}.attack", "must be \"\" exactly when the Alien is on no card (card -1)")
        if a.card != NO and (marines[a.card].alien != k or marines[a.card].status != "on_map"):
            raise fail(f"{at}.card", f"names marines[{a.card}], whose alien must name this Alien")
    for key, status in (("exited", "exited"), ("dead", "dead")):
        count = sum(m.status == status for m in marines)
        if game.stats[key] != count:
            raise fail(f"stats.{key}", f"must count the Marines whose status is {status!r} ({count})")
    if game.stats["aliens_appeared"] < game.stats["aliens_killed"] + sum(a.in_play for a in aliens):
        raise fail("stats.aliens_appeared", "must be at least aliens_killed plus the Aliens in play")
    _check_phase(game, what, NO, OFFSET_INDEX, fail)
    _check_stacking(game, NO, fail)
    player = game.current_player()
    if player is not None and not game.legal_mask(player).any():
        raise fail("decision", f"leaves {player} no legal action")


def _check_phase(game, what, NO, OFFSET_INDEX, fail) -> None:
    """The phase, the queue, the moving Alien, the acting Marine and the decision fit together."""
    board, marines, aliens, d = game.board, game.marines, game.aliens, game.decision
    over = game.phase in ("over", "time_limit")
    if (d is None) != over:
        raise fail("decision", f"must be null exactly when the game is over (phase {game.phase!r})")
    if over:
        return
    if game.queue and game.phase not in ("aliens_move", "aliens_attack"):
        raise fail("queue", f"must be empty in phase {game.phase!r}")
    if game.phase == "aliens_move" and any(not aliens[a].in_play or aliens[a].card != NO for a in game.queue):
        raise fail("queue", "must list Aliens in play and on no card while Aliens move")
    if game.mover != NO and (game.phase not in ("aliens_move", "aliens_appear") or not aliens[game.mover].in_play):
        raise fail("mover", "must be an Alien in play, and only while Aliens move or appear")
    if game.mover_target != NO:
        target = marines[game.mover_target]
        if game.mover == NO or target.status != "on_map" or target.incapacitated or target.alien != NO:
            raise fail("mover_target", "must be a Marine able to act and free of Aliens, with a mover")
    if game.active != NO:
        m = marines[game.active]
        grabbed = m.alien != NO and aliens[m.alien].attack == "grabbing"
        if game.phase != "marines" or m.status != "on_map" or m.incapacitated or grabbed:
            raise fail("active", "must be a Marine able to act, and only in phase 'marines'")
    if game.push_alien != NO and (game.phase != "marines" or not aliens[game.push_alien].in_play):
        raise fail("push_alien", "must be an Alien in play, and only in phase 'marines'")
    needs = {
        "marine": game.phase == "marines" and game.active != NO and game.push_alien == NO,
        "push": game.phase == "marines" and game.active != NO and game.push_alien != NO,
        "order": game.phase == "aliens_move" and game.mover == NO,
        "target": game.mover != NO and game.mover_target == NO,
        "move_to": game.mover != NO and game.mover_target != NO,
        "place": game.phase == "aliens_attack" and bool(game.queue) and game.mover == NO,
        **game._extra_decision_needs(),
    }
    if not needs[d.kind]:
        raise fail("decision.kind", f"{d.kind!r} does not fit phase {game.phase!r} with this active, mover, "
                   "mover_target, push_alien and queue")
    options = d.options
    if d.kind == "order" and not set(options) <= set(game.queue):
        raise fail("decision.options", "must be Aliens in the queue")
    if d.kind == "target" and any(marines[m].status != "on_map" or marines[m].incapacitated
                                  or marines[m].alien != NO for m in options):
        raise fail("decision.options", "must be Marines able to act and free of Aliens")
    if d.kind == "move_to":
        r0, c0 = board.rc(aliens[game.mover].pos)
        for sq in options:
            r, c = board.rc(sq)
            if (r - r0, c - c0) not in OFFSET_INDEX or board.blocked.flat[sq]:
                raise fail("decision.options", f"must be open squares within reach of the mover, not {sq}")
    if d.kind in ("push", "place"):
        alien = aliens[game.push_alien if d.kind == "push" else game.queue[0]]
        if d.kind == "place" and (not alien.in_play or alien.card != NO):
            raise fail("queue", "must start with the beaten Alien being placed")
        directions = [direction for direction, _ in options]
        for direction, sq in options:
            steps = [board.step(alien.pos, direction, k) for k in range(1, 3 if d.kind == "push" else 2)]
            if sq not in steps or board.blocked.flat[sq]:
                raise fail("decision.options", f"must pair a direction with the open square that way, not {[direction, sq]}")
        if len(set(directions)) != len(directions):
            raise fail("decision.options", "must not name a direction twice")


def _check_stacking(game, NO, fail) -> None:
    """One counter per square at rest (a Marine passing through a teammate is moving; an Alien
    being pushed or beaten off is in the air until its square is chosen)."""
    squares = Counter()
    for m in game.marines:
        if m.status == "on_map" and not m.incapacitated and m.carried_by == NO:
            squares[m.pos] += 1
    d = game.decision
    in_the_air = game.push_alien if game.push_alien != NO else game.queue[0] if d and d.kind == "place" else NO
    for k, a in enumerate(game.aliens):
        if a.in_play and a.card == NO and k != in_the_air:
            squares[a.pos] += 1
    moving = game._passing_square()
    for square, count in squares.items():
        if count > 1 and not (square == moving and count == 2):
            raise fail("marines", f"and aliens put {count} counters on square {game.board.rc(square)}")
