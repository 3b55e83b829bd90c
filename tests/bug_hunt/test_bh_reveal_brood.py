"""What ``explore.reveal`` tells the layout about an existing Brood Chamber (a second one rolled
becomes another room): the game's brood_found, or any laid piece marked a brood chamber, read at
every section laid in random games where the flags are scribbled between moves (a piece marked
while brood_found is still False, as the plain reading must then see)."""
from __future__ import annotations

import random
from collections import Counter

from aliens_env.bug_hunt import BugHunt
from aliens_env.bug_hunt import layout as lay


def test_reveal_passes_the_plain_reading_of_an_existing_brood_chamber(monkeypatch):
    seen: Counter = Counter()
    playing: dict = {}
    resolve_port = lay.resolve_port

    def checked(col, index, dice, rules, brood_exists):
        g = playing.get("game")
        if g is None or g.colony is not col:  # (a game being made: its first reveal, before play)
            return resolve_port(col, index, dice, rules, brood_exists)
        plain = g.brood_found or any(p.get("brood") for p in col.pieces)
        assert bool(brood_exists) == bool(plain), (playing["seed"], index)
        seen[bool(plain), bool(g.brood_found)] += 1
        return resolve_port(col, index, dice, rules, brood_exists)

    monkeypatch.setattr(lay, "resolve_port", checked)  # (reveal reads it from the module at each lay)
    rng = random.Random(7)
    for seed in range(30):
        g = BugHunt(mission="kill_queen" if seed % 2 else "explore")
        playing.update(game=g, seed=seed)
        g.reset(seed)
        steps = 0
        while not g.is_terminal() and steps < 600:
            if rng.random() < 0.5:  # scribble: a piece marked (or not) a brood chamber, brood_found drawn
                piece = rng.choice(g.colony.pieces)
                piece["brood"] = rng.random() < 0.5
                g.brood_found = rng.random() < 0.25
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
    assert seen[True, False] > 3 and seen[False, False] > 3 and seen[True, True] > 3, seen
