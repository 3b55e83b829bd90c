"""Loading and checking the Alien Menace card set (data/cards.yaml) and rule numbers
(data/rules.yaml). Every number of the game comes from these two files; a file that breaks a
printed count, drops a name the rulebook prints or uses an effect outside the vocabulary is
refused with a ValueError that says what is wrong."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from pathlib import Path

from ..core.data import read_yaml as core_read_yaml

DATA = Path(__file__).parent / "data"
SIDES = ("marines", "hive")
KINDS = ("weapon", "creature", "combat_action", "event")
KIND_NAMES = {"weapon": "Weapon", "creature": "Creature", "combat_action": "Combat Action", "event": "Event"}
#: the effect vocabulary the engine implements (game.py): name -> allowed value check
EFFECTS = ("add_strength", "cancel", "room_size", "draw", "discard", "take_tokens", "heal")
SIDE_KINDS = {"marines": ("weapon", "combat_action", "event"), "hive": ("creature", "combat_action", "event")}

#: what the rulebook prints, checked on every load: name -> (side, kind, strength, effect)
PRINTED_CARDS = {
    "Demon": ("hive", "creature", 2, {}),
    "Carnass": ("hive", "creature", 3, {}),
    "Pump Shotgun": ("marines", "weapon", 3, {}),
    "Poisoned Darts": ("hive", "combat_action", 0, {"add_strength": 2}),
    "Force Field": (None, "combat_action", 0, {"cancel": None}),
    "Terror": (None, "combat_action", 0, {"cancel": None}),
    "Jammed Weapon": (None, "combat_action", 0, {"cancel": None}),
    "Recon Robot": (None, "event", 0, {"cancel": "event"}),
    "Smoke Grenade": (None, "combat_action", 0, {"room_size": -1}),
    "Collapsed Wall": (None, "combat_action", 0, {"room_size": 1}),
}
PRINTED_ROOMS = {"Hangar": 4, "Portal": None}
PRINTED_TOKENS = 16  # one side "+1", the other "miss"


@dataclass(frozen=True)
class Card:
    id: int  # global index over both decks: marine types first, then alien types
    local: int  # index among its side's card types
    name: str
    side: str
    kind: str
    strength: int
    effect: tuple  # () or (name, value)
    copies: int
    #: the effect's name and value (None without one); plain attributes: the rules read them often
    effect_name: str | None = field(init=False, repr=False, compare=False)
    effect_value: Any = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "effect_name", self.effect[0] if self.effect else None)
        object.__setattr__(self, "effect_value", self.effect[1] if self.effect else None)

    def text(self) -> str:
        parts = [KIND_NAMES[self.kind]]
        if self.kind in ("weapon", "creature"):
            parts.append(f"Strength {self.strength}")
        if self.effect:
            parts.append(effect_text(*self.effect))
        return f"{self.name} ({', '.join(parts)})"


@dataclass(frozen=True)
class Room:
    id: int
    name: str
    size: int
    marine_draw: int
    alien_draw: int
    effect: tuple  # () or (name, value, who)
    portal: bool

    def text(self) -> str:
        s = f"{self.name} (size {self.size}, Marine draws {self.marine_draw}, Alien draws {self.alien_draw}"
        if self.effect:
            name, value, who = self.effect
            s += f", {effect_text(name, value)} for the {who}"
        return s + ")"


@dataclass
class CardSet:
    cards: list[Card]
    by_side: dict[str, list[Card]]
    rooms: list[Room]
    tokens: int
    rules: dict
    by_name: dict[str, Card] = field(default_factory=dict)

    @property
    def portal(self) -> Room:
        return next(r for r in self.rooms if r.portal)


def effect_text(name: str, value) -> str:
    return {
        "add_strength": lambda v: f"{v:+d} Strength",
        "cancel": lambda v: f"cancels the {KIND_NAMES[v]} just played",
        "room_size": lambda v: f"room size {v:+d}",
        "draw": lambda v: f"draw {v}",
        "discard": lambda v: f"opponent discards {v} at random",
        "take_tokens": lambda v: f"take {v} tokens",
        "heal": lambda v: f"regain {v} Life Point{'s' if v > 1 else ''}",
    }[name](value)


def read_yaml(path: Path) -> dict:
    data = core_read_yaml(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold a mapping")
    return data


def _effect(where: str, raw, kind: str | None, room: bool = False) -> tuple:
    if raw is None or raw == {}:
        return ()
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: effect must be a mapping like {{draw: 2}}, got {raw!r}")
    raw = dict(raw)
    who = raw.pop("who", None)
    if len(raw) != 1:
        raise ValueError(f"{where}: effect must hold exactly one of {list(EFFECTS)}, got {sorted(raw)}")
    (name, value), = raw.items()
    if name not in EFFECTS:
        raise ValueError(f"{where}: unknown effect {name!r}; the vocabulary is {list(EFFECTS)}")
    if name == "cancel":
        if value not in ("weapon", "combat_action", "event"):
            raise ValueError(f"{where}: cancel must name weapon, combat_action or event, got {value!r}")
    elif not isinstance(value, int) or value == 0 or (name != "room_size" and value < 0):
        raise ValueError(f"{where}: {name} needs a non-zero whole number, got {value!r}")
    if room:
        if name not in ("take_tokens", "heal", "add_strength"):
            raise ValueError(f"{where}: a room effect must be take_tokens, heal or add_strength, got {name!r}")
        if who not in SIDES:
            raise ValueError(f"{where}: a room effect needs who: marines or hive, got {who!r}")
        if name == "heal" and who != "marines" or name == "add_strength" and who != "hive":
            raise ValueError(f"{where}: {name} in a room is for the {'marines' if name == 'heal' else 'hive'}")
        return (name, value, who)
    if who is not None:
        raise ValueError(f"{where}: `who` is only for room effects")
    allowed = {
        "combat_action": ("add_strength", "cancel", "room_size"),
        "event": ("cancel", "draw", "discard", "take_tokens", "heal"),
        "weapon": (),
        "creature": (),
    }[kind]
    if name not in allowed:
        raise ValueError(f"{where}: a {kind} cannot have effect {name!r} (allowed: {list(allowed) or 'none'})")
    if name == "cancel" and kind == "event" and value != "event":
        raise ValueError(f"{where}: an Event can only cancel an event")
    return (name, value)


def build(cards_data: dict, rules: dict) -> CardSet:
    cards: list[Card] = []
    by_side: dict[str, list[Card]] = {}
    for side in SIDES:
        entries = cards_data.get(side)
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"cards: `{side}` must be a list of cards")
        by_side[side] = []
        for i, e in enumerate(entries):
            where = f"cards: {side}[{i}]"
            if not isinstance(e, dict):
                raise ValueError(f"{where} must be a mapping")
            extra = set(e) - {"name", "kind", "strength", "effect", "copies"}
            if extra:
                raise ValueError(f"{where}: unknown field(s) {sorted(extra)}; fields are name, kind, strength, effect, copies")
            name, kind = e.get("name"), e.get("kind")
            if not isinstance(name, str) or not name:
                raise ValueError(f"{where}: missing name")
            if kind not in SIDE_KINDS[side]:
                raise ValueError(f"{where} ({name}): kind must be one of {list(SIDE_KINDS[side])}, got {kind!r}")
            strength = e.get("strength", 0)
            if kind in ("weapon", "creature"):
                if not isinstance(strength, int) or strength < 1:
                    raise ValueError(f"{where} ({name}): a {kind} needs a strength >= 1")
            elif strength:
                raise ValueError(f"{where} ({name}): only weapons and creatures have a strength")
            copies = e.get("copies")
            if not isinstance(copies, int) or copies < 1:
                raise ValueError(f"{where} ({name}): copies must be a whole number >= 1")
            card = Card(len(cards), len(by_side[side]), name, side, kind, strength, _effect(f"{where} ({name})", e.get("effect"), kind), copies)
            if card.effect_name == "heal" and side != "marines":
                raise ValueError(f"{where} ({name}): only Marine cards heal (the Alien has no Life Points)")
            cards.append(card)
            by_side[side].append(card)
        total = sum(c.copies for c in by_side[side])
        if total != rules["deck_size"]:
            raise ValueError(f"cards: the {side} deck has {total} cards; the rulebook prints {rules['deck_size']}")
    names = [c.name for c in cards]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise ValueError(f"cards: names must be unique, repeated: {dup}")
    by_name = {c.name: c for c in cards}
    for name, (side, kind, strength, effect) in PRINTED_CARDS.items():
        c = by_name.get(name)
        if c is None:
            raise ValueError(f"cards: the rulebook's card {name!r} is missing")
        ok = c.kind == kind and (side is None or c.side == side) and (not strength or c.strength == strength)
        for key, value in effect.items():
            ok = ok and c.effect_name == key and (value is None or c.effect_value == value)
        if not ok:
            raise ValueError(f"cards: {name} must be a {side or 'any side'} {kind} {strength or ''} {effect} as printed")
    room_entries = cards_data.get("rooms")
    if not isinstance(room_entries, list) or len(room_entries) != rules["rooms"]:
        raise ValueError(f"cards: `rooms` must list {rules['rooms']} rooms (the Portal included)")
    rooms = []
    for i, e in enumerate(room_entries):
        where = f"cards: rooms[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("name"), str):
            raise ValueError(f"{where} must be a mapping with a name")
        extra = set(e) - {"name", "size", "marine_draw", "alien_draw", "effect", "portal"}
        if extra:
            raise ValueError(f"{where}: unknown field(s) {sorted(extra)}")
        for key in ("size", "marine_draw", "alien_draw"):
            v = e.get(key)
            if not isinstance(v, int) or v < (1 if key == "size" else 0):
                raise ValueError(f"{where} ({e['name']}): {key} must be a whole number{' >= 1' if key == 'size' else ''}")
        rooms.append(Room(i, e["name"], e["size"], e["marine_draw"], e["alien_draw"], _effect(f"{where} ({e['name']})", e.get("effect"), None, room=True), bool(e.get("portal", False))))
    if sum(r.portal for r in rooms) != 1:
        raise ValueError("cards: exactly one room must be the Portal (portal: true)")
    room_names = {r.name: r for r in rooms}
    if len(room_names) != len(rooms):
        raise ValueError("cards: room names must be unique")
    for name, size in PRINTED_ROOMS.items():
        if name not in room_names or (size is not None and room_names[name].size != size):
            raise ValueError(f"cards: the rulebook's room {name!r} must be there" + (f" with size {size}" if size else ""))
    if not room_names["Portal"].portal:
        raise ValueError("cards: the room named Portal must be the Portal (portal: true)")
    tokens = cards_data.get("tokens")
    if tokens != PRINTED_TOKENS or isinstance(tokens, bool):
        raise ValueError(f"cards: tokens must be {PRINTED_TOKENS}, as the rulebook prints, got {tokens!r}")
    if tokens < 2 * rules["starting_tokens"]:
        raise ValueError(f"cards: {tokens} tokens cannot give each player starting_tokens {rules['starting_tokens']}")
    return CardSet(cards, by_side, rooms, tokens, rules, by_name)


#: the names of the room[...] actions, one per revealed room
ROOM_CHOICES = ("first", "second", "third", "fourth", "fifth", "sixth")
RULE_KEYS = (
    "deck_size", "rooms", "starting_tokens", "hand_size", "mulligans", "life_points", "rooms_revealed",
    "winner_tokens", "no_combat_tokens", "first_chooser", "no_combat_chooser", "portal_without_combat",
    "shaping_life_point",
)


def check_rules(rules: dict, where: str) -> dict:
    missing = [k for k in RULE_KEYS if k not in rules]
    if missing:
        raise ValueError(f"{where}: missing rule number(s) {missing}")
    extra = sorted(set(rules) - set(RULE_KEYS))
    if extra:
        raise ValueError(f"{where}: unknown key(s) {extra}; allowed: {list(RULE_KEYS)}")
    for k in ("first_chooser", "no_combat_chooser", "portal_without_combat"):
        if rules[k] not in SIDES:
            raise ValueError(f"{where}: {k} must be marines or hive")
    for k in RULE_KEYS[:9]:
        low = 1 if k in ("deck_size", "rooms", "life_points", "hand_size", "rooms_revealed") else 0
        v = rules[k]
        if not isinstance(v, int) or isinstance(v, bool) or v < low:
            raise ValueError(f"{where}: {k} must be a whole number >= {low}, got {v!r}")
    if rules["rooms_revealed"] > len(ROOM_CHOICES):
        raise ValueError(f"{where}: rooms_revealed must be 1-{len(ROOM_CHOICES)}, got {rules['rooms_revealed']}")
    v = rules["shaping_life_point"]
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        raise ValueError(f"{where}: shaping_life_point must be a number, got {v!r}")
    return rules


@lru_cache(maxsize=None)
def load(cards_file: str | None = None, rules_file: str | None = None) -> CardSet:
    rules_path = Path(rules_file) if rules_file else DATA / "rules.yaml"
    cards_path = Path(cards_file) if cards_file else DATA / "cards.yaml"
    rules = check_rules(read_yaml(rules_path), str(rules_path))
    return build(read_yaml(cards_path), rules)
