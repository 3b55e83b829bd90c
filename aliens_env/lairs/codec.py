"""Loading a saved Hunt for the Queen position: the lairs' own records (field "lairs") are read
first, field by field (core.positions), then the Reactor Room's loader reads everything else
into a game holding them, and the lairs' records are checked against the Marines, the Aliens and
the phase. The game's ``to_dict`` writes what this reads."""
from __future__ import annotations

from dataclasses import fields as dataclass_fields
from typing import TYPE_CHECKING

from ..core.board import NO
from ..core.positions import Fields, position_error
from ..reactor_room import codec as reactor_codec
from .observation import LairsMarine

if TYPE_CHECKING:
    from .game import HuntForTheQueen

#: the fields present only with an option on: arms (thrown_grenades), notes (elevator_delay)
OPTIONAL = {"arms": None, "notes": None}
LAIRS_KEYS = ("riders", "room_deck", "flipped", "sentry_deck", "appear_at", "facehugged", "queen_damage", "queen_dead",
              "queen_steps", "queen_from", "queen_attacks", "queen_hit")


def load(cls: type["HuntForTheQueen"], data: dict) -> "HuntForTheQueen":
    from .data_files import tables
    from .game import QUEEN

    f = Fields.position(cls.name, data, keys=(*reactor_codec.KEYS, "lairs"), optional=OPTIONAL)
    what = f.what
    rec = f.fields("lairs", keys=LAIRS_KEYS)
    rules, t = cls.scenario_data(), tables()
    n = len(rules[cls.scenario]["marines"])
    deck = sorted(rules["room_deck"])
    room_deck = rec.strs("room_deck")
    if sorted(room_deck) != deck:
        raise position_error(what, "lairs.room_deck", f"must hold the six Room Cards {deck} in some order", room_deck)
    flipped_fields = rec.fields("flipped")
    flipped = {}
    for key in flipped_fields.data:
        if key not in [str(r) for r in range(1, len(deck) + 1)]:
            raise position_error(what, f"lairs.flipped.{key}", f"must be a Room number 1-{len(deck)}")
        card = flipped_fields.choice(key, [room_deck[int(key) - 1]])
        flipped[int(key)] = card
    sentry = rec.strs("sentry_deck")
    for k, card in enumerate(sentry):
        if card not in rules["sentry_deck"]:
            raise position_error(what, f"lairs.sentry_deck[{k}]", f"must be one of {sorted(rules['sentry_deck'])}", card)
    if any(sentry.count(c) > rules["sentry_deck"][c] for c in set(sentry)):
        raise position_error(what, "lairs.sentry_deck", f"holds more cards of a kind than the deck {rules['sentry_deck']}")
    values = {
        "riders": rec.ints("riders", 0, n - 1, unique=True), "room_deck": room_deck, "flipped": flipped,
        "sentry_deck": sentry, "appear_at": rec.ints("appear_at", 1, 8),
        "facehugged": rec.ints("facehugged", 0, n - 1, unique=True),
        "queen_damage": rec.int("queen_damage", 0, t["queen_damage_track"]), "queen_dead": rec.bool("queen_dead"),
        "queen_steps": rec.int("queen_steps", 0, t["queen_actions"]), "queen_from": rec.int("queen_from", NO, None),
        "queen_attacks": rec.strs("queen_attacks"), "queen_hit": rec.ints("queen_hit", 0, n - 1),  # repeats: all hit once
    }
    for k, attack in enumerate(values["queen_attacks"]):
        if attack not in t["queen_attacks"]:
            raise position_error(what, f"lairs.queen_attacks[{k}]", f"must be one of {t['queen_attacks']}", attack)
    base = {key: data[key] for key in data if key not in ("lairs", "notes")}

    class Loader:
        """The Reactor Room's loader builds the game through this: the lairs' records as saved."""
        name = cls.name

        def __new__(_, **config):
            game = cls(**config)
            for key, value in values.items():
                setattr(game, key, value)
            return game

    game = reactor_codec.load(Loader, base)
    game.marines = [LairsMarine(**{k.name: getattr(m, k.name) for k in dataclass_fields(m)}) for m in game.marines]  # (the lairs' own class)
    _load_notes(game, f, what, t)
    _check(game, what, QUEEN)
    return game


def _load_notes(game: "HuntForTheQueen", f: Fields, what: str, t: dict) -> None:
    """The Closing Notes' records (``notes``): present exactly when elevator_delay is on."""
    if not game.options.get("elevator_delay"):
        if f.raw("notes") is not None:
            raise position_error(what, "notes", "must be absent: the elevator_delay option is off")
        return
    if f.raw("notes") is None:
        raise position_error(what, "notes", "must be given: the elevator_delay option is on")
    notes = f.fields("notes", keys=("elevator_at",))
    game.elevator_at = notes.int("elevator_at", NO, None)
    if game.elevator_at != NO and not game.elevator_at <= game.turn + t["elevator_delay_max"]:
        raise position_error(what, "notes.elevator_at", f"must be {NO} (not called) or a turn at most "
                             f"{t['elevator_delay_max']} after this one ({game.turn})", game.elevator_at)
    game._cache.clear()


def _check(game: "HuntForTheQueen", what: str, QUEEN: int) -> None:
    def fail(path: str, must: str):
        return position_error(what, path, must)

    b = game.board
    if game.queen_from != NO and not 0 <= game.queen_from < b.n:
        raise fail("lairs.queen_from", f"must be {NO} or a square 0-{b.n - 1}")
    if (game.queen_steps > 0) != (game.mover == QUEEN and game.phase == "aliens_move"):
        raise fail("lairs.queen_steps", "must be above 0 exactly while the Queen is the moving Alien")
    if (game.queen_from != NO) != (game.queen_steps > 0):
        raise fail("lairs.queen_from", "must be a square exactly while the Queen moves")
    if game.queen_dead and (game.aliens[QUEEN].in_play or game.phase != "over"):
        raise fail("lairs.queen_dead", "is true: the Queen must be off the map and the game over")
    for a, al in enumerate(game.aliens):
        if al.in_play and game.kinds[a] != "alien" and not game.board.passable.flat[al.pos] and game.kinds[a] == "queen":
            raise fail(f"aliens[{a}].pos", "must be a square the Queen can walk (no Stairwell)")
    if game.appear_at and game.phase != "aliens_appear" or game.to_appear != len(game.appear_at):
        raise fail("lairs.appear_at", f"must list one Stairwell per Alien still to appear (to_appear {game.to_appear}), "
                   "only in the Aliens Appear phase")
    if game.queen_attacks and game.phase not in ("aliens_attack", "over", "truncated"):
        raise fail("lairs.queen_attacks", "must be empty outside the Aliens Attack phase (or a game that ended in it)")
    for j in game.riders:
        m = game.marines[j]
        riding = m.incapacitated and (m.carried_by == NO or game.marines[m.carried_by].pos == m.pos)
        if m.status != "on_map" or not (riding or j == game.active):
            raise fail("lairs.riders", f"names marines[{j}], who must be on the map, on a card or stepping off")
    for j in game.facehugged:
        m = game.marines[j]
        if m.status == "on_map" and not m.incapacitated:
            raise fail("lairs.facehugged", f"names marines[{j}], who must be Incapacitated (or off the map)")
    check_has_move(game, what)


def check_has_move(game: "HuntForTheQueen", what: str) -> None:
    """A loaded position must leave the side to move a legal action (the scenarios call this again
    once their own records are set)."""
    player = game.current_player()
    if player is not None and not game.legal_mask(player).any():
        raise position_error(what, "decision", f"leaves {player} no legal action")
