"""Position builders for the Glorious Day rule tests.

Mission 1 "Newt" (aliens_env/glorious_day/data/missions.yaml), rows 0-11, columns 0-19:

       01234567890123456789
     0 WWWWWWWWWWWWWWWWWWWW
     1 WEE.....W1.....W...W
     2 WMM.....D......D.N.W
     3 WMM.....W......W...W
     4 WWWWDWWWW......WWDWW
     5 W..........WW......W
     6 W3.........WW......W
     7 W......WWWWWW......W
     8 WWWDWWW.....W...2..W
     9 W.......W...D......W
    10 W.4.....W...W......W
    11 WWWWWWWWWWWWWWWWWWWW

The fireteam: 0 Hicks, 1 Vasquez, 2 Hudson, 3 Ripley.
"""
from __future__ import annotations

import random

from aliens_env.core.board import NO
from aliens_env.glorious_day.game import GloriousDay
from aliens_env.glorious_day.tactics import GloriousDayTactics, TacticMarines


def sq(g: GloriousDay, rc) -> int:
    return g.board.index(*rc)


def empty(hive_player: bool = False, chars=None, aliens=(), blips=(), newt=(2, 17), hand=6, **options) -> GloriousDay:
    """A game in round 1 with nothing on the board but what is asked: `chars` {index: (r, c)}
    (the others Killed), Aliens [(r, c)] or [((r, c), count)], Blips [((r, c), value)]; the
    Endurance hand of `hand` cards; nothing run yet (call ``open_``)."""
    g = GloriousDay(hive_player=hive_player, **options)
    g.reset(0)
    chars = {0: (2, 3)} if chars is None else chars
    for c, ch in enumerate(g.chars):
        if c in chars:
            ch.update(pos=sq(g, chars[c]), alive=True, activated=False, knocked=False, hazards=[])
        else:
            ch.update(pos=NO, alive=False, activated=True, knocked=False, hazards=[])
    g.aliens = [None] * len(g.aliens)
    for k, a in enumerate(aliens):
        pos, count = (a, 1) if isinstance(a[0], int) else a
        g.aliens[k] = {"pos": sq(g, pos), "count": count}
    pool = list(g.blip_pool) + [bl["value"] for bl in g.blips if bl is not None]
    g.blips = [None] * len(g.blips)
    for k, (pos, value) in enumerate(blips):
        pool.remove(value)
        g.blips[k] = {"pos": sq(g, pos), "value": value}
    g.blip_pool = pool
    everything = g.deck + g.hand
    g.hand = [c for c in everything if c == "grit"][:hand]
    for c in g.hand:
        everything.remove(c)
    g.deck = everything
    g.newt, g.newt_carrier = (NO, NO) if newt is None else (sq(g, newt), NO)
    g.work, g.decision, g.events, g.active = [], None, [], NO
    g._cache.clear()
    return g


def open_(g: GloriousDay, phase: str = "marine") -> GloriousDay:
    """Run the rules from the start of `phase` to the first decision."""
    g.phase, g.decision = phase, None
    g._cache.clear()
    g._run()
    return g


def act(g: GloriousDay, name: str, index: int = 0) -> None:
    g.apply(g.layout.encode(name, index))


def activate(g: GloriousDay, c: int = 0) -> GloriousDay:
    """Open the Marine Phase and activate Character c."""
    open_(g)
    if g.decision.kind == "activate":
        act(g, "activate", c)
    assert g.active == c and g.decision.kind == "action"
    return g


def stack(g: GloriousDay, attr: str, *top_first: str) -> None:
    """Put cards on top of a deck (the first named is drawn first)."""
    deck = getattr(g, attr)
    for card in top_first:
        deck.remove(card)
    deck.extend(reversed(top_first))


def legal(g: GloriousDay, name: str) -> list[int]:
    """The legal entries of slice `name` for the player to move."""
    mask = g.legal_mask(g.current_player())
    return [i for i in range(g.layout.slices[name][1]) if mask[g.layout.encode(name, i)]]


def random_positions(mission: str, steps: int, seed: int, game_class=GloriousDay):
    """The positions of `steps` turns of random legal play in `mission` (games of `game_class`
    seeded seed, seed + 1, ...; a turn that ends a game starts the next): yields the game at each
    position, the caller checking it then (and leaving it as it found it)."""
    rng, g = random.Random(seed), game_class(mission=mission)
    g.reset(seed)
    for _ in range(steps):
        if g.is_terminal() or g.truncated_by():
            seed += 1
            g.reset(seed)
            continue
        yield g
        g.apply(rng.choice(g.legal_actions()))


def commander_positions(mission: str, steps: int, seed: int = 0):
    """The commander's decisions (a Character's first action) among ``random_positions`` of
    GloriousDayTactics (random tactics, the default hive)."""
    for g in random_positions(mission, steps, seed, GloriousDayTactics):
        if g.current_player() == "marines":
            yield g


def first_action(game, tactic: str) -> int:
    """The primitive action `tactic` plays first at this commander decision (the game left as found)."""
    game._executing = True
    game._cache.clear()
    try:
        return TacticMarines(tactic).act(game, "marines")
    finally:
        game._executing = False
        game._cache.clear()
