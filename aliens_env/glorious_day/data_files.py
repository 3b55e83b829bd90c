"""The YAML of Aliens: Another Glorious Day in the Corps, read and checked once (a bad value is a
ValueError naming the file and key)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..core.data import read_yaml

DATA = Path(__file__).parent / "data"
HAZARDS = ("panic", "jammed", "acid")
CARD_TYPES = ("nature", "instinct", "reaction")
ENTRY_MARKS = "1234"
LARGE_MARKS = "QPACV"  # the Queen's and the Power Loader's top-left squares, the airlock, its control, the APC's rear-left square
MAP_CHARS = "W.DMENT" + ENTRY_MARKS + LARGE_MARKS
#: rescue .. kills: missions 1-4 and the bug hunts without the Queen; airlock: the Queen thrown
#: out of the airlock (Sulaco); queen: the Queen Killed (the Queen's bug hunts); drive: the APC
#: driven out with `need` Characters aboard (APC Chase)
OBJECTIVES = ("rescue", "escape", "survive", "tokens", "kills", "airlock", "queen", "drive")
NEWT_MODES = ("token", "character", "none")
MISSION_KINDS = ("campaign", "bug_hunt")


def _fail(file: str, key: str, must: str, value) -> ValueError:
    return ValueError(f"{DATA / file}: {key} must be {must}, got {value!r}")


def _count(file: str, key: str, value, lo: int = 0, hi: int = 1000) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _fail(file, key, f"an integer in {lo}-{hi}", value)
    return value


@lru_cache(maxsize=None)
def load() -> dict:
    """Every data file, checked: {"rules", "characters", "weapons", "decks", "hivemind", "missions", "large_models"}."""
    rules = read_yaml(DATA / "rules.yaml")
    chars = read_yaml(DATA / "characters.yaml")
    decks = read_yaml(DATA / "decks.yaml")
    hive = read_yaml(DATA / "hivemind.yaml")
    mission_file = read_yaml(DATA / "missions.yaml")
    missions = mission_file["missions"]
    large = read_yaml(DATA / "large_models.yaml")
    for name, char in chars["characters"].items():
        for side in ("hero", "grunt"):
            stats = char[side]
            if set(stats) != {"speed", "defense", "melee", "tech", "aim"}:
                raise _fail("characters.yaml", f"characters.{name}.{side}", "speed, defense, melee, tech, aim", stats)
            for stat, value in stats.items():
                _count("characters.yaml", f"characters.{name}.{side}.{stat}", value, 0, 9)
        for key in ("replaces", "carries"):
            if key in char and char[key] not in chars["characters"]:
                raise _fail("characters.yaml", f"characters.{name}.{key}", f"a character of {sorted(chars['characters'])}", char[key])
        if char["weapon"] not in chars["weapons"]:
            raise _fail("characters.yaml", f"characters.{name}.weapon", f"one of {sorted(chars['weapons'])}", char["weapon"])
    for name, weapon in chars["weapons"].items():
        if set(weapon) != {"cost", "range", "aim_bonus"}:
            raise _fail("characters.yaml", f"weapons.{name}", "cost, range, aim_bonus", weapon)
        _count("characters.yaml", f"weapons.{name}.cost", weapon["cost"], 0, 5)
        _count("characters.yaml", f"weapons.{name}.range", weapon["range"], 0, 30)
        _count("characters.yaml", f"weapons.{name}.aim_bonus", weapon["aim_bonus"], 0, 9)
    for part in ("core", "expansion"):
        for card, n in decks["endurance"][part].items():
            if card not in ("grit", *HAZARDS):
                raise _fail("decks.yaml", f"endurance.{part}", f"cards of {['grit', *HAZARDS]}", card)
            _count("decks.yaml", f"endurance.{part}.{card}", n)
        for card, n in decks["motion_tracker"][part].items():
            kind, _, entry = card.partition("_")
            if not (card in ("quiet", "movement") or (kind in ("blip", "swarm") and entry in ENTRY_MARKS and entry)):
                raise _fail("decks.yaml", f"motion_tracker.{part}", "quiet, movement, blip_N or swarm_N (N 1-4)", card)
            _count("decks.yaml", f"motion_tracker.{part}.{card}", n)
    if set(decks["hazards"]) != set(HAZARDS) or set(decks["hive_hazards"]) - set(HAZARDS):
        raise _fail("decks.yaml", "hazards", f"the hazards {list(HAZARDS)}", decks["hazards"])
    if sum(decks["hive_hazards"].values()) != rules["hive"]["hive_hazards"]:
        raise _fail("decks.yaml", "hive_hazards", f"{rules['hive']['hive_hazards']} cards", decks["hive_hazards"])
    for name, card in hive["cards"].items():
        if card.get("type") not in CARD_TYPES:
            raise _fail("hivemind.yaml", f"cards.{name}.type", f"one of {list(CARD_TYPES)}", card.get("type"))
        _count("hivemind.yaml", f"cards.{name}.cost", card["cost"], 0, 10)
        _count("hivemind.yaml", f"cards.{name}.copies", card["copies"], 1, 31)
    for name in (*hive["scripted"]["play_order"], *hive["scripted"]["keep_cards"]):
        if name not in hive["cards"]:
            raise _fail("hivemind.yaml", "scripted", f"cards of {sorted(hive['cards'])}", name)
    if sorted(map(int, rules["blips"])) != [0, 1, 2, 3]:
        raise _fail("rules.yaml", "blips", "counts of the values 0-3", rules["blips"])
    for name, mission in missions.items():
        rows = mission["map"].splitlines()
        for r, row in enumerate(rows):
            if len(row) != len(rows[0]) or set(row) - set(MAP_CHARS):
                raise _fail("missions.yaml", f"missions.{name}.map row {r}", f"{len(rows[0])} of {MAP_CHARS!r}", row)
        starts = sum(row.count("M") for row in rows)
        if starts < len(mission["fireteam"]):
            raise _fail("missions.yaml", f"missions.{name}.map", f"at least {len(mission['fireteam'])} M squares", starts)
        for who in mission["fireteam"]:
            if who not in chars["characters"]:
                raise _fail("missions.yaml", f"missions.{name}.fireteam", f"characters of {sorted(chars['characters'])}", who)
        _count("missions.yaml", f"missions.{name}.rounds", mission["rounds"], 1, 99)
        if "crew" in mission:  # A51: the heuristic marines' crew aboard the APC
            _count("missions.yaml", f"missions.{name}.crew", mission["crew"], 1, 99)
        for key, allowed in (("kind", MISSION_KINDS), ("newt", NEWT_MODES), ("objective", OBJECTIVES)):
            if mission.get(key) not in allowed:
                raise _fail("missions.yaml", f"missions.{name}.{key}", f"one of {list(allowed)}", mission.get(key))
        marks = "".join(rows)
        if (mission["newt"] == "token") != ("N" in marks) or (mission["objective"] == "tokens") != ("T" in marks):
            raise _fail("missions.yaml", f"missions.{name}.map", "an N square exactly with newt: token and T squares "
                        "exactly with objective: tokens", mission["newt"])
        if mission["objective"] == "tokens" and mission.get("tokens") not in rules["tokens"]:
            raise _fail("missions.yaml", f"missions.{name}.tokens", f"one of {sorted(rules['tokens'])}", mission.get("tokens"))
        if marks.count("T") > rules["max_tokens"]:
            raise _fail("missions.yaml", f"missions.{name}.map", f"at most {rules['max_tokens']} T squares", marks.count("T"))
        if mission["objective"] in ("escape", "survive", "kills", "drive"):
            _count("missions.yaml", f"missions.{name}.need", mission.get("need"), 1, 99)
        if mission["newt"] == "character" and chars["newt"] in mission["fireteam"]:
            raise _fail("missions.yaml", f"missions.{name}.fireteam", "the Fireteam without Newt (she is fielded besides)",
                        mission["fireteam"])
        limit = mission_file["fireteam_limits"][mission["kind"]]
        if len(mission["fireteam"]) > limit:
            raise _fail("missions.yaml", f"missions.{name}.fireteam", f"at most {limit} Characters", mission["fireteam"])
        for mark in "QPV":
            if marks.count(mark) > 1:
                raise _fail("missions.yaml", f"missions.{name}.map", f"at most one {mark!r} (a large model's top-left square)", mark)
        needs = {"airlock": "QAC", "queen": "Q", "drive": "VE"}.get(mission["objective"], "")
        if set(needs) - set(marks):
            raise _fail("missions.yaml", f"missions.{name}.map", f"the marks {needs!r} for objective: {mission['objective']}",
                        sorted(set(needs) - set(marks)))
        if mission["objective"] == "queen" and mission["kind"] != "bug_hunt":
            raise _fail("missions.yaml", f"missions.{name}.objective", "airlock in a campaign mission (PRINTED: only "
                        "the airlock kills the Queen there)", mission["objective"])
    if mission_file["apc_chase_after"] not in mission_file["campaign"] or "apc_chase" not in missions:
        raise _fail("missions.yaml", "apc_chase_after", f"a campaign mission of {mission_file['campaign']} (and "
                    "the mission apc_chase defined)", mission_file["apc_chase_after"])
    for name in [*mission_file["campaign"], *mission_file["campaign_reserve"]]:
        if name not in missions and name not in chars["characters"]:
            raise _fail("missions.yaml", "campaign", "missions and reserve characters that exist", name)
    for card, n in large["tracker_cards"].items():
        if card not in ("queen_hunts", "queen_brood", "queen_heals"):
            raise _fail("large_models.yaml", "tracker_cards", "queen_hunts, queen_brood, queen_heals", card)
        _count("large_models.yaml", f"tracker_cards.{card}", n)
    return {"rules": rules, "characters": chars["characters"], "weapons": chars["weapons"], "decks": decks,
            "hivemind": hive, "missions": missions, "large_models": large, "campaign": mission_file["campaign"],
            "campaign_reserve": mission_file["campaign_reserve"], "fireteam_limits": mission_file["fireteam_limits"],
            "apc_chase_after": mission_file["apc_chase_after"],
            "newt": chars["newt"]}
