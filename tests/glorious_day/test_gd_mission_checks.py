"""The mission's end check, progress and crew count (missions.check, progress, aboard: the objective
a number compared in C, the on-board test ``anyone_on_board``, the count a plain loop) answer as the plain
computations they replace, over random positions of every mission and the same positions pushed
toward each end (nobody on the board, the Endurance cards spent, every token done, kills enough,
Newt's carrier on an exit, the APC wrecked or on an exit)."""
from __future__ import annotations

import pytest

from aliens_env.core.board import NO
from aliens_env.glorious_day import missions
from aliens_env.glorious_day.game import GloriousDay
from gd_helpers import random_positions

MISSIONS = tuple(GloriousDay().data["missions"])


def plain_aboard(g) -> int:
    return sum(1 for c, ch in enumerate(g.chars) if ch["alive"] and g.aboard(c))


def plain_check(g):
    """check as it read with the objective's name compared, nobody on the board read off ``on_board()``."""
    m, objective = g.m, g.m["objective"]
    kills = g.stats["kills"] - g.kills_at_start
    alive = sum(ch["alive"] for ch in g.chars)
    escaped = sum(ch["out"] == "escaped" for ch in g.chars if ch["alive"])
    if objective == "tokens" and all(t == NO for t in g.tokens):
        return "cleared", "every objective token is done"
    if objective == "kills" and kills >= m["need"]:
        return "purged", f"{kills} Aliens Killed"
    if objective == "drive" and g.apc is not None:
        if g.apc["damage"] >= g.apc_rules["wrecked"]:
            return "wrecked", "the APC is wrecked"
        if g.vehicle_set() & g.exits and plain_aboard(g) >= m["need"]:
            return "drove_out", f"the APC gets out with {plain_aboard(g)} aboard"
    if not g.on_board():
        if objective == "escape" and alive:
            return (("escaped", f"{escaped} Characters got out") if escaped >= m["need"]
                    else ("wiped_out", f"only {escaped} Characters got out"))
        return "wiped_out", "every Character is Killed"
    if not g.deck and not g.hand:
        return "exhausted", "the Endurance deck and hand are spent: the squad is overwhelmed"
    if objective == "rescue" and g.newt_carrier != NO and g.chars[g.newt_carrier]["pos"] in g.exits:
        return "rescued", f"{g.chars[g.newt_carrier]['name']} carries Newt out"
    if objective == "survive" and alive < m["need"]:
        return "overrun", f"fewer than {m['need']} Characters are left"
    return None


def plain_progress(g) -> float:
    m, objective = g.m, g.m["objective"]
    if objective == "rescue":
        return float(g.newt_carrier != NO)
    if objective == "escape":
        return min(sum(ch["out"] == "escaped" for ch in g.chars if ch["alive"]) / m["need"], 1.0)
    if objective == "survive":
        return min(g.round / m["rounds"], 1.0)
    if objective == "tokens":
        return sum(t == NO for t in g.tokens) / max(1, len(g.tokens))
    if objective == "drive":
        return min(plain_aboard(g) / m["need"], 1.0)
    if objective in ("airlock", "queen"):
        if g.queen is None:
            return 1.0
        return min(g.queen["damage"] / g.large["queen"]["mortal_wound"], 1.0) if objective == "queen" else 0.0
    return min((g.stats["kills"] - g.kills_at_start) / g.m["need"], 1.0)


def _off_board(g):
    for ch in g.chars:
        ch["pos"] = NO


def _escaped(g):
    for ch in g.chars:
        if ch["alive"]:
            ch["pos"], ch["out"] = NO, "escaped"


def _spent(g):
    g.deck, g.hand = [], []


def _tokens_done(g):
    g.tokens = [NO] * len(g.tokens)


def _kills(g):
    g.stats["kills"] += g.m.get("need", 10)


def _carrier_out(g):
    living = [c for c, ch in enumerate(g.chars) if ch["alive"] and ch["pos"] != NO]
    if living and g.exits:
        g.newt_carrier = living[0]
        g.chars[living[0]]["pos"] = min(g.exits)


def _wrecked(g):
    if g.apc is not None:
        g.apc["damage"] = g.apc_rules["wrecked"]


def _apc_out(g):
    """The living Characters aboard, the APC's squares made exits: its crew drives out."""
    if g.apc is not None:
        inside = sorted(g.vehicle_set())
        for ch in g.chars:
            if ch["alive"] and inside:
                ch["pos"] = inside.pop()
        g.exits = frozenset(g.exits) | g.vehicle_set()


def _dead_aboard(g):
    """The crew aboard but one of them Killed where it stood (a record the count must pass over)."""
    _apc_out(g)
    if g.apc is not None:
        g.chars[0]["alive"] = False


def _killed(g):
    for ch in g.chars[1:]:
        ch["alive"], ch["pos"] = False, NO


PUSHES = (None, _off_board, _escaped, _spent, _tokens_done, _kills, _carrier_out, _wrecked, _apc_out, _dead_aboard, _killed)


@pytest.mark.parametrize("mission", MISSIONS)
def test_check_progress_and_aboard_are_the_plain_computations(mission):
    ends, seen = set(), 0
    for g in random_positions(mission, 120, 3):
        for push in PUSHES:
            x = g.clone()
            if push is not None:
                push(x)
            end = missions.check(x)
            assert end == plain_check(x), (mission, push)
            assert missions.progress(x) == plain_progress(x), (mission, push)
            assert missions.aboard(x) == plain_aboard(x), (mission, push)
            ends.add(end and end[0])
            seen += 1
    assert seen > 500
    # the pushes reach the ends: the shared ones and the objective's own (the Queen's are queen.py's)
    own = {"rescue": "rescued", "escape": "escaped", "survive": "overrun", "tokens": "cleared", "kills": "purged",
           "drive": "drove_out"}.get(g.m["objective"])
    assert {None, "wiped_out", "exhausted", own or None} <= ends
