"""Scripted marines for Marine Assault ("heuristic"); the hive is the lairs' dice AI."""
from __future__ import annotations

from ..core.board import NO
from ..reactor_room.heuristic import closest_step, move_actions
from .assault import MarineAssault
from .policies import HuntMarines


class AssaultMarines(HuntMarines):
    """The hunt's scripted marines (fight back, rescue the Grabbed, covering fire, grenades) with
    Marine Assault's goals, in this order:

    1. free a cocooned Marine beside it (a whole activation), or hand an unarmed one a weapon
       while the squad is not yet leaving;
    2. leave by the Elevator when the squad is leaving (no one left in a cocoon, or the countdown
       at ``leave_at`` or below), or when it is a rescued Marine or carries someone;
    3. fight as the hunt's marines (not going after the Queen);
    4. walk: a rescued Marine, one carrying, or the squad leaving, to the Elevator; the others to
       the nearest cocooned Marine (the whole squad together, nearest cocoon first); never into a
       Room not yet entered while another step gets closer (its card may hold the Queen).
    """

    name = "heuristic"

    def __init__(self, leave_at: int = 24, guards: tuple[str, ...] = ("Gorman", "Bishop", "Burke"), **kwargs):
        super().__init__(**kwargs)
        self.leave_at = leave_at
        self.guards = guards

    def leaving(self, game: MarineAssault) -> bool:
        count = game.countdown()
        return not (game.cocooned or game.freed) or (count is not None and count <= self.leave_at)

    def _act(self, game: MarineAssault, player: str, legal: set[int]) -> int:
        if game.decision.kind != "marine":
            return super()._act(game, player, legal)
        lay = game.layout
        i = game.active
        m = game.marines[i]
        leaving = self.leaving(game)
        for j in game.rescue_options(i):
            if j in game.cocooned or not leaving:
                return lay.encode("rescue", j)
        captured = m.name in game.hunt["cocooned"]
        if lay.encode("exit") in legal and (leaving or captured or m.carrying != NO):
            return lay.encode("exit")
        return super()._act(game, player, legal)

    def _step(self, game: MarineAssault, m_index: int, legal: set[int]) -> int | None:
        m = game.marines[m_index]
        moves = move_actions(game, legal)
        if not moves:
            return None
        board = game.board
        home = m.carrying != NO or m.name in game.hunt["cocooned"] or self.leaving(game) or m.name in self.guards
        if home or not game.cocooned:
            goal = game.board.field(sorted(game.elevator))
        else:
            closed = {game.marines[j].pos for j in game.cocooned + game.freed}
            beside = sorted({n for j in game.cocooned for _, n in board.neighbours[game.marines[j].pos] if n not in closed})
            goal = game.board.field(beside)
        if m.carrying == NO and m.name != "Newt":
            wounded = [o.pos for j, o in enumerate(game.marines) if o.status == "on_map" and o.incapacitated
                       and o.carried_by == NO and o.alien == NO and board.range(o.pos, m.pos) <= 1
                       and j not in game.cocooned + game.freed]
            if wounded:
                goal = board.field(wounded)
        unflipped = {sq for r, squares in game.rooms.items() if r not in game.flipped for sq in squares}
        step = closest_step(game, m.pos, goal, moves, barred=unflipped.__contains__)
        return step if step is not None else closest_step(game, m.pos, goal, moves)
