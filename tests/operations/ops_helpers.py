"""Position builders for the Operations/Air Ducts rule tests.

Squares are (row, col) on the map of aliens_env/operations/data/operations.yaml: Operations is
rows 1-8, columns 1-11 (furniture 'd' at rows 1-3, columns 1-4); the corridor is row 5, columns
12-15 ((5, 15) is the cutting square); the far door (5, 16); the airlock rows 4-6, columns 17-18;
the Gold door (3, 17) and the Let's Eat Burke room rows 1-2, columns 16-20; the duct runs down
column 17 from (7, 17) to the junction J1 (10, 17), west to J2 (10, 11), south to J3 (13, 11)
and the Exit (14, 11)."""
from __future__ import annotations

from aliens_env.operations.game import Operations
from rr_helpers import clear_room, idx, run_until  # noqa: F401  (re-exported)

J1, J2, J3 = (10, 17), (10, 11), (13, 11)
CUT = (5, 15)
EXIT = (14, 11)


def empty_ops(marines: dict | None = None, turn: int = 2, scenario: str = "operations", **options) -> Operations:
    """A game with no Alien in play and only the listed Marines on the map ({name: (r, c)}); the
    others are off the map (status "dead"). Burke, if listed, is in state `burke` (default
    "with_group": a Marine like the others). Left between phases (phase "setup")."""
    g = Operations(scenario=scenario, **options)
    g.burke = "with_group" if "Burke" in (marines or {}) else "gone"
    g.sealed_turn = 1
    g.appear_colours = []
    return clear_room(g, marines, turn)


def sq(g: Operations, rc) -> int:
    return g.board.index(*rc)


def marine(g: Operations, name: str):
    return g.marines[idx(g, name)]


def marines_turn(g: Operations) -> Operations:
    """Start the Marines phase and play it (one-option decisions taken) to the first real choice,
    or to the next turn's Aliens Move."""
    g.decision = None
    g._cache.clear()
    g._start_phase("marines")
    return run_until(g, "aliens_move")


def at_marine(g: Operations, name: str, actions: int | None = None) -> Operations:
    """Open the Marines phase at `name` (its full Actions unless told) and run to its first choice."""
    i = idx(g, name)
    m = g.marines[i]
    g.phase, g.active = "marines", i
    m.actions_left = g.characters[name].actions if actions is None else actions
    m.aim, m.handed_off = 0, False
    g.decision = None
    g._cache.clear()
    g._run()
    return g


def move(g: Operations, direction: str) -> Operations:
    g.apply(g.layout.encode("move", ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].index(direction)))
    return g


def can_move(g: Operations, direction: str) -> bool:
    d = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"].index(direction)
    return g.current_player() == "marines" and bool(g.legal_mask("marines")[g.layout.encode("move", d)])


def can(g: Operations, kind: str, index: int = 0) -> bool:
    return g.current_player() == "marines" and bool(g.legal_mask("marines")[g.layout.encode(kind, index)])
