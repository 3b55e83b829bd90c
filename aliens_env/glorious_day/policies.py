"""The built-in players of Another Glorious Day in the Corps.

- ``GloriousDiceAI`` ("dice" hive): the core game's automated Aliens. Every tie of the rules
  (where an Alien or Blip moves or is placed, whom it attacks) is rolled with the game's die;
  as a Hive player it spends no Willpower, plays no card and declines every Reaction.
- ``ScriptedHive`` ("scripted" hive): a Hive player spending Willpower by fixed priorities:
  cards in hivemind.yaml's ``play_order`` while the Willpower stays at the ``reserve`` or above;
  Reorder Deck when the top Motion Tracker card is quiet; Swap Blips to put a valuable Blip
  where an empty one is nearest the squad; Willpower Moves of valuable Blips toward the squad;
  every Reaction it can; ties as the dice AI, but an attack on a Knocked Down Character first.
- ``HeuristicMarines`` ("heuristic" marines): activate whoever has an Alien in sight first; get
  up, shake off a Jam, shoot the nearest Alien (Aim first when a shot is poor and no Alien is
  next to it), Rest when the hand is low, pick Newt up, deal with a token next to it, else head
  for the mission's goal (missions.goal_squares: Newt, then the exit; the exits; the start
  squares; the tokens; the Blips and Aliens). A carried Newt Rests.
"""
from __future__ import annotations

import numpy as np

from ..core.actions import ActionLayout
from ..core.board import NO, UNREACHABLE
from ..core.policy import DicePolicy
from .game import MAX_ALIENS, GloriousDay
from .apc_policy import marines_apc_action
from .large_policies import goal_steps, hive_queen_action, marines_large_action
from .missions import goal_squares
from .state import is_jammed, nearest_square

try:
    import cython
except ImportError:  # a pure-Python install without Cython: the decorators change nothing
    from ..core import pure_cython as cython


class GloriousDiceAI(DicePolicy):
    name = "dice"

    @cython.locals(game=GloriousDay, layout=ActionLayout)  # (compiled: the decision read from the struct, encode a C call)
    def act(self, game: GloriousDay, player: str) -> int:
        kind, layout = game.decision.kind, game.layout
        if kind == "hivemind":
            return layout.encode("end_step")
        if kind == "react":
            return layout.encode("decline")
        return DicePolicy.act(self, game, player)  # (named: super()'s, without building a super object)


class ScriptedHive(GloriousDiceAI):
    name = "scripted"

    def act(self, game: GloriousDay, player: str) -> int:
        kind, layout = game.decision.kind, game.layout
        mask = game.legal_mask_kept(player)  # (read only: no copy)
        script = game.data["hivemind"]["scripted"]
        if kind == "react":
            return layout.encode("react") if mask[layout.encode("react")] else layout.encode("decline")
        if kind == "target":
            options = game.decision.options
            knocked = [c for c in options if c >= 0 and game.chars[c]["knocked"]]  # (not APC_TARGET, -2)
            if knocked:
                return layout.encode("target", knocked[0])
        if kind == "discard":
            hand = game.hm_hand
            order = [c for c in reversed(script["play_order"]) if c in hand] + [c for c in script["keep_cards"] if c in hand]
            card = order[0] if order else hand[0]
            return layout.encode("discard", game.card_names.index(card))
        if kind == "swap_second":  # (its own swap's second Blip; a swap another player began: as the dice AI)
            pair = self._swap_pair(game)
            if pair is not None and mask[layout.encode("swap", pair[1])]:
                return layout.encode("swap", pair[1])
        if kind == "hivemind":
            return self._spend(game, mask)
        return super().act(game, player)

    def _spend(self, game: GloriousDay, mask: np.ndarray) -> int:
        layout, script = game.layout, game.data["hivemind"]["scripted"]
        spare = game.willpower - script["reserve"]
        if game.has_large:
            action = hive_queen_action(game, mask, spare)
            if action is not None:
                return action
        for card in script["play_order"]:
            a = layout.encode("play", game.card_names.index(card))
            if mask[a] and game.cards[card]["cost"] <= spare:
                return a
        costs = game.hive_rules["costs"]
        if mask[layout.encode("wp_reorder")] and costs["reorder_deck"] <= spare and game.tracker[-1] == "quiet":
            return layout.encode("wp_reorder")
        pair = self._swap_pair(game)
        if pair is not None and costs["swap_blips"] <= spare and mask[layout.encode("swap", pair[0])]:
            return layout.encode("swap", pair[0])
        if costs["move"] <= spare:
            field = game.character_field()
            best = None
            for k, bl in enumerate(game.blips):
                if bl is None or bl["value"] == 0:
                    continue
                for d, s in game.wp_move_squares(MAX_ALIENS + k):
                    gain = field[bl["pos"]] - field[s]
                    if gain > 0 and field[s] < UNREACHABLE and (best is None or (bl["value"], gain) > best[0]):
                        best = ((bl["value"], gain), layout.encode("wp_move", (MAX_ALIENS + k) * 8 + d))
            if best is not None:
                return best[1]
        return layout.encode("end_step")

    @staticmethod
    def _swap_pair(game: GloriousDay):
        """(empty Blip nearest the squad, most valuable Blip farther away), or None."""
        field = game.character_field()
        blips = [(field[bl["pos"]], bl["value"], k) for k, bl in enumerate(game.blips) if bl is not None]
        if len(blips) < 2:
            return None
        near = min(blips)
        far = max((b for b in blips if b[0] > near[0]), key=lambda b: b[1], default=None)
        if near[1] == 0 and far is not None and far[1] > 0:
            return near[2], far[2]
        return None


def nearest_target(ranges: list, aliens: list, targets: tuple) -> int:
    """The first of `targets` (Alien slots) at the least range, ``min(targets, key=range)`` (`ranges`:
    ``board.range_row`` of the shooter's square; compiled, the ranges compared in C, no key function made)."""
    nearest, least = None, 0
    for k in targets:
        r = ranges[aliens[k]["pos"]]
        if nearest is None or r < least:
            nearest, least = k, r
    return nearest


def goal_steps_here(game: GloriousDay, c: int):
    """The steps from Character c's goal (``missions.goal_squares``) over the board but the
    Barricades (``large_policies.goal_steps``, kept), None without a goal; kept per position in
    ``_cache`` too (the heuristic marines' Move and the compact move rows ask it at each decision).
    A list shared by its callers: read it only."""
    key = ("goal_steps", c)
    cache = game._cache
    if key in cache:
        return cache[key]
    goal = goal_squares(game, c)
    out = cache[key] = goal_steps(game, goal, game.barricades) if goal else None
    return out


class HeuristicMarines:
    name = "heuristic"

    def crew(self, game: GloriousDay) -> int | None:
        """How many may crew the APC against the Queen (None: the mission's ``crew``, A51)."""
        return None

    @cython.locals(game=GloriousDay, layout=ActionLayout, ch=dict)  # (compiled: the game's queries and encode C calls)
    def act(self, game: GloriousDay, player: str) -> int:
        layout, kind = game.layout, game.decision.kind
        mask = game.script_mask(player)  # (read only: no copy; no target entries read, GloriousDay._compute_script_mask)
        if kind == "activate":
            first = layout.encode("activate", 0)
            ready = [c for c in range(len(game.chars)) if mask[first + c]]
            for c in ready:  # the first with an Alien in sight (the others' targets not worked out)
                if game.attack_targets(c):
                    return layout.encode("activate", c)
            return layout.encode("activate", ready[0])
        c = game.active
        ch = game.chars[c]
        if mask[layout.encode("stand")]:
            return layout.encode("stand")
        if ch["pos"] == NO:  # a carried Newt may only Rest
            return layout.encode("rest")
        if is_jammed(ch) and mask[layout.encode("interact", 0)]:
            return layout.encode("interact", 0)
        crew_first = game.has_apc and game.queen is not None  # the APC against the Queen: the crew first (A51)
        if crew_first:
            action = marines_apc_action(game, mask, self.crew(game))
            if action is not None:
                return action
        if game.has_large:
            action = marines_large_action(game, mask)
            if action is not None:
                return action
        if game.has_apc and not crew_first:  # (asked once: the same position gives the same answer)
            action = marines_apc_action(game, mask, self.crew(game))
            if action is not None:
                return action
        targets = game.attack_targets(c)
        if targets:
            ranges = game.board.range_row(ch["pos"])
            nearest = nearest_target(ranges, game.aliens, targets)
            close = ranges[game.aliens[nearest]["pos"]] <= 1
            dial = ch["aim"] + game.weapon_of(c)["aim_bonus"]
            if dial < 6 and not close and ch["actions"] == 2 and mask[layout.encode("aim")]:
                return layout.encode("aim")
            return layout.encode("attack", nearest)
        if len(game.hand) < 2 and game.exhausted:
            return layout.encode("rest")
        if mask[layout.encode("interact", 1)]:
            return layout.encode("interact", 1)
        if game.extended and game.token_targets(c):
            return layout.encode("token", game.token_targets(c)[0])
        if ch["hazards"] and mask[layout.encode("interact", 0)]:
            return layout.encode("interact", 0)
        dist = goal_steps_here(game, c)  # (kept: the compact move rows read the same search)
        if dist is not None:
            moves = game.move_targets(c)
            if moves:
                best = nearest_square(moves, dist)
                if dist[best] < dist[ch["pos"]]:
                    return layout.encode("move", best)
        if mask[layout.encode("aim")]:
            return layout.encode("aim")
        return layout.encode("end")
