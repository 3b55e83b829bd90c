"""Loading and checking the Operations/Air Ducts YAML: every number of the scenario comes from
here; the Reactor Room's tables (Alien attack, acid, range bands, wounded rows) are shared."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..core.data import read_yaml
from ..reactor_room.data_files import Character, character, grenade_result, tables as reactor_tables  # noqa: F401  (grenade_result: the game's table)

DATA = Path(__file__).parent / "data"
SCENARIOS = ("operations", "lets_eat_burke", "gormans_last_stand")
OPTION_NAMES = ("beginner",)
#: the Reactor Room's Optional Rules that hold here too (issue 12); named in a saved position's
#: config only when on
RULE_OPTION_NAMES = ("firing_through_marines", "aim_time")
#: the Closing Notes' grenade at Burke's door (A23; not tournament-legal), named only when on too
NOTE_OPTIONS = ("door_grenade",)
RULE_OPTION_NAMES += NOTE_OPTIONS

#: the Reactor Room's optional weapon rules open here (no one carries a Flame Unit: no fires)
WEAPON_OPTIONS = ("ammunition", "backup_weapons", "hand_grenades", "thrown_grenades")
OPTION_NAMES += WEAPON_OPTIONS


def tables() -> dict:
    """The Reactor Room's printed tables: the same rules hold in every scenario of the game."""
    return reactor_tables()


@lru_cache(maxsize=None)
def scenario() -> dict:
    data = read_yaml(DATA / "operations.yaml")
    where = DATA / "operations.yaml"
    rows = data["map"].splitlines()
    for colour in data["colours"]:
        for r, c in data["appear"][colour]:
            if rows[r][c] in "W#D G":
                raise ValueError(f"{where}: appear.{colour} square {[r, c]} is not open floor")
    for name, (r, c) in data["start_squares"].items():
        if rows[r][c] not in ".d":
            raise ValueError(f"{where}: start_squares.{name} {[r, c]} is not open floor in Operations")
    for k, row in enumerate(data["turn_chart"]):
        if len(row) != len(data["colours"]) or any(not isinstance(n, int) or n < 0 for n in row):
            raise ValueError(f"{where}: turn_chart[{k}] must list {len(data['colours'])} counts >= 0, got {row}")
    r, c = data["cut_square"]
    if rows[r][c] != ".":
        raise ValueError(f"{where}: cut_square {[r, c]} must be open floor (the corridor square at the far door)")
    if set(data["door_grenade"]) != {"opens_max"} or not 0 <= data["door_grenade"]["opens_max"] <= 9:
        raise ValueError(f"{where}: door_grenade must be {{opens_max: 0-9}}, got {data['door_grenade']}")
    if tuple(data["scenarios"]) != SCENARIOS:
        raise ValueError(f"{where}: scenarios must be {list(SCENARIOS)}")
    return data


@lru_cache(maxsize=None)
def characters() -> dict[str, Character]:
    """The cards with their bottom-listed weapons, as Reactor Room Characters."""
    return {name: character(name, card, "bottom", tables()) for name, card in read_yaml(DATA / "characters.yaml").items()}
