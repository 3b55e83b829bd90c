"""Loading and checking Bug Hunt's YAML: every number of the ruleset comes from data/."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..core.data import read_yaml as core_read_yaml

DATA = Path(__file__).parent / "data"

ROLES = ("marine", "civilian", "android", "predator", "power_loader")
WEAPONS = ("pulse_rifle", "pistol", "smart_gun", "flame_thrower", "combi_weapon", "midi_guns", "none")
OBJECTIVES = ("explore_and_return", "kill_queen")


def read_yaml(name: str):
    return core_read_yaml(DATA / name)


#: the shaping weights rules.yaml gives: Bug Hunt's own (`shaping`) and BugHuntTactics' (A69)
SHAPING_KEYS = {"shaping": ("room_entered", "alien_killed", "figure_lost"),
                "tactics_shaping": ("room_entered", "brood_found")}


@lru_cache(maxsize=None)
def rules() -> dict:
    data = read_yaml("rules.yaml")
    for name in SHAPING_KEYS:
        check_shaping(data.get(name), name)
    check_ap_costs(data.get("ap_cost"))
    return data


def check_ap_costs(costs) -> None:
    """rules.yaml's ap_cost: a whole number of AP >= 0 for each action (the compiled mask reads them
    as C integers, marines.MaskNumbers: a fraction would be cut there and compared exactly in Python)."""
    if not isinstance(costs, dict) or not costs:
        raise ValueError(f"rules.yaml ap_cost must map each action to its AP cost, got {costs!r}")
    for name, ap in costs.items():
        if not isinstance(ap, int) or isinstance(ap, bool) or ap < 0:
            raise ValueError(f"rules.yaml ap_cost {name!r} must be a whole number of AP >= 0, got {ap!r}")


def check_shaping(weights, name: str = "shaping") -> None:
    """Shaping weights `name` of rules.yaml: one number for each of its SHAPING_KEYS."""
    keys = SHAPING_KEYS[name]
    if not isinstance(weights, dict) or set(weights) != set(keys) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in weights.values()):
        raise ValueError(f"rules.yaml {name} must give a number for each of {list(keys)}, got {weights!r}")


@lru_cache(maxsize=None)
def missions() -> dict:
    data = read_yaml("missions.yaml")
    for name, m in data.items():
        if m.get("objective") not in OBJECTIVES:
            raise ValueError(f"mission {name!r}: objective must be one of {list(OBJECTIVES)}, got {m.get('objective')!r}")
        if not isinstance(m.get("turn_limit"), int) or m["turn_limit"] < 1:
            raise ValueError(f"mission {name!r}: turn_limit must be a whole number >= 1")
    return data


def squad_from(entries: list) -> list[dict]:
    """Check a squad list (from squad.yaml or the `squad` option) and fill the defaults."""
    if not isinstance(entries, list) or not 1 <= len(entries) <= MAX_SQUAD:
        raise ValueError(f"a squad is a list of 1-{MAX_SQUAD} figures")
    out = []
    names = set()
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or "name" not in e:
            raise ValueError(f"squad figure {i} needs a name")
        role = e.get("role", "marine")
        weapon = e.get("weapon", "pulse_rifle" if role == "marine" else "pistol" if role == "civilian" else "none")
        if role not in ROLES:
            raise ValueError(f"squad figure {e['name']!r}: role must be one of {list(ROLES)}, got {role!r}")
        if weapon not in WEAPONS:
            raise ValueError(f"squad figure {e['name']!r}: weapon must be one of {list(WEAPONS)}, got {weapon!r}")
        if role == "android" and weapon != "none":
            raise ValueError(f"squad figure {e['name']!r}: androids can never be armed")
        if (weapon == "combi_weapon") != (role == "predator"):
            raise ValueError(f"squad figure {e['name']!r}: the combi-weapon is the Predators' (and theirs only)")
        if (weapon == "midi_guns") != (role == "power_loader" and weapon != "none"):
            raise ValueError(f"squad figure {e['name']!r}: a Power Loader carries no gun (M3) or midi-guns (M4), "
                             "and only a Power Loader carries midi-guns")
        if role == "civilian" and weapon != "none":
            weapon = "pistol"  # PRINTED: "count all ranged weapons carried by Civilians as pistols"
        if e.get("dreadnaught") and role != "marine":
            raise ValueError(f"squad figure {e['name']!r}: only Marines wear Dreadnaught armour")
        crew_roles = rules()["apc"]["crew_roles"]
        if e.get("in_apc") and role not in crew_roles:
            raise ValueError(f"squad figure {e['name']!r}: a {role} does not ride in the APC (its crew roles: {crew_roles})")
        unknown = set(e) - {"name", "role", "weapon", "leader", "can_lead", "equipment", "squad", "dreadnaught", "in_apc"}
        if unknown:
            raise ValueError(f"squad figure {e['name']!r}: unknown key(s) {sorted(unknown)}; "
                             "allowed: name, role, weapon, leader, can_lead, equipment, squad, dreadnaught, in_apc")
        team = e.get("squad", 0)
        if not isinstance(team, int) or isinstance(team, bool) or not 0 <= team < MAX_SQUADS:
            raise ValueError(f"squad figure {e['name']!r}: squad must be 0-{MAX_SQUADS - 1}, got {team!r}")
        if e["name"] in names:
            raise ValueError(f"squad figure name {e['name']!r} appears twice")
        names.add(e["name"])
        out.append({
            "name": str(e["name"]), "role": role, "weapon": weapon,
            "leader": bool(e.get("leader", False)), "can_lead": bool(e.get("can_lead", False)),
            "equipment": bool(e.get("equipment", False)) or role == "android", "squad": team,
            "dreadnaught": bool(e.get("dreadnaught", False)), "in_apc": bool(e.get("in_apc", False)),
        })
    teams = sorted({f["squad"] for f in out})
    if teams != list(range(len(teams))):
        raise ValueError(f"squads must be numbered 0, 1, ... without gaps, got {teams}")
    for team in teams:
        members = [f for f in out if f["squad"] == team]
        if sum(f["leader"] for f in members) != 1:
            raise ValueError(f"squad {team} needs exactly one leader (leader: true)")
        if sum(f["equipment"] for f in members if f["role"] != "android") > 1:
            raise ValueError(f"squad {team}: only one nominated figure per squad may operate equipment (plus androids)")
    return out


MAX_SQUAD = 8  # figures in all
MAX_SQUADS = 2


@lru_cache(maxsize=None)
def squads() -> dict:
    return read_yaml("squads.yaml")


def squad_raw(squad) -> list:
    """The `squad` option: a name from squads.yaml or a list of figures."""
    if isinstance(squad, str):
        named = squads()
        if squad not in named:
            raise ValueError(f"unknown squad {squad!r}; allowed: {sorted(named)} or a list of figures")
        return [dict(e) for e in named[squad]]
    if not isinstance(squad, list):
        raise ValueError(f"squad must be a name from squads.yaml or a list of figures, got {type(squad).__name__}")
    return [dict(e) if isinstance(e, dict) else e for e in squad]


def d6_table(table: dict, roll: int):
    """A printed d6 table keyed 1-6."""
    return table[roll]
