"""A scripted Bug Master for the hive (policy "bug_master"; ASSUMPTION A71): the choices the
rulebook leaves the hive, made by rule of thumb instead of by the dice; the activation roll and
what comes stay the dice's (also with the option bug_master_picks). As the marines it plays as
"dice" does (random legal actions).

- attack: the figure whose loss hurts the squad most (data/bug_master.yaml `attack_value`);
- step: among the steps that close on the nearest human (all the rules allow, B2), the first of
  the cheapest rulebook path for the rest of its AP: each square entered costs the marines on
  over-watch that could fire at it, the square where the move ends the squad figures that could
  shoot it there (nothing beside a human); ties to the step beside the most humans, then the
  lowest direction; where no step closes in, close an open door beside it (A65) rather than stop;
- order: an Alien that can reach a human this move first, the strongest (close-combat dice)
  first, then the lowest index;
- approach ("same direction"): the side whose nearest square out of view is nearest the squad.
"""
from __future__ import annotations

from functools import lru_cache

from . import combat, geometry, xeno
from .colony import DOOR_CLOSED
from .data_files import read_yaml
from .policies import BugHuntDiceAI


@lru_cache(maxsize=None)
def settings() -> dict:
    return read_yaml("bug_master.yaml")


def attack_value(game, j: int) -> int:
    """What taking figure j out of the fight is worth to the hive (A71)."""
    v, h = settings()["attack_value"], game.humans[j]
    value = v["weapon"].get(h.weapon, 0)
    if h.leader and not game.pools_lost[h.squad]:
        value += v["leader"]
    if not h.dreadnaught and h.role != "power_loader":
        value += v["weak_in_close_combat"]
    return value


def overwatch_exposure(game, square: int) -> int:
    """How many marines on over-watch could fire at an Alien on `square` (combat.can_overwatch's rule)."""
    return sum(1 for h in game.humans if h.overwatch and combat.could_fire_at(game, h, square))


class BugMasterHeuristic(BugHuntDiceAI):
    name = "bug_master"

    def act(self, game, player: str) -> int:
        if player != "hive":
            return super().act(game, player)
        d, s = game.decision, game._slot
        if d.kind == "attack":
            return s["attack"] + max(d.options, key=lambda j: (attack_value(game, j), -j))
        if d.kind == "step":
            return self.step(game)
        if d.kind == "order":
            return s["order"] + self.first_mover(game, d.options)
        if d.kind == "approach":
            return s["approach"] + self.approach(game, d.options)
        return game.dice_ai_action()

    def step(self, game) -> int:
        s = game._slot
        steps = xeno.rulebook_steps(game, game.mover)
        if not steps:
            _, _, closes = game.hive_choices(game.mover)
            if closes:
                return s["close_door"] + closes[0]
            return s["stop"]
        return s["step"] + self.path_step(game, steps, game.alien_steps(game.mover))

    def first_mover(self, game, options) -> int:
        """An Alien that can reach a human this move first, then the most close-combat dice, then the lowest index."""
        cc = game.rules["cc_dice"]

        def reach(i):
            a = game.aliens[i]
            f = game.target_field(a.kind == "face_hugger")
            return int(f[a.pos]) <= a.ap
        return min(options, key=lambda i: (not reach(i), -cc[game.aliens[i].kind], i))

    def approach(self, game, options) -> int:
        """The side whose nearest square out of view is nearest the squad (ties to the lowest)."""
        cand = geometry.placement_candidates(game)
        return min(options, key=lambda d: (min(x[0] for x in cand[d]), d))

    def path_step(self, game, steps, moves) -> int:
        """The first step of the rulebook path (every step closing in) that costs least: each
        square entered counts the marines on over-watch that could fire at it, and the square
        where the move ends the marines that could shoot it there, unless it ends beside a human.
        Searched on a clone of the position (the search moves the Alien about; the game played is
        only read), with the distance field to the humans as it stands (doors met end the search)."""
        i = game.mover
        sim = game.clone()
        xeno.rulebook_steps(sim, i)  # its field made from the position as it is, before any move
        a = sim.aliens[i]
        pos, ap = a.pos, a.ap
        memo: dict = {}

        def end_cost(sq):
            return 0 if combat.humans_beside(sim, sq) else shooters(sim, sq)

        def search(sq, left):
            key = (sq, left)
            if key not in memo:
                a.pos, a.ap = sq, left
                options = xeno.rulebook_steps(sim, i)
                here = sim.alien_steps(i)
                best = end_cost(sq)
                if options:
                    best = min(end_cost(sq) if sim.cell(here[d][0]) == DOOR_CLOSED
                               else overwatch_exposure(sim, here[d][0]) + search(here[d][0], left - here[d][1])
                               for d in options)
                memo[key] = best
            return memo[key]

        def score(dd):
            n, cost = moves[dd]
            if sim.cell(n) == DOOR_CLOSED:
                return (end_cost(pos), 0, dd)
            return (overwatch_exposure(sim, n) + search(n, ap - cost), -len(combat.humans_beside(sim, n)), dd)
        return min(steps, key=score)


def shooters(game, square: int) -> int:
    """How many squad figures (out of the APC) could shoot at an Alien on `square`."""
    return sum(1 for h in game.humans if not h.in_apc and combat.could_fire_at(game, h, square))
