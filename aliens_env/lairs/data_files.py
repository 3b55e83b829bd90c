"""Loading and checking the lairs' YAML: every number of the lairs and of Hunt for the Queen comes
from here; the Reactor Room's printed tables (Alien Attack, Acid Spray, range bands, wounded rows)
hold as they are."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..core.data import read_yaml
from ..reactor_room.data_files import Character, character, tables as reactor_tables

DATA = Path(__file__).parent / "data"
ROOMS = "123456"
MAP_CHARS = ".W#sSLc" + ROOMS


@lru_cache(maxsize=None)
def tables() -> dict:
    """The Reactor Room's printed tables with the Expansion's (Facehugger, Queen) added (read once,
    as the Reactor Room's: every game reads the same dict and none writes it)."""
    return {**reactor_tables(), **read_yaml(DATA / "tables.yaml")}


@lru_cache(maxsize=None)
def lairs() -> dict:
    where = DATA / "lairs.yaml"
    data = read_yaml(where)
    rows = data["map"].splitlines()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in MAP_CHARS:
                raise ValueError(f"{where}: map square ({r}, {c}) is {ch!r}; allowed are {sorted(MAP_CHARS)}")
    count = sum(row.count("L") for row in rows)
    if count != 8:
        raise ValueError(f"{where}: the Elevator must have 8 squares ('L'), the map has {count}")
    for k, (r, c) in enumerate(data["cocooning"]):
        if rows[r][c] != "c":
            raise ValueError(f"{where}: cocooning[{k}] {[r, c]} is not a 'c' square")
    if len(data["cocooning"]) != 5 or sum(row.count("c") for row in rows) != 5:
        raise ValueError(f"{where}: there must be five Cocooning Squares ('c'), each listed once in cocooning")
    deck = data["room_deck"]
    if sorted(deck) != sorted(["empty", "alien", "alien", "alien", "facehugger", "queen"]):
        raise ValueError(f"{where}: room_deck must be the six printed cards, got {deck}")
    if len(deck) != len(ROOMS):
        raise ValueError(f"{where}: one Room Card per Room ({len(ROOMS)})")
    if sum(data["sentry_deck"].values()) != 10 or set(data["sentry_deck"]) != {"empty", "alien"}:
        raise ValueError(f"{where}: sentry_deck must split the ten printed cards into empty and alien")
    if data["appearance_table"][-1]["max"] < 9:
        raise ValueError(f"{where}: appearance_table must reach a roll of 9")
    for k, row in enumerate(data["appearance_table"]):
        if len(row["waves"]) > 8 or any(n < 1 for n in row["waves"]):
            raise ValueError(f"{where}: appearance_table[{k}].waves must list at most 8 group sizes >= 1")
    hunt = data["hunt"]
    if len(hunt["marines"]) != 16 or len(set(hunt["marines"])) != 16:
        raise ValueError(f"{where}: hunt.marines must list the sixteen Marines once each")
    for k, (r, c) in enumerate(hunt["elevator_start"]):
        if rows[r][c] != "L":
            raise ValueError(f"{where}: hunt.elevator_start[{k}] {[r, c]} is not an Elevator square")
    return data


@lru_cache(maxsize=None)
def characters() -> dict[str, Character]:
    """The sixteen cards, freely armed, as Reactor Room Characters."""
    return {name: character(name, card, "armed", tables()) for name, card in read_yaml(DATA / "characters.yaml").items()}


@lru_cache(maxsize=None)
def assault() -> dict:
    """The lairs' data with Marine Assault's (``marine_assault.yaml``), checked."""
    where = DATA / "marine_assault.yaml"
    data = {**lairs(), **read_yaml(where)}
    spec, reactor = data["assault"], data["reactor"]
    cards = read_yaml(DATA / "characters.yaml")
    unknown = [name for name in spec["marines"] if name not in cards]
    if unknown or len(set(spec["marines"])) != len(spec["marines"]):
        raise ValueError(f"{where}: assault.marines must name characters of characters.yaml once each, got {spec['marines']}")
    captured = spec["marines"][spec["squad"]:]
    if sorted(spec["cocooned"]) != sorted(captured):
        raise ValueError(f"{where}: assault.cocooned must give a Cocooning Square to each of {captured}")
    squares = list(spec["cocooned"].values())
    if len(set(squares)) != len(squares) or not all(1 <= s <= len(data["cocooning"]) for s in squares):
        raise ValueError(f"{where}: assault.cocooned must give different Cocooning Squares 1-{len(data['cocooning'])}")
    rows = data["map"].splitlines()
    if len(spec["elevator_start"]) != spec["squad"] or any(rows[r][c] != "L" for r, c in spec["elevator_start"]):
        raise ValueError(f"{where}: assault.elevator_start must list {spec['squad']} Elevator squares")
    weapons = {card[listed]["weapon"] for card in cards.values() for listed in ("armed", "other") if listed in card}
    missing = weapons - set(reactor["shot_damage"]) - {"Unarmed"}
    if missing:
        raise ValueError(f"{where}: reactor.shot_damage has no damage for {sorted(missing)}")
    return data


@lru_cache(maxsize=None)
def armed_characters(picks: tuple[tuple[str, str], ...]) -> dict[str, Character]:
    """The sixteen cards with, for each (name, weapon) of ``picks``, that weapon of the card
    (``armed`` or ``other``) instead of the designed one."""
    cards = read_yaml(DATA / "characters.yaml")
    out = dict(characters())
    for name, weapon in picks:
        card = cards[name]
        listed = next((k for k in ("armed", "other") if k in card and card[k]["weapon"] == weapon), None)
        if listed is None:
            allowed = [card[k]["weapon"] for k in ("armed", "other") if k in card]
            raise ValueError(f"weapons: {name}'s card lists {allowed}, not {weapon!r}")
        out[name] = character(name, card, listed, tables())
    return out


@lru_cache(maxsize=None)
def rescue() -> dict:
    """The lairs' data with the Rescue of Newt's (``rescue_of_newt.yaml``), checked; the fire is
    drawn on the map as Alien growth ('#': nobody enters it or sees through it)."""
    where = DATA / "rescue_of_newt.yaml"
    data = {**lairs(), **read_yaml(where)}
    spec = data["rescue"]
    rows = [list(row) for row in data["map"].splitlines()]
    for k, (r, c) in enumerate(spec["fire"]):
        if not (0 <= r < len(rows) and 0 <= c < len(rows[0])) or rows[r][c] != ".":
            raise ValueError(f"{where}: rescue.fire[{k}] {[r, c]} must be a corridor floor square ('.')")
        rows[r][c] = "#"
    data["map"] = "\n".join("".join(row) for row in rows)
    if sorted(spec["marines"]) != ["Newt", "Ripley"]:
        raise ValueError(f"{where}: rescue.marines must be Ripley and Newt, got {spec['marines']}")
    if not 1 <= spec["newt_cocoon"] <= len(data["cocooning"]):
        raise ValueError(f"{where}: rescue.newt_cocoon must be a Cocooning Square 1-{len(data['cocooning'])}")
    for key in ("ripley_start", "facehugger_square"):
        r, c = spec[key]
        if rows[r][c] not in ".123456":
            raise ValueError(f"{where}: rescue.{key} {[r, c]} must be an open floor square")
    return data


@lru_cache(maxsize=None)
def second_weapon(name: str) -> Character:
    """Character ``name`` with the other weapon of its card (``other`` in characters.yaml; read once
    per name: a Rescue of Newt game asks for Ripley's Flame Unit when it is built)."""
    card = read_yaml(DATA / "characters.yaml")[name]
    if "other" not in card:
        raise ValueError(f"characters.yaml: {name}'s card lists one weapon")
    return character(name, card, "other", tables())
