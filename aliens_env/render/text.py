"""Text rendering ("ansi"): the board, a legend, whose turn it is and the last events."""
from __future__ import annotations

from ..core.board import NO


def whose_turn(game) -> str:
    """Who decides now in a Reactor Room family game (shared by the text and the picture)."""
    player = game.current_player()
    if player is None:
        cut = game.truncated_by()
        return f"game over ({'cut by ' + cut if cut else 'result for the marines: ' + str(game.outcome()['marines'])})"
    if player == "marines" and game.active != NO:
        m = game.marines[game.active]
        return f"marines: {m.name} ({m.actions_left} Actions, Aim {m.aim})"
    return f"{player}: {game.decision.kind}"


def marine_state(game, m) -> str:
    """Marine ``m``'s condition in words: status, wounds, grabs, carrying."""
    state = [m.status.replace("_", " ")]
    if m.wounded:
        state.append("wounded")
    if m.incapacitated:
        state.append("incapacitated")
    if m.alien != NO:
        state.append(f"{game.aliens[m.alien].attack.replace('_', ' ')} by Alien {m.alien}")
    if m.carrying != NO:
        state.append(f"carrying {game.marines[m.carrying].name}")
    if m.carried_by != NO:
        state.append(f"carried by {game.marines[m.carried_by].name}")
    return ", ".join(state)


def render_reactor_room(game) -> str:
    b = game.board
    grid = [list(row.replace("d", ":")) for row in b.rows_text]
    for i, m in enumerate(game.marines):
        if m.status == "on_map" and m.carried_by == NO:
            r, c = b.rc(m.pos)
            grid[r][c] = "x" if m.incapacitated else str(i + 1)
    for a, al in enumerate(game.aliens):
        if al.in_play:
            r, c = b.rc(al.pos)
            grid[r][c] = "@" if al.card != NO else "z" if al.stunned else "A"
    lines = ["    " + "".join(str(c % 10) for c in range(b.width))]
    lines += [f"{r:>3} " + "".join(row) for r, row in enumerate(grid)]
    lines.append("legend: 1-9 Marines (order), x Incapacitated, A Alien, z Stunned Alien, "
                 "@ Alien on a Marine's card, # obstruction, S Stairwell, E Exit")
    for i, m in enumerate(game.marines):
        weapon = game.characters[m.name].weapon
        lines.append(f"  {i + 1} {m.name:<12} {weapon:<12} {marine_state(game, m)}")
    limit = "" if game.turn_limit is None else f"/{game.turn_limit}"
    lines.append(f"turn {game.turn}{limit}, phase {game.phase}, to move: {whose_turn(game)}")
    lines.append(f"out {game.stats['exited']}, dead {game.stats['dead']}, Aliens killed {game.stats['aliens_killed']}")
    if game.events:
        lines.append("last: " + "; ".join(game.events[-8:]))
    return "\n".join(lines)
