"""Scripted marines for the Rescue of Newt ("heuristic"); the hive is the lairs' dice AI."""
from __future__ import annotations

from ..core.board import NO
from ..reactor_room.heuristic import closest_step, move_actions
from .policies import HuntMarines
from .rescue import RescueOfNewt


class RescueMarines(HuntMarines):
    """The hunt's scripted marines (fight back, rescue the Grabbed, covering fire, grenades) with
    the Rescue of Newt's goals:

    1. never shoot or throw at the Queen's group while it keeps still;
    2. Ripley: the Flame Unit instead of the Pulse Rifle when its number is better;
    3. leave by the Elevator: Newt at once, Ripley once Newt is out, lost, or beside her there;
    4. walk: Ripley to Newt's cocoon, then to the Elevator, waiting while Newt is more than
       ``leash`` squares behind; Newt after Ripley, or to the Elevator when Ripley is gone; never
       into a Room not yet entered when another step gets as close.
    """

    name = "heuristic"

    def __init__(self, leash: int = 2, **kwargs):
        super().__init__(**kwargs)
        self.leash = leash

    def _threat(self, game: RescueOfNewt, a: int, able: list[int] | None = None) -> bool:
        return a not in game.dormant and super()._threat(game, a, able)

    def _grenade(self, game: RescueOfNewt, legal: set[int]) -> int | None:
        action = super()._grenade(game, legal)
        if action is not None and game.targets()[game.layout.decode(action)[1]] in game.dormant:
            return None
        return action

    def _act(self, game: RescueOfNewt, player: str, legal: set[int]) -> int:
        if game.decision.kind != "marine":
            return super()._act(game, player, legal)
        lay = game.layout
        i = game.active
        m = game.marines[i]
        if lay.encode("exit") in legal and self._leave_now(game, i):
            return lay.encode("exit")
        action = super()._act(game, player, legal)
        kind, k = lay.decode(action)
        if kind == "fire" and lay.encode("flame", k) in legal:
            a = game.targets()[k]
            pulse = game._fire_number(i, a)
            flame = game._with_flame(lambda: game._fire_number(i, a))
            if flame is not None and (pulse is None or flame > pulse):
                return lay.encode("flame", k)
        if kind == "fire" and game.targets()[k] in game.dormant:
            return lay.encode("end") if lay.encode("end") in legal else action
        return action

    def _leave_now(self, game: RescueOfNewt, i: int) -> bool:
        m = game.marines[i]
        if m.name == "Newt" or m.carrying != NO:
            return True
        others = [o for j, o in enumerate(game.marines) if j != i]
        return all(o.status != "on_map" or o.pos in game.elevator and game.board.range(o.pos, m.pos) <= 1 for o in others)

    def _step(self, game: RescueOfNewt, m_index: int, legal: set[int]) -> int | None:
        m = game.marines[m_index]
        moves = move_actions(game, legal)
        if not moves:
            return None
        board = game.board
        other = next((o for j, o in enumerate(game.marines) if j != m_index), None)
        with_other = other is not None and other.status == "on_map" and other.carried_by == NO
        home = game.board.field(sorted(game.elevator))
        if m.name == "Ripley" and game.cocooned:
            goal = game.board.field(sorted(n for _, n in board.neighbours[other.pos]))
        elif m.name == "Ripley" and with_other and not other.incapacitated and home[other.pos] > home[m.pos] + self.leash:
            return None  # wait for Newt
        elif m.name == "Ripley" and with_other and other.incapacitated and m.carrying == NO:
            goal = board.field([other.pos])  # pick her up
        elif m.name == "Newt" and with_other and not other.incapacitated and board.range(m.pos, other.pos) > 1 \
                and home[other.pos] >= home[m.pos] - 1:
            goal = board.field([other.pos])
        else:
            goal = home
        unflipped = {sq for r, squares in game.rooms.items() if r not in game.flipped for sq in squares}
        step = closest_step(game, m.pos, goal, moves, barred=unflipped.__contains__)
        return step if step is not None else closest_step(game, m.pos, goal, moves)
