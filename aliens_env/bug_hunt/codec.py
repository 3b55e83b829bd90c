"""Bug Hunt positions: to_dict / from_dict (checked before it is accepted) and clone."""
from __future__ import annotations

import copy
from dataclasses import asdict

from ..core.dice import Dice
from . import data_files
from .colony import Colony
from .state import ALIEN_KINDS, ALL_DECISION_KINDS, MAX_TARGETS, NO, Alien, Decision, Human

_APC_KEYS = ("pos", "moves", "activated", "driving", "moved", "out_of_ammo", "auto")
_SCALARS = ("layout_seed", "turn", "phase", "pools", "pools_lost", "grenade_pools", "active", "mover", "fired_squads",
            "xeno_squads", "xeno_squad", "ow_target", "rooms_entered",
            "brood_found", "queen_killed_in_chamber", "result")


def to_dict(game) -> dict:
    return {
        "game": game.name, "config": game.config(), "dice": game.dice.to_dict(),
        "colony": game.colony.to_dict(),
        "humans": [asdict(h) for h in game.humans], "aliens": [asdict(a) for a in game.aliens],
        "features": [dict(f) for f in game.features],
        "welds": dict(game.welds), "unweld_turn": dict(game.unweld_turn),
        **{k: (list(v) if isinstance(v, list) else v) for k, v in ((k, getattr(game, k)) for k in _SCALARS)},
        "queue": list(game.queue), "ow_queue": list(game.ow_queue),
        "extra": None if game.extra is None else {k: (list(v) if isinstance(v, list) else v) for k, v in game.extra.items()},
        "placement": None if game.placement is None else dict(game.placement),
        "decision": None if game.decision is None else {"kind": game.decision.kind, "options": list(game.decision.options)},
        "stats": dict(game.stats), "events": list(game.events),
        "apc": None if game.apc is None else dict(game.apc), "brood_located": game.brood_located,
    }


def from_dict(cls, data: dict) -> "BugHunt":
    if not isinstance(data, dict) or data.get("game") != cls.name:
        raise ValueError(f"not a {cls.name} position: expected a JSON object with \"game\": \"{cls.name}\"")
    try:
        game = cls(**data["config"])
        game.dice = Dice.from_dict(data["dice"])
        game.colony = Colony.from_dict(data["colony"], game.rules["hazard_extra_ap"])
        if game.colony.size != game.size:
            raise ValueError(f"colony size {game.colony.size} does not match grid_size {game.size}")
        game.humans = [Human(**h) for h in data["humans"]]
        game.aliens = [Alien(**a) for a in data["aliens"]]
        if len(game.humans) != len(game.squad_def):
            raise ValueError(f"a position needs {len(game.squad_def)} squad figures")
        game.features = [dict(f) for f in data["features"]]
        game.welds = {str(k): int(v) for k, v in data["welds"].items()}
        game.unweld_turn = {str(k): int(v) for k, v in data["unweld_turn"].items()}
        for k in _SCALARS:
            setattr(game, k, data[k])
        game.queue = [int(x) for x in data["queue"]]
        game.ow_queue = [int(x) for x in data["ow_queue"]]
        extra = data["extra"]
        game.extra = None if extra is None else {
            "shooter": int(extra["shooter"]), "hits": int(extra["hits"]),
            "squares": [int(x) for x in extra["squares"]], "done": [int(x) for x in extra["done"]]}
        game.placement = None if data["placement"] is None else dict(data["placement"])
        dec = data["decision"]
        if dec is not None and dec["kind"] not in ALL_DECISION_KINDS:
            raise ValueError(f"unknown decision kind {dec['kind']!r}")
        game.decision = None if dec is None else Decision(dec["kind"], list(dec["options"]))
        game.stats = dict(data["stats"])
        game.events = list(data["events"])
        apc = data.get("apc")
        game.apc = None if apc is None else {k: apc[k] for k in _APC_KEYS}
        game.brood_located = bool(data.get("brood_located", False))
        check_position(game)
    except (KeyError, TypeError, AttributeError, IndexError, OverflowError) as exc:
        raise ValueError(f"malformed {cls.name} position: missing or wrong field {exc!r}") from None
    game._cache = {}
    game._shared = {}
    return game


def check_position(game) -> None:
    """Refuse a loaded position that the rules could not have produced in shape."""
    n = game.size * game.size
    kinds = {"egg_cache", "crate_eggs", "burst_human", "impregnated_human", "sentry", "comms_terminal"}

    def is_int(x) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    for h in game.humans:
        if h.status not in ("active", "dead", "captured", "unconscious") or h.role not in data_files.ROLES:
            raise ValueError(f"squad figure {h.name!r} has an unknown status or role")
        if not (is_int(h.pos) and is_int(h.ap) and is_int(h.lp) and is_int(h.hugger) and is_int(h.squad)
                and 0 <= h.squad < game.n_squads):
            raise ValueError(f"squad figure {h.name!r}: pos, ap, lp and hugger must be whole numbers")
        if h.status == "active" and not 0 <= h.pos < n:
            raise ValueError(f"squad figure {h.name} stands off the grid")
    for a in game.aliens:
        if a.kind not in ALIEN_KINDS or not (is_int(a.pos) and is_int(a.lp) and is_int(a.ap) and is_int(a.attached)):
            raise ValueError(f"an Alien has an unknown kind or a non-integer field: {a}")
        if a.alive and not 0 <= a.pos < n:
            raise ValueError("an Alien stands off the grid")
        if a.attached != NO and not 0 <= a.attached < len(game.humans):
            raise ValueError("a Face-Hugger is attached to no squad figure")
    if len(game.aliens) > game.max_aliens:
        raise ValueError(f"more than {game.max_aliens} Alien counters")
    for f in game.features:
        pos = f.get("pos")
        if f.get("kind") not in kinds or not isinstance(f.get("state"), str) or not (
                isinstance(pos, list) and len(pos) == 2 and all(is_int(x) and 0 <= x < game.size for x in pos)):
            raise ValueError(f"malformed feature {f}")
    if (game.apc is None) != (not game.apc_option):
        raise ValueError("an APC in a position needs the option apc=True (and the option needs one)")
    if game.apc is not None:
        if not (is_int(game.apc["pos"]) and 0 <= game.apc["pos"] < n and is_int(game.apc["moves"])
                and is_int(game.apc["auto"])):
            raise ValueError("the APC's pos, moves and auto must be whole numbers, pos on the grid")
        if any(h.in_apc and h.status == "active" and h.pos != game.apc["pos"] for h in game.humans):
            raise ValueError("a figure inside the APC must stand on its square")
    elif any(h.in_apc for h in game.humans):
        raise ValueError("a figure is inside an APC that is not in play")
    if game.phase not in ("aliens_move", "aliens_cc", "marines", "xeno", "over"):
        raise ValueError(f"unknown phase {game.phase!r}")
    for name in ("pools", "pools_lost", "grenade_pools", "fired_squads"):
        value = getattr(game, name)
        if not isinstance(value, list) or len(value) != game.n_squads:
            raise ValueError(f"{name} must list one value per squad ({game.n_squads})")
    if not all(is_int(v) for v in game.pools + game.grenade_pools):
        raise ValueError("pools and grenade pools must be whole numbers")
    if any(not is_int(q) or not 0 <= q < game.n_squads for q in game.xeno_squads) or not is_int(game.xeno_squad):
        raise ValueError("the Xeno phase names squads that do not exist")
    for name in ("turn", "active", "mover", "rooms_entered"):
        if not is_int(getattr(game, name)):
            raise ValueError(f"{name} must be a whole number")
    if not (NO <= game.active < len(game.humans)) or not (NO <= game.mover < len(game.aliens)):
        raise ValueError("the acting figure or the moving Alien does not exist")
    if any(not is_int(q) or not 0 <= q < len(game.humans) for q in game.ow_queue) or not is_int(game.ow_target):
        raise ValueError("the over-watch queue names figures that do not exist")
    if any(not is_int(q) or not 0 <= q < len(game.aliens) for q in game.queue):
        raise ValueError("the Alien queue names Aliens that do not exist")
    d = game.decision
    if d is not None and any(not is_int(o) for o in d.options):
        raise ValueError("decision options must be whole numbers")
    if game.result not in (None, "marines", "hive"):
        raise ValueError(f"unknown result {game.result!r}")
    if (d is None) != (game.result is not None):
        raise ValueError("a position has a player to move exactly when the game is not over")
    if d is not None:
        needs = {"act": game.active != NO, "step": game.mover != NO, "attack": bool(game.queue),
                 "drive": game.apc is not None and game.apc["driving"] and game.active == NO,
                 "overwatch_fire": bool(game.ow_queue) and 0 <= game.ow_target < len(game.aliens),
                 "extra_hit": game.extra is not None and 0 <= game.extra["shooter"] < len(game.humans)
                 and all(0 <= o < len(game.aliens) for o in d.options) and 0 < len(d.options) <= MAX_TARGETS}
        if not needs.get(d.kind, True):
            raise ValueError(f"a {d.kind!r} decision without its acting figure")
        game._cache = {}
        try:
            legal = game._compute_mask().any()
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the decision does not fit the position: {exc!r}") from None
        if not legal:
            raise ValueError("the player to move would have no legal action")


def clone(game) -> "BugHunt":
    import copy
    new = copy.copy(game)
    new.dice = game.dice.clone()
    new.colony = game.colony.copy()
    new.humans = [copy.copy(h) for h in game.humans]
    new.aliens = [copy.copy(a) for a in game.aliens]
    new.features = [dict(f) for f in game.features]
    new.welds = dict(game.welds)
    new.unweld_turn = dict(game.unweld_turn)
    new.queue = list(game.queue)
    new.placement = None if game.placement is None else dict(game.placement)
    new.decision = None if game.decision is None else Decision(game.decision.kind, list(game.decision.options))
    new.stats = dict(game.stats)
    new.events = list(game.events)
    new.pools, new.pools_lost = list(game.pools), list(game.pools_lost)
    new.grenade_pools, new.fired_squads = list(game.grenade_pools), list(game.fired_squads)
    new.xeno_squads = list(game.xeno_squads)
    new.ow_queue = list(game.ow_queue)
    new.extra = None if game.extra is None else {k: (list(v) if isinstance(v, list) else v) for k, v in game.extra.items()}
    new.apc = None if game.apc is None else dict(game.apc)
    new._cache = {}
    new._shared = {}  # a clone's layout may diverge: its caches are its own
    return new
