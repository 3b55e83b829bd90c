"""Glorious Day positions: saved by ``to_dict``, cloned and determinized (the ``Positions``
rule class of ``GloriousDay``), and loaded: every field read through core.positions (a refusal is a
ValueError naming the field and what it must be), then checked against the rules: every card
and token accounted for once (decks, hands, piles, Hazards on Characters, the Nature in play,
Blips on the board and in the pool), models on distinct open squares, and the open decision the
one the rules would open in this position."""
from __future__ import annotations

from collections import Counter

from ..core.board import NO
from ..core.dice import Dice
from ..core.game import Decision
from ..core.positions import Fields, check_int, position_error
from .apc import APC_TARGET
from .data_files import HAZARDS
from .state import DECISIONS, ENDS, MAX_ALIENS, OUTS, PHASES
from .observation import Observation

KEYS = ("game", "config", "dice", "turn", "phase", "active", "end", "characters", "aliens", "blips", "blip_pool",
        "barricades", "endurance", "tracker", "hive", "newt", "newt_carrier", "work", "decision", "stats", "events")
STATS = ("kills", "attacks", "hits", "characters_lost", "reveals", "barricades_broken", "willpower_spent",
         "cards_played", "reactions")
#: the fields each kind of pending work may hold (besides "kind"), and which of them it must
WORK = {"alien": ({"slot", "stage"}, set()), "blip": ({"slot"}, {"steps"}), "reveal": ({"slot"}, {"react"}),
        "kill": ({"slot"}, {"react", "queen", "whole"}), "defense": ({"alien", "char"}, {"roll", "react", "queen"}),
        "queen": ({"stage"}, set()), "run_over": ({"slots"}, {"roll", "react"}),
        "spawn": ({"what", "at"}, {"near", "count"}), "terror": (set(), set()), "tracker": (set(), set())}
MAX_EVENTS = 10_000


def load(cls, data):
    f = Fields.position(cls.name, data, keys=KEYS, optional={"large_models": None, "tokens": None, "campaign": None,
                                                                      "apc": None})
    what = f.what
    config = f.fields("config", keys=("mission", "hive_player"),
                      optional={"campaign": False, "fireteam": None, "heroes": None, "apc_chase": False})
    mission = config.str("mission")
    from .data_files import load as load_data

    if mission not in load_data()["missions"]:
        raise config.fail("mission", f"must be one of {sorted(load_data()['missions'])}", mission)
    try:
        game = cls(mission=mission, hive_player=config.bool("hive_player"), campaign=config.bool("campaign"),
                   fireteam=config.raw("fireteam"), heroes=config.raw("heroes"), apc_chase=config.bool("apc_chase"))
    except ValueError as exc:
        raise config.fail("fireteam", f"and the other options must be the game's options ({exc})") from None
    if game.extended != (f.raw("tokens") is not None and f.raw("campaign") is not None):
        raise f.fail("tokens", "and campaign must be given exactly for the missions past mission 1 "
                     "(a campaign, a chosen Fireteam, or a mission other than newt)", f.raw("tokens"))
    if game.extended:
        camp = f.fields("campaign", keys=("stage", "killed", "kills_at_start"))
        game.stage = camp.int("stage", 0, len(game.plan) - 1)
        game.killed = camp.strs("killed", max_length=20)
        for name in game.killed:
            if name not in game.data["characters"]:
                raise camp.fail("killed", f"must name characters of {sorted(game.data['characters'])}", name)
        if game.stage:
            game._load_mission(game.plan[game.stage])
            game._set_up()
        game.kills_at_start = camp.int("kills_at_start", 0, 10**6)
    b, rules = game.board, game.rules
    game.dice = Dice.from_dict(f.fields("dice"), scripted=False)

    def square(fields: Fields, key, none: bool = False) -> int:
        value = fields.raw(key)
        if value is None and none:
            return NO
        r, c = fields.ints(key, length=2)
        if not b.inside(r, c) or not b.passable[r, c]:
            raise fields.fail(key, f"must be [row, col] of an open square of the {b.height} x {b.width} board"
                              + (" or null" if none else ""), value)
        return b.index(r, c)

    game.round = f.int("turn", 1, game.m["rounds"])  # the round: a turn of the game
    game.phase = f.choice("phase", PHASES)
    game.end = f.choice("end", ENDS)
    if (game.phase == "over") != bool(game.end):
        raise f.fail("end", "must be empty while the game goes on and say why once the phase is over", game.end)
    if not game.hive_player and game.phase in ("hivemind", "discard"):
        raise f.fail("phase", "cannot be a Hivemind Step without a Hive player", game.phase)

    # Characters
    team = [ch["name"] for ch in game.chars]
    hazard_names = [*HAZARDS, *(f"hive:{h}" for h in HAZARDS)]
    keys = ("name", "hero", "pos", "alive", "knocked", "activated", "aim", "actions", "hazards")
    records = f.records("characters", (*keys, "out") if game.extended else keys, length=len(team))
    for k, (ch, rec) in enumerate(zip(game.chars, records)):
        if rec.raw("name") != team[k]:
            raise rec.fail("name", f"must be {team[k]!r} (the mission's fireteam in order)", rec.raw("name"))
        ch["hero"], ch["alive"] = rec.bool("hero"), rec.bool("alive")
        ch["out"] = rec.choice("out", OUTS) if game.extended else ""
        ch["pos"] = square(rec, "pos", none=True)
        if (ch["pos"] == NO) == (ch["alive"] and not ch["out"]):
            raise rec.fail("pos", "must be a square exactly while the Character is alive and not out", rec.raw("pos"))
        if ch["out"] and not ch["alive"] or (ch["out"] == "carried" and k != game.newt_char):
            raise rec.fail("out", "must be empty for the Killed; carried only for Newt", ch["out"])
        ch["knocked"], ch["activated"] = rec.bool("knocked"), rec.bool("activated")
        if ch["knocked"] and not ch["alive"]:
            raise rec.fail("knocked", "must be false for a Killed Character", True)
        ch["aim"] = rec.int("aim", 0, rules["aim_max"])
        ch["actions"] = rec.int("actions", 0, rules["actions_per_activation"])
        ch["hazards"] = rec.strs("hazards", max_length=20)
        for i, h in enumerate(ch["hazards"]):
            if h not in hazard_names:
                raise position_error(what, rec.at("hazards") + f"[{i}]", f"must be one of {hazard_names}", h)
        if ch["hazards"] and not ch["alive"]:
            raise rec.fail("hazards", "must be empty for a Killed Character", ch["hazards"])
    game.active = f.index("active", "characters", len(team), none=NO)

    # Aliens and Blips
    def slots(name: str, length: int, keys: tuple[str, str], read) -> list:
        """The `length` slots of `name`: None (empty) or an object with `keys`, read by `read`."""
        return [None if item is None else read(Fields(what, item, f.at(name) + f"[{k}]", keys=keys))
                for k, item in enumerate(f.list(name, length=length))]

    game.aliens = slots("aliens", MAX_ALIENS, ("pos", "count"),
                        lambda a: {"pos": square(a, "pos"), "count": a.int("count", 1, 3)})
    game.blips = slots("blips", game.max_blips, ("pos", "value"),
                       lambda bl: {"pos": square(bl, "pos"), "value": bl.int("value", 0, 3)})
    game.blip_pool = f.ints("blip_pool", 0, 3, max_length=game.max_blips)
    tokens = Counter(game.blip_pool) + Counter(bl["value"] for bl in game.blips if bl is not None)
    if tokens != Counter({int(v): n for v, n in rules["blips"].items() if n}):
        raise f.fail("blip_pool", f"with the Blips on the board must be the Blip tokens {rules['blips']} once each",
                     game.blip_pool)
    barricades = f.list("barricades", max_length=len(game.doors))
    game.barricades = set()
    for i in range(len(barricades)):
        s = square(Fields(what, {"b": barricades[i]}, f.at("barricades") + f"[{i}]"), "b")
        if s not in game.doors or s in game.barricades:
            raise position_error(what, f.at("barricades") + f"[{i}]", "must be a door square, listed once", barricades[i])
        game.barricades.add(s)

    # Newt
    game.newt = square(f, "newt", none=True)
    game.newt_carrier = f.index("newt_carrier", "characters", len(team), none=NO)
    if game.newt_carrier != NO and game.chars[game.newt_carrier]["pos"] == NO:
        raise f.fail("newt_carrier", "must be a Character on the board", game.newt_carrier)
    if game.m["newt"] != "token":
        carried = game.newt_char != NO and game.chars[game.newt_char]["out"] == "carried"
        if game.newt != NO:
            raise f.fail("newt", "must be null: Newt is no token in this mission", f.raw("newt"))
        if carried != (game.newt_carrier != NO) or (carried and not game.can_carry(game.newt_carrier)):
            raise f.fail("newt_carrier", "must be the one who may carry Newt exactly while she is carried",
                         game.newt_carrier)
    elif (game.newt == NO) == (game.newt_carrier == NO):
        raise f.fail("newt", "must be a square exactly when no Character carries Newt (newt_carrier -1)", f.raw("newt"))
    if game.extended:
        starts = game.token_starts
        tokens = f.list("tokens", length=len(starts))
        game.tokens = []
        for i, t in enumerate(tokens):
            s = NO if t is None else square(Fields(what, {"t": t}, f.at("tokens") + f"[{i}]"), "t")
            if s not in (NO, starts[i]):
                raise position_error(what, f.at("tokens") + f"[{i}]", f"must be null (done) or {list(b.rc(starts[i]))}", t)
            game.tokens.append(s)

    _load_large(game, f, square)
    _load_vehicle(game, f, square)
    # an Alien the APC ran over stands under it until its pending run_over work is done
    work = f.raw("work") if isinstance(f.raw("work"), list) else []  # (checked in full below)
    run_over = {k for w in work if isinstance(w, dict) and w.get("kind") == "run_over"
                for k in (w.get("slots") if isinstance(w.get("slots"), list) else []) if type(k) is int}
    under = game.vehicle_set()
    for k in run_over:
        if 0 <= k < MAX_ALIENS and game.aliens[k] is not None and game.aliens[k]["pos"] not in under:
            raise position_error(what, f.at("aliens") + f"[{k}]", "must stand under the APC (it is being run over)",
                                 list(b.rc(game.aliens[k]["pos"])))
    squares = [s for c, ch in enumerate(game.chars) if ch["pos"] != NO for s in game.char_squares(c)] \
        + [a["pos"] for k, a in enumerate(game.aliens) if a and k not in run_over] \
        + [bl["pos"] for bl in game.blips if bl] \
        + ([game.newt] if game.newt != NO else []) + list(game.queen_squares()) \
        + (list(game.loader_squares()) if game.pilot() == NO else []) \
        + [s for s in game.vehicle_squares() if s not in {ch["pos"] for ch in game.chars}]
    if len(set(squares)) != len(squares) or set(squares) & game.barricades:
        raise f.fail("characters", "and the Aliens, Blips and Newt must stand on distinct squares, none Barricaded")

    # Endurance
    e = f.fields("endurance", keys=("deck", "hand", "exhausted", "discard"))
    names = ["grit", *hazard_names]
    piles = {}
    for key in ("deck", "hand", "exhausted", "discard"):
        piles[key] = e.strs(key, max_length=200)
        for i, card in enumerate(piles[key]):
            if card not in names or (key in ("hand", "exhausted") and card != "grit"):
                allowed = ["grit"] if key in ("hand", "exhausted") else names
                raise position_error(what, e.at(key) + f"[{i}]", f"must be one of {allowed}", card)
    if len(piles["hand"]) > rules["hand_limit"]:
        raise e.fail("hand", f"must hold at most {rules['hand_limit']} cards", len(piles["hand"]))
    game.deck, game.hand, game.exhausted, game.discard = (piles[k] for k in ("deck", "hand", "exhausted", "discard"))
    decks = game.data["decks"]
    parts = ("core", "expansion") if game.m["expansion_cards"] else ("core",)
    squad = Counter(c for p in piles.values() for c in p if not c.startswith("hive:"))
    squad += Counter(h for ch in game.chars for h in ch["hazards"] if not h.startswith("hive:"))
    if squad != sum((Counter(decks["endurance"][part]) for part in parts), Counter()):
        raise e.fail("deck", "with the hand, exhausted and discard piles and the Hazards on Characters must be the "
                     "mission's Endurance cards, each once")

    t = f.fields("tracker", keys=("deck", "discard"))
    game.tracker, game.tracker_discard = t.strs("deck", max_length=200), t.strs("discard", max_length=200)
    if Counter(game.tracker + game.tracker_discard) != Counter(game.tracker_cards()):
        raise t.fail("deck", "with the discard must be the mission's Motion Tracker cards, each once")

    # the Hive
    h = f.fields("hive", keys=("willpower", "deck", "hand", "discard", "nature", "hazards", "reaction_round", "queen_moved"))
    game.willpower = h.int("willpower", 0, game.hive_rules["willpower_max"])
    game.hm_deck, game.hm_hand, game.hm_discard = (h.strs(k, max_length=40) for k in ("deck", "hand", "discard"))
    game.nature = h.choice("nature", ["", *game.natures])
    cards = Counter({k: game.cards[k]["copies"] for k in game.card_names})
    if Counter(game.hm_deck + game.hm_hand + game.hm_discard + ([game.nature] if game.nature else [])) != cards:
        raise h.fail("deck", "with the hand, discard and the Nature in play must be the Hivemind cards, each once")
    if not game.hive_player and (game.willpower or game.hm_hand or game.hm_discard or game.nature):
        raise h.fail("willpower", "must be 0, with no hand, discard or Nature, without a Hive player", game.willpower)
    if game.hive_player and not game.nature:
        raise h.fail("nature", "must name the Nature in play (one is always in play with a Hive player)", "")
    if len(game.hm_hand) > game.hive_rules["hand_size"] and game.phase not in ("hivemind", "discard"):
        raise h.fail("hand", f"may hold more than {game.hive_rules['hand_size']} cards only in the Hivemind Step",
                     len(game.hm_hand))
    game.hive_hazards = list(h.list("hazards", max_length=game.hive_rules["hive_hazards"]))
    for i, hz in enumerate(game.hive_hazards):
        if hz not in HAZARDS:
            raise position_error(what, h.at("hazards") + f"[{i}]", f"must be one of {list(HAZARDS)}", hz)
    hive_cards = Counter(game.hive_hazards) + Counter(
        c.removeprefix("hive:") for c in [*game.deck, *game.discard, *(x for ch in game.chars for x in ch["hazards"])]
        if c.startswith("hive:"))
    if hive_cards != Counter(decks["hive_hazards"]):
        raise h.fail("hazards", "with the Hive Hazards in the Endurance deck, discard and on Characters must be "
                     f"the Hive Hazard cards {decks['hive_hazards']}, each once")
    game.reaction_round = h.int("reaction_round", 0, game.round)
    game.queen_moved = h.bool("queen_moved")

    # pending work and the open decision
    game.work = []
    for i, item in enumerate(f.list("work", max_length=200)):
        path = f.at("work") + f"[{i}]"
        if not isinstance(item, dict) or item.get("kind") not in WORK:
            raise position_error(what, path, f"must be an object whose kind is one of {sorted(WORK)}", item)
        must, may = WORK[item["kind"]]
        w = Fields(what, item, path, keys={"kind", *must}, optional={k: None for k in may})
        task = {"kind": item["kind"]}
        for key in must | (set(item) & may):
            if key in ("slot", "alien"):
                count = game.max_blips if item["kind"] in ("blip", "reveal") else MAX_ALIENS
                task[key] = w.int(key, 0, count - 1)
            elif key == "char":  # the APC_TARGET (-2) with the APC on the board
                task[key] = w.int(key, APC_TARGET if game.apc is not None else 0, len(team) - 1)
                if task[key] < 0 and task[key] != APC_TARGET:
                    raise w.fail(key, f"must be a Character's index or {APC_TARGET} (the APC)", task[key])
            elif key == "stage":
                task[key] = w.choice(key, ["move", "attack"])
                if item["kind"] == "queen" and game.queen is None:
                    raise w.fail("kind", "queen needs the Queen on the board", item["kind"])
            elif key in ("react", "near", "queen", "whole"):
                task[key] = w.bool(key)
            elif key == "slots":  # the Aliens the APC ran over, still to resolve
                task[key] = [check_int(what, w.at("slots") + f"[{j}]", v, 0, MAX_ALIENS - 1)
                             for j, v in enumerate(w.list("slots", max_length=MAX_ALIENS))]
                if not task[key] or len(set(task[key])) != len(task[key]):
                    raise w.fail("slots", "must list distinct Alien slots, at least one", item["slots"])
            elif key == "what":
                task[key] = w.choice(key, ["blip", "alien"])
            elif key == "at":
                task[key] = [check_int(what, w.at("at") + f"[{j}]", v, 0, b.n - 1) for j, v in enumerate(w.list("at", max_length=4))]
                if not task[key] or any(not game.passable[s] for s in task[key]):
                    raise w.fail("at", "must list open squares (indices)", item["at"])
            else:  # steps, roll, count
                task[key] = w.int(key, *{"steps": (1, 7), "roll": (0, 9), "count": (1, 3)}[key])
        game.work.append(task)
    game.stats = {}
    stats = f.fields("stats", keys=STATS)
    for key in STATS:
        game.stats[key] = stats.int(key, 0, 10**6)
    game.events = f.strs("events", max_length=MAX_EVENTS)
    game._cache = {}
    raw = f.raw("decision")
    game.decision = None
    if raw is None:
        if game.phase != "over":
            raise f.fail("decision", "must be open while the game goes on", None)
        return game
    d = Fields(what, raw, "decision", keys=("kind", "options"))
    kind = d.choice("kind", list(DECISIONS))
    options = d.ints("options", APC_TARGET if game.apc is not None else 0, b.n - 1, max_length=b.n)
    if any(o < 0 and (o != APC_TARGET or kind != "target") for o in options):
        raise d.fail("options", f"may hold {APC_TARGET} (the APC) only in a target decision", options)
    if game.phase == "over":
        raise d.fail("kind", "must be null once the game is over", kind)
    if kind == "swap_second":
        ok = (game.phase == "hivemind" and not game.work and len(options) == 1 and options[0] < game.max_blips
              and game.blips[options[0]] is not None and game.willpower >= game.hive_rules["costs"]["swap_blips"])
        if not ok:
            raise d.fail("kind", "swap_second must follow a chosen Blip in the Hivemind Step with Willpower for the swap", kind)
        game.decision = Decision("hive", kind, options)
    else:
        # the rules must open exactly this decision here, rolling nothing and changing nothing else
        probe = game.clone()
        before = _settled(probe)
        try:
            probe._advance()
        except (ValueError, KeyError, IndexError, AssertionError, TypeError) as exc:
            raise d.fail("kind", f"is not a decision the rules open in this position ({exc})", kind) from None
        if probe.decision is None or probe.decision.kind != kind or probe.decision.options != options \
                or _settled(probe) != before:
            opened = None if probe.decision is None else (probe.decision.kind, probe.decision.options)
            raise d.fail("kind", f"and options must be the decision the rules open in this position ({opened})",
                         [kind, options])
        game.decision = probe.decision.copy()
    if not game._current_mask().any():
        raise d.fail("kind", "has no legal action in this position", kind)
    return game


def _load_large(game, f: Fields, square) -> None:
    """The Queen (anchor, Damage tokens, frenzy, rest) and the Power Loader (anchor, pilot, a
    second attack pending): present exactly in the missions whose map marks them."""
    raw = f.raw("large_models")
    if not game.has_large:
        if raw is not None:
            raise f.fail("large_models", "must be absent: the mission has no Queen and no Power Loader", raw)
        return
    if raw is None:
        raise f.fail("large_models", "must hold the Queen and the Power Loader of this mission", raw)
    lm = Fields(f.what, raw, "large_models", keys=("queen", "loader"))
    rules = game.large["queen"]

    def anchor(fields: Fields) -> int:
        a = square(fields, "pos")
        if not game.board.stands(a, size=game.size) or set(game.board.footprint(a, game.size)) & game.barricades:
            raise fields.fail("pos", "must be the top-left square of four open squares, none Barricaded", fields.raw("pos"))
        return a

    if lm.raw("queen") is None:
        game.queen = None
    else:
        if game.queen_start == NO:
            raise lm.fail("queen", "must be null: the mission has no Queen", lm.raw("queen"))
        q = Fields(f.what, lm.raw("queen"), "large_models.queen", keys=("pos", "damage", "frenzy", "rest"))
        game.queen = {"pos": anchor(q), "damage": q.int("damage", 0, 99), "frenzy": q.bool("frenzy"), "rest": q.bool("rest")}
        if game.queen["frenzy"] and (not game.bug_hunt or game.queen["rest"]):
            raise q.fail("frenzy", "only in a bug hunt, never while she rests", True)
    if (lm.raw("loader") is None) != (game.loader_start == NO):
        raise lm.fail("loader", "must be the mission's Power Loader (null without one)", lm.raw("loader"))
    if game.loader_start != NO:
        lo = Fields(f.what, lm.raw("loader"), "large_models.loader", keys=("pos", "pilot", "bonus"))
        game.loader = {"pos": anchor(lo), "pilot": lo.index("pilot", "characters", len(game.chars), none=NO),
                       "bonus": lo.bool("bonus")}
        pilot = game.loader["pilot"]
        if pilot != NO and (not game.chars[pilot]["alive"] or game.chars[pilot]["pos"] != game.loader["pos"]):
            raise lo.fail("pilot", "must be a living Character standing on the Loader's top-left square", pilot)
        if game.loader["bonus"] and (pilot == NO or game.active != pilot):
            raise lo.fail("bonus", "a second attack belongs to the active pilot", True)
    if game.queen is not None and game.loader is not None \
            and set(game.queen_squares()) & set(game.loader_squares()):
        raise lm.fail("queen", "and the Power Loader must not overlap")


def _load_vehicle(game, f: Fields, square) -> None:
    """The M577 APC (rear-left square, Damage tokens, spaces of a drive left, the door, who got in
    or out, the Door Gunner's attack, the Blips the Scanner looked at): exactly in its missions."""
    raw = f.raw("apc")
    if not game.has_apc:
        if raw is not None:
            raise f.fail("apc", "must be absent: the game has no APC", raw)
        return
    if (raw is None) != (game.apc_start == NO):
        raise f.fail("apc", "must be the mission's APC (null without one)", raw)
    if raw is None:
        game.apc = None
        return
    v = Fields(f.what, raw, "apc", keys=("pos", "damage", "moves", "door_open", "traffic", "fired", "scanned"))
    rules = game.apc_rules
    most = rules["wrecked"] if game.m["objective"] == "drive" else rules["damage_tokens"]  # A46, A50
    game.apc = {"pos": square(v, "pos"), "damage": v.int("damage", 0, most),
                "moves": v.int("moves", 0, rules["drive_pass"]), "door_open": v.bool("door_open"),
                "traffic": v.bool("traffic"), "fired": v.bool("fired"),
                "scanned": v.ints("scanned", 0, game.max_blips - 1, max_length=game.max_blips)}
    squares = game.vehicle_squares()
    if not squares or not all(game.passable[s] for s in squares) or set(squares) & game.barricades:
        raise v.fail("pos", "must be the rear-left square of 3 x 7 open squares, none Barricaded", v.raw("pos"))
    if len(set(game.apc["scanned"])) != len(game.apc["scanned"]) \
            or any(game.blips[k] is None for k in game.apc["scanned"]):
        raise v.fail("scanned", "must list Blips on the board, once each", game.apc["scanned"])
    if game.apc["moves"] and not any(game.active == c and game.seat_of(c) == "driver" for c in range(len(game.chars))):
        raise v.fail("moves", "must be 0 unless the active Character is the Driver", game.apc["moves"])


def _settled(game) -> dict:
    state = game.to_dict()
    for key in ("decision", "events"):
        state.pop(key)
    return state


class Positions(Observation):
    """The position saved (``to_dict``; ``load`` above reads it back), cloned and determinized:
    a rule class of ``GloriousDay``."""

    def to_dict(self) -> dict:
        """The position; the missions past mission 1 add the config's campaign and Fireteam
        choices, each Character's "out", the tokens left and the campaign's progress."""
        rc = lambda s: None if s == NO else list(self.board.rc(s))  # noqa: E731
        out = self._to_dict(rc)
        if self.extended:
            out["config"].update(mission=self.plan[0], campaign=self.campaign, apc_chase=self.apc_chase,
                                 fireteam=None if self.fireteam_option is None else self.fireteam_option[0],
                                 heroes=None if self.fireteam_option is None else self.fireteam_option[1])
            for ch, rec in zip(self.chars, out["characters"]):
                rec["out"] = ch["out"]
            out["tokens"] = [rc(t) for t in self.tokens]
            out["campaign"] = {"stage": self.stage, "killed": list(self.killed), "kills_at_start": self.kills_at_start}
        return out

    def _to_dict(self, rc) -> dict:
        return {
            "game": self.name,
            "config": {"mission": self.mission, "hive_player": self.hive_player},
            "dice": self.dice.to_dict(),
            "turn": self.round, "phase": self.phase, "active": self.active, "end": self.end,
            "characters": [{"name": ch["name"], "hero": ch["hero"], "pos": rc(ch["pos"]), "alive": ch["alive"],
                            "knocked": ch["knocked"], "activated": ch["activated"], "aim": ch["aim"],
                            "actions": ch["actions"], "hazards": list(ch["hazards"])} for ch in self.chars],
            "aliens": [None if a is None else {"pos": rc(a["pos"]), "count": a["count"]} for a in self.aliens],
            "blips": [None if bl is None else {"pos": rc(bl["pos"]), "value": bl["value"]} for bl in self.blips],
            "blip_pool": list(self.blip_pool),
            "barricades": [rc(s) for s in sorted(self.barricades)],
            "endurance": {"deck": list(self.deck), "hand": list(self.hand), "exhausted": list(self.exhausted),
                          "discard": list(self.discard)},
            "tracker": {"deck": list(self.tracker), "discard": list(self.tracker_discard)},
            "hive": {"willpower": self.willpower, "deck": list(self.hm_deck), "hand": list(self.hm_hand),
                     "discard": list(self.hm_discard), "nature": self.nature, "hazards": list(self.hive_hazards),
                     "reaction_round": self.reaction_round, "queen_moved": self.queen_moved},
            "newt": rc(self.newt), "newt_carrier": self.newt_carrier,
            "work": [dict(w) for w in self.work],
            "decision": None if self.decision is None else {"kind": self.decision.kind, "options": list(self.decision.options)},
            "stats": dict(self.stats), "events": list(self.events),
            **({"large_models": {"queen": None if self.queen is None else dict(self.queen, pos=rc(self.queen["pos"])),
                                 "loader": None if self.loader is None else dict(self.loader, pos=rc(self.loader["pos"]))}}
               if self.has_large else {}),
            **({"apc": None if self.apc is None else dict(self.apc, pos=rc(self.apc["pos"]), scanned=list(self.apc["scanned"]))}
               if self.has_apc else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> "GloriousDay":
        return load(cls, data)

    def determinize(self, side: str, rng) -> "GloriousDay":
        """A clone in which what `side` cannot know is re-dealt with `rng` (for search). Hidden
        from both: the order of the Endurance, Hivemind, Hive Hazard decks and the Blip pool,
        and of the Motion Tracker deck below its top card. Hidden from the marines only (Hive
        Knowledge): the values of the Blips on the board but those the APC's Scanner looked at
        (dealt again from those values and the pool), the Hive's hand (dealt again from hand and Hivemind deck, same size) and the top
        Motion Tracker card. Nothing is inferred from play: every consistent deal is equally likely."""
        if side not in ("marines", "hive"):
            raise ValueError(f"unknown side {side!r}; sides are ['marines', 'hive']")
        new = self.clone()
        new._cache = {}
        for pile in (new.deck, new.hm_deck, new.hive_hazards, new.blip_pool):
            rng.shuffle(pile)
        if side == "hive":
            below = new.tracker[:-1]
            rng.shuffle(below)
            new.tracker[:-1] = below
            return new
        rng.shuffle(new.tracker)
        known = set(new.apc["scanned"]) if new.apc is not None else set()  # the Scanner's looks (A45)
        on_board = [bl for k, bl in enumerate(new.blips) if bl is not None and k not in known]
        values = [bl["value"] for bl in on_board] + new.blip_pool
        rng.shuffle(values)
        for bl, value in zip(on_board, values):
            bl["value"] = value
        new.blip_pool = values[len(on_board):]
        cards = new.hm_hand + new.hm_deck
        rng.shuffle(cards)
        size = len(new.hm_hand)
        new.hm_hand, new.hm_deck = cards[:size], cards[size:]
        return new

    def clone(self) -> "GloriousDay":
        new = self._clone_shared()
        new.chars = [dict(ch, hazards=list(ch["hazards"])) for ch in self.chars]
        new.aliens = [None if a is None else dict(a) for a in self.aliens]
        new.blips = [None if bl is None else dict(bl) for bl in self.blips]
        for name in ("blip_pool", "deck", "hand", "exhausted", "discard", "tracker", "tracker_discard",
                     "hive_hazards", "hm_hand", "hm_deck", "hm_discard"):
            setattr(new, name, list(getattr(self, name)))
        new.barricades = set(self.barricades)
        new.work = [dict(w) for w in self.work]
        new.queen = None if self.queen is None else dict(self.queen)
        new.loader = None if self.loader is None else dict(self.loader)
        new.apc = None if self.apc is None else dict(self.apc, scanned=list(self.apc["scanned"]))
        new.tokens, new.killed = list(self.tokens), list(self.killed)
        new._obs_kept = None  # its own, written anew at its first observe (never another game's:
        new._mark_all()       # a kept record names its game by id(), which a later game may reuse)
        return new
