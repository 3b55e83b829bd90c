"""Loading a saved Ripley vs. the Queen position: every field read through core.positions (a
refusal is a ValueError naming the field and what it must be), then the fields checked against
each other and the rules (an open decision is the phase's, Ripley and the Queen on open floor
in different squares, ...)."""
from __future__ import annotations

from ..core.dice import Dice
from ..core.positions import Fields
from .game import DECISIONS, ENDS, PHASES, STANCES

KEYS = ("game", "config", "dice", "turn", "phase", "ripley", "queen", "wounds", "stance", "no_move_turn",
        "stun_turn", "airlock_open", "end", "decision", "stats", "events")
STATS = ("stuns", "grabs", "drop_rolls", "retreats", "combats")
MAX_EVENTS = 10_000


def load(cls, data):
    f = Fields.position(cls.name, data, keys=KEYS)
    config = f.fields("config", keys=("turn_limit",))
    game = cls(turn_limit=config.int("turn_limit", 1, 10_000))
    b = game.board
    game.dice = Dice.from_dict(f.fields("dice"))
    game.turn = f.int("turn", 1, game.turn_limit)
    game.phase = f.choice("phase", PHASES)
    for who in ("ripley", "queen"):
        r, c = f.ints(who, length=2)
        if not b.inside(r, c) or not b.passable[r, c]:
            raise f.fail(who, f"must be [row, col] of an open square of the {b.height} x {b.width} board", [r, c])
        setattr(game, who, b.index(r, c))
    if game.ripley == game.queen:
        raise f.fail("queen", "must be another square than Ripley's", f.raw("queen"))
    limit = game.data["wounds_to_incapacitate"]
    game.end = f.choice("end", ENDS)
    game.wounds = f.int("wounds", 0, limit)
    if game.wounds == limit and game.end != "incapacitated":
        raise f.fail("wounds", f"may reach {limit} only when Ripley is incapacitated (end)", game.wounds)
    game.stance = f.choice("stance", STANCES)
    if game.phase == "ripley" and game.stance != "unready":
        raise f.fail("stance", "must be 'unready' in Ripley's Phase (she has not chosen yet)", game.stance)
    game.no_move_turn = f.int("no_move_turn", 0, game.turn + 1)
    game.stun_turn = f.int("stun_turn", 0, game.turn + 1)
    game.airlock_open = f.bool("airlock_open")
    kind = f.choice("decision", [None, *DECISIONS])
    if (game.phase == "over") != bool(game.end):
        raise f.fail("end", "must be empty while the game goes on and say why once the phase is over", game.end)
    if kind != (None if game.phase == "over" else game.phase):
        raise f.fail("decision", f"must be the phase's decision ({game.phase!r}; none once over)", kind)
    if kind in ("queen", "combat", "queen_action") and game.queen_stunned():
        raise f.fail("decision", "cannot be the Queen's move or Combat while she is Stunned (stun_turn)", kind)
    if kind in ("combat", "queen_action") and not game.adjacent():
        raise f.fail("decision", "can be Combat only with the Queen next to Ripley", kind)
    game.decision = None
    if kind is not None:
        game._decide(kind)
    stats = f.fields("stats", keys=STATS)
    game.stats = {key: stats.int(key, 0, 10 * game.turn_limit) for key in STATS}
    game.events = f.strs("events", max_length=MAX_EVENTS)
    game._cache = {}
    if kind is not None and not game._current_mask().any():
        raise f.fail("decision", "has no legal action in this position", kind)
    return game
