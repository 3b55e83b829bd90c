"""Alien Menace as a card table ("rgb_array"): the Alien's side at the top, the Marine's at the
bottom (Life Points, tokens, hand), and between them the room being fought in, the rooms on
offer, the cards in play with the Strengths, the token supply and the last events. With a
``viewer`` the other side's hand shows as card backs (its size only), as the rules let it see."""
from __future__ import annotations

import numpy as np

from ..alien_menace.cards import KIND_NAMES
from .draw import DIM, INK, LINE, Canvas, legend
from .image import fit

WIDTH = 780
CARD_W, CARD_H = 124, 40
MARINE, ALIEN, ROOM = (40, 90, 170), (150, 30, 30), (120, 95, 30)
BACK, TOKEN, LIFE, LOST = (70, 30, 70), (230, 200, 60), (60, 190, 60), (60, 60, 60)
PANEL = (30, 30, 40)
LEGEND = [(MARINE, "Marine card"), (ALIEN, "Alien card"), (ROOM, "room"), (BACK, "hidden card"),
          (TOKEN, "token"), (LIFE, "Life Point"), (DIM, "cancelled")]


def card(c: Canvas, x: int, y: int, colour, top: str, bottom: str, w: int = CARD_W) -> None:
    c.box(x, y, w, CARD_H, colour)
    c.outline(x, y, w, CARD_H, (220, 220, 220))
    c.text(x + 4, y + 4, top, INK, max_width=w - 8)
    c.text(x + 4, y + 4 + LINE, bottom, INK, max_width=w - 8)


def card_lines(cd) -> tuple[str, str]:
    kind = KIND_NAMES[cd.kind]
    return cd.name, f"{kind} {cd.strength}" if cd.kind in ("weapon", "creature") else kind


def pips(c: Canvas, x: int, y: int, n: int, colour, total: int | None = None) -> int:
    """``n`` coloured squares (then ``total - n`` dim ones); returns the x after them."""
    for i in range(total if total is not None else n):
        c.box(x, y + 2, 10, 10, colour if i < n else LOST)
        x += 13
    return x


def hand(c: Canvas, game, side: str, y: int, hidden: bool) -> None:
    colour = MARINE if side == "marines" else ALIEN
    x = 8
    if hidden:
        for _ in range(min(sum(game.hand[side]), 12)):
            card(c, x, y, BACK, " ?", "", w=32)
            x += 36
        return
    for cd in game.side_cards[side]:
        count = game.hand[side][cd.local]
        if not count:
            continue
        if x + CARD_W > WIDTH:
            c.text(x, y + 12, "...")
            break
        top, bottom = card_lines(cd)
        card(c, x, y, colour, top, bottom + (f" x{count}" if count > 1 else ""))
        x += CARD_W + 4


def render(game, viewer: str | None = None) -> np.ndarray:
    height = LINE * 2 + 2 * (LINE + CARD_H + 12) + 3 * (CARD_H + 12) + LINE * 6
    c = Canvas(WIDTH, height)
    player = game.current_player()
    c.text(4, 2, fit(f"Alien Menace  turn {game.turn}  stage {game.stage}", WIDTH - 8))
    who = f"game over: {game.winner} wins ({game.end_reason})" if player is None else f"to move: {player}"
    c.text(4, 2 + LINE, fit(who, WIDTH - 8))
    y = 2 * LINE + 4
    # the Alien's side
    c.box(0, y, WIDTH, LINE + CARD_H + 10, PANEL)
    x = c.text(8, y + 2, f"Alien: hand {sum(game.hand['hive'])}  tokens {game.tokens['hive']} ")
    pips(c, x, y + 2, game.tokens["hive"], TOKEN)
    hand(c, game, "hive", y + LINE + 4, hidden=viewer is not None and viewer != "hive")
    y += LINE + CARD_H + 16
    # the middle of the table: the room, the rooms on offer, the cards in play
    if game.room >= 0:
        room = game.rooms[game.room]
        card(c, 8, y, ROOM, f"room: {room.name}", f"size {game.room_size()}", w=180)
    else:
        card(c, 8, y, PANEL, "no room yet", f"{len(game.room_deck)} rooms left", w=180)
    x = 200
    for r in game.revealed:
        room = game.rooms[r]
        card(c, x, y, ROOM, room.name, f"size {room.size}", w=CARD_W)
        x += CARD_W + 4
    y += CARD_H + 8
    active = game._active() if game.play else []
    x = 8
    for j, (cid, bout, _) in enumerate(game.play):
        if x + CARD_W > WIDTH:
            c.text(x, y + 12, "...")
            break
        cd = game.cards[cid]
        top, bottom = card_lines(cd)
        colour = (MARINE if cd.side == "marines" else ALIEN) if active[j] else DIM
        card(c, x, y, colour, top, bottom if active[j] else "cancelled")
        x += CARD_W + 4
    if not game.play:
        c.text(8, y + 12, "no cards in play", DIM)
    y += CARD_H + 8
    m, s = game.strengths()
    fight = f"Strength: Marine {m} vs Creature {s}   " if game.in_combat else ""
    x = c.text(8, y, f"{fight}supply {game.supply} tokens ")
    pips(c, x, y, min(game.supply, 30), TOKEN)
    c.text(8, y + LINE, fit(f"rooms left {len(game.room_deck)}  Creatures played {game.creatures_played}  "
                            f"tokens in play {game.tokens_in_play}", WIDTH - 16), DIM)
    y += 2 * LINE + CARD_H - 2 * LINE + 8
    # the Marine's side
    c.box(0, y, WIDTH, LINE + CARD_H + 10, PANEL)
    x = c.text(8, y + 2, "Marine: LP ")
    x = pips(c, x, y + 2, game.lp, LIFE, game.rules["life_points"])
    x = c.text(x + 8, y + 2, f"hand {sum(game.hand['marines'])}  tokens {game.tokens['marines']} ")
    pips(c, x, y + 2, game.tokens["marines"], TOKEN)
    hand(c, game, "marines", y + LINE + 4, hidden=viewer is not None and viewer != "marines")
    y += LINE + CARD_H + 16
    for line in game.log[-3:]:
        c.text(8, y, fit(line, WIDTH - 16), DIM)
        y += LINE
    legend(c, 4, height - 2 * LINE, LEGEND, WIDTH - 8)
    return c.img
