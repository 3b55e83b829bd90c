"""Loading a saved Alien Menace position: every field is read through core.positions (type and
range), then the piles, tokens, rooms and stage are checked against each other, so a position is
either refused with a ValueError naming the field or one the rules could have produced in shape.
The game's ``to_dict`` writes what this reads."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.dice import Dice
from ..core.game import SIDES
from ..core.positions import Fields, check_list, position_error

if TYPE_CHECKING:
    from .game import AlienMenace

STATS = ("combats_won", "combats_lost", "creatures_killed", "rooms")
CHAIN_RETURNS = ("", "raise", "smoke", "next_creature", "marine_events", "alien_phase")
#: the keys to_dict writes after "game", "config" and "dice"
STATE_KEYS = (
    "deck", "hand", "discard", "room_deck", "room_discard", "revealed", "room", "tokens", "supply",
    "tokens_in_play", "bout_tokens", "lp", "turn", "chooser", "mulligans", "play", "chain", "chain_return",
    "bout", "creatures_played", "in_combat", "winner", "end_reason", "stats", "events", "log", "stage", "actor",
)


def load(cls: type["AlienMenace"], data: dict) -> "AlienMenace":
    from .game import STAGES

    f = Fields.position(cls.name, data, keys=("game", "config", "dice", *STATE_KEYS))
    what = f.what
    config = f.fields("config")
    try:
        game = cls(**config.data)
    except ValueError as exc:
        raise position_error(what, "config", f"is refused: {exc}") from None
    game.dice = Dice.from_dict(f.fields("dice"), scripted=False)
    R, deck_size, n_rooms, tokens = game.rules, game.rules["deck_size"], len(game.rooms), game.cs.tokens

    def per_side(key: str, read) -> dict:
        sides = f.fields(key, keys=SIDES)
        return {s: read(sides, s) for s in SIDES}

    k = game.n_types
    game.deck = per_side("deck", lambda o, s: o.ints(s, 0, k[s] - 1, max_length=deck_size))
    game.hand = per_side("hand", lambda o, s: o.ints(s, 0, deck_size, length=k[s]))
    game.discard = per_side("discard", lambda o, s: o.ints(s, 0, deck_size, length=k[s]))
    game.room_deck = f.ints("room_deck", 0, n_rooms - 1, unique=True)
    game.room_discard = f.ints("room_discard", 0, n_rooms - 1, unique=True)
    game.revealed = f.ints("revealed", 0, n_rooms - 1, max_length=R["rooms_revealed"], unique=True)
    game.room = f.int("room", -1, n_rooms - 1)
    game.tokens = per_side("tokens", lambda o, s: o.int(s, 0))  # their sum is checked below
    game.supply = f.int("supply", 0)
    game.tokens_in_play = f.int("tokens_in_play", 0)
    game.bout_tokens = per_side("bout_tokens", lambda o, s: o.int(s, 0, tokens))
    lp = f.raw("lp")
    if not isinstance(lp, int) or isinstance(lp, bool) or not 0 <= lp <= R["life_points"]:
        raise f.fail("lp", f"(life points) must be an integer in 0-{R['life_points']}", lp)
    game.lp = lp
    game.turn = f.int("turn", 0, n_rooms)
    game.chooser = f.choice("chooser", SIDES)
    game.mulligans = per_side("mulligans", lambda o, s: o.int(s, 0, R["mulligans"]))
    game.play = []
    for i, entry in enumerate(f.list("play", max_length=2 * deck_size)):
        at = f.at("play") + f"[{i}]"
        entry = check_list(what, at, entry, length=3)
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in entry) or not (
                0 <= entry[0] < game.n_cards and -1 <= entry[1] <= deck_size and -1 <= entry[2] < i):
            raise position_error(what, at, "must be a card in play: [card 0-"
                                 f"{game.n_cards - 1}, bout, an earlier entry it answers or -1]", entry)
        game.play.append(entry)
    game.chain = f.ints("chain", 0, unique=True)
    if any(entry >= len(game.play) for entry in game.chain):
        raise f.fail("chain", f"must name entries of field 'play' (0-{len(game.play) - 1})", game.chain)
    game.chain_return = f.choice("chain_return", CHAIN_RETURNS)
    game.bout = f.int("bout", -1, deck_size)
    game.creatures_played = f.int("creatures_played", 0, deck_size)
    game.in_combat = f.bool("in_combat")
    game.winner = f.choice("winner", (None, *SIDES))
    game.end_reason = f.str("end_reason")
    stats = f.fields("stats", keys=STATS)
    game.stats = {key: stats.int(key, 0) for key in STATS}
    game.events = f.strs("events")
    game.log = f.strs("log")
    stage = f.raw("stage")
    if stage not in STAGES:
        raise f.fail("stage", f"is an unknown stage; stages are {list(STAGES)}", stage)
    game.stage = stage
    game.actor = f.choice("actor", (None, *SIDES))
    game._legal = None
    _check_consistency(game, what)
    return game


def _check_consistency(game: "AlienMenace", what: str) -> None:
    """Every card, token and room is in exactly one place, and the stage fits the table."""
    from .game import ENTRY_CARD

    def fail(path: str, must: str):
        return position_error(what, path, must)

    R = game.rules
    total = {s: len(game.deck[s]) + sum(game.hand[s]) + sum(game.discard[s]) for s in SIDES}
    per_card = {s: [game.deck[s].count(c.local) + game.hand[s][c.local] + game.discard[s][c.local]
                    for c in game.side_cards[s]] for s in SIDES}
    for e in game.play:
        c = game.cards[e[ENTRY_CARD]]
        total[c.side] += 1
        per_card[c.side][c.local] += 1
    for s in SIDES:
        piles = f"deck.{s}', 'hand.{s}', 'discard.{s}' and 'play"
        if total[s] != R["deck_size"]:
            raise fail(piles, f"must hold the {R['deck_size']} {s} cards; they add up to {total[s]}")
        for c, n in zip(game.side_cards[s], per_card[s]):
            if n != c.copies:
                raise fail(piles, f"must hold {c.copies} {c.name} cards; there are {n}")
    tokens = game.tokens["marines"] + game.tokens["hive"] + game.supply + game.tokens_in_play
    if tokens != game.cs.tokens:
        raise fail("tokens.marines', 'tokens.hive', 'supply' and 'tokens_in_play",
                   f"must hold the {game.cs.tokens} tokens; the tokens add up to {tokens}")
    rooms = sorted(game.room_deck + game.room_discard + game.revealed + ([game.room] if game.room >= 0 else []))
    if rooms != list(range(len(game.rooms))):
        raise fail("room_deck', 'room_discard', 'revealed' and 'room", "must hold every room exactly once")
    if (game.stage == "over") != (game.winner is not None):
        raise fail("winner", "must be set exactly when the stage is 'over'")
    if game.in_combat != (game.bout >= 0) or game.in_combat and game.creatures_played < 1:
        raise fail("in_combat', 'bout' and 'creatures_played", "disagree (a combat has a bout >= 0 and a Creature)")
    for i, e in enumerate(game.play):
        if e[1] > game.bout:
            raise fail(f"play[{i}]", f"must be a card in play of a bout up to {game.bout}, not {e[1]}")
    if game.play and not game.in_combat and game.stage != "response":
        raise fail("play", "must be empty outside a combat, unless an Event is being answered (stage 'response')")
    if game.in_combat and game.stage not in ("raise", "smoke", "next_creature", "response", "over"):
        raise fail("stage", f"{game.stage!r} cannot happen during a combat (in_combat)")
    if game.stage == "over":
        return
    if game.actor is None:
        raise fail("actor", "must be marines or hive while the game is not over")
    if (game.stage == "response") != bool(game.chain):
        raise fail("chain", "must be non-empty exactly at stage 'response'")
    if game.stage == "room" and not game.revealed:
        raise fail("revealed", "must hold the rooms to choose from at stage 'room'")
    if game.stage not in ("mulligan", "room") and game.room < 0:
        raise fail("room", f"must name the room in play at stage {game.stage!r}")
    if not game._compute_legal():
        raise fail("stage", f"leaves {game.actor} no legal action")
