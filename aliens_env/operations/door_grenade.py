"""The Closing Notes' grenade at Burke's door (option ``door_grenade``, off by default; the
rulebook calls it "explicitly not tournament-legal"): "a well-placed grenade down the corridor can
force Burke's door open early, at the cost of injuring whoever's caught in the blast".

A23 (docs/rules/operations.md): a Marine with a loaded Grenade Launcher who sees the corridor
square at the foot of the sealed far door (``cut_square``, where the torches cut) may fire at it (``blast_door``,
one Action and, under Ammunition Restrictions, one launcher box), once Burke has sealed the door
and while it stays sealed (not in Gorman's Last Stand); the grenade blows there (the one blast
every ruleset shares, ``_blast``: the Grenade Table on everyone that square sees), then a d10 of
``door_grenade.opens_max`` or less forces the door open at once, whatever the torches or the
Aliens' clock have done so far.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Operations


def rules(game: "Operations") -> dict:
    return game.data["door_grenade"]


def square(game: "Operations") -> int:
    """The blast square: the corridor square at the foot of the sealed door, where the torches cut."""
    return game.board.index(*game.data["cut_square"])


def can_blast_door(game: "Operations", i: int) -> bool:
    """Marine i may fire the grenade at Burke's door now (A23)."""
    if not game.options["door_grenade"] or game.far_door_open or game.burke == "bolting":
        return False
    if game.scenario == "gormans_last_stand":
        return False  # the room is held, not left (as the torches: A9)
    m = game.marines[i]
    if m.actions_left < 1 or game.characters[m.name].weapon not in game.data["grenade_launcher"]:
        return False
    target = square(game)
    return m.pos != target and game._launcher_loaded(i) and bool(game.board.los_list(m.pos)[target])


def blast_door(game: "Operations", i: int) -> None:
    """The grenade lands at the foot of the far door: the blast, then the roll to force it."""
    game._grenade(i, square(game))  # (the launcher's shot: one Action, a box, the shared blast)
    roll = game.dice.d10()
    if roll <= rules(game)["opens_max"]:
        game.events.append(f"the door roll {roll}: the blast forces Burke's door")
        game._open_door("far", "blown open by a grenade")
    else:
        game.events.append(f"the door roll {roll}: Burke's door holds")
