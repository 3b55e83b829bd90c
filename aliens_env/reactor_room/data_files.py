"""Loading and checking the Reactor Room's YAML: every number of the scenario comes from here."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.data import read_yaml as core_read_yaml

DATA = Path(__file__).parent / "data"

OPTION_NAMES = ("frost_rule", "dietrich_rule", "bonus_bug", "beginner", "machine_gun_special")
#: the Optional Rules and New Scenarios of issue 12 (off by default); a saved position's config
#: names them only when on, so the positions of games without them stay as they were
RULE_OPTION_NAMES = ("firing_through_marines", "aim_time", "harder_drops", "double_bonus_bugs", "petty_revenge")

#: the optional weapon rules (weapons.py); options of the Reactor Room and (all but fires) of Operations
WEAPON_OPTIONS = ("ammunition", "backup_weapons", "fires", "hand_grenades", "thrown_grenades")
OPTION_NAMES += WEAPON_OPTIONS


@dataclass(frozen=True)
class Character:
    name: str
    actions: int
    melee: int
    wounded_melee: int
    weapon: str
    aim: tuple[tuple[int | None, ...], ...]  # healthy rows, one per Aim level
    wounded_aim: tuple[tuple[int | None, ...], ...]

    @property
    def max_aim(self) -> int:
        return len(self.aim)

    def hit_number(self, wounded: bool, aim: int, band: int) -> int | None:
        """The card's number at this Aim and range band, None where the row is blank or ends (read
        inline by ``heuristic.best_shot`` too: change both)."""
        rows = self.wounded_aim if wounded else self.aim
        row = rows[aim - 1]
        return row[band] if band < len(row) else None


def read_yaml(name: str) -> dict:
    return core_read_yaml(DATA / name)


@lru_cache(maxsize=None)
def tables() -> dict:
    return read_yaml("tables.yaml")


@lru_cache(maxsize=None)
def characters() -> dict[str, Character]:
    return {name: character(name, card, "top", tables()) for name, card in read_yaml("characters.yaml").items()}


def character(name: str, card: dict, listed: str, t: dict) -> Character:
    """A character card with its ``listed`` ("top" or "bottom") weapon row; the wounded row is the
    healthy one less the wounded Aim penalty (None where it falls below 0), except for the
    weapons exempt from it."""
    weapon = card[listed]["weapon"]
    healthy = tuple(tuple(row) for row in card[listed]["aim"])
    if weapon in t["wounded_aim_exempt"]:
        wounded = healthy
    else:
        penalty = t["wounded_aim_penalty"]
        wounded = tuple(tuple(n - penalty if n - penalty >= 0 else None for n in row) for row in healthy)
    return Character(name, card["actions"], card["melee"], card["wounded_melee"], weapon, healthy, wounded)


def table_result(table: list[dict], total: int) -> str:
    """The result of the first row whose `max` is at least `total` (totals below 0 take row one)."""
    for row in table:
        if total <= row["max"]:
            return row["result"]
    raise ValueError(f"total {total} is past the last row of the table")


@lru_cache(maxsize=None)
def tournament() -> dict:
    return read_yaml("tournament.yaml")


def victory_points(name: str) -> int:
    """The Tournament Rules' Victory Points of a surviving character (``tournament.yaml``)."""
    data = tournament()
    return data["victory_points"].get(name, data["others"])


@lru_cache(maxsize=None)
def scenario(name: str = "reactor_room") -> dict:
    return read_yaml(f"{name}.yaml")


def grenade_result(range_from_blast: int) -> dict:
    """The Grenade Table's row for a range: {"alien": ..., "marine": ...}."""
    for row in tables()["grenade_table"]:
        if range_from_blast <= row["max"]:
            return row
    raise ValueError(f"range {range_from_blast} is past the Grenade Table")
