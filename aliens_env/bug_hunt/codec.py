"""Bug Hunt positions: to_dict / from_dict (checked before it is accepted) and clone."""
from __future__ import annotations

import copy
from dataclasses import asdict, fields as dataclass_fields

from ..core.dice import Dice
from ..core.positions import Fields, position_error
from .colony import CARDINAL, Colony
from .state import ALIEN_KINDS, ALL_DECISION_KINDS, APC_OPTION, APPEAR_ROWS, MAX_TARGETS, NO, Alien, Human

_APC_KEYS = ("pos", "moves", "activated", "driving", "moved", "out_of_ammo", "auto")
_SCALARS = ("layout_seed", "turn", "phase", "pools", "pools_lost", "grenade_pools", "active", "mover", "fired_squads",
            "xeno_squads", "xeno_squad", "ow_target", "rooms_entered",
            "brood_found", "queen_killed_in_chamber", "result")


def to_dict(game) -> dict:
    return {
        "game": game.name, "config": copy.deepcopy(game.config()), "dice": game.dice.to_dict(),
        "colony": game.colony.to_dict(),
        "humans": [asdict(h) for h in game.humans], "aliens": [asdict(a) for a in game.aliens],
        "features": copy.deepcopy(game.features),
        "welds": dict(game.welds), "unweld_turn": dict(game.unweld_turn),
        **{k: (list(v) if isinstance(v, list) else v) for k, v in ((k, getattr(game, k)) for k in _SCALARS)},
        "queue": list(game.queue), "ow_queue": list(game.ow_queue),
        "extra": copy.deepcopy(game.extra),
        "placement": None if game.placement is None else dict(game.placement),
        "decision": None if game.decision is None else {"kind": game.decision.kind, "options": list(game.decision.options)},
        "stats": dict(game.stats), "events": list(game.events),
        "apc": None if game.apc is None else dict(game.apc), "brood_located": game.brood_located,
    }


KEYS = ("game", "config", "dice", "colony", "humans", "aliens", "features", "welds", "unweld_turn", *_SCALARS,
        "queue", "ow_queue", "extra", "placement", "decision", "stats", "events")
#: fields an older position may leave out, with their value then
OPTIONAL = {"apc": None, "brood_located": False}
PHASES = ("aliens_move", "aliens_cc", "marines", "xeno", "over")
STATUSES = ("active", "dead", "captured", "unconscious")
#: the states each kind of feature goes through (layout.py lays them, xeno.py, combat.py and
#: marines.py change them)
FEATURE_STATES = {
    "egg_cache": ("intact", "hatched", "destroyed"), "crate_eggs": ("intact", "opened"),
    "burst_human": ("dead",), "impregnated_human": ("alive",),
    "sentry": ("active", "inactive", "destroyed"), "comms_terminal": ("ready", "used"),
}
STATS = ("aliens_killed", "humans_dead", "captured", "unconscious", "aliens_placed", "activations", "sections_laid",
         "rescued", "lost_at_rescue")


def from_dict(cls, data: dict) -> "BugHunt":
    """A position saved by to_dict, every field read through core.positions (type, range) and
    the records checked against each other (check_position): refused with a ValueError that
    names the field, or accepted as copies of the caller's data."""
    f = Fields.position(cls.name, data, keys=KEYS, optional=OPTIONAL)
    what = f.what
    config = f.fields("config")
    for key in ("ripley_leads", "ripley_four_lp", "bug_master_picks", "apc", "electronic_locks", "satellite_comms"):
        if key in config.data:
            config.bool(key)
    if "mission" in config.data:
        config.str("mission")
    if config.data.get("turn_limit") is not None:
        config.int("turn_limit", 1)
    try:
        game = cls(**copy.deepcopy(config.data))  # a custom squad is a list: the game keeps its own
    except (ValueError, TypeError) as exc:
        raise position_error(what, "config", f"is refused: {exc}") from None
    rules, n = game.rules, game.size * game.size
    game.dice = Dice.from_dict(f.fields("dice"), scripted=False)
    game.colony = Colony.from_dict(f.fields("colony"), rules["hazard_extra_ap"], size=game.size)
    human_keys = [x.name for x in dataclass_fields(Human)]
    alien_keys = [x.name for x in dataclass_fields(Alien)]
    aliens = f.records("aliens", alien_keys, max_length=game.max_aliens)
    n_humans, n_aliens = len(game.squad_def), len(aliens)
    if len(f.list("humans")) != n_humans:
        raise f.fail("humans", f"must list one record per figure of the config's squad ({n_humans})")
    human_ap = max(rules["human_ap"], *rules["role_ap"].values())
    game.humans = []
    for i, h in enumerate(f.records("humans", human_keys, length=n_humans)):
        figure = game.squad_def[i]
        game.humans.append(Human(
            name=h.choice("name", [figure["name"]]), role=h.choice("role", [figure["role"]]),
            weapon=h.choice("weapon", [figure["weapon"]]), leader=h.bool("leader"), can_lead=h.bool("can_lead"),
            equipment=h.bool("equipment"), pos=h.int("pos", NO, n - 1), status=h.choice("status", STATUSES),
            lp=h.int("lp", 0, max(1, rules["ripley_lp_optional"])), ap=h.int("ap", 0, human_ap),
            activated=h.bool("activated"), overwatch=h.bool("overwatch"), moved=h.bool("moved"),
            hugger=h.index("hugger", "aliens", n_aliens), squad=h.int("squad", 0, game.n_squads - 1),
            dreadnaught=h.bool("dreadnaught"), out_of_ammo=h.bool("out_of_ammo"), in_apc=h.bool("in_apc"),
        ))
    game.turn = f.int("turn", 1, game.turn_limit + 1)  # one past the limit once it has ended the game
    game.aliens = [Alien(
        kind=a.choice("kind", ALIEN_KINDS), pos=a.int("pos", NO, n - 1), alive=a.bool("alive"),
        lp=a.int("lp", 0, rules["queen_lp"]), ap=a.int("ap", 0, max(rules["alien_ap"].values())), new=a.bool("new"),
        attached=a.index("attached", "humans", n_humans), attached_turn=a.int("attached_turn", 0, game.turn),
        anchored=a.bool("anchored"),
    ) for a in aliens]
    game.features = []
    for feature in f.records("features", ("kind", "pos", "state")):
        kind = feature.choice("kind", FEATURE_STATES)
        game.features.append({"kind": kind, "pos": _square(feature, "pos", game.size),
                              "state": feature.choice("state", FEATURE_STATES[kind])})
    game.welds = _door_turns(f, "welds", n, rules["unweld_turns"])
    game.unweld_turn = _door_turns(f, "unweld_turn", n, game.turn)
    game.layout_seed = f.int("layout_seed", -2**63, 2**63)
    game.phase = f.choice("phase", PHASES)
    squads = game.n_squads
    game.pools = f.ints("pools", 0, 6 * rules["squad_pool_die"], length=squads)
    game.pools_lost = _bools(f, "pools_lost", squads)
    game.grenade_pools = f.ints("grenade_pools", 0, rules["grenade_pool"], length=squads)
    game.fired_squads = _bools(f, "fired_squads", squads)
    game.xeno_squads = f.ints("xeno_squads", 0, squads - 1, unique=True)
    game.xeno_squad = f.int("xeno_squad", NO, squads - 1)
    game.active = f.index("active", "humans", n_humans)
    game.mover = f.index("mover", "aliens", n_aliens)
    game.ow_target = f.index("ow_target", "aliens", n_aliens)
    game.rooms_entered = f.int("rooms_entered", 0, len(game.colony.pieces))
    game.brood_found = f.bool("brood_found")
    game.queen_killed_in_chamber = f.bool("queen_killed_in_chamber")
    game.result = f.choice("result", (None, "marines", "hive"))
    game.queue = f.indices("queue", "aliens", n_aliens)
    game.ow_queue = f.indices("ow_queue", "humans", n_humans)
    game.extra = None
    if f.raw("extra") is not None:
        extra = f.fields("extra", keys=("shooter", "hits", "squares", "done"))
        game.extra = {"shooter": extra.index("shooter", "humans", n_humans, none=None), "hits": extra.int("hits", 0),
                      "squares": extra.ints("squares", 0, n - 1), "done": extra.indices("done", "aliens", n_aliens)}
        if not game.extra["squares"]:
            raise extra.fail("squares", "must list the squares already hit", [])
    game.placement = _placement(f, rules)
    game.decision = None
    if f.raw("decision") is not None:
        dec = f.fields("decision", keys=("kind", "options"))
        game._decide(dec.choice("kind", ALL_DECISION_KINDS), dec.ints("options", 0, n - 1, unique=True))
    stats = f.fields("stats", keys=STATS)
    game.stats = {key: stats.int(key, 0) for key in STATS}
    game.events = f.strs("events")
    game.apc = None
    if f.raw("apc") is not None:
        apc, cfg = f.fields("apc", keys=_APC_KEYS), rules["apc"]
        game.apc = {"pos": apc.int("pos", 0, n - 1), "moves": apc.int("moves", 0, cfg["movement"]),
                    **{k: apc.bool(k) for k in ("activated", "driving", "moved", "out_of_ammo")},
                    "auto": apc.int("auto", 0, cfg["auto_bursts"])}
    game.brood_located = f.bool("brood_located")
    if game.brood_located and not game.satellite_comms:
        raise f.fail("brood_located", "can be true only with the config's option satellite_comms")
    game._cache = {}
    game._shared = {}
    game._optional_static = None
    check_position(game, what)
    return game


def _square(f: Fields, key: str, size: int) -> list[int]:
    return f.ints(key, 0, size - 1, length=2)


def _bools(f: Fields, key: str, length: int) -> list[bool]:
    items = f.list(key, length=length)
    for i, v in enumerate(items):
        if not isinstance(v, bool):
            raise f.fail(key, f"must list true or false per squad; item {i} is {v!r}")
    return items


def _door_turns(f: Fields, key: str, n: int, hi: int) -> dict[str, int]:
    """{door square as a string: a number of turns} (welds, unweld_turn)."""
    doors = f.fields(key)
    out = {}
    for square in doors.data:
        if not square.isdigit() or not 0 <= int(square) < n:
            raise doors.fail(square, f"must be keyed by a door square 0-{n - 1}")
        out[square] = doors.int(square, 0, hi)
    return out


def _placement(f: Fields, rules: dict) -> dict | None:
    """What approaches in the Xeno phase: a Bug Master's pending pick ({"stage": ...}) or the
    rolled approach (kind, count, mode, distance)."""
    value = f.raw("placement")
    if value is None:
        return None
    if isinstance(value, dict) and "stage" in value:
        p = f.fields("placement", keys=("stage",))
        return {"stage": p.choice("stage", ("summon", "appear"))}
    p = f.fields("placement", keys=("kind", "count", "mode", "distance"))
    dice = rules["placement_dice"]
    return {"kind": p.choice("kind", ALIEN_KINDS), "count": p.int("count", 1, 6),
            "mode": p.choice("mode", sorted(set(rules["approach"].values()))), "distance": p.int("distance", dice, 6 * dice)}


def check_position(game, what: str = "BugHunt position") -> None:
    """Refuse a loaded position whose records disagree, as the rules could not have left them;
    the error names the field."""
    n = game.size * game.size

    def fail(path: str, must: str) -> ValueError:
        return position_error(what, path, must)

    for i, h in enumerate(game.humans):
        if h.status == "active" and not 0 <= h.pos < n:
            raise fail(f"humans[{i}].pos", "must be a square of the grid for an active figure")
        if h.hugger != NO:
            a = game.aliens[h.hugger]
            if a.kind != "face_hugger" or not a.alive or a.attached != i:
                raise fail(f"humans[{i}].hugger", f"names aliens[{h.hugger}], which must be a live Face-Hugger attached to it")
        if h.in_apc and game.apc is None:
            raise fail(f"humans[{i}].in_apc", "is true, but no APC is in play (field 'apc')")
        if h.in_apc and h.status == "active" and h.pos != game.apc["pos"]:
            raise fail(f"humans[{i}].pos", "must be the APC's square (apc.pos) for a figure inside it")
    for k, a in enumerate(game.aliens):
        if a.alive and not 0 <= a.pos < n:
            raise fail(f"aliens[{k}].pos", "must be a square of the grid for a live Alien")
        if a.attached != NO and a.alive and game.humans[a.attached].hugger != k:
            raise fail(f"aliens[{k}].attached", f"names humans[{a.attached}], whose hugger must name this Alien")
    if (game.apc is None) != (not game.apc_option):
        raise fail("apc", "must hold the APC exactly when the config's option apc is true")
    in_play = game.phase != "over"  # a game may end in an Alien's move, its over-watch fire pending
    if in_play and game.mover != NO and not game.aliens[game.mover].alive:
        raise fail("mover", "must name a live Alien")
    if in_play and game.ow_queue and (game.ow_target == NO or not game.aliens[game.ow_target].alive):
        raise fail("ow_queue", "must be empty unless ow_target names a live Alien")
    if any(not game.humans[j].overwatch for j in game.ow_queue):
        raise fail("ow_queue", "must list figures on over-watch")
    d = game.decision
    if (d is None) != (game.result is not None) or (game.phase == "over") != (game.result is not None):
        raise fail("decision", "must be null exactly when the game is over (result set, phase 'over')")
    if d is None:
        return
    needs = {  # what each kind of decision acts on: (the field, whether the position has it)
        "act": ("active", game.active != NO), "step": ("mover", game.mover != NO), "attack": ("queue", bool(game.queue)),
        "drive": ("apc.driving", game.apc is not None and game.apc["driving"] and game.active == NO),
        "overwatch_fire": ("ow_queue", bool(game.ow_queue)),
        "extra_hit": ("extra", game.extra is not None and all(o < len(game.aliens) for o in d.options)
                      and 0 < len(d.options) <= MAX_TARGETS),
    }
    field, present = needs.get(d.kind, ("", True))
    if not present:
        raise fail("decision.kind", f"is {d.kind!r}, which needs field '{field}' to name what it acts on")
    humans = [i for i, h in enumerate(game.humans) if h.status == "active"]
    allowed, source = {  # the options each kind of decision may offer, and where they come from
        "activate": (humans + ([APC_OPTION] if game.apc is not None else []), "humans' status, apc"),
        "order": (game.queue, "queue"), "approach": (range(len(CARDINAL)), "the compass sides"),
        "attack": (humans, "humans' status"), "extra_hit": ([k for k, a in enumerate(game.aliens) if a.alive], "aliens"),
        "summon": ((0, 1), "no, yes"), "appear": (range(len(APPEAR_ROWS)), "the appear rows"),
        "overwatch_fire": ((0, 1), "hold, fire"),
    }.get(d.kind, ((), "none"))
    if not set(d.options) <= set(allowed):
        raise fail("decision.options", f"must be among {list(allowed)} ({source}) for a {d.kind!r} decision, not {d.options}")
    game._cache = {}
    try:
        legal = game._compute_mask().any()
    except (IndexError, KeyError, TypeError, ValueError) as exc:
        raise fail("decision.kind' and 'decision.options", f"do not fit the position ({exc!r})") from None
    if not legal:
        raise fail("decision.kind' and 'decision.options", f"leave {d.player} no legal action")


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
    new.decision = None if game.decision is None else game.decision.copy()
    new.stats = dict(game.stats)
    new.events = list(game.events)
    new.pools, new.pools_lost = list(game.pools), list(game.pools_lost)
    new.grenade_pools, new.fired_squads = list(game.grenade_pools), list(game.fired_squads)
    new.xeno_squads = list(game.xeno_squads)
    new.ow_queue = list(game.ow_queue)
    new.extra = None if game.extra is None else {k: (list(v) if isinstance(v, list) else v) for k, v in game.extra.items()}
    new.apc = None if game.apc is None else dict(game.apc)
    new._cache, new._primitive = {}, None  # (_primitive: a Tactics commander's kept mask, of the original's decision)
    new._shared = {}  # a clone's layout may diverge: its caches are its own
    return new
