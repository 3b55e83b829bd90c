"""Glorious Day in words, a rule class of ``GloriousDay``: an action described for a person and the
text ("ansi") view of the position (the image view is aliens_env/render/glorious_day.py)."""
from __future__ import annotations

from ..core.board import DIRECTION_NAMES, NO
from .state import MAX_ALIENS
from .codec import Positions


class TextViews(Positions):
    """Descriptions of actions and the text view."""

    def _describe(self, name: str, index: int, label: str) -> str:
        b = self.board
        who = self.chars[self.active]["name"] if self.active != NO else ""
        if name == "activate":
            return f"activate {self.chars[index]['name']}"
        if name == "move":
            return f"{who} moves to {b.rc(index)}"
        if name == "attack":
            a = self.aliens[index]
            return f"{who} attacks the Alien at {b.rc(a['pos'])}" if a else label
        if name == "barricade":
            door = b.step(self.chars[self.active]["pos"], index)
            return f"{who} {'removes the Barricade' if door in self.barricades else 'Barricades the door'} at {b.rc(door)}"
        if name in ("aim", "rest", "stand", "end", "interact", "attack_queen", "loader", "airlock", "drive", "apc_step",
                    "apc_stop", "turret", "scan", "repair"):
            return f"{who}: {label}"
        if name == "place":
            return f"the Hive places or moves the model at {b.rc(index)}"
        if name == "target":
            return f"the Hive targets {self.chars[index]['name']}"
        if name == "wp_move":
            m, d = divmod(index, 8)
            return f"Willpower Move of {'Alien' if m < MAX_ALIENS else 'Blip'} slot {m % MAX_ALIENS} {DIRECTION_NAMES[d]}"
        return f"the Hive: {label}"

    def render_text(self, viewer: str | None = None) -> str:
        b = self.board
        grid = [list(row) for row in self.map_rows]
        grid = [["." if ch in "MNTQPV" else "~" if ch == "A" else ch for ch in row] for row in grid]
        for t in self.tokens:
            if t != NO:
                r, c = b.rc(t)
                grid[r][c] = "T"
        for s in self.barricades:
            r, c = b.rc(s)
            grid[r][c] = "X"
        for bl in self.blips:
            if bl is not None:
                r, c = b.rc(bl["pos"])
                grid[r][c] = str(bl["value"]) if viewer != "marines" else "?"
        if self.newt != NO:
            r, c = b.rc(self.newt)
            grid[r][c] = "n"
        for a in self.aliens:
            if a is not None:
                r, c = b.rc(a["pos"])
                grid[r][c] = "A" if a["count"] == 1 else "M"
        for mark, squares in (("Q", self.queen_squares()), ("L", self.loader_squares()), ("=", self.vehicle_squares())):
            for s in squares:
                r, c = b.rc(s)
                grid[r][c] = mark
        for ch in self.chars:
            if ch["pos"] != NO:
                r, c = b.rc(ch["pos"])
                grid[r][c] = ch["name"][0].lower() if ch["knocked"] else ch["name"][0]
        lines = ["".join(row) for row in grid]
        lines.append("legend: letters Characters (lower case Knocked Down), A Alien, M Swarm, n Newt, "
                     "? Blip (digit: its value, hive's view), X Barricade, D door, E exit, W wall"
                     + (f", T {self.m['tokens']} token" if self.tokens else "")
                     + (", Q the Queen, L the Power Loader (its pilot's letter on it), ~ airlock, C its control"
                        if self.has_large else "")
                     + (", = the APC (its crew's letters aboard)" if self.has_apc else ""))
        if self.queen is not None:
            lines.append(f"the Queen: {self.queen['damage']} Damage tokens" + (", frenzy" if self.queen["frenzy"] else ""))
        lines.append(f"round {self.round}/{self.m['rounds']}, phase {self.phase}; Endurance deck {len(self.deck)}, "
                     f"hand {len(self.hand)}, exhausted {len(self.exhausted)}; Willpower {self.willpower}, "
                     f"Nature {self.nature or '-'}")
        if viewer != "marines" and self.hive_player:
            lines.append(f"Hive hand: {', '.join(self.hm_hand) or '-'}; top Motion Tracker: "
                         f"{self.tracker[-1] if self.tracker else '-'}")
        player = self.current_player()
        lines.append("game over: " + self.end if player is None else f"to decide: {player} ({self.decision.kind})")
        lines += [f"  {e}" for e in self.events[-6:]]
        return "\n".join(lines)
