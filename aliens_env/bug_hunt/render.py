"""Text ("ansi") and image ("rgb_array") views of a Bug Hunt position."""
from __future__ import annotations

import numpy as np

from ..core.board import NO
from .colony import DOOR_CLOSED, DOOR_LOCKED, DOOR_OPEN, DOOR_WELDED, FLOOR, UNKNOWN, WALL

CELL_CHARS = {UNKNOWN: " ", FLOOR: ".", WALL: "#", DOOR_OPEN: "/", DOOR_CLOSED: "+", DOOR_WELDED: "X", DOOR_LOCKED: "L"}
ALIEN_CHARS = {"face_hugger": "f", "dog": "d", "alien": "A", "queen": "Q", "chest_burster": "c"}
FEATURE_CHARS = {"egg_cache": {"intact": "o", "hatched": "u", "destroyed": "_"}, "crate_eggs": "=",
                 "burst_human": "%", "impregnated_human": "&", "sentry": {"active": "S", "inactive": "s", "destroyed": "x"},
                 "comms_terminal": {"ready": "T", "used": "t"}}


def _feature_char(f: dict) -> str:
    ch = FEATURE_CHARS[f["kind"]]
    return ch[f["state"]] if isinstance(ch, dict) else ch


def render_text(game) -> str:
    col = game.colony
    grid = [[CELL_CHARS[int(v)] for v in row] for row in col.cells]
    for (r, c) in zip(*np.nonzero(col.hazard)):
        if grid[r][c] == ".":
            grid[r][c] = ":" if col.hazard[r, c] == 1 else ";"
    for (r, c) in zip(*np.nonzero(col.entry)):
        grid[r][c] = "E"
    for f in game.features:
        r, c = f["pos"]
        grid[r][c] = _feature_char(f)
    for a in game.aliens:
        if a.alive and a.attached == -1:
            r, c = game.rc(a.pos)
            grid[r][c] = ALIEN_CHARS[a.kind]
    if game.apc is not None:
        r, c = game.rc(game.apc["pos"])
        grid[r][c] = "V"
    for i, h in enumerate(game.humans):
        if h.status == "active" and not h.in_apc:
            r, c = game.rc(h.pos)
            grid[r][c] = str(i + 1)
    rows = [i for i, row in enumerate(grid) if any(ch != " " for ch in row)]
    colsx = [j for j in range(len(grid[0])) if any(grid[i][j] != " " for i in range(len(grid)))]
    r0, r1 = (min(rows), max(rows)) if rows else (0, 0)
    c0, c1 = (min(colsx), max(colsx)) if colsx else (0, 0)
    lines = [f"{r:>3} " + "".join(grid[r][c0:c1 + 1]) for r in range(r0, r1 + 1)]
    lines.append("legend: 1-8 squad, f Face-Hugger, d dog Alien, A Alien, Q Queen, c Chest-Burster, # wall, "
                 "/ open door, + closed door, X welded, : acid holes, ; debris, o egg cache, u hatched, "
                 "S/s/x sentry on/off/wrecked, % burst human, & impregnated human, = crate, E entry, "
                 "L locked door, T/t comms terminal ready/used, V the APC")
    for i, h in enumerate(game.humans):
        state = h.status + (" hugged" if h.hugger != NO else "") + (" over-watch" if h.overwatch else "") + (
            " in the APC" if h.in_apc else "")
        lead = " (leader)" if h.leader else ""
        team = f" squad {h.squad}" if game.n_squads > 1 else ""
        lines.append(f"  {i + 1} {h.name:<10} {h.role:<9} {h.weapon:<13} AP {h.ap} {state}{lead}{team}")
    player = game.current_player()
    who = "game over: " + str(game.result) if player is None else f"{player} ({game.decision.kind})"
    lines.append(f"turn {game.turn}/{game.turn_limit}, phase {game.phase}, to move: {who}; pool {game.pools}, "
                 f"grenades {game.grenade_pools}, rooms entered {game.rooms_entered}, Aliens {len(game.live_aliens())}")
    if game.apc is not None:
        a = game.apc
        lines.append(f"APC: movement {a['moves']}, {'driven now' if a['driving'] else 'activated' if a['activated'] else 'parked'}"
                     f"{', midi-gun out of ammo' if a['out_of_ammo'] else ''}")
    if game.events:
        lines.append("last: " + "; ".join(game.events[-8:]))
    return "\n".join(lines)


def render_rgb(game):
    """The picture is drawn by aliens_env.render.bug_hunt (cropped to the laid colony)."""
    from ..render.bug_hunt import render

    return render(game)
