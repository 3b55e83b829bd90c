"""Scripted Drop Ship marines ("heuristic", assumption D12): fight back In Combat; otherwise fire
at full Aim, aim, draw the pistol, warn Ferro, in that order of preference; a shot at an Alien on
a teammate's card only at full Aim (the +5 penalty), Melee to free him otherwise."""
from __future__ import annotations

import numpy as np


class DropShipMarines:
    name = "heuristic"

    def act(self, game, player: str) -> int:
        lay = game.layout
        legal = {lay.decode(a)[0] for a in np.flatnonzero(game.legal_mask(player))}
        if "fire" in legal and game.crew[game.active].aim >= game.pistol.max_aim:
            return lay.encode("fire")
        fighting = game.alien_on == game.active
        freeing = game.alien_on not in (-1, game.active)
        for kind in ("aim", "draw", "warn") if not fighting else ():
            if kind in legal and not (freeing and kind == "draw" and "melee" in legal and game.crew[game.active].pistol):
                return lay.encode(kind)
        if "melee" in legal and (fighting or freeing):
            return lay.encode("melee")
        return lay.encode("end")
