"""The missions of Another Glorious Day in the Corps beyond the board: who is fielded (the
Fireteam, Newt, Enraged Ripley), each objective's end conditions and progress, and the squares
the scripted marines head for. The numbers are missions.yaml's (A20-A25 of
docs/rules/glorious_day.md).

Objectives (missions.yaml ``objective``):
    rescue    carry Newt (the token) to an exit                          end "rescued"
    escape    ``need`` Characters leave by the exits (a Move ending on   end "escaped"
              an exit takes the Character, and Newt it carries, out)
    survive   ``need`` Characters alive when the last round ends;        end "survived"
              fewer alive at any time is "overrun"
    tokens    every objective token (T) done by an Interact next to it   end "cleared"
    kills     ``need`` Aliens Killed in the mission                      end "purged"
    airlock   the Queen thrown out of the airlock (queen.py, Sulaco)       end "airlock"
    queen     the Queen Killed (her bug hunts: Mortally Wounded, then     end "queen_killed"
              dead at the end of her frenzy's Alien Phase; queen.py)
    drive     the APC on an exit with ``need`` Characters aboard          end "drove_out"
              (APC Chase; apc.py); five Damage tokens wreck it            end "wrecked"
Losses shared by all: every Character Killed ("wiped_out"), the Endurance deck and hand spent
("exhausted"), the last round over without the objective ("time").
"""
from __future__ import annotations

from ..core.board import NO
from .data_files import OBJECTIVES  # (the objectives named in the observation)

#: each objective's number, its place in OBJECTIVES: check and progress look the mission's up once and
#: compare numbers (compiled, C constants: missions.pxd; data_files.py admits no other objective)
OBJECTIVE_NUMBER = {name: k for k, name in enumerate(OBJECTIVES)}
RESCUE, ESCAPE, SURVIVE = OBJECTIVE_NUMBER["rescue"], OBJECTIVE_NUMBER["escape"], OBJECTIVE_NUMBER["survive"]
TOKENS, KILLS, DRIVE = OBJECTIVE_NUMBER["tokens"], OBJECTIVE_NUMBER["kills"], OBJECTIVE_NUMBER["drive"]
AIRLOCK, QUEEN = OBJECTIVE_NUMBER["airlock"], OBJECTIVE_NUMBER["queen"]

WINS = ("rescued", "escaped", "survived", "cleared", "purged", "airlock", "queen_killed", "drove_out")
LOSSES = ("wiped_out", "exhausted", "time", "overrun", "wrecked")


def special(data: dict, name: str) -> bool:
    """A Character with a rule of the expansion (Synthetic, Enraged Ripley, Newt)."""
    char = data["characters"][name]
    return name == data["newt"] or bool(char.get("synthetic") or char.get("carries"))


def extended(data: dict, mission: str) -> bool:
    """Whether a mission needs more than mission 1's actions and views (Newt fielded, tokens, an
    objective other than the rescue, or a Character with an expansion rule)."""
    m = data["missions"][mission]
    return (m["newt"] != "token" or m["objective"] != "rescue"
            or any(special(data, name) for name in m["fireteam"]))


def same(data: dict, a: str, b: str) -> bool:
    """Two cards of one person (Enraged Ripley replaces Ripley)."""
    chars = data["characters"]
    return a == b or chars[a].get("replaces") == b or chars[b].get("replaces") == a


def check_fireteam(data: dict, mission: str, fireteam, heroes) -> tuple[list[str], list[str]]:
    """The players' Fireteam and Hero choices for `mission`, checked (a ValueError names what was
    wrong and what is allowed); None keeps the mission's own."""
    m = data["missions"][mission]
    chars, newt = data["characters"], data["newt"]
    allowed = sorted(n for n in chars if n != newt)
    team = list(m["fireteam"]) if fireteam is None else fireteam
    if not isinstance(team, (list, tuple)) or not all(isinstance(n, str) for n in team):
        raise ValueError(f"fireteam must be a list of character names of {allowed}, got {fireteam!r}")
    team = list(team)
    limit = data["fireteam_limits"][m["kind"]]
    room = sum(row.count("M") for row in m["map"].splitlines()) - (m["newt"] == "character")
    for name in team:
        if name not in allowed:
            raise ValueError(f"fireteam: unknown character {name!r} (Newt is fielded by the mission itself); "
                             f"allowed: {allowed}")
    if not team or len(team) > min(limit, room):
        raise ValueError(f"fireteam: {len(team)} characters; mission {mission!r} fields 1 to {min(limit, room)}")
    for i, a in enumerate(team):
        for b in team[i + 1:]:
            if same(data, a, b):
                raise ValueError(f"fireteam: {a!r} and {b!r} cannot both be in one Fireteam")
    hero_list = [n for n in m["heroes"] if n in team] if heroes is None else heroes
    if not isinstance(hero_list, (list, tuple)) or any(n not in team for n in hero_list):
        raise ValueError(f"heroes must be a list of Fireteam characters {team} (their Hero sides), got {heroes!r}")
    return team, list(hero_list)


def fielded(game) -> list[tuple[str, bool]]:
    """(name, hero side) of the Characters fielded in the game's mission: the chosen or the
    mission's Fireteam; in the campaign a Killed Character is replaced from the reserve in its
    order (A25); Newt besides when the mission fields her and she lives."""
    data, m = game.data, game.m
    if game.fireteam_option is not None:
        team, heroes = game.fireteam_option
    else:
        team, heroes = check_fireteam(data, game.mission, None, None)
    dead = game.killed
    out = [n for n in team if not any(same(data, n, k) for k in dead)]
    for name in data["campaign_reserve"]:
        if len(out) >= len(team):
            break
        if not any(same(data, name, k) for k in [*dead, *out]):
            out.append(name)
    fielded = [(n, n in heroes) for n in out]
    if m["newt"] == "character" and data["newt"] not in dead:
        fielded.append((data["newt"], False))
    return fielded


# ----------------------------------------------------------------------------------------------
# the end of a mission
# ----------------------------------------------------------------------------------------------
def escaped(game) -> int:
    return sum(ch["out"] == "escaped" for ch in game.chars if ch["alive"])


def alive(game) -> int:
    return sum(ch["alive"] for ch in game.chars)


def aboard(game) -> int:
    """The living Characters aboard the APC (game.aboard(c) of each, its squares found once)."""
    inside = game.vehicle_set()
    count = 0
    for ch in game.chars:
        if ch["alive"] and ch["pos"] in inside:
            count += 1
    return count


def kills(game) -> int:
    return game.stats["kills"] - game.kills_at_start


def check(game) -> tuple[str, str] | None:
    """The end reached now (not by time): (end, why), or None."""
    m = game.m
    objective = OBJECTIVE_NUMBER[m["objective"]]
    if objective == TOKENS and all([t == NO for t in game.tokens]):  # (a list: a cpdef takes no generator)
        return "cleared", "every objective token is done"
    if objective == KILLS and kills(game) >= m["need"]:
        return "purged", f"{kills(game)} Aliens Killed"
    if objective == DRIVE and game.apc is not None:
        if game.apc["damage"] >= game.apc_rules["wrecked"]:
            return "wrecked", "the APC is wrecked"
        if game.vehicle_set() & game.exits and aboard(game) >= m["need"]:
            return "drove_out", f"the APC gets out with {aboard(game)} aboard"
    if not game.anyone_on_board():
        if objective == ESCAPE and alive(game):
            return (("escaped", f"{escaped(game)} Characters got out") if escaped(game) >= m["need"]
                    else ("wiped_out", f"only {escaped(game)} Characters got out"))
        return "wiped_out", "every Character is Killed"
    if not game.deck and not game.hand:
        return "exhausted", "the Endurance deck and hand are spent: the squad is overwhelmed"
    if objective == RESCUE and game.newt_carrier != NO and game.chars[game.newt_carrier]["pos"] in game.exits:
        return "rescued", f"{game.chars[game.newt_carrier]['name']} carries Newt out"
    if objective == SURVIVE and alive(game) < m["need"]:
        return "overrun", f"fewer than {m['need']} Characters are left"
    return None


def at_time(game) -> tuple[str, str]:
    """The end when the last round is over."""
    m, objective = game.m, game.m["objective"]
    if objective == "survive":
        return "survived", f"{alive(game)} Characters held out to round {game.round}"
    if objective == "escape" and escaped(game) >= m["need"]:
        return "escaped", f"{escaped(game)} Characters got out"
    lost = {"rescue": "the dropship leaves without Newt", "escape": "too few got out",
            "tokens": "the objective tokens are not all done", "kills": "too few Aliens Killed",
            "airlock": "the Queen is still aboard", "queen": "the Queen lives",
            "drive": "the APC is still in the plant"}[objective]
    return "time", f"round {game.round} is over: {lost}"


def progress(game) -> float:
    """The objective's progress in [0, 1] (for the observation and shaping)."""
    m = game.m
    objective = OBJECTIVE_NUMBER[m["objective"]]
    if objective == RESCUE:
        return float(game.newt_carrier != NO)
    if objective == ESCAPE:
        return min(escaped(game) / m["need"], 1.0)
    if objective == SURVIVE:
        return min(game.round / m["rounds"], 1.0)
    if objective == TOKENS:
        return sum([t == NO for t in game.tokens]) / max(1, len(game.tokens))  # (a list: a cpdef takes no generator)
    if objective == DRIVE:
        return min(aboard(game) / m["need"], 1.0)
    if objective == AIRLOCK or objective == QUEEN:  # her Damage toward the Mortal Wound; 1 once she is gone
        if game.queen is None:
            return 1.0
        return min(game.queen["damage"] / game.large["queen"]["mortal_wound"], 1.0) if objective == QUEEN else 0.0
    return min(kills(game) / m["need"], 1.0)


def goal_squares(game, c: int) -> list[int]:
    """Where the scripted marines head: next to Newt while she waits, the exits once she is
    carried (rescue); the exits (escape; Newt toward her carrier when one may carry her); the
    start squares (survive); next to the nearest token left (tokens); next to the Blips and
    Aliens (kills); none with the Queen (large_policies.py leads the squad to her)."""
    objective, nbrs = game.m["objective"], game.nbrs
    if objective == "rescue":
        if game.newt_carrier == NO and game.newt != NO:
            return list(nbrs[game.newt])
        return sorted(game.exits)
    if objective == "escape":
        newt = game.newt_char
        if newt != NO and game.chars[newt]["pos"] != NO and game.newt_carrier == NO:
            carriers = [k for k, ch in enumerate(game.chars) if ch["pos"] != NO and game.can_carry(k)]
            if c == newt and carriers:
                return [s for k in carriers for s in nbrs[game.chars[k]["pos"]]]
            if c in carriers:
                return list(nbrs[game.chars[newt]["pos"]])
        return sorted(game.exits)
    if objective == "survive":
        return list(game.starts)
    if objective == "tokens":
        return [s for t in game.tokens if t != NO for s in nbrs[t]]
    if objective in ("airlock", "queen", "drive"):
        return []  # large_policies.py and apc_policy.py lead the squad
    return [s for bl in game.blips if bl is not None for s in nbrs[bl["pos"]]] + \
        [s for a in game.aliens if a is not None for s in nbrs[a["pos"]]]
